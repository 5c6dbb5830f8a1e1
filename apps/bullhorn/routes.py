"""Bullhorn's REST API, thin: one `op(...)` and one service call per route.

The login flow lives at the app's root (`/oauth/authorize`, `/oauth/token`,
`/rest-services/login`); every other call is under the `restUrl` login returns,
`/rest-services/{corpToken}/`.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, Path, Query, Request, Response
from fastapi.responses import PlainTextResponse

from arcadia.apps.bullhorn import association_service as assoc_sv
from arcadia.apps.bullhorn import bodies
from arcadia.apps.bullhorn import login_service as login_sv
from arcadia.apps.bullhorn import meta_service as meta_sv
from arcadia.apps.bullhorn import read_service as read_sv
from arcadia.apps.bullhorn import schemas as s
from arcadia.apps.bullhorn import search_service as search_sv
from arcadia.apps.bullhorn import write_service as write_sv
from arcadia.apps.bullhorn.errors import MISSING_SESSION
from arcadia.apps.bullhorn.fields import MAX_COUNT
from arcadia.apps.kernel import ApiError, CtxDep, Id, json_response, op, path_id
from arcadia.apps.kernel.context import bearer_token

router = APIRouter()
# The credential may come in any of these query parameters (the kernel reads them; see
# `AppSpec.api_key_query`).
QUERY_CREDENTIALS = ("BhRestToken", "access_token", "code", "refresh_token", "password")
REST = "/rest-services/{corpToken}"
E404 = (404,)

Corp = Annotated[str, Path(description=(
    "The corporation token: the last part of the restUrl /rest-services/login returned."))]
Type = Annotated[s.EntityType, Path(description="The entity type.")]
Searchable = Annotated[s.SearchType, Path(description="The entity type (those in the "
                                          "search index).")]
Ids = Annotated[str, path_id("BullhornEntityId", "One id, or several comma separated "
                             "(`123,456`).", max_length=10_000)]
OneId = Annotated[Id, path_id("BullhornEntityId", "The entity's id.")]
Assoc = Annotated[str, Path(max_length=64, description=(
    "A to-many association of the entity (`assignedUsers`, `secondaryOwners`, "
    "`candidates`, `submissions`...; see GET /meta/{entityType})."))]
AssocIds = Annotated[str, path_id("BullhornEntityId", "Ids of the associated records, comma "
                                  "separated.", max_length=10_000)]
Fields = Annotated[str, Query(max_length=4000, description=(
    "Comma-separated fields to return, `*` for all; associations take sub-fields in "
    "parentheses (`owner(id,firstName)`). `id` is always returned."))]
Count = Annotated[int, Query(ge=1, le=MAX_COUNT, description="Records per page.")]
Start = Annotated[int, Query(ge=0, le=10**6, description="Offset of the first record.")]
RedirectUri = Annotated[str | None, Query(max_length=400, description=(
    "Where to send the code; default: the app's own /oauth/callback."))]
State = Annotated[str | None, Query(max_length=400, description=(
    "Any value; it comes back with the code."))]
Username = Annotated[str | None, Query(max_length=400, description=(
    "The user's email or login name (must be the credential's user)."))]
Password = Annotated[str | None, Query(max_length=400, description=(
    "The user's credential: the episode's token."))]


def _base(request: Request) -> str:
    """The app's base URL (with the prefix it is mounted under, `/bullhorn` embedded)."""
    base = str(request.base_url).rstrip("/")
    root = str(request.scope.get("root_path", "")).rstrip("/")
    return base if not root or base.endswith(root) else base + root


def _credential(request: Request) -> str:
    spec = request.app.state.spec
    return bearer_token(request, spec.api_key_header, spec.api_key_query) or ""


