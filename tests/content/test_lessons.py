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
    WIDGET_VIEW_MIME,
    is_reveal,
    notebook_from_source,
    reveal_outputs,
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
    assert [c.metadata for c in stored.cells] == [c.metadata for c in source.cells]


def test_every_code_cell_is_stored_executed_and_reveals_without_output(lesson):
    """A reveal ships without output, and what it showed is kept beside the notebook
    (.reveals/), not in it: a learner who opens the notebook's metadata finds nothing."""
    held = reveal_outputs(lesson)
    reveals = set()
    for cell in read_notebook(lesson).cells:
        if cell.cell_type == "code":
            assert cell.execution_count is not None, cell.source
        if is_reveal(cell):
            reveals.add(cell.id)
            assert cell.outputs == [], cell.source
            assert cell.id in held, f"{cell.source!r} has no stored outputs: run `make lessons`"
    assert set(held) == reveals, "run `make lessons`: .reveals/ holds other cells"


# Both editions, English and Russian (the same cells: test_russian_sync.py).
BOTH_EDITIONS = [
    notebook
    for lesson in catalog.LESSONS
    for notebook in (LESSONS / lesson.notebook, RUSSIAN / lesson.notebook)
]
FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^#{1,6}\s")
# A collapsed block: `<details>` with no `open`, a summary, and markdown inside.
COLLAPSED = re.compile(r"<details>\s*<summary>.+?</summary>.*?</details>", re.S)


def _edition_id(notebook) -> str:
    return f"{'ru' if notebook.parent == RUSSIAN else 'en'}-{notebook.stem}"


@pytest.fixture(params=BOTH_EDITIONS, ids=_edition_id)
def edition(request):
    return request.param


def _before_heading(source: str) -> tuple[str, int, bool]:
    """A markdown cell up to its first heading line (fenced code is not a heading): its
    text outside collapsed blocks, how many collapsed blocks, and whether a heading ended
    it."""
    kept = []
    fenced = False
    ended = False
    for line in COLLAPSED.sub("\0", source).splitlines():
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced and HEADING.match(line):
            ended = True
            break
        kept.append(line)
    text = "\n".join(kept)
    return text.replace("\0", ""), text.count("\0"), ended


def _answer_regions(cells, predictions):
    """Each prediction's check, with the cells after it up to the next heading line: the
    region where its answer is revealed and explained. Yields (exercise id, check index,
    [(cell index, cell, (text outside collapsed blocks, collapsed blocks) or None for
    a code cell)])."""
    for index, cell in enumerate(cells):
        exercise_id = cell_check(cell)
        if exercise_id not in predictions:
            continue
        region = []
        for later_index in range(index + 1, len(cells)):
            later = cells[later_index]
            if later.cell_type != "markdown":
                region.append((later_index, later, None))
                continue
            text, collapsed, ended = _before_heading(later.source)
            region.append((later_index, later, (text, collapsed)))
            if ended:
                break
        yield exercise_id, index, region


def _predictions(notebook) -> set[str]:
    return {e.id for e in by_lesson()[notebook.stem] if e.prediction}


def test_a_prediction_is_followed_by_its_reveal_and_reveals_belong_to_predictions(edition):
    """A prediction's check is followed at once by a reveal cell (shipped without
    output); reveal cells appear only between a prediction's check and the next heading."""
    cells = read_notebook(edition).cells
    predictions = _predictions(edition)
    revealed = set()
    in_regions = set()
    for exercise_id, index, region in _answer_regions(cells, predictions):
        assert region and is_reveal(region[0][1]), (
            f"{_edition_id(edition)}, cell {index + 1}: the cell after {exercise_id}'s check "
            "is tagged `reveal`"
        )
        revealed.add(exercise_id)
        in_regions.update(i for i, _, _ in region)
    for index, cell in enumerate(cells):
        if is_reveal(cell):
            assert index in in_regions, (
                f"{_edition_id(edition)}, cell {index + 1}: a reveal cell lies between a "
                f"prediction's check and the next heading: {cell.source!r}"
            )
    assert revealed == predictions, "every prediction exercise has its reveal in the lesson"


