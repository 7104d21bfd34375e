"""Answers that would break the kernel get a plain message and leave it as it was.

A list that contains itself or is nested thousands deep, given to a choice, an array or
a pytree exercise; an object whose ``__getattr__`` recurses; a huge array where a small
one is expected. None may exhaust the recursion budget, raise into the notebook, or
cost memory in proportion to its own size.
"""

from __future__ import annotations

import sys
import tracemalloc

import jax.numpy as jnp
import numpy as np
import pytest

from jaxtour import checks


def self_referential_list():
    a = [1.0]
    a.append(a)
    return a


def self_referential_dict():
    d = {"w": jnp.zeros(3)}
    d["b"] = d
    return d


def nested(depth: int):
    top = current = []
    for _ in range(depth):
        current.append([])
        current = current[0]
    return top


def nested_tuples(depth: int):
    value: object = (1.0,)
    for _ in range(depth):
        value = (value,)
    return value


BREAKERS = {
    "self-list": self_referential_list,
    "self-dict": self_referential_dict,
    "nested-5000": lambda: nested(5000),
    "nested-tuples-3000": lambda: nested_tuples(3000),
    "nested-dicts-2000": lambda: __import__("functools").reduce(
        lambda inner, _: {"x": inner}, range(2000), 0.0
    ),
}

# A choice, an array, a number, and pytree exercises (their functions return the answer).
VALUE_EXERCISES = ["02.which_dispatch", "00.first_array", "01.default_dtype"]
PYTREE_EXERCISES = ["04.sgd_step", "08.update"]


def deep_but_legal(n: int) -> int:
    return 0 if n == 0 else 1 + deep_but_legal(n - 1)


def _assert_kernel_unharmed(limit: int) -> None:
    assert sys.getrecursionlimit() == limit
    assert deep_but_legal(limit - 100) == limit - 100


@pytest.mark.parametrize("kind", sorted(BREAKERS))
def test_self_referential_and_deep_answers_are_refused_plainly(kind):
    limit = sys.getrecursionlimit()
    for exercise_id in VALUE_EXERCISES:
        feedback = checks.check(exercise_id, BREAKERS[kind]())
        assert feedback.status == "incorrect", (exercise_id, feedback.text())
        assert "bug in jaxtour" not in feedback.message
    for exercise_id in PYTREE_EXERCISES:
        answer = BREAKERS[kind]()
        feedback = checks.check(exercise_id, lambda *args, answer=answer: answer)
        assert feedback.status == "incorrect", (exercise_id, feedback.text())
        assert "contains itself" in feedback.message or "nested more than" in feedback.message
    _assert_kernel_unharmed(limit)
    assert checks.check("00.first_array", checks._reference("00.first_array")).passed


class RecursiveGetattr:
    def __getattr__(self, name):
        return getattr(self, name + "_")


class RecursiveEverything(RecursiveGetattr):
    def __repr__(self):
        return repr(self)

    def __len__(self):
        return len(self)


@pytest.mark.parametrize("kind", [RecursiveGetattr, RecursiveEverything])
def test_an_object_with_recursive_methods_never_raises_through_show(kind, capsys):
    limit = sys.getrecursionlimit()
    for exercise_id in ["00.first_array", "02.which_dispatch", "04.sgd_step"]:
        checks.show(exercise_id, lambda kind=kind: kind())  # must not raise
        feedback = checks.read_and_check(exercise_id, lambda kind=kind: kind())
        assert feedback.status in ("incorrect", "error")
        assert "bug in jaxtour" not in feedback.message
    _assert_kernel_unharmed(limit)


def test_a_huge_wrong_array_costs_memory_in_proportion_to_what_is_shown():
    big = np.arange(10_000_000, dtype=np.float32)  # 40 MB; 00.first_array expects 3 values
    answer = jnp.asarray(big)
    del big
    tracemalloc.start()
    try:
        feedback = checks.check("00.first_array", answer)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert feedback.status == "incorrect"
    assert "(10000000,)" in feedback.message
    assert peak < 2 * answer.nbytes, peak


@pytest.mark.parametrize(
    "answer",
    [
        np.ones((3000, 3000), dtype=np.float32),
        np.arange(2_000_000, dtype=np.int64).reshape(2, -1),
        [0.0] * 100_000,
    ],
    ids=["2d", "int64", "list"],
)
def test_other_oversized_answers_stay_within_twice_their_size(answer):
    size = np.asarray(answer).nbytes
    tracemalloc.start()
    try:
        feedback = checks.check("00.first_array", answer)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert feedback.status == "incorrect"
    assert peak < 2 * size + 5_000_000, peak
