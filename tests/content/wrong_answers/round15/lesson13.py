"""Round 15, lesson 13 (debugging and numerics): answers written from the lesson's text alone."""

from __future__ import annotations

import jax.numpy as jnp
from jax import lax
from jax.experimental import checkify
from jax.scipy.special import entr, xlogy

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- 13.xlogx_gradient


def _h(q):
    return -(q * jnp.log(q) + (1 - q) * jnp.log(1 - q))


def r15_coin_right_safe_zero(p):
    """Double where with safe value 0.0: the inner where drops the NaN cotangent."""
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.0)
    return jnp.where(inside, _h(safe), 0.0)


def r15_coin_right_safe_one(p):
    """Safe value 1.0: log(1 - 1.0) is -inf, but the inner where drops it too."""
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 1.0)
    return jnp.where(inside, _h(safe), 0.0)


def r15_coin_clip(p):
    """Clipped into [1e-7, 1 - 1e-7]: gradient 0 at the ends, value 1.7e-6 there."""
    q = jnp.clip(p, 1e-7, 1 - 1e-7)
    return _h(q)


def r15_coin_eps_in_log(p):
    """log(p + 1e-12): value 0 at the ends, gradient finite but about +-27.6."""
    eps = 1e-12
    return -(p * jnp.log(p + eps) + (1 - p) * jnp.log(1 - p + eps))


def r15_coin_nan_to_num(p):
    return jnp.nan_to_num(_h(p))


def r15_coin_inclusive(p):
    """inside = (p >= 0) & (p <= 1): every p is inside, nothing is guarded."""
    inside = (p >= 0) & (p <= 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, _h(safe), 0.0)


def r15_coin_one_side(p):
    """Guards p > 0 only: NaN gradient left at p = 1."""
    safe = jnp.where(p > 0, p, 0.5)
    first = jnp.where(p > 0, safe * jnp.log(safe), 0.0)
    second = jnp.where(p < 1, (1 - p) * jnp.log(1 - p), 0.0)
    return -(first + second)


def r15_coin_log2(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(safe * jnp.log2(safe) + (1 - safe) * jnp.log2(1 - safe)), 0.0)


def r15_coin_xlogy(p):
    """scipy's xlogy: the value is right at 0, its gradient is not."""
    return -(xlogy(p, p) + xlogy(1 - p, 1 - p))


def r15_coin_entr(p):
    """jax.scipy.special.entr: infinite gradients at the ends."""
    return entr(p) + entr(1 - p)


def r15_coin_stack_axis1(p):
    """Stacks p and 1 - p on axis 1, sums the last: right for 1-D p only."""
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    both = jnp.stack([safe, 1 - safe], axis=1)
    h = -jnp.sum(both * jnp.log(both), axis=-1)
    return jnp.where(inside, h, 0.0)


def r15_coin_two_guards(p):
    """Each x log x guarded at 0 only: at p = 1, p log p keeps its slope 1."""

    def xlogx(q):
        positive = q > 0
        safe = jnp.where(positive, q, 1.0)
        return jnp.where(positive, safe * jnp.log(safe), 0.0)

    return -(xlogx(p) + xlogx(1 - p))


def r15_coin_right_vectorized_cond(p):
    """lax.cond per element through jnp.vectorize: cond guards the gradient."""

    def one(q):
        inside = (q > 0) & (q < 1)
        return lax.cond(inside, _h, jnp.zeros_like, q)

    return jnp.vectorize(one)(p)


def r15_coin_right_log_ratio(p):
    """Rewritten as -log(1 - p) - p * log(p / (1 - p)), safe value 0.25."""
    inside = (p > 0) & (p < 1)
    q = jnp.where(inside, p, 0.25)
    return jnp.where(inside, -jnp.log1p(-q) - q * jnp.log(q / (1 - q)), 0.0)


# ---------------------------------------------------------------- 13.check_prices


def _returns(prices):
    return jnp.diff(jnp.log(prices))


def r15_lr_no_position(prices):
    checkify.check(jnp.all(prices > 0), "prices must all be positive")
    return _returns(prices)


