"""Exercises for lessons/12_autodiff_beyond_grad.ipynb: a Jacobian's shape and why, which
of jacfwd and jacrev does less work, a Hessian-vector product that never builds the
Hessian, a target held fixed with stop_gradient, and a custom JVP rule made right.

The derivative exercises compare what ``jax.value_and_grad`` (and ``jax.jvp``) make of the
answer, through ``SameFunction``'s ``transform``.
"""

from __future__ import annotations

import math
import re
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from jaxtour.exercises.common import concrete_cache, jax, jnp
from jaxtour.grader.growth import grows_quadratically
from jaxtour.grader.learner_code import transformed
from jaxtour.grader.mistakes import (
    fails_with,
    host_callback,
    ignores_one_argument,
)
from jaxtour.grader.pristine import np
from jaxtour.grader.rules import (
    Choice,
    SameFunction,
    SamePytree,
    answer_outcome,
    cases_of_this_check,
    outputs_on,
)
from jaxtour.grader.spec import Exercise, Mistake, Variants
from jaxtour.grader.variants import key as variant_key

# --- 12.jacobian_shapes -----------------------------------------------------------------
# A choice of result and reason, for a dict of parameters (a pytree input) that the page
# never differentiates. The reveal runs a plain (2, 4) matrix instead: it shows the rule
# (the output's axes first, the input's shape kept, both modes equal), and the answer needs
# it carried over to a pytree, leaf by leaf. B has the axes in the other order, C jacrev's
# "w" transposed, D the parameters flattened, E grad's layout.

SHAPES_OPTIONS = ("A", "B", "C", "D", "E")


def _shapes_typed(answer: Any) -> bool:
    """Shapes written out (a shape, a pair of them, or a dict of them) where a letter was
    asked."""
    if isinstance(answer, dict):
        answer = tuple(answer.values())
    items = answer if isinstance(answer, tuple | list) else ()
    if items and all(isinstance(item, tuple | list | dict) for item in items):
        flat = []
        for item in items:
            flat += list(item.values()) if isinstance(item, dict) else [item]
        items = [
            dim for item in flat for dim in (item if isinstance(item, tuple | list) else [item])
        ]
    return bool(items) and all(
        isinstance(dim, int | np.integer) and not isinstance(dim, bool) for dim in items
    )


SHAPES_TEXTS = (
    'from both, a dict like params, of shapes {"s": (3,), "w": (3, 4, 3)}: in each entry '
    "the output's shape (3,) followed by that entry's own shape; both modes build the same "
    "Jacobian",
    'from both, a dict like params, of shapes {"s": (3,), "w": (4, 3, 3)}: in each entry '
    "that entry's own shape first, then the output's: a derivative with respect to a matrix "
    "is laid out like the matrix",
    'from jacfwd the dict of A, but jacrev\'s "w" has shape (3, 3, 4): pulling back through '
    "x @ w transposes w",
    "from both, one array of shape (3, 13): one row per output, one column per number in "
    "params, flattened",
    'from both, a dict like params, of shapes {"s": (), "w": (4, 3)}: one derivative per '
    "number in params, as grad gives",
)


@concrete_cache
def _same_through(inputs: Callable[[], Any], view: Callable[..., Any]) -> SameFunction:
    return SameFunction(inputs=inputs, output=SamePytree(), transform=view)


@dataclass(frozen=True)
class SameThrough:
    """The answer, a function, must agree with the reference as seen through ``view``
    (``jax.value_and_grad``, say) on every input: both sides are viewed alike, so the
    reference and every mistake's example are functions as a learner writes them."""

    inputs: Callable[[], Any]
    view: Callable[[Callable[..., Any]], Callable[..., Any]]

    def _same(self) -> SameFunction:
        # One SameFunction per rule: it keeps the outputs it computes (lazily, off the
        # clock) per (cases, function), and its cases are its bound method.
        return _same_through(self.inputs, self.view)

    def __call__(self, answer: Any, expected: Callable[..., Any]) -> str | None:
        return self._same()(answer, _viewed(self.view, expected))


@concrete_cache
def _viewed(view: Callable[..., Any], fn: Callable[..., Any]) -> Callable[..., Any]:
    """The grader's own functions (references, examples) viewed once, so that their
    outputs are computed once (``outputs_on`` keeps them by function)."""
    return view(fn)


# --- 12.cheaper -------------------------------------------------------------------------

# A choice of the cheaper modes and why. The reveal counts each program's work, which C, D
# and E all predict; they differ in the reason: C counts the passes each mode runs, D reads
# the rank of the output, E has jacrev run a forward pass per output (the lesson's by-hand
# cell, after the reveal, runs one vjp and pulls every row back through the same f_vjp).
# Session 49 (issue 34): with a vector going in to tall, the page's "one JVP is one column"
# read off the answer; tall now takes a 4 x 5 matrix (20 numbers) to 2,000, so the rank of
# the input (B) picks the wrong modes, the rank of the output (D) the right ones by chance,
# and only counting the numbers on each side, the page's rule applied, gives C's reason.
CHEAPER_OPTIONS = ("A", "B", "C", "D", "E", "F")
CHEAPER_TEXTS = (
    "jacrev for both: reverse mode, what grad uses, is the cheap one",
    "jacrev for tall, jacfwd for wide: forward mode is the cheaper one when the input is a "
    "vector, reverse mode when the input is a matrix",
    "jacfwd for tall, jacrev for wide: jacfwd runs one JVP per input number, 20 for tall; "
    "jacrev runs the function forward once, then one backward pass per output number, 20 for "
    "wide",
    "jacfwd for tall, jacrev for wide: forward mode is the cheaper one when the output is a "
    "vector, reverse mode when the output is a matrix",
    "jacfwd for tall, jacrev for wide: jacrev runs a whole VJP per output, a forward pass "
    "with its residuals and a backward pass, so on tall it pays for 2,000 forward passes",
    "neither: they compute the same Jacobian, so they do the same work",
)

# --- 12.hvp -----------------------------------------------------------------------------

HESSIAN_PROBE = 64  # beads: the check traces the answer at this size, looking for n x n

# How deep each bead's cosine well is: 1 on the page (variant 0), drawn otherwise, so a
# neighbour's energy, or the page's, gives other second derivatives. The learner writes
# the variant's energy in the exercise cell; every function below reads the depth.
WELLS_VARIANTS = Variants(
    default={"depth": 1.0, "wells": "jnp.sum(jnp.cos(x))"},
    draw=lambda rng: (lambda d: {"depth": d, "wells": f"{d} * jnp.sum(jnp.cos(x))"})(
        rng.choice((0.5, 1.5, 2.0, 3.0))
    ),
    shown="Your beads' wells are {depth} * cos(x) deep: energy returns springs - {wells}.",
)


def _depth() -> float:
    """The wells' depth of the learner's variant (variant 0: 1.0)."""
    return WELLS_VARIANTS.current("12.hvp")["depth"]


@concrete_cache
def _variant_copy(fn: Callable[..., Any], variant: Any) -> Callable[..., Any]:
    def copy(x, v, k):
        return fn(x, v, k)

    copy.__name__ = copy.__qualname__ = fn.__name__
    return copy


