"""Package discovery under the `arcadia` namespace (the metadata lives in pyproject.toml).

Each top-level folder is installed as `arcadia.<folder>`; its subpackages (the apps, the
kernel) are found, never listed, so adding an app means registering it in
`apps/registry.py` and nothing here.
"""

from setuptools import find_packages, setup

LAYERS = ("world", "apps", "grader", "taskgen", "agents")

setup(
    package_dir={f"arcadia.{layer}": layer for layer in LAYERS},
    packages=[f"arcadia.{layer}{'.' + sub if sub else ''}"
              for layer in LAYERS for sub in ("", *find_packages(layer))],
    # Data files read at run time: the task schema, the restaurant's cases, the agency's
    # population parameters (a wheel carries them, not only an editable install).
    package_data={"": ["*.json", "cases/*.json"]},
)
