"""Exercises for lessons/04_argnums_and_pytrees.ipynb: which arguments grad differentiates,
what value_and_grad returns with several of them, and a step over a nested pytree."""

from __future__ import annotations

import copy
import dis
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

import numpy as np

from jaxtour.exercises.common import article_xy, concrete_cache, device_array, jax, jnp
from jaxtour.grader.mistakes import (
    behaves_like,
    computed_not_chosen,
    equals_tree,
    fails_with,
    learner_functions,
    not_called,
    output_or_none,
    remembered,
    returns_none,
    uses_notebook_values,
)
from jaxtour.grader.rules import (
    Choice,
    SameFunction,
    SamePytree,
    answer_outcome,
    cases_of_this_check,
    outputs_on,
)
from jaxtour.grader.spec import Exercise, Mistake
from jaxtour.grader.variants import Variants
from jaxtour.i18n import _

# --- 04.grad_last_two -------------------------------------------------------------------

WEIGHTS = [4.0, 3.0, 2.0, 1.0]  # the lesson's w: not all ones, so leaving it out shows


def _weighted_sse(x, y, *, w):
    """The lesson's loss: w is keyword-only, out of argnums' reach."""
    return jnp.sum(w * (x - y) ** 2)


def _positional_sse(x, y, w):
    """The same loss with every argument positional: what each gradient is."""
    return jnp.sum(w * (x - y) ** 2)


@concrete_cache
def _xyw():
    x, y = article_xy()
    return x, y, jnp.array(WEIGHTS)


@concrete_cache
def _weighted_grad(argnums):
    """Gradients at the lesson's x, y, w by position in (x, y, w)."""
    return jax.grad(_positional_sse, argnums=argnums)(*_xyw())


GRADIENT_NAMES = ("x", "y", "w")


def _which_gradients(answer: Any) -> list[str] | None:
    """For a tuple of arrays, the argument each one is the gradient for (None if not all)."""
    if not isinstance(answer, tuple) or not answer:
        return None
    names = []
    for part in answer:
        for position, name in enumerate(GRADIENT_NAMES):
            if equals_tree(_weighted_grad(position))(part):
                names.append(name)
                break
        else:
            return None
    return names


@dataclass(frozen=True)
class NamedGradients:
    """SamePytree, and when a tuple of gradients is wrong, which arguments they belong to."""

    def __call__(self, answer: Any, expected: Any) -> str | None:
        problem = SamePytree()(answer, expected)
        if problem is None:
            return None
        names = _which_gradients(answer)
        if names == ["x", "w"]:
            # grad_x is -grad_y: a sign slip gives these numbers as well as argnums does
            return _(
                "grad_w is right, but your first array is -grad_y, grad_y with its sign "
                "flipped. Those are also the numbers of grad_x (weighted_sse depends on "
                "x - y), so a minus in front, y - x written for x - y, or x differentiated "
                "in place of y all give them. The exercise asks for the gradient with "
                "respect to y."
            )
        if names and names != ["y", "w"]:
            listed = ", ".join(f"grad_{n}" for n in names)
            message = _(
                "You have ({listed}): gradients with respect to {join}, in that order. The "
                "exercise asks for (grad_y, grad_w), the gradients with respect to y and w, "
                "in that order."
            ).format(listed=listed, join=", ".join(names))
            if "x" in names:
                message += " " + _(
                    "(weighted_sse depends on x - y, so grad_x is also -grad_y: a minus in "
                    "front, or y - x written for x - y, gives the same numbers.)"
                )
            return message
        return problem


@concrete_cache
def _with_value():
    x, y, w = _xyw()
    return jax.value_and_grad(_positional_sse, argnums=(1, 2))(x, y, w)


def _is_one_tuple(answer: Any) -> bool:
    return isinstance(answer, tuple) and len(answer) == 1


def _one_tuple_inside(answer: Any) -> bool:
    """(grad_y, grad_w) with one of them a tuple of one array holding the right gradient:
    argnums=(1,) gives a tuple, even of one (round 21)."""
    if not (isinstance(answer, tuple) and len(answer) == 2):
        return False
    inner = [a[0] if isinstance(a, tuple | list) and len(a) == 1 else a for a in answer]
    wrapped = any(isinstance(a, tuple | list) and len(a) == 1 for a in answer)
    return wrapped and equals_tree(_weighted_grad((1, 2)))(tuple(inner))


def _right_values_in_list_or_dict(answer: Any) -> bool:
    """(grad_y, grad_w) in a list, as a dict's values in that order, or in a dict keyed
    "y" and "w" (jax.grad of a dict argument returns its keys sorted)."""
    if isinstance(answer, dict):
        keyed = dict.keys(answer) == {"y", "w"}
        answer = [answer["y"], answer["w"]] if keyed else list(answer.values())
    return isinstance(answer, list) and equals_tree(list(_weighted_grad((1, 2))))(answer)


def _value_first(answer: Any) -> bool:
    """A pair (value, gradients) as value_and_grad returns it, whatever its argnums:
    weighted_sse's value first, then a tuple of gradients or one gradient."""
    if not isinstance(answer, tuple) or len(answer) != 2:
        return False
    value, grads = answer
    return (
        hasattr(value, "shape")
        and equals_tree(_with_value()[0])(value)
        and (isinstance(grads, tuple) or hasattr(grads, "shape"))
    )


def _w_gradient_zero(answer: Any) -> bool:
    """(grad_y, zeros): w differentiated through a function that reads another w."""
    if not isinstance(answer, tuple) or len(answer) != 2:
        return False
    grad_y, grad_w = answer
    return (
        equals_tree(_weighted_grad(1))(grad_y)
        and hasattr(grad_w, "shape")
        and equals_tree(jnp.zeros_like(_weighted_grad(2)))(grad_w)
    )


@concrete_cache
def _unweighted_grads():
    """sum_squared_error's gradients at x, y: (grad_x, grad_y) with w left out."""
    return jax.grad(_sse, argnums=(0, 1))(*article_xy())


def _unweighted(answer: Any) -> bool:
    """A tuple of two arrays, each a gradient of the loss without its weights (of x or of
    y, either sign)."""
    if not isinstance(answer, tuple) or len(answer) != 2:
        return False
    grad_x = _unweighted_grads()[0]
    return all(
        hasattr(part, "shape") and (equals_tree(grad_x)(part) or equals_tree(-grad_x)(part))
        for part in answer
    )


def _unweighted_y(answer: Any) -> bool:
    """(grad_y, grad_w) with grad_w right and grad_y the unweighted loss's (either sign)."""
    if not isinstance(answer, tuple) or len(answer) != 2:
        return False
    grad_y, grad_w = answer
    grad_x = _unweighted_grads()[0]
    return (
        hasattr(grad_y, "shape")
        and (equals_tree(grad_x)(grad_y) or equals_tree(-grad_x)(grad_y))
        and equals_tree(_weighted_grad(2))(grad_w)
    )


def _stacked_gradients(answer: Any) -> bool:
    """One array of two rows, each a gradient of weighted_sse (any of x, y, w)."""
    shape = getattr(answer, "shape", None)
    if shape is None or len(shape) != 2 or shape[0] != 2:
        return False
    return _which_gradients(tuple(np.asarray(answer))) is not None


@concrete_cache
def _at_swapped_point():
    """(grad_y, grad_w) of weighted_sse taken at y and w swapped: a wrapper of (y, w)
    called with (w, y), so each value went to the other's parameter."""
    x, y, w = _xyw()
    return jax.grad(_positional_sse, argnums=(1, 2))(x, w, y)


def _called_swapped(answer: Any) -> bool:
    """The pair at the swapped point, in either order: a wrapper of (w, y) called with
    (y, w) gives (grad_w, grad_y) there."""
    at_swapped = _at_swapped_point()
    return equals_tree(at_swapped)(answer) or equals_tree(at_swapped[::-1])(answer)


def _w_for_grad_w(answer: Any) -> bool:
    """(grad_y, w): the weights themselves where their gradient goes."""
    if not isinstance(answer, tuple) or len(answer) != 2:
        return False
    grad_y, weights = answer
    return equals_tree(_weighted_grad(1))(grad_y) and equals_tree(_xyw()[2])(weights)


def _w_zeros_made(loss, x, y, w):
    """grad_y differentiated, grad_w made as zeros: w thought beyond jax.grad's reach."""
    return jax.grad(loss, argnums=1)(x, y, w=w), jnp.zeros_like(w)


_ZERO_MAKERS = ("zeros", "zeros_like", "full", "full_like")


def _names_read(code: Any) -> set[str]:
    """The names (globals and attributes) ``code`` and the code nested in it read."""
    names = set(code.co_names)
    for const in code.co_consts:
        if hasattr(const, "co_names"):
            names |= _names_read(const)
    return names


def _makes_zeros(answer: Any) -> bool:
    """The answer's own code calls an array maker that can give zeros (jnp's or NumPy's:
    read by name, since the grader's own example reads jnp through a stand-in)."""
    return any(_names_read(fn.__code__) & set(_ZERO_MAKERS) for fn in learner_functions(answer))


def _w_from_outside(loss, x, y, w):
    """A wrapper whose w argument is unused: it closes over the w it was given instead."""
    return jax.grad(lambda y, w_: loss(x, y, w=w), argnums=(0, 1))(y, w)


