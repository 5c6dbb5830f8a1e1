"""Microsoft Graph's error style: `{"error": {"code", "message", "innerError": {"date",
"request-id", "client-request-id"}}}`, rendered by the kernel's shared Graph renderer
(`kernel/odata/graph_errors.py`, also the calendar's). Graph answers 400 for bad input, 403
`ErrorAccessDenied`, 404 `ErrorItemNotFound` / `ErrorInvalidUser`, 409 `ErrorFolderExists`.
"""

from __future__ import annotations

from arcadia.apps.kernel import GRAPH_ERROR_HEADERS, GraphError, graph_error

render_error = graph_error
STATUSES: dict[str, int] = {}

__all__ = ["GRAPH_ERROR_HEADERS", "STATUSES", "GraphError", "render_error"]
