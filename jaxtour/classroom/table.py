"""One row per student, one column per lesson: what the teacher's page and CSV show.

Each student's store is read in isolation by ``reader.read_store``: no link followed,
nothing written or created, bounded in time, size and rows, every value checked. A
store that cannot be read (missing, corrupt, hostile, not a jaxtour store, a write in
progress in it) makes that student's row "no data" (or "too large"), and the reason is
logged once, one line, until it changes; no other row waits for it (``rows_async``). A
first-release store (no help columns) reads as the learner's own ``jaxtour progress``
reads it.

Per lesson: exercises passed out of all (and how many of those after a hint or the
solution), exercises attempted, and the exercises the student is stuck on: not passed
after ``STUCK_AFTER`` or more checks.

Under the table, the class's mistake board (``board``): per exercise, each mistake the
grader named (an id the exercise declares, or one of ``catalog.GRADER_MISTAKES``),
most frequent first, with the students who made it, how many of them passed the
exercise after it, and who is stuck on it (made it, not passed since: a link to their
row). Its CSV is ``mistakes_csv``. A store that is not read (no data, too large)
counts in no line of it; an id no exercise declares is not shown.
"""

from __future__ import annotations

import asyncio
import csv
import functools
import html
import io
import logging
import re
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote, urlencode

from jaxtour import catalog
from jaxtour.classroom import reader
from jaxtour.classroom.reader import NO_DATA, TOO_LARGE  # noqa: F401 (the page's words)
from jaxtour.learner.progress_store import ExerciseProgress

STUCK_AFTER = 3  # failed checks of one exercise, none passed: stuck
log = logging.getLogger("jaxtour.classroom")


def one_line(text: str) -> str:
    """``text`` with every character that is not printable (a newline, a NUL, an
    unpaired surrogate) written as its escape: a user name cannot forge a log line."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def encodable(text: str) -> str:
    """``text`` as UTF-8 can carry it: an unpaired surrogate (a hub user name can hold
    one) written as its escape, so one name cannot make the whole page fail to send."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


@dataclass(frozen=True)
class LessonCell:
    exercises: int
    passed: int
    attempted: int
    stuck: tuple[str, ...]  # exercise ids
    helped: int = 0  # of those passed: after a hint or the solution

    @property
    def state(self) -> str:
        """'stuck', 'passed' (all of it), 'attempted' or 'new'."""
        if self.stuck:
            return "stuck"
        if self.exercises and self.passed == self.exercises:
            return "passed"
        return "attempted" if self.attempted else "new"


@dataclass(frozen=True)
class StudentRow:
    student: str
    lessons: dict[str, LessonCell] | None  # None: no data (``problem`` says why)
    problem: str = ""
    last_at: float | None = None  # the student's latest check
    label: str = NO_DATA  # shown instead of the lessons when there are none: or TOO_LARGE
    mistakes: reader.Mistakes = field(default_factory=dict)  # as ``reader.read_store`` gives

    @property
    def passed(self) -> int:
        return sum(c.passed for c in (self.lessons or {}).values())

    @property
    def stuck(self) -> int:
        return sum(len(c.stuck) for c in (self.lessons or {}).values())


def lesson_cells(
    exercise_ids: dict[str, list[str]], done: dict[str, ExerciseProgress]
) -> dict[str, LessonCell]:
    cells = {}
    for lesson, ids in exercise_ids.items():
        mine = [done[i] for i in ids if i in done]
        stuck = tuple(p.exercise for p in mine if not p.passed and p.attempts >= STUCK_AFTER)
        helped = sum(p.passed_with in ("hint", "solution") for p in mine)
        cells[lesson] = LessonCell(len(ids), sum(p.passed for p in mine), len(mine), stuck, helped)
    return cells


def _home_of_store(path: Path) -> Path:
    return path.parent


