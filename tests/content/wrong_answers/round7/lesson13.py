"""Round 7, lesson 13 (debugging and numerics): answers written from the lesson's text alone."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.experimental import checkify
from jax.scipy.special import xlogy

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 13.xlogx_gradient


def coin_entropy_buggy(p):
    inside = (p > 0) & (p < 1)
    return jnp.where(inside, -(p * jnp.log(p) + (1 - p) * jnp.log(1 - p)), 0.0)


def r7_coin_safe_zero(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.0)  # NaN in the unused branch, blocked by the inner where
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


def r7_coin_one_sided(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(p > 0, p, 1.0)  # guards p = 0, but then 1 - safe = 0
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


def r7_coin_clip_tiny(p):
    q = jnp.clip(p, 1e-12, 1 - 1e-12)  # 1 - 1e-12 is 1.0 in float32
    return -(q * jnp.log(q) + (1 - q) * jnp.log(1 - q))


def r7_coin_eps_in_log(p):
    eps = 1e-12
    return -(p * jnp.log(p + eps) + (1 - p) * jnp.log(1 - p + eps))


def r7_coin_no_outer_where(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe))


def r7_coin_sum(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.sum(jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0))


def r7_coin_nan_to_num(p):
    return jnp.nan_to_num(-(p * jnp.log(p) + (1 - p) * jnp.log(1 - p)))


def r7_coin_log2(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(safe * jnp.log2(safe) + (1 - safe) * jnp.log2(1 - safe)), 0.0)


def r7_coin_closed_mask(p):
    inside = (p >= 0) & (p <= 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


def r7_coin_xlogy(p):
    return -(xlogy(p, p) + xlogy(1 - p, 1 - p))


def _xlogx(x):
    pos = x > 0
    safe = jnp.where(pos, x, 1.0)
    return jnp.where(pos, safe * jnp.log(safe), 0.0)


def r7_coin_helper(p):
    # each term safe on its own: the gradient at an end is then +-1, not 0
    return -(_xlogx(p) + _xlogx(1 - p))


def r7_coin_right_half(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


def r7_coin_right_log1p(p):
    inside = jnp.logical_and(p > 0, p < 1)
    q = jnp.where(inside, p, 0.25)
    h = -(q * jnp.log(q) + (1.0 - q) * jnp.log1p(-q))
    return jnp.where(inside, h, jnp.zeros_like(p))


def r7_coin_right_helper_masked(p):
    inside = (p > 0) & (p < 1)
    h = -(_xlogx(jnp.where(inside, p, 0.5)) + _xlogx(jnp.where(inside, 1 - p, 0.5)))
    return jnp.where(inside, h, 0.0)


@jax.custom_jvp
def r7_coin_right_custom(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


@r7_coin_right_custom.defjvp
def _coin_jvp(primals, tangents):
    (p,), (p_dot,) = primals, tangents
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    slope = jnp.where(inside, jnp.log(1 - safe) - jnp.log(safe), 0.0)
    return r7_coin_right_custom(p), slope * p_dot


# ---------------------------------------------------------------- 13.check_prices


def r7_lr_array_condition(prices):
    checkify.check(prices > 0, "prices must be positive")
    return jnp.diff(jnp.log(prices))


def r7_lr_allows_zero(prices):
    checkify.check(jnp.all(prices >= 0), "negative price")
    return jnp.diff(jnp.log(prices))


def r7_lr_python_raise(prices):
    if jnp.any(prices <= 0):
        raise ValueError("prices must be positive")
    return jnp.diff(jnp.log(prices))


def r7_lr_isnan_only(prices):
    returns = jnp.diff(jnp.log(prices))
    checkify.check(~jnp.any(jnp.isnan(jnp.log(prices))), "NaN in the logs")
    return returns


def r7_lr_first_only(prices):
    checkify.check(prices[0] > 0, "first price must be positive, got {}", prices[0])
    return jnp.diff(jnp.log(prices))


def r7_lr_where_silent(prices):
    safe = jnp.where(prices > 0, prices, 1.0)
    return jnp.diff(jnp.log(safe))


def r7_lr_no_diff(prices):
    checkify.check(jnp.all(prices > 0), "prices must be positive")
    return jnp.log(prices)


def r7_lr_any(prices):
    checkify.check(jnp.any(prices > 0), "prices must be positive")
    return jnp.diff(jnp.log(prices))


def r7_lr_no_negative(prices):
    checkify.check(~jnp.any(prices < 0), "negative price")
    return jnp.diff(jnp.log(prices))


def r7_lr_self_checkified(prices):
    def inner(p):
        checkify.check(jnp.all(p > 0), "prices must be positive")
        return jnp.diff(jnp.log(p))

    return checkify.checkify(inner)(prices)


def r7_lr_no_check(prices):
    return jnp.diff(jnp.log(prices))


def r7_lr_returns_check_inverted(prices):
    checkify.check(jnp.all(prices <= 0), "prices must be positive")
    return jnp.diff(jnp.log(prices))


def r7_lr_right_all(prices):
    checkify.check(jnp.all(prices > 0), "prices must be positive")
    return jnp.diff(jnp.log(prices))


def r7_lr_right_min(prices):
    low = jnp.min(prices)
    checkify.check(low > 0, "smallest price {} is not positive", low)
    return jnp.diff(jnp.log(prices))


def r7_lr_right_not_any(prices):
    checkify.check(~jnp.any(prices <= 0), "found a price <= 0")
    logs = jnp.log(prices)
    return logs[1:] - logs[:-1]


ROUND_7 = [
    # 13.first_nan
    Wrong("13.first_nan", "the division", lambda: "A"),
    Wrong("13.first_nan", "log of 0", lambda: "B"),
    Wrong("13.first_nan", "the sum", lambda: "D"),
    Wrong("13.first_nan", "the minus", lambda: "E"),
    Wrong("13.first_nan", "the primitive's name", lambda: "mul"),
    Wrong("13.first_nan", "log's name", lambda: "log"),
    Wrong("13.first_nan", "letter of log, lower case", lambda: "b"),
    Wrong("13.first_nan", "two letters: log then mul", lambda: "B, C"),
    # 13.xlogx_gradient
    Wrong("13.xlogx_gradient", "the buggy version copied", lambda: coin_entropy_buggy),
    Wrong("13.xlogx_gradient", "guards only p = 0", lambda: r7_coin_one_sided),
    Wrong("13.xlogx_gradient", "clip by 1e-12 (rounds to 1 in float32)", lambda: r7_coin_clip_tiny),
    Wrong("13.xlogx_gradient", "eps in the log: gradient finite, not 0", lambda: r7_coin_eps_in_log),
    Wrong("13.xlogx_gradient", "no outer where: log 2 at the ends", lambda: r7_coin_no_outer_where),
    Wrong("13.xlogx_gradient", "returns the sum, not per element", lambda: r7_coin_sum),
    Wrong("13.xlogx_gradient", "nan_to_num on the value", lambda: r7_coin_nan_to_num),
    Wrong("13.xlogx_gradient", "entropy in bits", lambda: r7_coin_log2),
    Wrong("13.xlogx_gradient", "mask includes the ends", lambda: r7_coin_closed_mask),
    Wrong("13.xlogx_gradient", "jax.scipy xlogy", lambda: r7_coin_xlogy),
    Wrong("13.xlogx_gradient", "safe xlogx helper per term: gradient +-1 at the ends", lambda: r7_coin_helper),
    # 13.check_prices
    Wrong("13.check_prices", "array condition in check", lambda: r7_lr_array_condition),
    Wrong("13.check_prices", ">= 0 lets zero through", lambda: r7_lr_allows_zero),
    Wrong("13.check_prices", "Python raise on a traced value", lambda: r7_lr_python_raise),
    Wrong("13.check_prices", "checks for NaN only: zero's -inf passes", lambda: r7_lr_isnan_only),
    Wrong("13.check_prices", "checks the first price only", lambda: r7_lr_first_only),
    Wrong("13.check_prices", "replaces bad prices silently", lambda: r7_lr_where_silent),
    Wrong("13.check_prices", "returns the logs, not their differences", lambda: r7_lr_no_diff),
    Wrong("13.check_prices", "any instead of all", lambda: r7_lr_any),
    Wrong("13.check_prices", "no negative, zero allowed", lambda: r7_lr_no_negative),
    Wrong("13.check_prices", "checkifies itself: returns (error, value)", lambda: r7_lr_self_checkified),
    Wrong("13.check_prices", "sneaky: no check at all", lambda: r7_lr_no_check),
    Wrong("13.check_prices", "condition inverted", lambda: r7_lr_returns_check_inverted),
    # 13.float32_gap
    Wrong("13.float32_gap", "1 survives", lambda: "A"),
    Wrong("13.float32_gap", "0.0, 1e8 not representable", lambda: "B"),
    Wrong("13.float32_gap", "rounded up: 8", lambda: "D"),
    Wrong("13.float32_gap", "machine epsilon left", lambda: "E"),
    Wrong("13.float32_gap", "the number", lambda: 0.0),
    Wrong("13.float32_gap", "the number as a string", lambda: "0.0"),
    Wrong("13.float32_gap", "both letters giving 0.0", lambda: "B and C"),
    Wrong("13.float32_gap", "the spacing", lambda: 8.0),
]

RIGHT_7 = [
    Right("13.first_nan", "the letter", lambda: "C"),
    Right("13.first_nan", "lower case", lambda: "c"),
    Right("13.first_nan", "padded", lambda: "C "),
    Right("13.xlogx_gradient", "double where, safe 0.5", lambda: r7_coin_right_half),
    Right("13.xlogx_gradient", "logical_and, log1p, safe 0.25", lambda: r7_coin_right_log1p),
    Right("13.xlogx_gradient", "helper on masked inputs, outer where", lambda: r7_coin_right_helper_masked),
    Right("13.xlogx_gradient", "custom_jvp with 0 slope at the ends", lambda: r7_coin_right_custom),
    Right("13.xlogx_gradient", "inner where with 0.0 (the inner where blocks the NaN)", lambda: r7_coin_safe_zero),
    Right("13.check_prices", "jnp.all(prices > 0)", lambda: r7_lr_right_all),
    Right("13.check_prices", "min > 0 with the value in the message", lambda: r7_lr_right_min),
    Right("13.check_prices", "~any(<= 0), differences by slicing", lambda: r7_lr_right_not_any),
    Right("13.float32_gap", "the letter", lambda: "C"),
    Right("13.float32_gap", "lower case", lambda: "c"),
    Right("13.float32_gap", "with newline", lambda: "C\n"),
]
