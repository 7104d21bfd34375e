"""Each explained JAX error is provoked for real on the installed JAX."""

from __future__ import annotations

import importlib
import math

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from jaxtour import catalog, checks
from jaxtour.grader.explain import EXPLANATIONS, explain_exception
from tests.helpers import LESSONS


def _immutable():
    x = jnp.arange(3)
    x[0] = 1


def _if_on_tracer():
    @jax.jit
    def f(x):
        return x if x > 0 else -x

    f(1.0)


def _boolean_mask_under_jit():
    jax.jit(lambda x: x.at[x < 0].set(0.0))(jnp.array([-1.0, 2.0]))


def _int_of_tracer():
    jax.jit(lambda x: jnp.arange(int(x)))(3.0)


def _traced_shape():
    jax.jit(lambda x, n: jnp.zeros(n))(1.0, 3)


def _leaked_tracer():
    leaked = []

    @jax.jit
    def f(x):
        leaked.append(x)
        return x

    f(1.0)
    return leaked[0] + 1


PROVOKE = {
    "immutable-array": _immutable,
    "grad-non-scalar": lambda: jax.grad(lambda v: v * 2)(jnp.ones(3)),
    "grad-integer-input": lambda: jax.grad(lambda v: v * 2)(3),
    "grad-tuple-output": lambda: jax.grad(lambda v: (jnp.sum(v**2), v))(jnp.ones(3)),
    "array-method-on-pytree": lambda: jax.jit(lambda v: (v, 2 * v))(1.0).block_until_ready(),
    "tracer-bool": _if_on_tracer,
    "non-concrete-bool-index": _boolean_mask_under_jit,
    "concretization": _int_of_tracer,
    "concretization-not-jit": lambda: jax.grad(lambda v: (v**2, float(v)), has_aux=True)(1.0),
    "value-sized-result": lambda: jax.jit(lambda x: jnp.nonzero(x)[0])(jnp.arange(3)),
    "non-concrete-shape": _traced_shape,
    "unexpected-tracer": _leaked_tracer,
    "removed-index-update": lambda: jax.ops.index_update(jnp.arange(3), 0, 1),
    "removed-index-add": lambda: jax.ops.index_add(jnp.arange(3), 0, 1),
    "removed-device-array": lambda: jnp.DeviceArray,
    "removed-tree-map": lambda: jax.tree_map(lambda a: a, [1]),
    "removed-jax-config-module": lambda: importlib.import_module("jax.config"),
    "device-method": lambda: jnp.arange(3).device(),
    "function-not-called": lambda: jnp.ones(3) * jnp.cos,
    "numpy-on-tracer": lambda: jax.grad(lambda v: np.sum(np.abs(v)))(1.0),
    "argnums-past-the-arguments": lambda: jax.grad(lambda v, w: v * w, argnums=2)(1.0, 2.0),
    "array-truth-value": lambda: jnp.where(not (jnp.arange(3.0) > 1), 0.0, 1.0),
    "in-place-function": lambda: jnp.put(jnp.arange(3), 0, 5),
    "shapes-do-not-broadcast": lambda: jnp.arange(7) == jnp.arange(5),
    "float-as-integer": lambda: np.arange(12)[0 : 12 / 2],
    "carry-dtype-changes": lambda: jax.lax.scan(
        lambda m, x: (0.5 * m + x, m), jnp.int32(0), jnp.ones(3)
    ),
}


def _raise(provoke):
    with pytest.raises(Exception) as info:
        provoke()
    return info.value


def test_every_explanation_has_a_provocation():
    assert set(PROVOKE) == {e.id for e in EXPLANATIONS}


@pytest.mark.parametrize("explanation_id", list(PROVOKE))
def test_the_real_error_is_recognised(explanation_id):
    error = _raise(PROVOKE[explanation_id])
    explanation = explain_exception(error)
    assert explanation is not None, f"{type(error).__name__}: {error}"
    assert explanation.id == explanation_id
    assert "Fix: " in explanation.text() and "Read more: " in explanation.text()


def test_the_from_import_form_of_removed_names_is_recognised_too():
    with pytest.raises(ImportError) as info:
        exec("from jax.numpy import DeviceArray", {})
    assert explain_exception(info.value).id == "removed-device-array"


