"""Each entity's fields as Bullhorn names them: the wire name, the column, the kind.

One registry drives reads (`fields=`), writes (PUT/POST bodies), `/query` and `/search`
and `/meta`, so a field behaves the same everywhere. Kinds:

- `id`: the record's id (read-only); `int`, `str`, `text` (long text), `bool`, `float`
  (Bullhorn's Double), `decimal` (BigDecimal: text in `field_value`, a number on the wire);
- `money`: cents in the table, a decimal number of dollars on the wire (`payRate: 45.5`);
- `date`: a naive UTC datetime in the table, epoch milliseconds on the wire;
- `ref`: a to-one association, `{"id": n}` in a body, `{"id", ...}` in a response;
- `person`: Note's `personReference` (a Candidate or a ClientContact);
- `address`: the composite `{address1, address2, city, state, zip, countryID}`;
- `many`: a to-many association, read as `{"total", "data"}`; `assoc` ones are edited
  with PUT/DELETE `/entity/{type}/{id}/{field}/{ids}`, the others are the reverse of a
  to-one (`via` names the owning entity's column, `where` an optional `(column, value)`
  the owning rows must have) or of another entity's association (`via="rev:Entity.field"`:
  its `assoc` links, or its `aside` to-one values), or `via="pairs:table:owner:target"`
  (the distinct (owner, target) column pairs of a table: a company's contacts' owners);
- `composite`: a read-only object of other fields (`onboardingReceivedSent`);
- a `derive`d field is computed from other records (a candidate's `dateLastComment`, the
  latest note about the candidate).

Fields with `aside` set have no column: their values live in `field_value` (see
`fields_reference.py`, the documented fields the agency keeps no data of its own in).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from sqlmodel import SQLModel

from arcadia.apps.bullhorn import models as m
from arcadia.apps.bullhorn.fields_reference import documented

ADDRESS_PARTS = (("address1", "address1"), ("address2", "address2"), ("city", "city"),
                 ("state", "state"), ("zip", "zip"), ("countryID", "country_id"))
# Longest text a `str` field takes; `text` fields (descriptions, comments) take more.
STR_MAX, TEXT_MAX = 255, 20_000


@dataclass(frozen=True)
class F:
    name: str
    kind: str
    label: str
    col: str | None = None
    target: str | None = None
    writable: bool = True
    required: bool = False
    via: str | None = None  # `many`: "assoc", the owning entity's column, or "rev:E.f"
    where: tuple[str, str] | None = None  # `many` by column: the owning rows' (column, value)
    aside: bool = False  # stored in `field_value`, not in a column
    parts: tuple[str, ...] = ()  # `composite`: the entity's fields it gathers (read-only)
    derive: str | None = None  # computed from other records (`lastNote`), read-only
    max_len: int | None = None  # `str`: Bullhorn's length, when not STR_MAX


@dataclass(frozen=True)
class Entity:
    name: str
    label: str
    model: type[SQLModel]
    fields: dict[str, F]
    # Deletion: "soft" (isDeleted), "hard" (the row goes), or None (cannot be deleted).
    delete: str | None
    searchable: bool
    read_only: bool = False
    # A read-only entity whose records their own user may update (its writable fields).
    self_update: bool = False
    # The fields a to-one association to this entity shows by default.
    display: tuple[str, ...] = ("id",)
    person_name: bool = False  # `name` is derived from firstName + lastName
    # The column naming the record's author: the user whose request created it (never a
    # body's choice), the only one who may change or delete it afterwards.
    author: str | None = None
    defaults: dict[str, object] = field(default_factory=dict)


KINDS = {"text": "text", "int": "int", "float": "float", "decimal": "decimal",
         "date": "date", "bool": "bool", "address": "address", "person": "person"}


def _label(name: str) -> str:
    """`dateAvailableEnd` -> `Date available end` (Bullhorn's labels are per deployment)."""
    words = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Za-z])(?=\d)", " ", name).split()
    return " ".join([words[0].capitalize(), *(w.lower() if w[1:].islower() else w
                                              for w in words[1:])])


def _aside(name: str, kind: str) -> F:
    if kind.startswith("ref:"):
        return F(name, "ref", _label(name), target=kind[4:], aside=True)
    if kind.startswith("str"):
        size = int(kind[3:])
        return F(name, "str", _label(name), aside=True, max_len=size)
    return F(name, KINDS[kind], _label(name), aside=True)


