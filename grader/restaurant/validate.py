"""Replay validation of a restaurant shift trace: a trace that fails is never scored.

`validate(lines)` gives the first reason a complete trace (header, events and tick lines,
the report line, the footer) is invalid, or None. In order:

1. the contract and simulation version;
2. the case: id, version and file hash, the 120-tick duration, and the header equal to the
   one `world.restaurant.header(case, seed)` derives (arrivals, scheduled failures and
   shortages, floor, ceiling, metrics, recovery target);
3. the structure: events in tick order with `seq` counting from 1, one tick line per tick
   chained by `prev` (tick 1's `prev` is the sha256 of the header's canonical bytes), and
   nothing after tick 120 but the report;
4. the cash ledger: known accounts, integer amounts with the right sign, each balance the
   previous one plus the amount;
5. the orders: created once, before anything else happens to them; each move starts from
   the ticket's current state and never leaves a closed one; served at most once;
6. re-simulating the case and seed with the manager's actions (each at the tick it was
   applied) and report reproduces every line, so every tick hash, exactly;
7. the trace's figures equal the re-simulated shift's, and the footer's terminal state
   equals its terminal state (the grader's own keys `finished_by` and
   `manager_last_tick` aside) and the footer's report the one filed;
8. the footer's grade equals the grade recomputed from the trace, exactly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arcadia.grader.restaurant import metrics as M
from arcadia.grader.restaurant.metrics import canonical, sha256
from arcadia.world import restaurant as sim

Line = Mapping[str, Any]

ACCOUNTS = ("revenue", "ingredients", "labour", "repairs", "purchases", "comps")
STATES = ("queued", "cooking", "assembling", "ready", "served", "walked_out", "cancelled")
# Keys the grader adds to the terminal state (who finished the shift); not the sim's.
GRADER_TERMINAL_KEYS = ("finished_by", "manager_last_tick")
TICKET_KINDS = ("screened", "ticket_moved", "served")


class InvalidTrace(ValueError):
    """Why a trace is invalid: a sentence naming the first thing that is wrong."""


def validate(lines: Sequence[Line], *, replayed_to: sim.Shift | None = None) -> str | None:
    """The reason the complete trace is invalid, or None when it is valid.

    Args:
        lines: the complete trace, footer included.
        replayed_to: the shift the caller got by re-simulating these very lines and
            checking each one (as `outcome.finish` does); the re-simulation is then not
            run again. None: re-simulate here.
    """
    try:
        check(lines, replayed_to=replayed_to)
    except InvalidTrace as e:
        return str(e)
    return None


def check(lines: Sequence[Line], *, replayed_to: sim.Shift | None = None) -> None:
    """Raises InvalidTrace with the first problem of a complete trace (with its footer)."""
    foot = M.footer_of(lines)
    if foot is None:
        raise InvalidTrace("the trace has no footer line")
    body = list(lines[:-1])
    shift = replayed(body, replayed_to=replayed_to)
    terminal = foot.get("terminal")
    if not isinstance(terminal, dict):
        raise InvalidTrace("the footer has no terminal state")
    mine = {k: v for k, v in terminal.items() if k not in GRADER_TERMINAL_KEYS}
    if canonical(mine) != canonical(shift.terminal()):
        raise InvalidTrace("the footer's terminal state differs from the re-simulated "
                           "shift's terminal state")
    if terminal.get("finished_by", "manager") not in ("manager", "crew"):
        raise InvalidTrace(f"the footer's finished_by {terminal['finished_by']!r} is "
                           "neither 'manager' nor 'crew'")
    filed = M.events(body, "report_filed")
    if canonical(foot.get("report")) != canonical(filed[-1]["report"] if filed else None):
        raise InvalidTrace("the footer's report is not the report the manager filed")
    if not isinstance(foot.get("grade"), dict):
        raise InvalidTrace("the footer has no grade")
    if canonical(foot["grade"]) != canonical(M.grade(lines)):
        raise InvalidTrace("the footer's grade differs from the grade recomputed from the "
                           "trace")


def replayed(body: Sequence[Line], *, replayed_to: sim.Shift | None = None) -> sim.Shift:
    """Checks a trace without its footer (steps 1-7 but the footer's) and returns the
    re-simulated shift at its end (`replayed_to` if given); raises InvalidTrace."""
    header = check_header(body)
    chunks, after = check_structure(body)
    check_ledger(body)
    check_orders(body)
    shift = replayed_to
    if shift is None:
        shift = sim.Shift.start(sim.load_case(header["case"]), int(header["seed"]))
        resimulate(shift, chunks, after)
    truth = shift.figures()
    mine = M.figures(body)
    for name in M.REPORT_FIELDS:
        if mine[name] != truth.get(name):
            raise InvalidTrace(f"the trace's {name} ({mine[name]}) differs from the "
                               f"re-simulated shift's ({truth.get(name)})")
    return shift


def check_header(lines: Sequence[Line]) -> Line:
    try:
        h = M.header_of(lines)
    except ValueError as e:
        raise InvalidTrace(str(e)) from None
    if h.get("contract") != sim.CONTRACT:
        raise InvalidTrace(f"contract {h.get('contract')!r} is not {sim.CONTRACT!r}")
    if h.get("sim_version") != sim.SIM_VERSION:
        raise InvalidTrace(f"simulation version {h.get('sim_version')!r} is not "
                           f"{sim.SIM_VERSION!r}")
    if h.get("case") not in sim.CASE_IDS:
        raise InvalidTrace(f"case {h.get('case')!r} is not one of {list(sim.CASE_IDS)}")
    case = sim.load_case(h["case"])
    if h.get("case_version") != case.version:
        raise InvalidTrace(f"case version {h.get('case_version')!r} is not the case's "
                           f"{case.version}")
    if h.get("case_hash") != case.hash:
        raise InvalidTrace(f"case hash {h.get('case_hash')!r} is not the case file's")
    if h.get("ticks") != sim.TICKS:
        raise InvalidTrace(f"duration {h.get('ticks')!r} ticks is not {sim.TICKS}")
    seed = h.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidTrace(f"seed {seed!r} is not an integer")
    want = sim.header(case, seed)
    names = {"arrivals": "guest arrivals", "failures": "scheduled equipment failures",
             "shortages": "scheduled shortages"}
    for key in sorted(set(want) | set(h)):
        if canonical(h.get(key)) != canonical(want.get(key)):
            raise InvalidTrace(f"the header's {names.get(key, key)} differ from case "
                               f"{case.id}'s for seed {seed}")
    return h


def check_structure(lines: Sequence[Line]
                    ) -> tuple[list[list[Line]], list[Line]]:
    """Each tick's lines (events then its tick line) and the lines after the last tick."""
    h = lines[0]
    prev = sha256(canonical(h))
    chunks: list[list[Line]] = []
    current: list[Line] = []
    seq = 0
    for i, ln in enumerate(lines[1:], start=1):
        kind = ln.get("type")
        tick = len(chunks) + 1
        if kind == "event":
            seq += 1
            if ln.get("seq") != seq:
                raise InvalidTrace(f"line {i}: event seq {ln.get('seq')!r}, expected {seq}")
            finished = len(chunks) == h["ticks"]
            want = h["ticks"] if finished else tick
            if ln.get("tick") != want:
                raise InvalidTrace(f"line {i}: event {seq} has tick {ln.get('tick')!r} but "
                                   f"belongs to tick {want}")
            if finished and ln.get("kind") != "report_filed":
                raise InvalidTrace(f"line {i}: a {ln.get('kind')} event after the last tick")
            current.append(ln)
        elif kind == "tick":
            if ln.get("tick") != tick:
                raise InvalidTrace(f"line {i}: tick line {ln.get('tick')!r}, expected {tick}")
            if len(chunks) == h["ticks"]:
                raise InvalidTrace(f"line {i}: a tick line after tick {h['ticks']}")
            if ln.get("prev") != prev:
                raise InvalidTrace(f"tick {tick}: prev does not chain to the "
                                   f"{'header' if tick == 1 else f'tick {tick - 1} hash'}")
            prev = str(ln.get("hash"))
            chunks.append([*current, ln])
            current = []
        else:
            raise InvalidTrace(f"line {i}: a {kind!r} line inside the trace")
    if len(chunks) != h["ticks"]:
        raise InvalidTrace(f"the trace has {len(chunks)} tick lines, not {h['ticks']}")
    if len([ln for ln in current if ln.get("kind") == "report_filed"]) > 1:
        raise InvalidTrace("more than one report was filed")
    return chunks, current


def check_ledger(lines: Sequence[Line]) -> None:
    balance: int | None = None
    for ev in M.events(lines, "ledger"):
        seq, account = ev.get("seq"), ev.get("account")
        amount, after = ev.get("amount_cents"), ev.get("balance_cents")
        if account not in ACCOUNTS:
            raise InvalidTrace(f"ledger event {seq}: unknown account {account!r}")
        if any(isinstance(x, bool) or not isinstance(x, int) for x in (amount, after)):
            raise InvalidTrace(f"ledger event {seq}: amount and balance must be integer "
                               "cents")
        assert isinstance(amount, int) and isinstance(after, int)
        if (account == "revenue") != (amount >= 0) and amount != 0:
            raise InvalidTrace(f"ledger event {seq}: {account} amount {amount} has the wrong "
                               "sign (revenue is +, costs and comps are -)")
        if balance is not None and after != balance + amount:
            raise InvalidTrace(f"ledger event {seq}: balance {after} is not the previous "
                               f"balance {balance} plus {amount}")
        balance = after


def check_orders(lines: Sequence[Line]) -> None:
    state: dict[Any, str] = {}
    served: set[Any] = set()
    for ev in M.events(lines):
        kind, seq, ticket = ev.get("kind"), ev.get("seq"), ev.get("ticket")
        if kind == "order_created":
            if ticket in state:
                raise InvalidTrace(f"event {seq}: ticket {ticket} is created twice")
            state[ticket] = "queued"
            continue
        if kind not in TICKET_KINDS and not (kind == "walked_out" and ticket is not None):
            continue
        if ticket not in state:
            raise InvalidTrace(f"event {seq}: {kind} of ticket {ticket}, which was never "
                               "created before it")
        now = state[ticket]
        if kind == "ticket_moved":
            src, dst = ev.get("from"), ev.get("to")
            if dst not in STATES or dst == "queued" and src == "queued":
                raise InvalidTrace(f"event {seq}: ticket {ticket} moved to {dst!r}")
            if now in M.TERMINAL_STATES:
                raise InvalidTrace(f"event {seq}: ticket {ticket} moved out of {now!r}")
            if src != now:
                raise InvalidTrace(f"event {seq}: ticket {ticket} moved from {src!r} but "
                                   f"was {now!r}")
            state[ticket] = dst
        elif kind == "served":
            # The `served` event and the move to `served` may come in either order.
            if ticket in served or now in ("walked_out", "cancelled"):
                raise InvalidTrace(f"event {seq}: ticket {ticket} served after it was "
                                   f"{'served' if ticket in served else now}")
            served.add(ticket)
        elif kind == "walked_out":
            if ticket in served or now in ("served", "cancelled"):
                raise InvalidTrace(f"event {seq}: ticket {ticket} walked out after it was "
                                   f"{'served' if ticket in served else now}")
        elif now in M.TERMINAL_STATES and kind == "screened":
            raise InvalidTrace(f"event {seq}: ticket {ticket} screened after it was {now}")


def actions_by_tick(lines: Sequence[Line]) -> dict[int, list[dict[str, Any]]]:
    out: dict[int, list[dict[str, Any]]] = {}
    for tick, action in M.manager_actions(lines):
        out.setdefault(tick, []).append(action)
    return out


def resimulate(shift: sim.Shift, chunks: Sequence[Sequence[Line]], after: Sequence[Line]
               ) -> None:
    """Runs `shift` through the recorded ticks, checking every line it produces."""
    for t, chunk in enumerate(chunks, start=1):
        acts = [dict(ev["action"]) for ev in chunk
                if ev.get("kind") == "action" and ev.get("actor") == "manager"]
        try:
            if acts:
                shift.submit(acts)
        except sim.IllegalAction as e:
            raise InvalidTrace(f"tick {t}: the manager's action {e.index} is rejected on "
                               f"re-simulation: {e.reason}") from None
        same(t, chunk, shift.advance())
    filed = [ev for ev in after if ev.get("kind") == "report_filed"]
    if filed:
        try:
            got = shift.file_report(dict(filed[0]["report"]))
        except sim.IllegalAction as e:
            raise InvalidTrace(f"the report is rejected on re-simulation: {e.reason}") from None
        same(len(chunks), filed, got)


def same(tick: int, recorded: Sequence[Line], got: Sequence[Line]) -> None:
    for rec, new in zip(recorded, got, strict=False):
        if canonical(rec) == canonical(new):
            continue
        if rec.get("type") == "tick" and new.get("type") == "tick":
            raise InvalidTrace(f"tick {tick}: state hash {rec.get('hash')} does not match "
                               f"the re-simulation's {new.get('hash')}")
        what = (f"event {rec.get('seq')} ({rec.get('kind')})" if rec.get("type") == "event"
                else f"the {rec.get('type')} line")
        raise InvalidTrace(f"tick {tick}: {what} differs from the re-simulation's "
                           f"{new.get('kind') or new.get('type')} line")
    if len(recorded) != len(got):
        raise InvalidTrace(f"tick {tick}: {len(recorded)} recorded lines, the re-simulation "
                           f"gives {len(got)}")


def pass1(lines: Sequence[Line]) -> bool:
    """Pass@1 of a complete trace: valid, Safety 100, every applicable metric >= 80 and an
    accurate report."""
    return validate(lines) is None and bool(M.grade(lines)["pass1"])