@pytest.mark.parametrize(
    "provoke",
    [
        lambda: 2.0 * jnp.cos,
        lambda: jnp.cos - 1,
        lambda: jnp.ones(3) + math.sin,
        lambda: np.ones(3) * np.cos,
        lambda: jnp.sum(jnp.cos),
        lambda: jnp.ones(3) * (lambda v: v),
    ],
)
def test_a_function_used_as_a_number_is_recognised_in_every_form(provoke):
    assert explain_exception(_raise(provoke)).id == "function-not-called"


@pytest.mark.parametrize(
    "value_sized",
    [
        lambda x: jnp.where(x),
        jnp.argwhere,
        jnp.flatnonzero,
        jnp.unique,
        jnp.unique_values,
        lambda x: jnp.union1d(x, x),
        lambda x: jnp.setdiff1d(x, x),
        lambda x: jnp.intersect1d(x, x),
        jnp.bincount,
    ],
)
@pytest.mark.parametrize("transform", [jax.jit, jax.vmap])
def test_every_function_whose_result_the_values_size_is_explained_as_one(value_sized, transform):
    """Not as "concretization", whose fix (a static argument) cannot help here."""
    rows = jnp.array([[0, 3, 0, 5, 2], [1, 0, 2, 2, 0]])
    error = _raise(lambda: transform(value_sized)(rows if transform is jax.vmap else rows[0]))
    explanation = explain_exception(error)
    assert explanation is not None and explanation.id == "value-sized-result", str(error)
    assert "static_arg" not in explanation.text()


@pytest.mark.parametrize(
    "provoke",
    [
        lambda: jax.grad(lambda v, w: v * w, argnums=(0, 2))(1.0, 2.0),
        lambda: jax.grad(lambda v, *, w: v * w, argnums=1)(1.0, w=2.0),
        lambda: jax.value_and_grad(lambda v, w: v * w, argnums=2)(1.0, 2.0),
    ],
)
def test_argnums_past_the_positional_arguments_is_recognised_in_every_form(provoke):
    assert explain_exception(_raise(provoke)).id == "argnums-past-the-arguments"


@pytest.mark.parametrize(
    "provoke",
    [
        lambda: (jnp.arange(3.0) > 1) and (jnp.arange(3.0) < 2),
        lambda: jax.jit(lambda x: jnp.where(not (x > 0), 0.0, x))(jnp.arange(3.0)),
        lambda: jax.jit(lambda x: x if x > 0 else -x)(jnp.arange(3.0)),
        lambda: not (np.arange(3.0) > 1),
    ],
)
def test_a_truth_test_of_a_whole_array_is_recognised_in_every_form(provoke):
    """Eager, jitted (a vector tracer raises NumPy's ValueError), or NumPy's own."""
    assert explain_exception(_raise(provoke)).id == "array-truth-value"


@pytest.mark.parametrize(
    "provoke",
    [
        lambda: jnp.put(jnp.arange(3), 0, 5),
        lambda: jax.jit(lambda x: jnp.put(x, 0, 5))(jnp.arange(3)),
        lambda: jnp.place(jnp.arange(3), jnp.arange(3) > 0, 5),
        lambda: jnp.fill_diagonal(jnp.zeros((3, 3)), 1),
    ],
)
def test_numpy_s_in_place_functions_are_recognised_in_every_form(provoke):
    assert explain_exception(_raise(provoke)).id == "in-place-function"


@pytest.mark.parametrize(
    "provoke",
    [
        lambda: jnp.arange(7) == jnp.arange(5),
        lambda: jax.jit(lambda a, b: a + b)(jnp.arange(7.0), jnp.arange(5.0)),
        lambda: jnp.where(jnp.arange(7) > 1, jnp.arange(5), 0),
        lambda: np.arange(7) + np.arange(5),
        lambda: np.arange(7) * jnp.arange(5),
    ],
)
def test_shapes_that_do_not_broadcast_are_recognised_in_every_form(provoke):
    """jnp's operators, jnp's functions, NumPy's own, eager and jitted."""
    assert explain_exception(_raise(provoke)).id == "shapes-do-not-broadcast"


