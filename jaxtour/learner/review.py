"""What to do next: the first unfinished exercise, or one due for review.

The rule (computed from the progress store's checks and help, never written to it):

- Every pass of an exercise sets when it is next due for review.
- A pass after a hint or the solution was shown for it (since its previous pass, or ever
  before its first), or after a check of it failed since its previous pass, starts over:
  due **1 day** later.
- A first pass at the first try, without help: due **2 days** later. A later pass
  without help or failure, made when the exercise was due, doubles the interval: **4, 8,
  16, ... days**. A pass before it is due changes nothing (a Run All does not count as
  review).

``plan`` orders the work: the reviews due now (the longest overdue first), then every
exercise not passed yet, in the tour's order. ``jaxtour next`` and ``checks.next()``
name its first; ``jaxtour progress`` lists what is due. Every function takes ``now``
(seconds since the epoch); the commands read it from ``now()``, which tests replace with
a stand-in clock.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from jaxtour.i18n import _, ngettext
from jaxtour.learner.progress_store import Event

DAY_S = 86400.0
AFTER_HELP_DAYS = 1  # a pass after help, or after failing since the last pass
FIRST_DAYS = 2  # a first pass at the first try, without help; then 4, 8, 16, ...


def now() -> float:
    """The clock the schedule is read at (seconds since the epoch)."""
    return time.time()


@dataclass(frozen=True)
class Review:
    exercise: str
    due_at: float  # seconds since the epoch
    passed_at: float  # the pass that set it
    why: str  # 'help' (a hint or the solution), 'failed' (a failed check), 'interval'
    days: int  # the interval set by that pass

    def is_due(self, now: float) -> bool:
        return now >= self.due_at


def schedule(exercise: str, events: Sequence[Event]) -> Review | None:
    """When ``exercise`` is next due for review, from its ``events`` (oldest first, as
    ``progress_store.history`` gives them); None while it has never been passed."""
    review: Review | None = None
    helped = failed = False
    seen = (0, False)  # the help a check recorded at the previous pass (hints, solution)
    for event in events:
        if event.status is None:
            helped = True
            continue
        if event.status != "correct":
            failed = True
            continue
        help_now = (event.hints, event.solution)
        aided = helped or help_now != seen  # a store without the help table: the columns
        seen = help_now
        if aided or failed:
            days, why = AFTER_HELP_DAYS, "help" if aided else "failed"
        elif review is None:
            days, why = FIRST_DAYS, "interval"
        elif event.at >= review.due_at:
            days, why = (review.days * 2 if review.why == "interval" else FIRST_DAYS), "interval"
        else:
            helped = failed = False
            continue  # passed again before it was due: nothing changes
        review = Review(exercise, event.at + days * DAY_S, event.at, why, days)
        helped = failed = False
    return review


@dataclass(frozen=True)
class Step:
    exercise: str
    lesson: str  # its lesson's stem
    kind: str  # 'review', 'attempted' (tried, not passed) or 'new'
    review: Review | None = None
    checks: int = 0  # how many times it was checked


def reviews(
    exercise_ids: Mapping[str, Sequence[str]], history: Mapping[str, Sequence[Event]]
) -> dict[str, Review]:
    """Exercise id -> its review, for every declared exercise passed at least once."""
    found = {}
    for ids in exercise_ids.values():
        for exercise in ids:
            review = schedule(exercise, history.get(exercise, ()))
            if review is not None:
                found[exercise] = review
    return found


def plan(
    exercise_ids: Mapping[str, Sequence[str]],
    history: Mapping[str, Sequence[Event]],
    now: float,
) -> list[Step]:
    """The reviews due at ``now``, the longest overdue first, then every exercise not
    passed yet in the tour's order."""
    where = {exercise: lesson for lesson, ids in exercise_ids.items() for exercise in ids}
    scheduled = reviews(exercise_ids, history)
    due = sorted((r for r in scheduled.values() if r.is_due(now)), key=lambda r: r.due_at)
    steps = [Step(r.exercise, where[r.exercise], "review", r) for r in due]
    for exercise, lesson in where.items():
        if exercise in scheduled:
            continue
        checks = sum(1 for event in history.get(exercise, ()) if event.status is not None)
        steps.append(Step(exercise, lesson, "attempted" if checks else "new", None, checks))
    return steps


def ago(seconds: float) -> str:
    """'today', '1 day ago', '3 days ago', in the language in use."""
    days = int(max(0.0, seconds) // DAY_S)
    if days == 0:
        return _("today")
    return ngettext("{count} day ago", "{count} days ago", days).format(count=days)


def within(seconds: float) -> str:
    """'today', 'in 1 day', 'in 3 days' (rounded up), in the language in use."""
    days = int(-(-max(0.0, seconds) // DAY_S))
    if days == 0:
        return _("today")
    return ngettext("in {count} day", "in {count} days", days).format(count=days)


def why(step: Step, now: float) -> str:
    """Why ``step`` comes next, in one sentence, in the language in use."""
    if step.kind == "new":
        return _("{exercise} is the first exercise you have not tried yet.").format(
            exercise=step.exercise
        )
    if step.kind == "attempted":
        return ngettext(
            "{exercise} is not passed yet ({count} check so far).",
            "{exercise} is not passed yet ({count} checks so far).",
            step.checks,
        ).format(exercise=step.exercise, count=step.checks)
    review = step.review
    assert review is not None
    when = ago(now - review.passed_at)
    if review.why == "help":
        text = _(
            "{exercise} is due for review: you passed it after a hint or the solution, {when}."
        )
    elif review.why == "failed":
        text = _("{exercise} is due for review: you passed it after a failed check, {when}.")
    else:
        text = _("{exercise} is due for review: you last passed it without help {when}.")
    return text.format(exercise=step.exercise, when=when)


def due_line(review: Review, now: float) -> str:
    """One exercise's review, for ``jaxtour progress``: due now, or when."""
    if review.is_due(now):
        return _("{exercise}: due now (passed {when})").format(
            exercise=review.exercise, when=ago(now - review.passed_at)
        )
    return _("{exercise}: due {when}").format(
        exercise=review.exercise, when=within(review.due_at - now)
    )


def where(step: Step, notebook: str) -> str:
    """Where ``step``'s exercise is: its lesson file, and how to find it there."""
    return _(
        "It is in {notebook}: search it for {exercise} (its check cell reads "
        'checks.show("{exercise}", ...)).'
    ).format(notebook=notebook, exercise=step.exercise)


def nothing_left(reviews: dict[str, Review], now: float) -> str:
    """What ``jaxtour next`` says when every exercise is passed and none is due."""
    coming = min(reviews.values(), key=lambda r: r.due_at, default=None)
    if coming is None:
        return _("Every exercise is passed.")
    return _("Every exercise is passed and none is due for review; the next: {line}.").format(
        line=due_line(coming, now)
    )


def more_due(steps: Sequence[Step]) -> str | None:
    """How many more reviews are due after the first step, or None."""
    more = sum(step.kind == "review" for step in steps[1:])
    if not more:
        return None
    return ngettext(
        "{count} more exercise is due for review (jaxtour progress lists them).",
        "{count} more exercises are due for review (jaxtour progress lists them).",
        more,
    ).format(count=more)
