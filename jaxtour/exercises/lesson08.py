"""Exercises for lessons/08_putting_it_together.ipynb: fit a quadratic with a dict of
parameters, value_and_grad and jit, and measure what jit bought."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from jaxtour.exercises.common import jax, jnp
from jaxtour.grader.compare import describe
from jaxtour.grader.rules import SameFunction, SamePytree, is_numpy_array
from jaxtour.grader.spec import Exercise, Mistake
from jaxtour.lazy import is_jax_array

TRUE_PARAMS = {"a": 3.0, "b": -2.0, "c": 0.5}
NOISE = 0.1
LOSS_TARGET = 0.02  # the noise alone gives a mean squared error of about NOISE**2 = 0.01


def make_data(n: int = 64, seed: int = 0) -> tuple[Any, Any]:
    """The lesson's data: y = 3x^2 - 2x + 0.5 plus Gaussian noise, x in [-1, 1]."""
    rng = np.random.default_rng(seed)
    x = np.linspace(-1.0, 1.0, n, dtype=np.float32)
    y = 3.0 * x**2 - 2.0 * x + 0.5 + NOISE * rng.normal(size=n).astype(np.float32)
    return jnp.asarray(x), jnp.asarray(y)


def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


def loss(params, x, y):
    return jnp.mean((model(params, x) - y) ** 2)


def initial_params():
    return {name: jnp.array(0.0) for name in ("a", "b", "c")}


def _update(params, x, y, lr):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def _ascent(params, x, y, lr):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p + lr * g, params, grads), value


def _returns_grads(params, x, y, lr):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return grads, value


def _loss_after(params, x, y, lr):
    new, _ = _update(params, x, y, lr)
    return new, loss(new, x, y)


def _update_inputs():
    x, y = make_data(16)
    other = {"a": jnp.array(1.0), "b": jnp.array(0.5), "c": jnp.array(-1.0)}
    return [(initial_params(), x, y, 0.1), (other, x, y, 0.05)]


# --- 08.fit -----------------------------------------------------------------------------


@dataclass(frozen=True)
class LossBelow:
    """The answer is a params dict {'a', 'b', 'c'} whose loss on the lesson's data is low."""

    target: float

    def __call__(self, answer: Any, expected: Any) -> str | None:
        if not isinstance(answer, dict):
            return f"Expected a params dict like initial_params(), but this is {describe(answer)}."
        if sorted(answer) != ["a", "b", "c"]:
            keys = sorted(map(str, answer))
            return f"The params dict needs the keys 'a', 'b' and 'c'; it has {keys}."
        for name, value in answer.items():
            if not (is_jax_array(value) or is_numpy_array(value) or isinstance(value, float | int)):
                return f"params[{name!r}] is {describe(value)}, not a number."
            if np.asarray(value).shape != ():
                return f"params[{name!r}] has shape {np.asarray(value).shape}; each is one number."
        value = float(
            loss({k: jnp.asarray(v, jnp.float32) for k, v in answer.items()}, *make_data())
        )
        if not math.isfinite(value):
            return (
                f"The loss is {value}: training diverged. Lower the learning rate and "
                "start again from initial_params()."
            )
        if value >= self.target:
            return (
                f"The loss with these parameters is {value:.4f}, not below {self.target}. "
                "Train for more steps, or with a larger (but stable) learning rate."
            )
        return None


def _is_initial(answer: Any) -> bool:
    return (
        isinstance(answer, dict)
        and sorted(answer) == ["a", "b", "c"]
        and all(np.asarray(v).shape == () and float(np.asarray(v)) == 0.0 for v in answer.values())
    )


@cache
def _fitted_params():
    update = jax.jit(_update)
    params, (x, y) = initial_params(), make_data()
    for _ in range(300):
        params, _ = update(params, x, y, 0.5)
    return params


# --- 08.speedup -------------------------------------------------------------------------

SPEEDUP_TOLERANCE = 5.0  # timings move with load; the checker accepts a factor of 5 either way


@cache
def measured_speedup() -> float:
    """Eager / jitted time of one update step on this machine, measured once per process."""
    from jaxtour import timing

    x, y = make_data()
    params = initial_params()
    eager = timing.measure(_update, params, x, y, 0.1, budget_s=0.3, label="eager")
    jitted = timing.measure(jax.jit(_update), params, x, y, 0.1, budget_s=0.3, label="jit")
    return eager.median_s / jitted.median_s


@dataclass(frozen=True)
class PlausibleSpeedup:
    """The answer is a ratio within SPEEDUP_TOLERANCE of the speed-up the checker measures."""

    def __call__(self, answer: Any, expected: float) -> str | None:
        if (
            isinstance(answer, bool)
            or not isinstance(answer, int | float | np.floating)
            and not (
                (is_jax_array(answer) or is_numpy_array(answer)) and np.asarray(answer).shape == ()
            )
        ):
            return f"Expected one number (eager time / jit time), but this is {describe(answer)}."
        value = float(np.asarray(answer))
        if not math.isfinite(value) or value <= 0:
            return f"{value} cannot be a speed-up: it is a ratio of two positive times."
        if abs(math.log(value / expected)) > math.log(SPEEDUP_TOLERANCE):
            return (
                "That is far from the speed-up the checker measures for the same update step "
                f"on this machine (more than {SPEEDUP_TOLERANCE:g}x off either way). Warm up "
                "both versions, block on their results, and divide eager time by jit time."
            )
        return None


