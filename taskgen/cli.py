"""The `taskgen` command: the tool graph, generation with its funnel, corpus validation,
write-tool coverage with reasons."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from arcadia.taskgen.worlds import WORLDS as TASKGEN_WORLDS
from arcadia.world import WORLDS, WorldPack, WorldSpec
from arcadia.world.situations import Situation

app = typer.Typer(help="Generate tasks from situations seeded in Arcadia's worlds.",
                  no_args_is_help=True)
console = Console(highlight=False, soft_wrap=True)
# The committed corpora's world seeds: `taskgen generate --generation v1 --situation all
# --out corpus/arcadia-v1`, and v2's (`--out corpus/arcadia-v2`), none of them v1's.
CORPUS_SEEDS = (3, 11, 19, 27, 35)
V2_SEEDS = (5, 13, 21, 29, 37, 45, 53, 61)


@app.callback()
def main() -> None:
    """Generate tasks from situations seeded in Arcadia's worlds."""


@app.command()
def situations(as_json: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    """List the registered situations and their parameters."""
    rows = [{"id": s.id, "description": s.description,
             "params": s.params.model_json_schema()} for s in _known().values()]
    if as_json:
        console.print_json(json.dumps(rows))
        return
    for row in rows:
        console.print(f"{row['id']}: {row['description']}")
        for name, prop in row["params"]["properties"].items():
            console.print(f"  {name}: {prop.get('description', '')}")


@app.command()
def graph(
    out: Annotated[Path | None, typer.Option(
        help="Write the graph: GraphML if the name ends in .graphml, else JSON.")] = None,
    png: Annotated[Path | None, typer.Option(help="Draw it to this PNG (needs matplotlib).")
                   ] = None,
) -> None:
    """Build the typed tool graph from the apps' OpenAPI documents and print its size."""
    from arcadia.taskgen import graph as G

    g = G.build()
    if out is not None:
        G.write(g, out)
    if png is not None:
        try:
            G.draw(g, png)
        except ImportError:
            console.print("arcadia: --png needs matplotlib (pip install matplotlib)")
            raise typer.Exit(2) from None
    console.print_json(json.dumps(G.size(g)))


def _default() -> WorldPack:
    return WORLDS.get(WorldSpec().name)


def _others() -> list[WorldPack]:
    """The worlds with goal kinds besides the default one: `--situation NAME` takes their
    names."""
    return [WORLDS.get(w) for w in TASKGEN_WORLDS if w != _default().name]


def _known() -> dict[str, Situation]:
    """The situations of every world with goal kinds, in the registry's order (Arcadia
    Robotics', then the agency's)."""
    return {sid: sit for w in TASKGEN_WORLDS for sid, sit in WORLDS.get(w).situations.items()}


def _situation_ids(names: list[str]) -> list[str]:
    """`all`: the default world's situations; a world's name (`agency`): that world's; else
    ids (`-v1` may be left off)."""
    if not names or names == ["all"]:
        return sorted(_default().situations)
    for world in _others():
        if names == [world.name]:
            return list(world.situations)
    known = _known()
    out = []
    for name in names:
        sid = name if name in known else f"{name}-v1"
        if sid not in known:
            worlds = "".join(f", or {w.name!r}" for w in _others())
            console.print(f"arcadia: unknown situation {name!r}; known: "
                          f"{', '.join(sorted(known))} (or 'all'{worlds})")
            raise typer.Exit(2)
        out.append(sid)
    return out


def _situation_help() -> str:
    worlds = [f"'all' ({_default().possessive})",
              *(f"'{w.name}' ({w.possessive})" for w in _others())]
    return f"Situation id (e.g. spend-anomaly), repeatable, {' or '.join(worlds)}."


@app.command()
def generate(
    situation: Annotated[list[str], typer.Option(help=_situation_help())] = ["all"],  # noqa: B006
    count: Annotated[int | None, typer.Option(
        help="At most this many shipped tasks per situation.")] = None,
    seed: Annotated[list[int] | None, typer.Option(
        help="World seed, repeatable (new seeds make a new private split); default: the "
             "committed corpus's of the generation.")] = None,
    out: Annotated[Path | None, typer.Option(help="Write the tasks and generation.json here."
                                             )] = None,
    headcount: Annotated[int, typer.Option(help="People in each world.")] = 800,
    goal: Annotated[list[str] | None, typer.Option(
        help="Only this goal kind (repeatable), e.g. payroll-title-v1.")] = None,
    width: Annotated[int, typer.Option(help="Widest task: the goal plus add-ons (1-3).")] = 3,
    depth: Annotated[int, typer.Option(help="Fewest values a task must discover.")] = 0,
    apps: Annotated[int, typer.Option(help="Fewest apps a task must touch.")] = 1,
    writes: Annotated[int, typer.Option(help="Fewest writes a task must make.")] = 1,
    distractors: Annotated[int, typer.Option(
        help="Fewest people or suppliers with a name sharing a word with the subject's.")
    ] = 0,
    paraphrase: Annotated[bool, typer.Option(
        help="Reword instructions through the OpenAI-compatible model named by "
             "ARCADIA_PARAPHRASE_BASE_URL and ARCADIA_PARAPHRASE_MODEL (kept only if every "
             "slot survives, no name leaks and the task still certifies).")] = False,
    verbose: Annotated[bool, typer.Option(help="Print why each certificate failed.")] = False,
    generation: Annotated[str, typer.Option(
        help="Generator v2 (intent-worded goal kinds, neutral ids, splits by core, "
             "certificate v2) or v1 (what the v1 corpora were made by).")
    ] = "v2",
    jobs: Annotated[int | None, typer.Option(
        help="Worker processes, one situation each (default: the cores); the tasks and "
             "generation.json are the same bytes whatever the number.", min=1)] = None,
) -> None:
    """Walk every goal kind of the situations over the world seeds; ship what the gates
    pass; print the funnel, coverage and shapes (and write them to generation.json)."""
    from arcadia.taskgen.generate import Generator, Knobs, write_corpus
    from arcadia.taskgen.pack import GENERATIONS

    if generation not in GENERATIONS:
        console.print(f"arcadia: unknown generation {generation!r}; known: "
                      f"{', '.join(GENERATIONS)}")
        raise typer.Exit(2)
    sits = _situation_ids(situation)
    from arcadia.taskgen.paraphrase import Paraphraser

    paraphraser = Paraphraser.from_env() if paraphrase else None
    if paraphrase and paraphraser is None:
        console.print("arcadia: --paraphrase needs ARCADIA_PARAPHRASE_BASE_URL and "
                      "ARCADIA_PARAPHRASE_MODEL")
        raise typer.Exit(2)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.fields[current]}"), console=console,
                  transient=True) as bar:
        job = bar.add_task("walking", total=None, current="")

        def progress(tid: str) -> None:
            bar.update(job, advance=1, current=tid)

        seeds = seed or list(V2_SEEDS if generation == "v2" else CORPUS_SEEDS)
        gen = Generator(seeds=seeds, situations=sits, count=count, headcount=headcount,
                        paraphraser=paraphraser, progress=progress, goals=goal or None,
                        knobs=Knobs(width, depth, apps, writes, distractors),
                        generation=generation, jobs=jobs or _cores())
        tasks = asyncio.run(gen.run())
    report = gen.report()
    if out is not None:
        write_corpus(tasks, report, out)
    if verbose:
        for line in gen.details:
            console.print(line, markup=False)
    _print_report(report, len(tasks), out)


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _print_report(r: dict[str, object], shipped: int, out: Path | None) -> None:
    funnel = r["funnel"]
    assert isinstance(funnel, dict)
    console.print("funnel: " + " -> ".join(f"{k.replace('_', ' ')} {v}"
                                           for k, v in funnel.items()))
    console.print(f"survival: {r['survival']:.1%} of candidate walks shipped "
                  f"({r['not_walked_saturated']} candidates not walked: saturated)")
    rejected = r["rejected"]
    assert isinstance(rejected, dict)
    for reason, n in sorted(rejected.items(), key=lambda kv: (-kv[1], kv[0])):
        console.print(f"  rejected {n:>4}  {reason}", markup=False)
    cov = r["coverage"]
    assert isinstance(cov, dict)
    for key in ("tools", "write_tools", "consumes_produces_edges", "situation_app_pairs"):
        c = cov[key]
        console.print(f"coverage {key.replace('_', ' ')}: {c['covered']}/{c['of']} "
                      f"({c['share']:.1%})")
    shape = r["shape"]
    assert isinstance(shape, dict)
    console.print(f"shape: mean apps {shape['mean_apps']}, 3+ apps "
                  f"{shape['three_plus_apps']:.1%}, median gold calls "
                  f"{shape['median_gold_calls']}, distinct tool multisets "
                  f"{shape['distinct_tool_multisets']:.1%}, splits {shape['splits']}")
    console.print(f"shipped {shipped} task(s)" + (f" to {out}" if out else ""))