# Session 47 (issue 34): the answer was the pair of gradients, a value, so deleting the `*`
# from the notebook's weighted_sse and writing argnums=(1, 2) passed. It is now a function of
# the loss: grads_yw(loss, x, y, w) is called with losses of the grader's own, w keyword-only
# in each, at other points too. Case 0 is the lesson's weighted_sse at the lesson's x, y, w,
# so the mistakes above, which read a pair of gradients there, read the answer's output on it.


def _weighted_residual_loss(x, y, *, w):
    """Another loss written like weighted_sse, w keyword-only: the weight inside the square."""
    return jnp.sum((w * (x - y)) ** 2)


def _weighted_relative_loss(x, y, *, w):
    """A loss that is no function of x - y alone (the error relative to y's size), so that
    grad_y is not minus grad_x."""
    return jnp.sum(w * (x - y) ** 2 / (1.0 + y**2))


class _NamedLoss:
    """A loss the check passes to grads_yw: called as loss(x, y, w=w), shown by its name
    in a message (a function's repr holds its address)."""

    def __init__(self, name: str, fn: Callable[..., Any]) -> None:
        self._name, self._fn = name, fn

    def __call__(self, x, y, *, w):
        return self._fn(x, y, w=w)

    def __repr__(self) -> str:
        return self._name

    def __copy__(self) -> _NamedLoss:  # immutable: the fresh inputs of a check share it
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> _NamedLoss:
        return self


_LOSSES = (
    _NamedLoss("weighted_sse", _weighted_sse),
    _NamedLoss("weighted_residual_loss", _weighted_residual_loss),
    _NamedLoss("weighted_relative_loss", _weighted_relative_loss),
)


def _loss_cases():
    """Same shapes and operations as the lesson's (a first check compiles few of them)."""
    x, y, w = _xyw()
    return (
        (_LOSSES[0], x, y, w),
        (
            _LOSSES[1],
            jnp.array([0.5, -1.0, 2.0, 1.0]),
            jnp.array([1.5, 0.0, 1.0, 3.0]),
            jnp.array([1.0, 2.0, 0.5, 3.0]),
        ),
        # round 21: a w of another shape than y's, one weight for every point (w only
        # broadcasts against x - y), where y and w stacked into one array to differentiate
        # once had passed
        (
            _LOSSES[2],
            jnp.array([2.0, 0.0, -1.0, 1.5]),
            jnp.array([1.0, 0.5, 1.0, 1.0]),
            jnp.array(1.5),
        ),
    )


def _grads_yw(loss, x, y, w):
    return jax.grad(lambda y, w: loss(x, y, w=w), argnums=(0, 1))(y, w)


_JOINED_SHAPES = (
    r"same shape|same number of dimensions|different numbers of dimensions"
    r"|shapes? .*(mismatch|broadcast)|must have the same|zero-dimensional"
)


def _joined_y_w(answer: Any) -> bool:
    """Right at the lesson's point, where y and w have one shape, and failing with a
    shape error where w is a scalar: y and w joined into one array (round 21)."""
    if not fails_with("ValueError", _JOINED_SHAPES, _loss_cases)(answer):
        return False
    got = output_or_none(_loss_cases, answer, 0, _loss_cases()[0])
    return got is not None and equals_tree(_weighted_grad((1, 2)))(got)


def _grad_w_near(answer: Any) -> bool:
    """grad_y right and grad_w close to the right one but off, on every case: grad_w
    estimated from the loss at nearby points, not JAX's derivative (round 21)."""
    off = False
    for i, case in enumerate(_loss_cases()):
        got = output_or_none(_loss_cases, answer, i, case)
        if not isinstance(got, tuple) or len(got) != 2:
            return False
        want_y, want_w = _grads_yw(*case)
        if not equals_tree(want_y)(got[0]):
            return False
        try:
            grad_w = np.asarray(got[1], dtype=float)
        except Exception:
            return False
        want = np.asarray(want_w, dtype=float)
        if grad_w.shape != want.shape or not np.all(np.isfinite(grad_w)):
            return False
        scale = float(np.abs(want).max()) or 1.0
        if not np.allclose(grad_w, want, rtol=1e-2, atol=1e-3 * scale):
            return False
        off = off or not equals_tree(want_w)(got[1])
    return off


def _grad_w_forward_difference(loss, x, y, w):
    grad_y = jax.grad(lambda y: loss(x, y, w=w))(y)
    eps, flat = 1e-3, jnp.ravel(w)
    base = loss(x, y, w=w)
    rows = [
        (loss(x, y, w=(flat.at[i].add(eps)).reshape(jnp.shape(w))) - base) / eps
        for i in range(flat.size)
    ]
    return grad_y, jnp.stack(rows).reshape(jnp.shape(w))


def _joined_y_w_example(loss, x, y, w):
    both = jnp.stack([y, w])
    grads = jax.grad(lambda both: loss(x, both[0], w=both[1]))(both)
    return grads[0], grads[1]


def _grad_w_at_y(loss, x, y, w):  # round 16: grad_w's function called at y's values
    return _grads_yw(loss, x, y, w)[0], jax.grad(lambda c: loss(x, y, w=c))(y)


def _grad_w_at_x(loss, x, y, w):
    return _grads_yw(loss, x, y, w)[0], jax.grad(lambda c: loss(x, y, w=c))(x)


def _grad_y_at_x(loss, x, y, w):  # round 16: grad_y's function called at x's values
    return jax.grad(lambda b: loss(x, b, w=w))(x), _grads_yw(loss, x, y, w)[1]


def _grad_y_at_w(loss, x, y, w):
    return jax.grad(lambda b: loss(x, b, w=w))(w), _grads_yw(loss, x, y, w)[1]


def _grad_y_of_outer_y(loss, x, y, w):  # round 20: the lambda's body reads the outer y
    return jax.grad(lambda b, v: loss(x, y, w=v), argnums=(0, 1))(y, w)


def _grad_y_zero(answer: Any) -> bool:
    """grad_w right and grad_y all zeros, of y's shape, on every case: a loss that does not
    change with the y differentiated (its body reads another y), or differentiated at y = x,
    where every loss of the check is at its lowest: the numbers cannot tell which."""
    for i, case in enumerate(_loss_cases()):
        got = output_or_none(_loss_cases, answer, i, case)
        if not isinstance(got, tuple) or len(got) != 2:
            return False
        try:
            grad_y = np.asarray(got[0], dtype=float)
        except Exception:  # no numbers
            return False
        if grad_y.shape != np.shape(case[2]) or np.any(grad_y != 0):
            return False
        if not equals_tree(_grads_yw(*case)[1])(got[1]):
            return False
    return True


def _grad_y_in_x_slot(loss, x, y, w):  # round 20: loss(y, x, w=w) differentiated in x
    return jax.grad(loss)(y, x, w=w), _grads_yw(loss, x, y, w)[1]


def _one_grad_elsewhere(*wrongs: Any) -> Any:
    def matches(answer: Any) -> bool:
        return any(behaves_like(wrong, _loss_cases)(answer) for wrong in wrongs)

    return matches


def _grads_xy_swapped(loss, x, y, w):  # y handed over where loss takes x, and x where y
    return jax.grad(lambda y, w: loss(y, x, w=w), argnums=(0, 1))(y, w)


def _at_lesson_point(matches: Callable[[Any], bool]) -> Callable[[Any], bool]:
    """A mistake read on the answer's output for weighted_sse at the lesson's x, y, w."""

    def on_output(answer: Any) -> bool:
        got = output_or_none(_loss_cases, answer, 0, _loss_cases()[0])
        return got is not None and matches(got)

    return on_output


_TOO_FEW_POSITIONAL = r"requires at least (\d+) positional.* got only (\d+) positional"


def _own_functions_taking(answer: Any, count: int) -> bool:
    """Whether the learner's code defines a function (a lambda, an inner def) of ``count``
    positional parameters: one grad may have been given in place of loss."""

    def nested(code: Any) -> list[Any]:
        inner = [const for const in code.co_consts if hasattr(const, "co_argcount")]
        return inner + [deeper for const in inner for deeper in nested(const)]

    functions = learner_functions(answer)
    codes = [code for fn in functions for code in nested(fn.__code__)]
    codes += [fn.__code__ for fn in functions[1:]]  # a helper defined beside it
    return any(
        code.co_argcount == count and (code.co_name == "<lambda>" or code.co_name[0] != "<")
        for code in codes
    )


def _argnums_past_own_function(answer: Any) -> bool:
    """grad refused argnums past the positional arguments of its call, and the answer
    defines a function of exactly that many positional parameters: argnums counted in loss's
    signature for a function of the answer's own (round 18: lambda y, w with argnums=(1, 2)),
    not a keyword argument passed to loss itself."""
    if not callable(answer):
        return False
    for index, args in enumerate(cases_of_this_check(_loss_cases, _loss_cases)):
        _, exc = answer_outcome(_loss_cases, answer, index, args)
        if exc is not None:
            found = re.search(_TOO_FEW_POSITIONAL, str(exc))
            return (
                isinstance(exc, TypeError)
                and found is not None
                and _own_functions_taking(answer, int(found.group(2)))
            )
    return False


