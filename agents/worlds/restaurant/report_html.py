"""report.html's restaurant section: the run's shift scores, and per episode a timeline
plot (backlog, cash, failures and shortages, the manager's actions) as inline SVG and a
Rubric tab with each criterion's verdict, rationale and cited ticks (every version
reviewed, side by side). Nothing from the network; no plotting dependency.
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import Any

from arcadia.agents.worlds.restaurant.shift import read_rubric, read_shift

Line = dict[str, Any]

CSS = """
.shift-scores td:nth-child(2){font-weight:600}
details.episode{border:1px solid #dde;border-radius:4px;margin:.4em 0;background:#fff}
details.episode>summary{padding:.4em .6em;cursor:pointer}
.tabbar{margin:.4em .8em}.tabbar button{border:1px solid #bbc;background:#eef0f6;
padding:.2em .8em;cursor:pointer}.tabbar button[aria-selected=true]{background:#2750b0;
color:#fff}.tabpanel{margin:.4em .8em .8em}
"""

JS = """
(function () {
  document.querySelectorAll(".tabbar").forEach(function (bar) {
    bar.addEventListener("click", function (ev) {
      var b = ev.target.closest("button[data-tab]");
      if (!b) return;
      var box = bar.parentNode;
      box.querySelectorAll(":scope > .tabpanel").forEach(function (p) {
        p.hidden = p.getAttribute("data-tab") !== b.getAttribute("data-tab");
      });
      bar.querySelectorAll("button").forEach(function (x) {
        x.setAttribute("aria-selected", String(x === b));
      });
    });
  });
})();
"""

_CLOSED = ("served", "walked_out", "cancelled")


def _e(value: Any) -> str:
    return escape("" if value is None else str(value), quote=True)


def timeline(lines: list[Line]) -> dict[str, Any]:
    """Per tick (1..ticks): open tickets at the tick's end, cash at its end; and the ticks
    of failures, repairs, shortages, restocks and manager actions."""
    header = next((ln for ln in lines if ln.get("type") == "header"), {})
    ticks = int(header.get("ticks") or 120)
    open_: dict[Any, None] = {}
    ledger = [ln for ln in lines if ln.get("kind") == "ledger"]
    # Opening cash: the first posting's balance before it.
    cash = (int(ledger[0]["balance_cents"]) - int(ledger[0].get("amount_cents", 0))
            if ledger else 0)
    backlog_at, cash_at = [0] * (ticks + 1), [0] * (ticks + 1)
    marks: dict[str, list[tuple[int, str]]] = {k: [] for k in (
        "equipment_failed", "equipment_repaired", "stock_out", "restock_arrived", "action")}
    last = 0
    for ln in lines:
        if ln.get("type") == "tick":
            t = int(ln["tick"])
            for i in range(last + 1, min(t, ticks) + 1):
                backlog_at[i], cash_at[i] = len(open_), cash
            last = t
            continue
        if ln.get("type") != "event":
            continue
        kind = ln.get("kind")
        if kind == "order_created":
            open_[ln["ticket"]] = None
        elif kind in ("served", "walked_out") and "ticket" in ln:
            open_.pop(ln["ticket"], None)
        elif kind == "ticket_moved" and ln.get("to") in _CLOSED:
            open_.pop(ln["ticket"], None)
        elif kind == "ledger":
            cash = int(ln["balance_cents"])
        if kind in marks:
            what = (json.dumps(ln.get("action"), sort_keys=True) if kind == "action"
                    else str(ln.get("equipment") or ln.get("ingredient") or ""))
            marks[kind].append((int(ln["tick"]), what))
    for i in range(last + 1, ticks + 1):
        backlog_at[i], cash_at[i] = len(open_), cash
    return {"ticks": ticks, "backlog": backlog_at[1:], "cash_cents": cash_at[1:], **marks}


_MARKS = (("equipment_failed", "#b63b3b", "failure"), ("equipment_repaired", "#2f8f4e", "repair"),
          ("stock_out", "#c98a0b", "shortage"), ("restock_arrived", "#2a8c8c", "restock"))


def timeline_svg(lines: list[Line], label: str) -> str:
    """The episode's timeline: backlog (left axis), cash (right axis), failures and
    shortages as vertical lines, actions as ticks along the bottom."""
    tl = timeline(lines)
    w, h, left, right, top, bottom = 640, 220, 44, 70, 14, 44
    pw, ph = w - left - right, h - top - bottom
    n = tl["ticks"]
    bmax = max([1, *tl["backlog"]])
    cmin, cmax = min([0, *tl["cash_cents"]]), max([1, *tl["cash_cents"]])

    def x(t: float) -> float:
        return left + (t - 1) * pw / max(n - 1, 1)

    def yb(v: float) -> float:
        return top + ph - v * ph / bmax

    def yc(v: float) -> float:
        return top + ph - (v - cmin) * ph / (cmax - cmin)

    out = [f'<svg class="timeline" xmlns="http://www.w3.org/2000/svg" width="{w}" '
           f'height="{h}" viewBox="0 0 {w} {h}" role="img" aria-label="{_e(label)}: backlog, '
           'cash, failures and actions by tick">',
           f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="none" stroke="#dde"/>']
    for t in range(0, n + 1, 20):
        tt = max(t, 1)
        out.append(f'<text x="{x(tt):.1f}" y="{h - bottom + 14}" text-anchor="middle">{t}'
                   "</text>")
    out.append(f'<text x="{left + pw / 2:.1f}" y="{h - 4}" text-anchor="middle">tick</text>')
    out.append(f'<text x="{left - 6}" y="{top + 8}" text-anchor="end" fill="#2750b0">{bmax}'
               f'</text><text x="{left - 6}" y="{top + ph}" text-anchor="end">0</text>')
    out.append(f'<text x="{w - right + 6}" y="{top + 8}" fill="#7a3fa0">${cmax / 100:,.0f}'
               f'</text><text x="{w - right + 6}" y="{top + ph}" fill="#7a3fa0">'
               f'${cmin / 100:,.0f}</text>')
    for kind, colour, name in _MARKS:
        for t, what in tl[kind]:
            out.append(f'<line class="mark {kind}" x1="{x(t):.1f}" x2="{x(t):.1f}" y1="{top}" '
                       f'y2="{top + ph}" stroke="{colour}" stroke-dasharray="4 3">'
                       f"<title>tick {t}: {name} {_e(what)}</title></line>")
    for t, what in tl["action"]:
        out.append(f'<line class="mark action" x1="{x(t):.1f}" x2="{x(t):.1f}" '
                   f'y1="{top + ph}" y2="{top + ph + 7}" stroke="#1d2430">'
                   f"<title>tick {t}: {_e(what)}</title></line>")
    backlog = " ".join(f"{x(i + 1):.1f},{yb(v):.1f}" for i, v in enumerate(tl["backlog"]))
    cash = " ".join(f"{x(i + 1):.1f},{yc(v):.1f}" for i, v in enumerate(tl["cash_cents"]))
    out.append(f'<polyline class="backlog" points="{backlog}" fill="none" stroke="#2750b0" '
               'stroke-width="1.6"><title>backlog (open tickets)</title></polyline>')
    out.append(f'<polyline class="cash" points="{cash}" fill="none" stroke="#7a3fa0" '
               'stroke-width="1.6"><title>cash</title></polyline>')
    lx = left
    for name, colour in (("backlog", "#2750b0"), ("cash", "#7a3fa0"), ("failure", "#b63b3b"),
                         ("repair", "#2f8f4e"), ("shortage", "#c98a0b"),
                         ("restock", "#2a8c8c"), ("action", "#1d2430")):
        out.append(f'<rect x="{lx}" y="{h - 26}" width="10" height="3" fill="{colour}"/>'
                   f'<text x="{lx + 13}" y="{h - 22}">{name}</text>')
        lx += 13 + 7 * len(name) + 10
    out.append("</svg>")
    return "".join(out)


def rubric_table(reviews: list[dict[str, Any]]) -> str:
    """Each reviewed rubric version: criterion, verdict, rationale, cited ticks."""
    if not reviews:
        return '<p class="muted">Not reviewed (an invalid trace is never reviewed).</p>'
    parts = []
    for rv in sorted(reviews, key=lambda r: str(r.get("rubric")), reverse=True):
        rows = "".join(
            f'<tr><td>{_e(c.get("name") or c.get("id"))}</td>'
            f'<td class="{"passed" if c.get("passed") else "failed"}">'
            f'{"pass" if c.get("passed") else "fail"}</td><td>{_e(c.get("rationale"))}</td>'
            f'<td>{_e(", ".join(str(t) for t in c.get("evidence_ticks") or []) or "-")}</td>'
            "</tr>" for c in rv.get("criteria") or [])
        parts.append(f'<h4>{_e(rv.get("rubric"))} <span class="muted">reviewer '
                     f'{_e(rv.get("reviewer"))} · {_e(rv.get("passed"))}/{_e(rv.get("total"))}'
                     f' passed</span></h4><table class="rubric" data-rubric="'
                     f'{_e(rv.get("rubric"))}"><tr><th>criterion</th><th>verdict</th>'
                     f"<th>rationale</th><th>evidence ticks</th></tr>{rows}</table>")
    return "".join(parts)


def _pct(v: Any) -> str:
    return "-" if v is None else f"{v:g}"


def episode(ep: dict[str, Any], lines: list[Line], reviews: list[dict[str, Any]]) -> str:
    """One episode: its metrics, then the Timeline and Rubric tabs."""
    m = ep.get("metrics") or {}
    label = f"{ep.get('case')} seed {ep.get('seed')}"
    flag = ("Pass@1" if ep.get("pass1") else "no Pass@1") if ep.get("valid") else (
        "not scored: " + "; ".join(ep.get("problems") or []))
    head = (f"<summary><b>{_e(label)}</b> <span class=\"muted\">{_e(ep['task'])}</span> · "
            f"composite {_e(_pct(ep.get('composite')))} · service {_e(_pct(m.get('service')))}"
            f" · resources {_e(_pct(m.get('resources')))} · recovery "
            f"{_e(_pct(m.get('recovery')))} · safety {_e(_pct(m.get('safety')))} · "
            f"<b>{_e(flag)}</b></summary>")
    detail = (f'<p class="muted">report accurate {_e(ep.get("report_accurate"))} · finished '
              f'by {_e(ep.get("finished_by"))} · replay evidence '
              f'{"yes" if ep.get("evidence") else "no"}</p>')
    plot = timeline_svg(lines, label) if lines else (
        '<p class="muted">No shift trace recorded.</p>')
    return (f'<details class="episode" data-task="{_e(ep["task"])}">{head}{detail}'
            '<div class="tabs"><div class="tabbar" role="tablist">'
            '<button type="button" data-tab="timeline" aria-selected="true">Timeline</button>'
            '<button type="button" data-tab="rubric" aria-selected="false">Rubric</button>'
            f'</div><div class="tabpanel" data-tab="timeline">{plot}</div>'
            f'<div class="tabpanel" data-tab="rubric" hidden>{rubric_table(reviews)}</div>'
            "</div></details>")


def section(entry: dict[str, Any], shift_traces: dict[str, list[Line]],
            reviews: dict[str, list[dict[str, Any]]]) -> str:
    """The run's restaurant section (entry: `board.run_entry`)."""
    def num(v: Any) -> str:
        return "-" if v is None else f"{v:.3f}"

    ranked = ("rankable" if entry["rankable"] else
              "unranked: " + "; ".join(entry["unranked_because"]))
    facts = [("deterministic score (mean composite / 100)", num(entry["deterministic_score"])),
             (f"trajectory score ({entry['rubric']} criteria passed / reviewed)",
              num(entry["trajectory_score"])),
             ("all-model score", num(entry["all_model_score"])),
             ("Pass@1 rate", num(entry["pass1_rate"])),
             ("valid episodes", f"{entry['valid_episodes']} of {entry['episodes']}"),
             ("criteria reviewed", entry["criteria_reviewed"]),
             ("environment errors / malformed / incomplete",
              f"{entry['environment_errors']} / {entry['malformed']} / {entry['incomplete']}"),
             ("leaderboard", ranked)]
    rows = "".join(f"<tr><th>{_e(k)}</th><td>{_e(v)}</td></tr>" for k, v in facts)
    episodes = "".join(episode(ep, shift_traces.get(ep["task"], []), reviews.get(ep["task"], []))
                       for ep in entry["per_episode"])
    return (f'<h2>Restaurant shift</h2><table class="shift-scores" id="shift-scores">{rows}'
            f'</table><h3>Episodes</h3><div id="episodes">{episodes}</div>'
            f"<style>{CSS}</style><script>{JS}</script>")


def run_section(run_dir: Path, entry: dict[str, Any]) -> str:
    """The section of a run (entry: `board.run_entry`): each episode's attempt 0, its shift
    trace and its reviews (every rubric version, in the order of `rubric.jsonl`'s keys)."""
    reviews: dict[str, list[dict[str, Any]]] = {}
    for (task, attempt, _), review in sorted(read_rubric(run_dir).items()):
        if attempt == 0:
            reviews.setdefault(task, []).append(review)
    shifts = {e["task"]: read_shift(run_dir, e["task"], 0) for e in entry["per_episode"]}
    return section(entry, shifts, reviews)
