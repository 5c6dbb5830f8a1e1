"""`Ctx.me`: the principal's own row of a per-person table, or the app's error."""

from __future__ import annotations

import pytest

from arcadia.apps.calendar import models as cal
from arcadia.apps.kernel import ApiError, Ctx, EpisodeStore, Principal, not_found
from arcadia.apps.mail import models as mail
from arcadia.apps.registry import load_specs
from tests.factories import SPEC


def no_row(principal: Principal) -> ApiError:
    return not_found(f"{principal.email} has no row.", field="user")


@pytest.fixture(scope="module")
def episode():
    store = EpisodeStore(load_specs(["mail", "calendar"]))
    ep = store.create(SPEC)
    yield store, ep
    store.delete(ep.id)


def ctx_of(store, ep, app: str, person_id: int) -> Ctx:
    principal = Principal(person_id, "who@x.io", "Who", ("employee",))
    return Ctx(store, ep, principal, app, method="GET", path="/", tick=0, writes=False)


def test_by_primary_key_as_orm_row_or_snapshot(episode):
    store, ep = episode
    pid = ep.dbs["calendar"].conn.execute("SELECT person_id FROM users LIMIT 1").fetchone()[0]
    ctx = ctx_of(store, ep, "calendar", pid)
    row = ctx.me(cal.User, no_row)
    assert isinstance(row, cal.User) and row.person_id == pid
    snap = ctx.me(cal.User, no_row, snapshot=True)
    assert not isinstance(snap, cal.User) and vars(snap) == {
        c.name: getattr(row, c.key) for c in cal.User.__table__.columns}
    ctx.close()


def test_by_a_column(episode):
    store, ep = episode
    pid, box_id = ep.dbs["mail"].conn.execute(
        "SELECT person_id, id FROM mailboxes ORDER BY id LIMIT 1").fetchone()
    ctx = ctx_of(store, ep, "mail", pid)
    assert ctx.me(mail.Mailbox, no_row, by="person_id").id == box_id
    assert ctx.me(mail.Mailbox, no_row, by="person_id", snapshot=True).id == box_id
    ctx.close()


@pytest.mark.parametrize(("app", "model", "by"), [
    ("calendar", cal.User, None), ("mail", mail.Mailbox, "person_id")])
@pytest.mark.parametrize("snapshot", [False, True])
def test_missing_raises_the_apps_error(episode, app, model, by, snapshot):
    store, ep = episode
    ctx = ctx_of(store, ep, app, 2**62)
    with pytest.raises(ApiError) as err:
        ctx.me(model, no_row, by=by, snapshot=snapshot)
    assert (err.value.status, err.value.message, err.value.field) == \
        (404, "who@x.io has no row.", "user")
    ctx.close()
