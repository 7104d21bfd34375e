"""The Russian edition (lessons/ru/) keeps in step with the English one, lesson by lesson.

Same cells in the same order, the same cell types, tags and metadata, code that differs
only in comments and string literals (exercise ids excepted: those stay the same), and
the same exercises and checks. Each test names the first difference it finds.
"""

from __future__ import annotations

import io
import re
import tokenize

import pytest

from jaxtour import catalog
from tests.helpers import LESSONS, RUSSIAN, cell_check, cell_exercise, read_notebook
from tools.build_lessons import notebook_from_source
from tools.editions import RUSSIAN as RUSSIAN_EDITION

LESSON_NAMES = [lesson.notebook for lesson in catalog.LESSONS]
EXERCISE_ID = re.compile(r"""^[rbuf]*(['"])(\d\d\.[a-z0-9_]+)\1$""", re.I)
LANGUAGE_CALL = re.compile(r'checks\.use_language\("(\w+)"\)')
# The Russian template's three opening lines and closing section (CONTRIBUTING).
RUSSIAN_TEMPLATE = ("**Что вы сделаете:**", "**Чему научитесь:**", "**Что понадобится:**")
RUSSIAN_ON_YOUR_OWN = "## Самостоятельно"


def _code_shape(source: str) -> list[tuple[str, str]]:
    """The code's tokens with comments dropped and string literals blanked (exercise
    ids kept); IPython's magic lines (``%%writefile x.py``, ``%time``) kept whole."""
    shape: list[tuple[str, str]] = []
    python_lines = []
    for line in source.splitlines():
        if line.lstrip().startswith(("%", "!")):
            shape.append(("MAGIC", line.strip()))
            python_lines.append("")
        else:
            python_lines.append(line)
    text = "\n".join(python_lines) + "\n"
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return [("TEXT", re.sub(r"#.*", "", line).rstrip()) for line in python_lines]
    skipped = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.ENCODING}
    for token in tokens:
        if token.type in skipped:
            continue
        if token.type == tokenize.STRING:
            found = EXERCISE_ID.match(token.string)
            shape.append(("STRING", found.group(2) if found else "…"))
        elif token.type in {getattr(tokenize, n, -1) for n in ("FSTRING_MIDDLE",)}:
            shape.append(("FSTRING_MIDDLE", "…"))
        else:
            shape.append((tokenize.tok_name[token.type], token.string))
    return shape


def _first_difference(english: list, russian: list) -> str:
    for index, (a, b) in enumerate(zip(english, russian, strict=False)):
        if a != b:
            return f"token {index}: English {a[1]!r}, Russian {b[1]!r}"
    return f"English has {len(english)} tokens, Russian {len(russian)}"


@pytest.fixture(params=LESSON_NAMES, ids=lambda name: name[:-6])
def editions(request):
    """(English, Russian) of one lesson, as their .md sources give them."""
    name = request.param
    russian = RUSSIAN / name
    assert russian.with_suffix(".md").exists(), (
        f"lessons/ru/{russian.with_suffix('.md').name} is missing: every lesson has a "
        "Russian edition (CONTRIBUTING: 'The Russian edition')"
    )
    return (
        notebook_from_source((LESSONS / name).with_suffix(".md")),
        notebook_from_source(russian.with_suffix(".md")),
        name,
    )


def test_same_cells_types_tags_and_metadata(editions):
    english, russian, name = editions
    for index, (a, b) in enumerate(zip(english.cells, russian.cells, strict=False)):
        where = f"{name}, cell {index} ({a['id']})"
        assert a.cell_type == b.cell_type, f"{where}: {a.cell_type} in English, {b.cell_type}"
        assert a.metadata == b.metadata, f"{where}: metadata {a.metadata} != {b.metadata}"
    assert len(english.cells) == len(russian.cells), (
        f"{name}: {len(english.cells)} cells in English, {len(russian.cells)} in Russian"
    )


def test_code_differs_only_in_comments_and_strings(editions):
    english, russian, name = editions
    for index, (a, b) in enumerate(zip(english.cells, russian.cells, strict=False)):
        if a.cell_type != "code" or b.cell_type != "code":
            continue
        if LANGUAGE_CALL.search(a.source):  # the one line that must differ: the language
            a_source = LANGUAGE_CALL.sub('checks.use_language("ru")', a.source)
        else:
            a_source = a.source
        shape_a, shape_b = _code_shape(a_source), _code_shape(b.source)
        assert shape_a == shape_b, (
            f"{name}, cell {index} ({a['id']}): the code differs beyond comments and "
            f"strings, {_first_difference(shape_a, shape_b)}"
        )