def _session_token(request: Request) -> None:
    """A call under the restUrl without any session token is Bullhorn's 412, before the
    kernel resolves the credential; a token that names no session stays the kernel's 401
    (Bullhorn's `Bad 'BhRestToken' or timed-out.`)."""
    if not _credential(request):
        raise ApiError(412, "Missing BhRestToken: send the BhRestToken /rest-services/login "
                       "returned as the `BhRestToken` header or query parameter.",
                       code=MISSING_SESSION)


# Every call under the restUrl; the login flow above needs no session token.
rest = APIRouter(dependencies=[Depends(_session_token)], responses={
    412: {"description": "No session token (`BhRestToken`) was sent."}})


# ---- login flow ----------------------------------------------------------------------------

AUTHORIZE = ("Bullhorn's OAuth authorization step: answers 302 with the `code` (and your "
             "`state`) on the `redirect_uri`. The user's credential is the episode's token, "
             "sent as `password` (with `username`, the user's email or login name), or as "
             "`Authorization: Bearer`.")


async def _authorize(ctx: CtxDep, request: Request,
                     client_id: Annotated[str, Query(max_length=200, description=(
                         "Your OAuth client id."))],
                     response_type: Annotated[str, Query(max_length=20, description=(
                         "Always `code`."))] = "code",
                     redirect_uri: RedirectUri = None, state: State = None,
                     username: Username = None, password: Password = None,
                     action: Annotated[str | None, Query(max_length=20, description=(
                         "`Login` to sign in without the login page."))] = None,
                     ) -> Response:
    del password, action
    location = login_sv.authorize(ctx, credential=_credential(request), base=_base(request),
                            client_id=client_id, response_type=response_type,
                            username=username, redirect_uri=redirect_uri, state=state)
    return Response(status_code=302, headers={"Location": location})


router.get("/oauth/authorize", response_class=Response, **op(
    "bullhorn_authorize_client", "Get an authorization code", AUTHORIZE, write=False,
    status_code=302))(_authorize)
router.post("/oauth/authorize", response_class=Response, **op(
    "bullhorn_authorize_client_post", "Get an authorization code (POST)", AUTHORIZE,
    write=False, status_code=302))(_authorize)

TOKEN = ("Exchanges the authorization `code` (grant_type=authorization_code) or a "
         "`refresh_token` (grant_type=refresh_token) for an access token, with your "
         "client id and secret.")


async def _token(ctx: CtxDep, request: Request,
                 grant_type: Annotated[str, Query(max_length=40, description=(
                     "`authorization_code` or `refresh_token`."))],
                 client_id: Annotated[str, Query(max_length=200, description=(
                     "Your OAuth client id."))],
                 client_secret: Annotated[str, Query(max_length=200, description=(
                     "Your OAuth client secret."))],
                 code: Annotated[str | None, Query(max_length=400, description=(
                     "The code /oauth/authorize returned."))] = None,
                 refresh_token: Annotated[str | None, Query(max_length=400, description=(
                     "A refresh token from an earlier answer."))] = None,
                 redirect_uri: RedirectUri = None) -> Any:
    del code, refresh_token, redirect_uri
    return login_sv.token(ctx, credential=_credential(request), grant_type=grant_type,
                    client_id=client_id, client_secret=client_secret)


router.get("/oauth/token", response_model=s.TokenOut, **op(
    "bullhorn_get_token", "Get an access token", TOKEN, write=False))(_token)
router.post("/oauth/token", response_model=s.TokenOut, **op(
    "bullhorn_create_token", "Get an access token (POST)", TOKEN, write=False))(_token)

LOGIN = ("Starts a REST session from an OAuth access token: answers the `BhRestToken` "
         "(send it as the `BhRestToken` header or query parameter on every call) and the "
         "`restUrl` every call goes under.")


async def _login(ctx: CtxDep, request: Request,
                 version: Annotated[str, Query(max_length=20, description="`*` (or 2.0).")],
                 access_token: Annotated[str | None, Query(max_length=400, description=(
                     "The access token /oauth/token returned."))] = None,
                 ttl: Annotated[int | None, Query(ge=1, le=2880, description=(
                     "Session length in minutes."))] = None) -> Any:
    del access_token, ttl
    return login_sv.login(ctx, credential=_credential(request), base=_base(request),
                    version=version)


