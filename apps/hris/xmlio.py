"""BambooHR's XML: bodies in (`<employee>`, `<row>`, `<report>`) and answers out.

BambooHR takes employee and table-row bodies as JSON or as XML
(`<employee><field id="firstName">Ann</field></employee>`, `<row><field id="date">...`),
and answers reads in XML unless the request says `Accept: application/json`.
`BambooHRRoute`, the route class of the HRIS router, does both around every route:

- a POST/PUT body that is XML (Content-Type `application/xml` or `text/xml`, or no
  Content-Type and a body starting with `<`, as PyBambooHR sends it) on a route that takes
  XML (`xml_root(path)`) is parsed with DTDs and entities forbidden into the same JSON
  object the route's body model validates, so the same rules and errors apply; malformed
  XML is a 400 and changes nothing;
- a GET answered with JSON is rendered in BambooHR's XML shape for the path (`_SHAPES`)
  when the request does not accept `application/json`.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET  # building only; parsing is defusedxml's
from collections.abc import Callable, Coroutine
from email.message import Message
from typing import Any

import orjson
from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring
from fastapi import Request, Response
from fastapi.routing import APIRoute

from arcadia.apps.kernel import ApiError, invalid

XML_MEDIA_TYPES = ("application/xml", "text/xml")
MAX_XML_BYTES = 1 << 20  # 1 MiB
MAX_XML_FIELDS = 400  # as many as `fields=` may name
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_.-]*$")


# -- bodies in -------------------------------------------------------------------------------


def xml_root(path: str) -> str | None:
    """The root element a route's XML body has, by the route's path; None: no XML body.

    Table rows (any path with `/tables/`) are `<row>`; employees `<employee>`; the custom
    report `<report>`."""
    if "/tables/" in path:
        return "row"
    trimmed = path.rstrip("/")
    if trimmed.endswith("/employees") or trimmed.endswith("/employees/{id}"):
        return "employee"
    if trimmed.endswith("/reports/custom"):
        return "report"
    return None


def is_xml_body(content_type: str | None, body: bytes) -> bool:
    """Whether a body is XML: by its Content-Type, or, with none, by its first character."""
    if not content_type:
        return body.lstrip()[:1] == b"<"
    message = Message()
    message["content-type"] = content_type
    return message.get_content_type() in XML_MEDIA_TYPES


def _malformed(detail: str) -> ApiError:
    return invalid(f"Malformed XML: {detail}. Send e.g. <employee><field id=\"firstName\">"
                   "Ann</field></employee> (table rows: <row><field id=\"date\">2026-03-16"
                   "</field></row>), or a JSON object with Content-Type: application/json.",
                   "body")


def parse_xml(body: bytes, root: str) -> dict[str, Any]:
    """The JSON object an XML body stands for (`{field id: text}`; a report's title and
    field list), or a 400 naming what is wrong."""
    if len(body) > MAX_XML_BYTES:
        # The kernel's body cap usually refuses it first; this bound holds whatever the cap.
        raise ApiError(413, f"The XML body is larger than {MAX_XML_BYTES} bytes.",
                       code="too_large", field="body")
    try:
        doc = fromstring(body, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException:
        raise _malformed("DTDs and entities are not accepted") from None
    except ET.ParseError as e:
        raise _malformed(f"the document does not parse ({e})") from None
    if doc.tag != root:
        raise _malformed(f"the root element must be <{root}>")
    if root == "report":
        return _report(doc)
    return _fields(doc, root)


def _shown(name: str) -> str:
    """A client's field name, quoted and cut short, for an error message."""
    return repr(name[:40] + ("..." if len(name) > 40 else ""))


