"""The learner's progress drawn as bars: in a lesson's last cell, and by ``jaxtour progress``.

``jaxtour progress --json`` and ``--csv`` give the same records as a table, one row
per exercise (``exercise_rows``; the columns are ``COLUMNS``, documented there).

Both show the same numbers, from ``progress_store``: per lesson, exercises passed out of
all (and how many of those after a hint or the solution); with a lesson named, also
each of its exercises; then the exercises due for review (``review``'s rule), or when
the next one is due. The footer says where the store is and, when new checks would
not be saved (a read-only file or folder, a full disk), why and the fix. Drawing never
changes the store; one that cannot be read raises ``progress_store.StoreProblem``.
"""

from __future__ import annotations

import csv
import html
import io
import json
import time
from dataclasses import dataclass

from jaxtour import catalog
from jaxtour.display import Display
from jaxtour.i18n import N_, _, ngettext
from jaxtour.learner import progress_store, review
from jaxtour.learner.progress_store import ExerciseProgress, LessonProgress

BAR_WIDTH = 20

_MARKS = {  # exercise state -> (symbol, words)
    "unaided": ("\u2714", N_("passed")),
    "hint": ("\u2714", N_("passed after a hint")),
    # 'solution': the Solution button, or a wrong prediction's explanation, which begins
    # with the answer; the store does not tell them apart
    "solution": ("\u2714", N_("passed after the answer was shown")),
    "attempted": ("\u2716", N_("tried, not passed yet")),
    "new": ("\u00b7", N_("not tried")),
}


def exercise_state(progress: ExerciseProgress | None) -> str:
    if progress is None:
        return "new"
    if progress.passed:
        return progress.passed_with or "unaided"
    return "attempted"


# The characters the bars and marks are drawn with, and their plain ASCII stand-ins for
# an output whose encoding lacks them (cp1252 on a Windows redirect, ASCII).
_PLAIN = {"\u2588": "#", "\u2591": ".", "\u2714": "+", "\u2716": "x", "\u00b7": "-"}
GLYPHS = "".join(_PLAIN)


def plain(text: str) -> str:
    """``text`` with its bar and mark characters in ASCII."""
    return text.translate(str.maketrans(_PLAIN))


def bar(done: int, total: int, width: int = BAR_WIDTH) -> str:
    filled = round(width * done / total) if total else 0
    return "\u2588" * filled + "\u2591" * (width - filled)


