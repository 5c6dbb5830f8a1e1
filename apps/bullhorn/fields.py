"""Each entity's fields as Bullhorn names them: the wire name, the column, the kind.

One registry drives reads (`fields=`), writes (PUT/POST bodies), `/query` and `/search`
and `/meta`, so a field behaves the same everywhere. Kinds:

- `id`: the record's id (read-only); `int`, `str`, `text` (long text), `bool`;
- `money`: cents in the table, a decimal number of dollars on the wire (`payRate: 45.5`);
- `date`: a naive UTC datetime in the table, epoch milliseconds on the wire;
- `ref`: a to-one association, `{"id": n}` in a body, `{"id", ...}` in a response;
- `person`: Note's `personReference` (a Candidate or a ClientContact);
- `address`: the composite `{address1, address2, city, state, zip, countryID}`;
- `many`: a to-many association, read as `{"total", "data"}`; `assoc` ones are edited
  with PUT/DELETE `/entity/{type}/{id}/{field}/{ids}`, the others are the reverse of a
  to-one (`via` names the owning entity's column).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlmodel import SQLModel

from arcadia.apps.bullhorn import models as m

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
    via: str | None = None  # `many`: "assoc", or the owning entity's column


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
    # The fields a to-one association to this entity shows by default.
    display: tuple[str, ...] = ("id",)
    person_name: bool = False  # `name` is derived from firstName + lastName
    # The column naming the record's author: the user whose request created it (never a
    # body's choice), the only one who may change or delete it afterwards.
    author: str | None = None
    defaults: dict[str, object] = field(default_factory=dict)


def _fields(*items: F) -> dict[str, F]:
    return {f.name: f for f in items}


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
        F("firstName", "str", "First name", col="first_name", required=True),
        F("lastName", "str", "Last name", col="last_name", required=True),
        F("name", "str", "Name", col="name", writable=False),
        F("email", "str", "Email", col="email"),
        F("username", "str", "Username", col="username"),
        F("occupation", "str", "Title", col="occupation"),
        F("enabled", "bool", "Enabled", col="enabled"),
    ), delete=None, searchable=False, read_only=True, display=PERSON, person_name=True),
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
    ), delete=None, searchable=True, display=("id", "name"),
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
    ), delete="soft", searchable=True, display=PERSON, person_name=True,
        defaults={"status": "Active"}),
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
    ), delete="soft", searchable=True, display=("id", "title"),
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
    ), delete="soft", searchable=True, display=PERSON, person_name=True,
        defaults={"status": "New Lead"}),
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
    ), delete="soft", searchable=True, defaults={"status": "Submitted"}),
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
        _added(),
    ), delete="hard", searchable=True, defaults={"status": "Submitted"}),
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
    ), delete="soft", searchable=True, author="commenting_person_id"),
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
        _deleted(), _added(),
    ), delete="soft", searchable=False),
)}

ENTITY_NAMES = tuple(ENTITIES)
# Entities Bullhorn's `/search` (its Lucene index) covers; every entity answers `/query`.
SEARCHABLE = tuple(n for n, e in ENTITIES.items() if e.searchable)
# Most records one request may name, return or (un)link.
MAX_IDS, MAX_COUNT, MAX_FIELDS = 500, 500, 100
