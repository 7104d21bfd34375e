"""Exercises for lessons/05_has_aux.ipynb: a second output beside the one grad
differentiates, the order has_aux expects, and the nesting value_and_grad returns."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import numpy as np

from jaxtour import i18n  # i18n._: `_` is this module's throwaway name
from jaxtour.exercises.common import article_xy, concrete_cache, jax, jnp
from jaxtour.grader.compare import describe, short_repr
from jaxtour.grader.learner_code import call_learner, transformed
from jaxtour.grader.mistakes import (
    behaves_like,
    call_or_none,
    computed_not_chosen,
    equals_tree,
    equals_value,
    output_or_none,
    returns_none,
    uses_notebook_values,
)
from jaxtour.grader.rules import (
    Choice,
    Inputs,
    JaxArray,
    SamePytree,
    cases_of_this_check,
    is_python_float,
    outputs_on,
)
from jaxtour.grader.spec import Exercise, Mistake
from jaxtour.grader.variants import Variants
from jaxtour.lazy import is_jax_array


def _squared_error_with_aux(x, y):
    return jnp.sum((x - y) ** 2), x - y


# --- 05.fix_aux_order -------------------------------------------------------------------
# The exercise cell's function runs without an error, but its penalty sits in the aux,
# which has_aux never differentiates: the fix puts the whole loss first.

PENALTY = 0.1  # variant 0's weight of the penalty on large x (the page's penalized_loss)

# Issue 38: the penalty's weight is the learner's variant; a solution typed with another
# weight logs another penalty and steps elsewhere.
PENALTY_VARIANTS = Variants(
    default={"weight": 0.1},
    draw=lambda rng: {"weight": rng.choice((0.05, 0.2, 0.5))},
    shown="Your penalized_loss weighs its penalty by {weight}: penalty = {weight} * jnp.sum(x**2).",
)


def _weight() -> float:
    """The learner's variant's penalty weight (variant 0: 0.1)."""
    return PENALTY_VARIANTS.current("05.fix_aux_order")["weight"]


def _parts(x, y):
    errors = x - y
    return jnp.mean(errors**2), _weight() * jnp.sum(x**2)


def _error_stats(x, y):
    mse, penalty = _parts(x, y)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def _broken_error_stats(x, y):
    """The exercise cell as given: the MSE first, the penalty only logged."""
    mse, penalty = _parts(x, y)
    return mse, {"mse": mse, "penalty": penalty}


def _penalty_first(x, y):
    mse, penalty = _parts(x, y)
    return penalty, {"mse": mse, "penalty": penalty}


def _stats_first(x, y):
    loss, stats = _error_stats(x, y)
    return stats, loss


def _loss_only(x, y):
    return _error_stats(x, y)[0]


def _flat_triple(x, y):
    mse, penalty = _parts(x, y)
    return mse + penalty, mse, penalty


def _summed(x, y):
    errors = x - y
    mse, penalty = jnp.sum(errors**2), _weight() * jnp.sum(x**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def _float_loss(x, y):
    loss, stats = _error_stats(x, y)
    return float(loss), stats


def _forgot_return(x, y):
    mse, penalty = _parts(x, y)
    stats = {"mse": mse, "penalty": penalty}  # noqa: F841


def _total_in_aux(x, y):
    """The total logged, the MSE still first: the gradient unchanged."""
    mse, penalty = _parts(x, y)
    return mse, {"mse": mse + penalty, "penalty": penalty}


def _stopped_penalty(x, y):
    """The total first, but the penalty wrapped in stop_gradient: the value is right and
    the gradient is the MSE's alone."""
    mse, penalty = _parts(x, y)
    return mse + jax.lax.stop_gradient(penalty), {"mse": mse, "penalty": penalty}


@concrete_cache
def _pair_inputs():
    """Other values than the notebook's x and y, at its length (4), so that a function
    that reads a notebook global gives a wrong answer instead of a shape error."""
    return [
        (jnp.array([0.5, -1.0, 2.0, 0.0]), jnp.array([0.0, 1.0, 1.5, -2.0])),
        (jnp.linspace(-1.0, 1.0, 4), jnp.array([1.0, 0.0, 0.5, -0.5])),
    ]


@concrete_cache
def _other_length_inputs():
    """Three points, not the page's four (issue 35, round 15: a mean written as the sum
    over 4, the page's length, was right on every input of _pair_inputs). The rule reads
    it only after an answer is right on _pair_inputs, so the mistakes read there keep
    their matches, and a function that reads the notebook's x is refused on those first."""
    return [(jnp.array([0.0, 1.0, 2.0]), jnp.array([1.0, 2.0, 3.0]))]


def _mse_over_page_length(answer: Any) -> bool:
    """Right on every input of the page's length, and on three points the loss or the
    logged MSE is the summed squared errors over 4 (the page's number of points): the
    mean's count typed in, where a mean divides by the points it is given."""
    if not (callable(answer) and behaves_like(_error_stats, _pair_inputs)(answer)):
        return False
    size = np.size(_pair_inputs()[0][0])
    for args in _other_length_inputs():
        out = output_or_none(_other_length_inputs, answer, 0, args)
        if not (isinstance(out, tuple | list) and len(out) == 2 and isinstance(out[1], dict)):
            return False
        errors, penalty = args[0] - args[1], _parts(*args)[1]
        over_size = jnp.sum(errors**2) / size
        if not (
            equals_value(over_size + penalty)(out[0]) or equals_value(over_size)(out[1].get("mse"))
        ):
            return False
    return True


