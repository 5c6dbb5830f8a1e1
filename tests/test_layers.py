"""The import direction world <- apps <- grader <- taskgen <- agents, and no app imports
another app. Checked on the source (ast) and by ruff's banned-import rule."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from arcadia.apps.registry import APP_NAMES
from arcadia.world import WORLDS

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ["world", "apps", "grader", "taskgen", "agents"]


def imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append(node.module)
    return [m for m in out if m.startswith("arcadia.")]


@pytest.mark.parametrize("layer", LAYERS)
def test_layers_import_only_downwards(layer):
    allowed = set(LAYERS[: LAYERS.index(layer) + 1])
    for path in sorted((ROOT / layer).rglob("*.py")):
        for module in imports(path):
            assert module.split(".")[1] in allowed, f"{path.relative_to(ROOT)} imports {module}"


def test_every_app_folder_is_registered():
    folders = {p.parent.name for p in (ROOT / "apps").glob("*/__init__.py")} - {"kernel"}
    assert folders == set(APP_NAMES), "register each app once, in apps/registry.py"


@pytest.mark.parametrize("app", APP_NAMES)
def test_no_app_imports_another(app):
    """An app imports only the kernel, itself and the world: never another app, nor the
    registry of apps (ruff's one banned-api rule in apps/ruff.toml covers the layers)."""
    for path in sorted((ROOT / "apps" / app).rglob("*.py")):
        for module in imports(path):
            parts = module.split(".")
            if parts[1] == "apps":
                assert len(parts) > 2 and parts[2] in ("kernel", app), \
                    f"{path.relative_to(ROOT)} imports {module}"


def test_one_ruff_rule_for_every_app():
    assert not list((ROOT / "apps").glob("*/ruff.toml")), "one rule: apps/ruff.toml"
    config = (ROOT / "apps" / "ruff.toml").read_text()
    for upper in LAYERS[LAYERS.index("apps") + 1:]:
        assert f'"arcadia.{upper}"' in config
    assert "packages = [" not in (ROOT / "pyproject.toml").read_text(), \
        "packages are found by setup.py; the apps are listed only in apps/registry.py"


def test_ruff_is_clean():
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    done = subprocess.run([ruff, "check", "--output-format", "concise", str(ROOT)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


# A world's own folder in each layer (the one holding its `pack.py`), and the registry
# modules that list the packs.
WORLD_FOLDERS = ("world", "grader", "taskgen/goals", "agents/worlds")
REGISTRIES = ("world/worlds.py", "grader/worlds.py", "taskgen/worlds.py",
              "agents/worlds/__init__.py")
# Modules only one world has, beside its folders' names.
WORLD_MODULES = ("handbook", "bullhorn", "shift_board", "heuristic", "crew")
# The generic modules that keep a world's name, each for a reason.
NAMES_KEPT = {
    "world/model.py": "WorldSpec's default name: the default world's",
    "grader/task.py": "a task's world defaults to the default world's name",
    "world/world.py": "the World's `agency` field, the agency's truth: the fields of World "
    "are what every pinned content hash is computed from (it is left out of the canonical "
    "JSON of the other worlds)",
}


def said(path: Path) -> Iterator[tuple[int, str]]:
    """The identifiers and string literals of a module (its docstrings and comments aside),
    with their lines."""
    tree = ast.parse(path.read_text(), filename=str(path))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef
                                | ast.AsyncFunctionDef)
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docstrings:
                yield node.lineno, node.value
        elif isinstance(node, ast.Name):
            yield node.lineno, node.id
        elif isinstance(node, ast.Attribute):
            yield node.lineno, node.attr
        elif isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            yield node.lineno, node.name
        elif isinstance(node, ast.arg):
            yield node.lineno, node.arg
        elif isinstance(node, ast.keyword) and node.arg:
            yield node.value.lineno, node.arg
        elif isinstance(node, ast.alias):
            yield node.lineno, f"{node.name} {node.asname or ''}"
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.lineno, node.module


def test_no_generic_module_names_a_world() -> None:
    """Generic code asks a layer's registry of worlds and never tests which world it is in:
    no world's name, nor a module only one world has, is an identifier or a string literal
    outside the worlds' own folders and the registries listing their packs (docs/worlds.md).
    The apps are out of scope: an app says which worlds it serves (`AppSpec.worlds`)."""
    own = {p.parent for folder in WORLD_FOLDERS for p in (ROOT / folder).glob("*/pack.py")}
    words = {*(p.name for p in WORLDS.values()), *(f.name for f in own), *WORLD_MODULES}
    assert {f.name for f in own} >= {"robotics", "agency", "restaurant"}
    names = re.compile("|".join(sorted(map(re.escape, words))), re.IGNORECASE)
    found: dict[str, list[str]] = {}
    for layer in ("world", "grader", "taskgen", "agents"):
        for path in sorted((ROOT / layer).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if any(f in path.parents for f in own) or rel in REGISTRIES:
                continue
            for line, text in said(path):
                if names.search(text):
                    found.setdefault(rel, []).append(f"{rel}:{line}: {text[:60]!r}")
    unexpected = [where for rel, places in sorted(found.items()) if rel not in NAMES_KEPT
                  for where in places]
    assert unexpected == [], "ask the layer's registry of worlds (docs/worlds.md)"
    assert sorted(set(NAMES_KEPT) - set(found)) == [], "no longer kept: drop it from NAMES_KEPT"


def test_no_source_file_is_over_500_lines() -> None:
    folders = (*LAYERS, "bench", "tests")
    sources = sorted(p for folder in folders for p in (ROOT / folder).rglob("*.py"))
    long = {p.relative_to(ROOT).as_posix(): n for p in sources
            if (n := p.read_text().count("\n")) > 500}
    assert long == {}, "split these along a seam"


def module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(["arcadia", *(parts[:-1] if parts[-1] == "__init__" else parts)])


def imported(path: Path, modules: set[str]) -> set[str]:
    """The modules `path` imports anywhere in it (functions and `TYPE_CHECKING` included):
    `from a.b import c` counts `a.b.c` when that is a module."""
    me = module_of(path)
    package = me if path.name == "__init__.py" else me.rsplit(".", 1)[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*up, *([node.module] if node.module else [])])
            out.add(base)
            out.update(f"{base}.{a.name}" for a in node.names)
    return (out & modules) - {me}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while (w := stack.pop()) != v:
                component.append(w)
            if component:
                found.append(sorted([v, *component]))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_circle_inside_a_folder() -> None:
    """Modules of one folder import one way (a package's `__init__` re-exporting its modules
    is not counted)."""
    paths = {module_of(p): p for layer in LAYERS for p in (ROOT / layer).rglob("*.py")}
    graph = {m: {t for t in imported(p, set(paths)) if paths[t].parent == p.parent
                 and paths[t].name != "__init__.py"}
             for m, p in paths.items() if p.name != "__init__.py"}
    assert circles(graph) == []