def r15_lr_argmin(prices):
    """Names the smallest price, not the first bad one."""
    i = jnp.argmin(prices)
    checkify.check(jnp.all(prices > 0), "price {} is {}", i, prices[i])
    return _returns(prices)


def r15_lr_swapped(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "price {} at position {}", prices[i], i)
    return _returns(prices)


def r15_lr_negative_only(prices):
    """prices < 0: a zero price passes."""
    i = jnp.argmax(prices < 0)
    checkify.check(jnp.all(prices >= 0), "price {} is {}", i, prices[i])
    return _returns(prices)


def r15_lr_one_based(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "price {} is {}", i + 1, prices[i])
    return _returns(prices)


def r15_lr_from_returns(prices):
    """Checks the returns for non-finite values: positions are the returns'."""
    r = _returns(prices)
    bad = ~jnp.isfinite(r)
    i = jnp.argmax(bad)
    checkify.check(~jnp.any(bad), "price {} is {}", i, prices[i])
    return r


def r15_lr_python_if(prices):
    if jnp.any(prices <= 0):
        raise ValueError("prices must be positive")
    return _returns(prices)


def r15_lr_index_as_found(prices):
    """Checks that the first bad index is 0: misses a bad first price."""
    i = jnp.argmax(prices <= 0)
    checkify.check(i == 0, "price {} is {}", i, prices[i])
    return _returns(prices)


def r15_lr_inverted(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.any(prices <= 0), "price {} is {}", i, prices[i])
    return _returns(prices)


def r15_lr_reversed_diff(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "price {} is {}", i, prices[i])
    return jnp.log(prices[:-1]) - jnp.log(prices[1:])


def r15_lr_last_bad(prices):
    """The last bad price: argmax over the reversed mask, mapped back."""
    n = prices.shape[0]
    i = n - 1 - jnp.argmax((prices <= 0)[::-1])
    checkify.check(jnp.all(prices > 0), "price {} is {}", i, prices[i])
    return _returns(prices)


def r15_lr_right_loop(prices):
    """One check per price, unrolled: checkify reports the first that fails."""
    for i in range(prices.shape[0]):
        checkify.check(prices[i] > 0, "price {} is {}", jnp.asarray(i), prices[i])
    return _returns(prices)


def r15_lr_right_nonzero(prices):
    (i,) = jnp.nonzero(prices <= 0, size=1, fill_value=0)
    checkify.check(~jnp.any(prices <= 0), "bad price: position {}, value {}", i[0], prices[i[0]])
    return jnp.log(prices[1:] / prices[:-1])


def r15_lr_right_value_check(prices):
    i = jnp.argmax(~(prices > 0))  # NaN prices count as bad too
    checkify.check(prices[i] > 0, "price {} is {}", i, prices[i])
    return jnp.log(prices[1:]) - jnp.log(prices[:-1])


