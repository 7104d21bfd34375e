"""Exercises for lessons/09_vmap_and_random.ipynb: per-example gradients with vmap, what
split does (and does not do) to a key, a random walk that splits inside its loop, and
noise for a batch drawn from a batch of keys.

The two random exercises are checked by what a right answer must do, not by its exact
numbers: there is more than one right way to split a key (split inside the loop, split
once into many keys, fold_in), and each gives other numbers. So the rules call the
learner's function on fixed keys and check the properties: same key, same result;
another key, another result; no draw repeated; the spread a normal draw has.
"""

from __future__ import annotations

import inspect
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

import numpy as np

from jaxtour import i18n  # i18n._: `_` is this module's throwaway name
from jaxtour.display import one_line
from jaxtour.exercises.common import concrete_cache, jax, jnp
from jaxtour.grader.compare import describe, short_repr
from jaxtour.grader.key_uses import KeyUses, key_uses
from jaxtour.grader.learner_code import LearnerCodeError, call_learner, raw_call, transformed
from jaxtour.grader.mistakes import (
    behaves_like,
    equals_tree,
    fails_with,
    grows_with_batch,
    ignores_arguments,
    ignores_one_argument,
    learner_functions,
    not_repeatable,
    remembered,
    returns_none,
    traces_primitive,
    uses_module,
    uses_numpy_random,
)
from jaxtour.grader.plain import is_wrapper
from jaxtour.grader.rules import (
    Choice,
    SameFunction,
    SamePytree,
    answer_outcome,
    cases_of_this_check,
    is_numpy_array,
)
from jaxtour.grader.spec import Exercise, Mistake
from jaxtour.grader.variants import Variants
from jaxtour.grader.variants import key as variant_key
from jaxtour.lazy import is_jax_array


def _compiled(fn):
    """``fn`` run under jax.jit, made on first use (importing this module imports no JAX).

    The grader's own examples run on several batches; compiled, each is one program per
    shape instead of an eager dispatch, and a compilation, per operation.
    """
    made = {}

    def traced(decay, *args):  # 09.per_example_grads' penalty, an argument: one program
        _traced_decay.append(decay)
        try:
            return fn(*args)
        finally:
            _traced_decay.pop()

    @wraps(fn)
    def run(*args):
        if "jitted" not in made:
            made["jitted"] = jax.jit(traced)
        return made["jitted"](np.float32(_decay()), *args)

    return run


# --- 09.per_example_grads ---------------------------------------------------------------

# The exercise's data is stored features x examples: xs has shape (D, N), one example per
# COLUMN, unlike the lesson's demo (rows). So the demo's in_axes=(None, 0, 0) is wrong
# here: vmap must map xs along axis 1, ys along axis 0.
GRADS_IN_AXES = (None, 1, 0)


def log_loss(params, x, y):
    """The lesson's loss for ONE example: x has shape (D,), y is 0.0 or 1.0."""
    logit = jnp.dot(params["w"], x) + params["b"]
    return jnp.logaddexp(0.0, logit) - y * logit


_traced_decay: list[Any] = []  # the penalty a _compiled function is being traced with


def _loss(params, x, y):
    """The loss of the learner's variant for ONE example: log_loss, plus on a variant that
    asks it a weight-decay penalty on w, decay * sum(w**2) (the same for every example, so
    each example's gradient for w gains 2 * decay * w). In a _compiled function the decay
    is the program's argument, so one program serves every variant."""
    if _traced_decay:
        return log_loss(params, x, y) + _traced_decay[-1] * jnp.sum(params["w"] ** 2)
    decay = _decay()
    loss = log_loss(params, x, y)
    return loss if decay == 0 else loss + decay * jnp.sum(params["w"] ** 2)


def _batch(n: int, d: int, seed: int) -> tuple[Any, Any, Any]:
    """Parameters and a batch of n examples with d features, stored (d, n), none of them
    the notebook's.

    A new params dict every time (a learner's function could change a dict it is given);
    the arrays in it are made once, as jax arrays cannot be changed.
    """
    w, b, xs, ys = _batch_arrays(n, d, seed)
    return {"w": w, "b": b}, xs, ys


@concrete_cache
def _batch_arrays(n: int, d: int, seed: int) -> tuple[Any, Any, Any, Any]:
    rng = np.random.default_rng(seed)
    w = jnp.asarray(rng.normal(size=d).astype(np.float32))
    b = jnp.asarray(np.float32(rng.normal()))
    xs = jnp.asarray(rng.normal(size=(d, n)).astype(np.float32))  # one example per column
    ys = jnp.asarray(np.arange(n) % 2, dtype=jnp.float32)
    return w, b, xs, ys


def _grad_inputs():  # (D, N) = (3, 4) and (2, 5): never square, so a wrong axis fails
    return [_batch(4, 3, 1), _batch(5, 2, 2)]


def _square_inputs():  # as many examples as features: the rows' in_axes runs instead of failing
    return [_batch(3, 3, 3)]


def _growing_inputs():  # the same features, 2 then 5 examples
    return [_batch(2, 3, 4), _batch(5, 3, 4)]


@_compiled
def _per_example_grads(params, xs, ys):
    return jax.vmap(jax.grad(_loss), in_axes=GRADS_IN_AXES)(params, xs, ys)


def _w_b_tuple(params, xs, ys):
    grads = _per_example_grads(params, xs, ys)
    return grads["w"], grads["b"]


def _w_b_tuple_last(params, xs, ys):  # the same tuple, laid out as the task asks
    grads = _transposed(params, xs, ys)
    return grads["w"], grads["b"]


def _leaves_in_a_tuple(answer: Any) -> bool:
    """The right gradients as a tuple (w, b), with the examples first or last (round 11)."""
    return behaves_like(_w_b_tuple, _grad_inputs, whole=True)(answer) or behaves_like(
        _w_b_tuple_last, _grad_inputs
    )(answer)


def _w_only(params, xs, ys):
    return _per_example_grads(params, xs, ys)["w"]


def _w_only_last(params, xs, ys):
    return _transposed(params, xs, ys)["w"]


def _w_dict_only(params, xs, ys):  # round 15: {"w": grads["w"]}
    return {"w": _per_example_grads(params, xs, ys)["w"]}


def _w_dict_only_last(params, xs, ys):
    return {"w": _transposed(params, xs, ys)["w"]}


def _only_w(answer: Any) -> bool:
    """w's right gradients alone, as an array or a dict with w only, the examples first or
    last (round 15 wrote the task's layout, examples last, in a dict)."""
    return any(
        behaves_like(wrong, _grad_inputs, whole=True)(answer)
        for wrong in (_w_only, _w_only_last, _w_dict_only, _w_dict_only_last)
    )


def _column_ys(params, xs, ys):
    return jax.vmap(jax.grad(_loss), in_axes=GRADS_IN_AXES)(params, xs, ys[:, None])


def _averaged_dict(params, xs, ys):
    return _per_example_grads(params, xs, ys) / xs.shape[1]


def _looped(params, xs, ys):
    grads = [jax.grad(_loss)(params, xs[:, i], ys[i]) for i in range(xs.shape[1])]
    return jax.tree.map(lambda *leaves: jnp.stack(leaves), *grads)


def _lax_map(params, xs, ys):
    return jax.lax.map(lambda xy: jax.grad(_loss)(params, *xy), (xs.T, ys))


def _maps_params(params, xs, ys):
    return jax.vmap(jax.grad(_loss), in_axes=(0, 1, 0))(params, xs, ys)


@_compiled
def _rows_as_examples(params, xs, ys):  # the lesson's demo line: examples in rows
    return jax.vmap(jax.grad(_loss), in_axes=(None, 0, 0))(params, xs, ys)


def _ys_axis_1(params, xs, ys):  # "the examples are on axis 1", ys included
    return jax.vmap(jax.grad(_loss), in_axes=(None, 1, 1))(params, xs, ys)


def _short_in_axes(params, xs, ys):
    return jax.vmap(jax.grad(_loss), in_axes=(None, 1))(params, xs, ys)


def _grad_of_vmap(params, xs, ys):
    return jax.grad(jax.vmap(_loss, in_axes=GRADS_IN_AXES))(params, xs, ys)


@_compiled
def _transposed(params, xs, ys):  # variant 0's reference: the examples last, stored like xs
    return jax.vmap(jax.grad(_loss), in_axes=GRADS_IN_AXES, out_axes=-1)(params, xs, ys)


# Where the examples go in the result: last, stored like xs (variant 0, the page), or first,
# as vmap puts them by default; and the loss: log_loss (the page), or log_loss plus a weight
# decay on w, which adds 2 * decay * w to every example's gradient for w. xs stays (D, N),
# so in_axes is the same reasoning (the examples in rows is the lesson's demo line); each
# drawn variant differs from the others in the layout, the penalty or both.
def _grads_variant(out_axes: int, decay: float) -> dict[str, Any]:
    last = out_axes == -1
    penalty = f" + {decay} * jnp.sum(p['w'] ** 2)" if decay else ""
    return {
        "w_shape": "(D, N)" if last else "(N, D)",
        "out_axes": out_axes,
        "other_w_shape": "(N, D)" if last else "(D, N)",
        "decay": decay,
        "loss": f"lambda p, x, y: log_loss(p, x, y){penalty}" if decay else "log_loss",
        "loss_shown": f"log_loss(p, x, y){penalty}" if decay else "log_loss(p, x, y)",
    }


GRADS_VARIANTS = Variants(
    # _grads_variant(-1, 0.0), written out for the teacher's board. Shapes and numbers
    # only: a value is filled into the translated text as it is.
    default={
        "w_shape": "(D, N)",
        "out_axes": -1,
        "other_w_shape": "(N, D)",
        "decay": 0.0,
        "loss": "log_loss",
        "loss_shown": "log_loss(p, x, y)",
    },
    draw=lambda rng: _grads_variant(*rng.choice(((0, 0.0), (-1, 0.1)))),
    shown="per_example_grads returns each example's gradient of {loss_shown} with respect "
    "to p, the params: w's gradients shaped {w_shape} and b's shaped (N,).",
)


def _decay() -> float:
    """The weight decay of the learner's variant's loss (variant 0: none, log_loss)."""
    return GRADS_VARIANTS.current("09.per_example_grads")["decay"]


def _examples_last() -> bool:
    """Whether the learner's variant stores the examples last (variant 0) or first."""
    return GRADS_VARIANTS.current("09.per_example_grads")["out_axes"] == -1


def _asked_grads():
    """The reference of the learner's variant: the examples where its task puts them."""
    return _transposed if _examples_last() else _per_example_grads


def _naive_loss(params, x, y):  # round 20: log(1 + exp(logit)), which overflows
    logit = jnp.dot(params["w"], x) + params["b"]
    loss = jnp.log(1 + jnp.exp(logit)) - y * logit
    decay = _decay()
    return loss if decay == 0 else loss + decay * jnp.sum(params["w"] ** 2)


def _grads_of_naive_loss(params, xs, ys):
    out_axes = -1 if _examples_last() else 0
    return jax.vmap(jax.grad(_naive_loss), in_axes=GRADS_IN_AXES, out_axes=out_axes)(params, xs, ys)


def _large_logit_batch() -> tuple[Any, Any, Any]:
    """The rule's first batch with 100 added to b: every logit near 100, where exp
    overflows float32 (past about 88.7) and log_loss's gradient is still finite."""
    params, xs, ys = _batch(4, 3, 1)
    return {"w": params["w"], "b": params["b"] + 100.0}, xs, ys


def _overflows_at_large_logits(answer: Any) -> bool:
    """Gradients that are not finite on the large-logit batch, where the reference's are:
    a loss of the answer's own that overflows there (log(1 + exp(logit)))."""
    if not callable(answer):
        return False
    try:
        got = jax.jit(answer)(*_large_logit_batch())
        leaves = jax.tree.leaves(got)
        return bool(leaves) and any(not np.all(np.isfinite(np.asarray(leaf))) for leaf in leaves)
    except Exception:
        return False


def _decay_differs(answer: Any) -> bool:
    """Round 19: the right gradients, but each example's gradient for w holds an extra
    c * w (one c, not 0, on every input): a weight decay on w this variant's loss lacks, or
    another one than it has. b's gradients are right."""
    if not callable(answer):
        return False
    factors = []
    for params, xs, ys in _grad_inputs():
        try:
            got = answer(params, xs, ys)
            want = _asked_grads()(params, xs, ys)
            got_w, want_w = np.asarray(got["w"]), np.asarray(want["w"])
            if got_w.shape != want_w.shape:
                return False
            if not np.allclose(np.asarray(got["b"]), np.asarray(want["b"]), rtol=1e-4, atol=1e-6):
                return False
        except Exception:
            return False
        w = np.asarray(params["w"]).reshape(-1)
        along = w[:, None] if got_w.shape[0] == w.shape[0] else w[None, :]
        along = np.broadcast_to(along, got_w.shape)
        usable = np.abs(along) > 1e-3
        if not usable.any():
            return False
        factors.extend(((got_w - want_w)[usable] / along[usable]).tolist())
    c = float(np.median(factors))
    return abs(c) > 1e-4 and np.allclose(factors, c, rtol=1e-2, atol=1e-5)


def _grads_other_decay(params, xs, ys):
    grads = _asked_grads()(params, xs, ys)
    w = np.asarray(params["w"]).reshape(-1)
    along = w[:, None] if np.shape(grads["w"])[0] == w.shape[0] else w[None, :]
    return {"w": grads["w"] + 2 * 0.03 * along, "b": grads["b"]}


def _other_layout_grads():
    """The right gradients with the examples where the learner's variant does not put them."""
    return _per_example_grads if _examples_last() else _transposed


_JACOBIANS = ("jacrev", "jacfwd", "jacobian")
# jax.jacrev read off jax or imported from it, or bound to a notebook name (the function)
_reads_jacobian = (uses_module("jax", _JACOBIANS), uses_module("jax._src.api", _JACOBIANS))


