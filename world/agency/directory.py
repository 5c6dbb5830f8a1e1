"""Who the agency's mail and meetings are between: its users', client contacts' and
candidates' addresses, the senders of its notifications (Bullhorn, the job boards, the
newsletters), its two rooms, and the ids and time zone its comms keep."""

from __future__ import annotations

from arcadia.world.agency.model import Agency, Candidate, ClientContact, CorporateUser
from arcadia.world.comms import EmailAddress, Room

# The agency's truth keeps its business hours (08:00-17:59) in naive UTC; so do its
# calendars, booked in UTC.
ZONE = "UTC"
BULLHORN = EmailAddress("Bullhorn", "notifications@bullhorn.example")
JOB_BOARDS = (EmailAddress("LinkedIn Recruiter", "inmail@linkedin.example"),
              EmailAddress("Indeed Employer", "alerts@indeed.example"),
              EmailAddress("Dice", "talent@dice.example"))
NEWSLETTERS = (EmailAddress("Staffing Industry Daily", "news@staffingdaily.example"),
               EmailAddress("ASA Staffing Week", "updates@staffingweek.example"))
MAIL_PREFIX, MEETING_PREFIX = "agy-mail-", "agy-mtg-"


def dollars(cents: int) -> str:
    return f"${cents / 100:,.2f}"


def user_address(u: CorporateUser) -> EmailAddress:
    return EmailAddress(f"{u.first_name} {u.last_name}", u.email.lower())


def contact_address(c: ClientContact) -> EmailAddress:
    return EmailAddress(f"{c.first_name} {c.last_name}", c.email.lower())


def candidate_address(c: Candidate) -> EmailAddress:
    return EmailAddress(f"{c.first_name} {c.last_name}", c.email.lower())


def rooms(agency: Agency) -> list[Room]:
    """The agency's two rooms at its Pittsburgh office."""
    return [Room("room-agy-allegheny", f"allegheny@{agency.domain}", "Allegheny", "LOC-AGY",
                 "Liberty Avenue", 4, 14),
            Room("room-agy-ohio", f"ohio@{agency.domain}", "Ohio", "LOC-AGY",
                 "Liberty Avenue", 4, 6)]
