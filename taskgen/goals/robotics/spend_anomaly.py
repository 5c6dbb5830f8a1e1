"""Goal kinds of `spend-anomaly-v1`: each planted anomaly acted on in procurement (Coupa),
and recorded where finance keeps track of it (the exceptions log, the vendor register).

Who acts: the procurement contact to whom AP mailed the odd invoices (disputes, orders),
a finance/procurement editor for the sheets. The instruction names what a colleague would
know (the supplier, the requester); invoice numbers, amounts, dates and row contents are
read from the apps.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from arcadia.grader.task import Step
from arcadia.taskgen.derive import Hints
from arcadia.taskgen.goals import Candidate, SituationGoals, goal
from arcadia.taskgen.goals.mail import mail_hints
from arcadia.taskgen.goals.robotics.common import actor_with
from arcadia.taskgen.walk import Subject, Walker
from arcadia.world import SituationInstance, World
from arcadia.world.robotics.situations.spend_anomaly import procurement_contact

SITUATION = "spend-anomaly-v1"
# Each goal takes a few add-ons that make it a different piece of work: every pair,
# single and the bare goal are walked, so a long list mostly yields near-duplicates.
DISPUTE_DUP = ("reply-ap-mail", "log-exception-spend", "review-meeting-spend")
DISPUTE_OVER = ("archive-ap-mail", "log-exception-spend", "tell-manager-spend")
APPROVER_DUP = ("forward-ap-mail", "flag-ap-mail")
APPROVER_OVER = ("reply-ap-mail", "flag-ap-mail", "review-meeting-spend")
FOLLOW_UP = ("tell-manager-spend", "review-meeting-spend")
VALUES = "/v4/spreadsheets/{spreadsheetId}/values/{range}"


def supplier_subject(name: str) -> Subject:
    return Subject(f"supplier:{name}", "supplier", said={"SupplierName": name})


def _sheet(world: World, kind: str) -> Any:
    return next((s for s in world.sheets.spreadsheets if s.kind == kind), None)


def _row_of(sheet: Any, column: str, value: Any) -> int | None:
    """The 1-based sheet row of the only row whose `column` holds `value`."""
    tab = sheet.tabs[0]
    at = list(tab.rows[0]).index(column)
    hits = [i + 1 for i, r in enumerate(tab.rows) if i and at < len(r) and r[at] == value]
    return hits[0] if len(hits) == 1 else None


def _anomalies(kind: str, roles: tuple[str, ...] = ("procurement",),  # type: ignore[no-untyped-def]
               done: str = "handled"):
    """One candidate per planted anomaly of `kind`; the actor is the procurement contact
    AP writes to when it holds `roles`, else someone who does."""
    def candidates(world: World, inst: SituationInstance) -> Iterator[Candidate]:
        for a, h in zip(inst.anchors, inst.hidden, strict=True):
            if a["kind"] != kind:
                continue
            try:
                actor = procurement_contact(world)
            except ValueError:
                continue
            if not all(r in actor.roles for r in roles):
                actor = actor_with(world, roles, key=a["supplier"])
            slots: dict[str, Any] = {"supplier": a["supplier"], "kind": kind,
                                     "me": actor.name, "today": world.now.date().isoformat(),
                                     "done": done}
            facts = dict(h)
            if "requester" in a:
                slots.update(requester=a["requester"], requester_email=a["requester_email"],
                             requester_first=a["requester"].split()[0])
            ok = _fit(world, kind, facts, slots)
            if ok:
                yield Candidate(kind, a["supplier"], actor, slots,
                                supplier_subject(a["supplier"]), facts=facts)
    return candidates


def _fit(world: World, kind: str, facts: dict[str, Any], slots: dict[str, Any]) -> bool:
    """Whether the world lets the instruction pick the records out unambiguously; adds the
    sheet rows the goal writes to `facts`."""
    proc = world.procurement
    sid = facts["supplier_id"]
    pending = [i for i in proc.invoices if i.supplier_id == sid
               and i.status == "pending_approval"]
    facts["pending_unique"] = len(pending) == 1
    reg = _sheet(world, "vendor_register")
    if reg is not None:
        row = _row_of(reg, "Supplier", slots["supplier"])
        if row is not None:
            facts["register_row"] = row
            facts["register_id"] = slots["register_id"] = reg.id
            facts["register_tab"] = reg.tabs[0].title
    log = _sheet(world, "exceptions_log")
    if log is not None:
        facts["log_id"] = slots["log_id"] = log.id
        facts["log_tab"] = log.tabs[0].title
        facts["log_header"] = list(log.tabs[0].rows[0])
        if kind == "over-limit":
            row = _row_of(log, "Reference", facts.get("order_number"))
            if row is not None:
                facts["log_row"] = row
    if kind in ("duplicate-invoice", "over-po"):
        return bool(facts["pending_unique"])
    return True


async def _by_supplier(w: Walker, c: Candidate) -> dict[str, Any]:
    """A listing filter for the supplier's records. Two equally good ways, chosen by the
    walk's seeded rng (varied tool paths): by the supplier's name, or by its id looked up
    first."""
    if w.rng.random() < 0.5:
        return {"supplier[name]": c.slots["supplier"]}
    sup = await w.run(Step(app="procurement", method="GET", path="/api/suppliers",
                           query={"name": c.slots["supplier"]}))
    return {"supplier[id]": {"$from": str(sup.step.id), "path": "[0].id"}}


async def _invoice(w: Walker, c: Candidate, status: str) -> dict[str, Any]:
    """A binding to the id of the supplier's only invoice in `status`."""
    query = {**await _by_supplier(w, c), "status": status}
    found = await w.run(Step(app="procurement", method="GET", path="/api/invoices",
                             query=query))
    return {"$from": str(found.step.id), "path": "[0].id"}