def _mse_over_four(x, y):
    errors = x - y
    mse, penalty = jnp.sum(errors**2) / 4, _weight() * jnp.sum(x**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def _notebook_xy():
    x, y = article_xy()
    return {0: x, 1: y}


_notebook_xy_matchers: dict[float, Callable[[Any], bool]] = {}


def _reads_notebook_xy(answer: Any) -> bool:
    """uses_notebook_values, one per penalty weight: it keeps the reference's outputs."""
    weight = _weight()
    if weight not in _notebook_xy_matchers:
        _notebook_xy_matchers[weight] = uses_notebook_values(
            _error_stats, _pair_inputs, _notebook_xy
        )
    return _notebook_xy_matchers[weight](answer)


def _np_mean(x, y):
    mse, penalty = _parts(x, y)
    return np.asarray(mse) + np.asarray(penalty), {"mse": mse, "penalty": penalty}


def _stats_and_errors(x, y):
    loss, stats = _error_stats(x, y)
    return loss, stats, x - y


def _stats_as_tuple(x, y):
    mse, penalty = _parts(x, y)
    return mse + penalty, (mse, penalty)


def _all_in_one_dict(x, y):
    loss, stats = _error_stats(x, y)
    return {"loss": loss, **stats}


def _logged_floats(x, y):
    """The exercise's penalized_loss as given: the parts logged as Python floats (and the
    MSE alone first)."""
    mse, penalty = _parts(x, y)
    return mse, {"mse": float(mse), "penalty": float(penalty)}


def _logged_floats_fixed_loss(x, y):
    mse, penalty = _parts(x, y)
    return mse + penalty, {"mse": float(mse), "penalty": float(penalty)}


def _aux_not_traceable(answer: Any) -> bool:
    """A pair on every input whose aux holds a Python or NumPy number among its leaves
    (float(), .item(), np.asarray of a part): right on a plain call, and a conversion
    that fails on grad's tracers."""
    if not callable(answer):
        return False
    for index, args in enumerate(cases_of_this_check(_pair_inputs, _pair_inputs)):
        out = output_or_none(_pair_inputs, answer, index, args)
        if not (isinstance(out, tuple | list) and len(out) == 2):
            return False
        leaves = jax.tree.leaves(out[1])
        if not any(
            isinstance(leaf, float | int | np.generic | np.ndarray) and not isinstance(leaf, bool)
            for leaf in leaves
        ):
            return False
    return True


def _first_is_mse(answer: Any) -> bool:
    """A pair whose first output is the MSE alone on every input, whatever the aux holds:
    the penalty never reaches the gradient."""
    if not callable(answer):
        return False
    for args in _pair_inputs():
        out = answer(*args)
        if not (isinstance(out, tuple | list) and len(out) == 2):
            return False
        if not equals_value(_parts(*args)[0])(out[0]):
            return False
    return True


def _first_is_mse_penalty_in_aux(answer: Any) -> bool:
    """The MSE alone first, and the penalty's value among the aux's leaves: the penalty
    was logged where has_aux never differentiates."""
    if not _first_is_mse(answer):
        return False
    for args in _pair_inputs():
        penalty = _parts(*args)[1]
        leaves = jax.tree.leaves(answer(*args)[1])
        if not any(equals_value(penalty)(leaf) for leaf in leaves):
            return False
    return True


def _right_value_mse_gradient(answer: Any) -> bool:
    """The right (loss, aux) values, but jax.grad(answer, has_aux=True) gives the MSE's
    gradient: the penalty is cut off from the gradient (stop_gradient)."""
    if not (callable(answer) and behaves_like(_error_stats, _pair_inputs)(answer)):
        return False
    with_aux = transformed(_grad_with_aux, answer)
    for args, want in zip(_pair_inputs(), _gradients_of(_broken_error_stats), strict=True):
        gradient, _ = call_learner(with_aux, args)
        if not equals_value(want)(gradient):
            return False
    return True


def _own_penalty(answer: Any) -> bool:
    """A pair (loss, {"mse", "penalty"}) whose logged MSE is right and whose loss is the
    logged MSE plus the logged penalty on every input, while the penalty is another one
    than penalized_loss's on some input: the fix is right, the penalty's formula is not."""
    if not callable(answer):
        return False
    other = False
    for args in _pair_inputs():
        out = answer(*args)
        if not (isinstance(out, tuple | list) and len(out) == 2 and isinstance(out[1], dict)):
            return False
        loss, aux = out
        if dict.keys(aux) != {"mse", "penalty"}:
            return False
        mse, penalty = _parts(*args)
        if not equals_value(mse)(aux["mse"]):
            return False
        if not equals_value(np.asarray(aux["mse"]) + np.asarray(aux["penalty"]))(loss):
            return False
        other = other or not equals_value(penalty)(aux["penalty"])
    return other


def _other_weight(answer: Any) -> bool:
    """The fix right (as _own_penalty reads it) with the penalty's formula too, but weighed
    by another number than the variant's: the aux's penalty is c * sum(x**2) on every
    input, one c, not the variant's weight (the page's 0.1, typed into another variant)."""
    if not _own_penalty(answer):
        return False
    ratios = []
    for args in _pair_inputs():
        penalty = np.asarray(answer(*args)[1]["penalty"], dtype=np.float64)
        ratios.append(float(penalty) / float(np.sum(np.asarray(args[0], np.float64) ** 2)))
    size = np.size(_pair_inputs()[0][0])  # a mean of x**2 is the sum over this: no weight
    return bool(np.allclose(ratios, ratios[0], rtol=1e-4)) and not any(
        np.isclose(ratios[0], weight, rtol=1e-4) for weight in (_weight(), _weight() / size)
    )


def _weighed_twice(x, y):
    """penalized_loss's formula under twice the variant's weight."""
    errors = x - y
    mse, penalty = jnp.mean(errors**2), 2 * _weight() * jnp.sum(x**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def _penalty_factor(answer: Any) -> float | None:
    """The one factor c with which the first output is MSE + c * penalty on every input,
    the aux being the right dict (None if there is none, or c is 1)."""
    if not callable(answer):
        return None
    factors = []
    for args in _pair_inputs():
        out = answer(*args)
        if not (isinstance(out, tuple | list) and len(out) == 2):
            return None
        loss, aux = out
        mse, penalty = _parts(*args)
        if not equals_tree({"mse": mse, "penalty": penalty})(aux):
            return None
        if not (hasattr(loss, "shape") and np.shape(loss) == ()):
            return None
        factors.append((float(np.asarray(loss)) - float(mse)) / float(penalty))
    if not np.allclose(factors, factors[0], rtol=1e-4, atol=1e-4):
        return None
    return None if np.isclose(factors[0], 1.0, rtol=1e-4) else factors[0]


def _mse_weight(answer: Any) -> float | None:
    """The factor a with which the first output is a * MSE + b * penalty on every input (the
    page's length and three points, so that two unknowns are not fitted to two equations),
    the aux being the right dict; None if there are no such a and b, or a is 1."""
    if not callable(answer):
        return None
    rows, losses = [], []
    for args in (*_pair_inputs(), *_other_length_inputs()):
        out = call_or_none(answer, *args)
        if not (isinstance(out, tuple | list) and len(out) == 2):
            return None
        loss, aux = out
        mse, penalty = _parts(*args)
        if not equals_tree({"mse": mse, "penalty": penalty})(aux):
            return None
        if not (hasattr(loss, "shape") and np.shape(loss) == ()):
            return None
        rows.append((float(mse), float(penalty)))
        losses.append(float(np.asarray(loss)))
    (a, b), *_ = np.linalg.lstsq(np.array(rows), np.array(losses), rcond=None)
    if not np.allclose(np.array(rows) @ (a, b), losses, rtol=1e-4, atol=1e-5):
        return None
    return None if np.isclose(a, 1.0, rtol=1e-4) else float(a)


def _weighed_both(x, y):
    """The weight put in front of the whole sum (round 19): weight * (MSE + sum(x**2))."""
    errors = x - y
    mse, penalty = jnp.mean(errors**2), _weight() * jnp.sum(x**2)
    return _weight() * (mse + jnp.sum(x**2)), {"mse": mse, "penalty": penalty}


def _penalty_subtracted(answer: Any) -> bool:
    factor = _penalty_factor(answer)
    return factor is not None and np.isclose(factor, -1.0, rtol=1e-4)


def _penalty_weighted(answer: Any) -> bool:
    factor = _penalty_factor(answer)
    return factor is not None and not np.isclose(factor, 0.0, atol=1e-4)


def _minus_penalty(x, y):
    mse, penalty = _parts(x, y)
    return mse - penalty, {"mse": mse, "penalty": penalty}


def _twice_penalty(x, y):
    mse, penalty = _parts(x, y)
    return mse + 2 * penalty, {"mse": mse, "penalty": penalty}


def _total_loss(x, y):
    return _error_stats(x, y)[0]


def _mse_loss(x, y):
    return _parts(x, y)[0]


def _gradient_first(answer: Any) -> bool:
    """A pair whose first output is a gradient with respect to x (of the whole loss or of
    the MSE alone) on every input, where the loss itself belongs."""
    if not callable(answer):
        return False
    for args in _pair_inputs():
        out = answer(*args)
        if not (isinstance(out, tuple | list) and len(out) == 2):
            return False
        gradients = (jax.grad(_total_loss)(*args), jax.grad(_mse_loss)(*args))
        if not any(equals_value(gradient)(out[0]) for gradient in gradients):
            return False
    return True


def _gradient_returned(x, y):
    mse, penalty = _parts(x, y)
    return jax.grad(_total_loss)(x, y), {"mse": mse, "penalty": penalty}


def _penalty_on_errors(x, y):
    errors = x - y
    mse, penalty = jnp.mean(errors**2), _weight() * jnp.sum(errors**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def more_than_two(inputs: Callable[[], Inputs]) -> Callable[[Any], bool]:
    """Matches a function that returns a tuple or list of more than two outputs, where
    has_aux takes exactly two: (value to differentiate, one pytree of extras)."""

    def matches(answer: Any) -> bool:
        if not callable(answer):
            return False
        out = answer(*inputs()[0])
        return isinstance(out, tuple | list) and len(out) > 2

    return matches


def returns_dict(inputs: Callable[[], Inputs]) -> Callable[[Any], bool]:
    """Matches a function that returns one dict where a (loss, aux) pair is asked."""

    def matches(answer: Any) -> bool:
        return callable(answer) and all(isinstance(answer(*args), dict) for args in inputs())

    return matches


def right_loss_other_aux(
    reference: Callable[..., Any], inputs: Callable[[], Inputs]
) -> Callable[[Any], bool]:
    """Matches a function that returns a pair whose first item is the reference's loss on
    every input, while the second item has another pytree structure than the reference's
    aux (a tuple for a dict, a key renamed)."""

    def matches(answer: Any) -> bool:
        if not callable(answer):
            return False
        for args, (loss, aux) in zip(inputs(), outputs_on(inputs, reference), strict=True):
            out = answer(*args)
            if not (isinstance(out, tuple | list) and len(out) == 2):
                return False
            if not equals_value(loss)(out[0]):
                return False
            if jax.tree.structure(out[1]) == jax.tree.structure(aux):
                return False
        return True

    return matches


def _variance_loss(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.var(errors), jnp.sum(jnp.abs(errors) > _threshold())


def right_loss_other_stats(
    reference: Callable[..., Any], inputs: Callable[[], Inputs]
) -> Callable[[Any], bool]:
    """Matches a function that returns a pair whose first item is the reference's loss on
    every input, and whose second item differs from the reference's aux: another pytree
    structure (a tuple for a dict, a key renamed) or other values (abs dropped or added),
    other than leaves negated (y - x for x - y)."""
    other_structure = right_loss_other_aux(reference, inputs)

    def matches(answer: Any) -> bool:
        if not callable(answer):
            return False
        if other_structure(answer):
            return True
        differs, only_negated = False, True
        for args, (loss, aux) in zip(inputs(), outputs_on(inputs, reference), strict=True):
            out = answer(*args)
            if not (isinstance(out, tuple | list) and len(out) == 2):
                return False
            if not equals_value(loss)(out[0]):
                return False
            if jax.tree.structure(out[1]) != jax.tree.structure(aux):
                return False
            pairs = zip(jax.tree.leaves(out[1]), jax.tree.leaves(aux), strict=True)
            if not all(equals_tree(want)(got) or equals_tree(-want)(got) for got, want in pairs):
                only_negated = False
            differs = differs or not equals_tree(aux)(out[1])
        # y - x for x - y on every input: the comparison names the flipped sign
        return differs and not only_negated

    return matches


def _first_is_numpy(answer: Any) -> bool:
    if not callable(answer):
        return False
    out = answer(*_pair_inputs()[0])
    return (
        isinstance(out, tuple | list)
        and len(out) == 2
        and isinstance(out[0], np.generic | np.ndarray)
    )


def _first_is_python_float(answer: Any) -> bool:
    if not callable(answer):
        return False
    out = answer(*_pair_inputs()[0])
    return isinstance(out, tuple | list) and len(out) == 2 and is_python_float(out[0])


@dataclass(frozen=True)
class LossThenAux:
    """The answer returns what the reference does, (loss, aux) with a list taken as a
    tuple, on every input, and jax.grad(answer, has_aux=True) gives the same gradient."""

    def __call__(self, answer: Any, expected: Any) -> str | None:
        if not callable(answer):
            return i18n._("Expected a function, but this is {what}.").format(what=describe(answer))
        cases = _pair_inputs()
        for args, want in zip(cases, outputs_on(_pair_inputs, expected), strict=True):
            got = call_learner(answer, args)
            if isinstance(got, list) and len(got) == 2:
                got = tuple(got)  # has_aux takes a two-element list as well
            if (
                isinstance(got, tuple)
                and len(got) == 2
                and isinstance(got[1], dict)
                and isinstance(want[1], dict)
                and set(want[1]) <= set(got[1])
            ):  # the task asks that both parts stay logged under their keys: more may be
                got = (got[0], {key: got[1][key] for key in want[1]})
            problem = SamePytree()(got, want)
            if problem:
                shown = ", ".join(short_repr(a, 40) for a in args)
                return i18n._("On input ({shown}) the result is wrong. {problem}").format(
                    shown=shown, problem=problem
                )
        with_aux = transformed(_grad_with_aux, answer)
        for args, want in zip(cases, _gradients_of(expected), strict=True):
            gradient, _ = call_learner(with_aux, args)
            problem = JaxArray()(gradient, want)
            if problem:
                shown = ", ".join(short_repr(a, 40) for a in args)
                return i18n._(
                    "The values are right, but jax.grad(your function, has_aux=True) on "
                    "({shown}) gives a wrong gradient. {problem}"
                ).format(shown=shown, problem=problem)
        others = _other_length_inputs()
        for args, want in zip(others, outputs_on(_other_length_inputs, expected), strict=True):
            got = call_learner(answer, args)
            if isinstance(got, list) and len(got) == 2:
                got = tuple(got)
            if isinstance(got, tuple) and len(got) == 2 and isinstance(got[1], dict):
                got = (got[0], {key: got[1].get(key) for key in want[1]})
            problem = SamePytree()(got, want)
            if problem:
                shown = ", ".join(short_repr(a, 40) for a in args)
                return i18n._("On input ({shown}) the result is wrong. {problem}").format(
                    shown=shown, problem=problem
                )
        return None


# --- 05.predict_aux_structure -----------------------------------------------------------

# Session 47 moved the question from value_and_grad to grad with argnums=(0, 1), since the
# section under it stated value_and_grad's nesting. Session 49 (issue 34): grad's answer was
# settled by the page above the check (grad "hands the aux back beside the gradient", lesson
# 04's tuple for argnums), so the question asks value_and_grad's again, with argnums=(0, 1),
# and the section under the reveal no longer states the rule. Carrying the page's grad rule
# over gives B, the aux after the result; C and E share the nesting, told apart by the reason.
AUX_STRUCTURE_OPTIONS = (
    "(value, (grad_x, grad_y), aux)",
    "((value, (grad_x, grad_y)), aux): what value_and_grad returns without has_aux, then the "
    "aux, as grad hands its aux back",
    "((value, aux), (grad_x, grad_y)): the function's own pair is the value, then the gradients",
    "(((value, aux), grad_x), ((value, aux), grad_y)): one (value, gradient) pair per position "
    "in argnums",
    "((value, aux), (grad_x, grad_y)): with has_aux the gradients always come as a tuple, so with "
    "argnums=1 it would return ((value, aux), (grad_y,))",
)


# --- 05.loss_and_outliers ---------------------------------------------------------------

# Session 47 (issue 34: written from NumPy alone, with jnp for np, it passed): the page now
# shows numpy_loss_and_outliers, a dict with np calls and len of a masked array, failing
# under jit(value_and_grad(has_aux)); the task is the version that works there.

THRESHOLD = 0.5  # variant 0's: a point is an outlier when the line misses it by more than this
SCALED = {0.125: 0.35, 0.25: 0.5, 0.5: 0.71}  # threshold: its square root, rounded


def _outlier_values(threshold: float) -> dict[str, float]:
    """A variant's threshold, and the square root the squared-threshold message names."""
    return {"threshold": threshold, "root": SCALED[threshold]}


# Issue 38: the threshold is the learner's variant, 0.5 divided by a power of two, so that
# the inputs' errors, scaled with it, stay exact (an error of exactly the threshold tells >
# from >=). Each is below 1: there the squared errors' own threshold, its square root, lies
# above it, and the inputs hold errors between the two (at 2 or 4, none: a squared-threshold
# count equalled an at-least one on every input).
OUTLIER_VARIANTS = Variants(
    default={"threshold": 0.5, "root": 0.71},
    draw=lambda rng: _outlier_values(rng.choice((0.125, 0.25))),
    shown="An outlier here is a point the line misses by more than {threshold}.",
)


def _threshold() -> float:
    """The learner's variant's threshold (variant 0: 0.5)."""
    return OUTLIER_VARIANTS.current("05.loss_and_outliers")["threshold"]


def _model_inputs():
    """Other values than the notebook's params, xs and ys, at its length (3), in fresh
    dicts around arrays made once. Two errors are exactly the threshold and minus it (> and
    >= differ there), some are negative (abs matters), and the counts differ from case to
    case. Variant 0's errors are written below; a variant scales each error with its
    threshold (by threshold / 0.5, a power of two)."""
    return [jax.tree.map(lambda leaf: leaf, case) for case in _model_leaves(_threshold())]


@concrete_cache
def _model_leaves(threshold: float):
    scale = threshold / THRESHOLD
    return [
        (params, x, params["w"] * x + params["b"] - scale * (params["w"] * x + params["b"] - y))
        for params, x, y in _variant_zero_leaves()
    ]


@concrete_cache
def _variant_zero_leaves():
    return [
        # errors -0.2, -1.5, 0.8: 2 outliers, one of them below the line; predictions -1,
        # 0, 0: one over any threshold (round 14 counted |prediction| > 0.5, which the
        # three cases gave as >= 0.5 on the errors when x was [0, 0.5, 2])
        (
            {"w": jnp.array(2.0), "b": jnp.array(-1.0)},
            jnp.array([0.0, 0.5, 0.5]),
            jnp.array([-0.8, 1.5, -0.8]),
        ),
        # errors -0.6, -0.25, -1.75: 2 outliers, both below, one of them under sqrt(0.5)
        (
            {"w": jnp.array(-0.5), "b": jnp.array(0.25)},
            jnp.array([-1.0, 1.0, 4.0]),
            jnp.array([1.35, 0.0, 0.0]),
        ),
        # errors 0.5, -2, -0.5: 1 outlier; 0.5 itself is not over 0.5 (exact in floats)
        (
            {"w": jnp.array(1.0), "b": jnp.array(0.0)},
            jnp.array([1.0, 2.0, 3.0]),
            jnp.array([0.5, 4.0, 3.5]),
        ),
        # 300 points, not the page's 3, errors of 1 and 0.4 by turns of sign: 280 outliers,
        # more than a uint8 count holds (round 16: a sum / 3 and a uint8 count passed); b is
        # 0.25, which moves every -0.4 past -0.5: a count of w * x - y, b left out, is 290
        # (round 20; the other cases' b moves no point across)
        _many_points(),
    ]


def _many_points(n: int = 300):
    x = jnp.linspace(-2.0, 2.0, n)
    errors = jnp.array([(-1.0) ** i * (0.4 if i % 15 == 0 else 1.0) for i in range(n)])
    return {"w": jnp.array(0.5), "b": jnp.array(0.25)}, x, 0.5 * x + 0.25 - errors


def _notebook_line():
    """The notebook's params, xs and ys (lesson 05, 'Aux in practice')."""
    return {
        0: {"w": jnp.array(1.0), "b": jnp.array(0.0)},
        1: jnp.array([0.0, 1.0, 2.0]),
        2: jnp.array([0.5, 1.5, 2.5]),
    }


_notebook_matchers: dict[float, Callable[[Any], bool]] = {}


def _reads_notebook_line(answer: Any) -> bool:
    """uses_notebook_values, one per threshold: it keeps the reference's outputs on the
    inputs it was first asked with, and each variant has inputs of its own."""
    threshold = _threshold()
    if threshold not in _notebook_matchers:
        _notebook_matchers[threshold] = uses_notebook_values(
            _loss_and_outliers, _model_inputs, _notebook_line
        )
    return _notebook_matchers[threshold](answer)


def _errors(params, x, y):
    return params["w"] * x + params["b"] - y


def _loss_and_outliers(params, x, y):
    errors = _errors(params, x, y)
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > _threshold())


def _grad_with_aux(fn: Callable[..., Any]) -> Callable[..., Any]:
    return jax.grad(fn, has_aux=True)


def _gradients_of(expected: Callable[..., Any]) -> tuple[Any, ...]:
    """The gradient of the grader's own function (the reference, a mistake's example) on
    each input, computed once per setting and penalty weight rather than at every check."""
    return _gradients_at_weight(expected, _weight())


@concrete_cache
def _gradients_at_weight(expected: Callable[..., Any], weight: float) -> tuple[Any, ...]:
    return tuple(jax.grad(expected, has_aux=True)(*args)[0] for args in _pair_inputs())


def _jit_value_and_grad(fn: Callable[..., Any]) -> Callable[..., Any]:
    """jax.jit(jax.value_and_grad(fn, has_aux=True)); one object, so that ``transformed``
    keeps what it makes of an answer for the next check."""
    return jax.jit(jax.value_and_grad(fn, has_aux=True))


def _under_jit(fn: Callable[..., Any]) -> Callable[..., Any]:
    """jax.jit(jax.value_and_grad(fn, has_aux=True)) of a grader function, kept per function
    and per variant by ``transformed`` (a trace reads the variant's threshold, so one made
    for variant 0 must not serve another)."""
    return transformed(_jit_value_and_grad, fn)


@dataclass(frozen=True)
class LossAndAuxUnderJit:
    """The answer returns what the reference does, (loss, aux) with a two-element list
    taken as the pair, on every input; then jax.jit(jax.value_and_grad(answer,
    has_aux=True)) runs and gives the reference's ((loss, aux), gradient)."""

    inputs: Callable[[], Inputs]

    def warm_up(self, expected: Callable[..., Any]) -> None:
        outputs_on(self.inputs, expected)
        outputs_on(self.inputs, _under_jit(expected))

    def __call__(self, answer: Any, expected: Any) -> str | None:
        if not callable(answer):
            return i18n._("Expected a function, but this is {what}.").format(what=describe(answer))
        cases = self.inputs()
        for args, want in zip(cases, outputs_on(self.inputs, expected), strict=True):
            problem = _pair_output(call_learner(answer, args), want)
            if problem:
                return i18n._("On input ({shown}) the result is wrong. {problem}").format(
                    shown=_shown(args), problem=problem
                )
        jitted = transformed(_jit_value_and_grad, answer)
        wanted = outputs_on(self.inputs, _under_jit(expected))
        for args, want in zip(cases, wanted, strict=True):
            got = call_learner(jitted, args)
            if isinstance(got, tuple) and len(got) == 2 and isinstance(want, tuple):
                got = (_count_in_dtype_of(got[0], want[0]), got[1])
            problem = SamePytree()(got, want)
            if problem:
                return i18n._(
                    "Called plainly it is right, but jax.jit(jax.value_and_grad(your "
                    "function, has_aux=True)) on ({shown}) gives another result. {problem}"
                ).format(shown=_shown(args), problem=problem)
        return None


def _shown(args: tuple[Any, ...]) -> str:
    return ", ".join(short_repr(a, 40) for a in args)


def _pair_output(got: Any, want: Any) -> str | None:
    """SamePytree, with a two-element list taken as the pair: has_aux accepts either."""
    if isinstance(got, list) and len(got) == 2:
        got = tuple(got)
    return SamePytree()(_count_in_dtype_of(got, want), want)


def _count_in_dtype_of(got: Any, want: Any) -> Any:
    """(loss, count) with an integer count cast to the expected count's integer dtype: the
    task asks for an integer dtype, any (int16 and uint8 hold these counts exactly; one
    that overflowed its dtype keeps its wrong value)."""
    if not (isinstance(got, tuple) and len(got) == 2 and isinstance(want, tuple)):
        return got
    count, expected = got[1], want[1]
    if (
        is_jax_array(count)
        and count.dtype.kind in "iu"
        and np.shape(count) == np.shape(expected)
        and np.asarray(expected).dtype.kind in "iu"
    ):
        return (got[0], jnp.asarray(count, dtype=np.asarray(expected).dtype))
    return got


def _plain_pair(answer: Any) -> tuple[Any, Any] | None:
    """The answer's (loss, aux) on the first input, or None if it gives no pair."""
    if not callable(answer):
        return None
    out = answer(*_model_inputs()[0])
    if isinstance(out, tuple | list) and len(out) == 2:
        return out[0], out[1]
    return None


def _aux_is_python_int(answer: Any) -> bool:
    pair = _plain_pair(answer)
    return pair is not None and isinstance(pair[1], int) and not isinstance(pair[1], bool)


def _counts_every_point(answer: Any) -> bool:
    """The count is the number of points, x's length, on every input: the size of a result
    padded to x's length (jnp.nonzero with size=), not how many are outliers."""
    if not callable(answer):
        return False
    for args in _model_inputs():
        out = answer(*args)
        if not (isinstance(out, tuple | list) and len(out) == 2):
            return False
        try:
            if np.shape(out[1]) != () or int(np.asarray(out[1])) != np.size(args[1]):
                return False
        except (TypeError, ValueError):
            return False
    return True


def _padded_count(params, x, y):
    errors = _errors(params, x, y)
    return jnp.mean(errors**2), jnp.nonzero(jnp.abs(errors) > _threshold(), size=x.shape[0])[0].size


def _aux_is_numpy(answer: Any) -> bool:
    pair = _plain_pair(answer)
    return pair is not None and isinstance(pair[1], np.generic | np.ndarray)


def _aux_is_mask(answer: Any) -> bool:
    pair = _plain_pair(answer)
    return pair is not None and np.shape(pair[1]) == (3,) and np.asarray(pair[1]).dtype == bool


def _right_count_as_float(answer: Any) -> bool:
    """The right counts on every input, in a float dtype."""
    if not callable(answer):
        return False
    for args, (_, count) in zip(
        _model_inputs(), outputs_on(_model_inputs, _loss_and_outliers), strict=True
    ):
        out = answer(*args)
        if not (isinstance(out, tuple | list) and len(out) == 2):
            return False
        aux = out[1]
        if not (hasattr(aux, "dtype") and np.asarray(aux).dtype.kind == "f"):
            return False
        if not equals_value(count.astype(np.asarray(aux).dtype))(aux):
            return False
    return True


def _count_off(answer: Any) -> bool:
    """The right loss on every input, the aux an integer jax array of one number, and a
    count that differs on some input: points beyond another distance than the variant's
    (the page's 0.5, typed into another variant), or other points altogether."""
    if not callable(answer):
        return False
    off = False
    for args, (loss, count) in zip(
        _model_inputs(), outputs_on(_model_inputs, _loss_and_outliers), strict=True
    ):
        out = answer(*args)
        if not (isinstance(out, tuple | list) and len(out) == 2):
            return False
        aux = out[1]
        if not (is_jax_array(aux) and np.shape(aux) == () and aux.dtype.kind in "iu"):
            return False
        if not equals_value(loss)(out[0]):
            return False
        off = off or int(aux) != int(count)
    return off


def _count_without_b(params, x, y):  # round 20: the count's prediction leaves b out
    errors = _errors(params, x, y)
    return jnp.mean(errors**2), jnp.sum(jnp.abs(params["w"] * x - y) > _threshold())


def _counts_without_b(answer: Any) -> bool:
    """The right loss on every input, and on every input the count of points w * x misses
    by more than the threshold, b left out (the cases with b = 0 agree; the 300 points'
    b moves some across, so the count is wrong there)."""
    if not callable(answer):
        return False
    for args, (loss, _count) in zip(
        _model_inputs(), outputs_on(_model_inputs, _loss_and_outliers), strict=True
    ):
        out = answer(*args)
        if not (isinstance(out, tuple | list) and len(out) == 2 and equals_value(loss)(out[0])):
            return False
        params, x, y = args
        want = int(jnp.sum(jnp.abs(params["w"] * x - y) > _threshold()))
        aux = out[1]
        if not (hasattr(aux, "dtype") and np.shape(aux) == ()) or int(aux) != want:
            return False
    return True


def _aux_on_every_case(answer: Any, wanted: Callable[..., Any]) -> bool:
    """The right loss on every input, and an aux of one number equal (in value and kind:
    bool, or an integer) to ``wanted(params, x, y, count)`` on every input."""
    if not callable(answer):
        return False
    for args, (loss, count) in zip(
        _model_inputs(), outputs_on(_model_inputs, _loss_and_outliers), strict=True
    ):
        out = answer(*args)
        if not (isinstance(out, tuple | list) and len(out) == 2 and equals_value(loss)(out[0])):
            return False
        aux, want = out[1], wanted(*args, int(count))
        if not (hasattr(aux, "dtype") and np.shape(aux) == ()):
            return False
        if (aux.dtype.kind == "b") != isinstance(want, bool) or aux.item() != want:
            return False
    return True


def _count_against_x(params, x, y):  # round 21: the predictions compared with x, not y
    errors = _errors(params, x, y)
    predictions = params["w"] * x + params["b"]
    return jnp.mean(errors**2), jnp.sum(jnp.abs(predictions - x) > _threshold())


def _counts_against_x(answer: Any) -> bool:
    """On every input the count of predictions more than the threshold from x, not y."""

    def wanted(params, x, y, count):
        return int(jnp.sum(jnp.abs(params["w"] * x + params["b"] - x) > _threshold()))

    return _aux_on_every_case(answer, wanted)


def _whether_any(params, x, y):  # round 21: jnp.any, whether there is an outlier
    errors = _errors(params, x, y)
    return jnp.mean(errors**2), jnp.any(jnp.abs(errors) > _threshold())


def _says_whether(answer: Any) -> bool:
    """On every input a bool, True where the count is above 0: whether, not how many."""
    return _aux_on_every_case(answer, lambda params, x, y, count: count > 0)


def _count_wraps(answer: Any) -> bool:
    """The right loss on every input, and a count in an integer dtype of 8 or 16 bits that
    is the right count wrapped around that dtype's range (on 300 points, 280 outliers)."""
    if not callable(answer):
        return False
    wrapped = False
    for args, (loss, count) in zip(
        _model_inputs(), outputs_on(_model_inputs, _loss_and_outliers), strict=True
    ):
        out = answer(*args)
        if not (isinstance(out, tuple | list) and len(out) == 2 and equals_value(loss)(out[0])):
            return False
        aux = out[1]
        if not (hasattr(aux, "dtype") and np.shape(aux) == ()):
            return False
        dtype = np.dtype(aux.dtype)
        if dtype.kind not in "iu" or dtype.itemsize > 2:
            return False
        if int(aux) != int(np.asarray(int(count)).astype(dtype)):
            return False
        wrapped = wrapped or int(aux) != int(count)
    return wrapped


def _uint8_count(params, x, y):
    errors = _errors(params, x, y)
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > _threshold(), dtype=jnp.uint8)


def _loss_over_page_length(answer: Any) -> bool:
    """The right count on every input, and a loss that is the summed squared errors over 3
    (the page's number of points) on every input: right on three points, wrong on 300."""
    if not callable(answer):
        return False
    for args, (_, count) in zip(
        _model_inputs(), outputs_on(_model_inputs, _loss_and_outliers), strict=True
    ):
        out = answer(*args)
        if not (isinstance(out, tuple | list) and len(out) == 2):
            return False
        if not equals_value(jnp.sum(_errors(*args) ** 2) / 3)(out[0]):
            return False
        if not (hasattr(out[1], "dtype") and int(np.asarray(out[1])) == int(count)):
            return False
    return True


def _loss_over_three(params, x, y):
    errors = _errors(params, x, y)
    return jnp.sum(errors**2) / 3, jnp.sum(jnp.abs(errors) > _threshold())


def _outliers_zeroed(params, x, y):
    errors = _errors(params, x, y)
    mask = jnp.abs(errors) > _threshold()
    return jnp.mean(jnp.where(mask, 0.0, errors**2)), jnp.sum(mask)


def _inliers_mean(params, x, y):
    errors = _errors(params, x, y)
    mask = jnp.abs(errors) > _threshold()
    return jnp.sum(jnp.where(mask, 0.0, errors**2)) / jnp.sum(~mask), jnp.sum(mask)


def _x_and_y_swapped(params, x, y):
    errors = params["w"] * y + params["b"] - x
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > _threshold())


def _beyond_thrice(params, x, y):
    errors = _errors(params, x, y)
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > 3 * _threshold())