router.get("/rest-services/login", response_model=s.LoginOut, **op(
    "bullhorn_get_login", "Start a REST session", LOGIN, write=False))(_login)
router.post("/rest-services/login", response_model=s.LoginOut, **op(
    "bullhorn_create_login", "Start a REST session (POST)", LOGIN, write=False))(_login)


@rest.get(REST + "/ping", response_model=s.PingOut, **op(
    "bullhorn_get_ping", "Check the session", "When the session expires.", write=False,
    errors=E404))
async def ping(ctx: CtxDep, corpToken: Corp) -> Any:
    login_sv.check_corp(ctx, corpToken)
    return login_sv.ping(ctx)


class MarkdownResponse(PlainTextResponse):
    media_type = "text/markdown"


@rest.get(REST + "/handbook", response_class=MarkdownResponse, **op(
    "bullhorn_get_handbook", "Read the agency's operating handbook",
    "Arcadia's extension, not part of Bullhorn's API: the agency's binding operating "
    "handbook (Markdown), its numbered submission, disclosure and rate rules and where "
    "Bullhorn records what each depends on. Work that breaks a rule is not done.",
    write=False, errors=E404))
async def get_handbook(ctx: CtxDep, corpToken: Corp) -> MarkdownResponse:
    login_sv.check_corp(ctx, corpToken)
    return MarkdownResponse(login_sv.handbook(ctx))


# ---- entities ------------------------------------------------------------------------------

@rest.get(REST + "/entity/{entityType}/{entityIds}", response_model=s.EntityOut, **op(
    "bullhorn_get_entity", "Get entities by id",
    "One entity (`data` is an object) or several (comma-separated ids; `data` is a list, "
    "missing ids left out), with the `fields` asked for. Soft-deleted records are "
    "returned too (`isDeleted`).", write=False, errors=E404))
async def get_entity(ctx: CtxDep, corpToken: Corp, entityType: Type, entityIds: Ids,
                     fields: Fields) -> Response:
    login_sv.check_corp(ctx, corpToken)
    return json_response(read_sv.get_entities(ctx, entity=entityType, ids=entityIds, fields=fields))


@rest.put(REST + "/entity/{entityType}", response_model=s.ChangeOut, **op(
    "bullhorn_create_entity", "Create an entity (PUT)",
    "Creates a record from the JSON body of its fields (as GET returns them; to-one "
    "associations as `{\"id\": n}`, money in dollars, dates in epoch ms). Required fields "
    "(see GET /meta/{entityType}) must be present; unknown or read-only fields refuse the "
    "whole body with every problem listed in `errors`. CorporateUser is read-only.",
    write=True, errors=E404))
async def create_entity(ctx: CtxDep, corpToken: Corp, entityType: Type,
                        body: Annotated[bodies.CreateBody, Body(description=(
                            "The new record: " + bodies.CONVENTIONS))]) -> Response:
    login_sv.check_corp(ctx, corpToken)
    return json_response(write_sv.create(ctx, entity=entityType, body=body))


@rest.post(REST + "/entity/{entityType}/{entityId}", response_model=s.ChangeOut, **op(
    "bullhorn_update_entity", "Update an entity (POST)",
    "Changes the fields in the JSON body; the others stay. Setting `isDeleted` to true "
    "soft-deletes (where the entity has it).", write=True, errors=E404))
async def update_entity(ctx: CtxDep, corpToken: Corp, entityType: Type, entityId: OneId,
                        body: Annotated[bodies.UpdateBody, Body(description=(
                            "The fields to change: " + bodies.CONVENTIONS))]) -> Any:
    login_sv.check_corp(ctx, corpToken)
    return json_response(write_sv.update(ctx, entity=entityType, entity_id=entityId, body=body))