def _a_value(answer: Any) -> bool:
    """Gradients computed at one point (a tuple, list or dict of them, or one array) where
    the function that computes them is asked."""
    return not callable(answer) and (
        isinstance(answer, tuple | list | dict) or hasattr(answer, "shape")
    )


def _notebook_xyw() -> dict[int, Any]:
    x, y, w = _xyw()
    return {1: x, 2: y, 3: w}


def _notebook_point(loss, x_, y_, w_):
    """The wrapper right, at the notebook's x, y, w whatever point is given."""
    return _grads_yw(loss, *_xyw())


def _one_from_sse(answer: Any) -> bool:
    """Right on weighted_sse; for another loss one gradient is right and the other is still
    weighted_sse's: that one is a formula written for weighted_sse, not differentiated."""
    cases = _loss_cases()
    if not equals_tree(_weighted_grad((1, 2)))(output_or_none(_loss_cases, answer, 0, cases[0])):
        return False
    _, x, y, w = cases[1]
    got = output_or_none(_loss_cases, answer, 1, cases[1])
    if not isinstance(got, tuple) or len(got) != 2:
        return False
    right, sse = _grads_yw(cases[1][0], x, y, w), _grads_yw(_weighted_sse, x, y, w)
    return any(
        equals_tree(right[i])(got[i]) and equals_tree(sse[1 - i])(got[1 - i]) for i in (0, 1)
    )


def _grad_x(loss, x, y, w):
    return jax.grad(lambda x: loss(x, y, w=w))(x)


def _minus_grad_x(answer: Any) -> bool:
    """grad_w right on every case and grad_y minus grad_x: true of a loss of x - y alone,
    as weighted_sse is, and wrong for a loss that depends on y otherwise."""
    for i, case in enumerate(_loss_cases()):
        got = output_or_none(_loss_cases, answer, i, case)
        if not isinstance(got, tuple) or len(got) != 2:
            return False
        if not (equals_tree(-_grad_x(*case))(got[0]) and equals_tree(_grads_yw(*case)[1])(got[1])):
            return False
    return True


def _ignores_loss(answer: Any) -> bool:
    """Right on weighted_sse, and weighted_sse's gradients for another loss too: the
    notebook's weighted_sse (or a formula for it) differentiated whatever loss is given."""
    cases = _loss_cases()
    if not equals_tree(_weighted_grad((1, 2)))(output_or_none(_loss_cases, answer, 0, cases[0])):
        return False
    _, x, y, w = cases[1]
    return equals_tree(_grads_yw(_weighted_sse, x, y, w))(
        output_or_none(_loss_cases, answer, 1, cases[1])
    )


# --- 04.predict_value_and_grad ----------------------------------------------------------


def _sse(x, y):
    return jnp.sum((x - y) ** 2)


VALUE_AND_GRAD_OPTIONS = (
    "(value, grad_y, grad_x)",
    "(value, (grad_y, grad_x)): the value beside exactly what grad returns for argnums=(1, 0)",
    "(value, (grad_x, grad_y)): the gradients come in the order of the function's parameters, "
    "whatever order argnums lists them in",
    "((grad_y, grad_x), value)",
)


# --- 04.sgd_step ------------------------------------------------------------------------

LEARNING_RATE = 0.1  # the notebook's global learning_rate; the grader's lr is never 0.1


def _step_inputs():
    """(params, grads, lr, max_norm): a nested tree like the lesson's `model` (a dict
    holding a list of dicts) whose gradients' global norm, about 8.97, is clipped to 1;
    a flat dict whose norm, about 1.15, is under 5 (no clipping) and over 0.5 (clipped);
    the flat dict with every gradient 0 (a norm of 0: nothing to clip, params come
    back as they were, less the variant's decay), last; before it, the flat dict with lr
    0.5 and max_norm 0.05, where lr * norm is over max_norm too. NumPy float32 leaves, so
    that a change made in place shows."""
    f32 = np.float32

    def flat():
        return (
            {"w": np.array([1.0, -2.0], f32), "b": np.array(0.5, f32)},
            {"w": np.array([0.5, 0.25], f32), "b": np.array(-1.0, f32)},
        )

    nested = (
        {
            "layers": [
                {"w": np.ones((2, 3), f32), "b": np.zeros(3, f32)},
                {"w": np.full((3, 1), 2.0, f32), "b": np.array([0.5], f32)},
            ],
            "scale": np.array(2.0, f32),
        },
        {
            "layers": [
                {"w": np.full((2, 3), 0.5, f32), "b": np.array([1.0, -1.0, 2.0], f32)},
                {"w": np.full((3, 1), -4.0, f32), "b": np.array([3.0], f32)},
            ],
            "scale": np.array(4.0, f32),
        },
        0.01,
        1.0,
    )
    params, grads = flat()
    still = (params, jax.tree.map(np.zeros_like, grads))
    # round 21: another nesting than model's, a list at the top, a dict in a dict and a
    # list in a dict (a walk written for model's nesting alone passed), the flat dict's
    # leaf shapes; its norm, 1.6, clipped to 0.5
    other = (
        [
            {"w": np.array([1.0, -2.0], f32), "inner": {"b": np.array(0.5, f32)}},
            {"v": [np.array([0.25, 1.0], f32)]},
        ],
        [
            {"w": np.array([0.5, 0.25], f32), "inner": {"b": np.array(-1.0, f32)}},
            {"v": [np.array([1.0, -0.5], f32)]},
        ],
        0.05,
        0.5,
    )
    # round 19: lr * norm above max_norm (0.575 > 0.05), where clipping the step lr * g
    # and clipping g part ways; in the others lr * norm is under max_norm
    return [
        nested,
        (*flat(), 0.05, 5.0),
        (*flat(), 0.05, 0.5),
        (*flat(), 0.5, 0.05),
        other,
        (*still, 0.05, 0.5),
    ]


_OTHER_NESTING = 4  # the index of the tree nested otherwise than model


@concrete_cache
def _jax_step_leaves():
    # NumPy's float32 leaves put on the device as they are (jnp.asarray compiled one
    # program per leaf shape on a first check)
    return [(*jax.tree.map(device_array, (p, g)), *rest) for p, g, *rest in _step_inputs()]


def _jax_step_inputs():
    """The same, with jax arrays at the leaves (made once: they are immutable) in fresh
    dicts and lists; lr and max_norm stay Python floats."""
    return [jax.tree.map(lambda leaf: leaf, case) for case in _jax_step_leaves()]


def _step_outcome(answer: Any, index: int) -> tuple[Any, Exception | None]:
    """What the answer returned (or raised) on the rule's ``index``-th input: called once
    a check, shared with the rule and the other predicates that read it (each of them had
    called the answer on every input again: 23 calls in a warm check of a wrong answer)."""
    cases = cases_of_this_check(_jax_step_inputs, _jax_step_inputs)
    return answer_outcome(_jax_step_inputs, answer, index, cases[index])


def _step_output(answer: Any, index: int) -> Any:
    """``_step_outcome``'s value; raises what the answer raised."""
    value, raised = _step_outcome(answer, index)
    if raised is not None:
        raise raised
    return value


def notebook_model():
    """The lesson's `model`, its pretend gradients (all ones), and learning_rate."""
    model = {
        "layers": [
            {"w": jnp.array([[0.5, -0.5], [1.0, 0.25]]), "b": jnp.zeros(2)},
            {"w": jnp.array([[2.0], [-1.0]]), "b": jnp.array([0.1])},
        ],
        "scale": jnp.array(1.0),
    }
    return model, jax.tree.map(jnp.ones_like, model), LEARNING_RATE


def _notebook_step_values():
    model, grads, lr = notebook_model()
    return {0: model, 1: grads, 2: lr}


# A weight decay in the step: each parameter also shrinks by lr * decay * p. None on the
# page (variant 0, the plain clipped step); drawn, so a neighbour's step, or the page's,
# moves every parameter by another amount.
STEP_VARIANTS = Variants(
    default={"decay": 0.0, "term": ""},
    draw=lambda rng: (lambda d: {"decay": d, "term": f" + {d} * p"})(
        rng.choice((0.05, 0.1, 0.2, 0.3, 0.5))
    ),
    shown="Each new parameter is p - lr * (scale * g{term}).",
)


def _decay() -> float:
    """The weight decay of the learner's variant (variant 0: none)."""
    return STEP_VARIANTS.current("04.sgd_step")["decay"]


def _decayed(step: Callable[..., Any]) -> Callable[..., Any]:
    """``step`` (a wrong one) made in the learner's variant: each new leaf also less
    lr * decay * p, the decay the variant asks; variant 0's step unchanged."""

    @wraps(step)
    def with_decay(params, grads, lr, max_norm):
        decay = _decay()
        new = step(params, grads, lr, max_norm)
        if not decay:
            return new
        return jax.tree.map(lambda n, p: n - lr * decay * p, new, params)

    return with_decay


def _global_norm(tree):
    return jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree.leaves(tree)))


def _clip_scale(grads, max_norm):
    return jnp.minimum(1.0, max_norm / _global_norm(grads))


def _sgd_step(params, grads, lr, max_norm):
    scale = _clip_scale(grads, max_norm)
    decay = _decay()
    return jax.tree.map(lambda p, g: p - lr * (scale * g + decay * p), params, grads)


