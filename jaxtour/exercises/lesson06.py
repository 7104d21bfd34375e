"""Exercises for lessons/06_immutability_and_purity.ipynb: updated copies with .at[],
indices out of bounds, a 2-D update ported from the removed jax.ops API, and NumPy's
in-place loop ported to one .at[] call."""

from __future__ import annotations

import functools

import numpy as np

from jaxtour.exercises.common import jax, jnp, same_values
from jaxtour.grader import pristine
from jaxtour.grader.mistakes import (
    behaves_like,
    fails_with,
    ignores_arguments,
    ignores_one_argument,
    loops_in_python,
    mutates_input,
    only_strings,
    output_or_none,
    returns_none,
    runs_python_per_element,
)
from jaxtour.grader.rules import Choice, JaxArray, SameFunction, cases_of_this_check
from jaxtour.grader.spec import Exercise, Mistake
from jaxtour.lazy import is_jax_array

# --- 06.set_first -----------------------------------------------------------------------


def _x():
    return jnp.array([1, 2, 3])


def _set_first():
    return _x().at[0].set(123)


def _is_index_ref(answer) -> bool:
    """``x.at[0]`` without a method: jax's _IndexUpdateRef, which only selects."""
    return type(answer).__name__ == "_IndexUpdateRef"


def _same_values_as_float(answer) -> bool:
    """The right numbers, typed as floats (jnp.array([123.0, 2.0, 3.0]))."""
    return (
        is_jax_array(answer)
        and np.asarray(answer).dtype.kind == "f"
        and same_values(_set_first)(answer)
    )


def _python_sequence(answer) -> bool:
    return isinstance(answer, list | tuple) and same_values(_set_first)(answer)


def _right_array_in_tuple(answer) -> bool:
    """A tuple holding the right jax array: y = x.at[0].set(123), (a trailing comma) or
    y = x.at[0].set(123), x."""
    return isinstance(answer, tuple) and any(
        is_jax_array(item) and same_values(_set_first)(item) for item in answer
    )


def _inserted():
    return jnp.insert(_x(), 0, 123)


# --- 06.out_of_bounds -------------------------------------------------------------------

OUT_OF_BOUNDS_OPTIONS = ("A", "B", "C", "D")
OUT_OF_BOUNDS_TEXTS = (
    "it raises `IndexError`, as NumPy would",
    "`Array([1, 2, 5])`: the index is clamped to the last element, like the read above",
    "`Array([1, 2, 3])`: the update is dropped",
    "an array of 11 elements, with 5 at the end",
)
_OUT_OF_BOUNDS = Choice(OUT_OF_BOUNDS_OPTIONS, texts=OUT_OF_BOUNDS_TEXTS)


def _says_index_error(answer) -> bool:
    """Option A however written, or the error's name written out."""
    return _OUT_OF_BOUNDS.read(answer) == "A" or (
        isinstance(answer, str) and "indexerror" in answer.lower()
    )


def _ran_it(answer) -> bool:
    """The result of x.at[10].set(5) (or the function) where a letter was asked; a
    letter in a tuple or list (a trailing comma, brackets) is the Choice rule's slip."""
    if isinstance(answer, tuple | list):
        return not only_strings(answer)
    return is_jax_array(answer) or isinstance(answer, np.ndarray) or callable(answer)


# --- 06.scale_column --------------------------------------------------------------------


def _matrix_inputs():
    return [
        (jnp.arange(6.0).reshape(2, 3), 1, 10.0),
        (jnp.ones((3, 2)), 0, -2.0),
        (jnp.arange(12.0).reshape(3, 4), 3, 0.5),
    ]


def _numpy_matrix_inputs():
    return [(np.arange(6.0).reshape(2, 3), 1, 10.0)]


def _scale_column(m, j, factor):
    return m.at[:, j].multiply(factor)


def _scale_row(m, j, factor):
    return m.at[j].multiply(factor)


def _scale_all(m, j, factor):
    return m * factor


