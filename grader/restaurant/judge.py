"""An optional model reviewer for the rubric: any OpenAI-compatible chat-completions model.

The rule-based reviewer (`rubric.review`) is the default; this adapter asks a model for the
same verdicts from the same evidence (the manager's actions, the failure, restoration and
walkout events, the terminal state and the footer's grade as reference). It is
reproducible by construction rather than by the model:

- every reply is stored (JSONL at `store`) with the model id, the prompt hash (sha256 of
  the canonical request: model and messages) and the raw reply, before it is parsed;
- a request whose prompt hash is stored is replayed from the store, never sent again, so
  a regrade gives the same verdicts without a model (and without a key);
- a verdict is rejected (`JudgeRejected`, stored all the same) unless it gives every
  criterion of the rubric exactly once, each with a boolean verdict, a rationale and
  evidence ticks that each carry an event bearing on that criterion (`rubric.RELEVANT`:
  a manager's action, a failure, a screening, ...), not merely a tick of the trace.

The model sees the floor as the manager saw it at each decision tick (the previous tick
line's `floor`: open tickets, queue, stock, items off, equipment down, staff, cash).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import orjson
from pydantic import AliasChoices, Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from arcadia.grader.restaurant import metrics as M
from arcadia.grader.restaurant.rubric import criteria_of, relevant_ticks

Line = Mapping[str, Any]
FLOOR_EVENTS = (
    "equipment_failed",
    "equipment_repaired",
    "stock_out",
    "restock_arrived",
    "walked_out",
    "low_stock",
    "unscreened",
)

SYSTEM = """\
You review how a restaurant shift was managed, from its recorded evidence. The crew works \
fixed stations under a frozen contract; only the manager's actions differ between shifts. \
The deterministic grade is reference evidence: do not recompute or dispute it. For each \
criterion give a pass/fail verdict, a one-paragraph rationale and the ticks of the evidence \
you relied on: each cited tick must carry an event bearing on that criterion (a manager \
action, a failure, repair, stock-out, delivery, walkout, order, screening or serving in the \
evidence); `floor_at_decisions` is the floor the manager saw before each tick it acted at. \
Answer with one JSON object and nothing \
else: {"criteria": [{"id": ..., "passed": true|false, "rationale": ..., \
"evidence_ticks": [...]}, ...]}."""


class JudgeRejected(ValueError):
    """The model's verdict cannot be used: why, in a sentence."""


class JudgeSettings(BaseSettings):
    """The endpoint and model, from `ARCADIA_JUDGE_*` (the key falls back to
    OPENAI_API_KEY)."""

    model_config = SettingsConfigDict(
        env_prefix="ARCADIA_JUDGE_", extra="ignore", populate_by_name=True
    )

    base_url: str | None = None
    model: str = "gpt-4o-mini"
    api_key: str | None = Field(
        default=None, validation_alias=AliasChoices("ARCADIA_JUDGE_API_KEY", "OPENAI_API_KEY")
    )
    max_retries: int = 2
    timeout: float = 120.0


def evidence(lines: Sequence[Line]) -> dict[str, Any]:
    """What the model sees of a trace: the schedule, the manager's actions, the floor's
    disruptions and walkouts, the terminal state and the grade."""
    h = M.header_of(lines)
    foot = M.footer_of(lines) or {}
    return {
        "case": h["case"],
        "seed": h["seed"],
        "ticks": h["ticks"],
        "metrics": h["metrics"],
        "recovery_target_ticks": h["recovery_target_ticks"],
        "scheduled_failures": h.get("failures", []),
        "scheduled_shortages": h.get("shortages", []),
        "orders": len(M.events(lines, "order_created")),
        "manager_actions": [{"tick": t, "action": a} for t, a in M.manager_actions(lines)],
        "floor_at_decisions": decision_floors(lines),
        "floor_events": [
            {k: v for k, v in ev.items() if k not in ("type", "seq")}
            for ev in M.events(lines)
            if ev.get("kind") in FLOOR_EVENTS
        ],
        "terminal": foot.get("terminal"),
        "grade": foot.get("grade"),
    }


def decision_floors(lines: Sequence[Line]) -> list[dict[str, Any]]:
    """The floor the manager saw before each tick it acted at (the previous tick line's;
    before tick 1, none yet)."""
    floors = M.floors(lines)
    acted = sorted({t for t, _ in M.manager_actions(lines)})
    return [{"tick": t, "floor_after_tick": t - 1, "floor": floors.get(t - 1)} for t in acted]


def messages(lines: Sequence[Line], rubric: str) -> list[dict[str, str]]:
    crits = [{"id": c.id, "name": c.name, "question": c.description} for c in criteria_of(rubric)]
    user = (
        f"Rubric {rubric}, criteria:\n{json.dumps(crits, indent=1)}\n\nEvidence:\n"
        f"{json.dumps(evidence(lines), sort_keys=True)}"
    )
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]


def prompt_hash(model: str, msgs: list[dict[str, str]]) -> str:
    return M.sha256(M.canonical({"model": model, "messages": msgs}))


