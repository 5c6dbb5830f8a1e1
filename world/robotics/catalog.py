"""Static shape of Arcadia Robotics: departments, teams, title ladders, pay, places."""

from __future__ import annotations

from dataclasses import dataclass

LEVELS = ("IC1", "IC2", "IC3", "IC4", "IC5", "M1", "M2", "E1")
IC_WEIGHTS = (0.14, 0.30, 0.30, 0.18, 0.08)


@dataclass(frozen=True)
class DepartmentShape:
    id: str
    name: str
    share: float  # of headcount
    head_title: str
    director_title: str
    manager_title: str
    ic_titles: tuple[str, str, str, str, str]
    teams: tuple[str, ...]
    locations: tuple[str, ...]
    ic3_salary: int  # annual midpoint for IC3
    hourly_ic3: float | None = None  # ICs paid hourly (USD/h midpoint for IC3)
    roles: tuple[str, ...] = ()
    team_roles: tuple[tuple[str, str], ...] = ()  # (team, role) granted to that team


DEPARTMENTS: tuple[DepartmentShape, ...] = (
    DepartmentShape(
        "ENG", "Engineering", 0.25, "Chief Technology Officer", "Director of Engineering",
        "Engineering Manager",
        ("Associate Engineer", "Engineer", "Senior Engineer", "Staff Engineer",
         "Principal Engineer"),
        ("Motion Control", "Perception", "Embedded Firmware", "Mechanical Design",
         "Platform Software", "Test Automation", "Electrical Design"),
        ("LOC-PIT", "LOC-AUS"), 128_000,
    ),
    DepartmentShape(
        "MFG", "Manufacturing", 0.30, "VP Manufacturing", "Plant Manager",
        "Production Supervisor",
        ("Assembler I", "Assembler II", "Production Technician",
         "Senior Production Technician", "Manufacturing Lead"),
        ("Final Assembly", "Sub-Assembly", "Machining", "Cable & Harness", "Calibration"),
        ("LOC-COL", "LOC-RNO"), 52_000, hourly_ic3=25.0,
    ),
    DepartmentShape(
        "SCM", "Supply Chain", 0.07, "VP Supply Chain", "Director of Supply Chain",
        "Supply Chain Manager",
        ("Supply Chain Coordinator", "Buyer", "Senior Buyer", "Commodity Manager",
         "Principal Sourcing Manager"),
        ("Procurement", "Logistics", "Materials Planning", "Warehouse"),
        ("LOC-COL", "LOC-RNO"), 78_000, team_roles=(("Procurement", "procurement"),),
    ),
    DepartmentShape(
        "QA", "Quality", 0.06, "VP Quality", "Director of Quality", "Quality Manager",
        ("Quality Inspector", "Quality Technician", "Quality Engineer",
         "Senior Quality Engineer", "Principal Quality Engineer"),
        ("Incoming Inspection", "Supplier Quality", "Reliability", "Compliance"),
        ("LOC-COL", "LOC-PIT"), 82_000,
    ),
    DepartmentShape(
        "SAL", "Sales", 0.10, "Chief Revenue Officer", "Director of Sales", "Sales Manager",
        ("Sales Development Representative", "Account Executive", "Senior Account Executive",
         "Strategic Account Executive", "Principal Solutions Architect"),
        ("North America", "EMEA", "Channel Partners", "Solutions Engineering"),
        ("LOC-PIT", "LOC-AUS"), 96_000,
    ),
    DepartmentShape(
        "FIN", "Finance", 0.05, "Chief Financial Officer", "Controller", "Finance Manager",
        ("Accounting Associate", "Accountant", "Senior Accountant", "Finance Lead",
         "Principal Financial Analyst"),
        ("Payroll", "Accounts Payable", "FP&A", "Tax"),
        ("LOC-PIT",), 88_000, roles=("finance",), team_roles=(("Payroll", "payroll"),),
    ),
    DepartmentShape(
        "HR", "People", 0.04, "Chief People Officer", "Director of People", "HR Manager",
        ("People Coordinator", "HR Generalist", "HR Business Partner",
         "Senior HR Business Partner", "Principal People Partner"),
        ("Talent Acquisition", "People Operations", "Total Rewards", "Learning"),
        ("LOC-PIT", "LOC-COL"), 84_000, roles=("hr",),
        team_roles=(("Talent Acquisition", "recruiter"),),
    ),
    DepartmentShape(
        "IT", "IT", 0.05, "Chief Information Officer", "Director of IT", "IT Manager",
        ("IT Support Specialist", "Systems Administrator", "Senior Systems Engineer",
         "Staff Systems Engineer", "Principal Architect"),
        ("Service Desk", "Infrastructure", "Security", "Business Systems"),
        ("LOC-PIT", "LOC-COL", "LOC-AUS"), 98_000, roles=("it",),
    ),
    DepartmentShape(
        "LEG", "Legal", 0.02, "General Counsel", "Deputy General Counsel", "Legal Manager",
        ("Paralegal", "Contracts Specialist", "Counsel", "Senior Counsel", "Principal Counsel"),
        ("Commercial", "Compliance & IP"),
        ("LOC-PIT",), 118_000,
    ),
    DepartmentShape(
        "EXE", "Executive", 0.0, "Chief Executive Officer", "Chief of Staff", "Chief of Staff",
        # The chief of staff is a single, explicitly titled seat (`generate._org_chart`).
        ("Executive Assistant", "Executive Assistant", "Senior Executive Assistant",
         "Senior Executive Assistant", "Executive Business Partner"),
        ("Office of the CEO",),
        ("LOC-PIT",), 90_000, roles=("exec",),
    ),
)

# id, name, city, state, timezone
LOCATIONS = (
    ("LOC-PIT", "Pittsburgh HQ", "Pittsburgh", "PA", "America/New_York"),
    ("LOC-COL", "Columbus Plant", "Columbus", "OH", "America/New_York"),
    ("LOC-AUS", "Austin Office", "Austin", "TX", "America/Chicago"),
    ("LOC-RNO", "Reno Distribution Center", "Reno", "NV", "America/Los_Angeles"),
)

# Salary multiplier on the IC3 midpoint, per level.
LEVEL_PAY = {"IC1": 0.72, "IC2": 0.85, "IC3": 1.0, "IC4": 1.22, "IC5": 1.45,
             "M1": 1.35, "M2": 1.7, "E1": 2.4}

BENEFITS = (
    ("BEN-MED-PPO", "Aetna Choice PPO", "medical", 142.50, 612.00),
    ("BEN-MED-HDHP", "Aetna HDHP with HSA", "medical", 64.00, 548.00),
    ("BEN-DEN", "Delta Dental PPO", "dental", 18.40, 41.60),
    ("BEN-VIS", "VSP Vision", "vision", 6.10, 9.90),
    ("BEN-401K", "Fidelity 401(k)", "401k", 0.0, 0.0),
)

CEO_ID = 1001  # BambooHR-style numeric ids; the CEO gets the first one
