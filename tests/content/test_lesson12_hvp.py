"""Lesson 12's 12.hvp refuses an answer that builds the Hessian (a 64 x 64 array in its
trace); the wrong-answer corpus proves that. This proves the other side: the honest ways
to multiply by a Hessian without building it hold only vectors, and pass."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import pytest

from jaxtour import checks
from tests.content.wrong_answers.lesson12 import energy


def reverse_over_reverse(x, v, k):
    return jax.grad(lambda y: jnp.vdot(jax.grad(energy)(y, k), v))(x)


def reverse_over_forward(x, v, k):
    return jax.grad(lambda y: jax.jvp(lambda z: energy(z, k), (y,), (v,))[1])(x)


def linearized(x, v, k):
    return jax.linearize(lambda y: jax.grad(energy)(y, k), x)[1](v)


@pytest.mark.parametrize("hvp", [reverse_over_reverse, reverse_over_forward, linearized])
def test_an_hvp_that_builds_no_hessian_passes(hvp):
    feedback = checks.check("12.hvp", hvp)
    assert feedback.status == "correct", feedback.text()
