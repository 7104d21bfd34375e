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
    """The exercise cell's own x: unordered, odd-sized, with a negative end, so that a
    swap of its ends differs from reversing, sorting or rotating it."""
    return jnp.array([7, 2, 9, 4, -1])


def _set_first():
    x = _x()
    return x.at[0].set(x[-1]).at[-1].set(x[0])


def _is_index_ref(answer) -> bool:
    """``x.at[0]`` without a method: jax's _IndexUpdateRef, which only selects."""
    return type(answer).__name__ == "_IndexUpdateRef"


def _same_values_as_float(answer) -> bool:
    """The right numbers, typed as floats (jnp.array([-1.0, 2.0, ...]))."""
    return (
        is_jax_array(answer)
        and np.asarray(answer).dtype.kind == "f"
        and same_values(_set_first)(answer)
    )


def _python_sequence(answer) -> bool:
    return isinstance(answer, list | tuple) and same_values(_set_first)(answer)


def _right_array_in_tuple(answer) -> bool:
    """A tuple holding the right jax array: a trailing comma, or a second value after a
    comma."""
    return isinstance(answer, tuple) and any(
        is_jax_array(item) and same_values(_set_first)(item) for item in answer
    )


def _both_ends_last():
    """The last element written from the updated array (or never written): x[-1] at
    both ends."""
    y = _x().at[0].set(_x()[-1])
    return y.at[-1].set(y[0])


def _both_ends_first():
    """The mirror slip: the last end written first, then the first end read from it."""
    y = _x().at[-1].set(_x()[0])
    return y.at[0].set(y[-1])


# --- 06.out_of_bounds -------------------------------------------------------------------

OUT_OF_BOUNDS_OPTIONS = ("A", "B", "C", "D")
OUT_OF_BOUNDS_TEXTS = (
    "`Array([1, 2, 5])`: writes are clamped to the last element, as the read above was",
    "`Array([1, 2, 3])`: the update is dropped, since clamping it would change an element "
    "the code never named",
    "`Array([1, 2, 3])`: the 5 is written past the end of the array's memory, where "
    "nothing reads it",
    "it raises `IndexError`: unlike a read, an update checks its index",
)
_OUT_OF_BOUNDS = Choice(OUT_OF_BOUNDS_OPTIONS, texts=OUT_OF_BOUNDS_TEXTS)


