"""What an answer does can never change a verdict, its own or a later one's."""

from __future__ import annotations

import builtins

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from jaxtour import checks

PATCHED = [
    (np, "isclose"),
    (np, "allclose"),
    (np, "array_equal"),
    (np, "asarray"),
    (np.testing, "assert_allclose"),
    (jnp, "allclose"),
    (jnp, "array_equal"),
    (jax, "block_until_ready"),
    (builtins, "sum"),
]


def saboteur(x):
    """A wrong answer to 01.center that rebinds the functions a grader would compare with."""
    for module, name in PATCHED:
        setattr(module, name, lambda *a, **k: True)
    return x * 0


def test_an_answer_that_rebinds_comparisons_is_still_refused_and_everything_is_put_back():
    originals = {(m.__name__, n): getattr(m, n) for m, n in PATCHED}
    feedback = checks.check("01.center", saboteur)
    assert not feedback.passed, feedback.text()
    assert {(m.__name__, n): getattr(m, n) for m, n in PATCHED} == originals


def test_later_checks_are_judged_as_if_the_saboteur_never_ran():
    checks.check("01.center", saboteur)
    assert not checks.check("00.first_array", jnp.array([9.0, 9.0, 9.0])).passed
    assert checks.check("00.first_array", checks._reference("00.first_array")).passed
    good = checks._reference("04.grad_last_two")
    assert checks.check("04.grad_last_two", good).passed


def test_a_value_that_patches_numpy_when_converted_is_refused():
    class Sneaky:
        def __array__(self, dtype=None, copy=None):
            np.isclose = lambda *a, **k: True
            return np.array([9.0, 9.0, 9.0])

    before = np.isclose
    assert not checks.check("00.first_array", Sneaky()).passed
    assert np.isclose is before


class LyingInt(int):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = int.__hash__


class LyingStr(str):
    def __eq__(self, other):
        return True

    __hash__ = str.__hash__

    def strip(self, *args):
        return self

    def upper(self):
        return self


@pytest.mark.parametrize(
    ("exercise", "answer"),
    [
        ("01.exact_dot", LyingInt(5)),
        ("02.which_dispatch", LyingStr("Z")),
        ("07.count_traces", LyingInt(7)),
    ],
)
def test_an_answers_own_operators_are_never_trusted(exercise, answer):
    assert not checks.check(exercise, answer).passed


def test_jit_rules_jit_even_when_the_learner_disabled_jit():
    def python_if(x):
        if x < 0:
            return 0.0
        return x

    jax.config.update("jax_disable_jit", True)
    try:
        feedback = checks.check("07.clip_negative", python_if)
        assert not feedback.passed, feedback.text()
        assert jax.config.values["jax_disable_jit"] is True  # the learner's setting is kept
    finally:
        jax.config.update("jax_disable_jit", False)


def rebinds_what_np_isclose_reads(x):
    import numpy._core.numeric as numeric

    numeric.less_equal = lambda *args, **kwargs: True
    return x


def test_a_private_numpy_function_the_grader_calls_through_is_guarded():
    """``np.isclose`` is the pristine one, but it reads ``less_equal`` from its module when
    called: rebound there, every comparison passed, this answer's and every later one's."""
    import numpy._core.numeric as numeric

    before = numeric.less_equal
    feedback = checks.check("01.center", rebinds_what_np_isclose_reads)
    assert feedback.status == "error" and "numpy._core.numeric.less_equal" in feedback.message
    assert numeric.less_equal is before
    assert not checks.check("01.center", lambda x: x).passed


def _rebinds(module_name: str, attribute: str, value):
    """An answer to 01.center that rebinds a function inside JAX (what jnp.mean or a
    reference reaches by name) and returns x unchanged."""

    def answer(x):
        import importlib

        setattr(importlib.import_module(module_name), attribute, value)
        return x

    return answer


def _rebinds_class(path: str, attribute: str, value):
    """An answer to 01.center that rebinds a method of a class of JAX's arrays or tracers."""

    def answer(x):
        import importlib

        module, name = path.rsplit(".", 1)
        setattr(getattr(importlib.import_module(module), name), attribute, value)
        return x

    return answer


JAX_INSIDES = [
    ("jax._src.numpy.reductions", "_mean", lambda *args, **kwargs: 0.0),
    ("jax._src.lax.lax", "div", lambda x, y: x),
    ("jax._src.lax.lax", "sub_p", None),
]
JAX_CLASSES = [
    ("jax._src.array.ArrayImpl", "__sub__", lambda a, b: a),
    ("jax._src.core.Tracer", "__sub__", lambda a, b: a),
    ("jax._src.core.ShapedArray", "_sub", lambda a, b: a),
]


def _judged_alike_after():
    """The reference of 01.center passes, x itself is refused, and another exercise's
    right and wrong answers keep their verdicts."""
    assert checks.check("01.center", checks._reference("01.center")).passed
    assert checks.check("01.center", lambda x: x).mistake == "unchanged"
    assert checks.check("00.first_array", checks._reference("00.first_array")).passed
    assert not checks.check("00.first_array", jnp.array([9.0, 9.0, 9.0])).passed


@pytest.mark.parametrize(("module", "attribute", "value"), JAX_INSIDES)
def test_a_function_inside_jax_an_answer_rebinds_is_refused_and_put_back(module, attribute, value):
    """Issue 35, family 1: ``jnp.mean`` is the pristine one, but it reads ``_mean`` from
    jax._src.numpy.reductions, which reads ``lax.div``: rebound there, the answer and
    every later reference (and right answer) computed with the learner's function."""
    import importlib

    before = getattr(importlib.import_module(module), attribute)
    feedback = checks.check("01.center", _rebinds(module, attribute, value))
    assert feedback.status == "error" and f"{module}.{attribute}" in feedback.message
    assert getattr(importlib.import_module(module), attribute) is before
    _judged_alike_after()


@pytest.mark.parametrize(("path", "attribute", "value"), JAX_CLASSES)
def test_a_method_of_jax_arrays_an_answer_rebinds_is_refused_and_put_back(path, attribute, value):
    """Issue 35, family 3: ``x - mean`` reads ``ArrayImpl.__sub__`` (eager) or
    ``Tracer.__sub__``, which forwards to ``ShapedArray._sub`` (under jit): a class
    attribute rebound there decided every later subtraction."""
    import importlib

    module, name = path.rsplit(".", 1)
    cls = getattr(importlib.import_module(module), name)
    before = vars(cls)[attribute]
    feedback = checks.check("01.center", _rebinds_class(path, attribute, value))
    assert feedback.status == "error" and f".{attribute} was rebound" in feedback.message
    assert vars(cls)[attribute] is before
    _judged_alike_after()


def test_a_function_inside_jax_the_notebook_rebound_is_set_aside_for_the_check():
    """A cell's own rebinding (between checks) is set aside while a check runs, and put
    back after it, as for ``jnp.mean`` itself."""
    import jax._src.numpy.reductions as reductions

    before = reductions._mean
    zero = lambda *args, **kwargs: 0.0  # noqa: E731
    reductions._mean = zero
    try:
        assert checks.check("01.center", checks._reference("01.center")).passed
        assert reductions._mean is zero
    finally:
        reductions._mean = before