def _in_variant(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` (the reference or an example, which read the depth while traced) as a
    function of its own per variant: jax.jit keeps one trace per Python function, and a
    trace keeps the depth it read."""
    return _variant_copy(fn, variant_key())


def _energy(x, k):
    springs = 0.5 * k * jnp.sum((x[1:] - x[:-1]) ** 2)
    return springs - _depth() * jnp.sum(jnp.cos(x))


def _hvp(x, v, k):
    return jax.jvp(lambda y: jax.grad(_energy)(y, k), (x,), (v,))[1]


def _hvp_inputs():  # one size, 5 beads: eager JAX compiles each operation once per shape
    return [
        (jnp.array([0.1, -0.4, 0.3, 0.9, -1.2]), jnp.array([1.0, 0.0, -2.0, 0.5, 1.0]), 2.0),
        (jnp.linspace(-1.0, 1.0, 5), jnp.array([0.5, 1.0, -1.0, 0.0, 2.0]), 0.5),
    ]


def _hvp_outputs(fn: Callable[..., Any]) -> Sequence[Any]:
    """The grader's ``fn`` on every case of ``_hvp_inputs``, in the variant being judged
    (the energy reads its depth), each case computed when first read: the
    predicates below compare every refused callable answer with it. ``outputs_on`` keeps
    them per function, variant and x64 setting, and compiles each case whole: called
    eagerly, jax.hessian and jax.jvp traced the energy again on every check, and op by op
    the Hessian's diagonal compiled 66 programs on a first check."""
    return outputs_on(_hvp_inputs, _in_variant(fn), whole=True)


def _k_changed():
    x, v, _ = _hvp_inputs()[0]
    return [[(x, v, 0.5), (x, v, 2.0)]]


def _ignores_k(answer: Any) -> bool:
    """The same result for two stiffnesses (compiled once: cheaper than op by op)."""
    return callable(answer) and ignores_one_argument(_k_changed)(jax.jit(answer))


def _row_sums_times_v(x, v, k):  # grad of the gradient's sum: H @ ones, then times v
    return jax.grad(lambda y: jnp.sum(jax.grad(_energy)(y, k)))(x) * v


def _springs_part_only(x, v, k):  # round 17: the wells' term left out of the product
    return _hvp(x, v, k) - _depth() * jnp.cos(x) * v


def _hessian_times_v(x, v, k):
    return jax.hessian(_energy)(x, k) @ v


def _hvp_on_the_host(x, v, k):
    """Round 18's sneaky answer: the product computed by NumPy in a pure_callback, a whole
    Hessian built there, out of the traced program's sight."""

    depth = _depth()

    def host(x, v, k):  # energy's Hessian, by NumPy: the wells' diagonal, the springs' chain
        x = np.asarray(x, np.float64)
        i = np.arange(x.size)
        h = np.zeros((x.size, x.size))
        h[i, i] = depth * np.cos(x)
        h[i[:-1], i[:-1]] += k
        h[i[1:], i[1:]] += k
        h[i[:-1], i[1:]] -= k
        h[i[1:], i[:-1]] -= k
        return (h @ np.asarray(v, np.float64)).astype(np.float32)

    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x, v, k)


def _gradient(x, v, k):
    return jax.grad(_energy)(x, k)


def _jvp_pair(x, v, k):
    return jax.jvp(lambda y: jax.grad(_energy)(y, k), (x,), (v,))


def _directional(x, v, k):
    return jax.jvp(lambda y: _energy(y, k), (x,), (v,))[1]


def _gradient_difference(x, v, k):
    return jax.grad(_energy)(x + v, k) - jax.grad(_energy)(x, k)


def _forward_difference(x, v, k):
    eps = 1e-3
    return (jax.grad(_energy)(x + eps * v, k) - jax.grad(_energy)(x, k)) / eps


def _near_hvp(answer: Any) -> bool:
    """Within a few percent of H @ v on every case, and not within the rule's tolerance on
    one: a finite difference of gradients with a small step."""
    if not callable(answer):
        return False
    near = exact = True
    for args, wanted in zip(_hvp_inputs(), _hvp_outputs(_hvp), strict=True):
        got = np.asarray(jax.jit(answer)(*args), dtype=np.float64)
        want = np.asarray(wanted, dtype=np.float64)
        if got.shape != want.shape:
            return False
        near = near and np.allclose(got, want, rtol=5e-2, atol=5e-2)
        exact = exact and np.allclose(got, want, rtol=1e-5, atol=1e-6)
    return near and not exact


def _vjp_of_energy(x, v, k):
    _, pull = jax.vjp(lambda y: _energy(y, k), x)
    return pull(v)[0]


def _gradient_times_v(x, v, k):
    return jax.grad(_energy)(x, k) * v


def _point_and_direction_swapped(x, v, k):
    return jax.jvp(lambda y: jax.grad(_energy)(y, k), (v,), (x,))[1]


def _k_moved_by_k(x, v, k):
    return jax.jvp(jax.grad(_energy), (x, k), (v, k))[1]


def _hvp_wells_sign(x, v, k):
    return _hvp(x, v, k) - 2.0 * _depth() * jnp.cos(x) * v


def _hvp_ring(x, v, k):
    return k * (2 * v - jnp.roll(v, 1) - jnp.roll(v, -1)) + _depth() * jnp.cos(x) * v


def _k_moved_too(x, v, k):
    return jax.jvp(jax.grad(_energy), (x, k), (v, 1.0))[1]


def _wiggle(x):  # the lesson's demo
    return jnp.sum(jnp.sin(x)) * jnp.sum(x**2)


def _wiggle_hvp(x, v, k):
    return jax.jvp(jax.grad(_wiggle), (x,), (v,))[1]


def _avals(jaxpr: Any) -> list[Any]:
    """Every value's abstract array (shape, dtype) in a traced program, nested ones too."""
    jaxpr = getattr(jaxpr, "jaxpr", jaxpr)
    found = [var.aval for var in (*jaxpr.invars, *jaxpr.constvars)]
    for eqn in jaxpr.eqns:
        found += [var.aval for var in eqn.outvars]
        for param in eqn.params.values():
            for item in param if isinstance(param, tuple | list) else (param,):
                inner = getattr(item, "jaxpr", item)
                if hasattr(inner, "eqns"):
                    found += _avals(inner)
    return found


def _hessian_diagonal(x, v, k):
    return jnp.diag(jax.hessian(_energy)(x, k))


def _diagonal_times_v(x, v, k):
    return _hessian_diagonal(x, v, k) * v


def _uncoupled_products(x, v, k):  # the springs' diagonal 2k at every bead, the ends too
    return (2 * k + _depth() * jnp.cos(x)) * v


def _uses_own_v_only(answer: Any) -> bool:
    """Each output element moves with its own entry of v alone, and with it: H taken as
    diagonal, whatever numbers it put there."""
    if not callable(answer):
        return False
    x, v, k = _hvp_inputs()[0]
    try:
        run = jax.jit(answer)
        base = np.asarray(run(x, v, k), dtype=np.float64)
        if base.shape != np.shape(v):
            return False
        for j in range(np.size(v)):
            moved = np.asarray(run(x, v.at[j].add(1.0), k), dtype=np.float64) - base
            others = np.delete(moved, j)
            if abs(moved[j]) < 1e-6 or not np.allclose(others, 0.0, atol=1e-6):
                return False
    except Exception:
        return False
    return True


def _gives(fn: Callable[..., Any]) -> Callable[[Any], bool]:
    """Matches an answer whose values are fn's on every case (shapes included): a product
    the answer computed that is not H @ v, named by what it is."""

    def matches(answer: Any) -> bool:
        if not callable(answer):
            return False
        for args, wanted in zip(_hvp_inputs(), _hvp_outputs(fn), strict=True):
            got = np.asarray(jax.jit(answer)(*args), dtype=np.float64)
            want = np.asarray(wanted, dtype=np.float64)
            if got.shape != want.shape or not np.allclose(got, want, rtol=1e-4, atol=1e-5):
                return False
        return True

    return matches


def _builds_hessian(answer: Any) -> bool:
    """Matches a function whose trace for HESSIAN_PROBE beads holds an n x n array (or
    anything as large): jax.hessian, jacfwd or jacrev of the gradient. H @ v by a JVP of
    the gradient holds only vectors of n."""
    if not callable(answer):
        return False
    n = HESSIAN_PROBE
    x, v = jnp.linspace(-1.0, 1.0, n), jnp.ones(n)
    jaxpr = jax.make_jaxpr(answer)(x, v, 1.5)
    return any(int(np.prod(getattr(aval, "shape", ()))) >= n * n for aval in _avals(jaxpr))


def _hessian_by_halves(x, v, k):
    """The whole Hessian, a column per basis vector, in two halves of n/2 columns."""
    n, h = x.shape[0], x.shape[0] // 2
    rows = jnp.arange(h)
    columns = [  # a basis of n/2 vectors at a time: no n x n array anywhere
        jax.vmap(lambda e: jax.jvp(lambda y: jax.grad(_energy)(y, k), (x,), (e,))[1])(
            jnp.zeros((h, n), x.dtype).at[rows, rows + start].set(1.0)
        )
        for start in (0, h)
    ]
    return columns[0].T @ v[:h] + columns[1].T @ v[h:]


def _probe_args(n: int) -> tuple[Any, Any, float]:
    return jnp.linspace(-1.0, 1.0, n), jnp.ones(n), 1.5


def _work_grows_with_n_squared(answer: Any) -> bool:
    """What the answer's traced program holds in all (every value it makes, a loop's body
    at every pass) grows as n² from HESSIAN_PROBE beads to twice as many: the Hessian's
    n x n numbers, whatever pieces they come in (two n x n/2 halves, a column per pass)."""
    if not callable(answer):
        return False
    return grows_quadratically(answer, _probe_args, (HESSIAN_PROBE, 2 * HESSIAN_PROBE))


def _pair_with_product(answer: Any) -> bool:
    """jax.jvp's whole output, (gradient, H @ v), returned where only H @ v was asked."""
    if not callable(answer):
        return False
    for args, wanted in zip(_hvp_inputs(), _hvp_outputs(_hvp), strict=True):
        got = jax.jit(answer)(*args)
        if not (isinstance(got, tuple | list) and len(got) == 2):
            return False
        if not np.allclose(np.asarray(got[1]), np.asarray(wanted), rtol=1e-4, atol=1e-5):
            return False
    return True


# --- 12.fixed_target --------------------------------------------------------------------

# The discount varies per learner (issue 38): the page's td_loss uses 0.9 (variant 0), a
# learner's variant another, so a loss copied from a neighbour or written with the page's
# 0.9 fails. Every function below reads it at call time.
TD_VARIANTS = Variants(
    default={"discount": 0.9},
    draw=lambda rng: {"discount": rng.choice((0.5, 0.6, 0.75, 0.8, 0.95, 0.99))},
    shown="Your discount is {discount}: each target is rewards[i] + {discount} * values[i + 1].",
)


def _d() -> float:
    """The discount of the learner's variant (variant 0: the page's 0.9)."""
    return TD_VARIANTS.current("12.fixed_target")["discount"]


def _td_fixed(values, rewards):
    target = rewards + _d() * jax.lax.stop_gradient(values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def _td_flowing(values, rewards):  # the lesson's td_loss
    target = rewards + _d() * values[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def _td_prediction_held(values, rewards):
    target = rewards + _d() * values[1:]
    return jnp.sum((jax.lax.stop_gradient(values[:-1]) - target) ** 2)


def _td_undiscounted(values, rewards):
    target = rewards + jax.lax.stop_gradient(values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def _td_discounted_reward(values, rewards):
    target = jax.lax.stop_gradient(_d() * (rewards + values[1:]))
    return jnp.sum((values[:-1] - target) ** 2)


def _td_chain_reversed(values, rewards):
    target = jax.lax.stop_gradient(rewards + _d() * values[:-1])
    return jnp.sum((values[1:] - target) ** 2)


def _td_squared_apart(values, rewards):
    target = jax.lax.stop_gradient(rewards + _d() * values[1:])
    return jnp.sum(values[:-1] ** 2 - target**2)


def _td_own_value(values, rewards):
    target = jax.lax.stop_gradient(rewards + _d() * values[:-1])
    return jnp.sum((values[:-1] - target) ** 2)


def _td_rolled_next(values, rewards):  # next values by jnp.roll: n of them, not n - 1
    target = rewards + _d() * jax.lax.stop_gradient(jnp.roll(values, -1))
    return jnp.sum((values - target) ** 2)


def _td_trains_next(values, rewards):
    target = jax.lax.stop_gradient(rewards + _d() * values[1:])
    return jnp.sum((values[1:] - target) ** 2)


def _td_absolute(values, rewards):
    target = jax.lax.stop_gradient(rewards + _d() * values[1:])
    return jnp.sum(jnp.abs(values[:-1] - target))


def _td_square_of_sum(values, rewards):
    target = jax.lax.stop_gradient(rewards + _d() * values[1:])
    return jnp.sum(values[:-1] - target) ** 2


def _td_last_towards_zero(values, rewards):
    target = jax.lax.stop_gradient(jnp.append(rewards + _d() * values[1:], 0.0))
    return jnp.sum((values - target) ** 2)


def _td_last_wrapped(values, rewards):  # jnp.roll: the last state's next is the first
    padded = jnp.append(rewards, 0.0)
    target = padded + _d() * jax.lax.stop_gradient(jnp.roll(values, -1))
    return jnp.sum((values - target) ** 2)


def _td_last_step_dropped(values, rewards):  # slices for one chain length, on a longer one
    return _td_fixed(values[:-1], rewards[:-1])


def _td_mean(values, rewards):
    target = rewards + _d() * jax.lax.stop_gradient(values[1:])
    return jnp.mean((values[:-1] - target) ** 2)


def _td_other_discount(values, rewards):
    other = 0.9 if _d() != 0.9 else 0.99  # any discount but the task's
    target = rewards + other * jax.lax.stop_gradient(values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def _td_halved(values, rewards):
    return 0.5 * _td_fixed(values, rewards)


def _td_inputs():  # one shape: eager JAX compiles each operation once per shape
    return list(_td_arrays())


@concrete_cache  # jax arrays cannot be changed: made once, not on every check
def _td_arrays():
    return (
        (jnp.array([1.0, -2.0, 0.5, 0.25, 3.0]), jnp.array([1.0, 0.0, -1.0, 2.0])),
        (jnp.array([0.5, 1.0, 0.0, 2.0, -1.0]), jnp.array([0.0, 0.0, 1.0, 0.5])),
    )


def _value_and_grad(loss: Callable[..., Any]) -> Callable[..., Any]:
    """The loss's value and its gradient with respect to ``values``. Not jitted: every
    answer runs the same few operations on inputs of one shape, which eager JAX compiles
    once for all answers, where jit would compile each answer anew."""
    return jax.value_and_grad(loss)


def _reads_lesson_target(values, rewards):
    values_seen, rewards_seen = (jnp.array(a) for a in LESSON_VALUES)
    target = rewards_seen + _d() * values_seen[1:]  # as the lesson's cell computed it
    return jnp.sum((values[:-1] - target) ** 2)


def _held_everything(values, rewards):
    return jax.lax.stop_gradient(_td_fixed(values, rewards))


def _graded(answer: Any) -> tuple[Any, Exception | None]:
    """``value_and_grad(answer)`` on the rule's first case: what it returned, or what it
    raised. The rule computed it already in this check; the predicates read it there
    instead of differentiating the answer again each."""
    viewed = transformed(_value_and_grad, answer)
    args = cases_of_this_check(_td_inputs, _td_inputs)[0]
    return answer_outcome(_td_inputs, viewed, 0, args)


def _gradient_is_zero(answer: Any) -> bool:
    """The right loss value with a gradient of 0 everywhere: everything held fixed."""
    if not callable(answer):
        return False
    (value, grad), raised = _graded(answer)
    if raised is not None:
        return False
    values, rewards = _td_inputs()[0]
    if not np.allclose(np.asarray(value), np.asarray(_td_fixed(values, rewards)), rtol=1e-4):
        return False
    return not np.any(np.asarray(grad) != 0)


LESSON_VALUES = ([0.5, 1.0, 0.0, 2.0], [0.0, 0.0, 1.0])  # the lesson's values, rewards


def _sized_for_the_lesson(answer: Any) -> bool:
    """Fails on the check's 5 values, works on the lesson's 4: it reads something
    computed outside for those 4 (the notebook's target, say)."""
    if not callable(answer) or _graded(answer)[1] is None:
        return False
    values, rewards = (jnp.array(a) for a in LESSON_VALUES)
    try:
        jax.grad(answer)(values, rewards)
    except Exception:
        return False
    return True


def _td_outputs(answer: Any) -> list[tuple[Any, Any, Any, Any]] | None:
    """(values, rewards, the loss's value, its gradient) on every case, as NumPy floats;
    None when the answer is no function or raises."""
    if not callable(answer) or _graded(answer)[1] is not None:
        return None
    found = []
    for values, rewards in _td_inputs():
        try:
            value, grad = jax.value_and_grad(answer)(values, rewards)
        except Exception:
            return None
        found.append(
            (
                np.asarray(values, dtype=np.float64),
                np.asarray(rewards, dtype=np.float64),
                np.float64(value),
                np.asarray(grad, dtype=np.float64),
            )
        )
    return found


def _other_discount(answer: Any) -> bool:
    """A loss with the target held, whose gradient and value fit one discount on every
    case, not the task's (nor 1, no-discount's): the discount is read off the gradient,
    2 * (v[i] - r[i] - d * v[i + 1]), and then checked on every value."""
    found = _td_outputs(answer)
    if found is None:
        return False
    discounts = []
    for values, rewards, _, grad in found:
        nonzero = values[1:] != 0
        if grad.shape != values.shape or grad[-1] != 0 or not nonzero.any():
            return False
        discounts += list((values[:-1] - rewards - grad[:-1] / 2)[nonzero] / values[1:][nonzero])
    discount = float(np.median(discounts))
    if min(abs(discount - _d()), abs(discount - 1.0)) < 1e-3:
        return False
    for values, rewards, value, grad in found:
        errors = values[:-1] - rewards - discount * values[1:]
        if not (
            np.allclose(grad[:-1], 2 * errors, rtol=1e-4, atol=1e-5)
            and np.isclose(value, np.sum(errors**2), rtol=1e-4, atol=1e-5)
        ):
            return False
    return True


DISCOUNTS = (0.5, 0.6, 0.75, 0.8, 0.9, 0.95, 0.99)  # the page's, and every variant's


def _td_flowing_other_discount(values, rewards):  # the page's td_loss in another variant
    other = 0.9 if _d() != 0.9 else 0.95
    return jnp.sum((values[:-1] - rewards - other * values[1:]) ** 2)


def _td_discount_on_reward(values, rewards):  # round 18: the discount moved to the reward
    target = _d() * rewards + jax.lax.stop_gradient(values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def _discount_on_reward(answer: Any) -> bool:
    """The loss's value is that of targets d * rewards + values[1:] on every case: the
    discount weighs the reward and the next value counts whole, held or not (the value
    alone tells where the discount went, whatever the gradients)."""
    found = _td_outputs(answer)
    if found is None:
        return False
    return all(
        np.isclose(value, np.sum((values[:-1] - _d() * rewards - values[1:]) ** 2), rtol=1e-4)
        for values, rewards, value, _ in found
    )


def _flows_with_other_discount(answer: Any) -> bool:
    """td_loss as written, with the gradient flowing into the target (the last state's
    gradient is not 0), and a discount that is another variant's, not the task's: its
    value is that loss's on every case for one of DISCOUNTS."""
    found = _td_outputs(answer)
    if found is None or any(grad[-1] == 0 for _, _, _, grad in found):
        return False
    for other in DISCOUNTS:
        if abs(other - _d()) < 1e-9:
            continue
        if all(
            np.isclose(value, np.sum((values[:-1] - rewards - other * values[1:]) ** 2), rtol=1e-4)
            for values, rewards, value, _ in found
        ):
            return True
    return False


def _scaled_loss(answer: Any) -> bool:
    """The value and the gradient of the task's loss, times one constant factor on every
    case, not 1 (a 0.5 in front, say)."""
    found = _td_outputs(answer)
    if found is None:
        return False
    factors = []
    for values, rewards, value, grad in found:
        want_value, want_grad = jax.value_and_grad(_td_fixed)(
            jnp.asarray(values, dtype=jnp.float32), jnp.asarray(rewards, dtype=jnp.float32)
        )
        want_value, want_grad = np.float64(want_value), np.asarray(want_grad, np.float64)
        if want_value == 0 or grad.shape != want_grad.shape:
            return False
        factor = value / want_value
        if not np.allclose(grad, factor * want_grad, rtol=1e-4, atol=1e-5):
            return False
        factors.append(factor)
    return bool(np.allclose(factors, factors[0], rtol=1e-4)) and not np.isclose(
        factors[0], 1.0, rtol=1e-4
    )


def _td_error_held_linear(values, rewards):  # the error held, times values: half the gradient
    error = jax.lax.stop_gradient(values[:-1] - rewards - _d() * values[1:])
    return jnp.sum(error * values[:-1])


def _td_per_step(values, rewards):  # one squared error per step, never summed
    target = rewards + _d() * jax.lax.stop_gradient(values[1:])
    return (values[:-1] - target) ** 2


def _gradient_only_proportional(answer: Any) -> bool:
    """A gradient proportional to the task's, with one factor on every case, and a value
    that is not the task's times that factor (a surrogate built for its gradient)."""
    found = _td_outputs(answer)
    if found is None:
        return False
    factors, values_scale = [], True
    for values, rewards, value, grad in found:
        want_value, want_grad = jax.value_and_grad(_td_fixed)(
            jnp.asarray(values, dtype=jnp.float32), jnp.asarray(rewards, dtype=jnp.float32)
        )
        want_value, want_grad = np.float64(want_value), np.asarray(want_grad, np.float64)
        if grad.shape != want_grad.shape or not np.any(want_grad != 0):
            return False
        at = int(np.argmax(np.abs(want_grad)))
        factor = grad[at] / want_grad[at]
        if factor == 0 or not np.allclose(grad, factor * want_grad, rtol=1e-4, atol=1e-5):
            return False
        factors.append(factor)
        values_scale = values_scale and np.isclose(value, factor * want_value, rtol=1e-4)
    return bool(np.allclose(factors, factors[0], rtol=1e-4)) and not values_scale


def _td_target_held(values, rewards):  # the lesson's held_loss, carried over whole
    target = jax.lax.stop_gradient(rewards + _d() * values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def _rewards_held(answer: Any) -> bool:
    """The task's value and gradient in values on every case, and a gradient of 0 in
    rewards: the stop_gradient holds the rewards too (the whole target wrapped), where the
    reward model is trained by the same loss."""
    if not callable(answer) or _graded(answer)[1] is not None:
        return False
    for values, rewards in _td_inputs():
        try:
            value, (by_values, by_rewards) = jax.value_and_grad(answer, argnums=(0, 1))(
                values, rewards
            )
        except Exception:
            return False
        want_value, want_by_values = jax.value_and_grad(_td_fixed)(values, rewards)
        by_values, by_rewards = np.asarray(by_values), np.asarray(by_rewards)
        if by_values.shape != values.shape or by_rewards.shape != rewards.shape:
            return False
        if not (
            np.allclose(np.asarray(value), np.asarray(want_value), rtol=1e-4, atol=1e-5)
            and np.allclose(by_values, np.asarray(want_by_values), rtol=1e-4, atol=1e-5)
            and not np.any(by_rewards != 0)
        ):
            return False
    return True


def _fails_under_grad(error: str, pattern: str) -> Callable[[Any], bool]:
    """Matches a loss whose gradient raises ``error`` (by class name) matching ``pattern``."""

    def matches(answer: Any) -> bool:
        if not callable(answer):
            return False
        raised = _graded(answer)[1]
        if raised is None:
            return False
        names = {cls.__name__ for cls in type(raised).__mro__}
        return error in names and re.search(pattern, str(raised)) is not None

    return matches


# --- 12.fix_rule ------------------------------------------------------------------------


def _log_add_exp(a, b):
    m = jnp.maximum(a, b)
    return m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))


def _right_rule(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = _log_add_exp(a, b)
    return out, jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def _buggy_rule(primals, tangents):  # the lesson's log_add_exp_jvp
    a, b = primals
    a_dot, b_dot = tangents
    return _log_add_exp(a, b), jax.nn.sigmoid(a - b) * a_dot


def _same_weight_rule(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _log_add_exp(a, b), jax.nn.sigmoid(a - b) * (a_dot + b_dot)


def _swapped_weights_rule(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _log_add_exp(a, b), jax.nn.sigmoid(b - a) * a_dot + jax.nn.sigmoid(a - b) * b_dot


def _unweighted_rule(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _log_add_exp(a, b), a_dot + b_dot


def _rule_inputs():
    f32 = jnp.float32
    return [
        (f32(1.0), f32(2.0)),
        (f32(100.0), f32(3.0)),
        (f32(-3.0), f32(50.0)),
        (f32(0.5), f32(0.5)),
    ]


def _with_rule(rule: Callable[..., Any]) -> Callable[..., Any]:
    """log_add_exp as a custom_jvp with ``rule``, seen through what a rule decides: the
    value, the gradient with respect to both arguments, and a JVP."""
    fn = jax.custom_jvp(_log_add_exp)
    fn.defjvp(rule)

    def derivatives(a, b):
        value, grads = jax.value_and_grad(fn, argnums=(0, 1))(a, b)
        _, tangent = jax.jvp(fn, (a, b), (jnp.float32(0.5), jnp.float32(-2.0)))
        return value, grads, tangent

    return jax.jit(derivatives)


def _overflowing_rule(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    total = jnp.exp(a) + jnp.exp(b)
    return _log_add_exp(a, b), jnp.exp(a) / total * a_dot + jnp.exp(b) / total * b_dot


def _rule_fails_with(error: str, pattern: str) -> Callable[[Any], bool]:
    """Matches a rule with which differentiating log_add_exp raises ``error`` (by class
    name) matching ``pattern``."""

    def matches(answer: Any) -> bool:
        if not callable(answer):
            return False
        try:
            _rule_outputs(answer, 1.0, 2.0)
        except Exception as exc:
            names = {cls.__name__ for cls in type(exc).__mro__}
            return error in names and re.search(pattern, str(exc)) is not None
        return False

    return matches


_compiled_rules: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _compiled_with_rule(rule: Callable[..., Any]) -> Callable[..., Any]:
    """``_with_rule(rule)``, kept per rule while it lives: one check asks it several
    times (the rule, then the mistakes), and each new one compiles."""
    try:
        return _compiled_rules[rule]
    except (KeyError, TypeError):
        pass
    viewed = _with_rule(rule)
    try:
        _compiled_rules[rule] = viewed
    except TypeError:  # not weak-referenceable: use it uncached
        pass
    return viewed


def _rule_outputs(answer: Any, a: float, b: float) -> Any:
    return _compiled_with_rule(answer)(jnp.float32(a), jnp.float32(b))


def _not_finite_far_apart(answer: Any) -> bool:
    """inf or nan at (100.0, 3.0), where exp(100.0) overflows float32."""
    if not callable(answer):
        return False
    leaves = jax.tree.leaves(_rule_outputs(answer, 100.0, 3.0))
    return not all(np.all(np.isfinite(np.asarray(leaf))) for leaf in leaves)


def _pair_swapped(answer: Any) -> bool:
    """The rule returns (tangent, output): swapped back, it is right at two points."""
    if not callable(answer):
        return False

    def swapped(primals, tangents):
        pair = answer(primals, tangents)
        return pair[1], pair[0]

    try:
        for a, b in ((1.0, 2.0), (0.5, -1.5)):
            got = jax.tree.leaves(_rule_outputs(swapped, a, b))
            want = jax.tree.leaves(_rule_outputs(_right_rule, a, b))
            if not all(
                np.allclose(np.asarray(g), np.asarray(w), rtol=1e-4, atol=1e-6)
                for g, w in zip(got, want, strict=True)
            ):
                return False
    except Exception:
        return False
    return True


def _not_linear(answer: Any) -> bool:
    """A tangent that is not 0 when both input tangents are: the rule does not multiply
    its derivatives by the tangents."""
    if not callable(answer):
        return False
    fn = jax.custom_jvp(_log_add_exp)
    fn.defjvp(answer)
    zero = jnp.float32(0.0)
    _, tangent = jax.jvp(fn, (jnp.float32(1.0), jnp.float32(2.0)), (zero, zero))
    return bool(np.any(np.asarray(tangent) != 0))


def _wrong_output(answer: Any) -> bool:
    """The rule's first result is not log_add_exp(a, b) at two points, where the rule runs
    and is not the pair swapped."""
    if not callable(answer):
        return False
    try:
        for a, b in ((1.0, 2.0), (0.5, -1.5)):
            value = _rule_outputs(answer, a, b)[0]
            want = _rule_outputs(_right_rule, a, b)[0]
            if not np.allclose(np.asarray(value), np.asarray(want), rtol=1e-5):
                return True
    except Exception:
        return False
    return False


def _max_as_output(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return jnp.maximum(a, b), _right_rule(primals, tangents)[1]


def _rule_gradients(answer: Any, points: Any) -> list[tuple[float, float, float, float]]:
    """(a, b, d/da, d/db) the rule gives at each point, its values being right."""
    found = []
    for a, b in points:
        value, grads, _ = _rule_outputs(answer, a, b)
        want = _rule_outputs(_right_rule, a, b)[0]
        if not np.allclose(np.asarray(value), np.asarray(want), rtol=1e-5):
            return []
        found.append((a, b, float(np.asarray(grads[0])), float(np.asarray(grads[1]))))
    return found


_APART = ((1.0, 2.0), (0.5, -1.5), (3.0, 2.5))


def _weights_are(expected: Callable[[float, float], tuple[float, float]]) -> Callable[[Any], bool]:
    """Matches a rule whose right value comes with the derivatives ``expected(a, b)`` at
    points where a != b (ties are left out: a rule may break them either way)."""

    def matches(answer: Any) -> bool:
        if not callable(answer):
            return False
        found = _rule_gradients(answer, _APART)
        return bool(found) and all(
            np.allclose((da, db), expected(a, b), rtol=1e-4, atol=1e-6) for a, b, da, db in found
        )

    return matches


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def _proportional_not_summing(answer: Any) -> bool:
    """Derivatives in the right ratio, exp(a) to exp(b), both positive, whose sum is not 1
    at some point: the weights were never divided by their sum."""
    if not callable(answer):
        return False
    found = _rule_gradients(answer, _APART)
    if not found:
        return False
    for a, b, da, db in found:
        if not (da > 0 and db > 0 and np.isclose(da / db, math.exp(a - b), rtol=1e-4)):
            return False
    return any(not np.isclose(da + db, 1.0, rtol=1e-4) for _, _, da, db in found)


def _summing_not_proportional(answer: Any) -> bool:
    """Round 21: the right value, derivatives between 0 and 1 that add up to 1 at every
    point, but not in the ratio exp(a) to exp(b) at some ((1 + tanh(a - b)) / 2 for a's:
    a sigmoid misremembered)."""
    if not callable(answer) or not _right_value_wrong_derivatives(answer):
        return False
    found = _rule_gradients(answer, _APART)
    if not found:
        return False
    for _a, _b, da, db in found:
        if not (0.0 <= da <= 1.0 and 0.0 <= db <= 1.0 and np.isclose(da + db, 1.0, rtol=1e-4)):
            return False
    # One tangent taken for both (a_dot twice: a's derivative 1, b's 0 everywhere) adds up
    # to 1 too, with weights in the right ratio: not this mistake.
    if all(da == 0.0 for *_, da, _db in found) or all(db == 0.0 for *_, db in found):
        return False
    return any(not np.isclose(da, _sigmoid(a - b), rtol=1e-4) for a, b, da, _db in found)


def _right_value_wrong_derivatives(answer: Any) -> bool:
    """Every value right, some derivative wrong: whatever the rule's formula is."""
    if not callable(answer):
        return False
    for a, b in ((1.0, 2.0), (0.5, -1.5)):
        value, grads, tangent = _rule_outputs(answer, a, b)
        want_value, want_grads, want_tangent = _rule_outputs(_right_rule, a, b)
        if not np.allclose(np.asarray(value), np.asarray(want_value), rtol=1e-5):
            return False
        got = np.asarray([*grads, tangent], dtype=np.float64)
        want = np.asarray([*want_grads, want_tangent], dtype=np.float64)
        if not np.allclose(got, want, rtol=1e-4, atol=1e-6):
            return True
    return False


EXERCISES = (
    Exercise(
        id="12.jacobian_shapes",
        title="Predict the shape of a Jacobian, both ways, and why",
        reference=lambda: "A",
        rule=Choice(SHAPES_OPTIONS, texts=SHAPES_TEXTS),
        hints=(
            "A Jacobian holds the derivative of every output with respect to every number of "
            "the input. In the Jacobian matrix of a function from 3 numbers to 2 (lesson 03's "
            "jax.jacobian), what are the rows, and what the columns? And what does grad "
            "return for a dict of parameters (lessons 03 and 04)?",
            "jacfwd and jacrev compute the same derivatives, so the same result. For a dict "
            "input the result is a dict like it; in each entry the output's axes come first, "
            "then that entry's own shape, kept as it is.",
            'layer has 3 outputs: "s", a number, gives (3,); "w", 4 x 3, gives (3, 4, 3); '
            'the same from both modes: shapes = "A".',
        ),
        solution='shapes = "A"',
        mistakes=(
            Mistake(
                id="shapes-not-letter",
                message="These are shapes; the question asks for a letter, the option whose "
                "result and reason are both right.",
                example=lambda: {"s": (3,), "w": (3, 4, 3)},
                matches=_shapes_typed,
            ),
            Mistake(
                id="input-first",
                message="The order of the axes in each entry is not JAX's. A Jacobian has one "
                "row per output: a function from 3 numbers to 2 has a (2, 3) Jacobian. With "
                "a matrix among the inputs the output's axes still come first, and the "
                "matrix's follow, kept in its shape.",
                example=lambda: "B",
            ),
            Mistake(
                id="transposed",
                message="jacfwd and jacrev compute one Jacobian, the derivative of each output "
                "with respect to each number in params, by JVPs or by VJPs. Reverse mode "
                'pulls back through x @ w, but what it returns for "w" is laid out like "w": '
                "the two results are equal, entry for entry.",
                example=lambda: "C",
            ),
            Mistake(
                id="flattened",
                message="JAX does not flatten the input: the Jacobian with respect to a dict is "
                "a dict like it, and in each entry the derivatives keep that entry's shape, "
                "after the output's axes.",
                example=lambda: "D",
            ),
            Mistake(
                id="input-shape",
                message="params' own shapes, () and (4, 3), are what grad gives for a function "
                "with one scalar output. layer has 3 outputs, and each has a derivative for "
                "every number in params.",
                example=lambda: "E",
            ),
        ),
        success="Output axes first, then each input's own shape, in a pytree like the input; "
        "both modes compute the same Jacobian.",
        prediction=True,
        explanation=(
            'A: from both, a dict like `params`, of shapes `{"s": (3,), "w": (3, 4, 3)}`, '
            "with the same values. A Jacobian's shape is the output's shape followed by the "
            "input's; for an input that is a pytree, JAX does that leaf by leaf and returns a "
            "pytree like the input, as `grad` returns a dict for a dict. So for each of the 3 "
            'outputs there is one derivative per entry of `"w"`, kept in `"w"`\'s 4 × 3 shape '
            '(not flattened into 13 numbers, as D has it), and one for `"s"`. The cell after '
            "the check shows the order on a plain matrix: `W` of shape `(2, 4)`, 2 outputs, "
            "gives `(2, 2, 4)`, the output's axis first, where B's order would give "
            "`(2, 4, 2)`. `jacfwd` and `jacrev` compute one Jacobian, from JVPs or from VJPs, "
            "so they return the same values, not one with the matrix's axes swapped (C); they "
            "differ only in how they get there, and in what that costs."
        ),
    ),
    Exercise(
        id="12.cheaper",
        title="Predict whether jacfwd or jacrev does less work, and why",
        reference=lambda: "C",
        rule=Choice(CHEAPER_OPTIONS, texts=CHEAPER_TEXTS),
        hints=(
            "Count the inputs and outputs of each function: every entry of a matrix counts. "
            "Then count the passes each mode needs: one JVP gives one column of the "
            "Jacobian, one VJP one row. And what does jax.vjp return: a row, or a function "
            "that can be called again with another cotangent?",
            "jacfwd runs one JVP per input number; jacrev runs the function forward once, "
            "then one backward pass per output number. tall: 20 inputs (a 4 x 5 matrix), "
            "2000 outputs; wide: the reverse.",
            "jacfwd needs 20 JVPs for tall, jacrev 20 backward passes after one forward pass "
            "for wide: cheaper = 'C'.",
        ),
        solution='cheaper = "C"',
        mistakes=(
            Mistake(
                id="reverse-always",
                message="Reverse mode is what grad uses, and it is cheap for few outputs. "
                "jacrev runs one backward pass per output: 20 for wide, but 2000 for tall, "
                "whose output is a vector of 2,000, where jacfwd needs only 20 JVPs, one per "
                "number of its 4 x 5 input.",
                example=lambda: "A",
            ),
            Mistake(
                id="swapped",
                message="Whether a side is a vector or a matrix does not set the work; how "
                "many numbers it holds does. tall's input, a 4 x 5 matrix, is 20 numbers, and "
                "its output 2,000: jacfwd runs one JVP per input number (20), jacrev one "
                "backward pass per output number (2,000). wide is the mirror image.",
                example=lambda: "B",
            ),
            Mistake(
                id="by-rank",
                message="The choice is right, the reason is not: what sets the work is how "
                "many entries each side has, not whether the output is a vector or a matrix. "
                "A function from 20 numbers to a 40 x 50 matrix would still be cheaper in "
                "forward mode, its output a matrix all the same.",
                example=lambda: "D",
            ),
            Mistake(
                id="forward-per-output",
                message="The choice is right, the reason is not: jacrev does not run a forward "
                "pass per output. It runs the function forward once, keeps the residuals "
                "once, and pulls each row back through the same VJP function, as the by-hand "
                "cell after the timings does with one jax.vjp and vmap over f_vjp. Only the "
                "backward passes grow with the outputs.",
                example=lambda: "E",
            ),
            Mistake(
                id="same-work",
                message="Same Jacobian, not the same work: jacfwd builds it one column at a "
                "time (one JVP per input), jacrev one row at a time (one backward pass per "
                "output). 20 passes against 2000.",
                example=lambda: "F",
            ),
        ),
        success="The cheaper mode runs one pass per entry of the short side: forward for "
        "tall Jacobians, reverse for wide ones, after one forward pass.",
        prediction=True,
        explanation=(
            "C. `tall` takes a 4 × 5 matrix, 20 numbers, so `jacfwd` needs 20 JVPs, where "
            "`jacrev` needs 2,000 backward passes, one per output. `wide` is the mirror "
            "image: 2,000 inputs, 20 outputs (the 4 × 5 matrix's entries), so 20 backward "
            "passes against 2,000 JVPs. Every entry of a matrix is one input or one output, "
            "whatever its shape. The cheaper mode is the one whose count is the smaller side "
            "of the Jacobian: forward for tall Jacobians (few inputs), reverse for wide ones "
            "(few outputs, a loss being the extreme case). The work counts follow that rule; "
            "the times follow it where the work is what takes the time. On a fast GPU, "
            "Jacobians this small can finish within the fixed cost of one call, and the line "
            "then says so.\n\n"
            "B reads the rank of the input and picks both modes the wrong way round. D's "
            "rule, by the output's rank, gives the right choice here only by chance: a "
            "function from 20 numbers to a 40 × 50 matrix has a matrix output and is cheaper "
            "in forward mode. E's reason is wrong too: `jacrev` runs the function forward "
            "once, stores its residuals once, and then runs one backward pass (not a "
            "forward one) per output, as the cell `rows = jax.vmap(f_vjp)(jnp.eye(2))[0]` "
            "after the timings does by hand: one `vjp`, two pull-backs through the same "
            "`f_vjp`. Only the backward passes grow with the outputs."
        ),
    ),
    Exercise(
        id="12.hvp",
        title="Multiply by a Hessian without building it",
        reference=lambda: _in_variant(_hvp),
        rule=SameFunction(inputs=_hvp_inputs, transform=jax.jit),
        hints=(
            "H @ v is how the gradient changes when x moves along v: a JVP of the "
            "gradient. Which function's gradient, and with respect to what?",
            "The gradient of energy with respect to x at this k: jax.grad(energy) takes "
            "(x, k), so close over k: lambda y: jax.grad(energy)(y, k). Push v through it "
            "with jax.jvp (the point and the direction each a tuple of one: (x,), (v,)), "
            "and keep the tangent, its second result.",
            "return jax.jvp(lambda y: jax.grad(energy)(y, k), (x,), (v,))[1]",
        ),
        solution=(
            "def energy(x, k):\n"
            "    springs = 0.5 * k * jnp.sum((x[1:] - x[:-1]) ** 2)\n"
            "    return springs - {wells}\n"
            "\n"
            "def hvp(x, v, k):\n"
            "    return jax.jvp(lambda y: jax.grad(energy)(y, k), (x,), (v,))[1]"
        ),
        mistakes=(
            Mistake(
                id="diagonal-times-v",
                message="Your hvp multiplies each bead's own second derivative (the "
                "Hessian's diagonal) by v, entry by entry. That leaves out the springs' "
                "coupling: moving one bead changes its neighbours' gradients too, the "
                "Hessian's entries off the diagonal. H @ v is how the whole gradient changes "
                "as all of x moves along v at once.",
                example=lambda: _in_variant(_diagonal_times_v),
                matches=_gives(_diagonal_times_v),
            ),
            Mistake(
                id="diagonal",
                message="Your hvp returns each bead's own second derivative, the Hessian's "
                "diagonal: v is not used, and the springs' coupling between neighbours (the "
                "entries off the diagonal) is left out. H @ v is how the whole gradient "
                "changes as x moves along v.",
                example=lambda: _in_variant(_hessian_diagonal),
                matches=_gives(_hessian_diagonal),
            ),
            Mistake(  # round 18's sneaky answer
                id="host-callback",
                message="Your hvp hands the work to Python on the host: a jax.pure_callback "
                "(or io_callback) computes the product outside what JAX traces, "
                "differentiates and compiles, with NumPy or whatever it likes, a whole Hessian "
                "too, where no check can see it. The values can be right; the exercise is to "
                "have JAX compute H @ v by differentiating energy.",
                example=lambda: _in_variant(_hvp_on_the_host),
                matches=host_callback(_hvp_inputs),
                also_accepted=True,
            ),
            Mistake(
                id="builds-hessian",
                message=f"Your hvp builds the Hessian: traced for {HESSIAN_PROBE} beads, it holds "
                f"a {HESSIAN_PROBE} x {HESSIAN_PROBE} array (jax.hessian, or jacfwd / "
                "jacrev of the gradient, build one): n x n numbers for a product of n, "
                "which no memory holds for a million beads.",
                example=lambda: _in_variant(_hessian_times_v),
                matches=_builds_hessian,
                also_accepted=True,
            ),
            Mistake(  # round 19's sneaky family: the Hessian built in pieces
                id="hessian-in-pieces",
                message=f"Your hvp builds the Hessian in pieces: no array is n x n, but traced "
                f"for {HESSIAN_PROBE} and {2 * HESSIAN_PROBE} beads, what it holds in all grows "
                "fourfold when the beads double, as n x n numbers do (columns or blocks of the "
                "Hessian, one at a time or side by side). H @ v by a JVP of the gradient holds "
                "vectors of n only, twice as many numbers for twice the beads.",
                example=lambda: _in_variant(_hessian_by_halves),
                matches=_work_grows_with_n_squared,
                also_accepted=True,
            ),
            Mistake(
                id="k-missing",
                message="jax.grad(energy) takes (x, k), and your jax.jvp called it with x "
                "alone: energy's k was missing, and the call raised TypeError.",
                example=lambda: lambda x, v, k: jax.jvp(jax.grad(_energy), (x,), (v,))[1],
                matches=fails_with("TypeError", r"required positional argument", _hvp_inputs),
            ),
            Mistake(
                id="not-tuples",
                message="Your jax.jvp got the arrays themselves where it takes the points and the "
                "tangents as tuples, one entry per argument of the function, and it "
                "raised.",
                example=lambda: lambda x, v, k: jax.jvp(lambda y: jax.grad(_energy)(y, k), x, v)[1],
                matches=fails_with("TypeError", r"must be tuples or lists", _hvp_inputs),
            ),
            Mistake(
                id="vjp-of-energy",
                message="jax.vjp of energy gives a function that takes a cotangent shaped like "
                "energy's output, one number, and v is a vector of n: it does not fit. Even "
                "with a number there, a VJP of energy is only its gradient, scaled: H @ v is "
                "how the gradient changes along v, a derivative of the gradient.",
                example=lambda: _in_variant(_vjp_of_energy),
                matches=fails_with("ValueError", r"unexpected JAX type", _hvp_inputs),
            ),
            Mistake(
                id="whole-pair",
                message="Your hvp returns a pair: jax.jvp gives the function's value at x (here "
                "the gradient) and the tangent, and H @ v is one array of n numbers, not "
                "both.",
                example=lambda: _in_variant(_jvp_pair),
                matches=_pair_with_product,
            ),
            Mistake(
                id="gradient",
                message="This is the gradient of energy at x, the value jax.jvp returns beside "
                "the tangent: a first derivative, not how the gradient changes along v.",
                example=lambda: _in_variant(_gradient),
            ),
            Mistake(
                id="first-derivative",
                message="This is the JVP of energy itself: the first derivative along v, one "
                "number. H @ v is made of second derivatives, n numbers.",
                example=lambda: _in_variant(_directional),
            ),
            Mistake(
                id="gradient-times-v",
                message="This multiplies the gradient by v entry by entry: first derivatives "
                "only. H @ v is made of second derivatives, how the gradient changes as x "
                "moves along v.",
                example=lambda: _in_variant(_gradient_times_v),
            ),
            Mistake(
                id="point-and-direction",
                message="Point and direction are swapped: your result is the Hessian at v, times "
                "x.",
                example=lambda: _in_variant(_point_and_direction_swapped),
            ),
            Mistake(
                id="moves-k",
                message="k got a tangent of 1.0, so your result adds to H @ v how the gradient "
                "changes with the stiffness: a derivative along (v, 1.0), the beads and the "
                "springs moving together.",
                example=lambda: _in_variant(_k_moved_too),
            ),
            Mistake(
                id="moves-k-by-k",
                message="k got a tangent of its own value, so your result adds to H @ v how "
                "the gradient changes with the stiffness, scaled by k: the springs stiffen "
                "as the beads move.",
                example=lambda: _in_variant(_k_moved_by_k),
            ),
            Mistake(
                id="wells-sign",
                message="The springs' part is right, the wells' has the wrong sign: its "
                "curvature is the opposite of that of the energy's wells, the "
                "-{depth} * cos(x) term of each bead.",
                example=lambda: _in_variant(_hvp_wells_sign),
            ),
            Mistake(
                id="ring",
                message="Your springs join the last bead to the first, as in a ring. The chain "
                "has open ends: between n beads there are n - 1 springs, so each end bead "
                "has one neighbour, not two.",
                example=lambda: _in_variant(_hvp_ring),
            ),
            Mistake(
                id="lesson-function",
                message="This is H @ v for the lesson's wiggle, not for energy.",
                example=lambda: _in_variant(_wiggle_hvp),
            ),
            Mistake(
                id="difference-of-gradients",
                message="This is how much the gradient changes over a whole step v, from x to x + "
                "v: a finite difference with a step of 1. H @ v is the rate of that "
                "change at x, the limit for a vanishing step.",
                example=lambda: _in_variant(_gradient_difference),
            ),
            Mistake(
                id="finite-difference",
                message="Your result is within a few percent of H @ v, not equal to it: a finite "
                "difference of gradients approximates the derivative, and in float32 its "
                "error (the step's own, and rounding divided by the step) is far above "
                "the check's tolerance.",
                example=lambda: _in_variant(_forward_difference),
                matches=_near_hvp,
            ),
            Mistake(
                id="row-sums",
                # Round 16: cos(x) * v by hand gives these values too (the wells' part
                # alone), and was told it had summed the gradient: both causes are said.
                message="Your hvp gives the wells' part of H @ v alone, each bead's own "
                "curvature times its entry of v: the springs' part, which takes in the "
                "neighbours' entries of v and grows with k, is missing. A term of energy "
                "left out of the product gives that; so does v times the gradient of the "
                "gradient's sum, element by element (H @ ones, each row of H summed: the "
                "springs' rows sum to 0, so k drops out).",
                example=lambda: _in_variant(_row_sums_times_v),
            ),
            Mistake(  # round 17: the row-sums twin's other half
                id="springs-only",
                message="Your hvp gives the springs' part of H @ v alone, k times how each "
                "bead's offset from its neighbours changes along v: the wells' part, each "
                "bead's own curvature times its entry of v, which k does not change, is "
                "missing. A term of energy left out of the product gives that.",
                example=lambda: _in_variant(_springs_part_only),
            ),
            Mistake(
                id="ignores-k",
                message="Your hvp gives the same result for k = 0.5 and k = 2.0, but H @ v "
                "depends on the stiffness. Either k never reaches energy (a global k, or "
                "a number written in), or you differentiated with respect to k: energy is "
                "linear in k, so its derivatives in k no longer depend on k.",
                example=lambda: lambda x, v, k: _hvp(x, v, 1.0),
                matches=_ignores_k,
            ),
            Mistake(
                id="uncoupled",
                message="Each element of your H @ v moves with its own entry of v alone, as if "
                "the Hessian were diagonal. The springs couple neighbours: moving one bead "
                "changes its neighbours' gradients too, so element i of H @ v takes in v at "
                "i - 1 and i + 1 as well (the Hessian's entries off the diagonal).",
                example=lambda: _in_variant(_uncoupled_products),
                matches=_uses_own_v_only,
            ),
        ),
        success="A JVP of the gradient: H @ v from vectors of n numbers, and no n x n "
        "matrix anywhere.",
        variants=WELLS_VARIANTS,
    ),
    Exercise(
        id="12.fixed_target",
        title="Hold a target fixed with stop_gradient",
        reference=lambda: _td_fixed,
        rule=SameThrough(inputs=_td_inputs, view=_value_and_grad),
        hints=(
            "values[1:] appears only in the target. For grad, the target must count as a "
            "constant: which function returns its argument unchanged but stops the gradient?",
            "lax.stop_gradient(a) is a in value, and a constant to grad: everything inside "
            "it is held, whatever it is made of. The target is made of rewards and of "
            "values[1:]: which of the two must still pass the gradient on?",
            "target = rewards + {discount} * lax.stop_gradient(values[1:])",
        ),
        solution=(
            "def fixed_td_loss(values, rewards):\n"
            "    target = rewards + {discount} * jax.lax.stop_gradient(values[1:])\n"
            "    return jnp.sum((values[:-1] - target) ** 2)"
        ),
        mistakes=(
            Mistake(
                id="numpy-copy",
                message="np.asarray and np.array need concrete numbers, and inside grad values is "
                "a tracer: JAX raised TracerArrayConversionError. A NumPy copy cannot be "
                "made of a value that is being differentiated.",
                example=lambda: (
                    lambda values, rewards: jnp.sum(
                        (values[:-1] - np.asarray(rewards + _d() * values[1:])) ** 2
                    )
                ),
                matches=_fails_under_grad("TracerArrayConversionError", ""),
            ),
            Mistake(
                id="detach",
                message=".detach() is PyTorch's; JAX arrays do not have it, and JAX raised "
                "AttributeError.",
                example=lambda: (
                    lambda values, rewards: jnp.sum(
                        (values[:-1] - (rewards + _d() * values[1:]).detach()) ** 2
                    )
                ),
                matches=_fails_under_grad("AttributeError", r"detach"),
            ),
            Mistake(
                id="jax-stop-gradient",
                message="The top-level jax module has no stop_gradient: JAX raised AttributeError.",
                example=lambda: lambda values, rewards: jax.stop_gradient(values),
                matches=_fails_under_grad("AttributeError", r"stop_gradient"),
            ),
            Mistake(
                id="lesson-sized",
                message="Your loss works on 4 values but fails on the check's 5: it reads "
                "something computed outside for 4 values (a target computed in the notebook?), "
                "not the values and rewards it is called with.",
                example=lambda: _reads_lesson_target,
                matches=_sized_for_the_lesson,
            ),
            Mistake(
                id="rewards-held",
                message="The gradient in values is right, but the one in rewards is 0: "
                "stop_gradient holds everything inside it, the rewards too, so the reward "
                "model, trained by this loss, would never learn.",
                example=lambda: _td_target_held,
                matches=_rewards_held,
                also_accepted=True,
            ),
            Mistake(
                id="norm",
                message="Your loss is the square root of the task's: the norm of the errors, "
                "the root of the sum of their squares, where the loss is that sum itself, "
                "without the root.",
                example=lambda: lambda values, rewards: jnp.sqrt(_td_fixed(values, rewards)),
            ),
            Mistake(
                id="gradient-flows",
                message="The gradient still flows into the target, so each error also pulls "
                "on the next state's value (the last state's gradient is not 0): to grad, "
                "your target is a function of values, not a fixed number.",
                example=lambda: _td_flowing,
            ),
            Mistake(
                id="flows-other-discount",
                message="Your loss discounts the next state's value by another factor than "
                "{discount}, this task's (the page shows 0.9, another learner's variant "
                "another), and the gradient still flows into its target: the last state's "
                "gradient is not 0.",
                example=lambda: _td_flowing_other_discount,
                matches=_flows_with_other_discount,
            ),
            Mistake(
                id="held-everything",
                message="Your gradient is 0 everywhere: the stop_gradient covers the whole loss "
                "(or values itself), so nothing flows back and no value would ever be "
                "trained.",
                example=lambda: _held_everything,
                matches=_gradient_is_zero,
            ),
            Mistake(
                id="held-prediction",
                message="You held the prediction values[:-1] fixed, so the gradient flows only "
                "through the target: each state is pulled by the error of the state "
                "before it, and its own error trains nothing.",
                example=lambda: _td_prediction_held,
            ),
            Mistake(
                id="discounted-reward",
                message="Your discount also scales the reward: every target comes out smaller "
                "than the task's, where the reward of this step counts in full.",
                example=lambda: _td_discounted_reward,
            ),
            Mistake(
                id="discount-on-reward",
                message="Your discount weighs the reward, and the next state's value counts in "
                "full: each of your targets is {discount} times the reward plus the next value. "
                "The task's target counts this step's reward in full and discounts the value "
                "of the state after it, which lies a step further away.",
                example=lambda: _td_discount_on_reward,
                matches=_discount_on_reward,
            ),
            Mistake(
                id="chain-reversed",
                message="Your chain runs backwards: each later state is trained towards the "
                "state before it. A state's target is built from its reward and the value "
                "of the state that follows it.",
                example=lambda: _td_chain_reversed,
            ),
            Mistake(
                id="squared-apart",
                message="You squared the value and the target separately and subtracted the "
                "squares. The loss squares each error, the difference between a value and "
                "its target.",
                example=lambda: _td_squared_apart,
            ),
            Mistake(
                id="mean-not-sum",
                message="Your loss is the mean of the squared errors; the task's is their sum, "
                "so your value and every gradient come out divided by the number of errors.",
                example=lambda: _td_mean,
            ),
            Mistake(
                id="target-from-own-value",
                message="Each state's target is built from its own value, not from the next "
                "state's: a state then chases {discount} times itself plus a reward, a target that "
                "moves with every update of the state it trains.",
                example=lambda: _td_own_value,
            ),
            Mistake(
                id="trains-next",
                message="Your loss compares each target with the next state's value, so the "
                "gradient lands one state late: the first state gets none, the last one gets "
                "one. Each state's own value is what is trained towards its target.",
                example=lambda: _td_trains_next,
            ),
            Mistake(
                id="absolute-error",
                message="Your loss adds up the absolute errors, so each state's gradient is "
                "only the sign of its error, the same pull however far it is from its target. "
                "The task's loss squares each error: the gradient is twice the error.",
                example=lambda: _td_absolute,
            ),
            Mistake(
                id="square-of-sum",
                message="Your loss squares the sum of the errors, so errors of opposite signs "
                "cancel, and every state but the last gets the same gradient, twice the total "
                "error. The loss squares each state's error first and then adds them up.",
                example=lambda: _td_square_of_sum,
            ),
            Mistake(
                id="last-trained-to-zero",
                message="Your loss gives the last state a target of 0, so its value is pulled "
                "towards 0 (its gradient is not 0). The last state has no next state, so no "
                "target: it has no error of its own in the loss, only the earlier states do.",
                example=lambda: _td_last_towards_zero,
            ),
            Mistake(
                id="last-wrapped",
                message="Your loss trains the last state too, towards the discounted value of "
                "the first state: jnp.roll brings values[0] round to the end, where the chain "
                "has no next state. The last state's value is only a target; the errors are "
                "those of the states before it.",
                example=lambda: _td_last_wrapped,
            ),
            Mistake(
                id="last-step-dropped",
                message="Your loss leaves out the last step's error, that of the state before "
                "last against its reward and the last state's value, so that state's gradient "
                "is 0: it adds up fewer errors than the chain of the check has steps, as slices "
                "written for a shorter chain do.",
                example=lambda: _td_last_step_dropped,
            ),
            Mistake(
                id="no-discount",
                message="The {discount} is gone: the next state's value counts in full. The target "
                "discounts it before adding this step's reward.",
                example=lambda: _td_undiscounted,
            ),
            Mistake(
                id="other-discount",
                message="The target is held and each state trained towards it, but the next "
                "state's value is discounted by another factor than {discount}: the gradients "
                "fit one discount on every case, not the task's.",
                example=lambda: _td_other_discount,
                matches=_other_discount,
            ),
            Mistake(
                id="scaled-loss",
                message="Your loss is the task's times a constant factor: its value and every "
                "gradient are scaled alike (a 0.5 in front of the sum, say). The task's loss "
                "is the plain sum of the squared errors, whose gradient is twice each error.",
                example=lambda: _td_halved,
                matches=_scaled_loss,
            ),
            Mistake(
                id="gradient-only-proportional",
                message="Your gradient is the task's times one constant factor on every case, "
                "but your loss's value is not the sum of squared errors times that factor: "
                "the function you wrote is another one, whose gradient only points the "
                "same way. The check reads the loss's value as well as its gradient.",
                example=lambda: _td_error_held_linear,
                matches=_gradient_only_proportional,
            ),
            Mistake(
                id="not-one-number",
                message="Your function returns an array, not one number: grad differentiates "
                "only a function whose output is a single number, so JAX raised TypeError. "
                "The task's loss is one number for the whole trajectory, and its gradient "
                "has one entry per state.",
                example=lambda: _td_per_step,
                matches=_fails_under_grad("TypeError", "scalar-output"),
            ),
            Mistake(  # round 13: rewards taken as long as values
                id="rewards-length",
                message="Your function adds or subtracts an array as long as values (n "
                "numbers) and one as long as rewards (n - 1), so JAX raised a shape error: "
                "rewards holds one reward per state but the last, and every term of the loss "
                "has one entry per state that has a next state.",
                example=lambda: _td_rolled_next,
                matches=fails_with("TypeError", r"incompatible shapes", _td_inputs),
            ),
        ),
        success="The target moves only when values are updated, never through the "
        "gradient: each state learns from its own error.",
        variants=TD_VARIANTS,
    ),
    Exercise(
        id="12.fix_rule",
        # No variants (issue 38): it fixes the bug check_grads shows in the page's own rule;
        # another function would be another rule and bug, which no cell of the page shows.
        title="Fix a custom JVP rule",
        reference=lambda: _right_rule,
        rule=SameThrough(inputs=_rule_inputs, view=_compiled_with_rule),
        hints=(
            "A JVP rule returns the output and its tangent: the derivative with respect to "
            "each input times that input's tangent, summed. The buggy rule has only a's "
            "term.",
            "d/da log(exp(a) + exp(b)) = exp(a) / (exp(a) + exp(b)) = sigmoid(a - b). By "
            "symmetry, d/db is sigmoid(b - a).",
            "return out, jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot",
        ),
        solution=(
            "@jax.custom_jvp\n"
            "def fixed_log_add_exp(a, b):\n"
            "    m = jnp.maximum(a, b)\n"
            "    return m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))\n"
            "\n"
            "@fixed_log_add_exp.defjvp\n"
            "def fixed_log_add_exp_jvp(primals, tangents):\n"
            "    a, b = primals\n"
            "    a_dot, b_dot = tangents\n"
            "    out = fixed_log_add_exp(a, b)\n"
            "    return out, jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot"
        ),
        mistakes=(
            Mistake(
                id="tangent-per-input",
                message="Your rule returns a tuple of tangents, one per input. log_add_exp has "
                "one output, and JAX expects one tangent shaped like it.",
                example=lambda: (
                    lambda primals, tangents: (
                        _log_add_exp(*primals),
                        (tangents[0], tangents[1]),
                    )
                ),
                matches=_rule_fails_with("TypeError", r"equal container"),
            ),
            Mistake(
                id="no-pair",
                message="Your rule returns one value, and JAX raised: a JVP rule returns a pair, "
                "the output and its tangent.",
                example=lambda: lambda primals, tangents: tangents[0] + tangents[1],
                matches=_rule_fails_with("TypeError", r"pair"),
            ),
            Mistake(
                id="overflows",
                message="At (100.0, 3.0) your rule gives inf or nan: in float32, exp(100.0) is "
                "inf, so whatever your rule exponentiates a or b for overflows there. An "
                "output written as log(exp(a) + exp(b)) is inf; a weight written as "
                "exp(a) over exp(a) + exp(b) is inf / inf, nan.",
                example=lambda: _overflowing_rule,
                matches=_not_finite_far_apart,
            ),
            Mistake(
                id="pair-swapped",
                message="Your rule returns its two results in the other order: the tangent "
                "first, then the output. A JVP rule returns the output first and its tangent "
                "second; JAX read your tangent as the function's value.",
                example=lambda: lambda primals, tangents: _right_rule(primals, tangents)[::-1],
                matches=_pair_swapped,
            ),
            Mistake(
                id="not-linear",
                message="Your tangent is not 0 when both input tangents are 0: a JVP is linear in "
                "the tangents, and your rule's tangent has a part that does not depend on "
                "them.",
                example=lambda: (
                    lambda primals, tangents: (
                        _log_add_exp(*primals),
                        jax.nn.sigmoid(primals[0] - primals[1])
                        + jax.nn.sigmoid(primals[1] - primals[0]),
                    )
                ),
                matches=_not_linear,
            ),
            Mistake(
                id="b-ignored",
                message="Your rule still ignores b_dot: the derivative with respect to b comes "
                "out 0, so the gradient in b, and every JVP that moves b, are wrong.",
                example=lambda: _buggy_rule,
            ),
            Mistake(
                id="same-weight",
                message="b_dot gets a's weight: your derivative with respect to b is the one with "
                "respect to a, though a and b count differently in exp(a) + exp(b) "
                "whenever a != b.",
                example=lambda: _same_weight_rule,
            ),
            Mistake(
                id="weights-swapped",
                message="The weights are swapped: a_dot gets the weight of b's derivative, and "
                "b_dot that of a's.",
                example=lambda: _swapped_weights_rule,
            ),
            Mistake(
                id="unweighted",
                message="a_dot + b_dot treats both derivatives as 1: your rule says log(exp(a) + "
                "exp(b)) grows as fast as a, and as fast as b, where together the two "
                "derivatives add up to 1.",
                example=lambda: _unweighted_rule,
            ),
            Mistake(
                id="all-to-larger",
                message="Your rule gives all the weight to the larger input: a derivative of 1 "
                "for it and 0 for the other. That is the derivative of max(a, b), not of "
                "log(exp(a) + exp(b)), which shares the weight between both inputs, the larger "
                "getting more, and never all of it.",
                example=lambda: (
                    lambda primals, tangents: (
                        _log_add_exp(*primals),
                        jnp.where(primals[0] > primals[1], tangents[0], tangents[1]),
                    )
                ),
                matches=_weights_are(lambda a, b: (1.0, 0.0) if a > b else (0.0, 1.0)),
            ),
            Mistake(
                id="b-negative",
                message="Your derivative with respect to b is negative: its term has the wrong "
                "sign. Raising b raises exp(b), so log(exp(a) + exp(b)) grows with b just as "
                "it grows with a.",
                example=lambda: (
                    lambda primals, tangents: (
                        _log_add_exp(*primals),
                        jax.nn.sigmoid(primals[0] - primals[1]) * tangents[0]
                        - jax.nn.sigmoid(primals[1] - primals[0]) * tangents[1],
                    )
                ),
                matches=_weights_are(lambda a, b: (_sigmoid(a - b), -_sigmoid(b - a))),
            ),
            Mistake(
                id="half-each",
                message="Your rule gives each input the weight 1/2, whatever a and b are: that "
                "is the derivative only where a == b. Elsewhere the larger input counts more, "
                "by how much larger it is.",
                example=lambda: (
                    lambda primals, tangents: (
                        _log_add_exp(*primals),
                        0.5 * tangents[0] + 0.5 * tangents[1],
                    )
                ),
                matches=_weights_are(lambda a, b: (0.5, 0.5)),
            ),
            Mistake(
                id="not-normalised",
                message="Your weights are in the right proportion, exp(a) to exp(b), but they do "
                "not add up to 1: they were never divided by their sum. The two derivatives of "
                "log(exp(a) + exp(b)) are shares of one whole.",
                example=lambda: (
                    lambda primals, tangents: (
                        _log_add_exp(*primals),
                        jnp.exp(primals[0] - jnp.maximum(*primals)) * tangents[0]
                        + jnp.exp(primals[1] - jnp.maximum(*primals)) * tangents[1],
                    )
                ),
                matches=_proportional_not_summing,
            ),
            Mistake(
                id="shares-not-exp",
                message="Your two weights add up to 1, as the two derivatives of log(exp(a) + "
                "exp(b)) do, but they are not shared in the ratio exp(a) to exp(b): a's "
                "derivative is exp(a) / (exp(a) + exp(b)), and yours differs from it where a "
                "and b are apart.",
                example=lambda: (
                    lambda primals, tangents: (
                        _log_add_exp(*primals),
                        0.5 * (1 + jnp.tanh(primals[0] - primals[1])) * tangents[0]
                        + 0.5 * (1 - jnp.tanh(primals[0] - primals[1])) * tangents[1],
                    )
                ),
                matches=_summing_not_proportional,
            ),
            Mistake(
                id="wrong-derivatives",
                message="The values are right, the derivatives are not: the gradient and the JVP "
                "your rule gives differ from those of log(exp(a) + exp(b)) at the check's "
                "points.",
                example=lambda: (
                    lambda primals, tangents: (
                        _log_add_exp(*primals),
                        jax.nn.sigmoid(primals[0]) * tangents[0]
                        + jax.nn.sigmoid(primals[1]) * tangents[1],
                    )
                ),
                matches=_right_value_wrong_derivatives,
            ),
            Mistake(
                id="wrong-output",
                message="Your rule's first result is not the function's value at (a, b): JAX "
                "takes a JVP rule's first result as the function's value, so grad and jvp "
                "both see a wrong number.",
                example=lambda: _max_as_output,
                matches=_wrong_output,
            ),
        ),
        success="Each input's derivative times its tangent, summed, in a form that never "
        "overflows: the rule is right for grad and jvp alike.",
    ),
)
