"""The message catalogs (jaxtour/locale/): complete, current, and true to the English.

- ``make messages`` would change no file: the template holds every message the code and
  the exercises can show, each .po is up to date with it (no message missing, none whose
  English changed since it was translated, none left over), and ``jaxtour.mo`` is
  compiled from the current .po files;
- every message of the core catalog (grader, checks, the ``jaxtour`` command) has a
  Russian translation, not fuzzy; so does every message of each lesson catalog listed in
  ``TRANSLATED_LESSONS`` (the others are skipped by name, so the gap shows in every run);
- a translation names the same placeholders as its English, and a solution's translation
  is the same code (only its comments differ);
- the check itself fails on a .po whose English was edited (a tmp copy).
"""

from __future__ import annotations

import ast
import functools
import io
import re
import shutil
import string
import tokenize

import pytest
from babel.messages.pofile import read_po

from jaxtour import catalog as lessons
from tools import messages

LANG = "ru"
# Lessons whose catalog (jaxtour/locale/ru/exercises/lessonNN.po) is translated in full:
# all of them. A new lesson's catalog starts untranslated: leave it out until it is done.
TRANSLATED_LESSONS = tuple(f"{n:02d}" for n in range(17))


@pytest.fixture(scope="module")
def planned():
    return messages.planned()


@pytest.fixture(scope="module")
def template():
    return messages.template()


def read(path):
    with path.open("rb") as f:
        return read_po(f, locale=LANG)


def placeholders(text: str) -> set[str]:
    """The named fields of a str.format message ({got}, {count}); none for a message
    that is not formatted (its braces are literal)."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return set()


def problems(path, template_part) -> list[str]:
    """What is wrong with the catalog at ``path`` against its part of the template."""
    catalog = read(path)
    found = []
    wanted = {m.id for m in template_part if m.id}
    have = {m.id for m in catalog if m.id}
    found += [f"missing: {short(i)}" for i in wanted - have]
    found += [f"stale (its English is gone or changed): {short(i)}" for i in have - wanted]
    for message in catalog:
        if not message.id or message.id not in wanted:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy:
            found.append(f"fuzzy: {short(message.id)}")
        elif not all(strings):
            found.append(f"untranslated: {short(message.id)}")
    return found


def short(msgid) -> str:
    text = msgid[0] if isinstance(msgid, tuple) else msgid
    return repr(text[:70])


def test_make_messages_would_change_nothing(planned):
    stale = messages.stale(planned)
    assert not stale, "run `make messages`: out of date: " + ", ".join(
        str(p.relative_to(messages.ROOT)) for p in stale
    )


def test_the_compiled_catalog_is_the_current_po_files(planned):
    mo = messages.compiled_mo(LANG)
    assert mo.read_bytes() == planned[mo], "run `make messages`: jaxtour.mo is not current"


def test_every_core_message_is_translated(template):
    found = problems(messages.core_po(LANG), messages._part(template, None))
    assert not found, f"{len(found)} problems in the core catalog:\n" + "\n".join(found[:20])


@pytest.mark.parametrize("lesson", [lesson.number for lesson in lessons.LESSONS])
def test_every_message_of_a_translated_lesson_is(template, lesson):
    path = messages.lesson_po(LANG, lesson)
    if lesson not in TRANSLATED_LESSONS:
        catalog = read(path)
        todo = sum(1 for m in catalog if m.id and (m.fuzzy or not m.string))
        pytest.skip(f"lesson {lesson}: not translated yet ({todo} of {len(catalog)} messages)")
    found = problems(path, messages._part(template, lesson))
    assert not found, f"lesson {lesson}: {len(found)} problems:\n" + "\n".join(found[:20])


def all_translations():
    paths = [messages.core_po(LANG)] + sorted((messages.LOCALE / LANG / "exercises").glob("*.po"))
    for path in paths:
        for message in read(path):
            if message.id and message.string and not message.fuzzy:
                yield path.name, message


def test_translations_name_the_same_placeholders():
    wrong = []
    for name, message in all_translations():
        if isinstance(message.id, tuple):
            wanted = placeholders(message.id[0]) | placeholders(message.id[1])
            forms = message.string
        else:
            wanted = placeholders(message.id)
            forms = (message.string,)
        for form in forms:
            if form and placeholders(form) != wanted:
                wrong.append(f"{name}: {short(message.id)}: {sorted(placeholders(form))}")
    assert not wrong, "placeholders differ from the English:\n" + "\n".join(wrong)


def code_tokens(source: str) -> list[tuple[int, str]]:
    """The code's tokens without its comments: a translated solution must keep them all."""
    skipped = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.ENCODING}
    tokens = tokenize.generate_tokens(io.StringIO(source + "\n").readline)
    return [(t.type, t.string) for t in tokens if t.type not in skipped]


