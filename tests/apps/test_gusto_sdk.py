"""Gusto's own SDKs (`gusto_app_integration`, `gusto_embedded`) against the payroll app.

The app is served by uvicorn on 127.0.0.1 (one app per process, as `serve --multi` runs it)
and each SDK is pointed at it with only `server_url` and the bearer token changed. Every
call's result is parsed by the SDK's own models, so a field of the wrong type or shape, a
wrong status or a wrong path fails here.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta

import httpx
import pytest

from tests.factories import ADMIN, MISMATCH, served_app

# The SDKs' generated serializers read `model_fields` off instances, which pydantic 2.11
# deprecates; that is the SDKs' business, not a fault of the app.
pytestmark = pytest.mark.filterwarnings(
    "ignore::pydantic.warnings.PydanticDeprecatedSince211")


@dataclass
class Served:
    url: str
    token: str
    company: str
    today: date


@pytest.fixture(scope="module")
def payroll_server() -> Iterator[str]:
    with served_app("payroll") as url:
        yield url


def _episode(url: str) -> Served:
    """A fresh episode and a payroll-role principal's token."""
    with httpx.Client(base_url=url, headers=ADMIN, timeout=60) as admin:
        r = admin.post("/admin/episodes", json={"seed": 7, "situations": [MISMATCH]})
        assert r.status_code == 201, r.text
        episode = r.json()["episode_id"]
        people = admin.get(f"/admin/episodes/{episode}/principals",
                           params={"role": "payroll"}).json()["principals"]
        r = admin.post(f"/admin/episodes/{episode}/tokens",
                       json={"principal": people[0]["id"]})
        assert r.status_code == 201, r.text
        token = str(r.json()["token"])
    info = httpx.get(f"{url}/v1/token_info", headers={"Authorization": f"Bearer {token}"})
    assert info.status_code == 200, info.text
    company = info.json()["resource"]["uuid"]
    now = httpx.get(f"{url}/admin/episodes/{episode}", headers=ADMIN).json()["now"]
    today = date.fromisoformat(str(now)[:10])
    return Served(url, token, company, today)


def contractors_seen(g: object, served: Served) -> list[str]:
    listed = g.contractors.list(company_uuid=served.company)  # type: ignore[attr-defined]
    assert listed is not None and listed
    return [c.uuid for c in listed]


