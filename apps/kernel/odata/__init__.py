"""OData query options as Microsoft Graph takes them, and Graph's error body.

Shared by the Graph-shaped apps (mail, calendar). Queries run on the *rendered* records (the
JSON dicts a list route returns), so a filter sees exactly what the agent sees:

- `parse_filter(text, schema, entity=...)` -> `Filter`; `Filter.matches(record)`.
  Operators `eq ne gt ge lt le`, `and or not`, `in (...)`, parentheses, `startswith`,
  `endswith`, `contains`, lambdas `any`/`all` over collections
  (`toRecipients/any(r: r/emailAddress/address eq 'a@x.com')`, `categories/any(c: c eq
  'Red')`), literals `'text'` (quote doubled inside), numbers, `true`/`false`/`null`, and
  unquoted DateTimeOffset literals (`2026-03-01T00:00:00Z`). Unknown properties, type
  mismatches and syntax errors are `invalid` with Graph's code and wording. String
  comparisons ignore case, as Exchange's do.
- `parse_orderby(text, schema, entity=...)` -> keys; `order(records, keys)`.
- `parse_select(text, schema, entity=...)` -> names; `project(record, names)`.
- `parse_count(text)` -> bool; `parse_search(text)` -> `Search`; `Search.matches(record,
  fields)` (KQL-style `term`, `prop:value`, `"a phrase"`, `OR`).
- `odata_slice(records, top=, skip=, base_url=)` -> `Slice` with `@odata.nextLink`
  (`odata_body` renders it).
- `graph_error(err)`: any `ApiError` as `{"error": {"code", "message", "innerError":
  {"date", "request-id", "client-request-id"}}}`; the date is the episode's clock and the
  request id is derived from the episode, tick and request (`graph_request` dependency).
- `exchange_id(app, kind, key, prefix=, size=)`: an opaque, deterministic item id.
- `odata_query(name, description)`: the `Query(...)` of the `$name` option, Graph's alias and
  bounds (`Annotated[str | None, odata_query("filter", "...")]`); `Top`, `$top` declared.
- `me_and_user(router, method, me_path, user_path, fn, me=, user=)`: a route served for
  `/me` and for `/users/{user_id}`.

One module per concern: `common` (the schema notation, values, paths), `filter_ast`,
`filter_parser` and `filter_eval` ($filter), `ordering` ($orderby), `projection`
($select), `paging` ($count, $top, $skip), `search` ($search), `graph_errors`, `ids`,
`params` (the options as route parameters), `graph_routes`, `graph_mount` (Graph's one
base URL over the Graph-shaped apps; `create_server` and `apps/server.py` mount it).
"""

from arcadia.apps.kernel.odata.common import graph_datetime, parse_datetime
from arcadia.apps.kernel.odata.filter_eval import Filter
from arcadia.apps.kernel.odata.filter_parser import parse_filter
from arcadia.apps.kernel.odata.graph_errors import (
    GRAPH_CODES,
    GRAPH_ERROR_HEADERS,
    GraphError,
    graph_error,
    graph_request,
)
from arcadia.apps.kernel.odata.graph_routes import me_and_user
from arcadia.apps.kernel.odata.ids import exchange_id
from arcadia.apps.kernel.odata.ordering import OrderKey, order, parse_orderby
from arcadia.apps.kernel.odata.paging import (
    check_top_skip,
    odata_base_url,
    odata_slice,
    parse_count,
)
from arcadia.apps.kernel.odata.params import Top, odata_query
from arcadia.apps.kernel.odata.projection import parse_select, project
from arcadia.apps.kernel.odata.search import Search, parse_search

__all__ = ["GRAPH_CODES", "GRAPH_ERROR_HEADERS", "Filter", "GraphError", "OrderKey",
           "Search", "Top", "check_top_skip", "exchange_id", "graph_datetime", "graph_error",
           "graph_request", "me_and_user", "odata_base_url", "odata_query", "odata_slice", "order",
           "parse_count", "parse_datetime", "parse_filter", "parse_orderby", "parse_search",
           "parse_select", "project"]