def _fields(doc: ET.Element, root: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    children = list(doc)
    if len(children) > MAX_XML_FIELDS:
        raise invalid(f"At most {MAX_XML_FIELDS} fields may be sent at once; got "
                      f"{len(children)}.", "body")
    for child in children:
        name = child.get("id")
        if child.tag != "field" or not name:
            raise _malformed(f"<{root}> holds only <field id=\"...\"> elements")
        if len(child):
            raise _malformed(f"field {_shown(name)} holds elements; a field holds text only")
        if name in out:
            raise _malformed(f"field {_shown(name)} appears twice")
        text = child.text or ""
        currency = child.get("currency")
        # A rate may carry its currency as an attribute, as in BambooHR's table XML: a row's
        # rate becomes `{value, currency}`, an employee's payRate `"85000.00 USD"`.
        if currency and root == "row":
            out[name] = {"value": text, "currency": currency}
        else:
            out[name] = f"{text} {currency}" if currency else text
    return out


def _report(doc: ET.Element) -> dict[str, Any]:
    out: dict[str, Any] = {}
    title = doc.find("title")
    if title is not None and title.text:
        out["title"] = title.text
    if doc.find("filters") is not None:
        raise invalid("Report <filters> are not supported here; leave them out and filter "
                      "the employees of the answer (each carries lastChanged when asked).",
                      "filters")
    fields = doc.find("fields")
    if fields is None:
        raise _malformed("<report> needs <fields> with one <field id=\"...\"/> per column")
    out["fields"] = [f.get("id") or "" for f in fields.findall("field")]
    return out


# -- answers out -----------------------------------------------------------------------------


def wants_json(request: Request) -> bool:
    """BambooHR answers JSON only to `Accept: application/json`; anything else gets XML."""
    return "application/json" in request.headers.get("accept", "").lower()


def _text(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _field(parent: ET.Element, name: str, value: Any, tag: str = "field") -> ET.Element:
    el = ET.SubElement(parent, tag, {"id": name})
    if isinstance(value, dict):
        # A rate: `{value, currency}` -> text plus a currency attribute.
        el.text = _text(value.get("value"))
        for key, val in value.items():
            if key != "value" and val is not None and not isinstance(val, dict | list):
                el.set(key, str(val))
    elif isinstance(value, list):
        for item in value:
            _generic(el, "item", item)
    else:
        el.text = _text(value)
    return el


def _generic(parent: ET.Element, tag: str, value: Any) -> ET.Element:
    """Any JSON value as elements: keys become child elements (`<field id=...>` where a key
    is not an XML name), lists repeat `<item>`."""
    el = ET.SubElement(parent, tag if _NAME.match(tag) else "field")
    if not _NAME.match(tag):
        el.set("id", tag)
    if isinstance(value, dict):
        for key, val in value.items():
            _generic(el, str(key), val)
    elif isinstance(value, list):
        for item in value:
            _generic(el, "item", item)
    else:
        el.text = _text(value)
    return el


def _employee(data: dict[str, Any]) -> ET.Element:
    root = ET.Element("employee", {"id": str(data.get("id", ""))})
    for key, value in data.items():
        if key != "id":
            _field(root, key, value)
    return root


def _directory(data: dict[str, Any]) -> ET.Element:
    root = ET.Element("directory")
    fieldset = ET.SubElement(root, "fieldset")
    for f in data.get("fields", []):
        ET.SubElement(fieldset, "field", {"id": str(f.get("id"))}).text = _text(f.get("name"))
    employees = ET.SubElement(root, "employees")
    for e in data.get("employees", []):
        el = ET.SubElement(employees, "employee", {"id": str(e.get("id", ""))})
        for key, value in e.items():
            if key != "id":
                _field(el, key, value)
    return root


def _table(data: list[dict[str, Any]]) -> ET.Element:
    root = ET.Element("table")
    for row in data:
        attrs = {k: str(row[k]) for k in ("id", "employeeId") if row.get(k) is not None}
        el = ET.SubElement(root, "row", attrs)
        for key, value in row.items():
            if key not in ("id", "employeeId"):
                _field(el, key, value)
    return root


def _meta_fields(data: list[dict[str, Any]]) -> ET.Element:
    root = ET.Element("fields")
    for f in data:
        attrs = {k: str(f[k]) for k in ("id", "type", "alias") if f.get(k) is not None}
        ET.SubElement(root, "field", attrs).text = _text(f.get("name"))
    return root


def _meta_lists(data: list[dict[str, Any]]) -> ET.Element:
    root = ET.Element("lists")
    for item in data:
        attrs = {k: str(item[k]) for k in ("fieldId", "alias", "manageable", "multiple")
                 if item.get(k) is not None}
        el = ET.SubElement(root, "list", attrs)
        ET.SubElement(el, "name").text = _text(item.get("name"))
        options = ET.SubElement(el, "options")
        for o in item.get("options", []):
            ET.SubElement(options, "option", {"id": str(o.get("id")),
                                              "archived": str(o.get("archived"))}
                          ).text = _text(o.get("name"))
    return root


def _time_off_types(data: dict[str, Any]) -> ET.Element:
    root = ET.Element("timeOffTypes")
    for t in data.get("timeOffTypes", []):
        attrs = {k: str(v) for k, v in t.items() if v is not None}
        ET.SubElement(root, "timeOffType", attrs)
    hours = ET.SubElement(root, "defaultHours")
    for h in data.get("defaultHours", []):
        ET.SubElement(hours, "dayHours", {"name": str(h.get("name"))}
                      ).text = _text(h.get("amount"))
    return root


def _requests(data: list[dict[str, Any]]) -> ET.Element:
    root = ET.Element("requests")
    for r in data:
        el = ET.SubElement(root, "request", {"id": str(r.get("id"))})
        ET.SubElement(el, "employee", {"id": str(r.get("employeeId"))}).text = \
            _text(r.get("name"))
        status = r.get("status") or {}
        ET.SubElement(el, "status", {k: str(v) for k, v in status.items()
                                     if k != "status" and v is not None}
                      ).text = _text(status.get("status"))
        for key in ("start", "end", "created"):
            ET.SubElement(el, key).text = _text(r.get(key))
        kind = r.get("type") or {}
        ET.SubElement(el, "type", {k: str(v) for k, v in kind.items()
                                   if k != "name" and v is not None}).text = \
            _text(kind.get("name"))
        amount = r.get("amount") or {}
        ET.SubElement(el, "amount", {"unit": str(amount.get("unit"))}).text = \
            _text(amount.get("amount"))
        actions = ET.SubElement(el, "actions")
        for key, value in (r.get("actions") or {}).items():
            ET.SubElement(actions, key).text = _text(value)
        dates = ET.SubElement(el, "dates")
        for ymd, value in (r.get("dates") or {}).items():
            ET.SubElement(dates, "date", {"ymd": ymd}).text = _text(value)
        notes = ET.SubElement(el, "notes")
        for who, value in (r.get("notes") or {}).items():
            ET.SubElement(notes, "note", {"from": who}).text = _text(value)
    return root


def _whos_out(data: list[dict[str, Any]]) -> ET.Element:
    root = ET.Element("calendar")
    for item in data:
        el = ET.SubElement(root, "item", {"type": str(item.get("type"))})
        if item.get("type") == "holiday":
            ET.SubElement(el, "holiday", {"id": str(item.get("id"))}).text = \
                _text(item.get("name"))
        else:
            ET.SubElement(el, "request", {"id": str(item.get("id"))})
            ET.SubElement(el, "employee", {"id": str(item.get("employeeId"))}).text = \
                _text(item.get("name"))
        for key in ("start", "end"):
            ET.SubElement(el, key).text = _text(item.get(key))
    return root


def _changed(data: dict[str, Any]) -> ET.Element:
    """`/employees/changed`: `<employees latest=...><employee id action lastChanged/>`."""
    root = ET.Element("employees", {"latest": str(data.get("latest") or "")})
    for eid, change in (data.get("employees") or {}).items():
        attrs = {"id": str(eid), **{k: str(v) for k, v in change.items()
                                    if k != "id" and not isinstance(v, dict | list)
                                    and v is not None}}
        ET.SubElement(root, "employee", attrs)
    return root


def _changed_table(data: dict[str, Any]) -> ET.Element:
    """`/employees/changed/tables/{table}`: each employee's rows of the table."""
    root = ET.Element("table", {"alias": str(data.get("table") or "")})
    for eid, change in (data.get("employees") or {}).items():
        el = ET.SubElement(root, "employee", {"id": str(eid), "lastChanged":
                                              str(change.get("lastChanged") or "")})
        for row in change.get("rows") or []:
            attrs = {k: str(row[k]) for k in ("id", "employeeId") if row.get(k) is not None}
            row_el = ET.SubElement(el, "row", attrs)
            for key, value in row.items():
                if key not in ("id", "employeeId"):
                    _field(row_el, key, value)
    return root


def _users(data: dict[str, Any]) -> ET.Element:
    """`/meta/users`: `<users><user id employeeId><firstName>...</user></users>`."""
    root = ET.Element("users")
    for user in data.values():
        attrs = {k: str(user[k]) for k in ("id", "employeeId") if user.get(k) is not None}
        el = ET.SubElement(root, "user", attrs)
        for key, value in user.items():
            if key not in ("id", "employeeId") and value is not None:
                ET.SubElement(el, key).text = _text(value)
    return root


def _meta_tables(data: list[dict[str, Any]]) -> ET.Element:
    root = ET.Element("tables")
    for t in data:
        el = ET.SubElement(root, "table", {"alias": str(t.get("alias"))})
        for f in t.get("fields", []):
            attrs = {k: str(f[k]) for k in ("id", "alias", "type") if f.get(k) is not None}
            ET.SubElement(el, "field", attrs).text = _text(f.get("name"))
    return root


# (path test, renderer), first match wins; the rest fall back to `_generic`.
_SHAPES: tuple[tuple[Callable[[str], bool], Callable[[Any], ET.Element]], ...] = (
    (lambda p: p.rstrip("/").endswith("/employees/directory"), _directory),
    (lambda p: p.rstrip("/").endswith("/employees/changed"), _changed),
    (lambda p: "/employees/changed/tables/" in p, _changed_table),
    (lambda p: p.rstrip("/").endswith("/meta/tables"), _meta_tables),
    (lambda p: "/tables/" in p, _table),
    (lambda p: p.rstrip("/").endswith("/meta/users"), _users),
    (lambda p: p.rstrip("/").endswith("/meta/fields"), _meta_fields),
    (lambda p: p.rstrip("/").endswith("/meta/lists"), _meta_lists),
    (lambda p: p.rstrip("/").endswith("/meta/time_off/types"), _time_off_types),
    (lambda p: p.rstrip("/").endswith("/time_off/requests"), _requests),
    (lambda p: p.rstrip("/").endswith("/time_off/whos_out"), _whos_out),
    (lambda p: p.rstrip("/").endswith("/employees/{id}"), _employee),
)


def render_xml(path: str, data: Any) -> bytes:
    """`data` (a route's JSON answer) in BambooHR's XML shape for the route `path`."""
    for matches, render in _SHAPES:
        if matches(path):
            try:
                root = render(data)
            except (AttributeError, TypeError):  # not the shape expected: say it plainly
                break
            return _serialise(root)
    tag = path.rstrip("/").rsplit("/", 1)[-1].strip("{}") or "response"
    holder = ET.Element("holder")
    _generic(holder, tag, data)
    return _serialise(holder[0])


# Characters XML 1.0 cannot carry (stored values may hold them): sent as U+FFFD.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _serialise(root: ET.Element) -> bytes:
    for el in root.iter():
        if el.text:
            el.text = _NOT_XML.sub("\ufffd", el.text)
        for key, value in el.attrib.items():
            el.set(key, _NOT_XML.sub("\ufffd", value))
    return b'<?xml version="1.0"?>\n' + ET.tostring(root, encoding="utf-8",
                                                      xml_declaration=False)


# -- the route class -------------------------------------------------------------------------


_XML_IN = {"employee": '<employee><field id="firstName">Ann</field>...</employee>',
           "row": '<row><field id="date">2026-03-16</field>...</row>',
           "report": '<report><title>...</title><fields><field id="firstName"/>...</fields>'
                     '</report>'}


class BambooHRRoute(APIRoute):
    """The HRIS router's route class: XML bodies in, XML answers out (see the module)."""

    def __init__(self, path: str, endpoint: Callable[..., Any], **kwargs: Any) -> None:
        super().__init__(path, endpoint, **kwargs)
        # The document says what the class does: XML bodies, and XML answers to reads.
        extra: dict[str, Any] = {}
        root = xml_root(self.path_format) if self.body_field is not None else None
        if root is not None:
            schema = {"type": "string", "description": "The same fields as XML: "
                      f"{_XML_IN[root]} (Content-Type application/xml or text/xml)."}
            extra["requestBody"] = {"content": {t: {"schema": schema}
                                                for t in XML_MEDIA_TYPES}}
        if "GET" in (self.methods or set()):
            status = str(self.status_code or 200)
            extra["responses"] = {status: {"content": {"application/xml": {"schema": {
                "type": "string", "description": "BambooHR's XML for this read, sent when "
                "the request does not accept application/json."}}}}}
        if extra:
            self.openapi_extra = {**(self.openapi_extra or {}), **extra}

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()
        path = self.path_format
        # Only routes with a body take XML (APIRoute sets body_field before building this).
        takes_body = self.body_field is not None
        root = xml_root(path) if takes_body else None

        async def route(request: Request) -> Response:
            if takes_body and request.method in ("POST", "PUT"):
                body = await request.body()
                content_type = request.headers.get("content-type")
                if root is not None and is_xml_body(content_type, body):
                    request = _as_json(request, parse_xml(body, root))
                elif root is None and content_type and is_xml_body(content_type, body):
                    raise invalid("This route takes a JSON body (Content-Type: "
                                  "application/json); XML bodies are taken by the employee, "
                                  "table row and custom report routes.", "body")
            response = await handler(request)
            if (request.method == "GET" and not wants_json(request)
                    and 200 <= response.status_code < 300
                    and response.media_type == "application/json"):
                return _xml_response(response, path)
            return response

        return route


def _as_json(request: Request, data: dict[str, Any]) -> Request:
    """The request again, its body now the JSON object the XML stood for."""
    headers = [(k, v) for k, v in request.scope["headers"]
               if k not in (b"content-type", b"content-length")]
    body = orjson.dumps(data)
    headers += [(b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode())]
    out = Request({**request.scope, "headers": headers}, request.receive)
    out._body = body  # starlette's cached body: the handler reads this, not the socket
    return out


def _xml_response(response: Response, path: str) -> Response:
    data = orjson.loads(bytes(response.body))
    headers = {k: v for k, v in response.headers.items()
               if k.lower() not in ("content-length", "content-type")}
    return Response(render_xml(path, data), status_code=response.status_code,
                    headers=headers, media_type="application/xml")


__all__ = ["BambooHRRoute", "parse_xml", "render_xml", "wants_json", "xml_root"]