def _inverted(answer: Any) -> bool:
    if isinstance(answer, bool) or callable(answer):
        return False
    value = float(np.asarray(answer))
    expected = measured_speedup()
    return 0 < value < 1 < expected and abs(math.log(1 / value / expected)) <= math.log(
        SPEEDUP_TOLERANCE
    )


def _looks_like_seconds(answer: Any) -> bool:
    if isinstance(answer, bool) or callable(answer):
        return False
    value = float(np.asarray(answer))
    return 0 < value < 0.01 and measured_speedup() > 1


EXERCISES = (
    Exercise(
        id="08.update",
        title="Write the training step",
        reference=lambda: _update,
        rule=SameFunction(inputs=_update_inputs, output=SamePytree()),
        hints=(
            "jax.value_and_grad(loss)(params, x, y) gives the loss and the gradients, a dict "
            "shaped like params.",
            "Then the step of lesson 04: jax.tree.map(lambda p, g: p - lr * g, params, grads).",
            "value, grads = jax.value_and_grad(loss)(params, x, y)\n"
            "return jax.tree.map(lambda p, g: p - lr * g, params, grads), value",
        ),
        solution=(
            "def update(params, x, y, lr):\n"
            "    value, grads = jax.value_and_grad(loss)(params, x, y)\n"
            "    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value"
        ),
        mistakes=(
            Mistake(
                id="ascent",
                message="You added the gradients: that climbs the loss. Subtract them: p - lr * g.",
                example=lambda: _ascent,
            ),
            Mistake(
                id="returns-grads",
                message="You returned the gradients where the new parameters belong. Apply "
                "the step: jax.tree.map(lambda p, g: p - lr * g, params, grads).",
                example=lambda: _returns_grads,
            ),
            Mistake(
                id="loss-after-step",
                message="The parameters are right, but the loss is computed after the step. "
                "Return the value value_and_grad gave, the loss at the params you were given: "
                "it costs nothing extra.",
                example=lambda: _loss_after,
            ),
        ),
        success="Correct: value_and_grad, then one tree.map. Wrap it in jax.jit next.",
    ),
    Exercise(
        id="08.fit",
        title="Train until the loss is low",
        reference=_fitted_params,
        rule=LossBelow(LOSS_TARGET),
        hints=(
            "Call your jitted update in a loop, feeding each step's params into the next.",
            "With lr = 0.5, a few hundred steps are enough. If the loss grows, lower lr.",
            "params = initial_params()\nfor step in range(300):\n"
            "    params, value = fast_update(params, x, y, 0.5)\ntrained = params",
        ),
        solution=(
            "trained = initial_params()\n"
            "for step in range(300):\n"
            "    trained, value = fast_update(trained, x, y, 0.5)"
        ),
        mistakes=(
            Mistake(
                id="untrained",
                message="These are the starting parameters, all zero: the loop has not run "
                "on them. Feed each step's params into the next call.",
                example=initial_params,
                matches=_is_initial,
            ),
        ),
        success="Correct: the fit is as good as the noise allows.",
    ),
    Exercise(
        id="08.speedup",
        title="Measure what jit bought",
        reference=measured_speedup,
        rule=PlausibleSpeedup(),
        hints=(
            "timing.measure(f, *args) from lesson 02 warms up, blocks and takes a median.",
            "Measure update and fast_update with the same arguments, then divide the two "
            "medians: eager first.",
            "eager = timing.measure(update, params, x, y, 0.1)\n"
            "jitted = timing.measure(fast_update, params, x, y, 0.1)\n"
            "speedup = eager.median_s / jitted.median_s",
        ),
        solution=(
            "params = initial_params()\n"
            "eager = timing.measure(update, params, x, y, 0.1, budget_s=0.3)\n"
            "jitted = timing.measure(fast_update, params, x, y, 0.1, budget_s=0.3)\n"
            "speedup = eager.median_s / jitted.median_s"
        ),
        mistakes=(
            Mistake(
                id="inverted",
                message="That ratio is upside down: jit time divided by eager time. The "
                "speed-up is eager / jit, above 1 when jit helps.",
                example=lambda: 1 / measured_speedup(),
                matches=_inverted,
            ),
            Mistake(
                id="seconds-not-ratio",
                message="That looks like a time in seconds, not a ratio. Divide the eager "
                "time by the jit time.",
                example=lambda: 0.0005,
                matches=_looks_like_seconds,
            ),
        ),
        success="Correct: your own measurement of what compiling the whole step buys.",
    ),
)