@dataclass(frozen=True, repr=False)
class ProgressView(Display):
    """Bars per lesson; with ``lesson`` set, that lesson's exercises one by one too."""

    rows: tuple[LessonProgress, ...]
    exercises: dict[str, ExerciseProgress | None]  # the named lesson's, in order
    lesson: str | None = None
    footer: str = ""
    # the review lines, each (its text, whether it is due now): what is due, or the next
    due: tuple[tuple[str, bool], ...] = ()

    def _due_heading(self) -> str:
        return _("Due for review:") if any(now for _line, now in self.due) else _("Next review:")

    def _summary(self) -> str:
        total = sum(r.exercises for r in self.rows)
        passed = sum(r.passed for r in self.rows)
        helped = sum(r.passed_with_help for r in self.rows)
        if helped:
            summary = ngettext(
                "The tour: {passed} of {total} exercises passed ({helped} after a hint or the "
                "answer).",
                "The tour: {passed} of {total} exercises passed ({helped} after a hint or the "
                "answer).",
                total,
            )
        else:
            summary = ngettext(
                "The tour: {passed} of {total} exercises passed.",
                "The tour: {passed} of {total} exercises passed.",
                total,
            )
        return summary.format(passed=passed, total=total, helped=helped)

    @staticmethod
    def _counts(r: LessonProgress) -> str:
        if r.passed_with_help:
            counts = _("{passed}/{total} passed, {tried} tried, {helped} with help")
        else:
            counts = _("{passed}/{total} passed, {tried} tried")
        return counts.format(
            passed=r.passed, total=r.exercises, tried=r.attempted, helped=r.passed_with_help
        )

    def text(self) -> str:
        width = max(len(r.lesson) for r in self.rows)
        lines = [self._summary(), ""]
        for r in self.rows:
            mark = "  " + _("<- this lesson") if r.lesson == self.lesson else ""
            lines.append(
                f"{r.lesson:{width}}  {bar(r.passed, r.exercises)}  {self._counts(r)}{mark}"
            )
        if self.exercises:
            lines += ["", _("In {lesson}:").format(lesson=self.lesson)]
            for exercise_id, progress in self.exercises.items():
                symbol, words = _MARKS[exercise_state(progress)]
                lines.append(f"  {symbol} {exercise_id}  {_(words)}")
        if self.due:
            lines += ["", self._due_heading()]
            lines += [f"  {line}" for line, _now in self.due]
        if self.footer:
            lines += ["", self.footer]
        return "\n".join(lines)

    def html(self) -> str:
        """A grid, not a table: JupyterLab lays tables out fixed, so a long name ran over
        its bar. Here the names' column fits the names (which wrap at their underscores
        only in a window too narrow for them), and each bar has its counts under it."""
        cells = []
        for r in self.rows:
            share = 100 * r.passed / r.exercises if r.exercises else 0
            weight = "font-weight:bold;" if r.lesson == self.lesson else ""
            name = html.escape(r.lesson).replace("_", "_<wbr>")
            cells.append(
                f'<div class="jaxtour-progress-name" style="{weight}overflow-wrap:anywhere">'
                f"{name}</div><div>"
                '<div class="jaxtour-progress-bar" style="background:var(--jp-layout-color3, #ddd);'
                'height:0.8em"><div style="background:var(--jp-brand-color1, #3366cc);'
                f'height:100%;width:{share:.0f}%"></div></div>'
                f'<div class="jaxtour-progress-count" style="{weight}font-size:smaller">'
                f"{html.escape(self._counts(r))}</div></div>"
            )
        grid = (
            "display:grid;grid-template-columns:auto minmax(5em, 1fr);"
            "gap:6px 12px;align-items:center;margin:6px 0"
        )
        parts = [
            '<div class="jaxtour-progress" style="color:var(--jp-content-font-color1, inherit)">',
            f"<b>{html.escape(self._summary())}</b>",
            f'<div class="jaxtour-progress-rows" style="{grid}">{"".join(cells)}</div>',
        ]
        if self.exercises:
            items = "".join(
                f"<li>{_MARKS[exercise_state(p)][0]} <code>{html.escape(i)}</code> "
                f"{html.escape(_(_MARKS[exercise_state(p)][1]))}</li>"
                for i, p in self.exercises.items()
            )
            heading = html.escape(_("In {lesson}:").format(lesson=self.lesson or ""))
            marks = "list-style:none;padding-left:1em"  # each line's mark is its bullet
            parts.append(f'<p>{heading}</p><ul style="{marks}">{items}</ul>')
        if self.due:
            items = "".join(f"<li>{html.escape(line)}</li>" for line, _now in self.due)
            parts.append(f"<p>{html.escape(self._due_heading())}</p><ul>{items}</ul>")
        if self.footer:
            parts.append(f'<p style="font-size:smaller">{html.escape(self.footer)}</p>')
        return "".join(parts) + "</div>"


def due_lines(reviews: dict[str, review.Review], now: float) -> tuple[tuple[str, bool], ...]:
    """Every review due at ``now``, the longest overdue first, each (its line, True); or
    else the next one to come (its line, False); none when nothing is passed."""
    due = sorted((r for r in reviews.values() if r.is_due(now)), key=lambda r: r.due_at)
    if due:
        return tuple((review.due_line(r, now), True) for r in due)
    coming = min(reviews.values(), key=lambda r: r.due_at, default=None)
    return ((review.due_line(coming, now), False),) if coming else ()


