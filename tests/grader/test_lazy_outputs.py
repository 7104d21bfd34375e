"""The grader computes (and compiles) only what a comparison reads.

The reference's and each mistake example's outputs are computed case by case, when a
rule first reads them (``rules.outputs_on``), and kept for later checks: each is computed
at most once per case in a session, and an answer that is no function at all pays for
none of them.
"""

from __future__ import annotations

import jax.numpy as jnp

from jaxtour.grader.judge import judge
from jaxtour.grader.rules import SameFunction, outputs_on
from jaxtour.grader.spec import Exercise, Mistake

CASES = 5


def _counted(fn, calls: list[int]):
    def counted(*args):
        calls.append(1)
        return fn(*args)

    return counted


def _exercise(reference_calls: list[int], example_calls: list[int]) -> Exercise:
    reference = _counted(lambda x: 2 * x, reference_calls)
    doubled_twice = _counted(lambda x: 4 * x, example_calls)
    return Exercise(
        id="99.double",
        title="double",
        reference=lambda: reference,
        rule=SameFunction(
            inputs=lambda: [(jnp.arange(1, n + 1, dtype=jnp.float32),) for n in range(1, 1 + CASES)]
        ),
        hints=("h1", "h2"),
        solution="double = lambda x: 2 * x",
        mistakes=(Mistake(id="four-times", message="four times", example=lambda: doubled_twice),),
    )


def test_a_wrong_answer_costs_each_case_once_and_a_second_check_nothing():
    """3x against 2x differs on the first case; the factor 1.5 is named only if it holds on
    every case (a diagnosis true of the code), so each output is computed, once."""
    reference_calls, example_calls = [], []
    exercise = _exercise(reference_calls, example_calls)
    feedback = judge(exercise, lambda x: 3 * x)
    assert feedback.status == "incorrect"
    assert len(reference_calls) <= CASES and len(example_calls) <= CASES
    before = (len(reference_calls), len(example_calls))
    assert judge(exercise, lambda x: 5 * x).status == "incorrect"
    assert (len(reference_calls), len(example_calls)) == before


def test_a_mistake_is_still_named_after_every_case():
    reference_calls, example_calls = [], []
    exercise = _exercise(reference_calls, example_calls)
    feedback = judge(exercise, lambda x: 4 * x)
    assert feedback.mistake == "four-times"
    assert len(example_calls) == CASES  # the whole comparison, once


def test_an_answer_that_is_no_function_costs_no_output():
    reference_calls, example_calls = [], []
    feedback = judge(_exercise(reference_calls, example_calls), 2.0)
    assert feedback.status == "incorrect"
    assert (len(reference_calls), len(example_calls)) == (0, 0)


def test_a_right_answer_computes_the_reference_once_for_every_later_check():
    reference_calls, example_calls = [], []
    exercise = _exercise(reference_calls, example_calls)
    for _ in range(3):
        assert judge(exercise, lambda x: x + x).status == "correct"
    assert (len(reference_calls), len(example_calls)) == (CASES, 0)


def test_outputs_read_in_any_order_are_each_computed_once():
    calls: list[int] = []
    cases = lambda: [(float(n),) for n in range(4)]  # noqa: E731
    outputs = outputs_on(cases, _counted(lambda x: x + 1, calls))
    assert (len(outputs), outputs[-1], outputs[1], tuple(outputs)) == (4, 4.0, 2.0, (1, 2, 3, 4))
    assert len(calls) == 4


def test_a_wrong_answer_is_called_once_per_case_in_a_check_and_again_in_the_next():
    """The rule, then each declared mistake, compares the answer's outputs on the same
    cases: the answer runs once per case a check reads (before, once more per mistake),
    and a later check calls it again (the function, or what it reads, may have changed)."""
    factors = (3, 4, 6, 7, 8, 9)
    mistakes = tuple(
        Mistake(id=f"times-{k}", message=f"{k} times", example=lambda k=k: lambda x: k * x)
        for k in factors
    )
    exercise = _exercise([], [])
    exercise = Exercise(**{**exercise.__dict__, "mistakes": mistakes})
    answer_calls: list[int] = []
    answer = _counted(lambda x: 5 * x, answer_calls)
    assert judge(exercise, answer).status == "incorrect"
    assert 1 <= len(answer_calls) <= CASES < 1 + len(factors)
    first = len(answer_calls)
    assert judge(exercise, answer).status == "incorrect"
    assert len(answer_calls) == 2 * first


def test_the_cases_are_built_once_a_check_and_mistakes_read_no_description():
    """The rule and every mistake compared by the rule read one set of cases per check
    (before, each comparison built them again), and a comparison made only to match a
    mistake asks whether the outputs agree, not how they differ: the sentence that
    describes a difference (how_they_differ) is built for the learner's message alone."""
    from jaxtour.grader import compare

    builds: list[int] = []

    def inputs():
        builds.append(1)
        return [(jnp.arange(1, n + 1, dtype=jnp.float32),) for n in range(1, 1 + CASES)]

    factors = (3, 4, 6, 7, 8, 9)
    double = lambda x: 2 * x  # noqa: E731 - one reference, whose outputs are kept
    exercise = Exercise(
        id="99.double",
        title="double",
        reference=lambda: double,
        rule=SameFunction(inputs=inputs),
        hints=("h1", "h2"),
        solution="double = lambda x: 2 * x",
        mistakes=tuple(
            Mistake(id=f"times-{k}", message=f"{k} times", example=lambda k=k: lambda x: k * x)
            for k in factors
        ),
    )
    described: list[int] = []
    original = compare.how_they_differ
    compare.how_they_differ = lambda *args: described.append(1) or original(*args)
    try:
        judge(exercise, lambda x: 5 * x)  # each example's outputs build the cases, once
        builds.clear()
        described.clear()
        feedback = judge(exercise, lambda x: 5 * x)
    finally:
        compare.how_they_differ = original
    assert feedback.status == "incorrect" and "you have 5.0, expected 2.0" in feedback.message
    assert len(builds) == 1
    # the learner's message, described when the rule refused and again when no mistake
    # named the answer (the rule asked anew, for the explainer's sentence: judge
    # explained_later); no mistake's comparison (six of them here)
    assert len(described) == 2