def _jit_failure(answer: Any) -> Exception | None:
    """What jax.jit(jax.value_and_grad(answer, has_aux=True)) raised, for an answer right
    when called plainly; None when it is wrong plainly or does not fail under jit."""
    if not callable(answer):
        return None
    for args, want in zip(
        _model_inputs(), outputs_on(_model_inputs, _loss_and_outliers), strict=True
    ):
        if _pair_output(answer(*args), want) is not None:
            return None
    try:
        transformed(_jit_value_and_grad, answer)(*_model_inputs()[0])
    except Exception as error:
        return error
    return None


def _numpy_handed_tracer(error: Exception | None) -> bool:
    return type(error).__name__ == "TracerArrayConversionError"


def _fails_only_under_jit(answer: Any) -> bool:
    """Right when called plainly, but jax.jit(jax.value_and_grad(answer, has_aux=True))
    fails, not in NumPy: a count through len(x[mask]), int(...) or .item(), wrapped back
    in an array."""
    error = _jit_failure(answer)
    return error is not None and not _numpy_handed_tracer(error)


def _numpy_fails_under_jit(answer: Any) -> bool:
    """Right when called plainly, but under jit a NumPy function is handed a tracer (round
    17: np.abs kept from the NumPy version)."""
    return _numpy_handed_tracer(_jit_failure(answer))


