"""jaxtour's message catalogs: extract, update, compile (``make messages``).

    python -m tools.messages            # update the template and every .po, compile the .mo
    python -m tools.messages --check    # exit 1 (naming the files) if that would change any
    python -m tools.messages --stats    # how many messages each catalog holds, translated

Three sources of messages, all in English (the English text is the ``msgid``):

- **the code**: every ``_("…")``, ``N_("…")``, ``ngettext("…", "…", n)`` and
  ``N_plural("…", "…")`` under ``jaxtour/`` (Babel's Python extractor);
- **the lessons' titles, index lines and needs** (``jaxtour/catalog.py``: the tools write
  each edition's index and navigation with them, ``jaxtour doctor`` shows the needs);
- **the exercises' data**, with this module's own Babel extractor (``extract_exercises``):
  each ``Exercise``'s title, hints and success message, each ``Mistake``'s message, a
  ``Choice`` rule's option texts (a learner may type the text the lesson prints), and
  the solution when it has comments (a solution is code: its translation is the same code
  with the comments translated, which ``tests/i18n`` proves).

The template ``jaxtour/locale/jaxtour.pot`` holds them all. The Russian translations are
split so that several translators can work at once: ``ru/LC_MESSAGES/jaxtour.po`` holds
the messages of the code outside the lesson modules (grader, checks, CLI), and
``ru/exercises/lessonNN.po`` those only lesson NN's module shows (its data and its rules'
messages). Updating keeps every translation: a new message comes in empty, one whose
English changed comes in marked fuzzy (its old translation kept as a starting point), a
removed one is dropped. Compiling writes ONE ``ru/LC_MESSAGES/jaxtour.mo`` from all of
them, fuzzy and empty entries left out (the English shows there); it is committed, so
learners need no Babel.

Locations are written without line numbers, and the dates are fixed, so a catalog
changes only when a message does (``tests/i18n`` fails when ``make messages`` would
change a file).
"""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
from collections.abc import Iterator
from datetime import UTC, datetime
from importlib import import_module
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from jaxtour import catalog as lesson_catalog

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "jaxtour"
LOCALE = PACKAGE / "locale"
TEMPLATE = LOCALE / "jaxtour.pot"
LANGUAGES = ("ru",)
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "N_plural": (1, 2)}
FIXED_DATE = datetime(2026, 12, 1, tzinfo=UTC)  # no churn from timestamps
LESSON_MODULE = re.compile(r"^jaxtour/exercises/lesson(\d\d)\.py$")
BUGS = "https://github.com/jaxtour/jaxtour/issues"
TITLE_NOTE = "the translated lesson's heading says the same, after 'NN · '"
HEADER = "Translations of jaxtour's messages (tools/messages.py; CONTRIBUTING)."