@dataclass
class Classroom:
    """Reads the students' stores, each in isolation (``reader.read_store``); says each
    store's problem once, until it changes; keeps each store's progress until the file
    changes (``reader.fingerprint``).

    ``home_of`` gives the student's own folder: no link is followed below it (default:
    the store's folder). ``rows_async`` reads the stores on ``workers`` threads, off the
    event loop, and waits for them at most ``page_wait_s``: a store still being read
    then shows its last row (or "no data"), and is not read twice at once."""

    exercise_ids: dict[str, list[str]]
    store_of: Callable[[str], Path]  # student name -> their progress.sqlite3
    home_of: Callable[[str], Path] | None = None
    limits: reader.Limits = field(default_factory=reader.Limits)
    workers: int = 4
    page_wait_s: float = 1.0  # how long a page waits for all the stores' reads together
    _said: dict[str, str] = field(default_factory=dict)
    _cache: dict[str, tuple] = field(default_factory=dict)  # student -> (fingerprint, row)
    _running: dict[str, asyncio.Future] = field(default_factory=dict)
    _pool: ThreadPoolExecutor | None = None
    _board: tuple = ()  # (the rows' ids, the rows, their board): see ``board``

    def _no_data(self, student: str, label: str, why: str) -> StudentRow:
        if self._said.get(student) != why:
            self._said[student] = why
            log.error("jaxtour.classroom: %s for %s: %s", label, one_line(student), one_line(why))
        return StudentRow(student, None, why, label=label)

    def row(self, student: str) -> StudentRow:
        mark, before = self._cache.get(student, (None, None))
        try:
            path = self.store_of(student)
            home = self.home_of(student) if self.home_of else path.parent
            mark, done, mistakes = reader.read_store(path, home, self.limits, cached=mark)
        except ValueError as error:  # a NUL or an unpaired surrogate in the hub's name
            self._cache.pop(student, None)
            why = f"the user name cannot name a file ({error})"
            return self._no_data(student, NO_DATA, why)
        except reader.Unreadable as problem:
            row = self._no_data(student, problem.label, problem.why)
            seen = getattr(problem, "fingerprint", None)
            if seen is None:
                self._cache.pop(student, None)
            else:
                self._cache[student] = (seen, row)
            return row
        except OSError as error:  # the folder vanished mid-walk, say
            self._cache.pop(student, None)
            return self._no_data(student, NO_DATA, f"{path} cannot be read ({error})")
        if done is None and before is not None:  # unchanged since the last read
            return before
        self._said.pop(student, None)
        last = max((p.last_at for p in (done or {}).values() if p.last_at), default=None)
        cells = lesson_cells(self.exercise_ids, done or {})
        row = StudentRow(student, cells, "", last, mistakes=mistakes or {})
        self._cache[student] = (mark, row)
        return row

    def board(self, rows: list[StudentRow]) -> list[BoardLine]:
        """``board(rows, ...)``, kept while the rows are the very rows of the last call
        (a refresh of an unchanged class, in the same order: nothing is counted again)."""
        key = tuple(map(id, rows))
        if self._board and self._board[0] == key:
            return self._board[2]
        lines = board(rows, self.exercise_ids)
        self._board = (key, list(rows), lines)  # the rows held: their ids stay theirs
        return lines

    def rows(self, students: Iterable[str]) -> list[StudentRow]:
        return [self.row(student) for student in students]

    async def rows_async(self, students: Iterable[str]) -> list[StudentRow]:
        """As ``rows``, off the event loop: one slow store delays no other row, and the
        page waits for the stores at most ``page_wait_s`` in all. A store still being
        read then shows its last row read (or "no data" if none) and goes on being read,
        once, for the next refresh."""
        loop = asyncio.get_running_loop()
        if self._pool is None:
            self._pool = ThreadPoolExecutor(self.workers, thread_name_prefix="jaxtour-store")
        deadline = loop.time() + self.page_wait_s

        async def one(student: str) -> StudentRow:
            running = self._running.get(student)
            if running is None or running.done():
                running = loop.run_in_executor(self._pool, self.row, student)
                self._running[student] = running
            try:
                return await asyncio.wait_for(
                    asyncio.shield(running), max(0.0, deadline - loop.time())
                )
            except TimeoutError:
                _, before = self._cache.get(student, (None, None))
                if before is not None:
                    return before
                path = self.store_of(student)
                return self._no_data(
                    student,
                    NO_DATA,
                    f"{path}: still being read after {self.page_wait_s:g} s "
                    "(shown when read, up to its limit)",
                )

        return list(await asyncio.gather(*(one(student) for student in students)))


# --- sorting ---------------------------------------------------------------------------