def test_app_integration_sdk_reads_and_writes(payroll_server: str) -> None:
    served = _episode(payroll_server)
    from gusto_app_integration import GustoAppIntegration
    from gusto_app_integration.models import (
        GetV1JobsJobIDCompensationsQueryParamInclude as CompInclude,
    )

    g = GustoAppIntegration(company_access_auth=served.token, server_url=served.url)
    info = g.introspection.get_token_info()
    assert info.resource is not None and info.resource.uuid == served.company
    assert info.resource_owner is not None and len(info.resource_owner.uuid) == 36
    assert "@" not in info.resource_owner.uuid

    company = g.companies.get(company_id=served.company)
    assert company.uuid == served.company and company.contractor_only is False
    assert company.primary_payroll_admin is not None and company.primary_payroll_admin.email
    assert company.primary_signatory is not None
    assert company.compensations is not None and company.compensations.hourly

    employees = g.employees.get(company_id=served.company, per=5)
    assert employees is not None and len(employees) == 5
    emp = g.employees.get_by_id(employee_id=employees[0].uuid)
    assert emp.uuid == employees[0].uuid and emp.jobs
    job = emp.jobs[0]
    updated = g.employees.update(employee_id=emp.uuid, version=emp.version or "",
                                 preferred_first_name="Sam")
    assert updated.preferred_first_name == "Sam" and updated.version != emp.version
    assert g.employees.get_custom_fields(employee_id=emp.uuid) is not None

    jobs = g.jobs_and_compensations.get_jobs(employee_id=emp.uuid)
    assert jobs is not None and jobs[0].uuid == job.uuid
    one = g.jobs_and_compensations.get(job_id=job.uuid)
    assert one.current_compensation_uuid == job.current_compensation_uuid
    current = g.jobs_and_compensations.get_compensations_for_job(job_id=job.uuid)
    assert current is not None and [c.uuid for c in current] == [job.current_compensation_uuid]
    history = g.jobs_and_compensations.get_compensations_for_job(
        job_id=job.uuid, include=CompInclude.ALL_COMPENSATIONS)
    assert history is not None and len(history) >= len(current)
    assert current[0].uuid in [c.uuid for c in history]
    comp = g.jobs_and_compensations.get_compensation(compensation_id=current[0].uuid)
    assert comp.rate == current[0].rate

    terms = g.employees.get_terminations(employee_id=emp.uuid)
    assert isinstance(terms, list)

    works = g.employee_addresses.get_work_addresses(employee_id=emp.uuid)
    assert works is not None and works[-1].active is True
    assert works[-1].location_uuid in [loc.uuid for loc in
                                       g.company_locations.list(company_id=served.company) or []]
    assert g.employee_addresses.get_work_address(
        work_address_uuid=works[0].uuid).uuid == works[0].uuid

    homes = g.employee_addresses.list_home_addresses(employee_id=emp.uuid)
    assert homes is not None and any(h.active for h in homes)
    home = g.employee_addresses.get(home_address_uuid=homes[0].uuid or "")
    assert home.street_1 == homes[0].street_1

    contractors = g.contractors.get(company_uuid=served.company)
    assert contractors is not None and len(contractors) >= 1
    assert g.contractors.get_by_id(contractor_uuid=contractors[0].uuid).uuid == \
        contractors[0].uuid

    locations = g.company_locations.list(company_id=served.company)
    assert locations is not None and locations
    assert g.locations.get(location_id=locations[0].uuid).uuid == locations[0].uuid

    departments = g.departments.get_all(company_uuid=served.company)
    assert departments is not None and departments
    dept = g.departments.get(department_uuid=departments[0].uuid or "")
    assert dept.title == departments[0].title

    schedules = g.pay_schedules.list(company_id=served.company)
    assert schedules is not None and len(schedules) == 1
    schedule = g.pay_schedules.get(company_id=served.company, pay_schedule_id=schedules[0].uuid)
    assert schedule.uuid == schedules[0].uuid


