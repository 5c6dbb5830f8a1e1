"""Wire models with Sheets v4's own names (the discovery document's schemas), for the
requests we serve and the responses we return."""

from arcadia.apps.sheets.schemas.base import *  # noqa: F403
from arcadia.apps.sheets.schemas.batch import *  # noqa: F403
from arcadia.apps.sheets.schemas.cells import *  # noqa: F403
from arcadia.apps.sheets.schemas.spreadsheet import *  # noqa: F403
from arcadia.apps.sheets.schemas.values import *  # noqa: F403