@_decayed
def _unclipped(params, grads, lr, max_norm):
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


@_decayed
def _clipped_step(params, grads, lr, max_norm):  # round 19: the norm of lr * g clipped
    scale = jnp.minimum(1.0, max_norm / (lr * _global_norm(grads)))
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


@_decayed
def _clipped_elementwise(params, grads, lr, max_norm):
    return jax.tree.map(lambda p, g: p - lr * jnp.clip(g, -max_norm, max_norm), params, grads)


@_decayed
def _clipped_per_leaf(params, grads, lr, max_norm):
    def step(p, g):
        return p - lr * jnp.minimum(1.0, max_norm / jnp.sqrt(jnp.sum(g**2))) * g

    return jax.tree.map(step, params, grads)


@_decayed
def _nan_at_zero_norm(params, grads, lr, max_norm):
    norm = _global_norm(grads)
    scale = jnp.minimum(norm, max_norm) / norm  # 0 / 0 where every gradient is 0
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def _nan_only_at_zero_norm(answer: Any) -> bool:
    """Right on every input but the one whose gradients are all 0, where it gives nan."""
    if not callable(answer):
        return False
    cases = _jax_step_inputs()
    try:
        outputs = [_step_output(answer, index) for index in range(len(cases))]
        if not any(np.isnan(np.asarray(leaf)).any() for leaf in jax.tree.leaves(outputs[-1])):
            return False
        # the reference's outputs as the rule computed them (compiled whole, kept), compared
        # by NumPy: run op by op and compared by jnp, they compiled six programs of their own
        references = outputs_on(_jax_step_inputs, _sgd_step)
        return all(
            jax.tree.structure(out) == jax.tree.structure(ref)
            and all(
                np.allclose(np.asarray(a), np.asarray(b), rtol=1e-5, atol=1e-6)
                for a, b in zip(jax.tree.leaves(out), jax.tree.leaves(ref), strict=True)
            )
            for out, ref in zip(outputs[:-1], references, strict=False)
        )
    except Exception:
        return False


@_decayed
def _concatenated_leaves(params, grads, lr, max_norm):
    """Round 18: the leaves joined as they are, a matrix beside vectors and a 0-d scale."""
    scale = jnp.minimum(1.0, max_norm / jnp.linalg.norm(jnp.concatenate(jax.tree.leaves(grads))))
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


@_decayed
def _python_division_by_norm(params, grads, lr, max_norm):
    """The factor made with Python's min of floats: max_norm / 0.0 raises."""
    scale = min(1.0, max_norm / float(_global_norm(grads)))
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


@_decayed
def _always_rescaled(params, grads, lr, max_norm):
    scale = max_norm / _global_norm(grads)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


@_decayed
def _norm_squared(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads) ** 2)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


@_decayed
def _l1_norm(params, grads, lr, max_norm):
    total = sum(jnp.sum(jnp.abs(g)) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / total)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


@_decayed
def _root_mean_square(params, grads, lr, max_norm):
    leaves = jax.tree.leaves(grads)
    mean_square = sum(jnp.sum(g**2) for g in leaves) / sum(g.size for g in leaves)
    scale = jnp.minimum(1.0, max_norm / jnp.sqrt(mean_square))
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


@_decayed
def _factor_at_least_one(params, grads, lr, max_norm):
    scale = jnp.maximum(1.0, max_norm / _global_norm(grads))
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


@_decayed
def _factor_inverted(params, grads, lr, max_norm):
    norm = _global_norm(grads)
    scale = jnp.where(norm > max_norm, norm / max_norm, 1.0)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


@_decayed
def _summed_leaf_norms(params, grads, lr, max_norm):
    total = sum(jnp.sqrt(jnp.sum(g**2)) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / total)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


