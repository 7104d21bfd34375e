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


def test_the_wheel_ships_every_file_a_workspace_copies_in_every_edition():
    """A workspace copies each edition's notebooks and companions (README, glossary) from
    the installed package: each must match a package-data pattern, or a pip install
    would lack it."""
    from fnmatch import fnmatch

    from jaxtour.learner import workspace
    from tools.editions import EDITIONS

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = config["package-data"]["jaxtour.lessons"]
    for edition in EDITIONS:
        for path in workspace.lesson_files(edition.path):
            shipped = path.relative_to(ROOT / "lessons").as_posix()
            assert any(fnmatch(shipped, pattern) for pattern in patterns), shipped