def _jacobian_grads():
    """The Jacobian of the N losses with respect to params: w's gradients (N, D), the
    examples first; turned (D, N) where the learner's variant asks for (N, D)."""
    from jax import jacrev  # JAX's own, which the code check reads (not common's stand-in)

    last = _examples_last()

    def per_example_grads(params, xs, ys):
        jac = jacrev(lambda p: jax.vmap(_loss, in_axes=GRADS_IN_AXES)(p, xs, ys))(params)
        return jac if last else {"w": jac["w"].T, "b": jac["b"]}

    return per_example_grads


def _jacobian_other_layout(answer: Any) -> bool:
    """A Jacobian in the answer's code, and the right gradients in the other layout."""
    return any(reads(answer) for reads in _reads_jacobian) and behaves_like(
        _other_layout_grads(), _grad_inputs
    )(answer)


@_compiled
def _transposed_after(params, xs, ys):  # right gradients, then w's turned (D, N)
    grads = jax.vmap(jax.grad(_loss), in_axes=GRADS_IN_AXES)(params, xs, ys)
    return {"w": grads["w"].T, "b": grads["b"]}


@_compiled
def _mean_grad(params, xs, ys):
    batch_loss = lambda p: jnp.mean(jax.vmap(_loss, in_axes=GRADS_IN_AXES)(p, xs, ys))  # noqa: E731
    return jax.grad(batch_loss)(params)


@_compiled
def _grad_wrt_x(params, xs, ys):
    return jax.vmap(jax.grad(_loss, argnums=1), in_axes=GRADS_IN_AXES)(params, xs, ys)


@_compiled
def _losses(params, xs, ys):
    return jax.vmap(_loss, in_axes=GRADS_IN_AXES)(params, xs, ys)


@concrete_cache
def _notebook_batch():
    return _batch(8, 3, 0)


def _reads_notebook(params, xs, ys):  # the notebook's params, the grader's batch
    return _per_example_grads(_notebook_batch()[0], xs, ys)


def _one_argument_changed():
    """Pairs of batches that differ in one argument only: params, xs or ys."""
    params, xs, ys = _batch(4, 3, 1)
    other_params, other_xs, _ = _batch(4, 3, 5)
    other_ys = _batch_arrays(4, 3, 6)[3][::-1]  # [1, 0, 1, 0] against [0, 1, 0, 1]
    return [
        [(params, xs, ys), (other_params, xs, ys)],
        [(params, xs, ys), (params, other_xs, ys)],
        [(params, xs, ys), (params, xs, other_ys)],
    ]


def _all_labels(reduce: Callable[[Any], Any], out_axes: int) -> Callable[..., Any]:
    """Each example's loss given the whole ys and made one number by ``reduce`` (ys
    broadcast, as rounds 5 and 7 wrote it): its gradient reads ys only through their sum."""

    @_compiled
    def grads(params, xs, ys):
        one = lambda p, x: reduce(_loss(p, x, ys))  # noqa: E731
        return jax.vmap(jax.grad(one), in_axes=(None, 1), out_axes=out_axes)(params, xs)

    return grads


_ys_summed_per_example = _all_labels(lambda losses: jnp.sum(losses), -1)
_ALL_LABELS = tuple(
    behaves_like(_all_labels(reduce, out_axes), _grad_inputs, whole=True)
    for reduce in (lambda losses: jnp.sum(losses), lambda losses: jnp.mean(losses))
    for out_axes in (-1, 0)
)


def _all_labels_per_example(answer: Any) -> bool:
    """Each example's gradient taken with every label of ys, summed or averaged, the
    examples last or first."""
    return any(matches(answer) for matches in _ALL_LABELS)


def _vmap_not_called(params, xs, ys):
    return jax.vmap(jax.grad(_loss), in_axes=GRADS_IN_AXES)


def _returns_a_function(answer: Any) -> bool:
    return callable(answer) and callable(answer(*_grad_inputs()[0]))


def _batch_gradient(answer: Any) -> bool:
    """One gradient for the whole batch: shaped like params, no axis for the examples."""
    if not callable(answer):
        return False
    params, xs, ys = _grad_inputs()[0]
    got = answer(params, xs, ys)
    return (
        isinstance(got, dict)
        and sorted(got) == ["b", "w"]
        and all(np.shape(got[name]) == np.shape(params[name]) for name in ("b", "w"))
    )


def _mean_grad_tiled(params, xs, ys):
    """Round 7: the batch's mean gradient, repeated once per example (examples last)."""
    g = _mean_grad(params, xs, ys)
    n = xs.shape[1]
    return {"w": jnp.tile(g["w"][:, None], (1, n)), "b": jnp.tile(g["b"], n)}


def _sum_grad_tiled(params, xs, ys):
    """Round 14: the gradient of the batch's summed loss, repeated once per example."""
    return jax.tree.map(lambda g: g * xs.shape[1], _mean_grad_tiled(params, xs, ys))


def _batch_gradient_repeated(answer: Any) -> bool:
    return behaves_like(_mean_grad_tiled, _grad_inputs, whole=True)(answer) or behaves_like(
        _sum_grad_tiled, _grad_inputs
    )(answer)


def _wrt_x_any_layout(answer: Any) -> bool:
    """One array, the gradients with respect to x, examples first or last, on every case."""
    if not callable(answer):
        return False
    for index, args in enumerate(cases_of_this_check(_grad_inputs, _grad_inputs)):
        got, raised = answer_outcome(_grad_inputs, answer, index, args)
        if raised is not None or not (is_jax_array(got) or is_numpy_array(got)):
            return False
        want = np.asarray(_grad_wrt_x(*args))
        got = np.asarray(got)
        if not any(
            got.shape == w.shape and np.allclose(got, w, rtol=1e-4, atol=1e-6)
            for w in (want, want.T)
        ):
            return False
    return True


def _w_wrt_x(answer: Any) -> bool:
    """A dict whose "w" holds the gradients with respect to x, examples first or last, on
    every case (round 11: argnums=1 for w, b's right)."""
    if not callable(answer):
        return False
    for index, args in enumerate(cases_of_this_check(_grad_inputs, _grad_inputs)):
        got, raised = answer_outcome(_grad_inputs, answer, index, args)
        if raised is not None or not isinstance(got, dict) or "w" not in got:
            return False
        if not (is_jax_array(got["w"]) or is_numpy_array(got["w"])):
            return False
        want = np.asarray(_grad_wrt_x(*args))
        w = np.asarray(got["w"])
        if not any(
            w.shape == x.shape and np.allclose(w, x, rtol=1e-4, atol=1e-6) for x in (want, want.T)
        ):
            return False
    return True


def _w_wrt_x_example(params, xs, ys):
    grads = _transposed(params, xs, ys)
    return {"w": _grad_wrt_x(params, xs, ys).T, "b": grads["b"]}


def _passes_out_axes(answer: Any) -> bool:
    """Whether the answer's own code (or a notebook function it calls) passes out_axes=."""
    for fn in learner_functions(answer):
        codes = [fn.__code__]
        while codes:
            code = codes.pop()
            for const in code.co_consts:
                if isinstance(const, type(code)):
                    codes.append(const)
                elif const == "out_axes" or (isinstance(const, tuple) and "out_axes" in const):
                    return True
    return False


def _out_axes_one(params, xs, ys):  # the demo's out_axes=1: b's batch has no axis 1
    return jax.vmap(jax.grad(_loss), in_axes=GRADS_IN_AXES, out_axes=1)(params, xs, ys)


def _examples_in_rows(answer: Any) -> bool:
    """xs mapped along axis 0, the lesson demo's layout: vmap finds D rows against N
    labels, or (a square batch) silently takes the rows as the examples."""
    # axis 0 of xs, or (round 8) axis 1 of xs.T: the rows of xs either way
    wrong_size = fails_with(
        "ValueError", r"(?s)inconsistent sizes.*axis [01] of argument x\b", _grad_inputs
    )
    return wrong_size(answer) or behaves_like(_rows_as_examples, _square_inputs)(answer)


def _ys_whole_inputs():  # 4 examples but 5 labels: only a function that keeps ys whole runs
    params, xs, _ = _batch(4, 3, 1)
    return [(params, xs, jnp.zeros(5, dtype=jnp.float32))]


def _ys_not_mapped(params, xs, ys):
    return jax.vmap(jax.grad(_loss), in_axes=(None, 1, None))(params, xs, ys)


@_compiled
def _argnums_tuple(params, xs, ys):
    return jax.vmap(jax.grad(_loss, argnums=(0,)), in_axes=GRADS_IN_AXES)(params, xs, ys)


def _argnums_tuple_last(params, xs, ys):
    return (_transposed(params, xs, ys),)


def _dict_in_a_tuple(answer: Any) -> bool:
    """The right gradients' dict as the one item of a tuple, the examples first or last
    (round 15: argnums=(0,) with out_axes=-1, the task's layout)."""
    return any(
        behaves_like(wrong, _grad_inputs, whole=True)(answer)
        for wrong in (_argnums_tuple, _argnums_tuple_last)
    )


@_compiled
def _value_and_grads(params, xs, ys):
    return jax.vmap(jax.value_and_grad(_loss), in_axes=GRADS_IN_AXES)(params, xs, ys)


def _losses_beside_grads(answer: Any) -> bool:
    """A pair whose second item is the per-example gradients asked (value_and_grad under
    vmap, the examples put wherever out_axes says): round 8 put them last."""
    if not callable(answer):
        return False
    for args in _grad_inputs():
        try:
            got = call_learner(answer, args)
        except Exception:
            return False
        if not (isinstance(got, tuple | list) and len(got) == 2):
            return False
        if not equals_tree(_asked_grads()(*args))(got[1]):
            return False
    return True


def _grads_no_return(params, xs, ys):
    jax.vmap(jax.grad(_loss), in_axes=GRADS_IN_AXES)(params, xs, ys)


def _numpy_grads(params, xs, ys):
    grads = jax.vmap(jax.grad(_loss), in_axes=GRADS_IN_AXES)(params, xs, ys)
    return {name: np.asarray(g) for name, g in grads.items()}


def _numpy_leaves(answer: Any) -> bool:
    """The function's result holds NumPy arrays (np.stack, np.asarray), when run unjitted."""
    if not callable(answer):
        return False
    leaves = jax.tree.leaves(answer(*_grad_inputs()[0]))
    return bool(leaves) and any(isinstance(leaf, np.ndarray | np.generic) for leaf in leaves)


# --- 09.split_keeps_key -----------------------------------------------------------------

# Issue 34 item 3: running the code shows which draws repeat a, so the answer is that AND
# its reason; two options say "b only".
SPLIT_OPTIONS = ("A", "B", "C", "D", "E")

# --- 09.random_walk ---------------------------------------------------------------------

WALK_STEPS = 12
STAT_KEYS = 32  # walks drawn to check the spread; seeded, so the verdict never changes
STAT_STEPS = 8


WALK_CASES = ((7, WALK_STEPS), (8, WALK_STEPS), (9, 5))  # (key seed, steps)

WALK_VARIANTS = Variants(
    # A drawn variant's walker also rests: before each step a draw of jax.random.bernoulli
    # says whether it stays put, so each pass makes two draws, and needs two keys besides
    # the one it carries (issue 34: the page's own split line no longer passes).
    default={"scale": 1.0, "rest": 0.0},
    draw=lambda rng: {"scale": rng.choice((0.5, 2.0, 4.0)), "rest": rng.choice((0.25, 0.5))},
    shown="Each step is {scale} times a draw of jax.random.normal; a draw of "
    "jax.random.bernoulli with probability {rest} first says whether the walker rests "
    "instead (a step of 0.0).",
)
REST_SLACK = 0.15  # the share of rests may be this far from the variant's over STAT_KEYS walks


def _scale() -> float:
    """How far a step goes in the learner's variant: a normal draw times this (page: 1.0)."""
    return WALK_VARIANTS.current("09.random_walk")["scale"]


def _rest() -> float:
    """How often the walker rests in the learner's variant (page: 0.0, never)."""
    return WALK_VARIANTS.current("09.random_walk")["rest"]


def _walk_inputs():
    return [(jax.random.key(seed), steps) for seed, steps in WALK_CASES]


def _random_walk(key, steps):
    position = jnp.zeros(())
    path = []
    for _ in range(steps):
        if _rest():
            key, subkey, rest_key = jax.random.split(key, 3)
            rests = jax.random.bernoulli(rest_key, _rest())
            position = position + jnp.where(rests, 0.0, _scale() * jax.random.normal(subkey))
        else:
            key, subkey = jax.random.split(key)
            position = position + _scale() * jax.random.normal(subkey)
        path.append(position)
    return jnp.stack(path)


def _walk_rest_same_key(key, steps):  # the rest and the step drawn from one subkey
    position, path = 0.0, []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        rests = jax.random.bernoulli(subkey, _rest())
        position = position + jnp.where(rests, 0.0, _scale() * jax.random.normal(subkey))
        path.append(position)
    return jnp.stack(path)


def _walk_same_key(key, steps):  # the lesson's broken walk
    position = jnp.zeros(())
    path = []
    for _ in range(steps):
        position = position + _scale() * jax.random.normal(key)
        path.append(position)
    return jnp.stack(path)


def _walk_split_not_kept(key, steps):
    position = jnp.zeros(())
    path = []
    for _ in range(steps):
        _, subkey = jax.random.split(key)  # the new key is thrown away
        position = position + _scale() * jax.random.normal(subkey)
        path.append(position)
    return jnp.stack(path)


def _walk_numpy(key, steps):
    return jnp.cumsum(jnp.asarray(np.random.normal(scale=_scale(), size=steps), dtype=jnp.float32))


def _walk_numpy_seeded(key, steps):
    seed = int(jax.random.randint(key, (), 0, 2**31 - 1))
    draws = np.random.default_rng(seed).normal(scale=_scale(), size=steps)
    return jnp.cumsum(jnp.asarray(draws, dtype=jnp.float32))


def _walk_fixed_seed(key, steps):
    return _random_walk(jax.random.key(0), steps)


def _walk_steps_only(key, steps):
    return _scale() * jax.random.normal(key, (steps,))


def _walk_split_pair(key, steps):  # key = split(key): a pair of keys, not one
    position = jnp.zeros(())
    path = []
    for _ in range(steps):
        key = jax.random.split(key)
        position = position + _scale() * jax.random.normal(key)
        path.append(position)
    return jnp.stack(path)


