"""Mail with the outside: suppliers to buyers and Accounts Payable (invoices, order
acknowledgements, contract renewals quoting the procurement truth), recruiting (Greenhouse's
notices, recruiters and hiring managers, candidates) and external senders (newsletters,
customers)."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from typing import TYPE_CHECKING

from arcadia.world.comms import (
    EmailAddress,
)
from arcadia.world.robotics.comms.draw import (
    GREENHOUSE,
    Draft,
    Draw,
)
from arcadia.world.robotics.comms.topics import (
    CUSTOMER_TOPICS,
    DEPT_NEWSLETTERS,
    NEWSLETTERS,
    PDF,
)

if TYPE_CHECKING:
    pass


def vendor_mail(draw: Draw) -> None:
    rng, proc = draw.rng, draw.world.procurement
    ap = [p for p in draw.team_of("FIN", "Accounts Payable") if p.level != "E1"] \
        or draw.team_of("FIN")
    buyers = [p for p in draw.people if "procurement" in p.roles] or draw.team_of("SCM")
    if not ap or not buyers:
        return
    suppliers = {s.id: s for s in proc.suppliers}
    orders = {o.id: o for o in proc.purchase_orders}
    start = datetime.combine(draw.mail_start, time())
    for invoice in proc.invoices:
        if not start <= invoice.received_at <= draw.now:
            continue
        supplier = suppliers[invoice.supplier_id]
        order = orders[invoice.order_id]
        clerk = ap[supplier.id % len(ap)]
        if clerk.hire_date >= invoice.received_at.date():
            continue
        c = supplier.primary_contact
        contact = EmailAddress(f"{c.name_given} {c.name_family}", c.email.lower())
        at = invoice.received_at - timedelta(minutes=draw.rint(30, 600))
        body = (f"Hello,\n\nPlease find attached invoice {invoice.invoice_number} dated "
                f"{invoice.invoice_date:%B %d, %Y} for purchase order {order.number}, "
                f"amount ${invoice.total:,.2f}.\n\nPayment terms as agreed. Let us know "
                f"if you need anything else.\n\nBest regards,\n{c.name_given} "
                f"{c.name_family}\n{supplier.name}\n{c.phone_work}")
        attach = (draw.attachment(f"Invoice_{invoice.invoice_number}", "pdf", PDF),)
        replies: list[tuple[EmailAddress, str]] = []
        if invoice.status == "disputed":
            replies = [(draw.addr[clerk.id], draw.sign(
                f"Hi {c.name_given},\n\nWe can't approve invoice {invoice.invoice_number} "
                f"as it stands: it doesn't match what we received against "
                f"{order.number}. Could you review and send a corrected invoice or a "
                f"credit note?", clerk)),
                (contact, f"Hi {clerk.first_name},\n\nThanks for flagging. We're looking "
                 f"into it and will come back to you this week.\n\n{c.name_given}")]
        elif rng.random() < 0.3:
            replies = [(draw.addr[clerk.id], draw.sign(
                f"Hi {c.name_given},\n\nReceived, thank you. It's in our approval "
                f"workflow and will be paid per terms.", clerk))]
        draw.thread("vendor", contact, [draw.addr[clerk.id]],
                    f"Invoice {invoice.invoice_number} - {order.number}", body, replies,
                    at, attachments=attach, filed_kind="vendor", gap=(60, 1500))
    for order in proc.purchase_orders:
        if not start <= order.created_at <= draw.now or rng.random() > 0.25:
            continue
        buyer = draw.by_id.get(order.buyer_id)
        if buyer is None or buyer.id not in draw.active_ids:
            continue
        supplier = suppliers[order.supplier_id]
        c = supplier.primary_contact
        contact = EmailAddress(f"{c.name_given} {c.name_family}", c.email.lower())
        at = order.created_at + timedelta(minutes=draw.rint(90, 2000))
        ship = (order.created_at + timedelta(days=draw.rint(5, 21))).date()
        body = (f"Hi {buyer.first_name},\n\nThank you for your order {order.number} "
                f"(${order.total:,.2f}). We confirm receipt and expect to ship on or "
                f"before {ship:%B %d}.\n\nRegards,\n{c.name_given} {c.name_family}\n"
                f"{supplier.name}")
        draw.thread("vendor", contact, [draw.addr[buyer.id]],
                    f"Order acknowledgement {order.number}", body, [], at,
                    filed_kind="vendor")
    horizon = draw.today + timedelta(days=100)
    for s in proc.suppliers:
        for contract in s.contracts:
            if not draw.today < contract.end_date <= horizon:
                continue
            owner = buyers[s.id % len(buyers)]
            c = s.primary_contact
            contact = EmailAddress(f"{c.name_given} {c.name_family}", c.email.lower())
            day = draw.mail_day(owner, last=draw.today - timedelta(days=1))
            if day is None:
                continue
            body = (f"Hi {owner.first_name},\n\nOur agreement {contract.number} "
                    f"({contract.name}) runs until {contract.end_date:%B %d, %Y}. We'd "
                    f"like to start the renewal discussion; are you available for a "
                    f"call in the next two weeks?\n\nKind regards,\n{c.name_given}\n"
                    f"{s.name}")
            reply = [(draw.addr[owner.id], draw.sign(
                f"Hi {c.name_given},\n\nThanks for reaching out. Let's talk next week; "
                f"I'll send an invite. Please include updated pricing.", owner))]
            draw.thread("vendor", contact, [draw.addr[owner.id]],
                        f"Renewal of {contract.number}", body,
                        reply if rng.random() < 0.6 else [],
                        draw.local(owner.location_id, day, 10, draw.rint(0, 59)),
                        filed_kind="vendor", gap=(120, 1500))

def recruiting_mail(draw: Draw) -> None:
    rng, hiring = draw.rng, draw.world.hiring
    jobs = {j.id: j for j in hiring.jobs}
    candidates = {c.id: c for c in hiring.candidates}
    start = datetime.combine(draw.mail_start, time())
    apps = {a.id: a for a in hiring.applications}
    for app in hiring.applications:
        if app.job_id is None or not start <= app.applied_at <= draw.now:
            continue
        job = jobs[app.job_id]
        cand = candidates[app.candidate_id]
        name = f"{cand.first_name} {cand.last_name}"
        for rid in job.team.recruiters[:1]:
            if rid not in draw.active_ids or rng.random() > 0.5:
                continue
            draw.add(Draft(draw.conversation(), app.applied_at + timedelta(minutes=2),
                            GREENHOUSE, (draw.addr[rid],),
                            f"New application: {name} for {job.name}",
                            f"{name} has applied to {job.name} ({job.requisition_id}) "
                            f"in {draw.world.location(job.location_id).name}.\n\nReview "
                            f"the application in Greenhouse.", "notification",
                            filed_kind="recruiting"))
        if app.current_stage_id is None or len(app.history) < 3 or rng.random() > 0.6:
            continue
        recruiter = job.team.recruiters[0] if job.team.recruiters else None
        manager = job.team.hiring_managers[0] if job.team.hiring_managers else None
        if recruiter not in draw.active_ids or manager not in draw.active_ids:
            continue
        assert recruiter is not None and manager is not None
        r, m = draw.by_id[recruiter], draw.by_id[manager]
        at = app.history[1].entered_at + timedelta(hours=draw.rint(1, 20))
        if at > draw.now:
            continue
        resume = next((a.filename for a in cand.attachments if a.type == "resume"),
                      f"{cand.first_name}_{cand.last_name}_Resume.pdf")
        body = (f"Hi {m.first_name},\n\nSharing {name} for {job.name} "
                f"({job.requisition_id}). Currently {cand.title or 'between roles'}"
                f"{' at ' + cand.company if cand.company else ''}. Strong screen: good "
                f"communication and relevant experience. Resume attached; can you review "
                f"and let me know if we should move to a hiring manager interview?")
        replies = [(draw.addr[m.id], draw.sign(
            rng.choice(("Looks promising, let's move forward. I have time Thursday.",
                        "Yes, schedule the interview please.",
                        "Not sure about the experience level, but let's talk to them.")),
            m))]
        draw.thread("recruiting", draw.addr[r.id], [draw.addr[m.id]],
                    f"Candidate for {job.name}: {name}", draw.sign(body, r),
                    replies[:draw.rint(0, 1)], at,
                    attachments=(draw.attachment(resume.rsplit(".", 1)[0], "pdf", PDF),),
                    filed_kind="recruiting")
    for iv in hiring.interviews:
        if not start <= iv.start <= draw.now + timedelta(days=7):
            continue
        app = apps[iv.application_id]
        cand = candidates[app.candidate_id]
        job = jobs[app.job_id] if app.job_id is not None else None
        if job is None:
            continue
        name = f"{cand.first_name} {cand.last_name}"
        if iv.status == "awaiting_feedback":
            for pid in iv.interviewers:
                if pid in draw.active_ids and iv.end + timedelta(hours=20) <= draw.now:
                    draw.add(Draft(draw.conversation(), iv.end + timedelta(hours=20),
                                    GREENHOUSE, (draw.addr[pid],),
                                    f"Reminder: Please submit your scorecard for {name}",
                                    f"Your scorecard for {name}'s {iv.interview} for "
                                    f"{job.name} is overdue. Submit your feedback in "
                                    f"Greenhouse.", "notification",
                                    importance="high", filed_kind="recruiting"))
        coordinator = draw.by_id.get(iv.organizer_id)
        email = next((e.value for e in cand.emails), None)
        sent = iv.start - timedelta(days=draw.rint(2, 5), hours=draw.rint(0, 5))
        if coordinator is None or email is None or coordinator.id not in draw.active_ids \
                or sent > draw.now or sent.date() < draw.mail_start or rng.random() > 0.5:
            continue
        where = "by video call (a Teams link will follow)" if iv.location == "Video call" \
            else f"at our {iv.location}"
        at = iv.start.replace(tzinfo=UTC).astimezone(draw.zones[job.location_id])
        clock = f"{at:%I:%M %p %Z}".lstrip("0")
        panel = [draw.by_id[i] for i in iv.interviewers if i in draw.active_ids]
        who = ", ".join(f"{p.name} ({p.title})" for p in panel) or "the hiring team"
        body = (f"Hi {cand.first_name},\n\nThank you for your interest in the {job.name} "
                f"role. I'm happy to confirm your {iv.interview} on "
                f"{at:%A, %B} {at.day} at {clock}, {where}. You'll meet {who}.\n\n"
                f"Let me know if you have any questions.")
        reply = (EmailAddress(name, email.lower()),
                 f"Hi {coordinator.first_name},\n\nThank you, confirmed. Looking "
                 f"forward to it.\n\n{cand.first_name}")
        draw.thread("recruiting", draw.addr[coordinator.id],
                    [EmailAddress(name, email.lower())], f"Interview confirmation: "
                    f"{job.name} at {draw.world.company_name}",
                    draw.sign(body, coordinator), [reply] if rng.random() < 0.7 else [],
                    sent, filed_kind="recruiting", gap=(30, 900))
    for offer in hiring.offers:
        if offer.status not in ("accepted", "rejected") or offer.resolved_at is None:
            continue
        if not start <= offer.resolved_at <= draw.now:
            continue
        app = apps[offer.application_id]
        cand = candidates[app.candidate_id]
        if app.job_id is None:
            continue
        job = jobs[app.job_id]
        name = f"{cand.first_name} {cand.last_name}"
        verb = "accepted" if offer.status == "accepted" else "declined"
        to = tuple(draw.addr[p] for p in (*job.team.recruiters[:1],
                                          *job.team.hiring_managers[:1])
                   if p in draw.active_ids)
        if to:
            draw.add(Draft(draw.conversation(), offer.resolved_at + timedelta(minutes=3),
                            GREENHOUSE, to, f"{name} has {verb} the offer for {job.name}",
                            f"{name} has {verb} the offer for {job.name} "
                            f"({job.requisition_id}). Start date: "
                            f"{offer.starts_at:%B %d, %Y}.", "notification",
                            filed_kind="recruiting"))

def external_mail(draw: Draw) -> None:
    rng = draw.rng
    for person in draw.people:
        subs = DEPT_NEWSLETTERS.get(person.department_id, ())
        if not subs or rng.random() > 0.5:
            continue
        name, address, subject = NEWSLETTERS[rng.choice(subs)]
        sender = EmailAddress(name, address)
        day = draw.workday(max(draw.mail_start, person.hire_date), draw.today)
        while day is not None and day <= draw.today:
            at = draw.local("LOC-PIT", day, 6, 30)
            if at <= draw.now:
                draw.add(Draft(draw.conversation(), at, sender, (draw.addr[person.id],),
                                f"{subject} - {day:%b %d}",
                                f"{subject}. Top stories this week from {name}. "
                                f"View in browser. Unsubscribe.", "external",
                                filed_kind="newsletter"))
            day += timedelta(days=14)
    for person in draw.people:
        if person.department_id != "SAL" or person.level == "E1":
            continue
        for _ in range(draw.rint(1, 3)):
            day = draw.mail_day(person)
            if day is None:
                continue
            first, last = draw.outsider()
            company = rng.choice(draw.companies)
            domain = "".join(c for c in company.lower().split()[0] if c.isalnum()) + ".com"
            customer = EmailAddress(f"{first} {last}", f"{first.lower()}.{last.lower()}@"
                                                       f"{domain}")
            subject, body, answer = rng.choice(CUSTOMER_TOPICS)
            draw.topic("SAL", day)
            extra = {"t": person.first_name, "n": str(draw.rint(2, 24))}
            draw.thread("external", customer, [draw.addr[person.id]],
                        draw.fill(subject, "SAL", **extra),
                        f"{draw.fill(body, 'SAL', **extra)}\n\n{first} {last}\n{company}",
                        [(draw.addr[person.id],
                          draw.sign(draw.fill(answer, "SAL", **extra), person))]
                        if rng.random() < 0.8 else [],
                        draw.local(person.location_id, day, draw.rint(8, 16)),
                        gap=(20, 300))
