"""The shape of an exercise, declared as plain data in ``jaxtour/exercises/lessonNN.py``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol


class Rule(Protocol):
    """A checking rule: ``None`` when ``answer`` is right, else one sentence saying why not.

    A rule that calls the learner's code raises ``LearnerCodeError`` when that code fails.
    """

    def __call__(self, answer: Any, expected: Any) -> str | None: ...


@dataclass(frozen=True)
class Mistake:
    """A known wrong answer with its own message.

    ``matches(answer)`` recognises the mistake; ``example()`` builds an answer that
    makes it, so the test suite can prove the message is reachable.
    """

    id: str
    message: str
    matches: Callable[[Any], bool]
    example: Callable[[], Any]


@dataclass(frozen=True)
class Exercise:
    """One graded exercise.

    ``reference()`` builds the reference answer lazily, so importing the exercise
    modules does no JAX work. ``solution`` is the code that solves the exercise cell.
    """

    id: str
    title: str
    prompt: str
    reference: Callable[[], Any]
    rule: Rule
    hints: tuple[str, ...]
    solution: str
    mistakes: tuple[Mistake, ...] = ()
    success: str = "Correct."
    time_limit_s: float | None = None
    tags: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        if not self.hints:
            raise ValueError(f"exercise {self.id!r} needs at least one hint")
        ids = [m.id for m in self.mistakes]
        if len(ids) != len(set(ids)):
            raise ValueError(f"exercise {self.id!r} declares a mistake id twice")
