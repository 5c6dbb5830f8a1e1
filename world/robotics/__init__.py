"""Arcadia Robotics: the default world, a robotics manufacturer of about 800 people.

`robotics_world(spec)` (`generate`) draws the company from its static shape (`catalog`):
the org chart and people, then each app's truth on a stream of its own: hiring (`hiring`),
a year of purchasing (`procurement`), mail and calendars (`comms`) and the teams'
spreadsheets (`sheets`); then the spec's situations (`situations.SITUATIONS`).
`org_figures` (`figures`) says whether the org chart looks like a company. The truth these
fill, and the apps' views of it, are the layer's own (`arcadia.world`).
"""

from arcadia.world.robotics.figures import OrgFigures, org_figures
from arcadia.world.robotics.generate import robotics_world
from arcadia.world.robotics.situations import SITUATIONS

__all__ = ["SITUATIONS", "OrgFigures", "org_figures", "robotics_world"]