ROUND_15 = [
    # 13.first_nan: C
    Wrong("13.first_nan", "A: both raise at mul", lambda: "A"),
    Wrong("13.first_nan", "B: neither raises", lambda: "B"),
    Wrong("13.first_nan", "D: compiled where skips a branch", lambda: "D"),
    Wrong("13.first_nan", "E: eager fine, jitted raises", lambda: "E"),
    Wrong("13.first_nan", "F: both raise at log", lambda: "F"),
    Wrong("13.first_nan", "C and D, the two that show the same", lambda: "CD"),
    Wrong("13.first_nan", "lower case c", lambda: "c"),
    Wrong("13.first_nan", "the jitted value, not a letter", lambda: "0.562"),
    Wrong("13.first_nan", "C with its reason typed after", lambda: "C, jit checks outputs only"),
    # 13.float32_gap: C
    Wrong("13.float32_gap", "A: float64 kept", lambda: "A"),
    Wrong("13.float32_gap", "B: 1e8 itself not a float32", lambda: "B"),
    Wrong("13.float32_gap", "D: the 1 promotes to float64", lambda: "D"),
    Wrong("13.float32_gap", "E: about machine epsilon", lambda: "E"),
    Wrong("13.float32_gap", "F: kept float64, computed in float32", lambda: "F"),
    Wrong("13.float32_gap", "the number 0.0, not a letter", lambda: 0.0),
    Wrong("13.float32_gap", "lower case c", lambda: "c"),
    Wrong("13.float32_gap", "B and C, both 0.0", lambda: "BC"),
    Wrong("13.float32_gap", "'C.' with a full stop", lambda: "C."),
    # 13.xlogx_gradient
    Wrong(
        "13.xlogx_gradient",
        "each x log x guarded at 0 only: slope 1 at p=1",
        lambda: r15_coin_two_guards,
    ),
    Wrong("13.xlogx_gradient", "clip into [1e-7, 1 - 1e-7]", lambda: r15_coin_clip),
    Wrong(
        "13.xlogx_gradient", "log(p + 1e-12): finite, nonzero gradient", lambda: r15_coin_eps_in_log
    ),
    Wrong("13.xlogx_gradient", "jnp.nan_to_num on the value", lambda: r15_coin_nan_to_num),
    Wrong("13.xlogx_gradient", "inside as >= 0 and <= 1", lambda: r15_coin_inclusive),
    Wrong("13.xlogx_gradient", "guards p > 0 only", lambda: r15_coin_one_side),
    Wrong("13.xlogx_gradient", "log2 where the page says base e", lambda: r15_coin_log2),
    Wrong("13.xlogx_gradient", "jax.scipy.special.xlogy", lambda: r15_coin_xlogy),
    Wrong("13.xlogx_gradient", "jax.scipy.special.entr", lambda: r15_coin_entr),
    Wrong("13.xlogx_gradient", "stack on axis 1: 1-D p only", lambda: r15_coin_stack_axis1),
    # 13.check_prices
    Wrong("13.check_prices", "a check without position or price", lambda: r15_lr_no_position),
    Wrong("13.check_prices", "argmin: names the smallest price", lambda: r15_lr_argmin),
    Wrong("13.check_prices", "price first, then its position", lambda: r15_lr_swapped),
    Wrong("13.check_prices", "prices < 0: a zero passes", lambda: r15_lr_negative_only),
    Wrong("13.check_prices", "position counted from 1", lambda: r15_lr_one_based),
    Wrong(
        "13.check_prices", "finite-returns check, returns' positions", lambda: r15_lr_from_returns
    ),
    Wrong("13.check_prices", "Python if and raise, NumPy style", lambda: r15_lr_python_if),
    Wrong("13.check_prices", "checks the first bad index is 0", lambda: r15_lr_index_as_found),
    Wrong("13.check_prices", "condition inverted: any bad", lambda: r15_lr_inverted),
    Wrong("13.check_prices", "returns with the sign flipped", lambda: r15_lr_reversed_diff),
    Wrong("13.check_prices", "names the last bad price", lambda: r15_lr_last_bad),
]
RIGHT_15 = [
    Right("13.first_nan", "C", lambda: "C"),
    Right("13.float32_gap", "C", lambda: "C"),
    Right(
        "13.xlogx_gradient",
        "double where, safe 0.0: inner where drops the NaN",
        lambda: r15_coin_right_safe_zero,
    ),
    Right(
        "13.xlogx_gradient",
        "double where, safe 1.0: inner where drops the -inf",
        lambda: r15_coin_right_safe_one,
    ),
    Right(
        "13.xlogx_gradient",
        "lax.cond per element via jnp.vectorize",
        lambda: r15_coin_right_vectorized_cond,
    ),
    Right(
        "13.xlogx_gradient",
        "log1p and a log ratio, safe value 0.25",
        lambda: r15_coin_right_log_ratio,
    ),
    Right(
        "13.check_prices", "a Python loop of checks, first failing kept", lambda: r15_lr_right_loop
    ),
    Right(
        "13.check_prices",
        "nonzero(size=1), other words, log of ratio",
        lambda: r15_lr_right_nonzero,
    ),
    Right(
        "13.check_prices",
        "checks prices[i] > 0 at the first bad i",
        lambda: r15_lr_right_value_check,
    ),
]
