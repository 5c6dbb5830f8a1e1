"""The agency's background mail, every message derived from a record of its truth (see
`arcadia.world.agency.comms`): job orders, submissions, placements, client calls and account
reviews, and the weekly numbers, timesheet reminders, job-board alerts and newsletters around
them; then each copy's state (unread, flagged, filed by client or in "Bullhorn").

What goes to a client never carries a candidate's pay or personal contact details, nor
another client's name (handbook rules 2.1-2.3).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime, time, timedelta

from arcadia.world.agency.directory import (
    BULLHORN,
    JOB_BOARDS,
    MAIL_PREFIX,
    NEWSLETTERS,
    candidate_address,
    contact_address,
    dollars,
    user_address,
)
from arcadia.world.agency.model import (
    Agency,
    Appointment,
    Candidate,
    CorporateUser,
    JobOrder,
    JobSubmission,
)
from arcadia.world.comms import EmailAddress, Mail, MailAttachment, MailFolderTruth, MailKind

_PASS_REASONS = ("we went with a candidate with more hands-on experience",
                 "the profile is a little senior for the budget we have",
                 "we need someone who can start sooner", "the team preferred another profile",
                 "the skills are not quite the match we need")


@dataclass
class _Draft:
    key: str
    sent_at: datetime
    sender: EmailAddress
    to: tuple[EmailAddress, ...]
    subject: str
    body: str
    kind: MailKind
    thread: str
    cc: tuple[EmailAddress, ...] = ()
    reply_to: str | None = None
    attachments: tuple[MailAttachment, ...] = ()
    importance: str = "normal"


@dataclass
class _Mailer:
    agency: Agency
    rng: random.Random
    now: datetime
    drafts: list[_Draft] = field(default_factory=list)
    sent: dict[str, datetime] = field(default_factory=dict)  # key -> when

    def __post_init__(self) -> None:
        ag = self.agency
        self.users = {u.id: u for u in ag.users}
        self.clients = {c.id: c for c in ag.clients}
        self.contacts = {c.id: c for c in ag.contacts}
        self.candidates = {c.id: c for c in ag.candidates}
        self.orders = {o.id: o for o in ag.job_orders}
        self.start = datetime.combine(ag.window_start or self.now.date(), time())

    def send(self, key: str, at: datetime, sender: EmailAddress,
             to: tuple[EmailAddress, ...], subject: str, body: str, kind: MailKind, *,
             thread: str | None = None, reply_to: str | None = None,
             cc: tuple[EmailAddress, ...] = (), attachments: tuple[MailAttachment, ...] = (),
             importance: str = "normal") -> str | None:
        """Queue a message (None when it falls outside the window or answers nothing); a
        reply goes out after what it answers."""
        if reply_to is not None:
            parent = self.sent.get(reply_to)
            if parent is None:
                return None
            if at <= parent:
                at = self.later(parent, 15, 180)
        if at > self.now or at < self.start:
            return None
        self.sent[key] = at
        self.drafts.append(_Draft(key, at, sender, to, subject, body, kind, thread or key, cc,
                                  reply_to, attachments, importance))
        return key

    def later(self, at: datetime, low_min: int, high_min: int) -> datetime:
        """A moment `low_min`..`high_min` minutes after `at`, moved into working hours
        (08:00-17:59 on a weekday, the hours the agency's truth keeps)."""
        moment = at + timedelta(minutes=self.rng.randint(low_min, high_min))
        if moment.hour >= 18:
            moment = datetime.combine(moment.date() + timedelta(days=1),
                                      time(8, self.rng.randrange(60)))
        elif moment.hour < 8:
            moment = datetime.combine(moment.date(), time(8, self.rng.randrange(60)))
        while moment.weekday() >= 5:
            moment += timedelta(days=1)
        return moment

    def sig(self, u: CorporateUser) -> str:
        # No phone number: the staff's and the candidates' numbers share one pool, so a
        # signature could carry a candidate's mobile to a client (handbook rule 2.2).
        title = "Account Manager" if u.role == "account_manager" else "Recruiter"
        return f"{u.first_name} {u.last_name}\n{title}, {self.agency.name}\n{self.agency.domain}"


def _skills(o: JobOrder) -> str:
    return ", ".join(o.must_have_skills)


def _job_orders(m: _Mailer) -> None:
    for o in m.agency.job_orders:
        client, contact = m.clients[o.corporation_id], m.contacts[o.contact_id]
        am, rec = m.users[client.owner_id], m.users[o.owner_id]
        ca, aa, ra = contact_address(contact), user_address(am), user_address(rec)
        line = client.rate_line(o.job_family)
        family = o.job_family.replace("_", " ")
        asked = m.later(o.date_added, -240, -30)
        subject = f"New requirement: {o.title}"
        nice = f" Nice to have: {', '.join(o.nice_to_have_skills)}." \
            if o.nice_to_have_skills else ""
        budget = (f" It sits in the {family} line of our rate card "
                  f"({dollars(line.bill_rate_low)}-{dollars(line.bill_rate_high)}/hr)."
                  if line else "")
        first = m.send(f"jo{o.id}:ask", asked, ca, (aa,), subject,
                       f"Hi {am.first_name},\n\nWe have a new {o.employment_type.lower()} "
                       f"opening: {o.title} ({o.seniority}), {o.num_openings} position"
                       f"{'s' if o.num_openings > 1 else ''}, starting "
                       f"{o.start_date:%B %-d}. Must-haves: {_skills(o)}.{nice}{budget}\n\n"
                       f"Thanks,\n{contact.first_name} {contact.last_name}\n"
                       f"{contact.occupation}, {client.name}", "client", thread=f"jo{o.id}")
        m.send(f"jo{o.id}:ack", m.later(asked, 20, 150), aa, (ca,), f"RE: {subject}",
               f"Hi {contact.first_name},\n\nThank you, we're on it. {rec.first_name} "
               f"{rec.last_name} will lead the search (job order {o.id}); expect the first "
               f"profiles within the week.\n\nBest,\n{m.sig(am)}", "client",
               thread=f"jo{o.id}", reply_to=first, cc=(ra,))
        m.send(f"jo{o.id}:brief", m.later(o.date_added, 5, 60), aa, (ra,),
               f"JO {o.id}: {o.title} for {client.name}",
               f"{rec.first_name},\n\n{client.name} opened {o.title} ({o.num_openings} "
               f"opening{'s' if o.num_openings > 1 else ''}, {o.employment_type}). Pay rate "
               f"{dollars(o.pay_rate)}/hr, bill {dollars(o.client_bill_rate)}/hr "
               f"({o.markup_bp / 100:.1f}% markup). Submit at most {o.submission_limit}. "
               f"Must-haves: {_skills(o)}.\n\n{am.first_name}", "colleague")
        m.send(f"jo{o.id}:bh", m.later(o.date_added, 1, 3), BULLHORN, (ra,),
               f"Job Order {o.id} has been assigned to you",
               f"Job Order {o.id} ({o.title}, {client.name}) was assigned to you by "
               f"{am.first_name} {am.last_name}.\nStatus: Accepting Candidates.\nOpenings: "
               f"{o.num_openings}.", "notification")
        if m.rng.random() < 0.35:
            q = m.send(f"jo{o.id}:rate", m.later(o.date_added, 60 * 24, 60 * 24 * 6), ca,
                       (aa,), f"Rate question: {o.title}",
                       f"Hi {am.first_name},\n\nBefore we go further on {o.title}: what bill "
                       f"rate should we plan for, and does it include overtime?\n\n"
                       f"{contact.first_name}", "client", thread=f"jo{o.id}:rate")
            m.send(f"jo{o.id}:rate:re", m.later(o.date_added, 60 * 24 * 6 + 60,
                                                60 * 24 * 8), aa, (ca,),
                   f"RE: Rate question: {o.title}",
                   f"Hi {contact.first_name},\n\nWe quoted {dollars(o.client_bill_rate)}/hr "
                   f"for {o.title}, within the {family} line of your rate card; overtime "
                   f"bills at 1.5x.\n\nBest,\n{m.sig(am)}", "client",
                   thread=f"jo{o.id}:rate", reply_to=q)


def _appointment_index(ag: Agency) -> dict[tuple[int, int], Appointment]:
    return {(a.candidate_id, a.job_order_id): a for a in ag.appointments
            if a.type == "Interview" and a.candidate_id is not None
            and a.job_order_id is not None}


def _safe_rate(s: JobSubmission, c: Candidate) -> str:
    """The bill rate as a client may read it, unless it equals one of the candidate's pay
    figures (then a client could not tell it from a disclosure)."""
    if s.bill_rate in (c.current_pay, c.expected_pay_low, c.expected_pay_high):
        return ""
    return f" Bill rate {dollars(s.bill_rate)}/hr."


def _submissions(m: _Mailer) -> None:
    ag = m.agency
    interviews = _appointment_index(ag)
    notes = {(n.action, n.person_id, n.job_order_id): n for n in ag.notes}
    asked: set[int] = set()
    consents = {(c.candidate_id, c.corporation_id): c for c in ag.consents}
    for s in ag.submissions:
        o, c = m.orders[s.job_order_id], m.candidates[s.candidate_id]
        client, contact = m.clients[o.corporation_id], m.contacts[o.contact_id]
        rec, am = m.users[s.sending_user_id], m.users[client.owner_id]
        ca, ra, da, aa = (contact_address(contact), user_address(rec), candidate_address(c),
                          user_address(am))
        name = f"{c.first_name} {c.last_name}"
        consent = consents.get((c.id, client.id))
        if consent is not None and consent.id not in asked:
            asked.add(consent.id)
            day = datetime.combine(consent.granted_on, time(9))
            req = m.send(f"rtr{consent.id}", m.later(day, 0, 120), ra, (da,),
                         f"Opportunity: {o.title} with {client.name}",
                         f"Hi {c.first_name},\n\nI'd like to represent you for a {o.title} "
                         f"role at {client.name} ({o.employment_type.lower()}); it pays "
                         f"{dollars(o.pay_rate)}/hr. May I submit your profile to "
                         f"{client.name}? A reply to this mail is enough.\n\n{m.sig(rec)}",
                         "candidate", thread=f"rtr{consent.id}")
            m.send(f"rtr{consent.id}:yes", m.later(day, 150, 400), da, (ra,),
                   f"RE: Opportunity: {o.title} with {client.name}",
                   f"Hi {rec.first_name},\n\nYes, you have my permission to represent me to "
                   f"{client.name}. I'm looking for {dollars(c.expected_pay_low)}-"
                   f"{dollars(c.expected_pay_high)}/hr.\n\n{c.first_name}", "candidate",
                   thread=f"rtr{consent.id}", reply_to=req)
        subject = f"Submittal: {name} for {o.title} (JO {o.id})"
        resume = MailAttachment(f"{c.first_name}_{c.last_name}_Resume.pdf",
                                "application/pdf", 60_000 + m.rng.randrange(140_000))
        sent = m.send(f"sub{s.id}", s.date_added, ra, (ca,), subject,
                      f"Hi {contact.first_name},\n\nPlease find {name} for your {o.title} "
                      f"role: {c.seniority} {c.job_family.replace('_', ' ')} with "
                      f"{_skills(o)}.{_safe_rate(s, c)} Resume attached; available to "
                      f"interview this week.\n\n{m.sig(rec)}", "client", thread=f"sub{s.id}",
                      cc=(aa,), attachments=(resume,))
        m.send(f"sub{s.id}:bh", m.later(s.date_added, 1, 2), BULLHORN, (aa,),
               f"New submission: {name} to Job Order {o.id}",
               f"JobSubmission {s.id}: {name} was submitted to Job Order {o.id} ({o.title}, "
               f"{client.name}) by {rec.first_name} {rec.last_name}.\nPay rate "
               f"{dollars(s.pay_rate)}/hr, bill rate {dollars(s.bill_rate)}/hr.",
               "notification")
        if sent is None:
            continue
        interview = interviews.get((c.id, o.id))
        if s.status == "Client Rejected":
            at = m.later(s.date_added, 60 * 24 * 2, 60 * 24 * 6)
            no = m.send(f"sub{s.id}:pass", at, ca, (ra,), f"RE: {subject}",
                        f"Hi {rec.first_name},\n\nThanks, but we'll pass on {c.first_name}: "
                        f"{m.rng.choice(_PASS_REASONS)}.\n\n{contact.first_name}", "client",
                        thread=f"sub{s.id}", reply_to=sent)
            if no is not None:
                m.send(f"sub{s.id}:pass:cand", m.later(at, 30, 240), ra, (da,),
                       f"Update on {o.title}",
                       f"Hi {c.first_name},\n\n{client.name} has decided not to move forward "
                       f"for {o.title}. I'll keep you in mind for the next match.\n\n"
                       f"{m.sig(rec)}", "candidate")
        if interview is not None:
            when = f"{interview.begin:%A %B %-d} at {interview.begin:%H:%M} UTC"
            ask = m.send(f"sub{s.id}:int", m.later(interview.begin, -60 * 24 * 4,
                                                   -60 * 24 * 2), ca, (ra,),
                         f"RE: {subject}",
                         f"Hi {rec.first_name},\n\nWe'd like to interview {c.first_name}. "
                         f"Could {interview.begin:%A} work?\n\n{contact.first_name}", "client",
                         thread=f"sub{s.id}", reply_to=sent)
            at = m.later(interview.begin, -60 * 24 * 2, -60 * 12)
            m.send(f"sub{s.id}:int:ok", at, ra, (ca,), f"RE: {subject}",
                   f"Hi {contact.first_name},\n\nConfirmed: {name} will see you {when} "
                   f"({interview.location.lower()}).\n\n{m.sig(rec)}", "client",
                   thread=f"sub{s.id}", reply_to=ask)
            conf = m.send(f"sub{s.id}:int:cand", m.later(at, 5, 60), ra, (da,),
                          f"Interview confirmed: {o.title} at {client.name}",
                          f"Hi {c.first_name},\n\nYou're confirmed with {contact.first_name} "
                          f"{contact.last_name} ({contact.occupation}) {when}. Good luck!\n\n"
                          f"{m.sig(rec)}", "candidate", thread=f"int{s.id}")
            m.send(f"sub{s.id}:int:cand:re", m.later(at, 60, 300), da, (ra,),
                   f"RE: Interview confirmed: {o.title} at {client.name}",
                   f"Thanks {rec.first_name}, I'll be there.\n\n{c.first_name}", "candidate",
                   thread=f"int{s.id}", reply_to=conf)
        offer = notes.get(("Offer", c.id, o.id))
        if offer is not None:
            m.send(f"sub{s.id}:offer", m.later(offer.date_added, -180, -20), ca, (ra, aa),
                   f"Offer: {name}",
                   f"Hi {rec.first_name},\n\nWe'd like to offer {c.first_name} the {o.title} "
                   f"role. Please confirm availability for a {o.start_date:%B %-d} start."
                   f"\n\n{contact.first_name}", "client", thread=f"sub{s.id}:offer")
        if s.status == "Candidate Withdrew":
            at = m.later(s.date_added, 60 * 24 * 2, 60 * 24 * 8)
            w = m.send(f"sub{s.id}:wd", at, da, (ra,), f"Withdrawing from {o.title}",
                       f"Hi {rec.first_name},\n\nI've accepted another offer, so please "
                       f"withdraw me from {o.title}. Thank you for your help.\n\n"
                       f"{c.first_name}", "candidate", thread=f"wd{s.id}")
            if w is not None:
                m.send(f"sub{s.id}:wd:client", m.later(at, 30, 300), ra, (ca,),
                       f"RE: {subject}",
                       f"Hi {contact.first_name},\n\nA quick update: {c.first_name} has "
                       f"withdrawn from the process. I'll send new profiles shortly.\n\n"
                       f"{m.sig(rec)}", "client", thread=f"sub{s.id}", reply_to=sent)


def _placements(m: _Mailer) -> None:
    ag = m.agency
    staff = tuple(user_address(u) for u in ag.users)
    approvers = {r.placement_id: r.approver_id for r in ag.approvals}
    for p in ag.placements:
        o, c = m.orders[p.job_order_id], m.candidates[p.candidate_id]
        client, contact = m.clients[o.corporation_id], m.contacts[o.contact_id]
        rec, am = m.users[o.owner_id], m.users[client.owner_id]
        name = f"{c.first_name} {c.last_name}"
        at = p.date_added
        m.send(f"pl{p.id}:cand", m.later(at, 10, 90), user_address(rec),
               (candidate_address(c),), f"Congratulations: {o.title} at {client.name}",
               f"Hi {c.first_name},\n\nCongratulations! {client.name} confirmed you for "
               f"{o.title} at {dollars(p.pay_rate)}/hr, starting {p.date_begin:%B %-d}. "
               f"Onboarding paperwork follows.\n\n{m.sig(rec)}", "candidate")
        m.send(f"pl{p.id}:client", m.later(at, 30, 240), user_address(am),
               (contact_address(contact),), f"Start confirmed: {name}",
               f"Hi {contact.first_name},\n\n{name} is confirmed for {o.title}, starting "
               f"{p.date_begin:%A %B %-d}. I'll check in after the first week.\n\n"
               f"{m.sig(am)}", "client", cc=(user_address(rec),))
        approver = approvers.get(p.id)
        approval = "" if approver is None else (
            f" Below the markup floor, approved by {m.users[approver].first_name}.")
        team = tuple(a for a in staff if a.address != rec.email.lower())
        m.send(f"pl{p.id}:team", m.later(at, 60, 300), user_address(rec), team,
               f"Placement: {name} at {client.name}",
               f"Team,\n\n{name} placed on {o.title} (JO {o.id}) for {client.name}: pay "
               f"{dollars(p.pay_rate)}/hr, bill {dollars(p.client_bill_rate)}/hr "
               f"({p.markup_bp / 100:.1f}% markup), starting {p.date_begin:%B %-d}."
               f"{approval}\n\n{rec.first_name}", "colleague")
        m.send(f"pl{p.id}:bh", m.later(at, 1, 3), BULLHORN, (user_address(am),),
               f"Placement {p.id} created", f"Placement {p.id}: {name}, Job Order {o.id} "
               f"({client.name}). Status: {p.status}.", "notification")


def _client_calls(m: _Mailer) -> None:
    ag = m.agency
    for n in ag.notes:
        if n.action != "Client Call" or m.rng.random() >= 0.25:
            continue
        contact = m.contacts[n.person_id]
        client, am = m.clients[contact.corporation_id], m.users[n.author_id]
        m.send(f"call{n.id}", m.later(n.date_added, 20, 180), user_address(am),
               (contact_address(contact),), f"Following up on our call - {client.name}",
               f"Hi {contact.first_name},\n\nThanks for the time today. As discussed: "
               f"{n.comments[0].lower()}{n.comments[1:]} Let me know when new roles come "
               f"up.\n\n{m.sig(am)}", "client")
    for a in ag.appointments:
        if a.type != "Client Meeting" or a.contact_id is None:
            continue
        contact = m.contacts[a.contact_id]
        am = m.users[a.owner_id]
        m.send(f"appt{a.id}", m.later(a.begin, -60 * 24 * 5, -60 * 24 * 2), user_address(am),
               (contact_address(contact),), f"Account review on {a.begin:%B %-d}",
               f"Hi {contact.first_name},\n\nLooking forward to our account review on "
               f"{a.begin:%A %B %-d}. I'll bring this quarter's submittal and placement "
               f"summary.\n\n{m.sig(am)}", "client")


def _background(m: _Mailer) -> None:
    ag, rng = m.agency, m.rng
    staff = tuple(user_address(u) for u in ag.users)
    head = ag.users[0]
    team = staff[1:]  # the head's mail to everyone else
    recruiters = [u for u in ag.users if u.role == "recruiter"]
    day = m.start.date()
    week = 0
    while day <= m.now.date():
        if day.weekday() == 0:
            subs = [s for s in ag.submissions
                    if day - timedelta(days=7) <= s.date_added.date() < day]
            placed = [p for p in ag.placements
                      if day - timedelta(days=7) <= p.date_added.date() < day]
            m.send(f"wk{week}", datetime.combine(day, time(8, 5)), user_address(head), team,
                   f"Weekly numbers: week of {day - timedelta(days=7):%B %-d}",
                   f"Team,\n\nLast week: {len(subs)} submittals, {len(placed)} placements. "
                   f"The submittal report for the week is in the Weekly submittal report "
                   f"spreadsheet. Let's keep the pipeline moving.\n\n{head.first_name}",
                   "colleague")
            week += 1
        if day.weekday() == 4:
            m.send(f"ts{day}", datetime.combine(day, time(14, 5)), user_address(head), team,
                   "Reminder: contractor timesheets due today",
                   "Please make sure your placed contractors submit their timesheets by 5pm.",
                   "colleague")
        if day.weekday() < 5:
            for u in recruiters:
                if rng.random() < 0.6:
                    board = rng.choice(JOB_BOARDS)
                    m.send(f"jb{day}:{u.id}", datetime.combine(day, time(rng.randint(7, 16),
                                                                         rng.randrange(60))),
                           board, (user_address(u),),
                           f"{rng.randint(2, 25)} new applicants match your saved searches",
                           f"{board.name}: new profiles match your searches. Sign in to "
                           "review them.", "notification")
            for letter in NEWSLETTERS:
                if rng.random() < 0.5:
                    m.send(f"nl{day}:{letter.address}", datetime.combine(day, time(6, 15)),
                           letter, staff, f"{letter.name}: {day:%B %-d}",
                           "Today's staffing headlines: bill rates, contractor demand and "
                           "hiring outlook.", "notification")
        day += timedelta(days=1)


def _finish(m: _Mailer) -> tuple[list[Mail], list[MailFolderTruth]]:
    ag, rng, domain = m.agency, m.rng, "@" + m.agency.domain.lower()
    folders: list[MailFolderTruth] = []
    client_folder: dict[tuple[int, str], str] = {}  # (owner, client domain) -> folder key
    for u in ag.users:
        if u.role == "account_manager":
            top = f"agy-fld-{u.id}-clients"
            folders.append(MailFolderTruth(top, u.id, "Clients", "inbox"))
            for c in ag.clients:
                if c.owner_id == u.id:
                    key = f"agy-fld-{u.id}-client-{c.id}"
                    folders.append(MailFolderTruth(key, u.id, c.name, top))
                    client_folder[(u.id, c.domain.lower())] = key
        else:
            folders.append(MailFolderTruth(f"agy-fld-{u.id}-bullhorn", u.id, "Bullhorn",
                                           "inbox"))
    keys = {f.key for f in folders}
    owners = {u.email.lower(): u.id for u in ag.users}
    drafts = sorted(m.drafts, key=lambda d: (d.sent_at, d.key))
    ids = {d.key: f"{MAIL_PREFIX}{i:05d}" for i, d in enumerate(drafts, start=1)}
    threads: dict[str, str] = {}
    out = []
    for d in drafts:
        conv = threads.setdefault(d.thread, f"agy-conv-{ids[d.key]}")
        age = (m.now - d.sent_at).days
        inside = [a.address for a in (*d.to, *d.cc) if a.address.endswith(domain)]
        unread = tuple(a for a in inside if rng.random() < (0.6 if age < 4 else 0.03))
        flagged = tuple(a for a in inside if d.kind == "client" and rng.random() < 0.05)
        filed = []
        for a in inside:
            owner = owners.get(a)
            if owner is None or age < 2:
                continue
            by_client = client_folder.get((owner, d.sender.address.rpartition("@")[2]))
            bullhorn = f"agy-fld-{owner}-bullhorn"
            if by_client is not None and rng.random() < 0.7:
                filed.append((a, by_client))
            elif d.sender == BULLHORN and bullhorn in keys and rng.random() < 0.8:
                filed.append((a, bullhorn))
            elif d.kind == "notification" and d.sender != BULLHORN and rng.random() < 0.2:
                filed.append((a, "deleteditems"))
        out.append(Mail(ids[d.key], conv, d.sent_at, d.sender, d.to, d.subject, d.body,
                        d.kind, cc=d.cc, importance=d.importance,  # type: ignore[arg-type]
                        attachments=d.attachments,
                        in_reply_to=ids[d.reply_to] if d.reply_to else None,
                        unread_by=unread, flagged_by=flagged, filed=tuple(filed)))
    return out, folders


def background_mail(agency: Agency, rng: random.Random, now: datetime
                    ) -> tuple[list[Mail], list[MailFolderTruth]]:
    """The agency's mail up to `now` and its users' folders, drawn on `rng`."""
    m = _Mailer(agency, rng, now)
    _job_orders(m)
    _submissions(m)
    _placements(m)
    _client_calls(m)
    _background(m)
    return _finish(m)
