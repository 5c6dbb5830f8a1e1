"""The import direction world <- apps <- grader <- taskgen <- agents, and no app imports
another app. Checked on the source (ast) and by ruff's banned-import rule."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from arcadia.apps.registry import APP_NAMES

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