@_decayed
def _largest_leaf_norm(params, grads, lr, max_norm):  # round 21
    norm = max(jnp.sqrt(jnp.sum(g**2)) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


@_decayed
def _params_norm(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(params))
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


@_decayed
def _scaled_difference(params, grads, lr, max_norm):
    scale = _clip_scale(grads, max_norm)
    return jax.tree.map(lambda p, g: lr * (p - scale * g), params, grads)


@_decayed
def _ascent(params, grads, lr, max_norm):
    scale = _clip_scale(grads, max_norm)
    return jax.tree.map(lambda p, g: p + lr * scale * g, params, grads)


@_decayed
def _no_lr(params, grads, lr, max_norm):
    scale = _clip_scale(grads, max_norm)
    return jax.tree.map(lambda p, g: p - scale * g, params, grads)


@_decayed
def _swapped_lambda(params, grads, lr, max_norm):
    scale = _clip_scale(grads, max_norm)
    return jax.tree.map(lambda g, p: p - lr * scale * g, params, grads)


def _forgot_return(params, grads, lr, max_norm):
    new = _sgd_step(params, grads, lr, max_norm)  # noqa: F841


def _three_argument_step(params, grads, lr):
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def _unchanged(params, grads, lr, max_norm):
    return params


def _top_level_loop(params, grads, lr, max_norm):
    new = params.copy()
    for name in new:
        new[name] = new[name] - lr * grads[name]
    return new


def _shallow_copy(params, grads, lr, max_norm):
    new = params.copy()
    for layer, layer_grads in zip(new["layers"], grads["layers"], strict=True):
        for name in layer:
            layer[name] = layer[name] - lr * layer_grads[name]
    new["scale"] = params["scale"] - lr * grads["scale"]
    return new


def _nested_in_place(params, grads, lr, max_norm):
    for layer, layer_grads in zip(params["layers"], grads["layers"], strict=True):
        for name in layer:
            layer[name] = layer[name] - lr * layer_grads[name]
    return {"layers": params["layers"], "scale": params["scale"] - lr * grads["scale"]}


def _copies_shallow(answer: Any) -> bool:
    """Whether the answer's own code makes a shallow copy: calls a .copy method,
    copy.copy, dict(...) or list(...), or unpacks a dict into a new one ({**params})."""
    for fn in learner_functions(answer):
        for code in _code_objects(fn.__code__):
            for instruction in dis.get_instructions(code):
                name = instruction.argval
                if instruction.opname in ("LOAD_ATTR", "LOAD_METHOD") and name == "copy":
                    return True
                if instruction.opname in ("LOAD_GLOBAL", "LOAD_NAME") and name in (
                    "dict",
                    "list",
                ):
                    return True
                if instruction.opname == "DICT_UPDATE":
                    return True
    return False


def _code_objects(code: Any) -> list[Any]:
    found = [code]
    for const in code.co_consts:
        if isinstance(const, type(code)):
            found += _code_objects(const)
    return found


def _in_place_leaves(params, grads, lr, max_norm):
    for p, g in zip(jax.tree.leaves(params), jax.tree.leaves(grads), strict=True):
        p -= lr * g
    return params


def _in_place_dict(params, grads, lr, max_norm):
    for name in params:
        params[name] = params[name] - lr * grads[name]
    return params


def _old_tree_map(params, grads, lr, max_norm):
    return jax.tree_map(lambda p, g: p - lr * g, params, grads)


def _flat_leaves(params, grads, lr, max_norm):
    scale = _clip_scale(grads, max_norm)
    return [
        p - lr * scale * g
        for p, g in zip(jax.tree.leaves(params), jax.tree.leaves(grads), strict=True)
    ]


def _returns_leaf_list(answer: Any) -> bool:
    if not callable(answer):
        return False
    for index, args in enumerate(_jax_step_inputs()):
        out = _step_output(answer, index)
        if not isinstance(out, list | tuple) or len(out) != len(jax.tree.leaves(args[0])):
            return False
    return True


def _containers(tree, path=()):
    """(path, container, [(key, id(child))]) for every dict and list in the tree."""
    if isinstance(tree, dict):
        items = list(tree.items())
    elif isinstance(tree, list):
        items = list(enumerate(tree))
    else:
        return []
    found = [(path, tree, [(k, id(v)) for k, v in items])]
    for key, child in items:
        found += _containers(child, (*path, key))
    return found


@remembered
def _mutation(answer: Any) -> str | None:
    """How ``answer`` changed the trees it was given: 'leaves' (arrays written in place),
    'top' (the params dict itself) or 'nested' (a dict or list inside it), each prefixed
    'grads-' when the tree changed is grads, not params; None if not."""
    if not callable(answer):
        return None
    for args in _step_inputs():
        trees = args[:2]
        before = copy.deepcopy(trees)
        shapes = [_containers(tree) for tree in trees]
        leaves = [jax.tree.leaves(tree) for tree in trees]
        try:
            answer(*args)
        except Exception:
            continue
        for tree, tree_shapes in zip(("", "grads-"), shapes, strict=True):
            for path, container, children in tree_shapes:
                items = container.items() if isinstance(container, dict) else enumerate(container)
                if [(k, id(v)) for k, v in items] != children:
                    return tree + ("nested" if path else "top")
        for tree, tree_leaves, old in zip(("", "grads-"), leaves, before, strict=True):
            if not all(
                equals_tree(o)(n) for n, o in zip(tree_leaves, jax.tree.leaves(old), strict=True)
            ):
                return tree + "leaves"
    return None


def _grads_scaled_in_place(params, grads, lr, max_norm):
    scale = _clip_scale(grads, max_norm)
    for name in grads:
        grads[name] = jax.tree.map(lambda g: lr * scale * g, grads[name])
    return jax.tree.map(lambda p, g: p - g, params, grads)


def _mutated(kind: str) -> Callable[[Any], bool]:
    return lambda answer: _mutation(answer) == kind


@remembered
def _error_on_nested(answer: Any) -> str | None:
    """'Type: message' of what the answer raises on the nested input, or None."""
    if not callable(answer):
        return None
    exc = _step_outcome(answer, 0)[1]
    return None if exc is None else f"{type(exc).__name__}: {exc}"


@remembered
def _error_on_flat(answer: Any) -> str | None:
    """'Type: message' of what the answer raises on the flat input, or None."""
    if not callable(answer):
        return None
    exc = _step_outcome(answer, 1)[1]
    return None if exc is None else f"{type(exc).__name__}: {exc}"


def _fails_on_nested(pattern: str) -> Callable[[Any], bool]:
    def matches(answer: Any) -> bool:
        error = _error_on_nested(answer)
        return error is not None and re.search(pattern, error) is not None

    return matches


def _fails_only_on_nested(pattern: str) -> Callable[[Any], bool]:
    """Fails on the nested tree as ``pattern`` says, and works on the flat dict."""
    nested = _fails_on_nested(pattern)
    return lambda answer: nested(answer) and _error_on_flat(answer) is None


def _fails_only_on_other_nesting(answer: Any) -> bool:
    """Runs on model's nesting and on the flat dicts, and raises on the tree nested
    otherwise: a walk written for the nestings it was shown (round 21)."""
    if not callable(answer):
        return False
    if _step_outcome(answer, _OTHER_NESTING)[1] is None:
        return False
    return all(_step_outcome(answer, index)[1] is None for index in range(_OTHER_NESTING))


def _walks_model_nesting(params, grads, lr, max_norm):
    """A walk written for model's nesting: a dict of arrays and of lists of dicts."""
    scale = _clip_scale(grads, max_norm)
    new = {}
    for name, value in params.items():
        if isinstance(value, list):
            new[name] = [
                {key: layer[key] - lr * scale * g[key] for key in layer}
                for layer, g in zip(value, grads[name], strict=True)
            ]
        else:
            new[name] = value - lr * scale * grads[name]
    return new


def _fails_on_flat(pattern: str) -> Callable[[Any], bool]:
    def matches(answer: Any) -> bool:
        error = _error_on_flat(answer)
        return error is not None and re.search(pattern, error) is not None

    return matches


def _update_only(params, grads, lr, max_norm):
    scale = _clip_scale(grads, max_norm)
    return jax.tree.map(lambda p, g: lr * scale * g, params, grads)


def _negative_update(params, grads, lr, max_norm):
    scale = _clip_scale(grads, max_norm)
    return jax.tree.map(lambda p, g: -lr * scale * g, params, grads)


def _whole_grads(params, grads, lr, max_norm):
    return jax.tree.map(lambda p: p - lr * grads, params)


def _one_tree(params, grads, lr, max_norm):
    return jax.tree.map(lambda p, g: p - lr * g, params)


def _unclipped_twin(wrong: Callable[..., Any]) -> Callable[..., Any]:
    """``wrong`` with the clipping left out too (max_norm too large to clip anything):
    the same slip made in a step that never clips."""

    def twin(params, grads, lr, max_norm):
        return wrong(params, grads, lr, float("inf"))

    twin.__name__ = twin.__qualname__ = f"{wrong.__name__}_unclipped"
    return twin


_UNCLIPPED = {
    wrong: _unclipped_twin(wrong)
    for wrong in (
        _ascent,
        _no_lr,
        _update_only,
        _negative_update,
        _swapped_lambda,
        _scaled_difference,
    )
}


def _slip(*wrongs: Callable[..., Any]) -> Callable[[Any], bool]:
    """Behaves like one of ``wrongs``, clipped right or never clipped."""
    return _like(*wrongs, *(_UNCLIPPED[wrong] for wrong in wrongs))


def _step_and_more(params, grads, lr, max_norm):
    """The right new parameters, and the gradients' norm beside them (round 16)."""
    return _sgd_step(params, grads, lr, max_norm), _global_norm(grads)


def _right_tree_first(answer: Any) -> bool:
    """A tuple or list whose first item is the right new parameters on every input."""
    if not callable(answer):
        return False

    def first(*args):
        out = answer(*args)
        return out[0] if isinstance(out, tuple | list) and len(out) >= 2 else None

    return behaves_like(_sgd_step, _jax_step_inputs)(first)


def _like(*wrongs: Callable[..., Any]) -> Callable[[Any], bool]:
    """Behaves like one of ``wrongs`` on every input."""
    predicates = [behaves_like(wrong, _jax_step_inputs) for wrong in wrongs]
    return lambda answer: any(predicate(answer) for predicate in predicates)


EXERCISES = (
    Exercise(
        id="04.grad_last_two",
        # No variants (issue 38): a function checked on the grader's own losses and points; a
        # variant could only change which gradients or their order, and (grad_w, grad_y) would
        # settle 04.predict_value_and_grad (argnums' order) before it is asked, grad_x contradict
        # the page's grads_yw.
        title="Differentiate with respect to a keyword-only argument",
        reference=lambda: _grads_yw,
        rule=SameFunction(inputs=_loss_cases, output=NamedGradients()),
        hints=(
            "argnums counts positional arguments only: a loss like weighted_sse takes x and y "
            "by position, and w only by keyword, so no argnums reaches w, and w cannot be "
            "passed to it by position either.",
            "jax.grad differentiates whatever function you give it. Inside grads_yw, give it "
            "a small function of its own whose positional arguments are y and w, and which "
            "calls loss with w as a keyword.",
            "return jax.grad(lambda y, w: loss(x, y, w=w), argnums=(0, 1))(y, w)",
        ),
        solution=(
            "def grads_yw(loss, x, y, w):\n"
            "    return jax.grad(lambda y, w: loss(x, y, w=w), argnums=(0, 1))(y, w)"
        ),
        mistakes=(
            Mistake(
                id="positional-w",
                message="Your function passes w to loss by position, and loss takes w only by "
                "keyword (the * before it in its signature), so the call fails with a "
                "TypeError. argnums counts only the arguments a call passes by position.",
                example=lambda: lambda loss, x, y, w: jax.grad(loss, argnums=(1, 2))(x, y, w),
                matches=fails_with(
                    "TypeError", r"takes \d+ positional arguments? but \d+ w", _loss_cases
                ),
            ),
            Mistake(  # round 18
                id="argnums-of-loss",
                message="argnums counts the positional parameters of the function grad is "
                "given, and here that is a function of your own, with fewer parameters than "
                "your argnums reaches: the positions are counted in its own signature, not in "
                "loss's, so grad refuses with a TypeError.",
                example=lambda: (
                    lambda loss, x, y, w: jax.grad(lambda y, w: loss(x, y, w=w), argnums=(1, 2))(
                        y, w
                    )
                ),
                matches=_argnums_past_own_function,
            ),
            Mistake(
                id="argnums-past-keyword",
                message="Your function passes w to loss by keyword, so the call has two "
                "positional arguments, x and y, and argnums names position 2, which it does not "
                "have: grad refuses with a TypeError. argnums counts only the arguments a call "
                "passes by position, and a keyword argument is none of them.",
                example=lambda: lambda loss, x, y, w: jax.grad(loss, argnums=(1, 2))(x, y, w=w),
                matches=fails_with("TypeError", r"requires at least \d+ positional", _loss_cases),
            ),
            Mistake(
                id="gradients-not-function",
                message="That is a value, gradients at one point. grads_yw is asked as a "
                "function of a loss and a point, which the check calls with losses and points "
                "of its own.",
                example=lambda: _grads_yw(*_loss_cases()[0]),
                matches=_a_value,
            ),
            Mistake(
                id="notebook-point",
                message="Your function reads the notebook's x, y or w instead of its arguments: "
                "at another point it still gives the gradients at the notebook's.",
                example=lambda: _notebook_point,
                matches=uses_notebook_values(_grads_yw, _loss_cases, _notebook_xyw),
            ),
            Mistake(
                id="ignores-loss",
                message="Right for weighted_sse, but for another loss of the same form your "
                "function still gives weighted_sse's gradients: it differentiates the "
                "notebook's weighted_sse (or a formula for it), not the loss it is given.",
                example=lambda: lambda loss, x, y, w: _grads_yw(_weighted_sse, x, y, w),
                matches=_ignores_loss,
            ),
            Mistake(
                id="one-from-formula",
                message="Right for weighted_sse, but for another loss of the same form one of "
                "your gradients is still weighted_sse's: it comes from a formula worked out for "
                "weighted_sse, not from differentiating the loss your function is given.",
                example=lambda: (
                    lambda loss, x, y, w: (
                        _grads_yw(loss, x, y, w)[0],
                        _grads_yw(_weighted_sse, x, y, w)[1],
                    )
                ),
                matches=_one_from_sse,
            ),
            Mistake(
                id="x-y-swapped",
                message="Your function hands loss x and y the other way round: the y it "
                "differentiates where loss takes x, and x where loss takes y. On a loss "
                "symmetric in x and y, such as weighted_sse, that gives the same numbers; on "
                "the check's other losses it does not. loss takes x first, then y.",
                example=lambda: _grads_xy_swapped,
                matches=behaves_like(_grads_xy_swapped, _loss_cases),
            ),
            Mistake(  # round 20
                id="y-in-x-slot",
                message="grad_w is right, but your grad_y is the loss's slope in its first "
                "parameter, x, with y handed over in x's place and x in y's: that is the slope "
                "in y only for a loss symmetric in x and y, such as weighted_sse. The check's "
                "other losses are not (one divides by 1 + y², which x does not enter).",
                example=lambda: _grad_y_in_x_slot,
                matches=behaves_like(_grad_y_in_x_slot, _loss_cases),
            ),
            Mistake(  # round 16
                id="grad-w-elsewhere",
                message="grad_y is right, but your grad_w is taken at another point: the "
                "function of w that you differentiated was called with y's (or x's) values "
                "in place of w's, so it gives the loss's slope in the weights where the "
                "weights equal those values, not at w.",
                example=lambda: _grad_w_at_y,
                matches=_one_grad_elsewhere(_grad_w_at_y, _grad_w_at_x),
            ),
            Mistake(  # round 20
                id="grad-y-zero",
                message="grad_w is right, but your grad_y is zero everywhere: the loss you "
                "differentiated did not change with the y it was given. Either that function "
                "does not use its y parameter (its body reads another y, the outer one, so "
                "nothing flows back to the parameter), or it was evaluated where y equals x, "
                "where each of the check's losses is at its lowest and flat in y.",
                example=lambda: _grad_y_of_outer_y,
                matches=_grad_y_zero,
            ),
            Mistake(  # round 16
                id="grad-y-elsewhere",
                message="grad_w is right, but your grad_y is taken at another point: the "
                "function of y that you differentiated was called with x's (or w's) values "
                "in place of y's, so it gives the loss's slope in y where y equals those "
                "values, not at the y given.",
                example=lambda: _grad_y_at_w,  # at x's values it is 0: grad-y-zero
                matches=_one_grad_elsewhere(_grad_y_at_x, _grad_y_at_w),
            ),
            Mistake(
                id="minus-grad-x",
                message="grad_w is right, but your grad_y is minus the gradient with respect to "
                "x. That holds for a loss of x - y alone, such as weighted_sse, and not for "
                "one that depends on y in another way too: the check passes such a loss.",
                example=lambda: (
                    lambda loss, x, y, w: (
                        -jax.grad(lambda x: loss(x, y, w=w))(x),
                        _grads_yw(loss, x, y, w)[1],
                    )
                ),
                matches=_minus_grad_x,
            ),
            Mistake(
                id="not-called",
                message="Your function returns a function: jax.grad(...) builds the gradient "
                "function, and grads_yw must return the gradients themselves, two arrays.",
                example=lambda: lambda loss, x, y, w: jax.grad(loss, argnums=1),
                matches=_at_lesson_point(not_called),
            ),
            Mistake(
                id="one-tuple",
                message="That is a tuple holding a single gradient: a tuple of positions with "
                "one entry asks for one argument. Both y and w were asked for.",
                example=lambda: (
                    lambda loss, x, y, w: jax.grad(lambda y: loss(x, y, w=w), argnums=(0,))(y)
                ),
                matches=_at_lesson_point(_is_one_tuple),
            ),
            Mistake(
                id="w-zeros-made",
                message="grad_y is right, but grad_w is zeros your own code made, not a "
                "gradient: nothing differentiates loss with respect to w, and the loss does "
                "change with the weights. A keyword-only argument of loss is not out of "
                "jax.grad's reach: jax.grad differentiates the positional arguments of the "
                "function it is given, whatever that function passes on to loss by keyword.",
                example=lambda: _w_zeros_made,
                matches=lambda answer: (
                    _at_lesson_point(_w_gradient_zero)(answer) and _makes_zeros(answer)
                ),
            ),
            Mistake(
                id="w-read-from-outside",
                message="grad_y is right, but grad_w is all zeros: the function you differentiated "
                "takes a w argument and never uses it (it reads another w instead), and a "
                "gradient is zero for an argument the output does not depend on.",
                example=lambda: _w_from_outside,
                matches=_at_lesson_point(_w_gradient_zero),
            ),
            Mistake(
                id="unweighted",
                message="Those are gradients of the loss without its weights, sum_squared_error's "
                "(with respect to x or y): w is left out, so every point counts the same, and "
                "weighted_sse's gradients depend on w.",
                example=lambda: lambda loss, x, y, w: jax.grad(_sse, argnums=(0, 1))(x, y),
                matches=_at_lesson_point(_unweighted),
            ),
            Mistake(
                id="unweighted-y",
                message="grad_w is right, but grad_y is the gradient of the loss without its "
                "weights (sum_squared_error's), where every point counts the same. The weights "
                "are in weighted_sse's gradient with respect to y too.",
                example=lambda: (
                    lambda loss, x, y, w: (
                        jax.grad(_sse, argnums=1)(x, y),
                        _grads_yw(loss, x, y, w)[1],
                    )
                ),
                matches=_at_lesson_point(_unweighted_y),
            ),
            Mistake(
                id="only-y",
                message="That is only the gradient with respect to y, one array: grad "
                "differentiates the positions argnums names (the first alone when argnums is "
                "left out), and w was not among them, whether it sat at a position argnums did "
                "not name or was passed by keyword, which argnums never reaches. Both y and w "
                "were asked for.",
                example=lambda: lambda loss, x, y, w: jax.grad(loss, argnums=1)(x, y, w=w),
            ),
            Mistake(
                id="called-swapped",
                message="Both gradients are taken at the wrong point: your function got w's "
                "values where its y goes and y's where its w goes. Positional arguments are "
                "matched by order, not by name, so these are the loss's gradients with y "
                "and w exchanged.",
                example=lambda: lambda loss, x, y, w: _grads_yw(loss, x, w, y),
                matches=_at_lesson_point(_called_swapped),
            ),
            Mistake(
                id="w-not-its-gradient",
                message="grad_y is right, but your second array is w itself, the weights, not "
                "a gradient: grad_w is how fast the loss changes as each weight "
                "changes.",
                example=lambda: lambda loss, x, y, w: (_grads_yw(loss, x, y, w)[0], w),
                matches=_at_lesson_point(_w_for_grad_w),
            ),
            Mistake(
                id="only-w",
                message="That is only the gradient with respect to w: one position, not a tuple "
                "of them, gives one gradient. Both y and w were asked for, in a tuple.",
                example=lambda: lambda loss, x, y, w: _grads_yw(loss, x, y, w)[1],
            ),
            Mistake(
                id="wrt-x",
                message="That is one gradient, with respect to x: without argnums, grad "
                "differentiates the first positional argument, and here x comes first. Both y "
                "and w were asked for.",
                example=lambda: lambda loss, x, y, w: jax.grad(loss)(x, y, w=w),
            ),
            Mistake(
                id="with-value",
                message="That is value_and_grad's pair: the value first, then the gradients. The "
                "exercise asks for the gradients alone.",
                example=lambda: (
                    lambda loss, x, y, w: jax.value_and_grad(
                        lambda y, w: loss(x, y, w=w), argnums=(0, 1)
                    )(y, w)
                ),
                matches=_at_lesson_point(_value_first),
            ),
            Mistake(
                id="stacked",
                message="The numbers are right, but stacked into one array: the exercise asks for "
                "the tuple (grad_y, grad_w), two arrays.",
                example=lambda: lambda loss, x, y, w: jnp.stack(_grads_yw(loss, x, y, w)),
                # at the lesson's point: with a scalar w the two gradients do not stack
                matches=_at_lesson_point(
                    lambda got: (
                        not isinstance(got, tuple | list | dict)
                        and equals_tree(jnp.stack(_weighted_grad((1, 2))))(got)
                    )
                ),
            ),
            Mistake(
                id="stacked-pair",
                message="That is one array holding two gradients stacked as its rows (jnp.stack, "
                "or jnp.array of a tuple), and not the pair asked for: the exercise asks for "
                "the tuple (grad_y, grad_w), the gradients with respect to y and w.",
                example=lambda: (
                    lambda loss, x, y, w: jnp.stack(
                        jax.grad(lambda x, y: loss(x, y, w=w), argnums=(0, 1))(x, y)
                    )
                ),
                matches=_at_lesson_point(_stacked_gradients),
            ),
            Mistake(
                id="one-tuple-inside",
                message="The numbers are right, but one of your two gradients is a tuple "
                "holding one array: given argnums as a tuple, even of one position, jax.grad "
                "returns a tuple of gradients, one per position.",
                example=lambda: (
                    lambda loss, x, y, w: (
                        jax.grad(lambda y, w: loss(x, y, w=w), argnums=(0,))(y, w),
                        _grads_yw(loss, x, y, w)[1],
                    )
                ),
                matches=_at_lesson_point(_one_tuple_inside),
            ),
            Mistake(
                id="grad-w-estimated",
                message="grad_y is right, and grad_w is close on every case but not within "
                "the check's tolerance: that is what an estimate from the loss at nearby points "
                "(a finite difference) gives, where JAX's derivative is exact up to rounding.",
                example=lambda: _grad_w_forward_difference,
                matches=_grad_w_near,
            ),
            Mistake(
                id="y-w-joined",
                message="Your gradients are right where y and w have one shape, and your "
                "function fails where they do not (one weight for every point, a scalar w): "
                "it joins y and w into one array, to differentiate once, and arrays of "
                "different shapes do not join. A loss written like weighted_sse takes any w "
                "that broadcasts against x - y, so y and w stay two arguments, each "
                "differentiated as it is.",
                example=lambda: _joined_y_w_example,
                matches=_joined_y_w,
            ),
            Mistake(
                id="list-not-tuple",
                message="The numbers are right, but in a list or a dict. The exercise asks for "
                "the tuple (grad_y, grad_w), as jax.grad returns it for a tuple of positions.",
                example=lambda: lambda loss, x, y, w: list(_grads_yw(loss, x, y, w)),
                matches=_at_lesson_point(_right_values_in_list_or_dict),
            ),
        ),
        success="argnums reaches positional arguments only; a keyword-only argument is "
        "differentiated through a function that takes it by position and passes it on, "
        "whatever the loss.",
    ),
    Exercise(
        id="04.predict_value_and_grad",
        title="Predict what value_and_grad returns for two arguments listed out of order",
        reference=lambda: "B",
        rule=Choice(("A", "B", "C", "D"), texts=VALUE_AND_GRAD_OPTIONS),
        hints=(
            "value_and_grad returns a pair: the value, then a gradient part. What is that "
            "part: what would jax.grad(sum_squared_error, argnums=(1, 0)) return?",
            "grad's result is shaped like argnums: a tuple of positions gives a tuple of "
            "gradients, one per position, in the order the tuple lists them. (1, 0) lists y "
            "first.",
        ),
        solution='structure = "B"',
        mistakes=(
            Mistake(
                id="flat",
                message="A has three entries, but value_and_grad returns a pair: the value, "
                "then a gradient part, whose gradients are not spread out into the outer "
                "tuple.",
                example=lambda: "A",
            ),
            Mistake(
                id="parameter-order",
                message="C sorts the gradients into the function's parameter order. The gradient "
                "part is what grad returns for the same argnums, and grad does not sort the "
                "positions argnums lists.",
                example=lambda: "C",
            ),
            Mistake(
                id="value-last",
                message="D has the right gradients but puts the value last. value_and_grad "
                "returns the value first, as its name says.",
                example=lambda: "D",
            ),
            Mistake(
                id="computed",
                message="This exercise asks for a prediction, the letter of an option, such as "
                'structure = "A": not value_and_grad itself, its result or its structure. '
                "Decide before running it.",
                example=lambda: jax.value_and_grad(_sse, argnums=(1, 0))(*article_xy()),
                matches=computed_not_chosen,
            ),
        ),
        success="B: value_and_grad pairs the value with exactly what grad would return, "
        "and with argnums=(1, 0) that is a tuple in argnums' own order, y's gradient first.",
        prediction=True,
        explanation=(
            "B: `(value, (grad_y, grad_x))`. `value_and_grad` always returns a pair: the "
            "value, then exactly what `grad` would return with the same `argnums`. With "
            "`argnums=(1, 0)` that is a tuple with one gradient per listed position, in the "
            "order listed, `y`'s first; the function's own parameter order does not sort "
            "them. With `argnums=(0, 1)` (the cells after the check) it is "
            "`(grad_x, grad_y)`; with `argnums=0` it is one array, and no tuple appears. "
            "`jax.tree.structure` (more on it below) draws the nesting, one `*` per array."
        ),
    ),
    Exercise(
        id="04.sgd_step",
        title="A step clipped by the global norm of a nested pytree",
        reference=lambda: _sgd_step,
        rule=SameFunction(inputs=_jax_step_inputs, output=SamePytree()),
        hints=(
            "Two parts: one number for the whole grads tree (its global norm, and from it "
            "the scale, at most 1), then a new tree built leaf by leaf. jax.tree.leaves "
            "lists every array of a tree, at any depth.",
            "The global norm is the square root of the sum, over every leaf, of the sum of "
            "its squares. Then scale = min(1, max_norm / norm), and jax.tree.map(f, params, "
            "grads) hands f one leaf of each tree and builds a new tree.",
            "norm = jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree.leaves(grads)))\n"
            "scale = jnp.minimum(1.0, max_norm / norm)\n"
            "return jax.tree.map(lambda p, g: p - lr * (scale * g{term}), params, grads)",
        ),
        solution=(
            "def sgd_step(params, grads, lr, max_norm):\n"
            "    norm = jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree.leaves(grads)))\n"
            "    scale = jnp.minimum(1.0, max_norm / norm)\n"
            "    return jax.tree.map(lambda p, g: p - lr * (scale * g{term}), params, grads)"
        ),
        mistakes=(
            Mistake(
                id="three-arguments",
                message="Your sgd_step takes three arguments, and the check calls it with four: "
                "params, grads, lr and max_norm, the norm the gradients are clipped to.",
                example=lambda: _three_argument_step,
                matches=fails_with(
                    "TypeError", r"takes 3 positional arguments but 4", _jax_step_inputs
                ),
            ),
            Mistake(
                id="returns-none",
                message="Your function returns None: it has no return statement, or returns "
                "nothing.",
                example=lambda: _forgot_return,
                matches=returns_none(_jax_step_inputs),
            ),
            Mistake(
                id="old-tree-map",
                message="jax.tree_map is the name old tutorials use; it was removed in JAX 0.6.0, "
                "as the lesson's cell above shows, so this code fails on any JAX since.",
                example=lambda: _old_tree_map,
                matches=_fails_on_nested(r"has no attribute 'tree_map'"),
            ),
            Mistake(
                id="shallow-copy",
                message="Your function changed dicts inside the caller's params "
                "(params['layers'][0] and the like): params.copy() (like copy.copy or "
                "dict(params)) copies only the outer dict, and the inner dicts and lists are still "
                "the caller's, so writing into them changes the caller's params.",
                example=lambda: _shallow_copy,
                matches=lambda answer: _mutated("nested")(answer) and _copies_shallow(answer),
                also_accepted=True,
            ),
            Mistake(
                id="mutated-nested",
                message="Your function changed dicts or lists inside the caller's params "
                "(params['layers'][0] and the like), so the caller's params changed: the caller "
                "can no longer compare the old parameters with the new ones.",
                example=lambda: _nested_in_place,
                matches=_mutated("nested"),
                also_accepted=True,
            ),
            Mistake(
                id="mutated-params",
                message="Your function changed the params dict it was given (params[name] = ..., "
                "or params.update(...)), so the caller's params changed: a step should leave the "
                "old parameters as they were.",
                example=lambda: _in_place_dict,
                matches=_mutated("top"),
                also_accepted=True,
            ),
            Mistake(
                id="mutated-grads",
                message="Your function changed the grads tree it was given (grads[name] = ..., g "
                "*= ..., or a dict inside it), so the caller's gradients changed: a step reads the "
                "gradients, and the caller may still need them.",
                example=lambda: _grads_scaled_in_place,
                matches=lambda answer: (_mutation(answer) or "").startswith("grads-"),
                also_accepted=True,
            ),
            Mistake(
                id="in-place-leaves",
                message="Your function wrote into the caller's arrays: p -= ... changes a NumPy "
                "array in place. (On a jax array it makes a new array and rebinds only the local "
                "name p, so the tree you return is unchanged.)",
                example=lambda: _in_place_leaves,
                matches=_mutated("leaves"),
                also_accepted=True,
            ),
            Mistake(
                id="top-level-loop",
                message="Your step works on a flat dict but fails on the nested tree: it does "
                "arithmetic on a list (params['layers'] is a list of dicts), not on the arrays "
                "inside it. A loop over the top-level keys reaches only the first level of the "
                "tree.",
                example=lambda: _top_level_loop,
                matches=_fails_only_on_nested(r"unsupported operand|can't multiply sequence"),
            ),
            Mistake(
                id="model-nesting-only",
                message="Your step works on trees nested as model is and on flat dicts, but "
                "fails on a tree nested another way (a list at the top, a dict inside a dict, "
                "a list inside a dict): it walks the containers written into it by hand, and "
                "reaches only those. The task asks for any nesting of dicts and lists.",
                example=lambda: _walks_model_nesting,
                matches=_fails_only_on_other_nesting,
            ),
            Mistake(
                id="whole-grads-tree",
                message="Your function multiplies the whole grads tree, a dict, by a number. "
                "Arithmetic works on arrays, not on trees: a dict has no product with a number.",
                example=lambda: _whole_grads,
                matches=_fails_on_flat(r"unsupported operand.*'dict'|'dict'.*unsupported operand"),
            ),
            Mistake(
                id="one-tree",
                message="jax.tree.map calls your function with one leaf from each tree you pass "
                "it: given params alone, a function of two leaves gets no gradient, and the call "
                "fails.",
                example=lambda: _one_tree,
                matches=_fails_on_flat(r"^TypeError: .*missing 1 required positional argument"),
            ),
            Mistake(
                id="returns-params-unchanged",
                message="Your function returns the parameters unchanged. If it does p -= ... on "
                "each leaf: on a jax array that makes a new array and rebinds only the local name "
                "p, leaving the tree as it was.",
                example=lambda: _unchanged,
                matches=behaves_like(_unchanged, _jax_step_inputs),
            ),
            Mistake(
                id="flat-leaves",
                message="Your function returns a flat list of new leaves: the tree's shape is "
                "lost, and the caller can no longer find params['layers'][0]['w'].",
                example=lambda: _flat_leaves,
                matches=_returns_leaf_list,
            ),
            Mistake(
                id="notebook-globals",
                message="Your function reads the notebook's own model or learning_rate instead of "
                "its arguments: on other inputs it still gives the notebook's step.",
                example=lambda: (
                    lambda params, grads, lr, max_norm: _sgd_step(params, grads, 0.1, max_norm)
                ),
                matches=uses_notebook_values(_sgd_step, _jax_step_inputs, _notebook_step_values),
            ),
            Mistake(
                id="nan-at-zero-norm",
                message="Where every gradient is 0 (a global norm of 0) your step returns nan "
                "instead of new parameters: a division by the norm is 0 / 0 there. A step "
                "with nothing to clip must still be a step.",
                example=lambda: _nan_at_zero_norm,
                matches=_nan_only_at_zero_norm,
            ),
            Mistake(
                id="zero-division-at-zero-norm",
                message="Where every gradient is 0 (a global norm of 0) your step raises "
                "ZeroDivisionError: it divides by the norm as a Python number, and Python "
                "raises for a division by 0, where a division of jax arrays gives inf (or nan) "
                "and goes on. A step with nothing to clip must still be a step.",
                example=lambda: _python_division_by_norm,
                matches=fails_with("ZeroDivisionError", "", _jax_step_inputs),
            ),
            Mistake(  # round 18
                id="leaves-concatenated-as-they-are",
                message="The gradient tree's leaves have shapes of their own (a weight matrix, "
                "bias vectors, a 0-d scale), and concatenating joins arrays along an axis they "
                "all have, with the same number of axes: leaves as they are cannot be joined, "
                "so that call raised and no norm was taken.",
                example=lambda: _concatenated_leaves,
                matches=fails_with(
                    "Exception",  # jnp: TypeError for ranks that differ, ValueError for 0-d
                    r"[Cc]annot concatenate arrays with different numbers of dimensions"
                    r"|[Zz]ero-dimensional arrays cannot be concatenated"
                    r"|input arrays must have same number of dimensions",  # NumPy's
                    _jax_step_inputs,
                ),
            ),
            Mistake(
                id="more-than-the-tree",
                message="Your step returns the new parameters with something beside them, in a "
                "tuple: the new parameters are right, but a training loop that assigns the "
                "step's result to its params would hold that tuple. The task asks for the new "
                "tree alone.",
                example=lambda: _step_and_more,
                matches=_right_tree_first,
            ),
            Mistake(
                id="never-clipped",
                message="Your step never clips: it is plain gradient descent, right only where the "
                "gradients' global norm is at most max_norm, and the check also gives gradients "
                "whose norm is larger.",
                example=lambda: _unclipped,
                matches=_like(_unclipped),
            ),
            Mistake(
                id="clipped-step",
                message="Your step clips lr times the gradients, not the gradients: you compare "
                "the norm of the step with max_norm, so it clips only once the gradients' norm "
                "passes max_norm / lr, and then scales them to that norm, not to max_norm. "
                "max_norm bounds the global norm of the gradients themselves, before lr scales "
                "them.",
                example=lambda: _clipped_step,
                matches=_like(_clipped_step),
            ),
            Mistake(
                id="clipped-elementwise",
                message="Your step clips each gradient entry to the range -max_norm to max_norm, "
                "as the lesson's clip does after the exercise. That bends the gradient's "
                "direction; clipping by the global norm keeps it.",
                example=lambda: _clipped_elementwise,
                matches=_like(_clipped_elementwise),
            ),
            Mistake(
                id="norm-per-leaf",
                message="Your step clips each leaf by its own norm, so each array gets its own "
                "factor, and the step's direction bends. The global norm is one number for the "
                "whole tree.",
                example=lambda: _clipped_per_leaf,
                matches=_like(_clipped_per_leaf),
            ),
            Mistake(
                id="always-rescaled",
                message="Your step rescales the gradients to norm max_norm even where their norm "
                "is smaller, so a small gradient is made larger. Clipping only ever shrinks a "
                "step.",
                example=lambda: _always_rescaled,
                matches=_like(_always_rescaled),
            ),
            Mistake(
                id="norm-squared",
                message="Your step divides by the sum of squares itself: that is the squared "
                "global norm, not the norm.",
                example=lambda: _norm_squared,
                matches=_like(_norm_squared),
            ),
            Mistake(
                id="l1-norm",
                message="Your step divides by the sum of the entries' absolute values, an L1 norm: "
                "it is larger than the global (Euclidean) norm, so the step is clipped too early "
                "and too hard.",
                example=lambda: _l1_norm,
                matches=_like(_l1_norm),
            ),
            Mistake(
                id="root-mean-square",
                message="Your norm takes the mean of the squares, not their sum: that is the "
                "root mean square, smaller than the norm by the square root of the number of "
                "entries, so the step is clipped too late.",
                example=lambda: _root_mean_square,
                matches=_like(_root_mean_square),
            ),
            Mistake(
                id="factor-at-least-one",
                message="Your factor is never below 1: where the norm is over max_norm it stays 1, "
                "so nothing is clipped, and where it is under, the gradients are made larger.",
                example=lambda: _factor_at_least_one,
                matches=_like(_factor_at_least_one),
            ),
            Mistake(
                id="factor-inverted",
                message="Your factor is upside down, the norm over max_norm: where the gradients "
                "are too large it makes the step larger still, instead of shrinking it to norm "
                "max_norm.",
                example=lambda: _factor_inverted,
                matches=_like(_factor_inverted),
            ),
            Mistake(
                id="summed-leaf-norms",
                message="Your step adds up the leaves' norms. That sum is larger than the norm of "
                "all the entries taken together (unless one leaf holds them all), so the step is "
                "clipped too hard.",
                example=lambda: _summed_leaf_norms,
                matches=_like(_summed_leaf_norms),
            ),
            Mistake(
                id="largest-leaf-norm",
                message="Your step clips by the norm of one leaf, the largest. The global norm "
                "takes every entry of every leaf together, so it is at least that one leaf's "
                "norm, larger wherever other leaves are not all 0, and your step is clipped too "
                "little.",
                example=lambda: _largest_leaf_norm,
                matches=_like(_largest_leaf_norm),
            ),
            Mistake(
                id="params-norm",
                message="Your step takes the norm of params, not of grads, so how much it clips "
                "follows the parameters' size, not the gradient's.",
                example=lambda: _params_norm,
                matches=_like(_params_norm),
            ),
            Mistake(
                id="ascent",
                message="You added the gradient (times lr): that climbs the loss instead of "
                "descending it.",
                example=lambda: _ascent,
                matches=_slip(_ascent),
            ),
            Mistake(
                id="no-learning-rate",
                message="You subtracted the gradient without the learning rate: your step is the "
                "same whatever lr is.",
                example=lambda: _no_lr,
                matches=_slip(_no_lr),
            ),
            Mistake(
                id="returns-update",
                message="Your function returns the step, not the new parameters: the params it was "
                "given are nowhere in the result.",
                example=lambda: _update_only,
                matches=_slip(_update_only, _negative_update),
            ),
            Mistake(
                id="swapped-lambda",
                message="Your step subtracts from the gradients, scaled params: the two trees' "
                "roles are swapped (a lambda's arguments in another order than the trees, or "
                "the leaves paired the other way). jax.tree.map hands your function one leaf of "
                "each tree, in the order the trees are given.",
                example=lambda: _swapped_lambda,
                matches=_slip(_swapped_lambda),
            ),
            Mistake(
                id="scaled-difference",
                message="Your step multiplies the whole difference by lr: the brackets scale the "
                "parameter too, so every parameter shrinks toward 0 by the factor lr.",
                example=lambda: _scaled_difference,
                matches=_slip(_scaled_difference),
            ),
            Mistake(
                id="at-on-a-0d-leaf",
                message="p.at[:] indexes an axis, and model['scale'] is a 0-d array, with no axis "
                "to slice: the update fails on that leaf.",
                example=lambda: (
                    lambda params, grads, lr, max_norm: jax.tree.map(
                        lambda p, g: p.at[:].add(-lr * g), params, grads
                    )
                ),
                matches=fails_with("IndexError", "0-dimensional", _jax_step_inputs),
            ),
            Mistake(
                id="trees-do-not-match",
                message="jax.tree.map needs every tree after the first to have the first one's "
                "structure, and one you passed does not: lr or the scale is one number, not a "
                "tree, and params.values() is no pytree.",
                example=lambda: (
                    lambda params, grads, lr, max_norm: jax.tree.map(
                        lambda p, g, rate: p - rate * g, params, grads, lr
                    )
                ),
                matches=fails_with("ValueError", "pytree structure error", _step_inputs),
            ),
        ),
        success="One factor for the whole tree, from the norm of all its leaves together, "
        "then jax.tree.map for the new tree: the direction of the step is kept, and the "
        "caller's params stay as they were.",
        variants=STEP_VARIANTS,
    ),
)