@pytest.mark.parametrize(
    "provoke",
    [
        lambda: [1, 2, 3][0 : 3 / 2],
        lambda: np.arange(12)[0 : 12 / 2],
        lambda: jnp.arange(12)[0 : 12 / 2],
        lambda: jax.jit(lambda x: x[: x.shape[0] / 2])(jnp.arange(12)),
        lambda: jnp.arange(12)[12 / 4],
        lambda: range(12 / 2),
        lambda: jnp.zeros(12 / 2),
        lambda: jnp.arange(12).reshape(2, 12 / 2),
        lambda: np.zeros(12 / 2),
        lambda: np.arange(12).reshape(2, 12 / 2),
    ],
)
def test_a_float_where_a_whole_number_belongs_is_recognised_in_every_form(provoke):
    """A slice bound, an index, a range or a shape, in Python, NumPy and JAX: not as
    non-concrete-shape, whose static argument cannot help."""
    assert explain_exception(_raise(provoke)).id == "float-as-integer"


def test_a_traced_shape_is_still_explained_as_one():
    error = _raise(lambda: jax.jit(lambda n: jnp.zeros(n))(3))
    assert explain_exception(error).id == "non-concrete-shape"


def test_a_boolean_mask_read_under_jit_is_recognised_too():
    with pytest.raises(IndexError) as info:
        jax.jit(lambda x: x[x < 0])(jnp.array([-1.0, 2.0]))
    assert explain_exception(info.value).id == "non-concrete-bool-index"


@pytest.mark.parametrize("explanation", EXPLANATIONS, ids=lambda e: e.id)
def test_every_explanation_names_the_lesson_section_that_teaches_it(explanation):
    assert explanation.lesson is not None, f"{explanation.id} names no lesson section"
    number, section = explanation.lesson
    source = (LESSONS / catalog.find(number).source).read_text(encoding="utf-8")
    assert f"# {section}\n" in source


def test_a_known_error_in_learner_code_is_explained_in_the_feedback():
    def center(x):
        x[0] = 0.0
        return x

    feedback = checks.check("01.center", center)
    assert feedback.status == "error"
    first, *rest = feedback.message.splitlines()
    assert first.startswith("center([1., 2., 3., 4.]) raised TypeError: JAX arrays are immutable")
    assert "Read more: " in rest[-1]  # jaxtour's explanation of the error follows
    # what happened and why; the change that passes is the hints' (issue 34)
    assert "Fix:" not in feedback.message and "x.at[i].set(v)" not in feedback.message


def test_a_failing_call_shows_large_arrays_by_shape_and_a_traceback_from_the_learner_s_code():
    """A shape error is about shapes: an argument of more than a few values is shown as
    JAX writes an abstract array; the details start at the learner's frame, not in the
    grader's wrapper that called it."""

    def scores(x, y):
        return jnp.dot(x, y)  # (16, 256) @ (128, 256): the contraction does not fit

    feedback = checks.check("16.fix_scores", scores)
    assert feedback.status == "error"
    assert feedback.message.startswith("scores(float32[16,256], float32[128,256]) raised")
    frames = [line for line in feedback.details.splitlines() if line.lstrip().startswith("File")]
    assert frames and "test_explain.py" in frames[0], feedback.details
    assert not any("jaxtour/grader" in frame for frame in frames), feedback.details


def test_the_fix_is_shown_where_the_learner_asks_for_it_and_in_a_lesson_s_own_errors():
    error = _raise(PROVOKE["immutable-array"])
    assert "Fix: x = x.at[i].set(v)" in checks.explain(error).body


def test_explain_answers_for_a_given_error_and_for_none():
    note = checks.explain(_raise(PROVOKE["removed-tree-map"]))
    assert "jax.tree.map" in note.body
    assert "no explanation" in checks.explain(ValueError("odd")).body


@pytest.mark.parametrize(
    "provoke",
    [
        lambda: [jnp.ones(2)].block_until_ready(),
        lambda: {"w": jnp.ones(2)}.block_until_ready(),
        lambda: (jnp.ones(2), jnp.zeros(2)).is_ready(),
    ],
)
def test_an_array_method_called_on_any_pytree_is_recognised(provoke):
    assert explain_exception(_raise(provoke)).id == "array-method-on-pytree"


def test_another_missing_attribute_of_a_tuple_is_not_explained_as_one():
    assert explain_exception(_raise(lambda: (1, 2).shape)) is None
