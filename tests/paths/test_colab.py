"""Colab's path, mimicked: Python with Colab's pins (jax 0.7.2, ipywidgets 7.7.1), the
guarded install cell run as on Colab, then the widget tests and every solved lesson."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.helpers import LESSON_NOTEBOOKS, ROOT, install_into, kernel_env, read_notebook

# What Google Colab ships (DIGEST.md: jax 0.7.x, ipywidgets 7.7.1), plus what the test needs.
COLAB_PINS = [
    "jax==0.7.2",
    "jaxlib==0.7.2",
    "ipywidgets==7.7.1",
    "numpy==2.0.2",
    "matplotlib==3.10.0",
]
TEST_TOOLS = ["pytest", "nbclient", "nbformat", "ipykernel", "hypothesis", "jupytext"]
KEPT = ("jax", "jaxlib", "ipywidgets", "numpy", "matplotlib")


def _pip(python: Path, *args: str) -> None:
    subprocess.run(
        [str(python), "-m", "pip", "--disable-pip-version-check", *args],
        check=True,
        capture_output=True,
        text=True,
        timeout=900,
    )


def _versions(python: Path) -> dict[str, str]:
    out = subprocess.run(
        [str(python), "-m", "pip", "list", "--format=json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return {p["name"].lower(): p["version"] for p in json.loads(out)}


def _install_cell():
    """Lesson 00's guarded Colab install cell (every lesson carries the same one)."""
    cells = read_notebook(LESSON_NOTEBOOKS[0]).cells
    return next(c for c in cells if "colab-install" in c.metadata.get("tags", []))


@pytest.fixture(scope="module")
def colab(tmp_path_factory) -> Path:
    """A venv with Colab's pins and jaxtour installed by the lessons' own install cell."""
    root = tmp_path_factory.mktemp("colab")
    subprocess.run([sys.executable, "-m", "venv", str(root / "venv")], check=True)
    python = root / "venv" / "bin" / "python"
    installed = install_into(python, *COLAB_PINS, *TEST_TOOLS)  # what Colab ships
    assert installed.returncode == 0, installed.stderr[-2000:]
    _pip(python, "wheel", "--quiet", "--no-deps", "-w", str(root / "wheel"), str(ROOT))
    wheel = next((root / "wheel").glob("jaxtour-*.whl"))
    before = _versions(python)

    cell = _install_cell()
    code = cell.source.replace(cell.source.split('JAXTOUR_SOURCE = "')[1].split('"')[0], str(wheel))
    on_colab = "import sys, types\nsys.modules['google.colab'] = types.ModuleType('google.colab')\n"
    subprocess.run([str(python), "-c", on_colab + code], check=True, timeout=600)
    after = _versions(python)
    assert "jaxtour" in after
    assert {k: after[k] for k in KEPT} == {k: before[k] for k in KEPT}
    assert {k: v for k, v in after.items() if k != "jaxtour"} == before
    return python


def test_the_install_cell_does_nothing_outside_colab():
    cell = _install_cell()
    result = subprocess.run(
        [sys.executable, "-c", cell.source.replace("pip", "nope")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0 and result.stdout == result.stderr == ""


@pytest.mark.slow
def test_widget_code_works_with_colabs_ipywidgets(colab, tmp_path):
    assert _versions(colab)["ipywidgets"] == "7.7.1"
    # A copy outside the repository: no repository config (nbval is not installed there)
    # and no repository on sys.path, so the tests import jaxtour from the installed wheel.
    shutil.copy(ROOT / "tests" / "grader" / "test_widgets.py", tmp_path)
    result = subprocess.run(
        [str(colab), "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_widgets.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-3000:]
    assert " passed" in result.stdout


@pytest.mark.slow
def test_every_lesson_solved_passes_on_colabs_versions(colab, tmp_path):
    # A checkout without jaxtour/ on PYTHONPATH (tools/ runs the lessons from its sibling
    # lessons/): `tools` imports, and jaxtour must still come from the installed wheel.
    for folder in ("tools", "lessons"):
        shutil.copytree(ROOT / folder, tmp_path / "importable" / folder)
    script = textwrap.dedent(
        f"""
        import nbformat
        from tools.build_lessons import execute, reported_statuses, solved
        import jaxtour
        assert "site-packages" in jaxtour.__file__, jaxtour.__file__
        for path in {[str(p) for p in LESSON_NOTEBOOKS]!r}:
            notebook, ids = solved(nbformat.read(path, as_version=4))
            execute(notebook, timeout=300)
            statuses = reported_statuses(notebook)
            bad = {{i: s for i, s in statuses.items() if s != "correct"}}
            assert not bad and sorted(statuses) == sorted(ids), (path, bad)
            print("solved", path.rsplit("/", 1)[-1])
        """
    )
    result = subprocess.run(
        [str(colab), "-c", script],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=900,
        env={
            "PATH": f"{colab.parent}:/usr/bin:/bin",
            "HOME": str(tmp_path),
            "JAX_PLATFORMS": "cpu",
            "JAXTOUR_PROGRESS": "off",
            "PYTHONPATH": str(tmp_path / "importable"),
            # The run's compile cache (tests.helpers.kernel_env): JAX keys it by version.
            **{k: v for k, v in kernel_env().items() if k.startswith("JAX_")},
        },
    )
    assert result.returncode == 0, (result.stdout + result.stderr)[-3000:]
    assert result.stdout.count("solved") == len(LESSON_NOTEBOOKS)
