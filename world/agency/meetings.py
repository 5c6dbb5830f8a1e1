"""The agency's calendars: its appointments and screening calls, and its weekly series (the
Monday team meeting, pipeline reviews, 1:1s), booked in UTC like the truth's business
hours."""

from __future__ import annotations

import random
from datetime import date, datetime, time, timedelta

from arcadia.world.agency.directory import ZONE, candidate_address, contact_address, user_address
from arcadia.world.agency.model import Agency, ClientCorporation, CorporateUser
from arcadia.world.comms import Attendee, EmailAddress, Meeting, MeetingKind, Recurrence, Room


def agency_meetings(ag: Agency, rng: random.Random, now: datetime, room_list: list[Room]
                    ) -> list[Meeting]:
    """Every appointment on its owner's calendar, a screening call per screening note, the
    Monday team meeting, a Thursday pipeline review per account manager and weekly 1:1s
    with the managing director."""
    users = {u.id: u for u in ag.users}
    contacts = {c.id: c for c in ag.contacts}
    candidates = {c.id: c for c in ag.candidates}
    orders = {o.id: o for o in ag.job_orders}
    clients: dict[int, ClientCorporation] = {c.id: c for c in ag.clients}
    out: list[Meeting] = []
    for a in ag.appointments:
        owner = user_address(users[a.owner_id])
        people = []
        if a.contact_id is not None:
            people.append(Attendee(contact_address(contacts[a.contact_id]), "required",
                                   "accepted"))
        if a.candidate_id is not None:
            people.append(Attendee(candidate_address(candidates[a.candidate_id]),
                                   "required", "accepted"))
        order = orders.get(a.job_order_id) if a.job_order_id is not None else None
        where = clients[contacts[a.contact_id].corporation_id].name \
            if a.contact_id is not None else ""
        body = (f"Interview for {order.title} (job order {order.id}) at {where}."
                if order is not None else f"Account review with {where}.")
        out.append(Meeting(
            f"agy-appt-{a.id:05d}", a.subject, body, a.begin, a.end, owner, tuple(people),
            "interview" if a.type == "Interview" else "external",
            location=f"{a.location}, {where}" if where else a.location,
            created_at=min(a.begin - timedelta(days=3), now), time_zone=ZONE))
    for n in ag.notes:
        if n.action != "Screening" or n.person_type != "candidate":
            continue
        c = candidates[n.person_id]
        rec = user_address(users[n.author_id])
        begin = n.date_added - timedelta(minutes=30)
        out.append(Meeting(f"agy-scr-{n.id:05d}", f"Screening call: {c.first_name} "
                           f"{c.last_name}", "Phone screen (Microsoft Teams).", begin,
                           n.date_added, rec, (Attendee(candidate_address(c), "required",
                                                        "accepted"),), "external",
                           location="Microsoft Teams Meeting", is_online=True,
                           created_at=begin - timedelta(days=1), time_zone=ZONE))
    start = ag.window_start or now.date()
    end = now.date() + timedelta(weeks=4)
    head = ag.users[0]
    big, small = room_list[0], room_list[1]
    everyone = tuple(Attendee(user_address(u), "required", "accepted")
                     for u in ag.users[1:])
    monday = start + timedelta(days=(7 - start.weekday()) % 7)
    out.append(_series("agy-team", "Monday team meeting", "Pipeline, placements and the "
                       "week ahead.", monday, time(8, 30), 45, head, everyone, big, "monday",
                       end, "team"))
    for am in (u for u in ag.users if u.role == "account_manager"):
        mine = {o.owner_id for o in ag.job_orders if clients[o.corporation_id].owner_id
                == am.id} - {am.id}
        team = tuple(Attendee(user_address(users[i]), "required", "accepted")
                     for i in sorted(mine))
        thursday = start + timedelta(days=(3 - start.weekday()) % 7)
        out.append(_series(f"agy-review-{am.id}", f"Pipeline review: {am.first_name}'s "
                           "accounts", "Open job orders, submittals awaiting feedback, "
                           "interviews this week.", thursday, time(14, 0), 30, am, team,
                           small, "thursday", end, "review"))
    for i, u in enumerate(ag.users[1:]):
        wd = ("tuesday", "wednesday", "friday")[i % 3]
        first = start + timedelta(days=(("monday", "tuesday", "wednesday", "thursday",
                                         "friday").index(wd) - start.weekday()) % 7)
        slot = time(10 + (i // 3) % 6, 30 if rng.random() < 0.5 else 0)
        out.append(_series(f"agy-1on1-{u.id}", f"{head.first_name} / {u.first_name} 1:1",
                           "Weekly check-in.", first, slot, 30, head,
                           (Attendee(user_address(u), "required", "accepted"),), None, wd,
                           end, "one_on_one"))
    return out


def _series(key: str, subject: str, body: str, first: date, at: time, minutes: int,
            organizer: CorporateUser, attendees: tuple[Attendee, ...], room: Room | None,
            weekday_name: str, end: date, kind: MeetingKind) -> Meeting:
    begin = datetime.combine(first, at)
    people = attendees if room is None else (
        *attendees, Attendee(EmailAddress(room.name, room.email), "resource", "accepted"))
    return Meeting(key, subject, body, begin, begin + timedelta(minutes=minutes),
                   user_address(organizer), people, kind,
                   room_id=None if room is None else room.id,
                   location="Microsoft Teams Meeting" if room is None else room.name,
                   is_online=room is None,
                   recurrence=Recurrence("weekly", 1, (weekday_name,), first, end),
                   created_at=begin - timedelta(days=14), time_zone=ZONE)