async def _set_cells(w: Walker, sheet: str, a1: str, row: list[Any]) -> None:
    """Write one row of cells; values.update or values:batchUpdate, chosen by the walk's
    seeded rng (the same cells either way: varied tool paths)."""
    if w.rng.random() < 0.5:
        await w.run(Step(app="sheets", method="PUT", path=VALUES,
                         params={"spreadsheetId": sheet, "range": a1},
                         query={"valueInputOption": "RAW"}, body={"values": [row]}))
        return
    await w.run(Step(app="sheets", method="POST",
                     path="/v4/spreadsheets/{spreadsheetId}/values:batchUpdate",
                     params={"spreadsheetId": sheet},
                     body={"valueInputOption": "RAW",
                           "data": [{"range": a1, "values": [row]}]}))


async def _reason(w: Walker, lookup: str, code: str) -> dict[str, Any]:
    found = await w.run(Step(app="procurement", method="GET", path="/api/lookup_values",
                             query={"lookup[name]": lookup}))
    return {"$from": str(found.step.id), "path": f"[?external-ref-code=='{code}'].name"}


async def _dispute(w: Walker, c: Candidate, hints: Hints, code: str) -> None:
    inv = await _invoice(w, c, "pending_approval")
    reason = await _reason(w, "Dispute Reason", code)
    await w.run(Step(app="procurement", method="PUT", path="/api/invoices/{id}/dispute",
                     params={"id": inv},
                     body={"dispute-reason": {"code": reason}}))
    hints.say["procurement.invoices"] = f"the disputed {c.slots['supplier']} invoice"