def _numpy_abs_kept(params, x, y):
    errors = _errors(params, x, y)
    return jnp.mean(errors**2), jnp.sum(np.abs(errors) > _threshold())


def _line_forgot_return(params, x, y):
    errors = _errors(params, x, y)  # noqa: F841


def _aux_first(params, x, y):
    loss, count = _loss_and_outliers(params, x, y)
    return count, loss


def _line_loss_only(params, x, y):
    return _loss_and_outliers(params, x, y)[0]


def _python_int_count(params, x, y):
    errors = _errors(params, x, y)
    return jnp.mean(errors**2), int(jnp.sum(jnp.abs(errors) > _threshold()))


def _wrapped_len(params, x, y):
    errors = _errors(params, x, y)
    return jnp.mean(errors**2), jnp.array(len(errors[jnp.abs(errors) > _threshold()]))


def _numpy_count(params, x, y):
    errors = _errors(params, x, y)
    return jnp.mean(errors**2), np.sum(np.abs(np.asarray(errors)) > _threshold())


def _float_count(params, x, y):
    errors = _errors(params, x, y)
    return jnp.mean(errors**2), jnp.sum(jnp.where(jnp.abs(errors) > _threshold(), 1.0, 0.0))


def _fraction(params, x, y):
    errors = _errors(params, x, y)
    return jnp.mean(errors**2), jnp.mean(jnp.abs(errors) > _threshold())