def test_each_edition_asks_for_feedback_in_its_own_language(editions):
    english, russian, name = editions
    spoken = [LANGUAGE_CALL.findall(c.source) for c in english.cells if c.cell_type == "code"]
    assert [s for s in spoken if s] == [["en"]], f"{name}: one checks.use_language('en')"
    spoken = [LANGUAGE_CALL.findall(c.source) for c in russian.cells if c.cell_type == "code"]
    assert [s for s in spoken if s] == [["ru"]], f"{name}: one checks.use_language('ru')"


def test_same_exercises_and_checks(editions):
    english, russian, name = editions
    asked = [(cell_exercise(c), cell_check(c)) for c in english.cells]
    assert asked == [(cell_exercise(c), cell_check(c)) for c in russian.cells], name


def test_russian_lessons_follow_the_russian_template(editions):
    _, russian, name = editions
    first = russian.cells[0].source
    title = RUSSIAN_EDITION.title(catalog.find(name))  # the catalog's Russian title
    assert first.startswith(f"# {name[:2]} · {title}\n"), (
        f"{name}: its heading is the Russian title in jaxtour.po ({title!r}): the index, "
        "the tour lines and the next-lesson links show that one"
    )
    for part in RUSSIAN_TEMPLATE:
        assert part in first, f"{name}: the first cell says {part}"
    headings = [c.source for c in russian.cells if c.cell_type == "markdown"]
    assert any(RUSSIAN_ON_YOUR_OWN in h for h in headings), name


def test_russian_notebook_matches_its_source_and_is_stored_executed(editions):
    _, russian, name = editions
    stored = read_notebook(RUSSIAN / name)
    assert [(c.cell_type, c.source) for c in stored.cells] == [
        (c.cell_type, c.source) for c in russian.cells
    ], f"lessons/ru/{name} is stale: run `make lessons LESSON_LANG=ru LESSON={name[:2]}`"
    assert [c.metadata for c in stored.cells] == [c.metadata for c in russian.cells]
    for cell in stored.cells:
        if cell.cell_type == "code":
            assert cell.execution_count is not None, cell.source
            assert not any(o.output_type == "error" for o in cell.outputs), cell.source
            for output in cell.outputs:
                assert not (output.output_type == "stream" and output.name == "stderr"), cell.source


def test_the_code_comparison_tells_comments_and_strings_from_code():
    """The rule the sync tests apply, on cases that must pass and cases that must not."""
    same = _code_shape
    assert same('x = f(1)  # one\nprint("hello")') == same('x = f(1)  # один\nprint("привет")')
    assert same('checks.show("03.grad", lambda: a)') != same('checks.show("03.гр", lambda: a)')
    assert same("x = f(1)") != same("x = f(2)")
    assert same("x = f(1)") != same("y = f(1)")
    assert same("%%writefile w.py\nimport jax") == same("%%writefile w.py\nimport jax  # да")
    assert same("%%writefile w.py\nimport jax") != same("%%writefile v.py\nimport jax")


def _english_fragments() -> list[str]:
    """Pieces of jaxtour's own English messages long enough to be a sentence's words
    (four lower-case words or more between the placeholders, no code in them), from the
    message template."""
    from babel.messages.pofile import read_po

    from tools.messages import TEMPLATE

    with TEMPLATE.open("rb") as f:
        template = read_po(f)
    fragments = set()
    for message in template:
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            for piece in re.split(r"\{[^{}]*\}|%(?:\(\w+\))?[sdr]|\n", text or ""):
                piece = piece.strip(" .,:;()")
                prose = not re.search(r"[()\[\]=`]|\w\.\w", piece)
                if prose and len(re.findall(r"\b[a-z]{2,}\b", piece)) >= 4:
                    fragments.add(piece)
    return sorted(fragments)


def _shown(notebook) -> str:
    """Everything the stored notebook's outputs show, as text."""
    texts = []
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            texts.append("".join(output.get("text", "")))
            for kind in ("text/plain", "text/html", "text/markdown"):
                texts.append("".join(output.get("data", {}).get(kind, "")))
    return "\n".join(texts)


def test_no_english_message_of_jaxtour_shows_in_a_russian_notebook():
    """What jaxtour itself prints in a Russian lesson (its panels, notes, reports, the
    many-hosts runner's lines) is in Russian: no piece of its English messages appears
    in the stored outputs. The English outputs do show such pieces (the scan works)."""
    fragments = _english_fragments()
    assert len(fragments) > 400
    english_seen = set()
    found = []
    for name in LESSON_NAMES:
        english = _shown(read_notebook(LESSONS / name))
        english_seen |= {f for f in fragments if f in english}
        russian = _shown(read_notebook(RUSSIAN / name))
        found += [f"{name}: {f!r}" for f in fragments if f in russian]
    assert len(english_seen) >= 20, "the English notebooks show too few of the messages"
    assert found == [], "English messages in the Russian notebooks:\n" + "\n".join(found)