def test_a_translated_solution_is_the_same_code_with_its_comments_translated():
    from jaxtour.exercises import all_exercises

    solutions = {e.solution for e in all_exercises().values()}
    different = []
    for name, message in all_translations():
        if message.id in solutions and code_tokens(message.id) != code_tokens(message.string):
            different.append(f"{name}: {short(message.id)}")
    assert not different, "translated solutions whose code differs:\n" + "\n".join(different)


def test_the_check_fails_on_a_message_whose_english_changed(tmp_path, template):
    """Test the test: a copy of a translated catalog with one msgid edited is stale."""
    source = messages.lesson_po(LANG, TRANSLATED_LESSONS[0])
    copy = tmp_path / source.name
    shutil.copy(source, copy)
    part = messages._part(template, TRANSLATED_LESSONS[0])
    assert problems(copy, part) == []
    text = copy.read_text(encoding="utf-8")
    edited = re.sub(r'msgid "Make your first jax array"', 'msgid "Make your first JAX array"', text)
    assert edited != text
    copy.write_text(edited, encoding="utf-8")
    found = problems(copy, part)
    assert any(p.startswith("stale") and "JAX array" in p for p in found), found
    assert any(p.startswith("missing") and "jax array" in p for p in found), found
    # and make messages would bring it back: the old English as new, the edited dropped
    updated = messages.updated(copy, LANG, part)
    assert "Make your first JAX array" not in {m.id for m in updated}  # dropped
    restored = updated.get("Make your first jax array")
    assert restored.fuzzy and restored.string  # its old translation kept, marked fuzzy


MARKERS = {"_", "N_", "ngettext", "N_plural"}  # messages.KEYWORDS


@functools.cache  # two tests read it: Python's parser over jaxtour/ once
def marked_in_code():
    """(path, line, the call, whether it sits inside an f-string) for every call of a
    marker on a literal in the code that ``make messages`` extracts (jaxtour/, but its
    classroom), found with Python's own parser."""
    found = []
    for path in sorted(messages.PACKAGE.rglob("*.py")):
        if "classroom" in path.relative_to(messages.PACKAGE).parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        in_fstring = {
            id(node)
            for joined in ast.walk(tree)
            if isinstance(joined, ast.JoinedStr)
            for node in ast.walk(joined)
        }
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            first = node.args[0]
            if name in MARKERS and isinstance(first, ast.Constant) and isinstance(first.value, str):
                where = f"{path.relative_to(messages.ROOT)}:{node.lineno}"
                found.append((where, first.value, id(node) in in_fstring))
    return found


def test_every_message_the_code_marks_is_in_the_template(template):
    # Babel's extractor reads tokens, and on Python 3.12 a call inside an f-string is not
    # one it sees: `_('Details')` there shipped untranslated, with every catalog "complete".
    ids = {m.id[0] if isinstance(m.id, tuple) else m.id for m in template if m.id}
    missing = [f"{where}: {short(text)}" for where, text, _ in marked_in_code() if text not in ids]
    assert not missing, "marked but never extracted:\n" + "\n".join(missing)


def test_no_message_is_marked_inside_an_f_string():
    inside = [f"{where}: {short(text)}" for where, text, in_f in marked_in_code() if in_f]
    assert not inside, "take these out of their f-string (make messages misses them):\n" + (
        "\n".join(inside)
    )