def _one_sided(params, x, y):
    errors = _errors(params, x, y)
    return jnp.mean(errors**2), jnp.sum(errors > _threshold())


def _other_side(params, x, y):
    """The errors' other sign: y - prediction above the threshold (audit, round 15: the
    message named one side for both)."""
    errors = _errors(params, x, y)
    return jnp.mean(errors**2), jnp.sum(-errors > _threshold())


def _inliers(params, x, y):
    errors = _errors(params, x, y)
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) <= _threshold())


def _at_least_threshold(params, x, y):
    errors = _errors(params, x, y)
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) >= _threshold())


def _line_minus_b(params, x, y):  # round 18: w * x - b, the intercept's sign flipped
    errors = params["w"] * x - params["b"] - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > _threshold())


def _predictions_thresholded(params, x, y):
    errors = _errors(params, x, y)
    predictions = params["w"] * x + params["b"]
    return jnp.mean(errors**2), jnp.sum(jnp.abs(predictions) > _threshold())


def _strict_inliers(params, x, y):
    errors = _errors(params, x, y)
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) < _threshold())


def _squared_threshold(params, x, y):
    errors = _errors(params, x, y)
    return jnp.mean(errors**2), jnp.sum(errors**2 > _threshold())


def _mask_aux(params, x, y):
    errors = _errors(params, x, y)
    return jnp.mean(errors**2), jnp.abs(errors) > _threshold()


def _dict_aux(params, x, y):
    loss, count = _loss_and_outliers(params, x, y)
    return loss, {"outliers": count}


def _one_dict(params, x, y):
    loss, count = _loss_and_outliers(params, x, y)
    return {"loss": loss, "outliers": count}


def _predictions_too(params, x, y):
    loss, count = _loss_and_outliers(params, x, y)
    return loss, params["w"] * x + params["b"], count


def _line_summed(params, x, y):
    errors = _errors(params, x, y)
    return jnp.sum(errors**2), jnp.sum(jnp.abs(errors) > _threshold())


def _line_square_of_mean(params, x, y):
    errors = _errors(params, x, y)
    return jnp.mean(errors) ** 2, jnp.sum(jnp.abs(errors) > _threshold())


def _mean_abs(params, x, y):
    errors = _errors(params, x, y)
    return jnp.mean(jnp.abs(errors)), jnp.sum(jnp.abs(errors) > _threshold())


