"""Microsoft Graph's error style, `{"error": {"code", "message", "innerError"}}`, rendered
by the kernel's `graph_error` (shared with mail). A service names Graph's code in
`meta["graph_code"]` (`ErrorPropertyValidationFailure`, `ErrorInvalidUser`...); otherwise
the kernel code's usual Graph code is used.
"""

from __future__ import annotations

from arcadia.apps.kernel.odata import GRAPH_ERROR_HEADERS, GraphError, graph_error

# A name already taken is Graph's 409; a stale change key its 412.
STATUSES = {"stale": 412}
render_error = graph_error

__all__ = ["GRAPH_ERROR_HEADERS", "STATUSES", "GraphError", "render_error"]
