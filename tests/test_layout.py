"""The package's rooms and the way its imports point (module- and function-level alike)."""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path

import pytest

import jaxtour

PACKAGE = Path(jaxtour.__file__).resolve().parent

# Who may import whom: a room's modules may import only the rooms listed for it.
# Foundations (catalog, lazy, display, i18n, helper_calls) import no jaxtour module at all.
ALLOWED = {
    "jaxtour.catalog": set(),
    "jaxtour.lazy": set(),
    "jaxtour.display": set(),
    "jaxtour.i18n": set(),  # the language in use and its catalogs: a foundation too
    "jaxtour.helper_calls": set(),  # the lesson helpers a check's answer called
    "jaxtour.hosts": {"jaxtour.i18n"},  # workers import it: only the light foundation
    "jaxtour.grader": {
        "jaxtour.catalog",
        "jaxtour.lazy",
        "jaxtour.display",
        "jaxtour.i18n",
        "jaxtour.helper_calls",
        "jaxtour.grader",
    },
    "jaxtour.learner": {"jaxtour.catalog", "jaxtour.display", "jaxtour.i18n", "jaxtour.learner"},
    "jaxtour.exercises": {
        "jaxtour.catalog",
        "jaxtour.lazy",
        "jaxtour.display",
        "jaxtour.i18n",
        "jaxtour.grader",
        "jaxtour.exercises",
        "jaxtour.timing",
        "jaxtour.hosts",
    },
    "jaxtour.timing": {"jaxtour.lazy", "jaxtour.display", "jaxtour.i18n", "jaxtour.helper_calls"},
    # The teachers' hub service: reads stores as the learner tooling does; no grader, no JAX.
    "jaxtour.classroom": {
        "jaxtour.catalog",
        "jaxtour.display",
        "jaxtour.learner",
        "jaxtour.classroom",
    },
}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


@functools.cache
def imports_of(name: str) -> set[str]:
    """Every jaxtour module ``name`` imports, at any depth of its code. Read when a test
    asks (the tests of one module's imports go to several workers; parsing every module
    at collection cost each worker 0.7 s of CPU, 2026-12-06)."""
    found = set()
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    package = name if MODULES[name].name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            targets = [
                f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names
            ]
        else:
            continue
        found |= {t for t in targets if t == "jaxtour" or t.startswith("jaxtour.")}
    return {t for t in found if t in MODULES} - {name}


def room(name: str) -> str:
    for prefix in sorted(ALLOWED, key=len, reverse=True):
        if name == prefix or name.startswith(prefix + "."):
            return prefix
    return name


def test_there_is_no_import_cycle():
    state: dict[str, int] = {}  # 1 visiting, 2 done

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for target in sorted(imports_of(node)):
            if state.get(target) == 1:
                cycle = path[path.index(target) :] + [target] if target in path else [node, target]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if target not in state:
                visit(target, path + [target])
        state[node] = 2

    for name in MODULES:
        if name not in state:
            visit(name, [name])


@pytest.mark.parametrize("name", sorted(n for n in MODULES if room(n) in ALLOWED))
def test_imports_point_one_way(name):
    allowed = ALLOWED[room(name)] | {"jaxtour"}
    wrong = sorted(t for t in imports_of(name) if room(t) not in allowed)
    assert not wrong, f"{name} ({room(name)}) must not import {wrong}"


def test_the_grader_never_imports_the_learner_tooling_or_the_exercises():
    for name in MODULES:
        if room(name) == "jaxtour.grader":
            assert not {
                t
                for t in imports_of(name)
                if t.startswith(("jaxtour.learner", "jaxtour.exercises"))
            }


@pytest.mark.parametrize("statement", ["import jaxtour", "from jaxtour import checks"])
def test_importing_loads_no_heavy_library(statement):
    probe = (
        f"import sys; {statement}; "
        "print(sorted(m for m in ('jax', 'matplotlib', 'ipywidgets') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_repository_holds_no_learners_files():
    """A workspace's files (marker, copied lessons, its notes of what was said) never get
    committed: at the root they would make the clone itself a workspace, and `make lab`
    would copy the lessons there instead of into jaxtour-lessons/."""
    root = PACKAGE.parent
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=root, capture_output=True, text=True, check=True
    ).stdout.split()
    workspace_files = [
        path
        for path in tracked
        if path.endswith(".jaxtour-workspace.json")
        or path.endswith("-seen.txt")
        or (path.endswith(".ipynb") and not path.startswith("lessons/"))
    ]
    assert workspace_files == []


def test_notebooks_are_still_validated_without_the_iri_grammar(request):
    """`make test` loads tests/formatless.py, which keeps jsonschema from building
    rfc3987-syntax's grammar in the test processes: nbformat never asks for a format, so a
    notebook that breaks the schema fails to load all the same."""
    import nbformat

    if request.config.pluginmanager.has_plugin("tests.formatless"):
        assert sys.modules.get("rfc3987_syntax") is None
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x = 1")])
    nbformat.validate(notebook)
    notebook.cells[0]["execution_count"] = "one"
    with pytest.raises(nbformat.ValidationError):
        nbformat.validate(notebook)
    notebook.cells[0]["execution_count"] = None
    notebook.cells[0]["outputs"] = [{"output_type": "stream", "name": "stdout"}]
    with pytest.raises(nbformat.ValidationError):
        nbformat.validate(notebook)
