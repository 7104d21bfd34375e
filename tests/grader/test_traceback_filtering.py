"""An exception that leaves a JAX transformation inside the learner's call is filtered by
the grader afterwards, as JAX would have filtered it on its way out
(``learner_code._filter_as_jax_would``): the details show the same frames and note."""

from __future__ import annotations

import traceback

import jax
import jax.numpy as jnp
from jax._src import traceback_util

from jaxtour.grader import learner_code


def _reshaped(x):
    return jax.jit(lambda v: v.reshape(7, 13))(x)


def _wrapping(x):
    try:
        return _reshaped(x)
    except TypeError as error:
        raise ValueError("wrapped") from error


def _shown(exc: BaseException, first: str) -> str:
    """The formatted exception alone (no cause), from the frame of ``first`` on (the
    callers above it differ)."""
    text = "".join(traceback.format_exception(exc, chain=False))
    return text[text.index(f"in {first}") :]


def test_the_grader_filters_what_jax_would_and_jax_filters_nothing_in_the_call():
    modes = []

    def answer(x):
        modes.append(traceback_util._filtering_mode())
        return _wrapping(x)

    x = jnp.zeros(4)
    try:
        _wrapping(x)
    except ValueError as error:
        by_jax = error
    _, by_grader = learner_code.raw_call(answer, (x,))
    assert modes == ["off"]
    assert traceback_util._filtering_mode() != "off"  # put back after the call
    # the error JAX raised, caught in _wrapping (its traceback starts there in both)
    shown = "".join(traceback.format_exception(by_grader.__cause__))
    assert shown == "".join(traceback.format_exception(by_jax.__cause__))
    assert "JAX has removed its internal frames" in shown and "pjit.py" not in shown
    assert _shown(by_grader, "_wrapping") == _shown(by_jax, "_wrapping")


def test_a_call_that_raises_through_jax_directly_is_filtered_the_same():
    x = jnp.zeros(4)
    try:
        _reshaped(x)
    except TypeError as error:
        by_jax = error
    _, by_grader = learner_code.raw_call(_reshaped, (x,))
    assert _shown(by_grader, "_reshaped") == _shown(by_jax, "_reshaped")


def test_a_call_inside_a_call_is_filtered_with_the_session_s_mode():
    """An answer that checks another (learner code calling the grader): the inner call's
    error is filtered as the session's mode says, not left whole by the outer call's off."""
    x = jnp.zeros(4)
    try:
        _reshaped(x)
    except TypeError as error:
        by_jax = error
    inner = []

    def answer(v):
        inner.append(learner_code.raw_call(_reshaped, (v,))[1])
        return v

    learner_code.raw_call(answer, (x,))
    assert _shown(inner[0], "_reshaped") == _shown(by_jax, "_reshaped")
