"""The static shape of Arcadia's purchasing: GL accounts, supplier categories and what buying
from each looks like, payment terms, dispute and hold reasons, and supplier-name parts."""

from __future__ import annotations

from arcadia.world.procurement import Category, GlAccount, PaymentTerm

GL_ACCOUNTS = (
    GlAccount("5100", "Raw Materials"), GlAccount("5200", "Electronic Components"),
    GlAccount("5300", "Outside Processing"), GlAccount("6100", "Repairs & Maintenance"),
    GlAccount("6200", "Freight & Logistics"), GlAccount("6300", "Software & Subscriptions"),
    GlAccount("6400", "Professional Services"), GlAccount("6500", "Facilities"),
    GlAccount("6600", "Office Supplies"), GlAccount("6700", "IT Hardware"),
    GlAccount("6800", "Lab & Test Equipment"), GlAccount("6900", "Marketing & Events"),
)

ALL_DEPARTMENTS = ("ENG", "MFG", "SCM", "QA", "SAL", "FIN", "HR", "IT", "LEG", "EXE")
CATEGORIES = (
    Category("raw_materials", "Raw Materials", "5100", ("MFG",), 2_000, 45_000, "LB",
             ("6061-T6 aluminum bar stock", "304 stainless sheet, 16 ga", "ABS pellets",
              "C110 copper bus bar", "4140 steel round bar", "Polyurethane casting resin")),
    Category("electronic_components", "Electronic Components", "5200", ("MFG", "ENG"), 800,
             38_000, "EA",
             ("Stepper motor driver board", "32-bit microcontroller", "Absolute encoder",
              "24 V brushless servo motor", "Lidar module", "Wire harness connector kit")),
    Category("machining_services", "Machining Services", "5300", ("MFG", "ENG"), 1_500,
             30_000, "EA",
             ("CNC-machined gearbox housing", "Anodizing, batch", "Wire EDM of end effector",
              "Turned shaft, hardened", "Sheet-metal enclosure, powder coated")),
    Category("mro", "MRO Supplies", "6100", ("MFG", "SCM", "QA"), 150, 7_500, "EA",
             ("Bearing kit", "Safety glasses (box)", "Hydraulic fluid, 5 gal",
              "Cutting inserts (pack)", "Pallet jack repair", "Shop towels (case)")),
    Category("logistics", "Logistics", "6200", ("SCM", "SAL"), 600, 22_000, "EA",
             ("LTL freight, Columbus to Reno", "Expedited air freight", "Customs brokerage",
              "Crating and export packing", "Warehouse overflow storage (month)")),
    Category("software", "Software", "6300", ("ENG", "IT", "FIN", "HR", "SAL", "LEG"), 1_200,
             95_000, "EA",
             ("CAD seat, annual subscription", "CI build minutes (annual)",
              "Endpoint security licence", "ERP user licence", "E-signature licence",
              "Observability platform, annual")),
    Category("professional_services", "Professional Services", "6400",
             ("LEG", "FIN", "HR", "EXE", "IT"), 4_000, 80_000, "HR",
             ("Outside counsel, commercial", "Audit fieldwork", "Recruiting retainer",
              "Tax advisory", "Security assessment", "Compensation benchmarking")),
    Category("facilities", "Facilities", "6500", ALL_DEPARTMENTS, 400, 24_000, "EA",
             ("HVAC preventive maintenance", "Janitorial services (month)",
              "Office furniture", "Fire extinguisher inspection", "Badge access readers")),
    Category("office_supplies", "Office Supplies", "6600", ALL_DEPARTMENTS, 60, 1_800, "EA",
             ("Printer paper (case)", "Toner cartridge", "Notebooks (box)",
              "Whiteboard markers (box)", "Headset")),
    Category("it_hardware", "IT Hardware", "6700", ("IT", "ENG"), 900, 48_000, "EA",
             ("Laptop, 14-inch", "Docking station", "Network switch, 48-port",
              "Rack server", "27-inch monitor")),
    Category("test_equipment", "Test Equipment", "6800", ("QA", "ENG"), 1_500, 42_000, "EA",
             ("Digital oscilloscope", "Torque analyzer", "Coordinate measuring probe",
              "Environmental chamber rental (month)", "Calibration service")),
    Category("marketing", "Marketing & Events", "6900", ("SAL",), 1_500, 40_000, "EA",
             ("Trade show booth space", "Product video production", "Demo unit shipping",
              "Event catering", "Printed brochures")),
)
SUPPLIERS_PER_CATEGORY = {
    "raw_materials": 28, "electronic_components": 38, "machining_services": 30, "mro": 34,
    "logistics": 20, "software": 34, "professional_services": 34, "facilities": 24,
    "office_supplies": 10, "it_hardware": 16, "test_equipment": 16, "marketing": 16,
}
# Categories a buyer of the Procurement team raises on a department's behalf.
DIRECT = ("raw_materials", "electronic_components", "machining_services", "logistics")

