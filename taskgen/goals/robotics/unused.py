"""Why each write tool of Arcadia Robotics' seven apps that no shipped task calls is left
unused, grouped by what the tools are. A tool takes the first exclusion that covers it
(`arcadia.taskgen.unused`); `taskgen coverage` prints the accounting, and a reason that
covers a tool some shipped task calls is stale.

The world's eight situations decide what is asked: HR records out of step with payroll
(`hr-mismatch`: a raise, a promotion, a transfer or a leaver that payroll never heard
about), a cohort of starters part-way through onboarding (`new-hire-cohort`: accepted
offers, starters missing from the HRIS or payroll, a salary off its offer), planted
procurement anomalies (`spend-anomaly`: a duplicate invoice, one over its order, a split
purchase, a supplier paid outside its contract, an order approved above a limit), and five
bound by a company policy: a finance manager's approvals (`purchase-approvals`), a
manager's week of mail and invitations (`inbox-calendar`), applications in flight
(`hiring-pipeline`), time off (`leave-requests`) and employees' payroll requests
(`payroll-requests`).
"""

from __future__ import annotations

from dataclasses import replace

from arcadia.taskgen.goals.graph_unused import MAIL, USER_TWINS
from arcadia.taskgen.unused import Exclusion, unused, unused_where

__all__ = ["UNUSED"]

_CALENDAR = (
    unused("a person's calendars: each has one, the default ('Calendar'), where a task's "
           "meetings go; no situation asks to add, rename or remove a calendar or change the "
           "default's settings",
           "calendar_update_default_calendar", "calendar_create_calendar",
           "calendar_update_calendar", "calendar_delete_calendar"),
    unused("an event made in a calendar named by its id: for the default calendar, the only "
           "one each person has, the same as calendar_create_event and "
           "calendar_create_calendar_event", "calendar_create_calendars_event"),
    unused("changing or deleting a meeting that exists: a meeting the policy rules out is "
           "called off (calendar_cancel_event, which tells its attendees), and no situation "
           "seeds a meeting to move or to remove without a word",
           "calendar_update_event", "calendar_delete_event"),
)

_HRIS = (
    unused("time off's other writes (policies assigned, history entered by hand, balances "
           "adjusted): leave-requests decides, files and cancels requests, and an approved "
           "request records its own use; no situation seeds a wrong balance or policy",
           "hris_assign_time_off_policies", "hris_assign_time_off_policies_all_types",
           "hris_create_time_off_history", "hris_adjust_time_off_balance"),
    unused("an HRIS employee's own fields: in hr-mismatch the HRIS is the truth payroll is "
           "corrected from, and the cohort's HRIS work is a new starter "
           "(hris_create_employee) and a salary on a compensation row "
           "(hris_update_table_row)", "hris_update_employee"),
    unused("a new jobInfo, compensation or employmentStatus row: the HRIS's history is the "
           "truth hr-mismatch reads, and the cohort's salary fix corrects the starter's "
           "existing compensation row", "hris_create_table_row"),
)