def core_po(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "jaxtour.po"


def lesson_po(lang: str, number: str) -> Path:
    return LOCALE / lang / "exercises" / f"lesson{number}.po"


def compiled_mo(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "jaxtour.mo"


# -- the exercises' data ------------------------------------------------------------------


def has_comment(code: str) -> bool:
    """Whether ``code`` (a solution) has a comment a translation could change."""
    try:
        tokens = tokenize.generate_tokens(io.StringIO(code + "\n").readline)
        return any(token.type == tokenize.COMMENT for token in tokens)
    except (tokenize.TokenError, SyntaxError):
        return "#" in code


def exercise_messages(exercise) -> Iterator[tuple[str, str]]:
    """(what, message) for every message of one Exercise record a learner can see."""
    yield "title", exercise.title
    for number, hint in enumerate(exercise.hints, 1):
        yield f"hint {number}", hint
    yield "success", exercise.success
    if exercise.explanation:
        yield "explanation (shown after a prediction's check)", exercise.explanation
    for mistake in exercise.mistakes:
        yield f"mistake {mistake.id}", mistake.message
    for number, text in enumerate(getattr(exercise.rule, "texts", ()) or (), 1):
        yield f"choice text {number} (as the lesson prints it)", text
    if has_comment(exercise.solution):
        yield "solution (translate the comments only)", exercise.solution
    if exercise.variants is not None:
        yield "variant line (the setup cell prints it; keep each {name})", exercise.variants.shown


def _id_lines(source: str) -> dict[str, int]:
    """The line of each ``id="NN.name"`` in a lesson module's source."""
    lines = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.keyword) and node.arg == "id":
            if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
                lines.setdefault(node.value.value, node.value.lineno)
    return lines


def extract_exercises(fileobj, keywords, comment_tags, options):
    """Babel extractor for a lesson module (``jaxtour/exercises/lessonNN.py``): imports
    it and yields the messages of its ``EXERCISES`` records, each with a comment naming
    the exercise and the field (``03.grad_of_total: hint 2``)."""
    source = fileobj.read().decode("utf-8")
    module = import_module(options["module"])
    lines = _id_lines(source)
    for exercise in module.EXERCISES:
        line = lines.get(exercise.id, 1)
        for what, message in exercise_messages(exercise):
            yield line, "", message, [f"{exercise.id}: {what}"]


# -- the template -------------------------------------------------------------------------


def _relative(path: str) -> str:
    return Path(path).resolve().relative_to(ROOT).as_posix()


def template() -> Catalog:
    """Every message jaxtour can show, from its code and its exercises' data."""
    catalog = Catalog(
        project="jaxtour",
        version="0.1",
        copyright_holder="the jaxtour authors",
        msgid_bugs_address=BUGS,
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
        header_comment=f"# {HEADER}",
        fuzzy=False,
    )

    def add(message, path: str, line: int, comments) -> None:
        found = catalog.get(message[0] if isinstance(message, tuple) else message)
        if found is not None:
            found.locations.append((path, line))
            found.auto_comments.extend(c for c in comments if c not in found.auto_comments)
            return
        catalog.add(message, locations=[(path, line)], auto_comments=list(comments))

    found = extract_from_dir(
        str(PACKAGE),
        method_map=[("**/classroom/**.py", "ignore"), ("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=("Translators:",),
        strip_comment_tags=True,
    )
    for filename, line, message, comments, _context in sorted(found, key=lambda f: f[:2]):
        add(message, _relative(PACKAGE / filename), line, comments)
    for lesson in lesson_catalog.LESSONS:  # the lesson indexes and navigation (tools)
        comment = f"jaxtour/catalog.py: lesson {lesson.number}'s title"
        add(lesson.title, "jaxtour/catalog.py", 1, [comment, TITLE_NOTE])
        comment = f"jaxtour/catalog.py: lesson {lesson.number}'s line in the lesson index"
        add(lesson.teaches, "jaxtour/catalog.py", 1, [comment])
    for lesson in lesson_catalog.LESSONS:  # what `jaxtour doctor` says a lesson needs
        if lesson.needs:
            comment = f"jaxtour/catalog.py: lesson {lesson.number}'s needs"
            add(lesson.needs, "jaxtour/catalog.py", 1, [comment])
    for path in sorted((PACKAGE / "exercises").glob("lesson[0-9][0-9].py")):
        module = f"jaxtour.exercises.{path.stem}"
        with path.open("rb") as fileobj:
            records = extract(extract_exercises, fileobj, options={"module": module})
            for line, message, comments, _context in records:
                add(message, _relative(path), line, comments)
    return catalog


def home(message) -> str | None:
    """The lesson whose catalog holds ``message`` ("03"), or None for the core catalog:
    a message any code outside the lesson modules shows is the core's; one only lesson
    modules show is the first such lesson's."""
    lessons = []
    for path, _line in message.locations:
        found = LESSON_MODULE.match(path)
        if found is None:
            return None
        lessons.append(found.group(1))
    return min(lessons) if lessons else None


def _part(template: Catalog, lesson: str | None) -> Catalog:
    """The template's messages that belong in one catalog (the core's, or a lesson's)."""
    part = Catalog(
        project=template.project,
        version=template.version,
        copyright_holder=template.copyright_holder,
        msgid_bugs_address=BUGS,
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
        header_comment=template.header_comment,
        fuzzy=False,
    )
    for message in template:
        if message.id and home(message) == lesson:
            part[message.id] = message.clone()
    return part


def _new_po(lang: str) -> Catalog:
    return Catalog(
        locale=lang,
        project="jaxtour",
        version="0.1",
        copyright_holder="the jaxtour authors",
        msgid_bugs_address=BUGS,
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
        language_team=f"{lang} <{BUGS}>",
        last_translator="the jaxtour authors",
        header_comment=f"# {HEADER}",
        fuzzy=False,
    )


def updated(path: Path, lang: str, part: Catalog) -> Catalog:
    """The catalog at ``path`` brought up to ``part``: new messages empty, changed ones
    fuzzy, removed ones dropped (Babel's update, obsolete entries not written)."""
    if path.exists():
        with path.open("rb") as f:
            catalog = read_po(f, locale=lang)
    else:
        catalog = _new_po(lang)
    catalog.update(part, no_fuzzy_matching=False, update_header_comment=True)
    catalog.obsolete.clear()
    catalog.creation_date = catalog.revision_date = FIXED_DATE
    catalog.fuzzy = False
    return catalog


def render(catalog: Catalog, template_file: bool = False) -> bytes:
    out = io.BytesIO()
    write_po(
        out,
        catalog,
        width=88,
        include_lineno=False,
        ignore_obsolete=True,
        sort_output=False,
        omit_header=False,
    )
    return out.getvalue()


def compiled(catalogs: list[Catalog], lang: str) -> bytes:
    """One .mo from every catalog of ``lang``: translated, non-fuzzy entries only."""
    merged = _new_po(lang)
    for catalog in catalogs:
        for message in catalog:
            if not message.id or message.fuzzy:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if all(strings):
                merged[message.id] = message.clone()
    out = io.BytesIO()
    write_mo(out, merged, use_fuzzy=False)
    return out.getvalue()


def lessons_in(template: Catalog) -> list[str]:
    found = {home(m) for m in template if m.id}
    numbers = {p.stem[-2:] for p in (PACKAGE / "exercises").glob("lesson[0-9][0-9].py")}
    return sorted((found - {None}) | numbers)


def planned(lang_list: tuple[str, ...] = LANGUAGES) -> dict[Path, bytes]:
    """Every catalog file as ``make messages`` would write it now."""
    pot = template()
    files = {TEMPLATE: render(pot, template_file=True)}
    for lang in lang_list:
        catalogs = []
        for lesson in [None, *lessons_in(pot)]:
            path = core_po(lang) if lesson is None else lesson_po(lang, lesson)
            catalog = updated(path, lang, _part(pot, lesson))
            files[path] = render(catalog)
            catalogs.append(catalog)
        files[compiled_mo(lang)] = compiled(catalogs, lang)
    return files


def stale(files: dict[Path, bytes]) -> list[Path]:
    return [p for p, data in files.items() if not p.exists() or p.read_bytes() != data]


def counts(lang: str = "ru") -> list[tuple[str, int, int]]:
    """(catalog, messages, translated) for each catalog of ``lang``, as committed: a
    message counts as translated when every form has a translation and it is not fuzzy."""
    rows = []
    paths = [core_po(lang), *sorted((LOCALE / lang / "exercises").glob("*.po"))]
    for path in paths:
        with path.open("rb") as f:
            messages = [m for m in read_po(f, locale=lang) if m.id]
        done = [
            m
            for m in messages
            if not m.fuzzy and all(m.string if isinstance(m.string, tuple) else [m.string])
        ]
        rows.append((path.relative_to(LOCALE).as_posix(), len(messages), len(done)))
    return rows


def main(argv: list[str]) -> int:
    if "--stats" in argv:
        rows = counts()
        for name, total, done in rows:
            print(f"{name:34} {done:5} of {total:5} translated")
        print(f"{'all':34} {sum(r[2] for r in rows):5} of {sum(r[1] for r in rows):5} translated")
        return 0
    files = planned()
    changed = stale(files)
    if "--check" in argv:
        for path in changed:
            print(f"out of date: {path.relative_to(ROOT)} (run make messages)", file=sys.stderr)
        return 1 if changed else 0
    for path in changed:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(files[path])
        print(f"wrote {path.relative_to(ROOT)}")
    if not changed:
        print("the catalogs are up to date")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