PAYMENT_TERMS = (
    PaymentTerm(1, "Net 30", "Payment due 30 days after invoice date", 30, 0.0, 0),
    PaymentTerm(2, "Net 45", "Payment due 45 days after invoice date", 45, 0.0, 0),
    PaymentTerm(3, "Net 60", "Payment due 60 days after invoice date", 60, 0.0, 0),
    PaymentTerm(4, "2/10 Net 30", "2% discount if paid within 10 days, else due in 30", 30,
                2.0, 10),
    PaymentTerm(5, "Net 15", "Payment due 15 days after invoice date", 15, 0.0, 0),
    PaymentTerm(6, "Due on receipt", "Payment due on receipt of invoice", 0, 0.0, 0),
)
TERM_WEIGHTS = (0.55, 0.15, 0.1, 0.08, 0.07, 0.05)
DISPUTE_REASONS = (
    ("DUP", "Duplicate invoice", "The same invoice was submitted more than once"),
    ("OVER-PO", "Exceeds purchase order", "Invoiced above the order's remaining amount"),
    ("PRICE", "Price discrepancy", "Invoiced price differs from the order"),
    ("QTY", "Quantity discrepancy", "Invoiced quantity differs from what was received"),
    ("NO-CONTRACT", "No contract in force", "Invoice dated outside the supplier's contract"),
    ("NOT-RECEIVED", "Goods not received", "Nothing was received against the order line"),
)
HOLD_REASONS = (
    ("CONTRACT", "Contract expired", "Supplier invoiced outside its contract dates"),
    ("COMPLIANCE", "Compliance review", "Supplier under compliance review"),
    ("BANK", "Bank details changed", "Remit-to bank details changed; verify before paying"),
)
BRAND = ("Apex", "Summit", "Vertex", "Keystone", "Northstar", "Ironclad", "Bluewater",
         "Redline", "Cobalt", "Meridian", "Pinnacle", "Granite", "Lumen", "Tandem",
         "Quantum", "Beacon", "Harbor", "Frontier", "Cascade", "Sterling", "Atlas", "Nimbus")
SUFFIX = {
    "raw_materials": ("Metals", "Alloys", "Steel Supply", "Polymers", "Materials"),
    "electronic_components": ("Electronics", "Components", "Circuits", "Semiconductor Supply",
                              "Motion Products"),
    "machining_services": ("Precision Machining", "Tool & Die", "CNC", "Manufacturing",
                           "Finishing"),
    "mro": ("Industrial Supply", "Bearings", "Fastener Co.", "Safety Supply", "MRO"),
    "logistics": ("Freight", "Logistics", "Transport", "Cartage", "Forwarding"),
    "software": ("Software", "Cloud", "Labs", "Systems Inc.", "Technologies"),
    "professional_services": ("Consulting Group", "Advisory", "LLP", "Partners", "& Associates"),
    "facilities": ("Facility Services", "Janitorial", "HVAC", "Building Services",
                   "Mechanical"),
    "office_supplies": ("Office Products", "Business Supply", "Stationers"),
    "it_hardware": ("Computer Systems", "Technology Partners", "Networks", "IT Solutions"),
    "test_equipment": ("Instruments", "Metrology", "Test & Measurement", "Calibration"),
    "marketing": ("Creative", "Events", "Media", "Exhibits"),
}
SUPPLIER_BASE = 5001
USER_ROLE = "User"


def category(code: str) -> Category:
    return next(c for c in CATEGORIES if c.code == code)
