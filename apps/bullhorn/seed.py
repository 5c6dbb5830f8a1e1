"""World truth (`world.agency`) -> the Bullhorn tables.

Every record keeps the truth's id. A candidate's right-to-represent consents become Notes
(action `Right To Represent`, about the candidate, naming the client and the validity),
as agencies on Bullhorn record them; their ids follow the truth's notes. An account
manager's approval of a placement below the markup floor becomes a Note by that account
manager (action `Rate Approval`, about the candidate, on the job order, linked to the
placement), with ids after the consents'.

Skills are the world's skill names (every candidate's and job order's), sorted, numbered
from 1: a candidate's `primarySkills` are its skills, a job order's `skills` its
must-haves. A job order's address is its client's (Bullhorn copies the hiring company's);
every record's `dateLastModified` starts as its `dateAdded`. Categories are the job
families (a candidate's `category` and `categories`, a job order's `publishedCategory` and
`categories`, a skill's `categories`: the families whose candidates or job orders have
it), business sectors the clients' industries (a job order's and a contact's
`businessSectors`: their client's), departments the staff roles (a user's
`primaryDepartment` and `departments`). Of the documented fields
without a column (`field_value`), a client's `businessSectorList` is its industry and a
job order's `salaryUnit` is `Per Hour` (the agency's rates are hourly).
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date, datetime, time
from typing import Any

from sqlmodel import Session

from arcadia.apps.bullhorn import models as m
from arcadia.apps.kernel import json_text
from arcadia.apps.kernel.bulk import insert_rows
from arcadia.world import World
from arcadia.world.agency import model as a
from arcadia.world.agency.handbook import APPROVAL_ACTION, CONSENT_ACTION

COUNTRY_IDS = {"US": 1}
ROLE_TITLES = {"recruiter": "Recruiter", "account_manager": "Account Manager"}
ROLE_DEPARTMENTS = {"account_manager": "Account Management", "recruiter": "Recruiting"}


# A row to write: its model and the values given (the others are the model's defaults).
Row = tuple[type[m.BullhornModel], dict[str, Any]]


def _r(model: type[m.BullhornModel], **values: Any) -> Row:
    return model, values


def _day(d: date) -> datetime:
    return datetime.combine(d, time())


def _address(addr: a.Address) -> dict[str, object]:
    return {"address1": addr.address1, "address2": None, "city": addr.city,
            "state": addr.state, "zip": addr.zip,
            "country_id": COUNTRY_IDS.get(addr.country_code, 1)}


def consent_comment(consent: a.Consent, client: a.ClientCorporation) -> str:
    return (f"Right to represent granted for ClientCorporation {client.id} ({client.name}) "
            f"on {consent.granted_on.isoformat()}; valid until "
            f"{consent.expires_on.isoformat()}.")


def approval_comment(approval: a.RateApproval, job: a.JobOrder, floor_bp: int) -> str:
    return (f"Below-floor rates approved for Candidate {approval.candidate_id} on JobOrder "
            f"{job.id} ({job.title}): pay ${approval.pay_rate / 100:.2f}, bill "
            f"${approval.bill_rate / 100:.2f} per hour (markup "
            f"{a.markup_bp(approval.pay_rate, approval.bill_rate)} bp against the {floor_bp} bp "
            "floor).")


def seed(world: World, session: Session) -> None:
    agency = world.agency
    rows: list[Row] = []
    clients = {c.id: c for c in agency.clients}
    families = {f: i for i, f in enumerate(sorted(
        {k.job_family for k in agency.candidates} | {j.job_family for j in agency.job_orders}),
        start=1)}
    sectors = {s: i for i, s in enumerate(sorted({c.industry for c in agency.clients}),
                                          start=1)}
    departments = {r: i for i, r in enumerate(ROLE_DEPARTMENTS, start=1)}
    rows += [_r(m.Category, id=i, name=f) for f, i in families.items()]
    rows += [_r(m.BusinessSector, id=i, name=s) for s, i in sectors.items()]
    rows += [_r(m.CorporationDepartment, id=i, name=ROLE_DEPARTMENTS[r])
             for r, i in departments.items()]
    for u in agency.users:
        rows.append(_r(m.CorporateUser, id=u.id, first_name=u.first_name, last_name=u.last_name,
                                    name=f"{u.first_name} {u.last_name}", email=u.email,
                                    username=u.email.split("@")[0],
                                    occupation=ROLE_TITLES[u.role],
                                    company_name=agency.name or None,
                                    primary_department_id=departments[u.role],
                                    user_date_added=u.date_added,
                                    date_last_modified=u.date_added))
    for c in agency.clients:
        rows.append(_r(m.ClientCorporation, id=c.id, name=c.name, status=c.status,
                                        industry_list=c.industry, size=c.size, phone=c.phone,
                                        company_url=f"https://www.{c.domain}",
                                        date_added=c.date_added, **_address(c.address)))
    for p in agency.contacts:
        rows.append(_r(m.ClientContact, id=p.id, client_corporation_id=p.corporation_id,
                                    first_name=p.first_name, last_name=p.last_name,
                                    name=f"{p.first_name} {p.last_name}", email=p.email,
                                    phone=p.phone, occupation=p.occupation,
                                    owner_id=p.owner_id, date_added=p.date_added))
    for j in agency.job_orders:
        rows.append(_r(m.JobOrder,
            id=j.id, client_corporation_id=j.corporation_id, client_contact_id=j.contact_id,
            owner_id=j.owner_id, title=j.title, skill_list=", ".join(j.must_have_skills),
            nice_to_have=", ".join(j.nice_to_have_skills), seniority=j.seniority,
            job_family=j.job_family, employment_type=j.employment_type,
            num_openings=j.num_openings, status=j.status, is_open=j.is_open,
            pay_rate=j.pay_rate, client_bill_rate=j.client_bill_rate,
            start_date=_day(j.start_date), description=j.description,
            submission_limit=j.submission_limit, date_added=j.date_added,
            published_category_id=families[j.job_family],
            **_address(clients[j.corporation_id].address)))
    for k in agency.candidates:
        rows.append(_r(m.Candidate,
            id=k.id, first_name=k.first_name, last_name=k.last_name,
            name=f"{k.first_name} {k.last_name}", email=k.email, phone=k.phone,
            mobile=k.mobile, skill_set=", ".join(k.skills), seniority=k.seniority,
            job_family=k.job_family, source=k.source, status=k.status, owner_id=k.owner_id,
            current_pay=k.current_pay, hourly_rate_low=k.expected_pay_low,
            hourly_rate=k.expected_pay_high, date_added=k.date_added,
            category_id=families[k.job_family], **_address(k.address)))
    for s in agency.submissions:
        rows.append(_r(m.JobSubmission, id=s.id, candidate_id=s.candidate_id,
                                    job_order_id=s.job_order_id, status=s.status,
                                    sending_user_id=s.sending_user_id, pay_rate=s.pay_rate,
                                    bill_rate=s.bill_rate, date_added=s.date_added))
    for p2 in agency.placements:
        rows.append(_r(m.Placement, id=p2.id, job_submission_id=p2.submission_id,
                                candidate_id=p2.candidate_id, job_order_id=p2.job_order_id,
                                status=p2.status, date_begin=_day(p2.date_begin),
                                pay_rate=p2.pay_rate, client_bill_rate=p2.client_bill_rate,
                                date_added=p2.date_added))
    for n in agency.notes:
        rows.append(_r(m.Note, id=n.id, action=n.action, comments=n.comments,
                           person_reference_id=n.person_id,
                           person_reference_type="Candidate" if n.person_type == "candidate"
                           else "ClientContact",
                           commenting_person_id=n.author_id, job_order_id=n.job_order_id,
                           date_added=n.date_added))
    next_note = max((n.id for n in agency.notes), default=0)
    for i, consent in enumerate(agency.consents, start=1):
        rows.append(_r(m.Note, id=next_note + i, action=CONSENT_ACTION,
                           comments=consent_comment(consent, clients[consent.corporation_id]),
                           person_reference_id=consent.candidate_id,
                           person_reference_type="Candidate",
                           date_added=_day(consent.granted_on)))
        rows.append(_r(m.Association, entity="Note", field="candidates",
                                  owner_id=next_note + i, target_id=consent.candidate_id))
    jobs = {j.id: j for j in agency.job_orders}
    floor = agency.policy.min_markup_bp if agency.policy else 0
    next_note += len(agency.consents)
    for i, approval in enumerate(agency.approvals, start=1):
        note_id = next_note + i
        rows.append(_r(m.Note, id=note_id, action=APPROVAL_ACTION,
                           comments=approval_comment(approval, jobs[approval.job_order_id],
                                                     floor),
                           person_reference_id=approval.candidate_id,
                           person_reference_type="Candidate",
                           commenting_person_id=approval.approver_id,
                           job_order_id=approval.job_order_id,
                           date_added=approval.approved_at))
        rows.append(_r(m.Association, entity="Note", field="candidates", owner_id=note_id,
                                  target_id=approval.candidate_id))
        rows.append(_r(m.Association, entity="Note", field="placements", owner_id=note_id,
                                  target_id=approval.placement_id))
    for ap in agency.appointments:
        rows.append(_r(m.Appointment, id=ap.id, subject=ap.subject, type=ap.type,
                                  date_begin=ap.begin, date_end=ap.end, owner_id=ap.owner_id,
                                  candidate_reference_id=ap.candidate_id,
                                  client_contact_reference_id=ap.contact_id,
                                  job_order_id=ap.job_order_id, location=ap.location,
                                  date_added=min(ap.begin, world.now)))
    rows += _skills(agency, families)
    rows += _links(agency, families, sectors, departments)
    rows += [_r(m.FieldValue, entity="ClientCorporation", owner_id=c.id,
                field="businessSectorList",
                          value=json_text(c.industry)) for c in agency.clients]
    rows += [_r(m.FieldValue, entity="JobOrder", owner_id=j.id, field="salaryUnit",
                          value=json_text("Per Hour")) for j in agency.job_orders]
    # The rows as the ORM's flush of these models wrote them (each table's in the order
    # added; a field left out or None takes the column's default, which is the model's),
    # in one executemany per table, parents first.
    by_model: dict[type[m.BullhornModel], list[dict[str, Any]]] = defaultdict(list)
    for model, values in rows:
        if "date_last_modified" in model.model_fields and values.get(
                "date_last_modified") is None:
            values["date_last_modified"] = values.get("date_added")
        by_model[model].append(values)
    tables = {model.__table__: model for model in by_model}  # type: ignore[attr-defined]
    for table in m.BullhornModel.metadata.sorted_tables:
        if table in tables:
            insert_rows(session, tables[table], by_model[tables[table]])


def _link(entity: str, field: str, owner: int, target: int) -> m.Association:
    return _r(m.Association, entity=entity, field=field, owner_id=owner, target_id=target)


def _links(agency: a.Agency, families: dict[str, int], sectors: dict[str, int],
           departments: dict[str, int]) -> list[Row]:
    industry = {c.id: sectors[c.industry] for c in agency.clients}
    rows: list[Row] = []
    rows += [_link("CorporateUser", "departments", u.id, departments[u.role])
             for u in agency.users]
    rows += [_link("Candidate", "categories", k.id, families[k.job_family])
             for k in agency.candidates]
    for j in agency.job_orders:
        rows += [_link("JobOrder", "categories", j.id, families[j.job_family]),
                 _link("JobOrder", "businessSectors", j.id, industry[j.corporation_id])]
    rows += [_link("ClientContact", "businessSectors", p.id, industry[p.corporation_id])
             for p in agency.contacts]
    return rows


def _skills(agency: a.Agency, families: dict[str, int]) -> list[Row]:
    names = sorted({s for k in agency.candidates for s in k.skills}
                   | {s for j in agency.job_orders
                      for s in (*j.must_have_skills, *j.nice_to_have_skills)})
    ids = {name: i for i, name in enumerate(names, start=1)}
    rows: list[Row] = [_r(m.Skill, id=i, name=n) for n, i in ids.items()]
    for k in agency.candidates:
        rows += [_r(m.Association, entity="Candidate", field="primarySkills", owner_id=k.id,
                               target_id=t) for t in sorted({ids[s] for s in k.skills})]
    for j in agency.job_orders:
        rows += [_r(m.Association, entity="JobOrder", field="skills", owner_id=j.id,
                               target_id=t) for t in sorted({ids[s] for s in j.must_have_skills})]
    uses = sorted({(ids[s], families[k.job_family]) for k in agency.candidates
                   for s in k.skills}
                  | {(ids[s], families[j.job_family]) for j in agency.job_orders
                     for s in (*j.must_have_skills, *j.nice_to_have_skills)})
    rows += [_link("Skill", "categories", skill, family) for skill, family in uses]
    return rows