def _walk_with_start(key, steps):  # path = [0.0], then one entry per step
    return jnp.concatenate([jnp.zeros(1), _random_walk(key, steps)])


def _includes_start(answer: Any) -> bool:
    """One entry more than the steps, the first 0.0: the starting position was recorded."""
    if not callable(answer):
        return False
    key, steps = _walk_inputs()[0]
    got = answer(key, steps)
    return is_jax_array(got) and got.shape == (steps + 1,) and float(got[0]) == 0.0


def _as_path(got: Any, steps: int) -> tuple[Any, str | None]:
    """The learner's walk as float64 NumPy, or a sentence saying why it is not a walk."""
    if isinstance(got, list | tuple) and got and all(map(is_jax_array, got)):
        return None, (
            i18n._("It is a Python {name__} of {count} arrays, where one array was asked.").format(
                name__=type(got).__name__, count=len(got)
            )
        )
    if is_numpy_array(got):
        return None, i18n._("It is a NumPy array, where a jax array was asked.")
    if not is_jax_array(got):
        return None, i18n._("Expected a jax array of shape ({steps},), but this is {what}.").format(
            steps=steps, what=describe(got)
        )
    if got.shape != (steps,):
        shaped_draws = got.ndim > 1 and got.shape[0] == steps
        return None, (
            i18n._("It has shape {tuple}, but one position per step is shape ({steps},).").format(
                tuple=tuple(got.shape), steps=steps
            )
            + (
                i18n._(" Each step was drawn as an array of its own, not as one number.")
                if shaped_draws
                else ""
            )
        )
    if got.dtype.kind != "f":
        return None, i18n._(
            "It has dtype {dtype}: positions are floats (jax.random.normal)."
        ).format(dtype=got.dtype)
    path = np.asarray(got, dtype=np.float64)
    if not np.all(np.isfinite(path)):
        return None, i18n._("It holds NaN or Inf values.")
    return path, None


def _steps_of(path: np.ndarray) -> np.ndarray:
    return np.diff(path, prepend=0.0)


def _first_walk(answer: Any) -> np.ndarray | None:
    if not callable(answer):
        return None
    key, steps = _walk_inputs()[0]
    path, _ = _as_path(answer(key, steps), steps)
    return path


def _carried_chain_walk(key, steps, keep: int, skip: int):
    """A walk that draws each step from the key it carries AND splits that key for the
    next: keys k, split(k)[keep], split(split(k)[keep])[keep], ..., the first ``skip`` of
    them only split."""
    draws = []
    for index in range(skip + steps):
        if index >= skip:
            draws.append(_scale() * jax.random.normal(key))
        key = jax.random.split(key)[keep]
    return jnp.cumsum(jnp.stack(draws))


def _walk_draws_then_splits(key, steps):  # the exercise's broken walk
    position, path = 0.0, []
    for _ in range(steps):
        position = position + _scale() * jax.random.normal(key)
        key, _ = jax.random.split(key)
        path.append(position)
    return jnp.stack(path)


@remembered
def _draws_from_a_split_key(answer: Any) -> bool:
    """Every step drawn from a key that is also split for the next ones (keeping either
    half, drawing before or after the split), on every walk of the check: values that
    look random, from keys used twice."""
    if not callable(answer):
        return False
    for seed, steps in WALK_CASES[:1] + WALK_CASES[2:]:
        key = jax.random.key(seed)
        try:
            path, problem = _as_path(call_learner(answer, (key, steps)), steps)
        except LearnerCodeError:
            return False
        if problem:
            return False
        if not any(
            np.allclose(path, np.asarray(_carried_chain_walk(key, steps, keep, skip)), atol=1e-5)
            for keep in (0, 1)
            for skip in (0, 1)
        ):
            return False
    return True


def _split_inputs(jaxpr: Any) -> list[list[Any]]:
    """For each program (nested ones apart), the key variables its random_split
    equations take."""
    jaxpr = getattr(jaxpr, "jaxpr", jaxpr)
    found, nested = [], []
    for eqn in jaxpr.eqns:
        if eqn.primitive.name == "random_split":
            found.append(eqn.invars[0])
        for param in eqn.params.values():
            for item in param if isinstance(param, tuple | list) else (param,):
                inner = getattr(item, "jaxpr", item)
                if hasattr(inner, "eqns"):
                    nested += _split_inputs(inner)
    return [found, *nested]


def _walk_program_key() -> Any:
    return jax.random.key(7)


@remembered
def _walk_program(answer: Any) -> Any:
    """The program jit would record for the answer's six-step walk, None if it has none."""
    if not callable(answer):
        return None
    try:
        return jax.make_jaxpr(lambda key: answer(key, 6))(_walk_program_key())
    except Exception:
        return None


@remembered
def _walk_key_uses(answer: Any) -> KeyUses | None:
    """What the six-step walk's program drew from and split, told by the keys' bits (a
    key made again from its data, jax.random.clone(key), is the same key): None when it
    has no program or the program cannot be run step by step."""
    jaxpr = _walk_program(answer)
    return None if jaxpr is None else key_uses(jaxpr, _walk_program_key())


def _splits_a_key_twice(answer: Any) -> bool:
    """One key split twice in the answer's traced program (round 7: split(key)[0] to draw
    and split(key)[1] to carry): the second split makes the same pair again. Told by the
    program jit would record for a six-step walk, not by the code's text."""
    jaxpr = _walk_program(answer)
    if jaxpr is None:
        return False
    uses = _walk_key_uses(answer)
    if uses is not None:  # by the keys' bits: a clone of a key is that key
        return uses.split_twice()
    for keys in _split_inputs(jaxpr):
        seen: set[int] = set()
        for var in keys:
            if id(var) in seen:
                return True
            seen.add(id(var))
    return False


def _program_draws(eqn: Any) -> bool:
    """The equation draws or splits: random_bits or random_split itself, or a nested
    program (a jitted helper, jax.random.normal's own) that does."""
    if eqn.primitive.name in ("random_bits", "random_split"):
        return True
    for param in eqn.params.values():
        for item in param if isinstance(param, tuple | list) else (param,):
            inner = getattr(item, "jaxpr", item)
            if hasattr(inner, "eqns") and any(_program_draws(e) for e in inner.eqns):
                return True
    return False


def _drawn_from_and_split(jaxpr: Any) -> bool:
    """A key variable that one equation splits and another draws from (or splits), in any
    program: the key used twice, as in drawing the first step from key, then splitting key
    for the others."""
    jaxpr = getattr(jaxpr, "jaxpr", jaxpr)
    split = {id(eqn.invars[0]) for eqn in jaxpr.eqns if eqn.primitive.name == "random_split"}
    for var_id in split:
        users = [
            eqn
            for eqn in jaxpr.eqns
            if any(id(v) == var_id for v in eqn.invars) and _program_draws(eqn)
        ]
        if len(users) > 1:
            return True
    for eqn in jaxpr.eqns:
        for param in eqn.params.values():
            for item in param if isinstance(param, tuple | list) else (param,):
                inner = getattr(item, "jaxpr", item)
                if hasattr(inner, "eqns") and _drawn_from_and_split(inner):
                    return True
    return False


def _draws_numbers(eqn: Any) -> bool:
    """The equation draws numbers without splitting: random_bits, or a nested program
    (jax.random.normal's own) that draws and splits nothing."""
    return _program_draws(eqn) and not _program_splits(eqn)


def _program_splits(eqn: Any) -> bool:
    if eqn.primitive.name == "random_split":
        return True
    for param in eqn.params.values():
        for item in param if isinstance(param, tuple | list) else (param,):
            inner = getattr(item, "jaxpr", item)
            if hasattr(inner, "eqns") and any(_program_splits(e) for e in inner.eqns):
                return True
    return False


def _drawn_from_twice(jaxpr: Any) -> bool:
    """A key variable that two equations draw numbers from, in any program."""
    jaxpr = getattr(jaxpr, "jaxpr", jaxpr)
    counts: dict[int, int] = {}
    for eqn in jaxpr.eqns:
        if _draws_numbers(eqn):
            for var_id in {id(v) for v in eqn.invars}:
                counts[var_id] = counts.get(var_id, 0) + 1
                if counts[var_id] > 1 and _is_key_var(eqn, var_id):
                    return True
        for param in eqn.params.values():
            for item in param if isinstance(param, tuple | list) else (param,):
                inner = getattr(item, "jaxpr", item)
                if hasattr(inner, "eqns") and _drawn_from_twice(inner):
                    return True
    return False


def _most_draws_from_one_key(jaxpr: Any) -> int:
    """The most draws any one key variable feeds, in any program (nested ones apart)."""
    jaxpr = getattr(jaxpr, "jaxpr", jaxpr)
    counts: dict[int, int] = {}
    most = 0
    for eqn in jaxpr.eqns:
        if _draws_numbers(eqn):
            for var_id in {id(v) for v in eqn.invars}:
                if _is_key_var(eqn, var_id):
                    counts[var_id] = counts.get(var_id, 0) + 1
                    most = max(most, counts[var_id])
        for param in eqn.params.values():
            for item in param if isinstance(param, tuple | list) else (param,):
                inner = getattr(item, "jaxpr", item)
                if hasattr(inner, "eqns"):
                    most = max(most, _most_draws_from_one_key(inner))
    return most


@remembered
def _draws_step_and_rest_from_one_key(answer: Any) -> bool:
    """Each key drawn from at most twice, and one twice, in the six-step walk's program:
    the step and the rest drawn from one key (a key drawn again on every pass feeds six)."""
    jaxpr = _walk_program(answer)
    if jaxpr is None:
        return False
    uses = _walk_key_uses(answer)
    return (uses.most_draws() if uses is not None else _most_draws_from_one_key(jaxpr)) == 2


def _is_key_var(eqn: Any, var_id: int) -> bool:
    for var in eqn.invars:
        if id(var) == var_id:
            dtype = getattr(getattr(var, "aval", None), "dtype", None)
            return dtype is not None and jax.dtypes.issubdtype(dtype, jax.dtypes.prng_key)
    return False


@remembered
def _draws_one_key_twice(answer: Any) -> bool:
    """One key drawn from twice in the answer's traced program (round 8: all the steps drawn
    anew from key on every pass, one of them kept each time). Told by the program jit would
    record for a six-step walk."""
    jaxpr = _walk_program(answer)
    if jaxpr is None:
        return False
    uses = _walk_key_uses(answer)
    return uses.most_draws() > 1 if uses is not None else _drawn_from_twice(jaxpr)


def _walk_redrawn_each_pass(key, steps):
    position, path = 0.0, []
    for i in range(steps):
        position = position + _scale() * jax.random.normal(key, (steps,))[i]
        path.append(position)
    return jnp.stack(path)


@remembered
def _draws_and_splits_one_key(answer: Any) -> bool:
    """A key both drawn from and split in the answer's traced program (round 8: the first
    step drawn from key, then split(key, steps - 1) for the rest). Told by the program jit
    would record for a six-step walk."""
    jaxpr = _walk_program(answer)
    if jaxpr is None:
        return False
    uses = _walk_key_uses(answer)
    return uses.drawn_and_split() if uses is not None else _drawn_from_and_split(jaxpr)


def _walk_first_from_key(key, steps):
    first = _scale() * jax.random.normal(key)
    rest = _scale() * jax.vmap(jax.random.normal)(jax.random.split(key, steps - 1))
    return jnp.cumsum(jnp.concatenate([first[None], rest]))