def _no_bias(params, x, y):
    errors = params["w"] * x - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > _threshold())


def _swapped_params(params, x, y):
    errors = params["b"] * x + params["w"] - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > _threshold())


def _attribute_params(params, x, y):
    errors = params.w * x + params.b - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > _threshold())


def _unpacked_params(params, x, y):
    w, b = params
    errors = w * x + b - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > _threshold())


def _with_value_and_grad(params, x, y):
    return jax.value_and_grad(_loss_and_outliers, has_aux=True)(params, x, y)


def _with_grad(params, x, y):
    return jax.grad(_loss_and_outliers, has_aux=True)(params, x, y)


def _transformed_already(answer: Any) -> bool:
    return behaves_like(_with_value_and_grad, _model_inputs)(answer) or behaves_like(
        _with_grad, _model_inputs
    )(answer)


def right_when_converted(
    reference: Callable[..., Any],
    inputs: Callable[[], Inputs],
    convert: Callable[[Any], Any],
    position: int = 0,
) -> Callable[[Any], bool]:
    """Matches a function that fails on ``inputs`` but gives the reference's result when
    the argument at ``position`` is first passed through ``convert``: code written for
    another container (a tuple, an object with attributes) than the one it is given."""

    def matches(answer: Any) -> bool:
        if not callable(answer):
            return False
        try:
            answer(*inputs()[0])
        except Exception:
            pass
        else:
            return False
        for args, want in zip(inputs(), outputs_on(inputs, reference), strict=True):
            changed = list(args)
            changed[position] = convert(changed[position])
            if not equals_tree(want)(answer(*changed)):
                return False
        return True

    return matches


def _as_pair(params):
    return params["w"], params["b"]


def _as_attributes(params):
    return SimpleNamespace(**params)