SORT_KEYS = ("student", "passed", "stuck")  # and every lesson stem


def sort_rows(rows: list[StudentRow], key: str, descending: bool) -> list[StudentRow]:
    """By name, total passed, total stuck, or one lesson (passed, then attempted); rows
    without data always last."""

    def value(row: StudentRow) -> tuple:
        if key == "student":
            return (row.student,)
        if key == "passed":
            return (row.passed, row.student)
        if key == "stuck":
            return (row.stuck, row.student)
        cell = (row.lessons or {}).get(key)
        return (cell.passed, cell.attempted, len(cell.stuck)) if cell else (0, 0, 0)

    with_data = sorted((r for r in rows if r.lessons is not None), key=value, reverse=descending)
    without = sorted((r for r in rows if r.lessons is None), key=lambda r: r.student)
    return with_data + without


# --- the class's mistake board ----------------------------------------------------------


@functools.cache
def declared_mistakes() -> dict[str, dict[str, str]]:
    """Exercise id -> {mistake id: its English message}: every exercise's declared
    mistakes (read from the source: no JAX in the hub), and the grader's own on each."""
    declared = catalog.declared_mistakes()
    return {
        exercise: {**mistakes, **catalog.GRADER_MISTAKES} for exercise, mistakes in declared.items()
    }


def first_sentence(text: str, most: int = 160) -> str:
    """The first sentence of ``text`` (up to its first . ! or ? before a space), at most
    ``most`` characters."""
    found = re.match(r"(.+?[.!?])(?:\s|$)", text, re.S)
    sentence = " ".join((found.group(1) if found else text).split())
    return sentence if len(sentence) <= most else sentence[: most - 1].rstrip() + "\u2026"


@dataclass(frozen=True)
class BoardLine:
    exercise: str
    mistake: str  # its id
    message: str  # what the learner was told, in English
    made: tuple[str, ...]  # the students who made it (in the table's order)
    stuck: tuple[str, ...]  # of those: not passed the exercise since they last made it

    @property
    def passed(self) -> int:
        """How many of the students who made it then passed the exercise."""
        return len(self.made) - len(self.stuck)


def board(
    rows: list[StudentRow],
    exercise_ids: dict[str, list[str]],
    known: dict[str, dict[str, str]] | None = None,
) -> list[BoardLine]:
    """Per exercise (in the tour's order), its mistakes the class made, most students
    first (then in the order the exercise declares them). ``known``: exercise id ->
    {mistake id: message}, by default ``declared_mistakes()``; other ids are not shown."""
    known = declared_mistakes() if known is None else known
    made: dict[tuple[str, str], list[tuple[str, bool]]] = {}
    for row in rows:
        if row.lessons is None:
            continue
        for exercise, mistakes in row.mistakes.items():
            names = known.get(exercise, {})
            for mistake, passed_since in mistakes.items():
                if mistake in names:
                    made.setdefault((exercise, mistake), []).append((row.student, passed_since))
    lines = []
    for exercise in (i for ids in exercise_ids.values() for i in ids):
        order = known.get(exercise, {})
        found = [(m, made[(exercise, m)]) for m in order if (exercise, m) in made]
        found.sort(key=lambda item: -len(item[1]))  # stable: then the declared order
        for mistake, who in found:
            lines.append(
                BoardLine(
                    exercise,
                    mistake,
                    known[exercise][mistake],
                    tuple(name for name, _ in who),
                    tuple(name for name, passed in who if not passed),
                )
            )
    return lines


BOARD_COLUMNS = (
    "exercise",
    "mistake",
    "message",
    "students",
    "then_passed",
    "stuck",
    "stuck_students",
)


