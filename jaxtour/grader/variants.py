"""Variants: one exercise asked with other values, the same ones for a learner every time.

An exercise declares ``variants=Variants(default={...}, draw=fn, shown="...")``. Variant
0 is ``default``, the values the lesson's text and stored outputs show; variant n > 0 is
``draw(random.Random(n))``. Which number a learner gets is not decided here (the grader
imports nothing of the learner's store): ``checks`` derives it from the learner's id, the
exercise's id and a practice counter (``number_for``), or takes the one a teacher fixed
(``JAXTOUR_VARIANT``), and judges inside ``using(exercise, number)``.

Inside ``using``, the exercise module's code (reference, inputs, mistakes' examples and
predicates) reads the variant's values with ``VARIANTS.current("NN.name")``, where
``VARIANTS`` is the module's ``Variants`` record; outside ``using`` that is variant 0's.
Texts (hints, solution, success, mistakes' messages) name values as ``{name}``:
translated first, then filled (``fill``), so a catalog holds one entry.
What the grader keeps between checks (``rules.outputs_on``) is kept per variant (``key``).
"""

from __future__ import annotations

import contextlib
import contextvars
import hashlib
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from jaxtour.i18n import _

__all__ = [
    "ENV_VARIANT",
    "Variants",
    "active_values",
    "fill",
    "key",
    "number",
    "number_for",
    "using",
]

ENV_VARIANT = "JAXTOUR_VARIANT"  # a number: that variant of every exercise, for everyone
_NUMBERS = 2**31 - 1  # a drawn variant's number is 1 .. _NUMBERS


@dataclass(frozen=True)
class Variants:
    """How an exercise varies: its values as a dict of plain data (str, int, float, tuple).

    ``default``: variant 0, the values the lesson's own text names.
    ``draw``: the values of variant n > 0, from ``random.Random(n)`` alone.
    ``shown``: the sentence the lesson's setup cell prints, naming the values as
    ``{name}`` (markdown is static; this line is the task's values for this learner).
    """

    default: Mapping[str, Any]
    draw: Callable[[random.Random], dict[str, Any]]
    shown: str

    def __post_init__(self) -> None:
        if not self.default or not callable(self.draw):
            raise ValueError("variants: give default values (variant 0) and a draw(rng) function")
        drawn = self.draw(random.Random(1))
        if set(drawn) != set(self.default):
            raise ValueError(
                f"variants: draw() gives {sorted(drawn)}, default has {sorted(self.default)}: "
                "every variant names the same values"
            )
        self.shown.format_map(dict(self.default))  # a {name} the values lack fails here

    def values(self, number: int) -> dict[str, Any]:
        """The values of variant ``number`` (0: the default), the same in every process."""
        if number == 0:
            return dict(self.default)
        return self.draw(random.Random(number))

    def current(self, exercise_id: str) -> dict[str, Any]:
        """The values being judged for ``exercise_id`` (inside ``using``), else variant 0's:
        what the exercise module's reference, inputs and mistakes read."""
        chosen = active_values(exercise_id)
        return dict(self.default) if chosen is None else chosen


def number_for(learner: str, exercise_id: str, practice: int = 0) -> int:
    """The variant a learner gets: a hash of their id, the exercise's and the practice
    count (``checks.new_variant`` raises it), stable across processes and machines."""
    text = f"{learner}\x00{exercise_id}\x00{practice}".encode()
    digest = hashlib.sha256(text).digest()
    return int.from_bytes(digest[:8], "big") % _NUMBERS + 1


# exercise id -> (variant number, its values), for the check being judged
_active: contextvars.ContextVar[Mapping[str, tuple[int, dict[str, Any]]]] = contextvars.ContextVar(
    "jaxtour_variants", default=MappingProxyType({})
)


@contextlib.contextmanager
def using(exercise: Any, number: int) -> Iterator[dict[str, Any]]:
    """Judge (build the reference, the examples, the texts of) ``exercise`` as variant
    ``number``; an exercise without variants is always variant 0."""
    variants: Variants | None = getattr(exercise, "variants", None)
    if variants is None or number == 0:
        yield dict(variants.default) if variants else {}
        return
    chosen = variants.values(number)
    token = _active.set({**_active.get(), exercise.id: (number, chosen)})
    try:
        yield chosen
    finally:
        _active.reset(token)


def active_values(exercise_id: str) -> dict[str, Any] | None:
    """The values of the variant of ``exercise_id`` being judged; None outside ``using``
    (``Variants.current`` then reads variant 0's)."""
    active = _active.get().get(exercise_id)
    return None if active is None else dict(active[1])


def key() -> tuple[tuple[str, int], ...]:
    """What the grader's kept outputs depend on besides the function and its inputs."""
    return tuple(sorted((name, number) for name, (number, _values) in _active.get().items()))


def number(exercise_id: str) -> int:
    """The number of the variant being judged (0 outside ``using``)."""
    active = _active.get().get(exercise_id)
    return 0 if active is None else active[0]


def fill(exercise: Any, text: str) -> str:
    """``text`` (a hint, the solution, a message) translated, then its ``{name}``s
    filled with the values of the variant being judged. Other texts are translated only."""
    translated = _(text)
    variants: Variants | None = getattr(exercise, "variants", None)
    if variants is None or not text:
        return translated
    chosen = active_values(exercise.id)
    return translated.format_map(variants.default if chosen is None else chosen)
