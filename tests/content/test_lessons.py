"""The notebook conventions of CONTRIBUTING.md, checked on every lesson."""

from __future__ import annotations

import re

import pytest

from jaxtour import catalog
from jaxtour.exercises import by_lesson
from tests.helpers import (
    LESSON_NOTEBOOKS,
    LESSONS,
    ROOT,
    RUSSIAN,
    cell_check,
    cell_exercise,
    read_notebook,
)
from tools import lesson_index
from tools.build_lessons import (
    REVEAL_OUTPUTS,
    WIDGET_VIEW_MIME,
    authored_metadata,
    is_reveal,
    notebook_from_source,
)
from tools.editions import EDITIONS


def test_lessons_exist_with_numbered_names():
    names = [p.name for p in LESSON_NOTEBOOKS]
    assert names[:2] == ["00_welcome.ipynb", "01_jnp_as_numpy.ipynb"]
    assert all(re.fullmatch(r"\d\d_[a-z0-9_]+\.ipynb", n) for n in names)
    assert sorted(by_lesson()) == [p.stem for p in LESSON_NOTEBOOKS]


def test_the_catalog_names_every_lesson_file_and_no_other():
    numbered = {p.name for p in LESSONS.iterdir() if re.match(r"\d\d_", p.name)}
    expected = {n for lesson in catalog.LESSONS for n in (lesson.notebook, lesson.source)}
    assert numbered == expected


def test_notebook_matches_its_markdown_source(lesson):
    """Edit the .md, then run `make lessons`: the .ipynb must not drift from its source."""
    source = notebook_from_source(lesson.with_suffix(".md"))
    stored = read_notebook(lesson)
    assert [(c.cell_type, c.source) for c in stored.cells] == [
        (c.cell_type, c.source) for c in source.cells
    ], f"{lesson.name} is stale: run `make lessons`"
    assert [authored_metadata(c) for c in stored.cells] == [c.metadata for c in source.cells]


def test_every_code_cell_is_stored_executed_and_reveals_without_output(lesson):
    for cell in read_notebook(lesson).cells:
        if cell.cell_type == "code":
            assert cell.execution_count is not None, cell.source
        if is_reveal(cell):
            assert cell.outputs == [], cell.source
            assert REVEAL_OUTPUTS in cell.metadata["jaxtour"], "run `make lessons`"


def _is_heading(cell) -> bool:
    return cell.cell_type == "markdown" and cell.source.lstrip().startswith("#")


def test_a_prediction_is_followed_only_by_its_reveal_until_the_next_heading(lesson):
    """Nothing between a prediction's check and the next heading shows its answer: only
    the reveal cells, shipped without output. Reveals belong to predictions alone."""
    cells = read_notebook(lesson).cells
    predictions = {e.id for e in by_lesson()[lesson.stem] if e.prediction}
    revealed = set()
    for index, cell in enumerate(cells):
        checked = cell_check(cell)
        if checked in predictions:
            following = []
            for later in cells[index + 1 :]:
                if _is_heading(later):
                    break
                following.append(later)
            assert following and all(is_reveal(c) for c in following), (
                f"{checked}: between its check and the next heading, only cells tagged "
                "`reveal` (the prose that explains the answer goes under the heading)"
            )
            revealed.add(checked)
        elif is_reveal(cell):
            previous = cells[index - 1]
            assert is_reveal(previous) or cell_check(previous) in predictions, (
                f"a reveal cell follows a prediction's check (or another reveal): {cell.source!r}"
            )
    assert revealed == predictions, "every prediction exercise has its reveal in the lesson"


def test_lesson_follows_the_template(lesson):
    cells = read_notebook(lesson).cells
    first = cells[0]
    assert first.cell_type == "markdown" and first.source.startswith("# ")
    for part in ("**What you'll do:**", "**What you'll learn:**", "**What you'll need:**"):
        assert part in first.source
    headings = [c.source for c in cells if c.cell_type == "markdown"]
    assert any("## On your own" in h for h in headings)