def mistakes_csv(lines: list[BoardLine]) -> str:
    """The board as CSV: one row per exercise and mistake, ``BOARD_COLUMNS`` (message:
    its first sentence; stuck_students space-separated)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(BOARD_COLUMNS)
    for line in lines:
        writer.writerow(
            [
                line.exercise,
                line.mistake,
                first_sentence(line.message),
                len(line.made),
                line.passed,
                len(line.stuck),
                " ".join(line.stuck),
            ]
        )
    return encodable(out.getvalue())


@functools.lru_cache(maxsize=4096)
def _line_head(exercise: str, mistake: str, message: str) -> str:
    """A board line's first cells, naming the exercise and the mistake (the same at every
    refresh: kept)."""
    return (
        f'<tr data-exercise="{html.escape(exercise)}" data-mistake="{html.escape(mistake)}">'
        f'<td class="exercise">{html.escape(exercise)}</td>'
        f'<td class="mistake" title="{html.escape(message)}">'
        f"<code>{html.escape(mistake)}</code> {html.escape(first_sentence(message))}</td>"
    )


@functools.lru_cache(maxsize=4096)
def _student_link(student: str) -> str:
    """A link to the student's row (kept: a class has few names)."""
    target = html.escape(quote(_student_anchor(student), safe=""))
    return f'<a href="#{target}">{html.escape(student)}</a>'


def _student_anchor(student: str) -> str:
    return "student-" + student


_drawn: list[tuple[list[BoardLine], str, str]] = []  # the last board drawn, its prefix, HTML


def _board_html(lines: list[BoardLine], prefix: str) -> str:
    """The board under the table; the same list of lines (``Classroom.board`` keeps it for
    an unchanged class) is drawn once."""
    if _drawn and _drawn[0][0] is lines and _drawn[0][1] == prefix:
        return _drawn[0][2]
    drawn = _draw_board(lines, prefix)
    _drawn[:] = [(lines, prefix, drawn)]
    return drawn


def _draw_board(lines: list[BoardLine], prefix: str) -> str:
    csv_link = html.escape(prefix + "mistakes.csv")
    intro = (
        "Per exercise, each mistake the grader named, most frequent first: the students who "
        "made it, how many of them passed the exercise after it, and who is "
        "<b>stuck</b> on it (made it and has not passed since: click a name to go to "
        f'their row). <a href="{csv_link}">CSV</a>'
    )
    if not lines:
        body = "<p><small>No mistake named yet.</small></p>"
        return f'<h2 id="mistakes">Mistakes the class made</h2><p><small>{intro}</small></p>{body}'
    out = []
    for line in lines:
        stuck = ", ".join(map(_student_link, line.stuck))
        out.append(
            f"{_line_head(line.exercise, line.mistake, line.message)}"
            f'<td data-count="made">{len(line.made)}</td>'
            f'<td data-count="passed">{line.passed}</td>'
            f'<td class="{"stuck" if line.stuck else "passed"}" data-count="stuck">'
            f"{len(line.stuck)}{': ' + stuck if stuck else ''}</td></tr>"
        )
    heads = "".join(
        f"<th>{h}</th>" for h in ("exercise", "mistake", "students", "then passed", "stuck")
    )
    return (
        f'<h2 id="mistakes">Mistakes the class made</h2><p><small>{intro}</small></p>'
        f'<table id="board"><thead><tr>{heads}</tr></thead><tbody>{"".join(out)}</tbody></table>'
    )


# --- CSV -------------------------------------------------------------------------------


def csv_columns(lessons: Iterable[str]) -> list[str]:
    """student, data ("ok", "no data" or "too large"), passed, stuck, then per lesson LESSON:passed,
    LESSON:helped (passed after a hint or the solution), LESSON:attempted, LESSON:stuck
    (the stuck exercise ids, space-separated)."""
    columns = ["student", "data", "passed", "stuck"]
    for lesson in lessons:
        columns += [f"{lesson}:{name}" for name in ("passed", "helped", "attempted", "stuck")]
    return columns