@goal("spend-dispute-duplicate-v1", SITUATION,
      "A supplier's invoice booked twice: dispute the copy still waiting for approval.",
      candidates=_anomalies("duplicate-invoice", done="disputed"), addons=DISPUTE_DUP,
      phrasings=(
          "{supplier} billed us twice for the same thing this quarter: one invoice is "
          "already approved and a copy of it is pending approval. Dispute the pending copy "
          "in Coupa with the dispute reason for invoices submitted twice.",
          "AP spotted a duplicate: the {supplier} invoice still pending approval repeats "
          "one we approved earlier this quarter. Please dispute it in procurement, giving "
          "the dispute reason for duplicates.",
          "Can you dispute {supplier}'s pending invoice? It is a second copy of an invoice "
          "we already approved; pick the reason for an invoice sent more than once."))
async def dispute_duplicate(w: Walker, c: Candidate, hints: Hints) -> None:
    await _dispute(w, c, hints, "DUP")


@goal("spend-dispute-over-po-v1", SITUATION,
      "An invoice above what its order has left: dispute it.",
      candidates=_anomalies("over-po", done="disputed"), addons=DISPUTE_OVER, phrasings=(
          "The invoice {supplier} sent that is pending approval comes to more than what is "
          "left on its purchase order. Dispute it in Coupa with the dispute reason for "
          "invoices that go over their order.",
          "Please dispute {supplier}'s pending invoice in procurement: together with what "
          "they already invoiced, it goes over the order. Pick the dispute reason that "
          "says so.",
          "{supplier} over-invoiced their PO. Put a dispute on their invoice that is "
          "waiting for approval, with the reason for invoicing above the order."))
async def dispute_over_po(w: Walker, c: Candidate, hints: Hints) -> None:
    await _dispute(w, c, hints, "OVER-PO")


@goal("spend-log-outside-contract-v1", SITUATION,
      "A supplier paid after its contract lapsed: log it in the finance exceptions log.",
      candidates=_anomalies("outside-contract", ("finance",)), addons=FOLLOW_UP, phrasings=(
          "We paid {supplier} on an invoice dated after their contract had ended. Add a row "
          "to the Finance exceptions log (spreadsheet {log_id}) for it: date {today}, area "
          "Procurement, supplier "
          "{supplier}, the invoice number as reference, the invoice total as amount, "
          "description 'Invoice dated after contract end', owner {me}, status Open, and "
          "leave 'Resolved on' empty.",
          "Please log an exception for {supplier} in the Finance exceptions log "
          "(spreadsheet {log_id}): their "
          "paid invoice is dated after their contract expired. Date {today}, area "
          "Procurement, reference = that invoice's number, amount = its total, description "
          "'Invoice dated after contract end', owner {me}, status Open; nothing under "
          "'Resolved on'."))
async def log_outside_contract(w: Walker, c: Candidate, hints: Hints) -> None:
    inv = await w.run(Step(app="procurement", method="GET", path="/api/invoices",
                           query={**await _by_supplier(w, c), "paid": "true"}))
    iid = str(inv.step.id)
    await _log_row(w, c, hints, [
        c.slots["today"], "Procurement", c.slots["supplier"],
        {"$from": iid, "path": "[0].invoice-number"},
        {"$from": iid, "path": "[0].gross-total"},
        "Invoice dated after contract end", c.slots["me"], "Open"])


async def _log_row(w: Walker, c: Candidate, hints: Hints, row: list[Any]) -> None:
    await w.run(Step(app="sheets", method="POST", path=VALUES + ":append",
                     params={"spreadsheetId": c.facts["log_id"],
                             "range": f"{c.facts['log_tab']}!A:H"},
                     query={"valueInputOption": "RAW"},
                     body={"majorDimension": "ROWS", "values": [row]}))
    hints.say.setdefault("sheets.cells", "the exceptions log row")


@goal("spend-register-contract-end-v1", SITUATION,
      "The vendor register shows a lapsed contract in force: set its end date right.",
      candidates=_anomalies("outside-contract", ("procurement",)), addons=FOLLOW_UP,
      phrasings=(
          "The Vendor register (spreadsheet {register_id}) still shows {supplier}'s "
          "contract as running. Correct the "
          "'Contract end' on {supplier}'s row to the end date of their contract in Coupa "
          "(as YYYY-MM-DD); leave the rest of the row alone.",
          "Our Vendor register (spreadsheet {register_id}) has the wrong contract end for "
          "{supplier}. Please set it to "
          "the end date Coupa has on the contract, written YYYY-MM-DD, and change nothing "
          "else.",
      ))