def test_exercise_cells_carry_ids_and_are_followed_by_their_check(lesson):
    cells = read_notebook(lesson).cells
    declared = [e.id for e in by_lesson()[lesson.stem]]
    asked = []
    for index, cell in enumerate(cells):
        exercise_id = cell_exercise(cell)
        if exercise_id is None:
            assert "exercise" not in cell.metadata.get("tags", [])
            continue
        asked.append(exercise_id)
        assert "exercise" in cell.metadata.get("tags", [])
        assert "..." in cell.source, "a shipped exercise cell holds the ... placeholder"
        following = cells[index + 1]
        assert cell_check(following) == exercise_id
        assert "check" in following.metadata.get("tags", [])
        assert f'checks.show("{exercise_id}", lambda:' in following.source
    assert asked == declared, "the lesson asks exactly its module's exercises, in order"


def test_no_cell_raises_and_every_shown_mistake_really_fails(lesson):
    """Mistakes are shown with checks.expect_error: a short error, never a traceback."""
    for cell in read_notebook(lesson).cells:
        if cell.cell_type != "code":
            continue
        assert not any(o.output_type == "error" for o in cell.outputs), cell.source
        assert "raises-exception" not in cell.metadata.get("tags", []), cell.source
        shown = "".join(str(o.get("data", {}).get("text/plain", "")) for o in cell.outputs)
        if "expect_error()" in cell.source:
            assert "The error, as expected" in shown, cell.source
        assert "expected to fail, but it ran without one" not in shown, cell.source


def test_shipped_checks_report_unattempted_and_store_no_widget_view(lesson):
    notebook = read_notebook(lesson)
    assert "widgets" not in notebook.metadata
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            assert WIDGET_VIEW_MIME not in output.get("data", {})
        if cell_check(cell):
            statuses = [
                o.data["application/vnd.jaxtour.feedback+json"]["status"] for o in cell.outputs
            ]
            assert statuses == ["unattempted"]


def test_lessons_readme_indexes_every_lesson():
    index = (LESSONS / "README.md").read_text(encoding="utf-8")
    for notebook in LESSON_NOTEBOOKS:
        assert notebook.name in index


@pytest.mark.parametrize("notebook", LESSON_NOTEBOOKS, ids=lambda p: p.stem)
def test_no_stderr_in_stored_outputs(notebook):
    for cell in read_notebook(notebook).cells:
        for output in cell.get("outputs", []):
            assert not (output.output_type == "stream" and output.name == "stderr"), cell.source


def test_both_lesson_indexes_are_generated_from_the_catalog():
    assert lesson_index.main(["--check"]) == 0, "run `make index`"


def test_each_lessons_heading_is_its_catalog_title():
    for lesson in catalog.LESSONS:
        source = (LESSONS / lesson.source).read_text(encoding="utf-8")
        assert f"\n# {lesson.number} · {lesson.title}\n" in source, lesson.stem


@pytest.mark.parametrize(
    ("path", "sentence"),
    [
        (LESSONS / "00_welcome.md", r"lessons ([\d, and]+) measure your device"),
        (RUSSIAN / "00_welcome.md", r"уроки ([\d, и]+) измеряют ваше устройство"),
        (ROOT / "README.md", r"measure your device \(([\d, and\n]+)\)"),
    ],
    ids=["lesson 00", "Russian lesson 00", "README"],
)
def test_the_lessons_said_to_measure_your_device_are_the_catalogs(path, sentence):
    found = re.search(sentence, path.read_text(encoding="utf-8"))
    assert found, f"{path.name}: no sentence naming the lessons that measure your device"
    named = re.findall(r"\d\d", found.group(1))
    assert named == [lesson.number for lesson in catalog.LESSONS if lesson.measures_device]


@pytest.mark.parametrize("edition", EDITIONS, ids=lambda e: e.lang)
def test_every_link_of_a_workspace_readme_opens_a_file_the_workspace_has(edition):
    """The lessons' README is copied into the learner's workspace with the notebooks:
    each relative link in it must open a file copied beside it."""
    from jaxtour.learner import workspace

    copied = {path.name for path in workspace.lesson_files(edition.path)}
    text = (edition.path / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#]+)\)", text)
    relative = [t for t in targets if "://" not in t]
    assert relative, "the README links no lesson"
    assert [t for t in relative if t not in copied] == []
