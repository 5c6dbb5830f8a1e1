"""Bullhorn's login flow (`/oauth/authorize`, `/oauth/token`, `/rest-services/login`), the
session's `ping`, the restUrl's corporation token and the agency's handbook.

The code, the access token and the BhRestToken are all the episode's credential (the kernel
resolves it on every call), so the flow keeps no state of its own.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from urllib.parse import urlencode

from arcadia.apps.bullhorn.query import epoch_ms
from arcadia.apps.kernel import Ctx, invalid, not_found
from arcadia.world import WorldSpec
from arcadia.world.agency.handbook import render_handbook

# How long a session lasts (the `/ping` answer), and an OAuth access token's lifetime.
SESSION_MINUTES, ACCESS_TOKEN_SECONDS = 60, 600


def corp_token(spec: WorldSpec) -> str:
    """The corporation token of the agency's Bullhorn instance (the restUrl's last part)."""
    return f"arc{spec.seed}"


def check_corp(ctx: Ctx, corp: str) -> None:
    if corp != corp_token(ctx.episode.template.spec):
        raise not_found(f"No corporation {corp[:40]!r} here: use the restUrl that "
                        "/rest-services/login returned (its corporation token is "
                        f"{corp_token(ctx.episode.template.spec)!r}).")


def rest_url(ctx: Ctx, base: str) -> str:
    return f"{base}/rest-services/{corp_token(ctx.episode.template.spec)}/"


def _check_user(ctx: Ctx, username: str | None) -> None:
    if username is not None and username.strip().lower() not in (
            ctx.principal.email.lower(), ctx.principal.email.split("@")[0].lower()):
        raise invalid(f"username {username[:60]!r} is not the user of this credential "
                      f"({ctx.principal.email}); send that user's email or login name, "
                      "or leave username out.", "username")


def authorize(ctx: Ctx, *, credential: str, base: str, client_id: str, response_type: str,
              username: str | None, redirect_uri: str | None, state: str | None) -> str:
    """The redirect location carrying the authorization code. The code, the access token
    and the BhRestToken are all the episode's credential (the kernel resolves it on every
    call), so the flow needs no state of its own."""
    if response_type != "code":
        raise invalid("response_type must be 'code'.", "response_type")
    if not client_id.strip():
        raise invalid("client_id must not be empty.", "client_id")
    _check_user(ctx, username)
    target = redirect_uri or f"{base}/oauth/callback"
    params = {"code": credential, "client_id": client_id}
    if state is not None:
        params["state"] = state
    return f"{target}{'&' if '?' in target else '?'}{urlencode(params)}"


def token(ctx: Ctx, *, credential: str, grant_type: str, client_id: str,
          client_secret: str) -> dict[str, Any]:
    if grant_type not in ("authorization_code", "refresh_token"):
        raise invalid("grant_type must be 'authorization_code' or 'refresh_token'.",
                      "grant_type")
    if not client_id.strip() or not client_secret.strip():
        raise invalid("client_id and client_secret must not be empty.", "client_id")
    value = credential
    return {"access_token": value, "token_type": "Bearer", "expires_in": ACCESS_TOKEN_SECONDS,
            "refresh_token": value}


def login(ctx: Ctx, *, credential: str, base: str, version: str) -> dict[str, Any]:
    if not version.strip():
        raise invalid("version must not be empty; send version=*.", "version")
    return {"BhRestToken": credential, "restUrl": rest_url(ctx, base)}


def handbook(ctx: Ctx) -> str:
    """The agency's operating handbook (Markdown), with this world's policy figures."""
    agency = ctx.episode.template.source.part("agency")
    if agency.policy is None:
        raise not_found("This world has no agency, so no handbook.")
    return render_handbook(agency.policy, agency.name)


def ping(ctx: Ctx) -> dict[str, Any]:
    return {"sessionExpires": epoch_ms(ctx.now + timedelta(minutes=SESSION_MINUTES))}
