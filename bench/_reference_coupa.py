"""Coupa's reference (procurement), read from Coupa Compass's Core API articles (the
Actions and Elements tables; see faithfulness.py), and the catalogue of every documented
field that the app documents from (`apps/procurement/documented.py`)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from _api_fields import in_domain, norm_path

HERE = Path(__file__).parent

# Coupa: suppliers (remit-to addresses, contracts, payment terms), requisitions, purchase
# orders, receiving, invoices, approvals, accounts, budget lines, users, lookup values. Not
# counted: attachments, image scans and legal PDFs, the shopping cart and scheduled issuance,
# mobile line-account edits, supplier-portal sessions and preferences, receipt requests,
# invoice-level remit-to edits and the contract lifecycle (legal agreements, signatures,
# check-in/out, publishing), which are document management and other products' worth.
COUPA_DOMAIN = [
    r"^/api/invoices(/\{\})?$",
    r"^/api/invoices/\{\}/(abandon|add_approver|bypass_approvals|bypass_current_approval|"
    r"dispute|remove_approval|restart_approvals|revalidate_tolerances|submit|void|"
    r"withdraw_dispute)$",
    r"^/api/purchase_orders(/\{\}(/[a-z_]+)?)?$",
    r"^/api/receiving_transactions(/\{\}(/void)?)?$",
    r"^/api/requisitions(/\{\})?$",
    r"^/api/requisitions/(mine|submit_for_approval)$",
    r"^/api/requisitions/\{\}/(add_approver|remove_approval|save_for_later|"
    r"update_and_submit_for_approval)$",
    r"^/api/approvals(/\{\}(/(approve|hold|reject))?)?$",
    r"^/api/suppliers(/\{\})?$",
    r"^/api/suppliers/\{\}/(addresses|remit_to_addresses)(/\{\})?$",
    r"^/api/contracts(/\{\})?$",
    r"^/api/(users|lookup_values|payment_terms)(/\{\})?$",
    r"^/api/budget_lines(/\{\}(/adjust)?)?$",
    r"^/api/accounts(/\{\}|/favorites|/recent)?$",
]
# Coupa's article (by its number in the reference's output/text/) per resource, the path
# prefix whose endpoints answer with that resource, and its line resource, if any.
COUPA_ARTICLES = {
    "invoices": ("0205", "/api/invoices", "invoice-lines"),
    "invoice-lines": ("0212", None, None),
    "purchase_orders": ("0233", "/api/purchase_orders", "order-lines"),
    "order-lines": ("0240", None, None),
    "receiving_transactions": ("0255", "/api/receiving_transactions", None),
    "requisitions": ("0261", "/api/requisitions", "requisition-lines"),
    "requisition-lines": ("0264", None, None),
    "approvals": ("0132", "/api/approvals", None),
    "supplier_addresses": ("0071", "/api/suppliers/{}/", None),
    "suppliers": ("0074", "/api/suppliers", None),
    "contracts": ("0139", "/api/contracts", None),
    "users": ("0100", "/api/users", None),
    "budget_lines": ("0038", "/api/budget_lines", None),
    "lookup_values": ("0061", "/api/lookup_values", None),
    "payment_terms": ("0064", "/api/payment_terms", None),
    "accounts": ("0027", "/api/accounts", None),
}


_COUPA_NAME = re.compile(r"[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+|[a-z]{2,}")
# Words of the Elements tables' other columns that look like field names.
_COUPA_WORDS = {"yes", "no", "any", "integer", "string", "boolean", "datetime", "decimal",
                "float", "text", "true", "false", "date", "none", "note", "accelerated",
                "in", "out"}
# Input-only fields (credentials) no response carries.
_COUPA_INPUT_ONLY = {"password", "generate-password-and-notify"}


def _coupa_kind(data_type: str) -> str:
    low = data_type.strip().lower()
    for kind in ("string", "text", "integer", "boolean", "decimal", "float", "datetime", "date"):
        if low.startswith(kind):
            return {"text": "string", "float": "decimal", "date": "datetime"}.get(kind, kind)
    return "object"  # an association (User, Currency, Account, ...)


def coupa_elements(text: str) -> dict[str, str]:
    """Field -> data kind of an article's Elements table. Rows come either tab-separated on
    one line or one cell per line (empty cells dropped); a field's type is its row's last
    cell. Names are given with `-` (the JSON spelling; the tables mix `_` and `-`)."""
    start = text.find("\nElements")
    out: dict[str, str] = {}
    if start < 0:
        return out
    current: str | None = None
    last: str | None = None
    for raw in text[start:].split("\n"):
        cells = [c.strip() for c in raw.split("\t")]
        if not cells[0]:
            continue
        head = cells[0]
        if head.startswith(("Example", "Sample")):
            break
        if _COUPA_NAME.fullmatch(head) and head not in _COUPA_WORDS:
            name = head.replace("_", "-")
            if name == current:
                continue  # the description repeats the name
            if current is not None and last is not None:
                out.setdefault(current, _coupa_kind(last))
            current, last = name, None
            if len(cells) > 2:  # a whole row on one line
                out.setdefault(name, _coupa_kind([c for c in cells if c][-1]))
                current = None
            continue
        if current is not None:
            last = [c for c in cells if c][-1]
    if current is not None and last is not None:
        out.setdefault(current, _coupa_kind(last))
    out.setdefault("id", "integer")
    for name in _COUPA_INPUT_ONLY:
        out.pop(name, None)
    return dict(sorted(out.items()))


def extract_coupa(text_dir: Path) -> tuple[dict[str, Any], dict[str, dict[str, str]]]:
    articles = {name: (text_dir.glob(f"{number}-*").__next__()).read_text()
                for name, (number, _, _) in COUPA_ARTICLES.items()}
    kinds = {name: coupa_elements(text) for name, text in articles.items()}
    endpoints: dict[str, list[str]] = {}
    for name, text in articles.items():
        prefix, lines = COUPA_ARTICLES[name][1:]
        if prefix is None:
            continue
        fields = set(kinds[name])
        if lines:
            fields |= {f"{lines}[].{f}" for f in kinds[lines]}
        flat = re.sub(r"\s+", " ", text)
        for method, raw in re.findall(r"\b(GET|POST|PUT|DELETE|PATCH) +(/api/[^ ]+)", flat):
            path = norm_path(raw)
            if not in_domain(COUPA_DOMAIN, path) or not (path + "/").startswith(
                    prefix.rstrip("/") + "/"):
                continue
            listing = method == "GET" and re.search(r"(s|/mine|/favorites|/recent|addresses)$",
                                                    path) is not None
            endpoints[f"{method} {path}"] = sorted(f"[].{f}" if listing else f
                                                   for f in fields)
    reference = {"product": "Coupa", "source": "github.com/TimTini/coupa-compass-integration-"
                 "docs output/text/ (Coupa Compass's Core API articles: Actions and Elements "
                 "tables)", "endpoints": dict(sorted(endpoints.items()))}
    return reference, kinds


def write_coupa_catalogue(kinds: dict[str, dict[str, str]]) -> None:
    target = HERE.parent / "apps" / "procurement" / "documented.json"
    target.write_text(json.dumps(dict(sorted(kinds.items())), indent=1) + "\n")
