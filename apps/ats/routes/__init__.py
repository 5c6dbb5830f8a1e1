"""Harvest's routes, one router per resource: one `op(...)` and one service call each.
Mounted under `/ats`.

A route that answers a record declares its wire model as `response_model=` and returns the
service's rendered dict (`common.Wire`): the model validates it and documents it, while the
function says what it really returns. A list returns a page's JSON bytes (`params.paged`).
"""

from arcadia.apps.ats.routes import applications, candidates, interviews, jobs, organization

# The app adds the routes router by router in this order, which is the order of the document
# and the order the dispatch trie tries routes in.
ROUTERS = (jobs.router, organization.router, candidates.router, applications.router,
           interviews.router)

__all__ = ["ROUTERS"]