def _column_only(m, j, factor):
    return m[:, j] * factor


def _add_column(m, j, factor):
    return m.at[:, j].add(factor)


def _set_column(m, j, factor):
    return m.at[:, j].set(factor)


def _transposed(m, j, factor):
    return m.T.at[j].multiply(factor)


def _scale_in_place(m, j, factor):
    m[:, j] *= factor
    return m


def _old_index_mul(m, j, factor):
    return jax.ops.index_mul(m, jax.ops.index[:, j], factor)


def _one_based_column(m, j, factor):
    return m.at[:, j - 1].multiply(factor)


def _fixed_column(m, j, factor):
    return m.at[:, 1].multiply(factor)


def _fixed_factor(m, j, factor):
    return m.at[:, j].multiply(10.0)


def _column_variants():
    """One call, and the same call with j changed."""
    m = jnp.arange(12.0).reshape(3, 4)
    return [[(m, 0, 2.0), (m, 2, 2.0)], [(m, 1, 2.0), (m, 3, 2.0)]]


def _factor_variants():
    """One call, and the same call with factor changed."""
    m = jnp.arange(12.0).reshape(3, 4)
    return [[(m, 1, 2.0), (m, 1, -3.0)], [(m, 2, 0.5), (m, 2, 4.0)]]


def _divide_column(m, j, factor):
    return m.at[:, j].divide(factor)


def _power_column(m, j, factor):
    return m.at[:, j].power(factor)


def _ref_times_factor(m, j, factor):
    return m.at[:, j] * factor


def _no_return_column(m, j, factor):
    m.at[:, j].multiply(factor)


def _row_into_column(m, j, factor):
    return m.at[:, j].set(m[j] * factor)


def _columns_from_j(m, j, factor):
    return m.at[:, j:].multiply(factor)


def _scaled_columns(answer, m, factor) -> set[int] | None:
    """The columns of ``answer`` that are m's times factor, if every other column is m's
    own (None if some column is neither)."""
    got, m = np.asarray(answer), np.asarray(m)
    if got.shape != m.shape:
        return None
    scaled = set()
    for column in range(m.shape[1]):
        if np.allclose(got[:, column], m[:, column] * factor):
            scaled.add(column)
        elif not np.allclose(got[:, column], m[:, column]):
            return None
    return scaled


def _other_columns_scaled(answer) -> bool:
    """Column j and others beside it (a slice such as j: or :j+1), or another single
    column than j, multiplied by factor; the rest unchanged."""
    if not callable(answer):
        return False
    wrong = False
    for m, j, factor in _matrix_inputs():
        scaled = _scaled_columns(answer(m, j, factor), m, factor)
        if not scaled:  # some column neither m's nor scaled, or none scaled
            return False
        # every column scaled is the whole matrix, unless another input shows otherwise
        wrong = wrong or (scaled != {j} and len(scaled) < m.shape[1])
    return wrong


# --- 06.count_labels --------------------------------------------------------------------


def _label_inputs():
    # Two lengths, not three: a learner's function runs op by op, and eager JAX compiles
    # each operation once per shape (a wrong answer's first check: 0.2 s a length). Not
    # one: the total count (the number of labels) must differ between cases.
    return [
        (jnp.array([0, 2, 2, 3, 2]), 5),
        (jnp.array([1, 1, 1, 0]), 3),
        (jnp.array([4, 0, 4, 1]), 6),
    ]