def _fields(*items: F, entity: str = "") -> dict[str, F]:
    out = {f.name: f for f in items}
    for name, kind in documented(entity):
        if name not in out:
            out[name] = _aside(name, kind)
    return out


def _modified() -> F:
    return F("dateLastModified", "date", "Date last modified", col="date_last_modified",
             writable=False)


def _onboarding() -> F:
    return F("onboardingReceivedSent", "composite", "Onboarding documents received and sent",
             writable=False, parts=("onboardingDocumentReceivedCount",
                                    "onboardingDocumentSentCount"))


def _skills(name: str, label: str) -> F:
    return F(name, "many", label, target="Skill", via="assoc")


def _id() -> F:
    return F("id", "id", "ID", col="id", writable=False)


def _added() -> F:
    return F("dateAdded", "date", "Date added", col="date_added", writable=False)


def _deleted() -> F:
    return F("isDeleted", "bool", "Deleted", col="is_deleted")


PERSON = ("id", "firstName", "lastName")

ENTITIES: dict[str, Entity] = {e.name: e for e in (
    Entity("CorporateUser", "User", m.CorporateUser, _fields(
        _id(),
        F("firstName", "str", "First name", col="first_name", required=True, writable=False),
        F("lastName", "str", "Last name", col="last_name", required=True, writable=False),
        F("name", "str", "Name", col="name", writable=False),
        F("email", "str", "Email", col="email", writable=False),
        F("username", "str", "Username", col="username", writable=False),
        F("occupation", "str", "Title", col="occupation", writable=False),
        F("enabled", "bool", "Enabled", col="enabled", writable=False),
        F("companyName", "str", "Company name (the agency)", col="company_name",
          writable=False),
        F("userDateAdded", "date", "Date added", col="user_date_added", writable=False),
        _modified(),
        F("jobAssignments", "many", "Jobs assigned", target="JobOrder",
          via="rev:JobOrder.assignedUsers"),
        F("primaryDepartment", "ref", "Primary department", col="primary_department_id",
          target="CorporationDepartment", writable=False),
        F("departments", "many", "Departments", target="CorporationDepartment", via="assoc",
          writable=False),
        entity="CorporateUser"), delete=None, searchable=False, read_only=True,
        self_update=True, display=PERSON, person_name=True),
    Entity("ClientCorporation", "Company", m.ClientCorporation, _fields(
        _id(),
        F("name", "str", "Company name", col="name", required=True),
        F("status", "str", "Status", col="status"),
        F("industryList", "str", "Industry", col="industry_list"),
        F("customText1", "str", "Size (small, mid, enterprise)", col="size"),
        F("phone", "str", "Phone", col="phone"),
        F("address", "address", "Address"),
        F("companyDescription", "text", "Company description", col="company_description"),
        F("feeArrangement", "int", "Target markup (basis points of pay)",
          col="fee_arrangement"),
        _added(),
        F("clientContacts", "many", "Contacts", target="ClientContact",
          via="client_corporation_id"),
        F("jobOrders", "many", "Jobs", target="JobOrder", via="client_corporation_id"),
        F("companyURL", "str", "Company URL", col="company_url", max_len=100),
        _modified(),
        F("childClientCorporations", "many", "Child companies", target="ClientCorporation",
          via="rev:ClientCorporation.parentClientCorporation"),
        F("owners", "many", "Owners (of its contacts)", target="CorporateUser",
          via="pairs:client_contact:client_corporation_id:owner_id"),
        F("department", "ref", "Department (the agency's)", target="CorporationDepartment",
          aside=True),
        entity="ClientCorporation"), delete=None, searchable=True, display=("id", "name"),
        defaults={"status": "Active"}),
    Entity("ClientContact", "Contact", m.ClientContact, _fields(
        _id(),
        F("firstName", "str", "First name", col="first_name", required=True),
        F("lastName", "str", "Last name", col="last_name", required=True),
        F("name", "str", "Name", col="name", writable=False),
        F("clientCorporation", "ref", "Company", col="client_corporation_id",
          target="ClientCorporation", required=True),
        F("email", "str", "Email", col="email"),
        F("phone", "str", "Phone", col="phone"),
        F("occupation", "str", "Title", col="occupation"),
        F("status", "str", "Status", col="status"),
        F("owner", "ref", "Owner", col="owner_id", target="CorporateUser"),
        _deleted(), _added(),
        F("secondaryOwners", "many", "Secondary owners", target="CorporateUser",
          via="assoc"),
        _modified(), _skills("skills", "Skills wanted"),
        F("category", "ref", "Category", target="Category", aside=True),
        F("categories", "many", "Categories", target="Category", via="assoc"),
        F("businessSectors", "many", "Business sectors", target="BusinessSector",
          via="assoc"),
        entity="ClientContact"), delete="soft", searchable=True, display=PERSON,
        person_name=True, defaults={"status": "Active"}),
    Entity("JobOrder", "Job", m.JobOrder, _fields(
        _id(),
        F("title", "str", "Job title", col="title", required=True),
        F("clientCorporation", "ref", "Company", col="client_corporation_id",
          target="ClientCorporation", required=True),
        F("clientContact", "ref", "Contact", col="client_contact_id",
          target="ClientContact"),
        F("owner", "ref", "Owner", col="owner_id", target="CorporateUser"),
        F("skillList", "text", "Required skills (comma separated)", col="skill_list"),
        F("customText1", "text", "Nice-to-have skills (comma separated)",
          col="nice_to_have"),
        F("customText2", "str", "Seniority", col="seniority"),
        F("customText3", "str", "Job family", col="job_family"),
        F("employmentType", "str", "Employment type", col="employment_type"),
        F("numOpenings", "int", "Number of openings", col="num_openings"),
        F("status", "str", "Status", col="status"),
        F("isOpen", "bool", "Open", col="is_open"),
        F("payRate", "money", "Pay rate (per hour)", col="pay_rate"),
        F("clientBillRate", "money", "Client bill rate (per hour)", col="client_bill_rate"),
        F("startDate", "date", "Start date", col="start_date"),
        F("description", "text", "Description", col="description"),
        F("customInt1", "int", "Submission limit", col="submission_limit"),
        _deleted(), _added(),
        F("assignedUsers", "many", "Assigned users", target="CorporateUser", via="assoc"),
        F("submissions", "many", "Submissions", target="JobSubmission", via="job_order_id"),
        F("placements", "many", "Placements", target="Placement", via="job_order_id"),
        F("address", "address", "Address (the hiring company's)"), _modified(),
        _skills("skills", "Skills"),
        F("appointments", "many", "Appointments", target="Appointment", via="job_order_id"),
        F("interviews", "many", "Interviews", target="Appointment", via="job_order_id",
          where=("type", "Interview")),
        F("approvedPlacements", "many", "Approved placements", target="Placement",
          via="job_order_id", where=("status", "Approved")),
        F("notes", "many", "Notes", target="Note", via="job_order_id"),
        F("webResponses", "many", "Web responses", target="JobSubmission",
          via="job_order_id", where=("status", "New Lead")),
        F("publishedCategory", "ref", "Published category", col="published_category_id",
          target="Category", writable=False),
        F("categories", "many", "Categories", target="Category", via="assoc"),
        F("businessSectors", "many", "Business sectors", target="BusinessSector",
          via="assoc"),
        entity="JobOrder"), delete="soft", searchable=True, display=("id", "title"),
        defaults={"status": "Accepting Candidates", "is_open": True, "num_openings": 1}),
    Entity("Candidate", "Candidate", m.Candidate, _fields(
        _id(),
        F("firstName", "str", "First name", col="first_name", required=True),
        F("lastName", "str", "Last name", col="last_name", required=True),
        F("name", "str", "Name", col="name", writable=False),
        F("email", "str", "Email", col="email"),
        F("phone", "str", "Phone", col="phone"),
        F("mobile", "str", "Mobile", col="mobile"),
        F("address", "address", "Address"),
        F("skillSet", "text", "Skills (comma separated)", col="skill_set"),
        F("customText1", "str", "Seniority", col="seniority"),
        F("customText2", "str", "Job family", col="job_family"),
        F("source", "str", "Source", col="source"),
        F("status", "str", "Status", col="status"),
        F("owner", "ref", "Owner", col="owner_id", target="CorporateUser"),
        F("customFloat1", "money", "Current pay (per hour)", col="current_pay"),
        F("hourlyRateLow", "money", "Expected pay, low (per hour)", col="hourly_rate_low"),
        F("hourlyRate", "money", "Expected pay, high (per hour)", col="hourly_rate"),
        _deleted(), _added(),
        F("secondaryOwners", "many", "Secondary owners", target="CorporateUser",
          via="assoc"),
        F("submissions", "many", "Submissions", target="JobSubmission", via="candidate_id"),
        F("placements", "many", "Placements", target="Placement", via="candidate_id"),
        _modified(), _skills("primarySkills", "Primary skills"),
        _skills("secondarySkills", "Secondary skills"),
        F("blacklistClientCorporations", "many", "Blacklisted companies",
          target="ClientCorporation", via="assoc"),
        F("whitelistClientCorporations", "many", "Whitelisted companies",
          target="ClientCorporation", via="assoc"),
        F("interviews", "many", "Interviews", target="Appointment",
          via="candidate_reference_id", where=("type", "Interview")),
        F("webResponses", "many", "Web responses", target="JobSubmission",
          via="candidate_id", where=("status", "New Lead")),
        F("category", "ref", "Category", col="category_id", target="Category"),
        F("categories", "many", "Categories", target="Category", via="assoc"),
        F("businessSectors", "many", "Business sectors", target="BusinessSector",
          via="assoc"),
        F("dateLastComment", "date", "Date of the latest note", writable=False,
          derive="lastNote"),
        _onboarding(),
        entity="Candidate"), delete="soft", searchable=True, display=PERSON,
        person_name=True, defaults={"status": "New Lead"}),
    Entity("JobSubmission", "Submission", m.JobSubmission, _fields(
        _id(),
        F("candidate", "ref", "Candidate", col="candidate_id", target="Candidate",
          required=True),
        F("jobOrder", "ref", "Job", col="job_order_id", target="JobOrder", required=True),
        F("status", "str", "Status", col="status"),
        F("sendingUser", "ref", "Sending user", col="sending_user_id",
          target="CorporateUser"),
        F("payRate", "money", "Pay rate (per hour)", col="pay_rate"),
        F("billRate", "money", "Bill rate (per hour)", col="bill_rate"),
        F("comments", "text", "Comments", col="comments"),
        _deleted(), _added(),
        # When the candidate responded (a web response) or was submitted. Bullhorn lets a
        # client set it; here it is the submission's dateAdded, read-only: a column of its
        # own would change every task's check of a created submission.
        F("dateWebResponse", "date", "Date of the web response (or of the submission)",
          col="date_added", writable=False),
        _modified(),
        F("appointments", "many", "Appointments", target="Appointment", via="assoc"),
        F("owners", "many", "Owners", target="CorporateUser", via="assoc"),
        entity="JobSubmission"), delete="soft", searchable=True,
        defaults={"status": "Submitted"}),
    Entity("Placement", "Placement", m.Placement, _fields(
        _id(),
        F("jobSubmission", "ref", "Submission", col="job_submission_id",
          target="JobSubmission"),
        F("candidate", "ref", "Candidate", col="candidate_id", target="Candidate",
          required=True),
        F("jobOrder", "ref", "Job", col="job_order_id", target="JobOrder", required=True),
        F("status", "str", "Status", col="status"),
        F("dateBegin", "date", "Start date", col="date_begin"),
        F("dateEnd", "date", "End date", col="date_end"),
        F("employmentType", "str", "Employment type", col="employment_type"),
        F("payRate", "money", "Pay rate (per hour)", col="pay_rate"),
        F("clientBillRate", "money", "Client bill rate (per hour)", col="client_bill_rate"),
        F("customInt1", "int", "Custom integer 1 (not used by the agency)",
          col="custom_int1"),
        _added(), _modified(), _onboarding(),
        F("notes", "many", "Notes", target="Note", via="rev:Note.placements"),
        F("appointments", "many", "Appointments", target="Appointment",
          via="rev:Appointment.placement"),
        entity="Placement"), delete="hard", searchable=True, defaults={"status": "Submitted"}),
    Entity("Note", "Note", m.Note, _fields(
        _id(),
        F("action", "str", "Action", col="action"),
        F("comments", "text", "Comments", col="comments"),
        F("personReference", "person", "About (Candidate or ClientContact)",
          col="person_reference_id"),
        F("commentingPerson", "ref", "Author (the user who writes the note)",
          col="commenting_person_id", target="CorporateUser"),
        F("jobOrder", "ref", "Job", col="job_order_id", target="JobOrder"),
        _deleted(), _added(),
        F("candidates", "many", "Candidates", target="Candidate", via="assoc"),
        F("clientContacts", "many", "Contacts", target="ClientContact", via="assoc"),
        F("jobOrders", "many", "Jobs", target="JobOrder", via="assoc"),
        F("placements", "many", "Placements", target="Placement", via="assoc"),
        _modified(),
        F("corporateUsers", "many", "Users", target="CorporateUser", via="assoc"),
        entity="Note"), delete="soft", searchable=True, author="commenting_person_id"),
    Entity("Appointment", "Appointment", m.Appointment, _fields(
        _id(),
        F("subject", "str", "Subject", col="subject", required=True),
        F("type", "str", "Type", col="type"),
        F("dateBegin", "date", "Begins", col="date_begin", required=True),
        F("dateEnd", "date", "Ends", col="date_end", required=True),
        F("owner", "ref", "Owner", col="owner_id", target="CorporateUser"),
        F("candidateReference", "ref", "Candidate", col="candidate_reference_id",
          target="Candidate"),
        F("clientContactReference", "ref", "Contact", col="client_contact_reference_id",
          target="ClientContact"),
        F("jobOrder", "ref", "Job", col="job_order_id", target="JobOrder"),
        F("location", "str", "Location", col="location"),
        F("description", "text", "Description", col="description"),
        _deleted(), _added(), _modified(),
        F("childAppointments", "many", "Child appointments", target="Appointment",
          via="rev:Appointment.parentAppointment"),
        entity="Appointment"), delete="soft", searchable=False),
    Entity("Skill", "Skill", m.Skill, _fields(
        _id(),
        F("name", "str", "Name", col="name", writable=False, max_len=100),
        F("enabled", "bool", "Enabled", col="enabled"),
        F("categories", "many", "Categories", target="Category", via="assoc"),
    ), delete=None, searchable=False, read_only=True, display=("id", "name")),
    Entity("Category", "Category", m.Category, _fields(
        _id(),
        F("name", "str", "Name", col="name", writable=False, max_len=100),
        F("enabled", "bool", "Enabled", col="enabled", writable=False),
        F("skills", "many", "Skills", target="Skill", via="rev:Skill.categories"),
    ), delete=None, searchable=False, read_only=True, display=("id", "name")),
    Entity("BusinessSector", "Business sector", m.BusinessSector, _fields(
        _id(),
        F("name", "str", "Name", col="name", writable=False, max_len=100),
    ), delete=None, searchable=False, read_only=True, display=("id", "name")),
    Entity("CorporationDepartment", "Department", m.CorporationDepartment, _fields(
        _id(),
        F("name", "str", "Name", col="name", writable=False, max_len=100),
        F("enabled", "bool", "Enabled", col="enabled", writable=False),
    ), delete=None, searchable=False, read_only=True, display=("id", "name")),
)}

ENTITY_NAMES = tuple(ENTITIES)
# Entities Bullhorn's `/search` (its Lucene index) covers; every entity answers `/query`.
SEARCHABLE = tuple(n for n, e in ENTITIES.items() if e.searchable)
# Most records one request may name, return or (un)link.
MAX_IDS, MAX_COUNT, MAX_FIELDS = 500, 500, 100


def core(spec: Entity) -> list[F]:
    """The fields `fields=*` stands for: those the agency's records carry (Bullhorn blocks
    `*` outside /meta; the documented fields without data of ours are named one by one)."""
    return [f for f in spec.fields.values() if not f.aside]


def field_names(spec: Entity) -> str:
    """The entity's fields for an error message: those the agency's records carry, and
    where the others are listed."""
    names = [f.name for f in core(spec)]
    more = len(spec.fields) - len(names)
    tail = f", and {more} more documented fields (GET /meta/{spec.name})" if more else ""
    return ", ".join(names) + tail