@rest.delete(REST + "/entity/{entityType}/{entityId}", response_model=s.ChangeOut, **op(
    "bullhorn_delete_entity", "Delete an entity",
    "Soft-deletes (sets `isDeleted`) a Candidate, ClientContact, JobOrder, JobSubmission, "
    "Note or Appointment; removes a Placement. ClientCorporation and CorporateUser cannot "
    "be deleted (400).", write=True, errors=E404))
async def delete_entity(ctx: CtxDep, corpToken: Corp, entityType: Type,
                        entityId: OneId) -> Any:
    login_sv.check_corp(ctx, corpToken)
    return json_response(write_sv.delete(ctx, entity=entityType, entity_id=entityId))


@rest.get(REST + "/entity/{entityType}/{entityIds}/{association}", response_model=s.ListOut,
            **op("bullhorn_list_associations", "List an entity's to-many association",
                 "The records of a to-many association of one or more entities "
                 "(`JobOrder/12/submissions`, `Note/4/candidates`), with the `fields` of "
                 "the associated entity.", write=False, errors=E404))
async def list_associations(ctx: CtxDep, corpToken: Corp, entityType: Type, entityIds: Ids,
                            association: Assoc, fields: Fields, count: Count = 20,
                            start: Start = 0) -> Response:
    login_sv.check_corp(ctx, corpToken)
    return json_response(assoc_sv.get_association(
        ctx, entity=entityType, ids=entityIds, association=association, fields=fields, count=count,
        start=start))


@rest.put(REST + "/entity/{entityType}/{entityId}/{association}/{associationIds}",
            response_model=s.ChangeOut, **op(
                "bullhorn_add_associations", "Associate records",
                "Adds the records to a many-to-many association (`JobOrder/12/"
                "assignedUsers/3,4`). Refused (400), changing nothing, if any is already "
                "associated.", write=True, errors=E404))
async def add_associations(ctx: CtxDep, corpToken: Corp, entityType: Type, entityId: OneId,
                           association: Assoc, associationIds: AssocIds) -> Any:
    login_sv.check_corp(ctx, corpToken)
    return json_response(assoc_sv.associate(
        ctx, entity=entityType, entity_id=entityId, association=association, ids=associationIds,
        add=True))


@rest.delete(REST + "/entity/{entityType}/{entityId}/{association}/{associationIds}",
               response_model=s.ChangeOut, **op(
                   "bullhorn_remove_associations", "Disassociate records",
                   "Removes the records from a many-to-many association. Refused (400), "
                   "changing nothing, if any is not associated.", write=True, errors=E404))
async def remove_associations(ctx: CtxDep, corpToken: Corp, entityType: Type,
                              entityId: OneId, association: Assoc,
                              associationIds: AssocIds) -> Any:
    login_sv.check_corp(ctx, corpToken)
    return json_response(assoc_sv.associate(
        ctx, entity=entityType, entity_id=entityId, association=association, ids=associationIds,
        add=False))


# ---- search and query ----------------------------------------------------------------------

SEARCH = ("Lucene search: `field:term`, `field:\"a phrase\"`, `field:(a OR b)`, wildcards "
          "`*` `?`, ranges `field:[a TO b]` / `{a TO b}` (`*` open), AND / OR / NOT "
          "(`&&`, `||`, `!`), `+`/`-`, parentheses; juxtaposed clauses are OR-ed. Text "
          "matches word by word, case-insensitively; dates as yyyyMMdd[HHmmss] or epoch ms; "
          "paths through a to-one (`owner.id:3`). Sort with `sort=field` or `-field`.")
Sort = Annotated[str | None, Query(max_length=400, description=(
    "Comma-separated fields to sort by, `-` for descending; default: id."))]


@rest.get(REST + "/search/{entityType}", response_model=s.ListOut, **op(
    "bullhorn_search_entities", "Search entities (Lucene)", SEARCH, write=False,
    errors=E404))