def progress_view(
    exercise_ids: dict[str, list[str]], lesson: str | None = None, now: float | None = None
) -> ProgressView:
    """The view for ``exercise_ids`` (lesson stem -> its ids), read from the store;
    reviews due at ``now`` (default: the clock)."""
    stem = catalog.find(lesson).stem if lesson is not None else None
    now = review.now() if now is None else now
    done = progress_store.read()
    due = due_lines(review.reviews(exercise_ids, progress_store.history()), now)
    rows = tuple(progress_store.by_lesson(exercise_ids, done=done))
    exercises = {i: done.get(i) for i in exercise_ids.get(stem, [])} if stem else {}
    where = _("Stored in {path}.").format(path=progress_store.store_path())
    if not progress_store.enabled():
        where = _("Recording is off (JAXTOUR_PROGRESS=off): nothing new is stored.")
    problem = progress_store.write_problem()
    footer = f"{where} {problem}" if problem else where
    return ProgressView(rows, exercises, stem, footer, due)


# ``jaxtour progress --json`` / ``--csv``: one row per exercise, these columns in this
# order. The names are stable: scripts read them. New columns are only ever added at the end.
COLUMNS = (
    "lesson",  # the lesson's stem, e.g. "03_grad" ("" for an id no lesson declares now)
    "exercise",  # the exercise id, e.g. "03.gradient" (renamed ids read as the new name)
    "attempts",  # checks judged (not counting "not attempted"), 0 if never checked
    "passed",  # true once a check said correct
    "last_status",  # the latest check's status (correct, incorrect, error, ...), "" if none
    "passed_unaided",  # first passed before any hint or the solution was shown
    "passed_after_hint",  # first passed after at least one hint, without the solution
    "passed_after_solution",  # first passed after the solution was shown
    "first_attempt",  # UTC, ISO 8601 to the second ("2026-12-03T20:11:10Z"), "" if none
    "last_attempt",  # the same, for the latest check
    "review_due",  # when it is next due for review (jaxtour.learner.review), "" if not passed
    "due_now",  # true when that time has come
)


def _utc(seconds: float | None) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds)) if seconds else ""


def exercise_rows(
    exercise_ids: dict[str, list[str]],
    done: dict[str, ExerciseProgress],
    reviews: dict[str, review.Review] | None = None,
    now: float | None = None,
) -> list[dict[str, object]]:
    """One row per declared exercise, in the tour's order, then one per stored exercise
    no lesson declares now (the store never hides a record), keyed by ``COLUMNS``;
    ``reviews`` (``review.reviews``) as seen at ``now`` (default: the clock)."""
    reviews = reviews or {}
    now = review.now() if now is None else now
    where = {i: lesson for lesson, ids in exercise_ids.items() for i in ids}
    order = list(where) + sorted(i for i in done if i not in where)
    rows = []
    for exercise in order:
        p = done.get(exercise)
        rows.append(
            {
                "lesson": where.get(exercise, ""),
                "exercise": exercise,
                "attempts": p.attempts if p else 0,
                "passed": bool(p and p.passed),
                "last_status": p.last_status if p else "",
                "passed_unaided": bool(p and p.passed_with == "unaided"),
                "passed_after_hint": bool(p and p.passed_with == "hint"),
                "passed_after_solution": bool(p and p.passed_with == "solution"),
                "first_attempt": _utc(p.first_at if p else None),
                "last_attempt": _utc(p.last_at if p else None),
                "review_due": _utc(reviews[exercise].due_at) if exercise in reviews else "",
                "due_now": exercise in reviews and reviews[exercise].is_due(now),
            }
        )
    return rows


def rows_json(rows: list[dict[str, object]]) -> str:
    """A JSON array of objects, one per row, keys in ``COLUMNS`` order."""
    return json.dumps(rows, indent=1)


def rows_csv(rows: list[dict[str, object]]) -> str:
    """CSV with a header line of ``COLUMNS``; booleans as true/false."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: str(v).lower() if isinstance(v, bool) else v for k, v in row.items()})
    return out.getvalue()
