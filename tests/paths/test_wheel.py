"""The pip path: the wheel ships every jaxtour package (setuptools lists them by name)."""

from __future__ import annotations

import tomllib

from tests.helpers import ROOT


def test_pyproject_lists_every_jaxtour_package():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    on_disk = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "jaxtour").rglob("__init__.py")
        if "__pycache__" not in init.parts
    }
    assert on_disk | {"jaxtour.lessons"} == set(config["packages"])
    assert config["package-dir"]["jaxtour.lessons"] == "lessons"