async def search_entities(ctx: CtxDep, corpToken: Corp, entityType: Searchable,
                          query: Annotated[str, Query(max_length=4000, description=(
                              "The Lucene query."))],
                          fields: Fields, sort: Sort = None, count: Count = 20,
                          start: Start = 0) -> Response:
    login_sv.check_corp(ctx, corpToken)
    return json_response(search_sv.search(
        ctx, entity=entityType, query_text=query, fields=fields, sort=sort, count=count,
        start=start))


@rest.post(REST + "/search/{entityType}", response_model=s.ListOut, **op(
    "bullhorn_search_entities_post", "Search entities (Lucene, query in the body)",
    SEARCH + " The query goes in the body (`{\"query\": ...}`) for long queries.",
    write=False, errors=E404))
async def search_entities_post(ctx: CtxDep, corpToken: Corp, entityType: Searchable,
                               body: s.SearchIn, fields: Fields, sort: Sort = None,
                               count: Count = 20, start: Start = 0) -> Response:
    login_sv.check_corp(ctx, corpToken)
    return json_response(search_sv.search(
        ctx, entity=entityType, query_text=body.query, fields=fields, sort=sort, count=count,
        start=start))


QUERY = ("SQL-like query: `=`, `<>`, `<`, `>`, `<=`, `>=`, `LIKE` (`%`, `_`), `IN (...)`, "
         "`NOT IN (...)`, `IS NULL`, `IS NOT NULL`, AND / OR / NOT, parentheses; strings in "
         "single quotes, dates as epoch ms, paths through a to-one (`owner.id = 3`, "
         "`clientCorporation.name = 'Acme'`). Add `isDeleted = false` to leave deleted "
         "records out. `total` only with showTotalMatched=true.")
OrderBy = Annotated[str | None, Query(max_length=400, description=(
    "Comma-separated fields to order by, `-` for descending; default: id."))]
ShowTotal = Annotated[bool, Query(description="Also return `total`, the matched count.")]


@rest.get(REST + "/query/{entityType}", response_model=s.ListOut, **op(
    "bullhorn_query_entities", "Query entities (where clause)", QUERY, write=False,
    errors=E404))
async def query_entities(ctx: CtxDep, corpToken: Corp, entityType: Type,
                         where: Annotated[str, Query(max_length=4000, description=(
                             "The where clause."))],
                         fields: Fields, orderBy: OrderBy = None, count: Count = 20,
                         start: Start = 0, showTotalMatched: ShowTotal = False) -> Response:
    login_sv.check_corp(ctx, corpToken)
    return json_response(search_sv.query(
        ctx, entity=entityType, where=where, fields=fields, order_by=orderBy, count=count,
        start=start, show_total=showTotalMatched))


@rest.post(REST + "/query/{entityType}", response_model=s.ListOut, **op(
    "bullhorn_query_entities_post", "Query entities (where clause in the body)",
    QUERY + " The clause goes in the body (`{\"where\": ...}`) for long clauses.",
    write=False, errors=E404))
async def query_entities_post(ctx: CtxDep, corpToken: Corp, entityType: Type,
                              body: s.QueryIn, fields: Fields, orderBy: OrderBy = None,
                              count: Count = 20, start: Start = 0,
                              showTotalMatched: ShowTotal = False) -> Response:
    login_sv.check_corp(ctx, corpToken)
    return json_response(search_sv.query(
        ctx, entity=entityType, where=body.where, fields=fields, order_by=orderBy, count=count,
        start=start, show_total=showTotalMatched))


# ---- meta ----------------------------------------------------------------------------------

@rest.get(REST + "/meta", response_model=list[s.MetaEntry], **op(
    "bullhorn_list_meta", "List entity types",
    "The entity types this API serves, each with its meta URL.", write=False, errors=E404))
async def list_meta(ctx: CtxDep, request: Request, corpToken: Corp) -> Any:
    login_sv.check_corp(ctx, corpToken)
    return meta_sv.meta_list(ctx, base=_base(request))