def _count_labels(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(1)


def _presence(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].set(1)


def _discarded(labels, n):
    counts = jnp.zeros(n, dtype=jnp.int32)
    counts.at[labels].add(1)
    return counts


def _one_per_sample(labels, n):
    return jnp.zeros(len(labels), dtype=jnp.int32).at[labels].add(1)


def _sized_by_labels(labels, n):
    return jnp.zeros(int(labels.max()) + 1, dtype=jnp.int32).at[labels].add(1)


def _added_labels(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(labels)


def _float_counts(labels, n):
    return jnp.zeros(n).at[labels].add(1)


# The two unique-based mistakes, computed by NumPy: jnp.unique has a data-dependent shape,
# so run op by op it compiled about 30 programs a case (1.6 s of a wrong answer's first
# check); its values and dtypes (counts in JAX's default int) are the same.
def _present_counts(labels, n):
    return jnp.asarray(pristine.np.unique(pristine.np.asarray(labels), return_counts=True)[1])


def _unique_pair(labels, n):
    values, counts = pristine.np.unique(pristine.np.asarray(labels), return_counts=True)
    return jnp.asarray(values), jnp.asarray(counts)


def _total_count(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(1).sum()


def _one_hot_rows(labels, n):
    return jax.nn.one_hot(labels, n)


def _returns_tuple(answer) -> bool:
    """A tuple or a list on every case (the outputs the rule read: the answer runs once)."""
    cases = enumerate(cases_of_this_check(_label_inputs, _label_inputs))
    return callable(answer) and all(
        isinstance(output_or_none(_label_inputs, answer, index, args), tuple | list)
        for index, args in cases
    )


def _no_return_counts(labels, n):
    counts = jnp.zeros(n, dtype=jnp.int32)
    counts = counts.at[labels].add(1)  # noqa: F841


def _looped_count(labels, n):
    counts = jnp.zeros(n, dtype=jnp.int32)
    for label in labels:
        counts = counts.at[label].add(1)
    return counts


def _label_lengths():
    """Two of the check's own cases, shortest first (4 labels, then 5; the same shapes:
    no new compile): Python that runs once per label runs more often on the second."""
    cases = _label_inputs()
    return [cases[1], cases[0]]


def _reduced_count(labels, n):
    return functools.reduce(
        lambda counts, label: counts.at[label].add(1), labels, jnp.zeros(n, dtype=jnp.int32)
    )


def _numpy_fancy_in_place(labels, n):
    counts = jnp.zeros(n, dtype=jnp.int32)
    counts[labels] += 1
    return counts


EXERCISES = (
    Exercise(
        id="06.set_first",
        title="Update a jax array with .at[]",
        reference=_set_first,
        rule=JaxArray(),
        hints=(
            "Read the error above: it names the method to use instead of x[idx] = y.",
            "x.at[0] picks the element; .set(value) returns a new array. Keep what it "
            "returns: it is the only place the change exists.",
            "y = x.at[0].set(123)",
        ),
        solution="x = jnp.array([1, 2, 3])\ny = x.at[0].set(123)",
        mistakes=(
            Mistake(
                id="unchanged",
                message="This is x, unchanged: [1, 2, 3]. An .at[] update does not change x: it "
                "returns a new array, and that new array was thrown away. Keep it, under the "
                "name the check reads.",
                example=_x,
            ),
            Mistake(
                id="no-method",
                message="x.at[0] only selects the element; it is not an array yet. Add the "
                "method that builds the new array: .set(123).",
                example=lambda: _x().at[0],
                matches=_is_index_ref,
            ),
            Mistake(
                id="numpy-copy",
                message="Right values, but this is a NumPy array (a copy you changed in place). "
                "Stay in JAX: a jax array is updated by building a new one.",
                example=lambda: np.array(_set_first()),
                matches=same_values(_set_first, np.ndarray),
            ),
            Mistake(
                id="python-list",
                message="Right values, but a Python list. The exercise asks for a jax array made "
                "from x, by JAX's way of updating an element.",
                example=lambda: [123, 2, 3],
                matches=_python_sequence,
            ),
            Mistake(
                id="in-a-tuple",
                message="This is a tuple with the right array inside. A trailing comma after the "
                "expression, or a second value after a comma, makes one. Assign the new array "
                "alone.",
                example=lambda: (_set_first(),),
                matches=_right_array_in_tuple,
            ),
            Mistake(
                id="inserted",
                message="123 was inserted in front, and x's three elements follow it: np.insert "
                "and jnp.insert add an element. The task replaces the first one, and keeps "
                "three elements.",
                example=_inserted,
            ),
            Mistake(
                id="float-copy",
                message="Right numbers, but float32: x holds int32. An update built from x itself "
                "keeps x's dtype.",
                example=lambda: jnp.array([123.0, 2.0, 3.0]),
                matches=_same_values_as_float,
            ),
            Mistake(
                id="added",
                message="124 is 1 + 123: .add adds to the element. To replace it, use .set(123).",
                example=lambda: _x().at[0].add(123),
            ),
            Mistake(
                id="whole-array",
                message="Every element became 123: x.at[:] selects them all. The first "
                "element alone is x.at[0].",
                example=lambda: _x().at[:].set(123),
            ),
            Mistake(
                id="read-not-update",
                message="This is one element, read: .get() reads, like x[0]. To build an "
                "updated copy of the whole array, use .set(123).",
                example=lambda: _x().at[0].get(),
            ),
            Mistake(
                id="last-element",
                message="123 went into the last element: index -1 counts from the end. The "
                "first element is x.at[0].",
                example=lambda: _x().at[-1].set(123),
            ),
            Mistake(
                id="all-but-first",
                message="Every element but the first became 123: x.at[1:] selects from the "
                "second element on. The first element alone is x.at[0].",
                example=lambda: _x().at[1:].set(123),
            ),
            Mistake(
                id="wrong-index",
                message="123 went into the second element. Indices start at 0: x.at[0].",
                example=lambda: _x().at[1].set(123),
            ),
        ),
        success="y is a new array with 123 first, and x is still [1, 2, 3].",
    ),
    Exercise(
        id="06.out_of_bounds",
        title="Predict what an update out of bounds does",
        reference=lambda: "C",
        rule=_OUT_OF_BOUNDS,
        hints=(
            "JAX does not raise for an index out of bounds: the error would have to come "
            "back from the device. Reading clamps the index. Writing uses another rule.",
            "Clamping a write would overwrite an element nobody asked to change. JAX "
            "prefers to change nothing.",
            "The update is dropped: answer = 'C'.",
        ),
        solution='answer = "C"',
        mistakes=(
            Mistake(
                id="numpy-index-error",
                message="That is NumPy's behaviour. JAX raises no IndexError for an index out of "
                "bounds: the check would have to run on the device, for every index, on every "
                "call. The cell above read x[10] without an error, too.",
                example=lambda: "A",
                matches=_says_index_error,
            ),
            Mistake(
                id="clamped-like-read",
                message="Reading x[10] clamps to the last element, so B is a fair guess. But "
                "a clamped write would change an element nobody asked to change (x[2]). "
                "Updates out of bounds are dropped instead.",
                example=lambda: "B",
            ),
            Mistake(
                id="grows",
                message="A jax array never changes its shape by an update: .at[] returns an "
                "array with x's shape and dtype, whatever the index.",
                example=lambda: "D",
            ),
            Mistake(
                id="ran-it",
                message="This is a result, not a letter. The exercise asks for a prediction, "
                'such as answer = "A": decide before running it; the cell after the check runs '
                "it.",
                example=lambda: jnp.array([1, 2, 3]).at[10].set(5),
                matches=_ran_it,
            ),
        ),
        success="Reading x[10] clamps, but an update out of bounds is dropped: x comes back "
        "unchanged.",
        prediction=True,
    ),
    Exercise(
        id="06.scale_column",
        title="Port old jax.ops code to .at[] on a matrix column",
        reference=lambda: _scale_column,
        rule=SameFunction(inputs=_matrix_inputs),
        hints=(
            "jax.ops.index_mul(m, idx, v) became m.at[idx].multiply(v); jax.ops.index[...] "
            "is just the index you would write between square brackets.",
            "m[:, j] is column j of m, as in NumPy; m.at[:, j] selects it for an update.",
            "return m.at[:, j].multiply(factor)",
        ),
        solution="def scale_column(m, j, factor):\n    return m.at[:, j].multiply(factor)",
        mistakes=(
            Mistake(
                id="called-it",
                message="This is one result, a matrix. The check wants the function "
                "scale_column itself, to run it on matrices of its own.",
                example=lambda: _scale_column(*_matrix_inputs()[0]),
                matches=is_jax_array,
            ),
            Mistake(
                id="ignores-arguments",
                message="Your function returns the same matrix whatever it is given: it "
                "uses notebook variables instead of its arguments m, j and factor.",
                example=lambda: lambda m, j, factor: jnp.ones((2, 3)),
                matches=ignores_arguments(_matrix_inputs),
            ),
            Mistake(
                id="returns-none",
                message="Your function returns None. An .at[] update changes nothing in place: it "
                "returns a new matrix, and your function must return it.",
                example=lambda: _no_return_column,
                matches=returns_none(_matrix_inputs),
            ),
            Mistake(
                id="ref-not-array",
                message="m.at[:, j] only selects the column; it is not an array, so it cannot be "
                "multiplied with *. It has methods for each kind of update, one of them "
                "multiplies.",
                example=lambda: _ref_times_factor,
                matches=fails_with("TypeError", "_IndexUpdateRef", _matrix_inputs),
            ),
            Mistake(
                id="wrong-length-update",
                message="The values written into column j do not fit it: a column of m has "
                "m.shape[0] elements. (m[j] is row j; column j is m[:, j].)",
                example=lambda: _row_into_column,
                matches=fails_with(
                    "ValueError", "Incompatible types for broadcasting", _matrix_inputs
                ),
            ),
            Mistake(
                id="float-index",
                message="A float was used as an index: indices must be integers. j is the column "
                "number and factor the multiplier; did you swap them?",
                example=lambda: lambda m, j, factor: m.at[:, factor].multiply(j),
                matches=fails_with("TypeError", r"Indexer must have integer", _matrix_inputs),
            ),
            Mistake(
                id="removed-api",
                message="jax.ops.index_mul (like index_update and index_add) was removed in JAX "
                "0.3.2, so this code fails on any JAX since. Its successor is the .at[] "
                "property of every jax array, with one method per kind of update.",
                example=lambda: _old_index_mul,
                matches=fails_with("AttributeError", r"jax\.ops", _matrix_inputs),
            ),
            Mistake(
                id="mutates-input",
                message="Your function changes the array it is given (m[:, j] *= factor): on a "
                "NumPy array the caller's m changes too, and on a jax array it fails. Return an "
                "updated copy, built with .at[].",
                example=lambda: _scale_in_place,
                matches=mutates_input(_numpy_matrix_inputs),
                also_accepted=True,
            ),
            Mistake(
                id="scaled-row",
                message="You scaled row j: m.at[j] selects a row, as m[j] does. Column j is "
                "m.at[:, j].",
                example=lambda: _scale_row,
            ),
            Mistake(
                id="column-only",
                message="This returns only the scaled column. The function should return the "
                "whole matrix, with column j scaled and every other column as it was.",
                example=lambda: _column_only,
            ),
            Mistake(
                id="added-not-multiplied",
                message="You added factor to the column. index_mul multiplies: "
                ".multiply(factor), not .add(factor).",
                example=lambda: _add_column,
            ),
            Mistake(
                id="divided-not-multiplied",
                message="You divided the column by factor. index_mul multiplies: "
                ".multiply(factor), not .divide(factor).",
                example=lambda: _divide_column,
            ),
            Mistake(
                id="power-not-multiplied",
                message="You raised the column to the power factor. index_mul multiplies: "
                ".multiply(factor), not .power(factor).",
                example=lambda: _power_column,
            ),
            Mistake(
                id="set-not-multiply",
                message="You replaced the column with factor. index_mul multiplies: "
                ".multiply(factor), not .set(factor).",
                example=lambda: _set_column,
            ),
            Mistake(
                id="transposed-result",
                message="The right column is scaled, but the result is transposed (m.T). "
                "Select the column directly, m.at[:, j], or transpose back.",
                example=lambda: _transposed,
            ),
            Mistake(
                id="one-based-column",
                message="You scaled column j - 1. JAX counts columns from 0, as NumPy does, and "
                "j is already the index: m.at[:, j].",
                example=lambda: _one_based_column,
            ),
            Mistake(
                id="whole-matrix",
                message="You multiplied the whole matrix. Only column j should change: m.at[:, j].",
                example=lambda: _scale_all,
            ),
            Mistake(
                id="unchanged",
                message="Your function returns m as it was: .at[...].multiply(...) builds a new "
                "array and leaves m unchanged, so its result is what must be returned.",
                example=lambda: lambda m, j, factor: m,
                matches=behaves_like(lambda m, j, factor: m, _matrix_inputs),
            ),
            Mistake(
                id="factor-rounded",
                message="Column j is multiplied by the factor rounded to a whole number (0.5 "
                "became 0): int(factor), or an integer dtype, dropped its fraction. Multiply by "
                "factor as it is given.",
                example=lambda: lambda m, j, factor: _scale_column(m, j, int(factor)),
                matches=behaves_like(
                    lambda m, j, factor: _scale_column(m, j, int(factor)), _matrix_inputs
                ),
            ),
            Mistake(
                id="fixed-column",
                message="Your function scales the same column whatever j is: a column number "
                "is written into it. Use the argument: m.at[:, j].",
                example=lambda: _fixed_column,
                matches=ignores_one_argument(_column_variants),
            ),
            Mistake(
                id="fixed-factor",
                message="Your function gives the same result whatever factor is: a number is "
                "written in its place. Use the argument: .multiply(factor).",
                example=lambda: _fixed_factor,
                matches=ignores_one_argument(_factor_variants),
            ),
            Mistake(
                id="other-columns",
                message="Other columns than column j were multiplied too (or instead): a slice "
                "such as m.at[:, j:] selects every column from j on, and a shifted index "
                "another column. A plain j selects column j alone: m.at[:, j].",
                example=lambda: _columns_from_j,
                matches=_other_columns_scaled,
            ),
        ),
        success="m.at[:, j].multiply(factor): the index is NumPy's, the update is JAX's.",
    ),
    Exercise(
        id="06.count_labels",
        title="Port a NumPy counting loop to one .at[] update",
        reference=lambda: _count_labels,
        rule=SameFunction(inputs=_label_inputs),
        hints=(
            "Start from jnp.zeros(n, dtype=jnp.int32), the counts before any label is seen. "
            "counts[label] += 1 is the in-place update JAX refuses.",
            "x.at[indices].add(v) takes a whole array of indices. What happens when an "
            "index appears twice?",
            "return jnp.zeros(n, dtype=jnp.int32).at[labels].add(1)",
        ),
        solution=(
            "def count_labels(labels, n):\n"
            "    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(1)"
        ),
        mistakes=(
            Mistake(
                id="called-it",
                message="This is one result, an array of counts. The check wants the function "
                "count_labels itself, to run it on labels of its own.",
                example=lambda: _count_labels(*_label_inputs()[0]),
                matches=is_jax_array,
            ),
            Mistake(
                id="ignores-arguments",
                message="Your function returns the same counts whatever it is given: it uses "
                "notebook variables instead of its arguments labels and n.",
                example=lambda: lambda labels, n: jnp.array([1, 0, 3, 1, 0]),
                matches=ignores_arguments(_label_inputs),
            ),
            Mistake(
                id="numpy-in-place",
                message="counts[...] += 1 is NumPy's in-place update, and jax arrays refuse it. "
                "Build the result with .at[labels].add(1) instead.",
                example=lambda: _numpy_fancy_in_place,
                matches=fails_with("TypeError", r"immutable|item assignment", _label_inputs),
            ),
            Mistake(
                id="returns-none",
                message="Your function returns None. .at[labels].add(1) changes nothing in "
                "place: it returns the new counts, and your function must return them.",
                example=lambda: _no_return_counts,
                matches=returns_none(_label_inputs),
            ),
            Mistake(
                id="returns-tuple",
                message="Your function returns a tuple, not one array of counts. "
                "jnp.unique(labels, return_counts=True) gives (values, counts), with counts "
                "only for the labels that occur; the task asks for n counts, zeros included, "
                "one per possible label.",
                example=lambda: _unique_pair,
                matches=_returns_tuple,
            ),
            Mistake(
                id="present-only",
                message="These are the counts of the labels that occur, as jnp.unique(..., "
                "return_counts=True) gives them. Labels that never occur need a count too, 0: "
                "return n counts, one per label value.",
                example=lambda: _present_counts,
            ),
            Mistake(
                id="discarded",
                message="All zeros: counts.at[labels].add(1) returns a new array and leaves "
                "counts as it was. Return (or assign) what .add returns.",
                example=lambda: _discarded,
            ),
            Mistake(
                id="presence",
                message="Each label counts at most 1: .set(1), like NumPy's vectorized "
                "counts[labels] += 1, writes once per distinct label however often it occurs. "
                ".at[labels].add(1) adds once per occurrence, repeated indices included.",
                example=lambda: _presence,
            ),
            Mistake(
                id="one-per-sample",
                message="Your counts have one entry per sample (len(labels)). There should be "
                "one per label value, n of them: jnp.zeros(n, ...).",
                example=lambda: _one_per_sample,
            ),
            Mistake(
                id="sized-by-labels",
                message="Your counts stop at the largest label that occurs. Labels that never "
                "occur still get a count, 0: there are n of them, jnp.zeros(n, ...) (or "
                "jnp.bincount(labels, length=n)).",
                example=lambda: _sized_by_labels,
            ),
            Mistake(
                id="total",
                message="This is one number, the total of all counts (len(labels)). Return one "
                "count per label value, n of them, without summing them.",
                example=lambda: _total_count,
            ),
            Mistake(
                id="one-hot-rows",
                message="These are one-hot rows, one per sample: shape (len(labels), n). Sum them "
                "over the samples (axis 0) and count in int32, or skip the one-hot: one .at[] "
                "update can add 1 at every label at once.",
                example=lambda: _one_hot_rows,
                matches=behaves_like(_one_hot_rows, _label_inputs),
            ),
            Mistake(
                id="added-labels",
                message="You added the labels themselves. Each occurrence counts 1: .add(1).",
                example=lambda: _added_labels,
            ),
            Mistake(
                id="float-counts",
                message="The counts are right, but they are floats, not int32 (jnp.zeros(n), "
                "jax.nn.one_hot and jnp.histogram all make float32). Count in integers, "
                "jnp.zeros(n, dtype=jnp.int32), or convert with .astype(jnp.int32).",
                example=lambda: _float_counts,
            ),
            Mistake(
                id="python-loop",
                message="Your function loops in Python (a for or while loop, or a comprehension, "
                "here or in a function it calls), and the exercise asks for none: a loop runs "
                "one small update per label. One .at[] update takes the whole labels array at "
                "once, repeated labels included.",
                example=lambda: _looped_count,
                matches=loops_in_python,
                also_accepted=True,
            ),
            Mistake(
                id="python-per-label",
                message="Your function runs Python once per label (functools.reduce or map "
                "calling a function for each element, a loop given to exec, a callback that "
                "loops): a Python loop all the same, and the exercise asks for none. One .at[] "
                "update takes the whole labels array at once, repeated labels included.",
                example=lambda: _reduced_count,
                matches=runs_python_per_element(_label_lengths),
                also_accepted=True,
            ),
        ),
        success="One .at[labels].add(1) counts every occurrence, repeats included: no loop.",
    ),
)