async def register_contract_end(w: Walker, c: Candidate, hints: Hints) -> None:
    if "register_row" not in c.facts:
        raise LookupError("the supplier has no single row in the vendor register")
    found = await w.run(Step(app="procurement", method="GET", path="/api/contracts",
                             query=await _by_supplier(w, c)))
    rows = await w.run(Step(app="sheets", method="GET", path=VALUES,
                            params={"spreadsheetId": c.facts["register_id"],
                                    "range": c.facts["register_tab"]}))
    del rows
    end = {"$from": str(found.step.id), "path": "[0].end-date",
           "pattern": r"^(\d{4}-\d{2}-\d{2})"}
    n = c.facts["register_row"]
    await _set_cells(w, c.facts["register_id"], f"{c.facts['register_tab']}!G{n}", [end])
    hints.say.setdefault("sheets.cells", f"{c.slots['supplier']}'s contract end")


@goal("spend-cancel-over-limit-v1", SITUATION,
      "An order approved above its approver's limit: cancel it and close its log entry.",
      candidates=_anomalies("over-limit", ("procurement",)), addons=FOLLOW_UP,
      phrasings=(
          "The {supplier} order in the Finance exceptions log (spreadsheet {log_id}; "
          "approved above the "
          "approver's limit) should not go ahead. Cancel that purchase order in Coupa, then "
          "set its log row's Status to Resolved and 'Resolved on' to {today}.",
          "Please cancel the purchase order to {supplier} that was approved over the "
          "approver's limit (it is open in the Finance exceptions log, spreadsheet "
          "{log_id}), and mark that log "
          "entry Resolved, resolved on {today}.",
      ))
async def cancel_over_limit(w: Walker, c: Candidate, hints: Hints) -> None:
    if "log_row" not in c.facts:
        raise LookupError("the order has no single row in the exceptions log")
    n = c.facts["log_row"]
    log = await w.run(Step(app="sheets", method="GET", path=VALUES,
                           params={"spreadsheetId": c.facts["log_id"],
                                   "range": f"{c.facts['log_tab']}!A{n}:I{n}"}))
    po = {"po-number": {"$from": str(log.step.id), "path": "values[0][3]"}}
    orders = await w.run(Step(app="procurement", method="GET", path="/api/purchase_orders",
                              query={**await _by_supplier(w, c), **po}))
    await w.run(Step(app="procurement", method="PUT", path="/api/purchase_orders/{id}/cancel",
                     params={"id": {"$from": str(orders.step.id), "path": "[0].id"}}))
    await _set_cells(w, c.facts["log_id"], f"{c.facts['log_tab']}!H{n}:I{n}",
                     ["Resolved", c.slots["today"]])
    hints.say["procurement.purchase_orders"] = f"the cancelled {c.slots['supplier']} order"
    hints.say.setdefault("sheets.cells", "the exceptions log entry")


@goal("spend-split-escalate-v1", SITUATION,
      "A purchase split under the approval limit: tell the next approver up, by mail.",
      candidates=_anomalies("split-purchase", ("procurement",)), addons=FOLLOW_UP, phrasings=(
          "{requester} ({requester_email}) raised three requisitions with {supplier} within "
          "days of each other, each just under their manager's approval limit. Email "
          "{requester_first}'s manager's manager (per the HRIS) with the subject 'Split "
          "purchase: {supplier}', listing the numbers of the three purchase orders.",
          "Looks like {requester} ({requester_email}) split a {supplier} purchase into "
          "three requisitions to stay under the limit. Send a mail titled 'Split purchase: "
          "{supplier}' to the person {requester_first}'s manager reports to (HRIS), naming "
          "the three resulting PO numbers.",
      ))