def test_embedded_sdk_reads_and_writes(payroll_server: str) -> None:
    served = _episode(payroll_server)
    from gusto_embedded import Gusto
    from gusto_embedded.models import (
        GetV1JobsJobIDCompensationsQueryParamInclude as CompInclude,
    )

    g = Gusto(company_access_auth=served.token, server_url=served.url)
    info = g.introspection.get_info()
    assert info.resource is not None and info.resource.uuid == served.company
    company = g.companies.get(company_id=served.company)
    assert company.name and company.primary_payroll_admin is not None
    company = g.companies.update(company_id=served.company, contractor_only=False)
    assert company.contractor_only is False

    employees = g.employees.list(company_id=served.company, terminated=False, per=3)
    assert employees is not None and len(employees) == 3
    emp = g.employees.get(employee_id=employees[0].uuid)
    job = (emp.jobs or [])[0]
    current = g.jobs_and_compensations.get_compensations(job_id=job.uuid)
    assert current is not None and len(current) == 1
    assert current[0].uuid == job.current_compensation_uuid
    history = g.jobs_and_compensations.get_compensations(job_id=job.uuid,
                                                         include=CompInclude.ALL_COMPENSATIONS)
    assert history is not None and history[-1].effective_date >= history[0].effective_date

    # A termination in the future, moved, then cancelled.
    later = (served.today + timedelta(days=400)).isoformat()
    term = g.employee_employments.create_termination(employee_id=emp.uuid,
                                                     effective_date=later)
    assert term.cancelable is True and term.active is False
    moved = g.employee_employments.update_termination(
        employee_id=emp.uuid, version=term.version or "",
        effective_date=(served.today + timedelta(days=401)).isoformat())
    assert moved.effective_date != term.effective_date
    g.employee_employments.delete_termination(employee_id=emp.uuid)
    assert g.employee_employments.get_terminations(employee_id=emp.uuid) == []

    # Home addresses: a future address, corrected, then deleted.
    homes = g.employee_addresses.get(employee_id=emp.uuid)
    assert homes is not None and homes[0].active is True
    moved_in = g.employee_addresses.create(
        employee_id=emp.uuid, street_1="12 Penn Avenue", city="Pittsburgh", state="PA",
        zip_code="15222", effective_date=served.today + timedelta(days=90))
    assert moved_in.uuid and moved_in.active is False
    fixed = g.employee_addresses.update(home_address_uuid=moved_in.uuid,
                                        version=moved_in.version or "",
                                        street_1="14 Penn Avenue")
    assert fixed.street_1 == "14 Penn Avenue"
    assert g.employee_addresses.retrieve_home_address(
        home_address_uuid=moved_in.uuid).street_1 == "14 Penn Avenue"
    g.employee_addresses.delete(home_address_uuid=moved_in.uuid)

    # Work addresses: a move to another company location in the future, then undone.
    sites = g.locations.get(company_id=served.company)
    assert sites is not None
    work = g.employee_addresses.get_work_addresses(employee_id=emp.uuid)
    assert work is not None
    elsewhere = next(p.uuid for p in sites if p.uuid != work[-1].location_uuid)
    move = g.employee_addresses.create_work_address(
        employee_id=emp.uuid, location_uuid=elsewhere,
        effective_date=served.today + timedelta(days=60))
    assert move.active is False and move.location_uuid == elsewhere
    move = g.employee_addresses.update_work_address(
        work_address_uuid=move.uuid, version=move.version,
        effective_date=served.today + timedelta(days=61))
    assert move.effective_date == (served.today + timedelta(days=61)).isoformat()
    g.employee_addresses.delete_work_address(work_address_uuid=move.uuid)

    # Payment method: read, then switch to Check.
    method = g.employee_payment_method.get(employee_id=emp.uuid)
    assert method.type is not None
    from gusto_embedded.models import PutV1EmployeesEmployeeIDPaymentMethodType as Kind
    paid = g.employee_payment_method.update(employee_id=emp.uuid, version=method.version or "",
                                            type_=Kind.CHECK)
    assert paid.type is not None and paid.type.value == "Check"
    from gusto_embedded.models import PostV1EmployeesEmployeeIDBankAccountsAccountType as Acct
    from gusto_embedded.models import PutV1EmployeesEmployeeIDBankAccountsAccountType as Acct2
    bank = g.employee_payment_method.create(employee_id=emp.uuid, name="Joint",
                                            routing_number="021000021",
                                            account_number="123456789", account_type=Acct.SAVINGS)
    assert bank.hidden_account_number == "XXXX6789"
    assert g.employee_payment_method.get(employee_id=emp.uuid).type.value == "Direct Deposit"
    bank = g.employee_payment_method.update_bank_account(
        employee_id=emp.uuid, bank_account_uuid=bank.uuid, name="Joint savings",
        routing_number="021000021", account_number="987654321", account_type=Acct2.SAVINGS)
    assert bank.name == "Joint savings" and bank.hidden_account_number == "XXXX4321"
    g.employee_payment_method.delete_bank_account(employee_id=emp.uuid,
                                                  bank_account_uuid=bank.uuid)
    assert g.employee_payment_method.get(employee_id=emp.uuid).type.value == "Check"

    # Contractors: create, read, update.
    from gusto_embedded.models import PostV1CompaniesCompanyUUIDContractorsWageType as Wage
    made = g.contractors.create(company_uuid=served.company, wage_type=Wage.HOURLY,
                                start_date=served.today.isoformat(), first_name="Kim",
                                last_name="Osei", hourly_rate="75.00")
    assert made.uuid and made.hourly_rate == "75.00"
    again = g.contractors.update(contractor_uuid=made.uuid, version=made.version or "",
                                 hourly_rate="80.00")
    assert again.hourly_rate == "80.00"
    g.contractors.delete(contractor_uuid=made.uuid)
    listed = g.contractors.list(company_uuid=served.company)
    assert listed is not None and made.uuid not in [c.uuid for c in listed]

    history = g.employee_employments.get_history(employee_id=emp.uuid)
    assert history is not None and history[0].hire_date == job.hire_date

    # Locations and departments.
    place = g.locations.create(company_id=served.company, phone_number="4125550111",
                               street_1="1 Liberty Avenue", city="Pittsburgh", state="PA",
                               zip_code="15222")
    assert place.uuid
    place2 = g.locations.update(location_id=place.uuid, version=place.version or "",
                                street_2="Floor 3")
    assert place2.street_2 == "Floor 3"
    dept = g.departments.create(company_uuid=served.company, title="Robotics Lab")
    assert dept.uuid and dept.title == "Robotics Lab"
    renamed = g.departments.update(department_uuid=dept.uuid, version=dept.version or "",
                                   title="Robotics Research")
    assert renamed.title == "Robotics Research"
    g.departments.delete(department_uuid=dept.uuid)

    schedules = g.pay_schedules.get_all(company_id=served.company)
    assert schedules is not None and schedules[0].uuid

    address = g.contractors.get_address(contractor_uuid=contractors_seen(g, served)[0])
    assert address.version and address.street_1
    plans = g.company_benefits.list(company_id=served.company)
    assert plans is not None and plans
    plan = g.company_benefits.get(company_benefit_id=plans[0].uuid, with_employee_benefits=True)
    assert plan.employee_benefits
    enrolled = g.company_benefits.get_employee_benefits(company_benefit_id=plans[0].uuid)
    assert enrolled is not None and enrolled
    assert g.employee_benefits.retrieve(employee_benefit_id=enrolled[0].uuid).uuid == \
        enrolled[0].uuid
    custom = g.employees.get_custom_fields(employee_id=emp.uuid)
    assert custom is not None and custom.custom_fields == []
    company_fields = g.companies.get_custom_fields(company_id=served.company)
    assert company_fields is not None and company_fields.custom_fields == []