def parse(raw: str, rubric: str, ticks: set[int] | Mapping[str, set[int]]) -> list[dict[str, Any]]:
    """The verdicts in a raw reply, in the rubric's order; raises JudgeRejected. `ticks`:
    the ticks each criterion may cite (`rubric.relevant_ticks`), or one set for all."""
    text = raw.strip()
    if text.startswith("```"):
        text = text.strip("`").removeprefix("json").strip()
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise JudgeRejected(f"the reply is not JSON ({e.msg})") from None
    got = data.get("criteria") if isinstance(data, dict) else None
    if not isinstance(got, list):
        raise JudgeRejected("the reply has no criteria list")
    by_id: dict[str, dict[str, Any]] = {}
    for item in got:
        if not isinstance(item, dict) or not isinstance(item.get("id"), str):
            raise JudgeRejected("a verdict without a criterion id")
        if item["id"] in by_id:
            raise JudgeRejected(f"criterion {item['id']} is judged twice")
        by_id[item["id"]] = item
    out = []
    for c in criteria_of(rubric):
        v = by_id.pop(c.id, None)
        if v is None:
            raise JudgeRejected(f"criterion {c.id} has no verdict")
        cited = v.get("evidence_ticks")
        if not isinstance(v.get("passed"), bool):
            raise JudgeRejected(f"criterion {c.id}: passed must be true or false")
        if not isinstance(v.get("rationale"), str) or not v["rationale"].strip():
            raise JudgeRejected(f"criterion {c.id} has no rationale")
        if not isinstance(cited, list) or any(
            isinstance(t, bool) or not isinstance(t, int) for t in cited
        ):
            raise JudgeRejected(f"criterion {c.id}: evidence_ticks must be a list of ticks")
        allowed = ticks if isinstance(ticks, set) else ticks.get(c.id, set())
        stray = sorted(set(cited) - allowed)
        if stray:
            raise JudgeRejected(
                f"criterion {c.id} cites tick(s) {stray}, which carry no "
                f"event bearing on it (or are not in the trace)"
            )
        out.append(
            {
                "id": c.id,
                "name": c.name,
                "passed": v["passed"],
                "rationale": v["rationale"].strip(),
                "evidence_ticks": sorted(set(cited)),
            }
        )
    if by_id:
        raise JudgeRejected(f"verdicts for criteria not in {rubric}: {sorted(by_id)}")
    return out


class Judge:
    """The model reviewer. `client` is any object with `chat.completions.create` (an
    `openai.OpenAI`); without one it is built from the settings on the first call."""

    def __init__(self, store: Path | str, *, client: Any = None, **overrides: Any) -> None:
        self.settings = JudgeSettings(**{k: v for k, v in overrides.items() if v is not None})
        self.store = Path(store)
        self._client = client

    @property
    def model(self) -> str:
        return self.settings.model

    def stored(self, digest: str) -> dict[str, Any] | None:
        if not self.store.exists():
            return None
        for raw in self.store.read_bytes().splitlines():
            row = orjson.loads(raw)
            if row.get("prompt_hash") == digest:
                return dict(row)
        return None

    def _ask(self, msgs: list[dict[str, str]]) -> str:
        if self._client is None:
            import openai  # the model client: only a judged shift needs its ~1 s import

            s = self.settings
            self._client = openai.OpenAI(
                base_url=s.base_url,
                api_key=s.api_key or ("unused" if s.base_url else None),
                max_retries=s.max_retries,
                timeout=s.timeout,
            )
        completion = self._client.chat.completions.create(
            model=self.model, messages=msgs, temperature=0
        )
        content = completion.choices[0].message.content if completion.choices else None
        return content or ""

    def review(
        self, lines: Sequence[Line], rubric: str, *, validated: bool = False
    ) -> dict[str, Any]:
        """The model's review, shaped like `rubric.review`'s plus `judge` (model, prompt
        hash, raw reply); raises JudgeRejected for an unusable verdict, InvalidTrace for an
        invalid trace."""
        if not validated:
            from arcadia.grader.restaurant.validate import InvalidTrace, validate

            reason = validate(lines)
            if reason is not None:
                raise InvalidTrace(reason)
        msgs = messages(lines, rubric)
        digest = prompt_hash(self.model, msgs)
        row = self.stored(digest)
        if row is None:
            row = {
                "prompt_hash": digest,
                "model": self.model,
                "rubric": rubric,
                "raw": self._ask(msgs),
            }
            self.store.parent.mkdir(parents=True, exist_ok=True)
            with self.store.open("ab") as f:
                f.write(orjson.dumps(row) + b"\n")
        verdicts = parse(row["raw"], rubric, relevant_ticks(lines))
        return {
            "rubric": rubric,
            "reviewer": f"judge:{row['model']}",
            "criteria": verdicts,
            "passed": sum(1 for v in verdicts if v["passed"]),
            "total": len(verdicts),
            "judge": {"model": row["model"], "prompt_hash": digest, "raw": row["raw"]},
        }