def to_csv(rows: list[StudentRow], lessons: list[str]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(csv_columns(lessons))
    for row in rows:
        if row.lessons is None:
            writer.writerow([row.student, row.label] + [""] * (2 + 4 * len(lessons)))
            continue
        line: list[object] = [row.student, "ok", row.passed, row.stuck]
        for lesson in lessons:
            cell = row.lessons[lesson]
            line += [cell.passed, cell.helped, cell.attempted, " ".join(cell.stuck)]
        writer.writerow(line)
    return encodable(out.getvalue())


# --- the page --------------------------------------------------------------------------

_STYLE = """
body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse;font-size:14px}
th,td{border:1px solid #ccc;padding:4px 8px;text-align:center;white-space:nowrap}
th a{color:inherit}
td.student{text-align:left;font-weight:600}
td.passed{background:#c8e6c9}td.attempted{background:#fff3c4}
td.stuck{background:#ffcdd2;font-weight:600}td.new{color:#999}
td.nodata{color:#777;font-style:italic;text-align:left}
small{color:#555}
h2{font-size:1.2em;margin-top:1.5em}
#board td.mistake{text-align:left;white-space:normal;max-width:48em}
#board td.stuck{text-align:left;white-space:normal}
tr:target td{outline:2px solid #1565c0}
"""


def _sort_link(prefix: str, key: str, label: str, current: str, descending: bool) -> str:
    flip = key == current and not descending
    arrow = (" \u25bc" if descending else " \u25b2") if key == current else ""
    query = urlencode({"sort": key, "order": "desc" if flip else "asc"})
    return f'<a href="{html.escape(f"{prefix}?{query}")}">{html.escape(label)}{arrow}</a>'


def page(
    rows: list[StudentRow],
    lessons: list[str],
    prefix: str,
    sort: str,
    descending: bool,
    refresh_s: int,
    now: float | None = None,
    lines: list[BoardLine] | None = None,
) -> str:
    """The whole page: sortable by clicking a column's name (the sort stays in the URL,
    so the refresh every ``refresh_s`` seconds keeps it); under the table, the mistake
    board ``lines`` (``board``), when given."""
    now = time.time() if now is None else now
    heads = [
        _sort_link(prefix, "student", "student", sort, descending),
        _sort_link(prefix, "passed", "passed", sort, descending),
        _sort_link(prefix, "stuck", "stuck", sort, descending),
    ] + [_sort_link(prefix, lesson, lesson[:2], sort, descending) for lesson in lessons]
    body = []
    for row in rows:
        name = f'<td class="student">{html.escape(row.student)}</td>'
        if row.lessons is None:
            body.append(
                f'<tr id="{html.escape(_student_anchor(row.student))}" '
                f'data-student="{html.escape(row.student)}">{name}'
                f'<td class="nodata" colspan="{2 + len(lessons)}">'
                f"{html.escape(row.label)}</td></tr>"
            )
            continue
        cells = [name, f"<td>{row.passed}</td>", f"<td>{row.stuck}</td>"]
        for lesson in lessons:
            cell = row.lessons[lesson]
            title = f"{lesson}: {cell.passed}/{cell.exercises} passed"
            title += f" ({cell.helped} after help)" if cell.helped else ""
            title += f", {cell.attempted} tried"
            if cell.stuck:
                title += ", stuck on " + ", ".join(cell.stuck)
            text = f"{cell.passed}/{cell.exercises}" + ("*" if cell.helped else "")
            if cell.stuck:
                text += " stuck"
            cells.append(
                f'<td class="{cell.state}" data-lesson="{lesson}" data-state="{cell.state}" '
                f'title="{html.escape(title)}">{text}</td>'
            )
        body.append(
            f'<tr id="{html.escape(_student_anchor(row.student))}" '
            f'data-student="{html.escape(row.student)}">{"".join(cells)}</tr>'
        )
    csv_link = html.escape(prefix + "classroom.csv")
    legend = (
        "Per lesson: exercises passed / all (* some after a hint or the solution). "
        f"<b>stuck</b>: an exercise checked "
        f"{STUCK_AFTER} or more times without passing. Refreshes every {refresh_s} s; "
        f'click a column to sort. <a href="{csv_link}">CSV</a>'
    )
    if lines is not None:
        legend += '; <a href="#mistakes">the mistakes the class made</a>'

    stamp = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(now))
    return encodable(
        "<!doctype html><html><head><meta charset='utf-8'>"
        f'<meta http-equiv="refresh" content="{int(refresh_s)}">'
        f"<title>jaxtour classroom</title><style>{_STYLE}</style></head><body>"
        f"<h1>jaxtour classroom</h1><p><small>{legend}. Read at {stamp}.</small></p>"
        f'<table id="classroom"><thead><tr>{"".join(f"<th>{h}</th>" for h in heads)}'
        f"</tr></thead><tbody>{''.join(body)}</tbody></table>"
        f"{_board_html(lines, prefix) if lines is not None else ''}</body></html>"
    )
