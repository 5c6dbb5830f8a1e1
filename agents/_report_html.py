"""report.html: one self-contained page (inline CSS, JS and SVG; nothing from the network).

It holds the leaderboard line, pass^k against k with its interval band, the class counts,
the per-situation and per-app breakdowns, and a per-task inspector with every attempt: the
instruction, the agent's calls in order, and each check's and guard's verdict and reason.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

VALIDATION_ONLY = "validation only"
RESPONSE_CHARS = 2000  # of one response shown in the inspector (the trace keeps it all)

Row = dict[str, Any]


def fmt_estimate(est: dict[str, Any], kind: str = "bootstrap") -> str:
    """`0.625 [0.410, 0.840]` (the 95% interval of that kind), `-` without a value."""
    if est.get("mean") is None:
        return "-"
    interval = est.get(kind)
    text = f"{est['mean']:.3f}"
    return text + (f" [{interval[0]:.3f}, {interval[1]:.3f}]" if interval else "")


def agent_label(summary: dict[str, Any]) -> str:
    label = str(summary.get("agent") or "?")
    if summary.get("model"):
        label += f" ({summary['model']})"
    if summary.get("privileged"):
        label += f" [{VALIDATION_ONLY}]"
    return label


def _e(value: Any) -> str:
    return escape("" if value is None else str(value), quote=True)


def _json(value: Any, limit: int | None = None) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False,
                                                            sort_keys=True, default=str)
    if limit is not None and len(text) > limit:
        text = text[:limit] + f"… ({len(text) - limit} more characters in the trace)"
    return text


CSS = """
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,sans-serif;margin:0 auto;max-width:1100px;
padding:1em 1.5em;color:#1d2430;background:#fbfbfd}
h1{font-size:1.5em;margin:.2em 0}h2{font-size:1.2em;margin-top:1.6em;border-bottom:1px solid #dde}
code,pre{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace}
pre{background:#f1f2f6;padding:.5em;overflow:auto;max-height:22em;white-space:pre-wrap}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #dde;padding:.25em .6em;
text-align:left;vertical-align:top}th{background:#eef0f6}
.leaderboard{font:13px ui-monospace,monospace;background:#eef3ff;padding:.6em;border-radius:4px}
.banner{background:#fff3cd;border:1px solid #e0c36a;padding:.5em;border-radius:4px}
.badge{display:inline-block;border-radius:3px;padding:0 .4em;font-size:12px;color:#fff}
.completed{background:#2f8f4e}.partial{background:#c98a0b}.agent_error{background:#b63b3b}
.environment_error{background:#6b6f80}.passed,.complied{color:#2f8f4e}
.failed,.breached{color:#b63b3b;font-weight:600}.not_triggered{color:#6b6f80}
details.task{border:1px solid #dde;border-radius:4px;margin:.4em 0;background:#fff}
details.task>summary{padding:.4em .6em;cursor:pointer}
details.attempt{margin:.4em .8em .6em 1.2em;border-left:3px solid #dde;padding-left:.6em}
ol.calls li{margin:.2em 0}.st-ok{color:#2f8f4e}.st-client{color:#c98a0b}.st-err{color:#b63b3b}
.muted{color:#6b6f80}.controls{margin:.5em 0}.controls input{width:18em}
svg text{font:11px system-ui,sans-serif;fill:#1d2430}
"""

JS = """
(function () {
  var tasks = Array.prototype.slice.call(document.querySelectorAll("details.task"));
  var box = document.getElementById("filter");
  function apply() {
    var q = box.value.trim().toLowerCase();
    tasks.forEach(function (t) {
      var hay = (t.getAttribute("data-search") || "").toLowerCase();
      t.style.display = !q || hay.indexOf(q) >= 0 ? "" : "none";
    });
  }
  box.addEventListener("input", apply);
  function openAll(open) {
    document.querySelectorAll("details.task, details.attempt").forEach(function (d) {
      d.open = open;
    });
  }
  document.getElementById("expand").addEventListener("click", function () { openAll(true); });
  document.getElementById("collapse").addEventListener("click", function () { openAll(false); });
  document.body.setAttribute("data-ready", String(tasks.length));
})();
"""


def _plot(pass_k: list[dict[str, Any]]) -> str:
    """SVG: pass^k (mean over tasks) against k, with the 95% interval as a band."""
    w, h, left, right, top, bottom = 520, 280, 48, 20, 16, 40
    pw, ph = w - left - right, h - top - bottom
    ks = [p["k"] for p in pass_k]
    kmax = max(ks, default=1)

    def x(k: int) -> float:
        return left + (pw / 2 if kmax == 1 else (k - 1) * pw / (kmax - 1))

    def y(v: float) -> float:
        return top + (1.0 - min(max(v, 0.0), 1.0)) * ph

    parts = [f'<svg id="passk-plot" xmlns="http://www.w3.org/2000/svg" width="{w}" '
             f'height="{h}" viewBox="0 0 {w} {h}" role="img" '
             'aria-label="pass^k against k with 95% interval band">']
    for v in (0.0, 0.25, 0.5, 0.75, 1.0):
        parts.append(f'<line x1="{left}" x2="{w - right}" y1="{y(v):.1f}" y2="{y(v):.1f}" '
                     'stroke="#dde"/>')
        parts.append(f'<text x="{left - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{v:g}</text>')
    for k in ks:
        parts.append(f'<text x="{x(k):.1f}" y="{h - bottom + 16}" '
                     f'text-anchor="middle">{k}</text>')
    parts.append(f'<text x="{left + pw / 2:.1f}" y="{h - 6}" text-anchor="middle">k</text>')
    parts.append(f'<text x="12" y="{top + ph / 2:.1f}" text-anchor="middle" '
                 f'transform="rotate(-90 12 {top + ph / 2:.1f})">pass^k</text>')
    banded = [p for p in pass_k if p.get("bootstrap") or p.get("t")]
    if banded:
        def lo_hi(p: dict[str, Any]) -> list[float]:
            return list(p.get("bootstrap") or p["t"])

        if len(banded) == 1:
            p = banded[0]
            lo, hi = lo_hi(p)
            parts.append(f'<line class="band" x1="{x(p["k"]):.1f}" x2="{x(p["k"]):.1f}" '
                         f'y1="{y(lo):.1f}" y2="{y(hi):.1f}" stroke="#9db4e8" '
                         'stroke-width="10"/>')
        else:
            edge = [f"{x(p['k']):.1f},{y(lo_hi(p)[1]):.1f}" for p in banded]
            edge += [f"{x(p['k']):.1f},{y(lo_hi(p)[0]):.1f}" for p in reversed(banded)]
            parts.append(f'<polygon class="band" points="{" ".join(edge)}" fill="#9db4e8" '
                         'fill-opacity="0.45" stroke="none"/>')
    means = [p for p in pass_k if p.get("mean") is not None]
    if len(means) > 1:
        pts = " ".join(f"{x(p['k']):.1f},{y(p['mean']):.1f}" for p in means)
        parts.append(f'<polyline points="{pts}" fill="none" stroke="#2750b0" '
                     'stroke-width="2"/>')
    for p in means:
        parts.append(f'<circle cx="{x(p["k"]):.1f}" cy="{y(p["mean"]):.1f}" r="4" '
                     f'fill="#2750b0"><title>pass^{p["k"]} = {_e(fmt_estimate(p))}'
                     '</title></circle>')
    parts.append("</svg>")
    return "".join(parts)


def _classes(classes: dict[str, int]) -> str:
    return " ".join(f'<span class="badge {_e(c)}">{_e(c)} {n}</span>'
                    for c, n in classes.items())


def _breakdown(title: str, groups: dict[str, dict[str, Any]], k_max: int) -> str:
    if not groups:
        return ""
    ks = sorted({1, k_max})
    head = "".join(f"<th>pass^{k}</th>" for k in ks)
    rows = []
    for name, g in groups.items():
        pk = {p["k"]: p for p in g["pass_k"]}
        cells = "".join(f"<td>{_e(fmt_estimate(pk[k]))}</td>" for k in ks)
        rows.append(f"<tr><td>{_e(name)}</td><td>{g['tasks']}</td><td>{g['attempts']}</td>"
                    f"<td>{_e(fmt_estimate(g['mean_score']))}</td>{cells}"
                    f"<td>{_classes(g['classes'])}</td></tr>")
    return (f"<h2>{_e(title)}</h2><table><tr><th>{_e(title.split()[-1])}</th><th>tasks</th>"
            f"<th>attempts</th><th>mean score</th>{head}<th>classes</th></tr>"
            + "".join(rows) + "</table>")


def _guards(by_guard: dict[str, dict[str, int]]) -> str:
    """Each guard kind (each handbook rule, the Safety gate) with how often valid attempts
    left it not triggered, complied with or breached."""
    if not by_guard:
        return ""
    rows = "".join(f"<tr><td>{_e(kind)}</td><td>{n['not_triggered']}</td>"
                   f"<td>{n['complied']}</td><td>{n['breached']}</td></tr>"
                   for kind, n in by_guard.items())
    return ("<h2>By guard</h2><table><tr><th>guard</th><th>not triggered</th>"
            f"<th>complied</th><th>breached</th></tr>{rows}</table>")


def _status_class(status: Any) -> str:
    if not isinstance(status, int) or status == 0 or status >= 500:
        return "st-err"
    return "st-client" if status >= 400 else "st-ok"


def _call(entry: dict[str, Any]) -> str:
    call, req = entry.get("call"), entry.get("request")
    if call:
        head = (f"<code>{_e(call.get('name'))}</code>"
                f"(<code>{_e(_json(call.get('arguments') or {}))}</code>)")
    else:
        head = '<span class="muted">(request without a tool call)</span>'
    if req:
        query = req.get("query")
        qs = ("?" + "&".join(f"{k}={v}" for k, v in query.items())) if query else ""
        head += (f' <span class="muted">{_e(req.get("method"))} /{_e(req.get("app"))}'
                 f'{_e(req.get("path"))}{_e(qs)}</span>')
        if req.get("body") is not None:
            head += f' <span class="muted">body <code>{_e(_json(req["body"], 300))}</code></span>'
    status = entry.get("status")
    head += f' &rarr; <b class="{_status_class(status)}">{_e(status)}</b>'
    if entry.get("error"):
        head += f' <span class="st-err">{_e(entry["error"])}</span>'
    response = entry.get("response")
    if response not in (None, ""):
        head += (f"<details><summary>response</summary><pre>"
                 f"{_e(_json(response, RESPONSE_CHARS))}</pre></details>")
    return f'<li class="call">{head}</li>'


def _attempt(row: Row, trace: list[dict[str, Any]]) -> str:
    cls = row.get("class", "?")
    score = row.get("score")
    shown = "-" if score is None else f"{score:g}"
    head = (f'<summary>attempt {row["attempt"]} <span class="badge {_e(cls)}">{_e(cls)}'
            f'</span> score {_e(shown)} <span class="muted">outcome {_e(row.get("outcome"))}'
            f'{" · " + _e(row["detail"]) if row.get("detail") else ""}</span></summary>')
    usage = (f'<p class="muted">turns {_e(row.get("turns"))} · tokens in '
             f'{_e(row.get("input_tokens"))} out {_e(row.get("output_tokens"))} · cost '
             f'{_e(row.get("cost"))} · {_e(row.get("duration_s"))} s · retries '
             f'{_e(row.get("retries"))}'
             + (f' · graded score {_e(row["graded_score"])}' if row.get("graded_score")
                is not None and row.get("graded_score") != score else "") + "</p>")
    calls = ("<h4>Calls, in order</h4><ol class=\"calls\">" + "".join(map(_call, trace))
             + "</ol>") if trace else '<p class="muted">No calls recorded.</p>'
    checks = "".join(
        f'<tr><td>{_e(c.get("id"))}</td><td>{_e(c.get("kind"))}</td>'
        f'<td>{_e(c.get("weight"))}</td><td class="{"passed" if c.get("passed") else "failed"}">'
        f'{"passed" if c.get("passed") else "failed"}</td><td>{_e(c.get("reason"))}</td></tr>'
        for c in row.get("checks") or [])
    guards = "".join(
        f'<tr><td>{_e(g.get("id"))}</td><td>{_e(g.get("kind"))}</td>'
        f'<td class="{_e(g.get("state"))}">{_e(str(g.get("state") or "").replace("_", " "))}'
        f'</td><td>{_e(g.get("reason"))}</td></tr>' for g in row.get("guards") or [])
    verdicts = (("<h4>Checks</h4><table><tr><th>check</th><th>kind</th><th>weight</th>"
                 f"<th>verdict</th><th>why</th></tr>{checks}</table>") if checks else
                '<p class="muted">No checks graded.</p>')
    if guards:
        verdicts += ("<h4>Guards</h4><table><tr><th>guard</th><th>kind</th><th>state</th>"
                     f"<th>why</th></tr>{guards}</table>")
    return (f'<details class="attempt" data-task="{_e(row["task"])}" '
            f'data-attempt="{_e(row["attempt"])}">{head}{usage}{calls}{verdicts}</details>')


def _inspector(tasks: list[dict[str, Any]], rows: list[Row],
               traces: dict[tuple[str, int], list[dict[str, Any]]],
               per_task: dict[str, dict[str, Any]]) -> str:
    by_task: dict[str, list[Row]] = {}
    for row in rows:
        by_task.setdefault(row["task"], []).append(row)
    info = {t["id"]: t for t in tasks}
    ids = list(info) + sorted(set(by_task) - set(info))
    out = []
    for tid in ids:
        t = info.get(tid, {"id": tid})
        attempts = sorted(by_task.get(tid, []), key=lambda r: r["attempt"])
        v = per_task.get(tid)
        figure = (f'mean score {v["mean_score"]:.3f} · {v["c"]}/{v["n"]} completed'
                  if v else "no valid attempt")
        classes = " ".join(r["class"] for r in attempts)
        search = " ".join([tid, str(t.get("situation") or ""), *(t.get("apps") or []),
                           classes])
        body = (f'<p><b>Instruction:</b> {_e(t.get("instruction") or "(not recorded)")}</p>'
                f'<p class="muted">situation {_e(t.get("situation") or "none")} · apps '
                f'{_e(", ".join(t.get("apps") or []))}</p>'
                + "".join(_attempt(r, traces.get((tid, r["attempt"]), [])) for r in attempts)
                + ("" if attempts else '<p class="muted">Not attempted.</p>'))
        out.append(f'<details class="task" data-task="{_e(tid)}" data-search="{_e(search)}">'
                   f'<summary><code>{_e(tid)}</code> <span class="muted">{_e(figure)}</span> '
                   + "".join(f'<span class="badge {_e(r["class"])}" title="attempt '
                             f'{_e(r["attempt"])}">{_e(r["attempt"])}</span> '
                             for r in attempts)
                   + f"</summary>{body}</details>")
    return "".join(out)


def render_html(summary: dict[str, Any], line: str, tasks: list[dict[str, Any]],
                rows: list[Row], traces: dict[tuple[str, int], list[dict[str, Any]]],
                extra: str = "") -> str:
    """The page; `extra` is a section of a world of its own (the restaurant's), placed
    before the task inspector."""
    m = summary.get("manifest") or {}
    banner = ""
    if summary.get("privileged"):
        banner = (f'<p class="banner"><b>{_e(summary.get("agent"))} (oracle: '
                  f'{VALIDATION_ONLY})</b>: this agent is given the task\'s gold; its run '
                  "validates the platform and is not a measurement of an agent.</p>")
    if not summary.get("completed"):
        banner += ('<p class="banner"><b>Incomplete run</b>: interrupted or partial; '
                   "it is never ranked on a leaderboard.</p>")
    facts = [("agent", agent_label(summary)), ("tasks", summary["tasks"]),
             ("K", summary["k_max"]), ("tool transport", m.get("tool_transport")),
             ("package version", m.get("package_version")),
             ("git revision", m.get("git_revision")), ("corpus hash", m.get("corpus_hash")),
             ("world hashes", ", ".join((m.get("world_hashes") or {}).values()) or None),
             ("completed", summary.get("completed"))]
    fact_rows = "".join(f"<tr><th>{_e(k)}</th><td>{_e(v)}</td></tr>" for k, v in facts
                        if v is not None)
    pk_rows = "".join(f'<tr><td>pass^{p["k"]}</td><td>{_e(fmt_estimate(p))}</td>'
                      f'<td>{_e(fmt_estimate(p, "t"))}</td></tr>' for p in summary["pass_k"])
    ms = summary["mean_score"]
    usage = summary.get("usage") or {}
    title = f"Arcadia run: {agent_label(summary)}"
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{_e(title)}</title><style>{CSS}</style></head>
<body>
<h1>{_e(title)}</h1>
{banner}
<p class="leaderboard" id="leaderboard-line">{_e(line)}</p>
<table>{fact_rows}</table>
<h2>pass^k</h2>
<p class="muted">Means over tasks; the band is the 95% bootstrap interval over tasks
({_e(summary.get("resamples"))} resamples, seed {_e(summary.get("seed"))}). Environment errors
are left out of every denominator.</p>
{_plot(summary["pass_k"])}
<table><tr><th>metric</th><th>mean [95% bootstrap]</th><th>mean [95% t]</th></tr>
<tr><td>mean score</td><td>{_e(fmt_estimate(ms))}</td><td>{_e(fmt_estimate(ms, "t"))}</td></tr>
{pk_rows}</table>
<h2>Rollouts</h2>
<p>{_classes(summary["classes"])} <span class="muted">({summary["attempts"]} attempts,
{summary["valid_attempts"]} valid; tokens in {_e(usage.get("input_tokens"))} out
{_e(usage.get("output_tokens"))}, cost {_e(usage.get("cost"))})</span></p>
{_breakdown("By situation", summary.get("by_situation") or {}, summary["k_max"])}
{_breakdown("By app", summary.get("by_app") or {}, summary["k_max"])}
{_guards(summary.get("by_guard") or {})}
{extra}
<h2>Tasks</h2>
<div class="controls"><input id="filter" type="search"
placeholder="filter: task id, situation, app, class" aria-label="filter tasks">
<button id="expand" type="button">expand all</button>
<button id="collapse" type="button">collapse all</button></div>
<div id="inspector">{_inspector(tasks, rows, traces, summary.get("per_task") or {})}</div>
<script>{JS}</script>
</body></html>
"""
