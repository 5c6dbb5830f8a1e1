"""Canonical bytes, the hash chain, the trace header and the event-line builder."""

from __future__ import annotations

import hashlib
from typing import Any

import orjson

from arcadia.world.restaurant.cases import CONTRACT, SIM_VERSION, TICKS, Case, arrivals

ACCOUNTS = ("revenue", "ingredients", "labour", "repairs", "purchases", "comps")
TICKET_STATES = ("queued", "cooking", "assembling", "ready", "served", "walked_out", "cancelled")
OPEN_STATES = ("queued", "cooking", "assembling", "ready")


def canonical(obj: Any) -> bytes:
    """The canonical bytes of a trace line or a state: sorted keys, orjson."""
    return orjson.dumps(obj, option=orjson.OPT_SORT_KEYS)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def chain(prev: str, state_bytes: bytes) -> str:
    """A tick's hash: sha256 of the previous hash (hex, ASCII) followed by the state bytes."""
    return sha256(prev.encode("ascii") + state_bytes)


def header(case: Case, seed: int) -> dict[str, Any]:
    """The trace header: contract, versions, case identity, published figures, the schedule."""
    station = {e["equipment"]: e["station"] for e in case.equipment}
    return {
        "type": "header",
        "contract": CONTRACT,
        "sim_version": SIM_VERSION,
        "case": case.id,
        "case_version": case.version,
        "case_hash": case.hash,
        "seed": seed,
        "ticks": TICKS,
        "floor_cents": case.floor_cents,
        "ceiling_cents": case.ceiling_cents,
        "metrics": list(case.metrics),
        "recovery_target_ticks": case.recovery_target_ticks,
        "recovery_backlog_tickets": case.raw["recovery_backlog_tickets"],
        "recovery_stock_units": case.raw["recovery_stock_units"],
        "arrivals": [
            {
                "tick": a["tick"],
                "guest": a["guest"],
                "party": a["party"],
                "allergens": list(a["allergens"]),
            }
            for a in arrivals(case, seed)
        ],
        "failures": [
            {"tick": f["tick"], "equipment": f["equipment"], "station": station[f["equipment"]]}
            for f in case.failures
        ],
        "shortages": [{"tick": s["tick"], "ingredient": s["ingredient"]} for s in case.shortages],
    }


class Events:
    """Collects one tick's lines; `seq` lives in the state so it counts over the trace."""

    def __init__(self, state: dict[str, Any], tick: int, sink: list[dict[str, Any]]):
        self.state = state
        self.tick = tick
        self.lines = sink

    def emit(self, actor: str, kind: str, **fields: Any) -> dict[str, Any]:
        self.state["seq"] += 1
        line = {
            "type": "event",
            "tick": self.tick,
            "seq": self.state["seq"],
            "actor": actor,
            "kind": kind,
            **fields,
        }
        self.lines.append(line)
        return line

    def post(self, actor: str, account: str, amount_cents: int, **fields: Any) -> None:
        """A ledger line: signed amount (revenue +, costs −) and the balance after it."""
        if amount_cents == 0:
            return
        self.state["cash_cents"] += amount_cents
        self.state["ledger"][account] += amount_cents
        self.emit(
            actor,
            "ledger",
            account=account,
            amount_cents=amount_cents,
            balance_cents=self.state["cash_cents"],
            **fields,
        )
