"""The staffing agency world: one agency sampled from population parameters.

`arcadia.world.agency.model` holds the truth's dataclasses (re-exported here);
`arcadia.world.agency.sample` draws an agency from a seed (`sample_agency`, `agency_world`)
and `arcadia.world.agency.figures` measures it against the population. Those two are not
re-exported here: `sample` imports `arcadia.world.world`, which imports this package.
"""

from arcadia.world.agency.model import (
    Address,
    Agency,
    Appointment,
    Candidate,
    ClientContact,
    ClientCorporation,
    Consent,
    CorporateUser,
    JobOrder,
    JobSubmission,
    Note,
    Placement,
    Policy,
    RateApproval,
    RateCardLine,
    markup_bp,
    meets_floor,
)

__all__ = [
    "Address", "Agency", "Appointment", "Candidate", "ClientContact", "ClientCorporation",
    "Consent", "CorporateUser", "JobOrder", "JobSubmission", "Note", "Placement", "Policy",
    "RateApproval", "RateCardLine", "markup_bp", "meets_floor",
]