EXERCISES = (
    Exercise(
        id="05.fix_aux_order",
        title="Fix a loss that grad cannot run and whose penalty it would not feel",
        reference=lambda: _error_stats,
        rule=LossThenAux(),
        hints=(
            "Two things go wrong, one after the other. First the error: jax.grad runs the "
            "function on tracers, and the aux is computed inside it too. What does float() "
            "need that a tracer does not have?",
            "Once it runs, compare the gradient with the MSE's alone. has_aux=True "
            "differentiates only the first output and hands the aux back untouched: a term "
            "that should reach the gradient cannot live only in the aux.",
            'return mse + penalty, {{"mse": mse, "penalty": penalty}}',
        ),
        solution=(
            "def error_stats(x, y):\n"
            "    errors = x - y\n"
            "    mse = jnp.mean(errors**2)\n"
            "    penalty = {weight} * jnp.sum(x**2)\n"
            '    return mse + penalty, {{"mse": mse, "penalty": penalty}}'
        ),
        mistakes=(
            Mistake(
                id="aux-made-python",
                message="Your aux holds Python or NumPy numbers (float(), .item() or np.asarray "
                "of a part). Called on its own the function runs, but jax.grad runs it on "
                "tracers: every value computed from x and y is one, the aux too, although it is "
                "never differentiated, and a tracer has no value to make a Python number of. "
                "The check's jax.grad(error_stats, has_aux=True) fails the way the lesson's "
                "call did.",
                example=lambda: _logged_floats,
                matches=_aux_not_traceable,
            ),
            Mistake(
                id="returns-none",
                message="Your function returns None: it has no return statement. has_aux=True "
                "expects the function to return a pair.",
                example=lambda: _forgot_return,
                matches=returns_none(_pair_inputs),
            ),
            Mistake(
                id="total-only-in-aux",
                message="The total is in the aux now, but the first output is still the MSE "
                "alone, and only the first output is differentiated: the aux never reaches "
                "the gradient, whatever it holds.",
                example=lambda: _total_in_aux,
                matches=behaves_like(_total_in_aux, _pair_inputs),
            ),
            Mistake(
                id="penalty-only-in-aux",
                message="The gradient is still the MSE's alone: the penalty is only in the aux, "
                "and has_aux=True hands the aux back untouched, never differentiated. Only "
                "the first output reaches the gradient.",
                example=lambda: _broken_error_stats,
                matches=_first_is_mse_penalty_in_aux,
            ),
            Mistake(
                id="penalty-missing",
                message="The first output is the mean squared error alone: the penalty is not "
                "part of the number differentiated, so the gradient never feels it. Only the "
                "first output reaches the gradient.",
                example=lambda: lambda x, y: (_parts(x, y)[0], {"mse": _parts(x, y)[0]}),
                matches=_first_is_mse,
            ),
            Mistake(
                id="penalty-first",
                message="The first output is the penalty alone, so the gradient is the penalty's "
                "and the MSE no longer counts in it.",
                example=lambda: _penalty_first,
                matches=behaves_like(_penalty_first, _pair_inputs),
            ),
            Mistake(
                id="gradient-stopped",
                message="The first output has the right value, but the penalty inside it is cut "
                "off from the gradient (stop_gradient): the gradient is the MSE's alone.",
                example=lambda: _stopped_penalty,
                matches=_right_value_mse_gradient,
            ),
            Mistake(
                id="still-aux-first",
                message="Your function returns (stats, loss). has_aux=True differentiates the "
                "first output and passes the second through, and your first output is the stats "
                "dict, not one number.",
                example=lambda: _stats_first,
                matches=behaves_like(_stats_first, _pair_inputs),
            ),
            Mistake(
                id="loss-only",
                message="That returns only the loss: the logged parts are gone, and with "
                "has_aux=True grad expects a pair, the number to differentiate and the extras.",
                example=lambda: _loss_only,
                matches=behaves_like(_loss_only, _pair_inputs),
            ),
            Mistake(
                id="flat-triple",
                message="That returns three things: the loss and the two parts side by side. "
                "has_aux takes exactly two, the number to differentiate and ONE pytree of extras.",
                example=lambda: _flat_triple,
                matches=behaves_like(_flat_triple, _pair_inputs),
            ),
            Mistake(
                id="more-than-two",
                message="That returns more than two things. has_aux takes exactly two: the number "
                "to differentiate, then ONE pytree of extras.",
                example=lambda: _stats_and_errors,
                matches=more_than_two(_pair_inputs),
            ),
            Mistake(
                id="one-dict",
                message="Your function returns one dict. has_aux=True expects a pair, two outputs, "
                "and a dict is one output, however many entries it holds.",
                example=lambda: _all_in_one_dict,
                matches=returns_dict(_pair_inputs),
            ),
            Mistake(
                id="stats-changed",
                message="The loss is right and comes first, but the aux is no longer the dict "
                'penalized_loss logs, with its two keys "mse" and "penalty" and their values: '
                "whatever reads the log would find other keys or other numbers.",
                example=lambda: _stats_as_tuple,
                matches=right_loss_other_stats(_error_stats, _pair_inputs),
            ),
            Mistake(
                id="float-loss",
                message="The loss is a Python float: float(...) or .item() turns the jax array "
                "into one. Inside grad the loss is a tracer, with no value to make a float of, so "
                "that conversion fails.",
                example=lambda: _float_loss,
                matches=_first_is_python_float,
            ),
            Mistake(
                id="numpy-loss",
                message="The loss is a NumPy number: a NumPy call (np.asarray, np.square, ...) "
                "turned the jax array into NumPy, and inside grad that fails, since grad traces "
                "the function with stand-ins NumPy cannot read.",
                example=lambda: _np_mean,
                matches=_first_is_numpy,
            ),
            Mistake(
                id="notebook-globals",
                message="Your function reads the notebook's own x or y instead of its arguments: "
                "on other inputs it still gives the notebook's numbers.",
                example=lambda: lambda x, y: _error_stats(*article_xy()),
                matches=_reads_notebook_xy,
            ),
            Mistake(
                id="mean-over-page-length",
                message="Your function is right on four points, the page's number, and wrong on "
                "three: its MSE divides the summed squared errors by 4 whatever the number of "
                "points it is given, so on three points it is three quarters of their mean. The "
                "page's length is a fact about its data, not part of the loss.",
                example=lambda: _mse_over_four,
                matches=_mse_over_page_length,
            ),
            Mistake(
                id="penalty-subtracted",
                message="The loss subtracts the penalty: training would then push x to grow, the "
                "opposite of what the penalty is for.",
                example=lambda: _minus_penalty,
                matches=_penalty_subtracted,
            ),
            Mistake(
                id="penalty-reweighted",
                # Round 16: a penalty divided by n has a factor that depends on the input's
                # length, and was told "the same factor on every input": dropped.
                message="The loss counts the logged penalty with another weight than 1, so the "
                "loss differentiated and the penalty logged disagree.",
                example=lambda: _twice_penalty,
                matches=_penalty_weighted,
            ),
            Mistake(  # round 19
                id="mse-reweighted",
                message="Your loss weighs the MSE by another number than 1: a weight written "
                "in front of parentheses multiplies every term inside them, the MSE as well as "
                "the sum of x squared. The number differentiated is then no longer the logged "
                "MSE plus the logged penalty, and the errors count for another amount in the "
                "gradient than in penalized_loss.",
                example=lambda: _weighed_both,
                matches=lambda answer: _mse_weight(answer) is not None,
            ),
            Mistake(
                id="gradient-first",
                message="The first output is a gradient, an array shaped like x, not the loss. "
                "grad expects the function to give it one number and computes the gradient from it "
                "itself.",
                example=lambda: _gradient_returned,
                matches=_gradient_first,
            ),
            Mistake(
                id="other-weight",
                message="The fix is right, but your penalty weighs the sum of x squared by "
                "another number than {weight}, the weight your penalized_loss uses (the page's "
                "cell shows variant 0's; the cell under the task prints yours), so the loss "
                "and the log are another loss's.",
                example=lambda: _weighed_twice,
                matches=_other_weight,
            ),
            Mistake(
                id="penalty-changed",
                message="The fix is right (the loss first is your MSE plus your penalty, and the "
                "MSE is right), but the penalty is not the one penalized_loss computes: on the "
                "same inputs yours gives other numbers.",
                example=lambda: _penalty_on_errors,
                matches=_own_penalty,
            ),
            Mistake(
                id="sum-not-mean",
                message="The penalty now counts, but the error part is a sum of squared errors. "
                "penalized_loss takes the mean, so that part is n times too large.",
                example=lambda: _summed,
                matches=behaves_like(_summed, _pair_inputs),
            ),
        ),
        success="The aux is traced like everything else the function computes, so it stays "
        "jax arrays; and has_aux differentiates only the first output, handing the second "
        "back untouched, so a term that belongs in the gradient cannot live in the aux.",
        variants=PENALTY_VARIANTS,
    ),
    Exercise(
        id="05.predict_aux_structure",
        title="Predict the nesting of value_and_grad with a tuple argnums and has_aux",
        reference=lambda: "C",
        rule=Choice(("A", "B", "C", "D", "E"), texts=AUX_STRUCTURE_OPTIONS),
        hints=(
            "Take it apart. Without has_aux, what does jax.value_and_grad(loss, argnums=(0, "
            "1)) return? With has_aux=True, what does the function itself return, and which "
            "part of the result is what it returned?",
            "has_aux says the function returns a pair, the loss and the aux. value_and_grad "
            "hands back what the function returned as its value, and the gradients of the "
            "loss shaped like argnums.",
            "The value part is the function's pair (value, aux); the gradients come second, a "
            'tuple for argnums=(0, 1): nesting = "C".',
        ),
        solution='nesting = "C"',
        mistakes=(
            Mistake(
                id="all-flat",
                message="A spreads the value, the gradients and the aux side by side. "
                "value_and_grad returns a pair, and it does not unpack what goes in either "
                "half.",
                example=lambda: "A",
            ),
            Mistake(
                id="aux-after-result",
                message="B puts the aux after what value_and_grad returns without has_aux, as "
                "grad puts it after the gradient. But value_and_grad already hands back what "
                "the function returned, and with has_aux that is the pair, loss and aux: the "
                "aux is part of the value, not added after the result. grad places it last "
                "because it returns no value.",
                example=lambda: "B",
            ),
            Mistake(
                id="pair-per-position",
                message="D repeats the (value, aux) pair for each position in argnums. The "
                "function runs once for all the positions, so there is one value and one aux, "
                "and the gradients come together, shaped like argnums.",
                example=lambda: "D",
            ),
            Mistake(
                id="always-a-tuple",
                message="has_aux does not make the gradients a tuple: they are shaped like "
                "argnums, a tuple only when argnums is a tuple. With argnums=1 the second half "
                "would be one gradient, not a tuple of one.",
                example=lambda: "E",
            ),
            Mistake(
                id="computed",
                message="This exercise asks for a prediction: a letter, such as "
                'nesting = "A". Decide before running it.',
                example=lambda: jax.value_and_grad(
                    _squared_error_with_aux, argnums=(0, 1), has_aux=True
                )(*article_xy()),
                matches=computed_not_chosen,
            ),
        ),
        success="C: ((value, aux), (grad_x, grad_y)). value_and_grad hands back what the "
        "function returned, with has_aux its pair, as the value, then the gradients shaped "
        "like argnums.",
        prediction=True,
        explanation=(
            "C: `((value, aux), (grad_x, grad_y))`. With `has_aux=True` the function returns "
            "the pair `(loss, aux)`, and `value_and_grad` hands back what the function "
            "returned as its value, so the value part is `(value, aux)`; the gradients of the "
            "loss come second, shaped like `argnums` (a tuple for `(0, 1)`, as in lesson 04). "
            "`grad` puts the aux after the gradient because it returns no value; B carries "
            "that over to `value_and_grad`, which already has a place for it. With "
            "`argnums=1` the result would be `((value, aux), grad_y)`: `has_aux` adds no "
            "tuple of its own (E). The function runs once for both positions, so there is "
            "one value and one aux (D), and nothing is spread side by side (A)."
        ),
    ),
    Exercise(
        id="05.loss_and_outliers",
        title="Count outliers in the aux, ready for jit",
        reference=lambda: _loss_and_outliers,
        rule=LossAndAuxUnderJit(inputs=_model_inputs),
        hints=(
            "Three things in numpy_loss_and_outliers fail under that transform: what it "
            "returns, where has_aux expects a pair with the loss first; the NumPy calls, which "
            "need values a tracer does not have; and len of an array picked by a mask, whose "
            "length depends on the values. Take them one at a time.",
            "A comparison gives an array of booleans, and summing it counts the Trues. Keep "
            "the count a jax array: jnp.sum(...), not len(...) or int(...), which need real "
            "numbers that jit does not have.",
            "return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > {threshold})",
        ),
        solution=(
            "def loss_and_outliers(params, x, y):\n"
            '    errors = params["w"] * x + params["b"] - y\n'
            "    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > {threshold})"
        ),
        mistakes=(
            Mistake(
                id="returns-none",
                message="Your function returns None: it has no return statement. has_aux=True "
                "expects the function to return a pair, the loss and the count.",
                example=lambda: _line_forgot_return,
                matches=returns_none(_model_inputs),
            ),
            Mistake(
                id="notebook-globals",
                message="Your function reads the notebook's own params, xs or ys instead of its "
                "arguments: on other inputs it still gives the notebook's numbers.",
                example=lambda: lambda params, x, y: _loss_and_outliers(*_notebook_line().values()),
                matches=_reads_notebook_line,
            ),
            Mistake(
                id="attribute-access",
                message="params is a dict: attribute access such as params.w fails on it, since a "
                "dict's entries are no attributes.",
                example=lambda: _attribute_params,
                matches=right_when_converted(_loss_and_outliers, _model_inputs, _as_attributes),
            ),
            Mistake(
                id="params-as-pair",
                message="Your function works when params is a pair (w, b), but params is a dict: "
                "unpacking it gives its keys (strings), and a position such as params[0] is a "
                "KeyError.",
                example=lambda: _unpacked_params,
                matches=right_when_converted(_loss_and_outliers, _model_inputs, _as_pair),
            ),
            Mistake(
                id="already-transformed",
                message="Your function returns what jax.value_and_grad (or jax.grad) with "
                "has_aux=True returns. loss_and_outliers is the function to transform: it "
                "returns (loss, count), and the check applies the transformation to it.",
                example=lambda: _with_value_and_grad,
                matches=_transformed_already,
            ),
            Mistake(
                id="one-dict",
                message="Your function returns one dict. has_aux=True expects a pair, and a dict "
                "is one pytree, whatever it holds.",
                example=lambda: _one_dict,
                matches=returns_dict(_model_inputs),
            ),
            Mistake(
                id="more-than-two",
                message="That returns more than two things. has_aux takes exactly two: the loss, "
                "then ONE pytree of extras.",
                example=lambda: _predictions_too,
                matches=more_than_two(_model_inputs),
            ),
            Mistake(
                id="aux-first",
                message="has_aux=True differentiates the first output, and yours is the count, not "
                "the loss.",
                example=lambda: _aux_first,
                matches=behaves_like(_aux_first, _model_inputs),
            ),
            Mistake(
                id="loss-only",
                message="That returns only the loss: the count of outliers is missing, and with "
                "has_aux=True grad expects a pair.",
                example=lambda: _line_loss_only,
                matches=behaves_like(_line_loss_only, _model_inputs),
            ),
            Mistake(
                id="counts-every-point",
                message="Your count is the number of points on every line of the check, whichever "
                "of them are outliers: the size of something as long as x (what jnp.nonzero "
                "returns with size= is padded to that size) counts every point, not those "
                "the line misses by more than {threshold}.",
                example=lambda: _padded_count,
                matches=_counts_every_point,
            ),
            Mistake(
                id="python-int-count",
                message="The count is a Python int: int(...), .item(), len(...), .size and "
                "np.count_nonzero all make one. Under jit the errors are stand-ins with no values "
                "yet, so no Python number can be made from them, and the jitted call fails.",
                example=lambda: _python_int_count,
                matches=_aux_is_python_int,
            ),
            Mistake(
                id="fails-under-jit",
                message="Called plainly your function is right, but under jit it fails: there the "
                "errors are stand-ins with no values yet, so len(errors[mask]), int(...) or "
                ".item() cannot count them (an array indexed by a mask has a length that depends "
                "on the values, and jit needs every shape before it sees a value).",
                example=lambda: _wrapped_len,
                matches=_fails_only_under_jit,
            ),
            Mistake(
                id="numpy-under-jit",
                message="Called plainly your function is right, but under jit it fails: a NumPy "
                "function (np.abs, np.sum, np.asarray, ...) was handed a traced array. Under jit "
                "the arguments, and every array computed from them, are stand-ins with no values "
                "yet, and NumPy computes only on values it can read, so it refused one "
                "(TracerArrayConversionError).",
                example=lambda: _numpy_abs_kept,
                matches=_numpy_fails_under_jit,
            ),
            Mistake(
                id="numpy-count",
                message="The count is a NumPy number: a NumPy call (np.sum, np.abs, np.asarray, "
                "...) turned the jax array into NumPy. Under jit that fails, since the errors have "
                "no values yet for NumPy to read.",
                example=lambda: _numpy_count,
                matches=_aux_is_numpy,
            ),
            Mistake(
                id="float-count",
                message="The counts are right, but they are floats: a count is a whole number.",
                example=lambda: _float_count,
                matches=_right_count_as_float,
            ),
            Mistake(
                id="mask-aux",
                message="The aux is the boolean mask, one True or False per point: which points "
                "are outliers. The exercise asks how many.",
                example=lambda: _mask_aux,
                matches=_aux_is_mask,
            ),
            Mistake(
                id="dict-aux",
                message="The aux is a dict here, as in line_loss above; this exercise asks for "
                "the count itself as the aux, not a dict holding it.",
                example=lambda: _dict_aux,
                matches=lambda answer: (
                    (pair := _plain_pair(answer)) is not None and isinstance(pair[1], dict)
                ),
            ),
            Mistake(
                id="fraction",
                message="That aux is the fraction of points that are outliers, a mean of the "
                "mask. The exercise asks how many.",
                example=lambda: _fraction,
                matches=behaves_like(_fraction, _model_inputs),
            ),
            Mistake(
                id="one-sided",
                message="Your count keeps the errors of one sign only, the points on one side of "
                "the line: those on the other side that it misses by more than {threshold} are "
                "left out. The line misses a point by the size of its error, whichever its "
                "sign.",
                example=lambda: _one_sided,
                matches=lambda answer: (
                    behaves_like(_one_sided, _model_inputs)(answer)
                    or behaves_like(_other_side, _model_inputs)(answer)
                ),
            ),
            Mistake(
                id="squared-threshold",
                message="Your count compares the squared errors with {threshold}, so it counts the "
                "points missed by more than sqrt({threshold}), about {root}, not by more than "
                "{threshold}.",
                example=lambda: _squared_threshold,
                matches=behaves_like(_squared_threshold, _model_inputs),
            ),
            Mistake(
                id="inliers",
                message="That counts the points the line gets within {threshold}, not those it "
                "misses by more.",
                example=lambda: _inliers,
                matches=lambda answer: (
                    behaves_like(_inliers, _model_inputs)(answer)
                    or behaves_like(_strict_inliers, _model_inputs)(answer)
                ),
            ),
            Mistake(  # round 18
                id="intercept-subtracted",
                message="Your loss and count are those of a line that subtracts b where the "
                "model's line adds it: every prediction is off by twice b, and so is every "
                "error (where b is 0 the two lines agree, and nowhere else).",
                example=lambda: _line_minus_b,
                matches=behaves_like(_line_minus_b, _model_inputs),
            ),
            Mistake(
                id="predictions-thresholded",
                message="Your count compares the line's predictions with {threshold}, not the "
                "errors: an outlier is a point the line misses by more than {threshold}, "
                "however large or small its prediction is.",
                example=lambda: _predictions_thresholded,
                matches=behaves_like(_predictions_thresholded, _model_inputs),
            ),
            Mistake(
                id="at-least-threshold",
                message="Your count includes the errors of exactly {threshold}, and an outlier is "
                "missed by more than {threshold}.",
                example=lambda: _at_least_threshold,
                matches=behaves_like(_at_least_threshold, _model_inputs),
            ),
            Mistake(
                id="sum-not-mean",
                message="That loss is the sum of squared errors, not their mean: it grows with the "
                "number of points.",
                example=lambda: _line_summed,
                matches=behaves_like(_line_summed, _model_inputs),
            ),
            Mistake(
                id="outliers-out-of-loss",
                message="Your count is right, but your loss leaves the outliers out: their squared "
                "errors weigh nothing in it. The task's loss is the mean squared error over every "
                "point; the outliers are counted in the aux, not taken out of the loss.",
                example=lambda: _outliers_zeroed,
                matches=lambda answer: (
                    behaves_like(_outliers_zeroed, _model_inputs)(answer)
                    or behaves_like(_inliers_mean, _model_inputs)(answer)
                ),
            ),
            Mistake(
                id="x-and-y-swapped",
                message="Your errors evaluate the line at y and compare it with x: x and y trade "
                "places, where the model predicts y from x, so both the loss and the count are "
                "those of another line.",
                example=lambda: _x_and_y_swapped,
                matches=behaves_like(_x_and_y_swapped, _model_inputs),
            ),
            Mistake(
                id="loss-over-page-length",
                message="Your loss is right on three points, the page's number, and wrong on the "
                "check's line of 300: it divides the summed squared errors by 3 whatever the "
                "number of points it is given. The page's length is a fact about its data, not "
                "part of the loss.",
                example=lambda: _loss_over_three,
                matches=_loss_over_page_length,
            ),
            Mistake(
                id="count-wraps",
                message="The loss is right, and so is the count while it is small, but your count "
                "is held in an integer dtype of 8 or 16 bits: on the check's line of 300 points, "
                "280 of them outliers, it wraps around past that dtype's largest number (255 for "
                "uint8), where a count of points can be as large as the data.",
                example=lambda: _uint8_count,
                matches=_count_wraps,
            ),
            Mistake(  # round 20
                id="count-without-b",
                message="The loss is right, but your count measures each point's miss from w * "
                "x alone: b is left out of the prediction the count compares with y, so it "
                "counts the misses of another line, the one through the origin. The loss and "
                "the count are about the same line, b included.",
                example=lambda: _count_without_b,
                matches=_counts_without_b,
            ),
            Mistake(
                id="count-whether",
                message="The loss is right, but your second value is a bool, True where some "
                "point is missed by more than {threshold}: it says whether there is an outlier "
                "(as jnp.any does), not how many there are.",
                example=lambda: _whether_any,
                matches=_says_whether,
            ),
            Mistake(
                id="count-against-x",
                message="The loss is right, but your count measures how far each prediction "
                "is from x, the input, not from y, the value the line should reach: an outlier "
                "is a point whose y the line misses by more than {threshold}.",
                example=lambda: _count_against_x,
                matches=_counts_against_x,
            ),
            Mistake(
                id="count-off",
                message="The loss is right, but on some of the check's lines your count is not "
                "the number of points the line misses by more than {threshold}, the distance "
                "of your variant (the page's numpy_loss_and_outliers uses variant 0's, 0.5).",
                example=lambda: _beyond_thrice,
                matches=_count_off,
            ),
            Mistake(
                id="square-of-mean",
                message="The loss is the square of the mean error: averaging first lets positive "
                "and negative errors cancel.",
                example=lambda: _line_square_of_mean,
                matches=behaves_like(_line_square_of_mean, _model_inputs),
            ),
            Mistake(
                id="mean-abs-error",
                message="That loss is the mean absolute error, not the mean squared error.",
                example=lambda: _mean_abs,
                matches=behaves_like(_mean_abs, _model_inputs),
            ),
            Mistake(
                id="variance",
                message="That loss is the variance of the errors: it subtracts their mean before "
                "squaring, so a line off by a constant has no loss at all.",
                example=lambda: _variance_loss,
                matches=behaves_like(_variance_loss, _model_inputs),
            ),
            Mistake(
                id="no-bias",
                message="The predictions leave out the intercept, params['b']: the line is forced "
                "through the origin.",
                example=lambda: _no_bias,
                matches=behaves_like(_no_bias, _model_inputs),
            ),
            Mistake(
                id="slope-and-intercept-swapped",
                message="The predictions use b as the slope and w as the intercept: x was "
                "multiplied by params['b'], and params['w'] added, where the model is "
                "w * x + b.",
                example=lambda: _swapped_params,
                matches=behaves_like(_swapped_params, _model_inputs),
            ),
        ),
        success="(mean squared error, count): an integer array is a fine aux, and it "
        "survives jit, where int(...) or len(x[mask]) would not.",
        variants=OUTLIER_VARIANTS,
    ),
)