def test_embedded_sdk_runs_a_payroll(payroll_server: str) -> None:
    """The payroll-run lifecycle through `gusto_embedded`: list the upcoming payroll, read
    it with taxes, change one hourly entry's Regular Hours with its version, calculate, read
    the totals, submit, and find the stub. (The SDK's get takes no `page`/`per`, so it sees
    the first 25 entries; `tests/apps/test_payroll_run.py` fixes the seeded wrong hours.)"""
    served = _episode(payroll_server)
    from gusto_embedded import Gusto
    from gusto_embedded.models import (
        GetV1CompaniesCompanyIDPayrollsPayrollIDQueryParamInclude as Include,
    )
    from gusto_embedded.models import ProcessingStatuses

    g = Gusto(company_access_auth=served.token, server_url=served.url)
    upcoming = g.payrolls.list(company_id=served.company,
                               processing_statuses=[ProcessingStatuses.UNPROCESSED])
    assert upcoming is not None and len(upcoming) == 1
    payroll_id = upcoming[0].payroll_uuid or ""
    payroll = g.payrolls.get(company_id=served.company, payroll_id=payroll_id,
                             include=[Include.TAXES, Include.BENEFITS, Include.DEDUCTIONS])
    assert payroll.processed is False and payroll.employee_compensations
    entry = next(e for e in payroll.employee_compensations
                 if any(h.flsa_status == "Nonexempt" and h.name == "Regular Hours"
                        for h in e.hourly_compensations or []))
    job = next(h.job_uuid for h in entry.hourly_compensations or []
               if h.name == "Regular Hours")

    g.payrolls.update(company_id=served.company, payroll_id=payroll_id,
                      employee_compensations=[{
                          "employee_uuid": entry.employee_uuid, "version": entry.version,
                          "hourly_compensations": [{"name": "Regular Hours",
                                                    "hours": "80.000", "job_uuid": job}]}])
    g.payrolls.calculate(company_id=served.company, payroll_id=payroll_id)
    calculated = g.payrolls.get(company_id=served.company, payroll_id=payroll_id,
                                include=[Include.TAXES])
    assert calculated.totals is not None and calculated.totals.gross_pay
    changed = next(e for e in calculated.employee_compensations or []
                   if e.employee_uuid == entry.employee_uuid)
    assert [h.hours for h in changed.hourly_compensations or []
            if h.name == "Regular Hours"] == ["80.000"]
    assert changed.taxes, "a calculated payroll shows each employee's taxes"

    g.payrolls.submit(company_id=served.company, payroll_id=payroll_id)
    done = g.payrolls.get(company_id=served.company, payroll_id=payroll_id)
    assert done.processed is True
    stubs = g.payrolls.get_pay_stubs(employee_id=entry.employee_uuid or "")
    assert stubs is not None and payroll_id in [s.payroll_uuid for s in stubs]