def test_a_predictions_explanation_is_the_graders_not_the_pages(edition):
    """No prediction's answer is on the page before its Check (CONTRIBUTING, "Predictions
    come first"), not even one click away: no lesson folds anything in `<details>`, and
    between a prediction's check and the next heading there is no prose, only the cells
    that show JAX doing it. What happened, and why, is the exercise's declared
    ``explanation``, which the grader shows under the verdict of the learner's prediction
    (tests/grader/test_prediction_reveal.py)."""
    notebook = read_notebook(edition)
    folds = [
        index + 1
        for index, cell in enumerate(notebook.cells)
        if cell.cell_type == "markdown" and "<details" in cell.source
    ]
    assert not folds, (
        f"{_edition_id(edition)}, cells {folds}: a fold is one click from its content; a "
        "prediction's explanation belongs in its declaration (Exercise.explanation)"
    )
    for exercise_id, _, region in _answer_regions(notebook.cells, _predictions(edition)):
        for index, _, markdown in region:
            if markdown is None:
                continue
            text, _ = markdown
            assert not text.strip(), (
                f"{_edition_id(edition)}, cell {index + 1} ({exercise_id}): prose between a "
                "prediction's check and the next heading is on the page before the Check; "
                "say it in the exercise's explanation, or after the heading: "
                f"{text.strip()[:120]!r}"
            )


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
        # A reveal cell ships without output; what it showed is kept in .reveals/.
        outputs = reveal_outputs(lesson)[cell.id] if is_reveal(cell) else cell.outputs
        assert not any(o["output_type"] == "error" for o in outputs), cell.source
        assert "raises-exception" not in cell.metadata.get("tags", []), cell.source
        shown = "".join(str(o.get("data", {}).get("text/plain", "")) for o in outputs)
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


def _doctor_lines(language: str) -> set[str]:
    """Every line ``jaxtour doctor`` can print in ``language``: on Colab, Binder and a
    machine of one's own; on a CPU, a GPU or a TPU; with an NVIDIA GPU JAX cannot use."""
    from dataclasses import replace
    from unittest import mock

    from jaxtour import i18n
    from jaxtour.learner import doctor

    base = doctor.Facts(
        python="3.11.7", executable="python", platform="linux", place="local",
        jax="0.10.2", jaxlib="0.10.2", numpy="2.4.6", backend="cpu", devices=("cpu:0 cpu",),
        jax_problem=None, gpus=(), ipywidgets="8.1.9", matplotlib="3.11.2",
    )  # fmt: skip
    gpu = doctor.Gpu("NVIDIA H200", "580.1", "13.0")
    variants = [
        replace(base, place=place, backend=backend, gpus=gpus)
        for place in ("colab", "binder", "local")
        for backend in ("cpu", "gpu", "tpu")
        for gpus in ((), (gpu,))
    ]
    lines: set[str] = set()
    i18n.use_language(language)
    try:
        for facts in variants:
            with mock.patch.object(doctor, "gather", return_value=facts):
                lines.update(doctor.report()[0])
    finally:
        i18n._chosen[0] = None
    return lines


@pytest.mark.parametrize("edition", EDITIONS, ids=lambda e: e.lang)
def test_every_doctor_line_a_lesson_quotes_is_one_doctor_prints_in_its_language(edition):
    """Lesson 00 quotes what `jaxtour doctor` prints (`backend     gpu`): each quote must
    begin a line doctor prints in the lesson's language (a Russian learner's terminal
    speaks Russian), not one of the other edition's."""
    from jaxtour import i18n

    printed = _doctor_lines(edition.lang)
    labels = {"GPU", "Python", "JAX", "jaxlib"}
    for label in ("Running on", "backend", "devices", "PROBLEM"):  # doctor's own labels
        labels |= {label, i18n.translate(label, "ru")}
    quoted = [
        span
        for path in sorted(edition.path.glob("*.md"))
        for span in re.findall(r"`([^`\n]+)`", path.read_text(encoding="utf-8"))
        if any(span.startswith(label + " ") for label in labels)
    ]
    assert len(quoted) >= 5, "lesson 00 quotes doctor's lines: the pattern found too few"
    wrong = [span for span in quoted if not any(line.startswith(span) for line in printed)]
    assert wrong == [], f"{edition.lang}: quoted, but doctor prints no such line: {wrong}"


def test_every_reveal_waits_for_its_own_prediction(edition):
    """Run All must not settle a prediction (issue 34): each reveal cell's code is the body
    of a function decorated with `@checks.reveal("<its prediction>")`, which runs only once
    that prediction is answered (tests/grader/test_reveal_waits.py)."""
    cells = read_notebook(edition).cells
    for exercise_id, _index, region in _answer_regions(cells, _predictions(edition)):
        for later_index, cell, _text in region:
            if is_reveal(cell):
                assert f'@checks.reveal("{exercise_id}")' in cell.source, (
                    f"{_edition_id(edition)}, cell {later_index + 1}: this reveal of "
                    f"{exercise_id} runs before an answer:\n{cell.source}"
                )