@rest.get(REST + "/meta/{entityType}", response_model=s.MetaOut, **op(
    "bullhorn_get_meta", "Describe an entity type",
    "The entity's fields: name, type (ID, SCALAR, COMPOSITE, TO_ONE, TO_MANY), data type, "
    "label, whether required or read-only, and the associated entity.", write=False,
    errors=E404))
async def get_meta(ctx: CtxDep, request: Request, corpToken: Corp, entityType: Type,
                   fields: Annotated[str | None, Query(max_length=4000, description=(
                       "Comma-separated fields to describe; default `*`."))] = None) -> Any:
    login_sv.check_corp(ctx, corpToken)
    return meta_sv.meta(ctx, entity=entityType, fields=fields, base=_base(request))


# ---- FastFind, mass update, association pairs ----------------------------------------------

@rest.get(REST + "/find", response_model=s.FindOut, **op(
    "bullhorn_find_records", "FastFind across clients, contacts, jobs and candidates",
    "Finds records from plain text: an id, an email, a phone number or a name (each word a "
    "prefix of a word of the name or job title); hits grouped by entity type "
    "(ClientContact, JobOrder, Candidate, ClientCorporation).", write=False, errors=E404))
async def find(ctx: CtxDep, corpToken: Corp,
               query: Annotated[str, Query(max_length=400, description="The text.")],
               countPerEntity: Annotated[int, Query(ge=1, le=100, description=(
                   "Most hits per entity type."))] = 10) -> Response:
    login_sv.check_corp(ctx, corpToken)
    return json_response(search_sv.find(ctx, query_text=query, count_per_entity=countPerEntity))


@rest.get(REST + "/massUpdate", response_model=list[str], **op(
    "bullhorn_list_mass_update", "Entity types with mass update",
    "The entity types POST /massUpdate/{entityType} accepts.", write=False, errors=E404))
async def list_mass_update(ctx: CtxDep, corpToken: Corp) -> Any:
    login_sv.check_corp(ctx, corpToken)
    return write_sv.mass_update_entities()


@rest.get(REST + "/massUpdate/{entityType}", response_model=list[s.MassUpdateField], **op(
    "bullhorn_get_mass_update", "Properties mass update sets",
    "The properties of the entity type mass update can set, each with its entitlement.",
    write=False, errors=E404))
async def get_mass_update(ctx: CtxDep, corpToken: Corp, entityType: Type) -> Any:
    login_sv.check_corp(ctx, corpToken)
    return write_sv.mass_update_fields(entity=entityType)


@rest.post(REST + "/massUpdate/{entityType}", response_model=s.MassUpdateOut, **op(
    "bullhorn_mass_update_entities", "Update many records at once",
    "Sets the same properties (see GET /massUpdate/{entityType}) on every record in `ids`: "
    '`{"ids": [1, 2], "status": "Closed"}`. All or nothing: one unknown id or bad value '
    "changes no record.", write=True, errors=E404))
async def mass_update(ctx: CtxDep, corpToken: Corp, entityType: Type,
                      body: Annotated[dict[str, Any], Body(description=(
                          "`ids` and the properties to set."))]) -> Response:
    login_sv.check_corp(ctx, corpToken)
    return json_response(write_sv.mass_update(ctx, entity=entityType, body=body))


@rest.post(REST + "/association/{entityType}/{association}", response_model=s.PairsOut,
             **op("bullhorn_list_association_pairs", "List association pairs",
                  "The (entity id, associated id) pairs of a to-many association for the "
                  "entities in `ids`.", write=False, errors=E404))
async def association_pairs(ctx: CtxDep, corpToken: Corp, entityType: Type,
                            association: Assoc, body: s.AssociationIn) -> Response:
    login_sv.check_corp(ctx, corpToken)
    return json_response(assoc_sv.association_pairs(
        ctx, entity=entityType, association=association, body=body))


# The restUrl's routes, each carrying the session-token check and its 412, join the
# login flow's in one router (the order the document lists them in).
router.routes.extend(rest.routes)