_PAYROLL = (
    unused("the payroll company's set-up (the company, its locations, a department's name): "
           "a team becomes a department of its own (payroll_create_department) and a "
           "transfer moves a person into one payroll has; no situation moves or renames one",
           "payroll_update_company", "payroll_create_location", "payroll_update_location",
           "payroll_update_department"),
    unused("taking people out of a department leaves them in none: a transfer is "
           "payroll_add_department_people, which moves them out of the old one",
           "payroll_remove_department_people"),
    unused("a payroll employee's own fields (names, e-mails, birth date, SSN): no "
           "situation changes them in the HRIS (hr-mismatch changes jobs, pay, departments, "
           "managers, sites and employment), and a starter's e-mails are set when "
           "payroll_create_employee adds them", "payroll_update_employee"),
    unused("an employee's work address: a transfer can move a person to the new manager's "
           "site, which payroll's work address then lags, but a transfer task asks for the "
           "department only (v2's instructions say the rest of a transfer waits for the "
           "compensation review)",
           "payroll_create_work_address", "payroll_update_work_address"),
    unused("editing a home address, the payment method or a bank account in place: a move "
           "is a new home address from its date (Gusto keeps the old one's history), and a "
           "new account takes the whole deposit as it is added",
           "payroll_update_home_address", "payroll_update_payment_method",
           "payroll_update_bank_account"),
    unused("correcting a payroll compensation in place: hr-mismatch's raises are entered in "
           "the HRIS with a later effective date, so the careful fix is a new compensation "
           "from that date (payroll_create_compensation); v1's in-place correction, which "
           "would backdate the raise, is not asked in v2",
           "payroll_update_compensation"),
    unused("changing a contractor: payroll-requests sets one up from a signed SOW, and no "
           "situation seeds a contractor whose record or address is wrong",
           "payroll_update_contractor", "payroll_update_contractor_address"),
    unused("running payroll (an off-cycle run; preparing, calculating, submitting, "
           "cancelling or skipping a run; a gross-up): hr-mismatch corrects the records a "
           "run pays from, and no situation asks for a run itself",
           "payroll_create_off_cycle_payroll", "payroll_update_payroll",
           "payroll_prepare_payroll", "payroll_calculate_payroll", "payroll_submit_payroll",
           "payroll_cancel_payroll", "payroll_skip_payroll", "payroll_calculate_gross_up"),
)

_ATS = (
    unused("recruiting set-up (departments, offices, jobs, their hiring teams, openings and "
           "job posts): the cohort's openings were closed as its offers were accepted, and "
           "no situation asks to change how a job is staffed or advertised",
           "ats_create_department", "ats_update_department", "ats_create_office",
           "ats_update_office", "ats_update_job", "ats_add_hiring_team_members",
           "ats_replace_hiring_team", "ats_remove_hiring_team_member",
           "ats_create_openings", "ats_update_opening", "ats_delete_openings",
           "ats_update_job_post", "ats_update_job_post_status"),
    unused("a candidate's record, files and logged e-mails: the cohort's starters are "
           "candidates already, and the ATS writes a task asks for are a note or a tag on a "
           "starter's profile",
           "ats_create_candidate", "ats_update_candidate", "ats_create_prospect",
           "ats_add_candidate_attachment", "ats_add_email_note",
           "ats_add_application_attachment"),
    unused("an application's other steps (adding, editing, moving to a stage by id, "
           "converting a prospect, hiring): hiring-pipeline's decisions are advances, "
           "rejections, reversals and transfers, a move to the next stage is the advance, "
           "and the cohort's applications are hired already",
           "ats_add_application", "ats_update_application", "ats_move_application",
           "ats_convert_prospect", "ats_hire_application"),
    unused("scheduling an interview: the cohort's interviews are behind them (their offers "
           "are accepted), and no situation has a candidate to interview",
           "ats_create_scheduled_interview", "ats_update_scheduled_interview",
           "ats_delete_scheduled_interview"),
)

