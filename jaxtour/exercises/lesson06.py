"""Exercises for lessons/06_immutability_and_purity.ipynb: .at[] updates, the removed
jax.ops API, what jit traces, and control flow that survives jit."""

from __future__ import annotations

import numpy as np

from jaxtour.exercises.common import jax, jnp, same_values
from jaxtour.grader.mistakes import fails_with, mutates_input
from jaxtour.grader.rules import ExactInteger, JaxArray, SameFunction
from jaxtour.grader.spec import Exercise, Mistake

# --- 06.set_first -----------------------------------------------------------------------


def _x():
    return jnp.array([1, 2, 3])


def _set_first():
    return _x().at[0].set(123)


# --- 06.scale_row -----------------------------------------------------------------------


def _matrix_inputs():
    return [(jnp.arange(6.0).reshape(2, 3), 1, 10.0), (jnp.ones((3, 2)), 0, -2.0)]


def _numpy_matrix_inputs():
    return [(np.arange(6.0).reshape(2, 3), 1, 10.0)]


def _scale_row(m, i, factor):
    return m.at[i].multiply(factor)


def _scale_all(m, i, factor):
    return m * factor


def _scale_in_place(m, i, factor):
    m[i] *= factor
    return m


def _old_index_mul(m, i, factor):
    return jax.ops.index_mul(m, jax.ops.index[i], factor)


# --- 06.clip_negative -------------------------------------------------------------------


def _vector_inputs():
    return [(jnp.array([-2.0, 0.5, 0.0, 3.0]),), (jnp.array([[1.0, -1.0], [-0.5, 2.0]]),)]


def _clip_negative(x):
    return jnp.where(x < 0, 0.0, x)


def _clip_positive(x):
    return jnp.where(x > 0, 0.0, x)


def _python_if(x):
    if x < 0:  # a Python if: fails under jit for any traced x
        return 0.0
    return x


def _fails_under_jit(answer) -> bool:
    if not callable(answer):
        return False
    try:
        # Tracing is what fails (as under jit), and make_jaxpr traces without compiling.
        jax.make_jaxpr(answer)(jnp.array(-1.0))
    except jax.errors.TracerBoolConversionError:
        return True
    except Exception:
        return False
    return False


EXERCISES = (
    Exercise(
        id="06.set_first",
        title="Update a jax array with .at[]",
        reference=_set_first,
        rule=JaxArray(),
        hints=(
            "x[0] = 123 fails: jax arrays are immutable. The .at property makes an updated copy.",
            "x.at[0] picks the element; .set(value) returns the new array.",
            "y = x.at[0].set(123)",
        ),
        solution="y = x.at[0].set(123)",
        mistakes=(
            Mistake(
                id="unchanged",
                message="This is x, unchanged. x.at[0].set(123) does not change x: it returns "
                "a new array. Keep it: y = x.at[0].set(123).",
                example=_x,
            ),
            Mistake(
                id="numpy-copy",
                message="Right values, but this is a NumPy array (a copy you changed in place). "
                "Stay in JAX: y = x.at[0].set(123).",
                example=lambda: np.array(_set_first()),
                matches=same_values(_set_first, np.ndarray),
            ),
            Mistake(
                id="wrong-index",
                message="123 went into the second element. Indices start at 0: x.at[0].",
                example=lambda: _x().at[1].set(123),
            ),
        ),
        success="Correct: a new array, and x is still [1, 2, 3].",
    ),
    Exercise(
        id="06.scale_row",
        title="Port old jax.ops code to .at[]",
        reference=lambda: _scale_row,
        rule=SameFunction(inputs=_matrix_inputs),
        hints=(
            "jax.ops.index_update, index_add, index_mul, index_min and index_max were removed "
            "in JAX 0.3.2. Each became a method of .at[].",
            "m.at[i] selects row i, as m[i] would.",
            "return m.at[i].multiply(factor)",
        ),
        solution="def scale_row(m, i, factor):\n    return m.at[i].multiply(factor)",
        mistakes=(
            Mistake(
                id="removed-api",
                message="jax.ops.index_mul (like index_update and index_add) was removed in "
                "JAX 0.3.2, so this code fails on any JAX since. Use m.at[i].multiply(factor).",
                example=lambda: _old_index_mul,
                matches=fails_with("AttributeError", r"jax\.ops", _matrix_inputs),
            ),
            Mistake(
                id="mutates-input",
                message="Your function changes the array it is given (m[i] *= factor): on a "
                "NumPy array the caller's m changes too, and on a jax array it fails. "
                "Return an updated copy: m.at[i].multiply(factor).",
                example=lambda: _scale_in_place,
                matches=mutates_input(_numpy_matrix_inputs),
            ),
            Mistake(
                id="whole-matrix",
                message="You multiplied the whole matrix. Only row i should change: m.at[i].",
                example=lambda: _scale_all,
            ),
        ),
        success="Correct: .at[i].multiply, the modern index_mul.",
    ),
    Exercise(
        id="06.trace_count",
        title="Count how often a print inside jit runs",
        reference=lambda: 2,
        rule=ExactInteger(),
        hints=(
            "A print is a Python side effect. jit runs the Python function only while it "
            "traces; later calls run the compiled code.",
            "jit traces again only when the shapes or dtypes of the arguments change, "
            "not when their values do.",
        ),
        solution="prints = 2",
        mistakes=(
            Mistake(
                id="every-call",
                message="4 would be one line per call. A print inside jit runs only while JAX "
                "traces the function: the compiled code it caches has no print in it.",
                example=lambda: 4,
            ),
            Mistake(
                id="values-retrace",
                message="3 counts the zeros as a new trace. jit caches by shape and dtype, "
                "not by value: jnp.zeros(3) reuses the trace of jnp.ones(3).",
                example=lambda: 3,
            ),
            Mistake(
                id="once",
                message="1 misses the last call: jnp.ones(5) has a new shape, so jit traces "
                "(and prints) again.",
                example=lambda: 1,
            ),
        ),
        success="Correct: one trace for shape (3,), one for (5,).",
    ),
    Exercise(
        id="06.clip_negative",
        title="Write control flow that survives jit",
        reference=lambda: _clip_negative,
        rule=SameFunction(inputs=_vector_inputs, transform=lambda f: jax.jit(f)),
        hints=(
            "Under jit, x is a tracer without values, so `if x < 0:` cannot be decided.",
            "jnp.where(condition, a, b) picks a where condition holds, else b, element by "
            "element, and works under jit.",
            "return jnp.where(x < 0, 0.0, x)",
        ),
        solution="def clip_negative(x):\n    return jnp.where(x < 0, 0.0, x)",
        mistakes=(
            Mistake(
                id="python-if",
                message="A Python if on an array fails under jit: x is a tracer there, with "
                "a shape but no values. Use jnp.where(x < 0, 0.0, x), which works element "
                "by element.",
                example=lambda: _python_if,
                matches=_fails_under_jit,
            ),
            Mistake(
                id="clipped-positives",
                message="You zeroed the positive elements. Keep them, and replace the "
                "negative ones: jnp.where(x < 0, 0.0, x).",
                example=lambda: _clip_positive,
            ),
        ),
        success="Correct: jnp.where is jit's element-wise if.",
    ),
)