def _walk_split_twice(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        position = position + _scale() * jax.random.normal(jax.random.split(key)[0])
        key = jax.random.split(key)[1]
        path.append(position)
    return jnp.stack(path)


_draws_bernoulli = uses_module("jax.random", ("bernoulli",))


def _never_moves(answer: Any) -> bool:
    """Every step of the answer's first walk is 0.0: a walker that never moves uses its key
    and draws nothing the same twice, whatever else is wrong (round 18)."""
    path = _first_walk(answer)
    return path is not None and bool(np.all(_steps_of(path) == 0.0))


def _rests_read_inverted(answer: Any, rests: float) -> bool:
    """The answer draws with bernoulli, and its walker stays put on about 1 - rest of its
    steps (``rests``), where it rests on about rest of them: True read as "moves". Not told
    where rest is near 1/2, where the two read alike."""
    return (
        abs(1.0 - 2.0 * _rest()) > 2 * REST_SLACK
        and abs(rests - (1.0 - _rest())) <= REST_SLACK
        and _draws_bernoulli(answer)
    )


def _same_step_each_time(answer: Any) -> bool:
    path = _first_walk(answer)
    steps = None if path is None else _steps_of(path)
    return steps is not None and _all_equal(steps) and not np.all(steps == 0.0)


def _all_equal(values: np.ndarray) -> bool:
    return values.size > 1 and bool(np.allclose(values, values[0], rtol=1e-5, atol=1e-6))


def _few_step_values(paths: list[np.ndarray]) -> str | None:
    """The values every step of every walk is one of, shown, when they are at most three
    (±1 steps): such steps repeat by chance, not because a key was used twice."""
    steps = np.concatenate([_steps_of(path).ravel() for path in paths])
    if steps.size < 4:
        return None
    values = np.unique(np.round(steps.astype(np.float64), 5))
    if len(values) > 3:
        return None
    return ", ".join(f"{v:g}" for v in values)


def _repeat(values: np.ndarray) -> tuple[int, int] | None:
    """The first pair of positions (i < j) holding the same number, or None."""
    for j in range(1, values.size):
        close = np.isclose(values[:j], values[j], rtol=1e-5, atol=1e-6)
        if close.any():
            return int(np.argmax(close)), j
    return None


@dataclass(frozen=True)
class WalkStatistics:
    """What STAT_KEYS seeded walks of STAT_STEPS steps look like, taken together."""

    step_mean: float
    step_spread: float
    rests: float  # the share of steps that are exactly 0.0
    growth: float  # spread of the last position over spread of the first

    def accumulates(self) -> bool:
        # A walk's position spreads like sqrt(step number), whatever its steps are; a
        # path of independent draws spreads the same at every entry.
        return self.growth > 0.5 * math.sqrt(STAT_STEPS)


# Round 13: cumsum of steps + 1 draws with the first position dropped passed (its first
# position is two draws, spread sqrt(2), and the pooled step spread hides one such step in
# eight). The first position of FIRST_KEYS seeded one-step walks, drawn in one vmapped
# call (one trace: called one by one, a lax.scan answer compiled again for every key), is
# compared with one step of the variant: a right walk's spread is the step's, more than 8
# standard errors below FIRST_SLACK; a start other than 0.0 or an extra draw is wider.
FIRST_KEYS = 1000
FIRST_SLACK = 1.2


def _one_step_walks(answer: Any) -> Callable[[Any], Any]:
    return jax.vmap(lambda key: answer(key, 1))


def _first_position_spread(answer: Any) -> float | None:
    """The root mean square of the first position over FIRST_KEYS one-step walks, rests
    (0.0) left out; None where the walks cannot be drawn under vmap, or are not one
    position each (the rule's other cases report what is wrong)."""
    keys = jax.random.split(jax.random.key(5000), FIRST_KEYS)
    try:
        got = call_learner(_one_step_walks(answer), (keys,))
    except LearnerCodeError:
        return None
    if not is_jax_array(got) or got.shape != (FIRST_KEYS, 1):
        return None
    firsts = np.asarray(got, dtype=np.float64)[:, 0]
    moved = firsts[firsts != 0.0]
    return float(np.sqrt(np.mean(moved**2))) if moved.size >= FIRST_KEYS // 4 else None


def _vmapped_walks(answer: Any) -> np.ndarray | None:
    """The STAT_KEYS walks of STAT_STEPS steps drawn in one vmapped call, as the answer
    drawn key by key gives them (a key's draws do not depend on the batch); None where
    they cannot be drawn so, or come back in another form: then they are drawn one by one.

    Round 21: one by one, an answer whose lax.scan steps with a function made anew on
    each call compiled 32 scans here, and its check ran past its time limit; vmapped, it
    traces and compiles one.
    """
    keys = jax.vmap(jax.random.key)(np.arange(1000, 1000 + STAT_KEYS))
    try:
        got = call_learner(jax.vmap(lambda key: answer(key, STAT_STEPS)), (keys,))
    except LearnerCodeError:
        return None
    if not is_jax_array(got) or got.shape != (STAT_KEYS, STAT_STEPS):
        return None
    return np.asarray(got, dtype=np.float64)


def _walk_statistics(answer: Any, first: np.ndarray) -> WalkStatistics | None:
    """The statistics of the answer's walks; ``first`` is its walk from the first case's
    key, drawn by this check.

    Kept for the last answer: a learner's function keeps plain's one wrapper while its
    code and what it reads are unchanged, and checked again it draws its case walks
    afresh; where its first walk is still the one these statistics were drawn beside,
    they are not drawn again (32 walks drawn step by step, eagerly, are most of a check).
    """
    kept = _kept_statistics
    if (
        is_wrapper(answer)
        and kept.get("answer") is answer
        and np.array_equal(kept["first"], first)
        and kept.get("variant") == variant_key()
    ):
        return kept["statistics"]
    statistics = _drawn_statistics(answer)
    if is_wrapper(answer):
        kept.clear()
        kept.update(answer=answer, first=first, statistics=statistics, variant=variant_key())
    return statistics


_kept_statistics: dict[str, Any] = {}


def _drawn_statistics(answer: Any) -> WalkStatistics | None:
    walks = _vmapped_walks(answer)
    if walks is None:
        paths = []
        for seed in range(STAT_KEYS):
            got = _call(answer, seed=1000 + seed, rest=(STAT_STEPS,))
            path, problem = _as_path(got, STAT_STEPS)
            if problem:
                return None
            paths.append(path)
        walks = np.stack(paths)
    steps = np.diff(walks, axis=1, prepend=0.0)
    first, last = walks[:, 0].std(), walks[:, -1].std()
    growth = float(last / first) if first > 0 else float("inf")
    resting = steps == 0.0
    moves = steps[~resting] if _rest() and not resting.all() else steps  # a rest is no draw
    return WalkStatistics(
        step_mean=float(moves.mean()),
        step_spread=float(moves.std()),
        rests=float(resting.mean()),
        growth=growth,
    )


def _not_accumulated(answer: Any) -> bool:
    if not callable(answer):
        return False
    first = _first_walk(answer)
    if first is None:
        return False
    stats = _walk_statistics(answer, first)
    return stats is not None and not stats.accumulates()


def _call(answer: Any, seed: int, rest: tuple[Any, ...]) -> Any:
    """``answer(jax.random.key(seed), *rest)``; a failure names the key as the learner wrote it."""
    try:
        return call_learner(answer, (jax.random.key(seed), *rest))
    except LearnerCodeError as exc:
        name = getattr(answer, "__name__", "your function")
        shown = ", ".join([f"jax.random.key({seed})", *(short_repr(a, 40) for a in rest)])
        exc.summary = f"{name}({shown}) raised {one_line(exc.error)}"
        raise


@dataclass(frozen=True)
class GoodRandomWalk:
    """The answer is random_walk(key, steps): reproducible from its key, a new normal draw
    at every step, the positions a running sum. Exact numbers are not compared: every
    sound way of splitting keys gives other ones."""

    def __call__(self, answer: Any, expected: Any) -> str | None:
        if not callable(answer):
            return i18n._(
                "Expected a function random_walk(key, steps), but this is {what}."
            ).format(what=describe(answer))
        paths = []
        for seed, steps in WALK_CASES:
            path, problem = _as_path(_call(answer, seed, (steps,)), steps)
            if problem:
                return i18n._(
                    "random_walk(key, {steps}) returned the wrong thing. {problem}"
                ).format(steps=steps, problem=problem)
            paths.append(path)
        again, _ = _as_path(_call(answer, WALK_CASES[0][0], (WALK_STEPS,)), WALK_STEPS)
        if not np.array_equal(again, paths[0]):
            return i18n._(
                "Called twice with the same key, your walk came out different: its numbers "
                "come from somewhere other than the key argument."
            )
        if all(np.all(_steps_of(path) == 0.0) for path in paths):
            if _rests_read_inverted(answer, 1.0):
                return i18n._(
                    "Your walker never moves: every step of every walk is 0.0. The bernoulli "
                    "draw is True with the rest probability, {rest}, and True means that the "
                    "walker rests; your walk moves on True instead, so it moves only as often "
                    "as it should rest."
                ).format(rest=_rest())
            return i18n._(
                "Your walker never moves: every step of every walk is 0.0, where each step is "
                "{scale} times a draw of jax.random.normal."
            ).format(scale=_scale())
        if np.array_equal(paths[0], paths[1]):
            return i18n._("Two different keys gave the same walk: the key argument is not used.")
        discrete = _few_step_values(paths)
        if discrete:
            return i18n._(
                "Every step of your walks is one of {values}: a draw from a few values "
                "(a coin flip, jax.random.choice or bernoulli), so steps repeat by chance. "
                "The walk's steps are jax.random.normal draws: a different real number each."
            ).format(values=discrete)
        for (_, steps), path in zip(WALK_CASES, paths, strict=True):
            increments = _steps_of(path)
            if _rest():  # a rest is a step of 0.0, not a draw: only the moves must differ
                increments = increments[increments != 0.0]
            if _all_equal(increments):
                return i18n._(
                    "Every step of the {steps}-step walk is the same number: one key drew them all."
                ).format(steps=steps)
            rests = np.flatnonzero(increments == 0.0)
            if not _rest() and rests.size >= 2:  # two rests are equal steps, no key reused
                return i18n._(
                    "Steps {i} and {j} of the {steps}-step walk are both exactly 0.0: your "
                    "walker stays put on some steps (it rests), where in this walk every step "
                    "is {scale} times a draw of jax.random.normal, which is never exactly 0.0, "
                    "and the walker never rests (other variants of this exercise have it rest)."
                ).format(i=int(rests[0]), j=int(rests[1]), steps=steps, scale=_scale())
            pair = _repeat(increments)
            if pair:
                i, j = pair
                return i18n._(
                    "Steps {i} and {j} of the {steps}-step walk are the same number: one "
                    "key was used twice."
                ).format(i=i, j=j, steps=steps)
        if not _rest() and all(path[0] == 0.0 for path in paths):
            return i18n._(
                "Every walk starts with 0.0, the position before the first step, where the "
                "path holds the position after each step."
            )
        stats = _walk_statistics(answer, paths[0])
        if stats is None:
            return i18n._(
                "Some walks of {STAT_STEPS} steps did not come back as arrays of that shape."
            ).format(STAT_STEPS=STAT_STEPS)
        if abs(stats.step_mean) > 0.3 * _scale():
            return i18n._(
                "Over {STAT_KEYS} walks the steps average {step_mean}; "
                "jax.random.normal draws numbers centred on 0."
            ).format(STAT_KEYS=STAT_KEYS, step_mean=f"{stats.step_mean:.2f}")
        if not 0.75 * _scale() < stats.step_spread < 1.3 * _scale():
            return i18n._(
                "Over {STAT_KEYS} walks the steps have a standard deviation of "
                "{step_spread}; the task asks for {scale} times a draw of "
                "jax.random.normal, which draws with 1."
            ).format(STAT_KEYS=STAT_KEYS, step_spread=f"{stats.step_spread:.2f}", scale=_scale())
        if not stats.accumulates():
            return i18n._(
                "The positions do not add up: an entry is not the one before it plus a step."
            )
        if _rest() and not stats.rests:
            return i18n._(
                "No step of your {STAT_KEYS} walks is 0.0: your walker never rests, where the "
                "task has it rest with probability {rest}."
            ).format(STAT_KEYS=STAT_KEYS, rest=_rest())
        if abs(stats.rests - _rest()) > REST_SLACK and _rests_read_inverted(answer, stats.rests):
            return i18n._(
                "Over {STAT_KEYS} walks, {share} of the steps are 0.0, where the walker rests "
                "with probability {rest}: the bernoulli draw is True with that probability, and "
                "True means that the walker rests; your walk moves on True instead."
            ).format(STAT_KEYS=STAT_KEYS, share=f"{stats.rests:.0%}", rest=_rest())
        if abs(stats.rests - _rest()) > REST_SLACK:
            return i18n._(
                "Over {STAT_KEYS} walks, {share} of the steps are 0.0, where the walker "
                "rests with probability {rest}."
            ).format(STAT_KEYS=STAT_KEYS, share=f"{stats.rests:.0%}", rest=_rest())
        spread = _first_position_spread(answer)
        if spread is not None and spread > FIRST_SLACK * _scale():
            return i18n._(
                "Over {FIRST_KEYS} walks of one step, the position after that step is "
                "{spread} from 0.0 on average (root mean square), where one step of "
                "{scale} times a draw of jax.random.normal is {scale}: the first position is "
                "more than one step from the start, 0.0 (another start, or more than one "
                "draw in the first step)."
            ).format(FIRST_KEYS=FIRST_KEYS, spread=f"{spread:.2f}", scale=_scale())
        return None


# --- 09.two_views -----------------------------------------------------------------------

VIEWS_VARIANTS = Variants(
    default={"std": 0.1},
    draw=lambda rng: {"std": rng.choice((0.05, 0.2, 0.4))},
    shown="Each view is xs plus Gaussian noise of standard deviation {std}.",
)


def _noise() -> float:
    """The noise's standard deviation the learner's variant asks for (variant 0: 0.1)."""
    return VIEWS_VARIANTS.current("09.two_views")["std"]


@concrete_cache  # jax arrays cannot be changed: one per shape serves every check
def _views_case(n: int, d: int, first: int, rows: tuple[int, ...] | None = None) -> Any:
    """(xs, ids) of a batch, built in NumPy (no compilation): xs an offset grid far from
    zero, so noise alone (no xs) cannot pass for xs plus noise, and ids consecutive, so a
    key folded from id + 1 repeats another example's. ``rows`` picks and orders rows; a
    negative row is an example from outside the batch, with id ``first + row`` (smaller
    than every id in it: each kept example's rank among the ids changes)."""
    xs = 3.0 + np.arange(n * d, dtype=np.float32).reshape(n, d) / (n * d)
    ids = np.arange(first, first + n, dtype=np.int32)
    if rows is not None:
        xs = xs[[row % n for row in rows]]
        ids = np.array([first + row for row in rows], dtype=np.int32)
    return jnp.asarray(xs), jnp.asarray(ids)


VIEW_CASES = ((21, 16, 8, 100), (22, 16, 8, 100), (23, 5, 3, 0))  # (key seed, N, D, first id)


@concrete_cache  # a key and two batches, the same for every check
def _views_growing_inputs():
    key = jax.random.key(24)
    return [(key, *_views_case(2, 3, 0)), (key, *_views_case(5, 3, 0))]


def _noisy_pair(key, x):
    key_a, key_b = jax.random.split(key)
    noise_a = _noise() * jax.random.normal(key_a, x.shape)
    noise_b = _noise() * jax.random.normal(key_b, x.shape)
    return x + noise_a, x + noise_b


def _two_views(key, xs, ids):
    def one_example(i, x):
        return _noisy_pair(jax.random.fold_in(key, i), x)

    return jax.vmap(one_example)(ids, xs)


def _views_from_values(key, xs, ids):  # round 21: each row's key folded from its values
    def one_example(x):
        bits = jax.lax.bitcast_convert_type(x, jnp.int32)
        return _noisy_pair(jax.random.fold_in(key, jnp.sum(bits)), x)

    return jax.vmap(one_example)(xs)


def _noise_from_values(answer: Any) -> bool:
    """Round 21's sneaky family: the noise made from each row's values (a fingerprint of
    its bits), ids never read: it follows the example through the grader's shuffle as an
    id would. Told by what makes it: with one key, two rows of equal values and different
    ids get the same noise, rows of other values other noise, a call again the same
    views, and the same ids with other values other noise. The task's noise depends on
    the key and the id alone; noise from NumPy (one draw for every row, another on each
    call), noise alone or noise times the values are other mistakes."""
    if not callable(answer):
        return False
    key = jax.random.key(24)
    xs, ids = _views_case(4, 3, 0)
    xs = np.asarray(xs).copy()
    xs[1] = xs[0]  # rows 0 and 1 equal, ids 0 and 1; row 2 other values
    noises = []
    for values in (xs, xs, xs + np.float32(1.5)):
        got, raised = raw_call(answer, (key, jnp.asarray(values), jnp.asarray(ids)))
        if raised is not None:
            return False
        try:
            noise = np.asarray(got[0], dtype=np.float32) - values
        except Exception:  # noqa: BLE001 - no view to read: the rule's to say
            return False
        if noise.shape != values.shape:
            return False
        noises.append(noise)
    first, again, shifted = noises
    return (
        np.allclose(first, again)  # repeatable: no NumPy generator
        and np.allclose(first[0], first[1])  # equal values, other ids: the same noise
        and not np.allclose(first[0], first[2], atol=1e-4)  # other values: other noise
        and not np.allclose(first, shifted, atol=1e-4)  # the same ids: it follows values
    )


def _views_by_position(key, xs, ids):  # the lesson's demo: keys handed out by row
    keys = jax.random.split(key, xs.shape[0])
    return jax.vmap(_noisy_pair)(keys, xs)


def _views_one_key(key, xs, ids):  # the same key for both views
    def pair(i, x):
        k = jax.random.fold_in(key, i)
        return x + _noise() * jax.random.normal(k, x.shape), x + _noise() * jax.random.normal(
            k, x.shape
        )

    return jax.vmap(pair)(ids, xs)


def _views_batch_key(key, xs, ids):  # one key for the whole batch: in_axes=(None, 0)
    return jax.vmap(_noisy_pair, in_axes=(None, 0))(key, xs)


def _views_key_table(key, xs, ids):  # N keys indexed by id: ids past N - 1 read the last
    keys_a, keys_b = (jax.random.split(k, xs.shape[0])[ids] for k in jax.random.split(key))
    add = jax.vmap(lambda k, x: x + _noise() * jax.random.normal(k, x.shape))
    return add(keys_a, xs), add(keys_b, xs)


def _views_numpy(key, xs, ids):
    noise = np.random.normal(scale=_noise(), size=(2, *xs.shape)).astype(np.float32)
    return xs + noise[0], xs + noise[1]


def _views_b_numpy(key, xs, ids):  # view a from a key, view b from np.random
    def pair(i, x):
        noise_b = _noise() * np.random.standard_normal(x.shape).astype(np.float32)
        return x + _noise() * jax.random.normal(jax.random.fold_in(key, i), x.shape), x + noise_b

    return jax.vmap(pair)(ids, xs)


def _views_numpy_seeded(key, xs, ids):  # reproducible, but NumPy: fails under jit and vmap
    seed = int(np.asarray(jax.random.key_data(key))[-1])
    views = [], []
    for i, x in zip(np.asarray(ids), np.asarray(xs), strict=True):
        rng = np.random.default_rng([seed, int(i)])
        for view in views:
            view.append(x + _noise() * rng.normal(size=x.shape))
    view_a, view_b = (jnp.asarray(np.stack(view), jnp.float32) for view in views)
    return view_a, view_b


def _views_fixed_seed(key, xs, ids):
    return _two_views(jax.random.key(0), xs, ids)


def _views_noise_only(key, xs, ids):
    return _two_views(key, xs * 0, ids)


def _views_unscaled(key, xs, ids):
    def pair(i, x):
        key_a, key_b = jax.random.split(jax.random.fold_in(key, i))
        return x + jax.random.normal(key_a, x.shape), x + jax.random.normal(key_b, x.shape)

    return jax.vmap(pair)(ids, xs)


def _views_split_pair(key, xs, ids):  # k = split(k): a pair of keys where one was meant
    def pair(i, x):
        k = jax.random.split(jax.random.fold_in(key, i))
        return x + _noise() * jax.random.normal(k, x.shape), x

    return jax.vmap(pair)(ids, xs)


def _views_looped(key, xs, ids):
    pairs = [_noisy_pair(jax.random.fold_in(key, i), x) for i, x in zip(ids, xs, strict=True)]
    return jnp.stack([a for a, _ in pairs]), jnp.stack([b for _, b in pairs])


def _views_lax_map(key, xs, ids):
    return jax.lax.map(lambda ix: _noisy_pair(jax.random.fold_in(key, ix[0]), ix[1]), (ids, xs))


def _views_two_keys(key, xs, ids):
    keys = jax.random.split(key)
    return jax.vmap(_add_noise_one)(keys, xs), jax.vmap(_add_noise_one)(keys, xs)


def _add_noise_one(key, x):
    return x + _noise() * jax.random.normal(key, x.shape)


def _as_views(got: Any, xs: Any) -> tuple[Any, str | None]:
    """The two noises (view - xs) as float64 NumPy, or a sentence saying what is wrong."""
    shape = tuple(xs.shape)
    if is_jax_array(got) and tuple(got.shape) == (2, *shape):
        # Round 11 unpacked it as the pair; 04.grad_last_two refuses the same slip (round 16).
        return None, i18n._(
            "Your function returns one array of shape {tuple}, the two views stacked in it, "
            "where the task asks for the pair (view_a, view_b): two arrays."
        ).format(tuple=tuple(got.shape))
    if not (isinstance(got, tuple | list) and len(got) == 2):
        return None, (
            i18n._("Expected a pair (view_a, view_b), but this is {what}.").format(
                what=describe(got)
            )
        )
    for name, view in zip(("view_a", "view_b"), got, strict=True):
        if is_numpy_array(view):
            return None, i18n._("{name} is a NumPy array, where a jax array was asked.").format(
                name=name
            )
        if not is_jax_array(view):
            return None, i18n._(
                "{name} should be a jax array of shape {shape}, but is {what}."
            ).format(name=name, shape=shape, what=describe(view))
        if tuple(view.shape) == (shape[0], *shape):
            return None, (
                i18n._(
                    "{name} has shape {tuple}: one whole batch, {shape}, per example. "
                    "Inside the function you vmap, x is ONE example, and what vmap does not "
                    "map reaches every example whole: each example's noise here has the shape "
                    "of the whole batch."
                ).format(name=name, tuple=tuple(view.shape), shape=shape)
            )
        if tuple(view.shape) != shape:
            return None, i18n._(
                "{name} has shape {tuple}; each view has xs's shape {shape}."
            ).format(name=name, tuple=tuple(view.shape), shape=shape)
    base = np.asarray(xs, dtype=np.float64)
    noises = tuple(np.asarray(view, dtype=np.float64) - base for view in got)
    if not all(np.all(np.isfinite(n)) for n in noises):
        return None, i18n._("The views hold NaN or Inf values.")
    return noises, None


@concrete_cache  # keys and arrays cannot be changed: one per batch serves every check
def _case(name: str) -> tuple[Any, Any, Any]:
    """(key, xs, ids) of a named batch: "a", "b", "c" (VIEW_CASES), a move of "a", or
    "spread" (SPREAD_ROWS)."""
    if name == "spread":
        seed, n, d, first = VIEW_CASES[0]
        return (jax.random.key(seed), *_views_case(n, d, first, SPREAD_ROWS))
    if name in MOVES:
        seed, n, d, first = VIEW_CASES[0]
        return (jax.random.key(seed), *_views_case(n, d, first, MOVES[name][0]))
    seed, n, d, first = VIEW_CASES["abc".index(name)]
    return (jax.random.key(seed), *_views_case(n, d, first))


# What the last answer gave: its program, its jitted outputs. Kept from one check to the
# next for plain's wrapper of a learner function (one object while the function and what
# it reads are unchanged); emptied at each check of any other callable.
_memo: dict[str, Any] = {}


def _forget() -> None:
    _memo.clear()


def _memo_for(answer: Any) -> dict[str, Any]:
    """The memo of ``answer``, emptied when another answer comes (one check at a time), or
    another variant is judged (the grader's reference reads the variant while traced)."""
    if _memo.get("answer") is not answer or _memo.get("variant") != variant_key():
        _memo.clear()
        _memo["answer"] = answer
        _memo["variant"] = variant_key()
    return _memo


def _output(answer: Any, name: str) -> Any:
    """``jax.jit(answer)`` on batch ``name``, computed once per check and answer; a
    failure is raised again, as the LearnerCodeError it was, on every ask."""
    memo = _memo_for(answer)
    if "jitted" not in memo:  # a function object per variant: JAX keeps traces per object
        memo["jitted"] = transformed(jax.jit, answer)
    if name not in memo:
        key, xs, ids = _case(name)
        seed = VIEW_CASES["abc".index(name)][0] if name in "abc" else VIEW_CASES[0][0]
        try:
            memo[name] = ("ok", _call(memo["jitted"], seed, (xs, ids)))
        except LearnerCodeError as exc:
            memo[name] = ("error", exc)
    kind, value = memo[name]
    if kind == "error":
        raise value
    return value


def _noises(answer: Any, name: str) -> tuple[Any, str | None]:
    """The noises of the answer's views on batch ``name`` (see _as_views); a failing call
    raises LearnerCodeError."""
    if not callable(answer):
        return None, i18n._("Expected a function, but this is {what}.").format(
            what=describe(answer)
        )
    return _as_views(_output(answer, name), _case(name)[1])


def _first_noises(answer: Any) -> Any:
    noises, _ = _noises(answer, "a")
    return noises


def _views_equal(answer: Any) -> bool:
    noises = _first_noises(answer)
    return noises is not None and bool(np.allclose(noises[0], noises[1], rtol=1e-5, atol=1e-6))


def _rows_equal(answer: Any) -> bool:
    noises = _first_noises(answer)
    return noises is not None and all(np.allclose(n, n[:1], rtol=1e-5, atol=1e-6) for n in noises)


def _clamped_table(answer: Any) -> bool:
    """Every row alike on batch "a" (ids 100 to 115, 16 rows), every row its own on "c"
    (ids 0 to 4, 5 rows): each id read a key from an array of N by indexing, and every id
    past its end read the last one (a read out of bounds is clamped)."""
    if not _rows_equal(answer):
        return False
    noises, problem = _noises(answer, "c")
    if problem or noises is None:
        return False
    rows = np.concatenate(noises)
    return _repeat_row(rows) is None


def _noise_only(answer: Any) -> bool:
    noises = _first_noises(answer)
    if noises is None:
        return False
    xs = _views_case(*VIEW_CASES[0][1:])[0]
    views = [noise + np.asarray(xs, dtype=np.float64) for noise in noises]
    return all(abs(v.mean()) < 0.05 and 0.5 * _noise() < v.std() < 2 * _noise() for v in views)


def _unscaled(answer: Any) -> bool:
    noises = _first_noises(answer)
    return noises is not None and all(0.75 < n.std() < 1.3 for n in noises)


def _same_for_both_keys(answer: Any) -> bool:
    first, second = _first_noises(answer), _noises(answer, "b")[0]
    return (
        first is not None
        and second is not None
        and all(np.array_equal(a, b) for a, b in zip(first, second, strict=True))
    )


def _fails_with(pattern: str) -> Callable[[Any], bool]:
    """Matches a function whose (jitted) call on the first batch raised, matching ``pattern``."""

    def matches(answer: Any) -> bool:
        try:
            _output(answer, "a")
        except LearnerCodeError as exc:
            return re.search(pattern, str(exc.error)) is not None
        return False

    return matches


# The first batch with its rows shuffled: the same examples, each at another row.
SHUFFLED_ROWS = (5, 12, 0, 9, 3, 15, 7, 1, 14, 10, 2, 8, 13, 4, 11, 6)
# 12 of the batch's examples, shuffled, and 4 from outside it with smaller ids (the same
# shape: no new compile). Shuffling alone keeps each id's rank in the batch; this does not.
JOINED_ROWS = (-1, 5, 12, -3, 0, 9, 3, 15, -2, 7, 1, 14, 10, -4, 2, 8)
# Ids 100 to 107 and 116 to 123 in a batch of 16 (the shape of "a": no new compile): each
# of the first eight has the id 16 more (the batch's size) beside it, so a key made from
# id + N for one view, another example's id in the next batch, is used twice in this one.
SPREAD_ROWS = (0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23)
MOVES = {
    "shuffled": (SHUFFLED_ROWS, i18n.N_("the rows were shuffled")),
    "joined": (JOINED_ROWS, i18n.N_("other examples joined the batch")),
}


def _moved_example(answer: Any, moves: tuple[str, ...] = tuple(MOVES)) -> tuple[int, str] | None:
    """An id whose noise changed when its row moved (the batch's rows shuffled, or other
    examples joined it), with how it moved; None when every example kept its noise."""
    noises, _ = _noises(answer, "a")
    if noises is None:
        return None
    ids = _views_case(*VIEW_CASES[0][1:])[1]
    for name in moves:
        rows, how = MOVES[name]
        moved, _ = _noises(answer, name)
        if moved is None:
            return None  # the shape messages come from the rule's first calls
        for j, row in enumerate(rows):
            if row < 0:
                continue  # an example from outside the batch: no noise to keep
            if not all(
                np.allclose(after[j], before[row], rtol=1e-5, atol=1e-6)
                for after, before in zip(moved, noises, strict=True)
            ):
                return int(ids[row]), how
    return None


def _follows_position(answer: Any) -> bool:
    return _moved_example(answer, ("shuffled",)) is not None


def _follows_rank(answer: Any) -> bool:
    """Keeps its noise when the rows are shuffled, not when other examples join: the key
    comes from something of the whole batch (an id's rank, id - ids.min())."""
    return not _follows_position(answer) and _moved_example(answer, ("joined",)) is not None


def _views_by_rank(key, xs, ids):
    def one(rank, x):
        key_a, key_b = jax.random.split(jax.random.fold_in(key, rank))
        return x + _noise() * jax.random.normal(key_a, x.shape), x + _noise() * jax.random.normal(
            key_b, x.shape
        )

    return jax.vmap(one)(jnp.argsort(jnp.argsort(ids)), xs)


def _draws(jaxpr: Any) -> list[Any]:
    """The random_bits equations of a traced program, nested programs included."""
    jaxpr = getattr(jaxpr, "jaxpr", jaxpr)
    found = []
    for eqn in jaxpr.eqns:
        if eqn.primitive.name == "random_bits":
            found.append(eqn)
        for param in eqn.params.values():
            for item in param if isinstance(param, tuple | list) else (param,):
                inner = getattr(item, "jaxpr", item)
                if hasattr(inner, "eqns"):
                    found += _draws(inner)
    return found


def _traced(answer: Any) -> Any:
    """The answer's program on the first batch, traced once per check and answer."""
    memo = _memo_for(answer)
    if "traced" not in memo:
        key, xs, ids = _case("a")
        memo["traced"] = jax.make_jaxpr(answer)(key, xs, ids)
    return memo["traced"]


def _draws_outside_vmap(answer: Any) -> bool:
    """Traced, the function draws its numbers from one key at a time (a whole-array draw,
    lax.map, fori_loop): under vmap a draw takes the whole batch of keys at once."""
    if not callable(answer):
        return False
    draws = _draws(_traced(answer))
    return bool(draws) and not any(np.ndim(eqn.invars[0].aval) >= 1 for eqn in draws)


def _views_draw_from_a_split_key(answer: Any) -> bool:
    """Traced, one key is both split and drawn from (round 13: view a from split(k)[0],
    view b from k itself): the key used twice."""
    if not callable(answer):
        return False
    try:
        jaxpr = _traced(answer)
    except Exception:  # the rule reports what the answer raises
        return False
    uses = key_uses(jaxpr, *_case("a"))  # by the keys' bits: a clone of a key is that key
    return uses.drawn_and_split() if uses is not None else _drawn_from_and_split(jaxpr)


def _views_from_key_and_its_split(key, xs, ids):
    def one(x, i):
        k = jax.random.fold_in(key, i)
        ka, _ = jax.random.split(k)
        noise_a = jax.random.normal(ka, x.shape)
        return x + _noise() * noise_a, x + _noise() * jax.random.normal(k, x.shape)

    return jax.vmap(one)(xs, ids)


def _numpy_global(answer: Any) -> bool:
    """Noise, but no jax.random draw in the traced program: NumPy's global generator drew
    it (a new number each plain call; under jit a constant baked in at tracing)."""
    if not callable(answer) or _draws(_traced(answer)):
        return False
    noises = _first_noises(answer)
    # a generator seeded inside (np.random.default_rng(0)) repeats itself whatever the key:
    # that is the key ignored, not the global generator's numbers
    return noises is not None and any(np.abs(n).max() > 0 for n in noises)


_SEEDED = re.compile(r"default_rng\(|RandomState\(|random\.seed\(|Generator\(")


def _numpy_seeded_inside(answer: Any) -> bool:
    """Noise with no jax.random draw in the traced program, the same for another key, from
    code that seeds a NumPy generator (np.random.default_rng(0)): under jit the global
    generator's draw is the same for another key too, but its code seeds nothing."""
    if not callable(answer) or _draws(_traced(answer)):
        return False
    try:
        source = inspect.getsource(answer)
    except (OSError, TypeError):
        return False
    if not _SEEDED.search(source):
        return False
    noises = _first_noises(answer)
    return (
        noises is not None
        and any(np.abs(n).max() > 0 for n in noises)
        and _same_for_both_keys(answer)
    )


def _views_numpy_fixed_seed(key, xs, ids):
    noise = np.random.default_rng(0).normal(scale=_noise(), size=(2, *xs.shape))
    return xs + noise[0].astype(np.float32), xs + noise[1].astype(np.float32)


_TRACER_ERRORS = {
    "TracerArrayConversionError",
    "TracerIntegerConversionError",
    "ConcretizationTypeError",
}


def _numpy_from_key(answer: Any) -> bool:
    """NumPy draws the noise from numbers taken out of the key: the same key gives the same
    views when called plainly, but under jit or vmap a key has no number to take, and
    tracing the function fails. Its own code must draw with NumPy (np.random)."""
    if not callable(answer) or not uses_numpy_random(answer):
        return False
    try:
        _traced(answer)
    except Exception as exc:
        return bool(_TRACER_ERRORS & {cls.__name__ for cls in type(exc).__mro__})
    return False


def _numpy_beside_keys(answer: Any) -> bool:
    """Some noise from a key (a jax.random draw in the traced program), some from NumPy's
    generator in the function's own code: np.random runs while the function is traced, so
    that part is one constant for every example under vmap, and follows no key."""
    if not callable(answer) or not uses_numpy_random(answer):
        return False
    try:
        return bool(_draws(_traced(answer)))
    except Exception:
        return False


def _walk_numpy_from_key(answer: Any) -> bool:
    """A walk whose steps NumPy draws, seeded with numbers taken out of the key: under jit
    (steps static) the key is a tracer with no number to take, and tracing fails."""
    if not callable(answer) or not uses_numpy_random(answer):
        return False
    try:
        jax.make_jaxpr(answer, static_argnums=1)(jax.random.key(0), 3)
    except Exception as exc:
        return bool(_TRACER_ERRORS & {cls.__name__ for cls in type(exc).__mro__})
    return False


@dataclass(frozen=True)
class IndependentViews:
    """The answer is two_views(key, xs, ids): (xs + noise_a, xs + noise_b), every row of
    both noises drawn from its own key, made from ``key`` and the example's id (so an
    example keeps its noise wherever its row is), of spread _noise(). Exact numbers are not
    compared: every sound way of splitting gives other ones.

    The answer runs under jax.jit, once per batch shape: the rule and the mistakes share
    its outputs (``_output``), so a check compiles it a few times instead of dispatching
    every operation of every call. A Python loop or lax.map is named from its traced
    program before anything is compiled.
    """

    def warm_up(self, expected: Any) -> None:
        """Build the batches and keys (the grader's own work) before the clock starts."""
        for name in (*"abc", *MOVES, "spread"):
            _case(name)
        _views_growing_inputs()

    def __call__(self, answer: Any, expected: Any) -> str | None:
        if not is_wrapper(answer):
            _forget()
        if not callable(answer):
            return i18n._(
                "Expected a function two_views(key, xs, ids), but this is {what}."
            ).format(what=describe(answer))
        memo = _memo_for(answer)
        if "loop" not in memo:
            memo["loop"] = _loop_in_program(answer)
        early = memo["loop"]
        if early:
            return early
        results = []
        for name in ("a", "b", "c"):
            noises, problem = _noises(answer, name)
            if problem:
                return i18n._("On a batch of shape {tuple}: {problem}").format(
                    tuple=tuple(_case(name)[1].shape), problem=problem
                )
            results.append(noises)
        if all(np.array_equal(a, b) for a, b in zip(results[0], results[1], strict=True)):
            return i18n._("Two different keys gave the same views: the key argument is not used.")
        for name, (noise_a, noise_b) in zip(("a", "b", "c"), results, strict=True):
            xs = _case(name)[1]
            # A view left as xs has rows of zero noise, all alike: not one key used twice.
            for view, noise in (("view_a", noise_a), ("view_b", noise_b)):
                if noise.size and not np.any(noise):
                    return i18n._(
                        "On the batch of shape {tuple}, {view} is xs unchanged: no noise was "
                        "added to it. Each view is x plus its own noise."
                    ).format(tuple=tuple(xs.shape), view=view)
            rows = np.concatenate([noise_a, noise_b])  # 2N rows of noise, all distinct
            n = noise_a.shape[0]
            pair = _repeat_row(rows)
            if pair:
                i, j = (f"row {k % n} of view_{'ab'[k // n]}" for k in pair)
                return i18n._(
                    "On the batch of shape {tuple}, {i} and {j} got the same noise: one key"
                    " was used twice."
                ).format(tuple=tuple(xs.shape), i=i, j=j)
            if xs.shape[1] > 1 and all(_all_equal(row) for row in rows):
                return i18n._(
                    "Each example's noise is one number repeated across its features: one "
                    "draw per example, not one per value."
                )
        shifted = _shifted_id(answer)
        if shifted:
            return shifted
        moved = _moved_example(answer)
        if moved:
            example_id, how = moved
            return i18n._(
                "With the same key, the example with id {example_id} got other noise "
                "when {how}: its noise follows its row, not its id."
            ).format(example_id=example_id, how=i18n._(how))
        for name, noise in zip(("view_a", "view_b"), results[0], strict=True):
            if _looks_uniform(noise):
                return i18n._(
                    "The noise in {name} is spread evenly between {low} and {high}, with "
                    "nothing beyond them: a draw of jax.random.uniform, where each view's "
                    "noise is Gaussian, jax.random.normal's, centred on 0, with a standard "
                    "deviation of {NOISE}."
                ).format(
                    name=name,
                    low=f"{noise.min():.3g}",
                    high=f"{noise.max():.3g}",
                    NOISE=_noise(),
                )
            if not 0.75 * _noise() < noise.std() < 1.3 * _noise():
                return i18n._(
                    "The noise in {name} has a standard deviation of {std}; {NOISE} was asked."
                ).format(name=name, std=f"{noise.std():.3f}", NOISE=_noise())
            if abs(noise.mean()) > 0.05:
                return i18n._(
                    "The noise in {name} has mean {mean}: each view is xs plus noise centred on 0."
                ).format(name=name, mean=f"{noise.mean():.3f}")
        correlation = np.corrcoef(results[0][0].ravel(), results[0][1].ravel())[0, 1]
        if abs(correlation) > 0.3:
            return i18n._(
                "The two views' noises are correlated ({correlation}): view_b reuses "
                "view_a's noise."
            ).format(correlation=f"{correlation:.2f}")
        return None


def _looks_uniform(noise: Any) -> bool:
    """Noise spread evenly over its range, as a uniform draw's: its standard deviation is
    its range over sqrt(12) and its mean the range's middle (a Gaussian's range, over a
    few hundred draws, is about six standard deviations, not 3.5)."""
    values = np.asarray(noise, dtype=np.float64).ravel()
    if values.size < 100:
        return False
    low, high = float(values.min()), float(values.max())
    width = high - low
    if not width > 0:
        return False
    return bool(
        abs(values.std() - width / np.sqrt(12)) < 0.1 * values.std()
        and abs(values.mean() - (low + high) / 2) < 0.1 * width
    )


def _shifted_id(answer: Any) -> str | None:
    """A sentence when, on the "spread" batch (ids i and i + 16 side by side), one
    example's view_b holds another example's view_a noise (or the reverse), else None."""
    noises, problem = _noises(answer, "spread")
    if problem:
        return None
    noise_a, noise_b = noises
    n = noise_a.shape[0]
    pair = _repeat_row(np.concatenate([noise_a, noise_b]))
    if pair is None or pair[0] // n == pair[1] // n:
        return None  # no repeat, or one within a view (the a, b, c batches name those)
    ids = np.asarray(_case("spread")[2])
    id_a, id_b = (int(ids[k % n]) for k in sorted(pair))
    return i18n._(
        "On a batch holding the examples of ids {id_a} and {id_b}, view_b of example {id_b} "
        "got the noise of view_a of example {id_a}: a view's key was made from another number "
        "than the example's own id, and that number is the id of another example, in this "
        "batch or in another. The same number makes the same key."
    ).format(id_a=id_a, id_b=id_b)


def _loop_in_program(answer: Any) -> str | None:
    """A sentence when the traced program loops over the examples, else None (also when
    it cannot be traced: the jitted call then reports the learner's error)."""
    try:
        if grows_with_batch(_views_growing_inputs)(answer):
            return i18n._(
                "Your function loops over the examples in Python: its program grows with the batch."
            )
        if traces_primitive(("scan", "while"), _views_growing_inputs)(answer):
            return i18n._(
                "Your function runs the examples one after another (jax.lax.map or a loop)."
            )
    except Exception:
        return None
    return None


def _repeat_row(rows: np.ndarray) -> tuple[int, int] | None:
    """The first pair of rows (i < j, in order of j) that np.allclose(rows[i], rows[j],
    rtol=1e-5, atol=1e-6) calls equal, every pair compared at once; None if none is."""
    flat = rows.reshape(rows.shape[0], -1)
    if flat.shape[0] * flat.shape[0] * max(flat.shape[1], 1) > 50_000_000:
        return None  # no batch of the rule's is near this size
    with np.errstate(invalid="ignore"):
        close = np.all(
            np.abs(flat[:, None, :] - flat[None, :, :]) <= 1e-6 + 1e-5 * np.abs(flat[None, :, :]),
            axis=2,
        )
    for j in range(1, flat.shape[0]):
        hits = np.flatnonzero(close[:j, j])
        if hits.size:
            return int(hits[0]), j
    return None


EXERCISES = (
    Exercise(
        id="09.per_example_grads",
        title="Per-example gradients stored as the examples are, in columns",
        reference=_asked_grads,
        rule=SameFunction(inputs=_grad_inputs, output=SamePytree(), transform=jax.jit),
        hints=(
            "jax.grad(log_loss) is the gradient for ONE example, a dict like params. "
            "jax.vmap turns it into a function of a batch; in_axes says, for each of "
            "params, x and y, which axis holds the examples.",
            "params is the same for every example: None. Here an example is a COLUMN of xs, "
            "shape (D, N), so xs is split along axis 1, as by_column was in the lesson; "
            "ys, shape (N,), along axis 0. out_axes says where the examples go in the "
            "result, for w's {w_shape} and b's (N,) alike.",
            "return jax.vmap(jax.grad({loss}), in_axes=(None, 1, 0), out_axes={out_axes})"
            "(params, xs, ys)",
        ),
        solution=(
            "def per_example_grads(params, xs, ys):\n"
            "    grad_one = jax.grad({loss})\n"
            "    return jax.vmap(grad_one, in_axes=(None, 1, 0), out_axes={out_axes})"
            "(params, xs, ys)"
        ),
        mistakes=(
            Mistake(
                id="returns-a-function",
                message="Your function returns a function: jax.vmap(...) builds the "
                "batched function, and it still has to be called on the batch.",
                example=lambda: _vmap_not_called,
                matches=_returns_a_function,
            ),
            Mistake(  # round 19
                id="other-decay",
                message="Your gradients for w hold an extra term proportional to w, the same in "
                "every example's, and those for b are right: your loss has a penalty on w (a "
                "weight decay) that this page's loss has not, or another one. This page's "
                "loss for one example is {loss_shown}.",
                example=lambda: _grads_other_decay,
                matches=_decay_differs,
            ),
            Mistake(
                id="returns-none",
                message="Your function returns None: it has no return statement.",
                example=lambda: _grads_no_return,
                matches=returns_none(_grad_inputs),
            ),
            Mistake(
                id="maps-params",
                message="vmap tried to split params too: an in_axes entry of 0 for params (or "
                "in_axes=0, the default, for every argument) maps it along axis 0, and params['b']"
                " is a single number with no axis to split. params is shared by all examples.",
                example=lambda: _maps_params,
                matches=fails_with(
                    "ValueError", r"but is only 0 \(its shape is \(\)\)", _grad_inputs
                ),
            ),
            Mistake(
                id="wrong-axis",
                message="Your vmap hands log_loss the rows of xs (axis 0 of xs, or axis 1 of "
                "xs.T): the lesson's layout, one example per row. Here xs has shape (D, N): each "
                "example is a COLUMN, and its rows are the D features.",
                example=lambda: _rows_as_examples,
                matches=_examples_in_rows,
            ),
            Mistake(
                id="ys-axis-1",
                message="ys has one axis, shape (N,): its examples are on axis 0, even though xs's"
                " are on axis 1.",
                example=lambda: _ys_axis_1,
                matches=fails_with("ValueError", r"along axis 1, .* but is only 1", _grad_inputs),
            ),
            Mistake(
                id="short-in-axes",
                message="in_axes needs one entry per argument of log_loss, three here: "
                "one each for params, x and y.",
                example=lambda: _short_in_axes,
                matches=fails_with("ValueError", r"len\(in_axes\)", _grad_inputs),
            ),
            Mistake(
                id="ys-not-mapped",
                message="vmap kept ys whole (None for ys in in_axes, or ys read from outside the "
                "mapped function): each example's log_loss got all N labels, so its loss is N "
                "numbers, and grad needs one.",
                example=lambda: _ys_not_mapped,
                matches=fails_with("TypeError", r"scalar-output.*[\[(]5,?[\])]", _ys_whole_inputs),
            ),
            Mistake(
                id="ys-not-numbers",
                message="grad needs log_loss to return one number, and it returned shape (1,): "
                "each y reached it as an array of shape (1,). Did you reshape ys (ys[:, None])? "
                "vmap already hands log_loss one y at a time.",
                example=lambda: _column_ys,
                matches=fails_with("TypeError", r"scalar-output.*shape: \(1,\)", _grad_inputs),
            ),
            Mistake(
                id="grad-of-batch",
                message="grad was handed the losses of the whole batch, N numbers, and it needs "
                "one: a gradient is taken of a function with one number as its result.",
                example=lambda: _grad_of_vmap,
                matches=fails_with("TypeError", r"scalar-output", _grad_inputs),
            ),
            Mistake(
                id="python-loop",
                message="Your function loops over the examples in Python: traced for a "
                "batch of 2 and then of 5, its program grew with the batch, one copy of the "
                "gradient per example. jax.vmap traces the per-example gradient once and "
                "runs it on the whole batch.",
                example=lambda: _looped,
                matches=grows_with_batch(_growing_inputs),
                also_accepted=True,
            ),
            Mistake(  # round 20
                id="overflows",
                message="Your gradients are right where the logits are small and not finite "
                "where a logit is large (about 100): your function computes them from a loss "
                "or a formula of its own, such as log(1 + exp(logit)), in which exp overflows "
                "float32 past about 88, and the gradient comes out NaN. The task asks for the "
                "gradient of {loss}, which the page writes so that it stays finite for any "
                "logit.",
                example=lambda: _grads_of_naive_loss,
                matches=_overflows_at_large_logits,
                also_accepted=True,
            ),
            Mistake(
                id="lax-map",
                message="jax.lax.map (or a fori_loop) gives the right values, but it runs "
                "the examples one after another inside a loop. jax.vmap computes them all at "
                "once as batched array operations.",
                example=lambda: _lax_map,
                matches=traces_primitive(("scan", "while"), _growing_inputs),
                also_accepted=True,
            ),
            Mistake(
                id="numpy-arrays",
                message="Your gradients are NumPy arrays (np.asarray, np.stack or np.array made "
                "them): under jit, as the grader runs your function, a traced value cannot become "
                "a NumPy array.",
                example=lambda: _numpy_grads,
                matches=_numpy_leaves,
            ),
            Mistake(
                id="all-labels",
                message="Each example's loss was given all of ys, not its own y, and made one "
                "number by a sum or a mean over the labels: every example's gradient then reads "
                "the labels only through that sum, so two batches whose labels are shuffled give "
                "the same gradients.",
                example=lambda: _ys_summed_per_example,
                matches=_all_labels_per_example,
            ),
            Mistake(
                id="reads-notebook",
                message="Your function ignores one of its arguments: it gives the same gradients "
                "when the grader changes params (or xs, or ys), so it reads the notebook's "
                "variable instead.",
                example=lambda: _reads_notebook,
                matches=ignores_one_argument(_one_argument_changed),
            ),
            Mistake(
                id="out-axes-one",
                message="Your vmap fails: its out_axes=1 applies to EVERY output, b's gradient "
                "too, and for one example b's gradient is a single number, so the batch of "
                "them has no axis 1 for vmap to put the examples at.",
                example=lambda: _out_axes_one,
                matches=fails_with(
                    "ValueError", r"out of bounds for array of dimension", _grad_inputs
                ),
            ),
            Mistake(
                id="jacobian-examples-first",
                message="Your gradients are right, but w's come out {other_w_shape}, the "
                "examples on the other axis: the task asks for {w_shape} for w, and (N,) for "
                "b. A Jacobian lays the axes of its function's output, here the N examples' "
                "losses, before those of the parameter: the Jacobian of the losses has w's "
                "gradients (N, D).",
                example=_jacobian_grads,
                matches=_jacobian_other_layout,
            ),
            Mistake(
                id="examples-first",
                message="Your gradients are right, but w's come out {other_w_shape}, the "
                "examples on the other axis: the task asks for {w_shape} for w, and (N,) for "
                "b. out_axes says where vmap puts the examples; 0, the first axis, is its "
                "default.",
                example=_other_layout_grads,
                matches=lambda answer: behaves_like(
                    _other_layout_grads(), _grad_inputs, whole=True
                )(answer),
            ),
            Mistake(
                id="batch-gradient",
                message="That is ONE gradient, of the loss over the whole batch (its mean or sum):"
                " the examples' gradients are already added up, where the task keeps one per "
                "example.",
                example=lambda: _mean_grad,
                matches=_batch_gradient,
            ),
            Mistake(
                id="batch-gradient-repeated",
                message="Every example got the same gradient: the gradient of the batch's loss "
                "(its mean or its sum), copied once per example. Its shapes are right, but one "
                "example's gradient depends on its own x and y, so they differ from column to "
                "column; a batch loss has already added them up before any copy is made.",
                example=lambda: _mean_grad_tiled,
                matches=_batch_gradient_repeated,
            ),
            Mistake(
                id="wrt-x",
                message="Those are gradients with respect to x (argnums=1), one per example, not "
                "with respect to the parameters that training changes.",
                example=lambda: _grad_wrt_x,
                matches=_wrt_x_any_layout,
            ),
            Mistake(
                id="w-wrt-x",
                message="Your w entry holds gradients with respect to x (argnums=1), one per "
                "example, not with respect to w: x and w meet in the same dot product, but "
                "training changes w.",
                example=lambda: _w_wrt_x_example,
                matches=_w_wrt_x,
            ),
            Mistake(
                id="losses",
                message="Those are the per-example losses, not their gradients: the "
                "function you batched is the loss itself.",
                example=lambda: _losses,
            ),
            Mistake(
                id="argnums-tuple",
                message="Your result is a tuple holding one dict, the gradients, where the "
                "dict itself, shaped like params, is asked for: grad returns a tuple of "
                "gradients, one per argument named, when its argnums is a tuple, (0,) too.",
                example=lambda: _argnums_tuple,
                matches=_dict_in_a_tuple,
            ),
            Mistake(
                id="value-and-grad",
                message="jax.value_and_grad returns (losses, gradients): the exercise asks "
                "for the gradients alone.",
                example=lambda: _value_and_grads,
                matches=lambda answer: (
                    behaves_like(_value_and_grads, _grad_inputs, whole=True)(answer)
                    or _losses_beside_grads(answer)
                ),
            ),
            Mistake(
                id="leaves-in-a-tuple",
                message="Right gradients, but as a tuple (w, b), where the task asks for a dict "
                "shaped like params.",
                example=lambda: _w_b_tuple,
                matches=_leaves_in_a_tuple,
            ),
            Mistake(
                id="w-only",
                message="This is only the gradient for w (an array, or a dict with w "
                "alone): b's gradient is missing, where the task asks for a dict shaped like "
                "params, an entry for each.",
                example=lambda: _w_only,
                matches=_only_w,
            ),
            Mistake(
                id="dict-arithmetic",
                message="The gradients are a dict, and a dict has no arithmetic (/, *, -); and "
                "per-example gradients are not averaged.",
                example=lambda: _averaged_dict,
                matches=fails_with("TypeError", r"unsupported operand.*'dict'", _grad_inputs),
            ),
        ),
        success="vmap(grad(...)) of the one-example loss, {loss_shown}, with params "
        "broadcast (None), xs mapped along its columns (axis 1) and the examples put where "
        "out_axes={out_axes} says, w's {w_shape}: one traced gradient, one gradient per "
        "example, in a dict shaped like params.",
        variants=GRADS_VARIANTS,
    ),
    Exercise(
        id="09.split_keeps_key",
        # Round 7's readers settled the old question (split, draws, no jit) from the page:
        # "using a key does not change it" and fold_in's "no state" left one reason. The
        # question now asks the rule of a case the page has not run: a draw inside jit,
        # from a key that is the jitted function's argument, next to the page's np.random
        # draw that jit compiled in as a constant.
        title="Predict what split and jit do to a draw, and why",
        reference=lambda: "C",
        rule=Choice(SPLIT_OPTIONS, names=("a", "b", "c", "d")),  # the draws' names
        hints=(
            "Running the code shows which draws repeat a, but two options name the same "
            "draws: the question is why. While jit traces noise, what is its key: a value, "
            "or a tracer like any other argument?",
            "jit's cache holds compiled code, keyed by the arguments' shapes and dtypes "
            "(lesson 07), never by their values. And split: does it change key, or compute "
            "new keys from it?",
            "split is a pure function of its key, and noise draws from the key it is given, "
            'with or without jit: answer = "C".',
        ),
        solution='answer = "C"',
        mistakes=(
            Mistake(
                id="split-consumes",
                message="NumPy habit: a generator's state advances when you use it. A JAX key "
                "does not: split(key) returns new keys and leaves key exactly as it was, so "
                "splitting it again made k1 again, and b, drawn from it, repeats a.",
                example=lambda: "A",
            ),
            Mistake(
                id="remembered-draws",
                message="Right draws, wrong reason: jit keeps no numbers. Its cache holds "
                "compiled code, looked up by the arguments' shapes and dtypes (lesson 07), "
                "never by a key's value: noise draws again on every call, from the key it is "
                "given, and b's key is k1 made again by a second split of key.",
                example=lambda: "B",
            ),
            Mistake(
                id="baked-constant",
                message="jit did not compile the numbers in: the key is noise's argument, so "
                "it is traced like any array, and the compiled program draws from whichever "
                "key it is given. np.random's draw became a constant because NumPy drew it "
                "while jit traced, from no argument at all. c, drawn from k2, gives its own "
                "numbers.",
                example=lambda: "D",
            ),
            Mistake(
                id="jit-other-numbers",
                message="A draw depends on its key alone, not on whether jit compiled it: "
                "jax.random computes the same numbers from the same key either way, so d, "
                "drawn from k1 without jit, repeats a.",
                example=lambda: "E",
            ),
        ),
        success="C: split is a pure function of its key, so a second split made k1 again; "
        "noise's key is traced like any argument, so each call draws from the key it is "
        "given, the same numbers with or without jit.",
        prediction=True,
        explanation=(
            "C: `b` and `d` repeat `a`, and `c` does not. A key is a value, and `split` "
            "computes its keys from it alone: splitting `key` again made `k1` again (A's "
            "generator would have moved on), so `b` was drawn from `a`'s key. `noise`'s key "
            "is its argument, traced like any array, so the compiled program draws from "
            "whichever key it is given: `c`, from `k2`, gets its own numbers (D's constant "
            "is what `np.random` gives inside `jit`, with no argument to depend on). `jit` "
            "keeps compiled code, never numbers (B): its cache is looked up by shapes and "
            "dtypes. And the numbers come from the key alone, with or without `jit`, so "
            "`d` repeats `a` (E)."
        ),
    ),
    Exercise(
        id="09.random_walk",
        title="Fix a random walk that uses each key twice",
        reference=lambda: _random_walk,
        rule=GoodRandomWalk(),
        hints=(
            "In the half-fixed walk, each pass draws a step from key and then splits that same "
            "key to make the next one: every key is used twice, once to draw and once to split.",
            "Split first, and give each key one job: every draw of the pass gets a key of "
            "its own (the step, and whether the walker rests), and one more key is carried to "
            "the next pass, where it is split again (and never drawn from).",
            "In the loop: key, subkey, rest_key = jax.random.split(key, 3), then rests = "
            "jax.random.bernoulli(rest_key, {rest}) and position = position + "
            "jnp.where(rests, 0.0, {scale} * jax.random.normal(subkey)).",
        ),
        solution=(
            "def random_walk(key, steps):\n"
            "    position = 0.0\n"
            "    path = []\n"
            "    for _ in range(steps):\n"
            "        key, subkey, rest_key = jax.random.split(key, 3)\n"
            "        rests = jax.random.bernoulli(rest_key, {rest})\n"
            "        step = {scale} * jax.random.normal(subkey)\n"
            "        position = position + jnp.where(rests, 0.0, step)\n"
            "        path.append(position)\n"
            "    return jnp.stack(path)"
        ),
        mistakes=(
            Mistake(
                id="not-repeatable",
                message="Called twice with the same key, your walk comes out different: its "
                "numbers come from NumPy's global generator (np.random) or a key kept outside the "
                "function, not from the key it is given.",
                example=lambda: _walk_numpy,
                matches=not_repeatable(lambda: _walk_inputs()[:1]),
            ),
            Mistake(
                id="numpy-from-key",
                message="Your steps come from NumPy, seeded with numbers taken out of the key: the"
                " lesson's rule is never to draw with np.random in JAX code. Under jit a key is a "
                "tracer, with no number to take out, and your function fails there.",
                example=lambda: _walk_numpy_seeded,
                matches=_walk_numpy_from_key,
                also_accepted=True,
            ),
            Mistake(
                id="batch-of-keys",
                message="jax.random.normal draws with ONE key, and you gave it an array of keys "
                "(one per step).",
                example=lambda: (
                    lambda key, steps: jnp.cumsum(jax.random.normal(jax.random.split(key, steps)))
                ),
                matches=fails_with(
                    "ValueError",
                    r"single key, but was given a key array of shape \((?!2,\))\d+,\)",
                    lambda: _walk_inputs()[:1],
                ),
            ),
            Mistake(
                id="split-pair-as-key",
                message="jax.random.split(key) returns TWO keys, an array of shape (2,), and "
                "jax.random.normal wants one key.",
                example=lambda: _walk_split_pair,
                matches=fails_with(
                    "ValueError",
                    r"single key, but was given a key array of shape \(2,\)",
                    lambda: _walk_inputs()[:1],
                ),
            ),
            Mistake(
                id="includes-start",
                message="Your path has one entry more than the steps, and it starts with 0.0: the "
                "position before any step, where the path holds the position after each step.",
                example=lambda: _walk_with_start,
                matches=_includes_start,
            ),
            Mistake(
                id="split-not-kept",
                message="Every step drew with the same subkey: you split, but the key you split is"
                " never replaced (or you split once, before the loop), so each pass gets the same "
                "subkey back.",
                example=lambda: _walk_split_not_kept,
                matches=behaves_like(_walk_split_not_kept, _walk_inputs),
            ),
            Mistake(
                id="draws-from-split-key",
                message="Your steps all differ, yet every key is used twice: each step is drawn "
                "from the key that is then split to make the next one (drawn before or after "
                "the split). jax.random promises independent numbers only from keys used "
                "once, for one draw or one split. Each key gets one job.",
                example=lambda: _walk_draws_then_splits,
                matches=_draws_from_a_split_key,
                also_accepted=True,
            ),
            Mistake(
                id="same-key-each-step",
                message="Every step of your walk is the same number: each pass of the loop "
                "draws with a key it already used, and the same key gives the same number. "
                "Each step needs a key of its own.",
                example=lambda: _walk_same_key,
                matches=_same_step_each_time,
            ),
            Mistake(
                id="ignores-key",
                message="Different keys give the same walk: your function does not use its key "
                "argument (a fixed seed or jax.random.key(...) inside, or the notebook's key).",
                example=lambda: _walk_fixed_seed,
                matches=lambda answer: (
                    ignores_arguments(lambda: _walk_inputs()[:2])(answer)
                    and not _never_moves(answer)
                ),
            ),
            Mistake(
                id="key-split-twice",
                # Round 7's auditor: the numbers are the right walk's, bit for bit. Refused
                # by the task's rule (each key used once; a second split is a second use),
                # which the task states; the message says the numbers are right.
                message="Your walk's numbers are right: split is a pure function of its key, so "
                "splitting one key a second time made the same pair again, and no number was drawn"
                " twice. But the task asks that no key be used twice, and a second split is a "
                "second use of the key.",
                example=lambda: _walk_split_twice,
                matches=_splits_a_key_twice,
                also_accepted=True,
            ),
            Mistake(
                id="drawn-and-split",
                message="Your walk draws from a key and also splits that same key: one key used "
                "twice, for a draw and for a split, whether it is the key the walk was given or "
                "one a split made. jax.random promises independent numbers only from keys used "
                "once, for one draw or one split.",
                example=lambda: _walk_first_from_key,
                matches=_draws_and_splits_one_key,
                also_accepted=True,
            ),
            Mistake(
                id="step-and-rest-one-key",
                message="Your walk draws twice from one key on each pass, whether the walker "
                "rests and how far it steps: the same key gives both draws the same bits, so "
                "the two are not independent, and the task asks that no key be used twice.",
                example=lambda: _walk_rest_same_key,
                matches=_draws_step_and_rest_from_one_key,
                also_accepted=True,
            ),
            Mistake(
                id="key-drawn-twice",
                # Round 8's reader: the whole walk drawn anew from key on every pass, one
                # step kept each time. The numbers are one draw's, so the values are right;
                # the task's rule (no key used twice) is what refuses it.
                message="Your walk's numbers are right, but they come from one key drawn from "
                "again and again (all the steps drawn anew from the same key on every pass, "
                "say): the same key gives the same numbers, so each draw repeats the one "
                "before, and the task asks that no key be used twice.",
                example=lambda: _walk_redrawn_each_pass,
                matches=_draws_one_key_twice,
                also_accepted=True,
            ),
            Mistake(
                id="steps-not-positions",
                message="These are the steps, not the positions: each entry should be where the "
                "walker is after that step.",
                example=lambda: _walk_steps_only,
                matches=_not_accumulated,
            ),
        ),
        success="No key drew twice, drew and was split, or was split twice: each step is a "
        "fresh draw, and the same key still gives the same walk.",
        variants=WALK_VARIANTS,
    ),
    Exercise(
        id="09.two_views",
        title="Two noisy views of every example, with keys made from the examples' ids",
        reference=lambda: _two_views,
        rule=IndependentViews(),
        hints=(
            "The lesson's keys, jax.random.split(key, N), are handed out by row: shuffle the "
            "batch and an example gets another row's key. Which function makes a key from a "
            "key and an integer alone?",
            "jax.random.fold_in(key, i) with the example's id i. Write the function for ONE "
            "example, (i, x) -> (view_a, view_b): fold the id into key, split the result in "
            "two, one key per view. Then vmap it over ids and xs together.",
            "def one_example(i, x):\n"
            "    key_a, key_b = jax.random.split(jax.random.fold_in(key, i))\n"
            "    return (x + {std} * jax.random.normal(key_a, x.shape),\n"
            "            x + {std} * jax.random.normal(key_b, x.shape))\n"
            "return jax.vmap(one_example)(ids, xs)",
        ),
        solution=(
            "def two_views(key, xs, ids):\n"
            "    def one_example(i, x):\n"
            "        key_a, key_b = jax.random.split(jax.random.fold_in(key, i))\n"
            "        view_a = x + {std} * jax.random.normal(key_a, x.shape)\n"
            "        view_b = x + {std} * jax.random.normal(key_b, x.shape)\n"
            "        return view_a, view_b\n"
            "\n"
            "    return jax.vmap(one_example)(ids, xs)"
        ),
        mistakes=(
            Mistake(
                id="python-loop",
                message="Your function loops over the examples in Python: traced for a batch of 2 "
                "and then of 5, its program grew with the batch, one copy of the work per example.",
                example=lambda: _views_looped,
                matches=grows_with_batch(_views_growing_inputs),
            ),
            Mistake(  # round 21's sneaky family
                id="noise-from-values",
                message="Your noise changes when an example's values change, with the same key "
                "and the same id: it is made from the values, not from the id. The task's "
                "noise depends on the key and the example's id alone, so two examples with "
                "equal values and different ids get independent noise.",
                example=lambda: _views_from_values,
                matches=_noise_from_values,
                also_accepted=True,
            ),
            Mistake(
                id="numpy-seeded-inside",
                message="Your noise comes from a NumPy generator seeded inside your function, not "
                "from the key: every call gives the same views, whatever key it is given, and "
                "the lesson's rule is never to draw with np.random in JAX code.",
                example=lambda: _views_numpy_fixed_seed,
                matches=_numpy_seeded_inside,
            ),
            Mistake(
                id="not-repeatable",
                message="Your noise comes from NumPy's global generator (np.random), not from the "
                "key: called twice with the same key it gives other views, and under jit the same "
                "noise on every call, baked in when the function was traced.",
                example=lambda: _views_numpy,
                matches=_numpy_global,
                also_accepted=True,
            ),
            Mistake(
                id="numpy-from-key",
                message="Your noise comes from NumPy, seeded with numbers taken out of the key: "
                "the lesson's rule is never to draw with np.random in JAX code. Under jit or vmap "
                "a key is a tracer, with no number to take out, and your function fails there.",
                example=lambda: _views_numpy_seeded,
                matches=_numpy_from_key,
                also_accepted=True,
            ),
            Mistake(
                id="numpy-beside-keys",
                message="Part of your noise comes from a key and part from NumPy's generator "
                "(np.random): NumPy draws while the function is traced, once, so under vmap every "
                "example gets the same NumPy numbers, and they follow no key.",
                example=lambda: _views_b_numpy,
                matches=_numpy_beside_keys,
            ),
            Mistake(
                id="split-pair-as-key",
                message="jax.random.split(k) returns TWO keys, an array of shape (2,), and "
                "jax.random.normal wants one key.",
                example=lambda: _views_split_pair,
                matches=_fails_with(r"single key, but was given a key array of shape \(2,\)"),
            ),
            Mistake(
                id="fold-in-array",
                message="jax.random.fold_in folds in ONE integer, and you gave it the whole ids "
                "array.",
                example=lambda: (
                    lambda key, xs, ids: (
                        xs + _noise() * jax.random.normal(jax.random.fold_in(key, ids), xs.shape),
                        xs,
                    )
                ),
                matches=_fails_with(r"fold_in accepts a scalar, but was given an array"),
            ),
            Mistake(
                id="split-batch-of-keys",
                message="jax.random.split splits ONE key, and you gave it a batch of keys (one per"
                " example).",
                example=lambda: (
                    lambda key, xs, ids: jax.random.split(
                        jax.vmap(jax.random.fold_in, in_axes=(None, 0))(key, ids)
                    )
                ),
                matches=_fails_with(r"split accepts a single key, but was given a key array"),
            ),
            Mistake(
                id="same-key-both-views",
                message="Your two views are identical: both were drawn with the same key, "
                "and the same key gives the same noise.",
                example=lambda: _views_one_key,
                matches=_views_equal,
            ),
            Mistake(
                id="key-table-by-id",
                message="On a batch of 5 with ids 0 to 4, every example got noise of its own; "
                "on a batch of 16 with ids 100 to 115, every example got the same: each id picked "
                "its key out of an array of keys (one per row, split from key) by indexing, and "
                "an id past the array's end reads its last key, since a read out of bounds is "
                "clamped (lesson 06). Ids are names, not row numbers.",
                example=lambda: _views_key_table,
                matches=_clamped_table,
            ),
            Mistake(
                id="one-key-for-the-batch",
                message="Every example got the same noise: the whole batch draws from one "
                "key (vmap with in_axes=None for the key and nothing folded into it, or no "
                "split): the same key gives the same numbers wherever it is used.",
                example=lambda: _views_batch_key,
                matches=_rows_equal,
            ),
            Mistake(
                id="no-vmap",
                message="Your noise is not drawn under vmap: each draw takes a single key, "
                "either for the whole batch at once or for one example after another "
                "(jax.lax.map, a fori_loop). The task asks for vmap, which draws with a "
                "whole batch of keys at once, one per example.",
                example=lambda: _views_lax_map,
                matches=_draws_outside_vmap,
                also_accepted=True,
            ),
            Mistake(
                id="drawn-and-split",
                message="Your views draw from a key that is also split: one key used twice, "
                "for a draw and for a split. jax.random promises independent numbers only from "
                "keys used once, for one draw or one split, so the two views' noises are not "
                "promised independent.",
                example=lambda: _views_from_key_and_its_split,
                matches=_views_draw_from_a_split_key,
                also_accepted=True,
            ),
            Mistake(
                id="keys-by-row",
                message="Your keys are handed out by row (one split into N keys, as in the "
                "lesson's demo, or fold_in with the row number): shuffle the batch and an "
                "example gets another row's key, and other noise, where the task asks for "
                "noise that follows the example.",
                example=lambda: _views_by_position,
                matches=_follows_position,
            ),
            Mistake(
                id="keys-by-rank",
                message="Your keys come from the batch, not from the example alone (its "
                "rank among the ids, or id - ids.min()): shuffling keeps that, but when "
                "other examples join the batch an example gets another key, and other noise.",
                example=lambda: _views_by_rank,
                matches=_follows_rank,
            ),
            Mistake(
                id="ignores-key",
                message="Different keys give the same views: your function does not use its key "
                "argument (a fixed seed or jax.random.key(...) inside, or the notebook's key).",
                example=lambda: _views_fixed_seed,
                matches=_same_for_both_keys,
            ),
            Mistake(
                id="noise-only",
                message="Your views are the noise alone: the noise is added to the "
                "examples, not put in their place.",
                example=lambda: _views_noise_only,
                matches=_noise_only,
            ),
            Mistake(
                id="unscaled-noise",
                message="The noise has a standard deviation of about 1: jax.random.normal "
                "draws with 1, and the views ask for {std}.",
                example=lambda: _views_unscaled,
                matches=_unscaled,
            ),
            Mistake(
                id="too-few-keys",
                message="vmap was given a different number of keys than examples: a split "
                "into two makes 2 keys, and the batch has N examples.",
                example=lambda: _views_two_keys,
                matches=_fails_with(r"vmap got inconsistent sizes"),
            ),
        ),
        success="Independent noise in every row of both views, each example's noise made from "
        "its id (it keeps it in any batch, at any row), and the same key gives the same views.",
        variants=VIEWS_VARIANTS,
    ),
)