async def split_escalate(w: Walker, c: Candidate, hints: Hints) -> None:
    person = Subject(f"person:{c.slots['requester_email']}", "person",
                     said={"Email": c.slots["requester_email"],
                           "PersonName": c.slots["requester"]})
    emp = await w.need(person, "EmployeeId")
    domain = w.ambient.said["CompanyDomain"]
    hris = "/api/gateway.php/{domain}/v1/employees/{id}"
    sup = await w.run(Step(app="hris", method="GET", path=hris,
                           params={"domain": domain, "id": emp},
                           query={"fields": "supervisorEId"}))
    boss = await w.run(Step(app="hris", method="GET", path=hris,
                            params={"domain": domain,
                                    "id": {"$from": str(sup.step.id), "path": "supervisorEId"}},
                            query={"fields": "supervisorEmail"}))
    to = {"$from": str(boss.step.id), "path": "supervisorEmail"}
    orders = await w.run(Step(app="procurement", method="GET", path="/api/purchase_orders",
                              query={**await _by_supplier(w, c),
                                     "requester[email]": c.slots["requester_email"]}))
    numbers = [str(w.read_value({"$from": str(orders.step.id), "path": f"[{i}].po-number"}))
               for i in range(3)]
    await w.run(Step(app="mail", method="POST", path="/v1.0/me/sendMail", body={
        "message": {"subject": f"Split purchase: {c.slots['supplier']}",
                    "body": {"contentType": "Text",
                             "content": f"{c.slots['requester']} raised three requisitions "
                                        f"with {c.slots['supplier']}: "
                                        + ", ".join(numbers) + "."},
                    "toRecipients": [{"emailAddress": {"address": to}}]},
        "saveToSentItems": True}))
    mail_hints(hints, str(w.read_value(to)), numbers)




_APPROVER_PHRASINGS = (
    "Before {supplier}'s invoice that is pending approval goes any further, add yourself "
    "as an extra approver on it in Coupa, right after the current approver.",
    "Please put yourself on the approval chain of the {supplier} invoice that is waiting "
    "for approval (as an added approver after the current one), so it can't be approved "
    "without you.",
)


async def _add_me(w: Walker, c: Candidate, hints: Hints) -> None:
    inv = await _invoice(w, c, "pending_approval")
    me = await w.run(Step(app="procurement", method="GET", path="/api/users",
                          query={"login": c.actor.email}))
    await w.run(Step(app="procurement", method="PUT", path="/api/invoices/{id}/add_approver",
                     params={"id": inv},
                     body={"approver-id": {"$from": str(me.step.id), "path": "[0].id"}}))
    hints.say["procurement.approvals"] = f"the added approval on {c.slots['supplier']}'s invoice"


@goal("spend-approver-duplicate-v1", SITUATION,
      "A suspected duplicate invoice: the buyer adds themself to its approval chain.",
      candidates=_anomalies("duplicate-invoice", done="routed for an extra approval"),
      addons=APPROVER_DUP, phrasings=_APPROVER_PHRASINGS)
async def approver_duplicate(w: Walker, c: Candidate, hints: Hints) -> None:
    await _add_me(w, c, hints)


@goal("spend-approver-over-po-v1", SITUATION,
      "An invoice over its order: the buyer adds themself to its approval chain.",
      candidates=_anomalies("over-po", done="routed for an extra approval"), addons=APPROVER_OVER,
      phrasings=_APPROVER_PHRASINGS)
async def approver_over_po(w: Walker, c: Candidate, hints: Hints) -> None:
    await _add_me(w, c, hints)


TASKS = SituationGoals(SITUATION, (
    dispute_duplicate, dispute_over_po, log_outside_contract, register_contract_end,
    cancel_over_limit, split_escalate, approver_duplicate, approver_over_po),
    apps=("calendar", "hris", "mail", "procurement", "sheets"))