_PROCUREMENT = (
    unused("procurement master data (users, suppliers and their addresses, contracts, "
           "payment terms, accounts, budget lines, lookup values): the anomalies are in "
           "invoices and orders, judged against this data; the one change asked is a "
           "supplier's remit-to address (procurement_update_supplier_address)",
           "procurement_create_user", "procurement_update_user",
           "procurement_create_supplier", "procurement_update_supplier",
           "procurement_create_contract", "procurement_update_contract",
           "procurement_create_payment_term", "procurement_update_payment_term",
           "procurement_create_account", "procurement_update_account",
           "procurement_create_budget_line", "procurement_update_budget_line",
           "procurement_adjust_budget_line", "procurement_create_lookup_value",
           "procurement_update_lookup_value", "procurement_create_supplier_address",
           "procurement_patch_supplier_address",
           "procurement_delete_supplier_address",
           "procurement_delete_supplier_remit_to_address"),
    unused("an invoice's other steps (entering, editing, submitting, voiding or abandoning "
           "one; removing, bypassing or restarting approvals; revalidating tolerances): an "
           "anomalous invoice is disputed or decided in its approval, a settled dispute "
           "withdrawn, and no situation seeds an invoice to enter or a chain to cut short",
           "procurement_create_invoice", "procurement_update_invoice",
           "procurement_submit_invoice",
           "procurement_void_invoice", "procurement_abandon_invoice",
           "procurement_remove_approval_invoice", "procurement_bypass_approvals_invoice",
           "procurement_bypass_current_approval_invoice",
           "procurement_restart_approvals_invoice",
           "procurement_revalidate_tolerances_invoice"),
    unused("an order's other steps (raising, editing, issuing, releasing or reopening one): "
           "an order approved above its approver's limit is cancelled, a complete one "
           "closed, and the others are evidence, left as they are",
           "procurement_create_purchase_order", "procurement_update_purchase_order",
           "procurement_patch_purchase_order", "procurement_issue_purchase_order",
           "procurement_issue_without_send_purchase_order",
           "procurement_ignore_window_and_issue_purchase_order",
           "procurement_release_from_buyer_hold_purchase_order",
           "procurement_reopen_purchase_order"),
    unused("correcting, voiding or deleting a receipt: a delivery is received as its "
           "packing slip says (procurement_create_receiving_transaction), and no situation "
           "seeds a receipt that is wrong",
           "procurement_update_receiving_transaction",
           "procurement_patch_receiving_transaction",
           "procurement_void_receiving_transaction",
           "procurement_delete_receiving_transaction"),
    unused("requisitions (raising, editing, deleting, submitting or saving one; changing its "
           "approvers): the split purchase is escalated by mail, and no situation asks to "
           "raise or re-route a requisition",
           "procurement_create_requisition", "procurement_update_requisition",
           "procurement_delete_requisition", "procurement_submit_new_requisition",
           "procurement_submit_requisition", "procurement_save_requisition",
           "procurement_add_requisition_approver",
           "procurement_remove_requisition_approval"),
    unused("holding or editing an approval: the procurement policy's approver approves or "
           "rejects with the reason (procurement_approve_approval, _reject_approval); it has "
           "no rule that puts one on hold",
           "procurement_update_approval", "procurement_hold_approval"),
)

_SHEETS = (
    unused("a spreadsheet's own make-up (creating one; batchUpdate's tabs, formats and "
           "objects; copying a sheet into another): the trackers, logs and registers exist, "
           "and tasks write values into them",
           "sheets_create_spreadsheet", "sheets_batch_update_spreadsheet",
           "sheets_copy_sheet_to"),
    unused("clearing cells: no situation seeds a row or a value that ought to be erased",
           "sheets_clear_values", "sheets_batch_clear_values",
           "sheets_batch_clear_values_by_data_filter"),
    unused("the DataFilter spelling of values:batchUpdate (cells picked by developer "
           "metadata or a grid range instead of an A1 range)",
           "sheets_batch_update_values_by_data_filter"),
)

# inbox-calendar files invoices into a folder it makes and deletes a phishing mail, so of
# the mail exclusions the agency shares, those tools are not Robotics' to explain.
_USED_MAIL = ("mail_create_folder", "mail_create_child_folder", "mail_delete_message")
_MAIL = tuple(e if e.where is not None else replace(e, tools=tuple(
    t for t in e.tools if t not in _USED_MAIL)) for e in MAIL)

UNUSED: tuple[Exclusion, ...] = (
    USER_TWINS, *(e for e in _MAIL if e.where is not None or e.tools), *_CALENDAR, *_HRIS,
    *_PAYROLL, *_ATS, *_PROCUREMENT, *_SHEETS,
    unused_where("deleting a record: no situation seeds one that ought to go (the "
                 "situations' fixes add or correct records; a phishing mail is the one "
                 "deleted)",
                 lambda t: t.method == "DELETE" and t.operation_id not in _USED_MAIL),
)
