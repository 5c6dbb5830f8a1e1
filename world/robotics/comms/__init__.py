"""`generate_comms(world) -> Comms`: Arcadia's mail and calendars, drawn from the world.

Drawn from `random.Random` and `Faker` seeded with `f"{seed}:comms"`, after the people,
hiring and procurement exist and before any situation is applied, so adding it changed no
other world value. Everything derives from the world: who works with whom (teams, managers,
departments), the ATS (applications, interviews, offers), procurement (suppliers, orders,
invoices, approvals, contracts) and the HRIS (time off, anniversaries).

Mail covers the `MAIL_DAYS` days up to `now`: threads inside teams, manager/report mail,
cross-team mail, vendor mail to buyers and Accounts Payable quoting real order and invoice
numbers, recruiting mail between recruiters, hiring managers and candidates, the product
notifications of BambooHR, Gusto, Greenhouse and Coupa, and outside senders. Some copies are
unread or flagged, some people keep custom folders and file mail there.

Calendars cover `MEETING_DAYS` days either side of `now`: weekly 1:1s of every manager with
every report and weekly team meetings (recurring series), the ATS's scheduled interviews
(candidate in the subject, interviewers as attendees, a room at the job's office when on
site), company and department all-hands, reviews, customer and supplier meetings, focus
time; a few responses are tentative or declined and a few meetings cancelled. Rooms are
never double-booked. Only people who work here (not terminated) hold mail or meetings, and
never before their hire date.

`draw.Draw` holds the stream and what is drawn so far; `colleague_mail`, `business_mail` and
`notifications` draw the mail, `meetings` the calendars (with the words of `topics`), and
`generate` runs them in order and gives each copy of a message its state.
"""

from arcadia.world.robotics.comms.generate import generate_comms

__all__ = ["generate_comms"]
