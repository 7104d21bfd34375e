"""grader.compare.explain: a relation is stated only when it holds on every case."""

from __future__ import annotations

import numpy as np

from jaxtour.grader.compare import Case, explain, how_they_differ


def _case(got, want, *inputs, names=("x",)):
    leaves = lambda v: (np.asarray(v, dtype=np.float64),)  # noqa: E731
    return Case(leaves(got), leaves(want), tuple(leaves(i) for i in inputs), (), names)


A = np.array([1.0, 2.0, 3.0, 4.0])  # its median, midrange and mean are all 2.5
B = np.array([0.3, -1.2, 2.5, 0.1, 0.9])
C = np.array([[1.0, 5.0, 2.0], [0.5, -3.0, 4.0]])


def test_the_statistic_subtracted_is_named_when_it_holds_on_every_case():
    cases = [_case(x - np.median(x), x - x.mean(), x) for x in (A, B, C)]
    assert explain(cases) == (
        "another-statistic",
        "Your function subtracts the median of x, not the mean of x.",
    )


def test_one_case_where_two_statistics_agree_names_neither():
    # On A alone the median, the midrange and the mean agree: x - median is right there,
    # and on B the answer subtracts the midrange: no one statistic explains both cases.
    midrange = lambda x: (x.max() + x.min()) / 2  # noqa: E731
    cases = [_case(A - np.median(A), A - A.mean(), A), _case(B - B.max(), B - B.mean(), B)]
    assert explain(cases) is None or explain(cases)[0] != "another-statistic"
    cases = [_case(x - midrange(x), x - x.mean(), x) for x in (A, B)]
    assert "midrange" in explain(cases)[1]


def test_a_relation_that_holds_on_one_case_only_is_not_stated():
    cases = [_case(2 * (B - B.mean()), B - B.mean(), B), _case(C - C.max(), C - C.mean(), C)]
    assert explain(cases) is None


def test_the_step_scaled_by_an_argument_is_named_by_the_argument():
    def step_case(lr, factor):
        p, g = np.array([1.0, -2.0, 0.5]), np.array([0.5, 0.25, -1.0])
        want = p - lr * g
        return Case(
            (p - factor(lr) * lr * g,),
            (want,),
            ((p,), (g,), (np.float64(lr),)),
            (),
            ("params", "grads", "lr"),
        )

    cases = [step_case(lr, lambda lr: lr) for lr in (0.05, 0.01)]
    assert explain(cases) == (
        "step-scaled-by-argument",
        "On every input, the change your result makes to params is lr times the expected "
        "change: lr is applied twice?",
    )
    cases = [step_case(lr, lambda lr: -1.0) for lr in (0.05, 0.01)]
    assert explain(cases)[0] == "step-reversed"


def test_two_parts_swapped_on_every_case():
    def parts(a, b):
        return (np.asarray(a, np.float64), np.asarray(b, np.float64))

    cases = [
        Case(parts(B, A), parts(A, B), (), ("[0]", "[1]")),
        Case(parts(C, A), parts(A, C), (), ("[0]", "[1]")),
    ]
    assert (
        explain(cases)[1]
        == "On every input, [0], [1] hold each other's values: the two are swapped."
    )


def test_zero_is_said_as_zero_never_as_minus_zero_times():
    said = how_they_differ(np.zeros(3), -np.arange(1.0, 4.0))
    assert said == "Every value is 0, where the expected ones are not."
    assert "-0" not in said


def test_zero_where_some_expected_values_are_zero_too_says_not_all():
    said = how_they_differ(np.zeros(2), np.array([5.0, 0.0]))  # round 20: [5, 0] expected
    assert said == "Every value is 0, where the expected ones are not all 0."


def test_an_input_whose_step_is_zero_neither_holds_nor_breaks_a_step_relation():
    p = np.array([1.0, -2.0, 0.5])

    def step_case(g, k):  # the answer's change is k times the expected change, -0.1 * g
        return Case((p - k * 0.1 * g,), (p - 0.1 * g,), ((p,), (g,)), (), ("params", "grads"))

    moving, still = np.array([0.5, 0.25, -1.0]), np.zeros(3)
    cases = [step_case(moving, 2.0), step_case(still, 2.0)]
    assert explain(cases)[0] == "step-scaled"
    assert explain([step_case(moving, -1.0), step_case(still, -1.0)])[0] == "step-reversed"
    assert explain([step_case(still, 2.0)]) is None or explain([step_case(still, 2.0)])[0] not in (
        "step-scaled",
        "step-reversed",
        "no-step",
    )  # no moving input: nothing says which
    moved_anyway = Case((p + 1.0,), (p,), ((p,), (still,)), (), ("params", "grads"))
    assert explain([step_case(moving, 2.0), moved_anyway]) is None or (
        explain([step_case(moving, 2.0), moved_anyway])[0] != "step-scaled"
    )  # a change where none was expected breaks it


def test_a_result_wrong_only_where_the_input_is_exactly_zero_is_said_so():
    x1, x2 = np.array([-2.0, 0.5, 0.0, 3.0]), np.array([1.0, -1.0, 2.0])  # x2 has no 0
    clipped = lambda x: np.where(x < 0, 0.0, x)  # noqa: E731
    at_zero_too = lambda x: np.where(x <= 0, 9.0, x)  # the 0 sent to the other side  # noqa: E731
    cases = [_case(at_zero_too(x), np.where(x < 0, 9.0, x), x) for x in (x1, x2)]
    assert explain(cases)[0] == "only-where-zero" and "where x is exactly 0" in explain(cases)[1]
    assert explain([_case(clipped(x2), clipped(x2) + [0, 1, 0], x2)]) is None or (
        explain([_case(clipped(x2), clipped(x2) + [0, 1, 0], x2)])[0] != "only-where-zero"
    )  # wrong at a value that is not 0
    only_zero = np.zeros(3)
    assert explain([_case(only_zero + 1, only_zero, only_zero)])[0] != "only-where-zero"