@app.command()
def validate(
    corpus: Annotated[Path, typer.Argument(help="A corpus folder (task JSON files below it).",
                                           exists=True, file_okay=False)],
) -> None:
    """Re-certify every task of a corpus, under the certificate its generation.json names
    (v1 if none; v2 for a corpus without one); exit 1 on any failure."""
    from arcadia.grader.certify import certified, certify_files, summary_line

    files = sorted(p for p in corpus.rglob("*.json") if p.name != "generation.json")
    if not files:
        console.print(f"arcadia: no task files under {corpus}")
        raise typer.Exit(2)
    # A corpus is held to the certificate it was made under (v1's corpora name none).
    report = corpus / "generation.json"
    version = json.loads(report.read_text()).get("generation", "v1") if report.exists() \
        else None
    certs = asyncio.run(certify_files(files, version=version))
    failed = [tid for tid, c in certs.items() if not certified(c)]
    for tid in failed:
        console.print(summary_line(tid, certs[tid]), markup=False)
    console.print(f"{len(certs) - len(failed)}/{len(certs)} task(s) certified")
    if failed:
        raise typer.Exit(1)


@app.command()
def coverage(
    tasks: Annotated[list[Path] | None, typer.Option(
        "--tasks", help="A corpus folder (task JSON files below it), repeatable; default: "
                        "each world's newest committed corpus.")] = None,
) -> None:
    """Account for every write tool of each world whose tasks are given: used by a shipped
    task, excluded with its world pack's reason (`goals/<world>/unused.py`), or
    unexplained (listed)."""
    from arcadia.taskgen.write_coverage import corpus_coverage, default_corpora

    dirs = tasks or default_corpora()
    missing = [d for d in dirs if not d.is_dir()]
    if not dirs or missing:
        console.print(f"arcadia: no corpus folder {', '.join(map(str, missing))}" if missing
                      else "arcadia: no corpus found under corpus/; give --tasks DIR")
        raise typer.Exit(2)
    worlds, others = corpus_coverage(dirs)
    if not worlds and not others:
        console.print(f"arcadia: no task files under {', '.join(map(str, dirs))}")
        raise typer.Exit(2)
    console.print(f"tasks: {', '.join(map(str, dirs))}", markup=False)
    for c in worlds:
        n = len(c.writes)
        console.print(f"{c.world} ({c.tasks} task(s)):", markup=False)
        console.print(f"  write tools used by shipped tasks: {len(c.used)}/{n} "
                      f"({len(c.used) / n:.1%})")
        console.print(f"  excluded with a reason: {c.excluded_count}/{n}")
        for reason, tools in c.excluded.items():
            console.print(f"    {len(tools):>3}  {reason}", markup=False)
        console.print(f"  unexplained: {len(c.unexplained)}/{n}")
        for tool in c.unexplained:
            console.print(f"    - {tool}", markup=False)
        stale = sum(len(v) for v in c.stale.values())
        console.print(f"  stale exclusions (a reason covering a used tool): {stale}")
        for reason, used in c.stale.items():
            console.print(f"    {', '.join(used)}: {reason}", markup=False)
        for reason in c.idle:
            console.print(f"  idle exclusion (covers no tool): {reason}", markup=False)
        for name in c.misnamed:
            console.print(f"  an exclusion names {name}, which it does not cover (no write "
                          f"tool of {c.world}, or an earlier exclusion's)", markup=False)
    for world, n in others.items():
        console.print(f"{world} ({n} task(s)): no goal kinds, not accounted", markup=False)


if __name__ == "__main__":
    app()