def _says_index_error(answer) -> bool:
    """Option D however written, or the error's name written out."""
    return _OUT_OF_BOUNDS.read(answer) == "D" or (
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
        title="Swap the ends of a jax array with .at[]",
        reference=_set_first,
        rule=JaxArray(),
        hints=(
            "Read the error above: it names the method to use instead of x[idx] = y. "
            "It builds a new array and leaves the old one as it was.",
            "Two elements change, so two updates. Each update returns a new array and x "
            "never changes: which array do you read each new value from?",
            "y = x.at[0].set(x[-1]).at[-1].set(x[0])",
        ),
        solution="x = jnp.array([7, 2, 9, 4, -1])\ny = x.at[0].set(x[-1]).at[-1].set(x[0])",
        mistakes=(
            Mistake(
                id="unchanged",
                message="This is x, unchanged. An update with .at[] never changes the array "
                "it starts from: it returns a new array, and that new array was not kept.",
                example=_x,
            ),
            Mistake(
                id="no-method",
                message="This only selects elements: .at[...] is not an array until one of "
                "its methods builds the updated copy.",
                example=lambda: _x().at[0],
                matches=_is_index_ref,
            ),
            Mistake(
                id="both-ends-last",
                message="Both ends now hold x's last element: the last position was written "
                "with a value read from the updated array, whose first element had already "
                "been replaced (or it was never written). x itself never changes, so its "
                "first element is still there to read.",
                example=_both_ends_last,
            ),
            Mistake(
                id="both-ends-first",
                message="Both ends now hold x's first element: the first position was written "
                "with a value read from the updated array, whose last element had already been "
                "replaced (or it was never written). x itself never changes, so its last "
                "element is still there to read.",
                example=_both_ends_first,
            ),
            Mistake(
                id="reversed",
                message="The whole array is reversed: only the two ends trade places, and the "
                "elements between them keep their order.",
                example=lambda: _x()[::-1],
            ),
            Mistake(
                id="sorted",
                message="The array is sorted: the smallest element came first because of its "
                "value, not its place. The task swaps the first and last positions, whatever "
                "they hold.",
                example=lambda: jnp.sort(_x()),
            ),
            Mistake(
                id="rotated",
                message="Every element moved one place along (a rotation): the last came to the "
                "front and pushed the others back. Only the two ends should move.",
                example=lambda: jnp.roll(_x(), 1),
            ),
            Mistake(
                id="numpy-copy",
                message="Right values, but a NumPy array: a copy changed in place, the NumPy "
                "way. A jax array is never changed in place; the updated copy is built by JAX "
                "from x.",
                example=lambda: np.array(_set_first()),
                matches=same_values(_set_first, np.ndarray),
            ),
            Mistake(
                id="python-list",
                message="Right values, but a Python list. The exercise asks for a jax array "
                "built from x.",
                example=lambda: _set_first().tolist(),
                matches=_python_sequence,
            ),
            Mistake(
                id="in-a-tuple",
                message="This is a tuple with the right array inside: a trailing comma, or a "
                "second value after a comma, makes one. Assign the new array alone.",
                example=lambda: (_set_first(),),
                matches=_right_array_in_tuple,
            ),
            Mistake(
                id="float-copy",
                message="Right numbers, but floats: x holds int32. An update of x keeps x's "
                "dtype; an array typed out or converted does not.",
                example=lambda: _set_first().astype(jnp.float32),
                matches=_same_values_as_float,
            ),
        ),
        success="Both ends swapped in a new array, and x is unchanged: each value was read "
        "from x, which no update touches.",
    ),
    Exercise(
        id="06.out_of_bounds",
        title="Predict what an update out of bounds does",
        reference=lambda: "B",
        rule=_OUT_OF_BOUNDS,
        hints=(
            "Running the cell shows what comes back, but two options give that result: "
            "the question is why. JAX does not raise for an index out of bounds: the error "
            "would have to come back from the device.",
            "An update out of bounds follows a rule JAX chose (its mode), not an accident "
            "of memory. Which element would a clamped write change?",
            'The update is dropped by rule: answer = "B".',
        ),
        solution='answer = "B"',
        mistakes=(
            Mistake(
                id="numpy-index-error",
                message="That is NumPy's behaviour. JAX raises no IndexError for an index out of "
                "bounds, on a read or an update: the check would have to run on the device, for "
                "every index, on every call. The cell above read x[10] without an error, too.",
                example=lambda: "D",
                matches=_says_index_error,
            ),
            Mistake(
                id="clamped-like-read",
                message="Reading x[10] clamps to the last element, so this is a fair guess. But "
                "a clamped write would change an element nobody asked to change (x[2]), so "
                "updates use another rule.",
                example=lambda: "A",
            ),
            Mistake(
                id="past-the-end",
                message="Right result, wrong reason: JAX never writes outside an array's "
                "memory. An update out of bounds is dropped on purpose, by the update's rule "
                "(its mode), chosen so that no element the code did not name changes.",
                example=lambda: "C",
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
        success="Reading x[10] clamps, but an update out of bounds is dropped by rule, so "
        "that no element the code did not name changes: x comes back unchanged.",
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
                message="Your function returns None. An .at[] update changes nothing in place: "
                "it returns a new matrix, and your function must return it.",
                example=lambda: _no_return_column,
                matches=returns_none(_matrix_inputs),
            ),
            Mistake(
                id="ref-not-array",
                message="An .at[...] selection only selects the column: it is not an array, so "
                "it cannot be multiplied with *. One of its methods builds the updated matrix.",
                example=lambda: _ref_times_factor,
                matches=fails_with("TypeError", "_IndexUpdateRef", _matrix_inputs),
            ),
            Mistake(
                id="wrong-length-update",
                message="The values written into column j do not fit it: a column of m has "
                "m.shape[0] elements, and a row has m.shape[1]. Indexing with j alone selects a "
                "row, not a column.",
                example=lambda: _row_into_column,
                matches=fails_with(
                    "ValueError", "Incompatible types for broadcasting", _matrix_inputs
                ),
            ),
            Mistake(
                id="float-index",
                message="A float was used as an index: indices must be integers. j is the "
                "column number and factor the multiplier; did you swap them?",
                example=lambda: lambda m, j, factor: m.at[:, factor].multiply(j),
                matches=fails_with("TypeError", r"Indexer must have integer", _matrix_inputs),
            ),
            Mistake(
                id="removed-api",
                message="jax.ops.index_mul (like index_update and index_add) was removed in JAX "
                "0.3.2, so this code fails on any JAX since. Its replacement is the .at[] "
                "method with the same operation.",
                example=lambda: _old_index_mul,
                matches=fails_with("AttributeError", r"jax\.ops", _matrix_inputs),
            ),
            Mistake(
                id="mutates-input",
                message="Your function changes the array it is given: on a NumPy array the "
                "caller's m changes too, and on a jax array it fails. A jax array is never "
                "changed in place; return an updated copy instead.",
                example=lambda: _scale_in_place,
                matches=mutates_input(_numpy_matrix_inputs),
                also_accepted=True,
            ),
            Mistake(
                id="scaled-row",
                message="You scaled row j: one index selects a row, as it does in NumPy. A "
                "column needs the rows' axis selected whole first.",
                example=lambda: _scale_row,
            ),
            Mistake(
                id="column-only",
                message="This returns only the scaled column. The function should return the "
                "whole matrix, every other column as it was.",
                example=lambda: _column_only,
            ),
            Mistake(
                id="added-not-multiplied",
                message="You added factor to the column. index_mul multiplies, and the .at[] "
                "method has the same name as the operation.",
                example=lambda: _add_column,
            ),
            Mistake(
                id="divided-not-multiplied",
                message="You divided the column by factor. index_mul multiplies, and the .at[] "
                "method has the same name as the operation.",
                example=lambda: _divide_column,
            ),
            Mistake(
                id="power-not-multiplied",
                message="You raised the column to the power factor. index_mul multiplies, and "
                "the .at[] method has the same name as the operation.",
                example=lambda: _power_column,
            ),
            Mistake(
                id="set-not-multiply",
                message="You replaced the column with factor. index_mul multiplies the column "
                "by it, and the .at[] method has the same name as the operation.",
                example=lambda: _set_column,
            ),
            Mistake(
                id="transposed-result",
                message="The right column is scaled, but the result is transposed (m.T): the "
                "column was reached through the transpose, which was never undone.",
                example=lambda: _transposed,
            ),
            Mistake(
                id="one-based-column",
                message="You scaled column j - 1. JAX counts columns from 0, as NumPy does, and "
                "j is already the index.",
                example=lambda: _one_based_column,
            ),
            Mistake(
                id="whole-matrix",
                message="You multiplied the whole matrix. Only column j should change; the "
                "other columns stay as they were.",
                example=lambda: _scale_all,
            ),
            Mistake(
                id="unchanged",
                message="Your function returns m as it was: an .at[] update builds a new array "
                "and leaves m unchanged, so its result is what must be returned.",
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
                message="Your function scales the same column whatever j is: a column number is "
                "written into it instead of the argument j.",
                example=lambda: _fixed_column,
                matches=ignores_one_argument(_column_variants),
            ),
            Mistake(
                id="fixed-factor",
                message="Your function gives the same result whatever factor is: a number is "
                "written in its place instead of the argument factor.",
                example=lambda: _fixed_factor,
                matches=ignores_one_argument(_factor_variants),
            ),
            Mistake(
                id="other-columns",
                message="Other columns than column j were multiplied too (or instead): a slice "
                "from j selects every column from j on, and a shifted index another column. "
                "Only column j itself should change.",
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
                message="counts[...] += 1 is NumPy's in-place update, and jax arrays refuse it: "
                "they never change. An .at[] update returns the new counts instead.",
                example=lambda: _numpy_fancy_in_place,
                matches=fails_with("TypeError", r"immutable|item assignment", _label_inputs),
            ),
            Mistake(
                id="returns-none",
                message="Your function returns None. An .at[] update changes nothing in place: "
                "it returns the new counts, and your function must return them.",
                example=lambda: _no_return_counts,
                matches=returns_none(_label_inputs),
            ),
            Mistake(
                id="returns-tuple",
                message="Your function returns a tuple, not one array of counts. jnp.unique "
                "with return_counts gives (values, counts), with counts only for the labels "
                "that occur; the task wants n counts, zeros included.",
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
                message="All zeros: an .at[] update returns a new array and leaves the one it "
                "starts from as it was. What it returns is the counts.",
                example=lambda: _discarded,
            ),
            Mistake(
                id="presence",
                message="Each label counts at most 1: setting writes once per distinct label "
                "however often it occurs, like NumPy's vectorized counts[labels] += 1. Counting "
                "needs every occurrence to add, repeated indices included.",
                example=lambda: _presence,
            ),
            Mistake(
                id="one-per-sample",
                message="Your counts have one entry per sample (len(labels)). There should be "
                "one per label value, n of them.",
                example=lambda: _one_per_sample,
            ),
            Mistake(
                id="sized-by-labels",
                message="Your counts stop at the largest label that occurs. Labels that never "
                "occur still get a count, 0: there are n of them, whatever labels holds.",
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
                message="These are one-hot rows, one per sample: shape (len(labels), n). A "
                "count per label is what is left after adding them up over the samples, in "
                "integers.",
                example=lambda: _one_hot_rows,
                matches=behaves_like(_one_hot_rows, _label_inputs),
            ),
            Mistake(
                id="added-labels",
                message="You added the labels themselves: each occurrence should count 1, "
                "whatever its label's value.",
                example=lambda: _added_labels,
            ),
            Mistake(
                id="float-counts",
                message="The counts are right, but they are floats, not int32 (jnp.zeros(n), "
                "jax.nn.one_hot and jnp.histogram all make float32 unless told a dtype). Counts "
                "are integers.",
                example=lambda: _float_counts,
            ),
            Mistake(
                id="python-loop",
                message="Your function loops in Python (a for or while loop, or a "
                "comprehension, here or in a function it calls), and the exercise asks for "
                "none: a loop runs one small update per label. One .at[] update can take the "
                "whole labels array at once.",
                example=lambda: _looped_count,
                matches=loops_in_python,
                also_accepted=True,
            ),
            Mistake(
                id="python-per-label",
                message="Your function runs Python once per label (functools.reduce or map "
                "calling a function for each element, a loop given to exec, a callback that "
                "loops): a Python loop all the same, and the exercise asks for none. One .at[] "
                "update can take the whole labels array at once.",
                example=lambda: _reduced_count,
                matches=runs_python_per_element(_label_lengths),
                also_accepted=True,
            ),
        ),
        success="One .at[labels].add(1) counts every occurrence, repeats included: no loop.",
    ),
)
