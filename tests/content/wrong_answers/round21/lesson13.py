"""Round 21, lesson 13 (debugging and numerics): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import jax.scipy.special
import numpy as np
from jax.experimental import checkify

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 13.first_nan: debug_nans on entropy_guarded, eager and jitted ------------------
# (a prediction: a letter; C is the outcome and reason the page supports)

# ---- 13.xlogx_gradient: coin entropy with finite gradients at 0 and 1 ---------------


def r21_xlogx_buggy_copied(p):
    inside = (p > 0) & (p < 1)
    return jnp.where(inside, -(p * jnp.log(p) + (1 - p) * jnp.log(1 - p)), 0.0)


def r21_xlogx_right_safe_zero(p):
    # the inner where's own backward pass drops the NaN, whatever the stand-in
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.0)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


def r21_xlogx_right_safe_one(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 1.0)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


def r21_xlogx_epsilon(p):
    eps = 1e-12
    return -(p * jnp.log(p + eps) + (1 - p) * jnp.log(1 - p + eps))


def r21_xlogx_xlogy(p):
    xlogy = jax.scipy.special.xlogy
    return -(xlogy(p, p) + xlogy(1 - p, 1 - p))


def r21_xlogx_nan_to_num(p):
    return jnp.nan_to_num(r21_xlogx_buggy_copied(p))


def r21_xlogx_guard_left_end_only(p):
    # only p > 0 guarded: p = 1 slips through to (1 - p) * log(1 - p)
    inside = p > 0
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


def r21_xlogx_sum(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.sum(jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0))


def r21_xlogx_no_minus(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe), 0.0)


def r21_xlogx_python_if(p):
    if p > 0 and p < 1:
        return -(p * jnp.log(p) + (1 - p) * jnp.log(1 - p))
    return 0.0


def r21_xlogx_log2(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(safe * jnp.log2(safe) + (1 - safe) * jnp.log2(1 - safe)), 0.0)


def r21_xlogx_clip_only(p):
    # clamps p away from the ends instead of a where: gradient 0 there, values a bit off
    q = jnp.clip(p, 1e-4, 1 - 1e-4)
    return -(q * jnp.log(q) + (1 - q) * jnp.log(1 - q))


def r21_xlogx_helper_per_term(p):
    # the double where on each x log x: the ends' other term, 1 log 1, has slope 1
    def xlogx(t):
        positive = t > 0
        t_safe = jnp.where(positive, t, 1.0)
        return jnp.where(positive, t_safe * jnp.log(t_safe), 0.0)

    return -(xlogx(p) + xlogx(1 - p))


def r21_xlogx_right_clip_and_where(p):
    inside = (p > 0) & (p < 1)
    q = jnp.clip(p, 1e-6, 1 - 1e-6)
    return jnp.where(inside, -(q * jnp.log(q) + (1 - q) * jnp.log1p(-q)), 0.0)


# ---- 13.check_prices: log returns that report the first non-positive price ----------


def r21_prices_zero_allowed(prices):
    bad = prices < 0
    first = jnp.argmax(bad)
    checkify.check(jnp.all(prices >= 0), "price {} is {}", first, prices[first])
    return jnp.diff(jnp.log(prices))


def r21_prices_argmin(prices):
    # the smallest price, not the first bad one
    where = jnp.argmin(prices)
    checkify.check(jnp.all(prices > 0), "price {} is {}", where, prices[where])
    return jnp.diff(jnp.log(prices))


def r21_prices_swapped_order(prices):
    first = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "bad price {} at position {}", prices[first], first)
    return jnp.diff(jnp.log(prices))


def r21_prices_whole_array(prices):
    checkify.check(jnp.all(prices > 0), "prices must be positive, got {}", prices)
    return jnp.diff(jnp.log(prices))


def r21_prices_python_if(prices):
    if jnp.any(prices <= 0):
        raise ValueError("prices must be positive")
    return jnp.diff(jnp.log(prices))


def r21_prices_no_diff(prices):
    first = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "price {} is {}", first, prices[first])
    return jnp.log(prices)


def r21_prices_log_of_diff(prices):
    first = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "price {} is {}", first, prices[first])
    return jnp.log(jnp.diff(prices))


def r21_prices_inverted(prices):
    first = jnp.argmax(prices <= 0)
    checkify.check(jnp.any(prices <= 0), "price {} is {}", first, prices[first])
    return jnp.diff(jnp.log(prices))


def r21_prices_one_based(prices):
    first = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "price {} is {}", first + 1, prices[first])
    return jnp.diff(jnp.log(prices))


def r21_prices_min_value(prices):
    # the right position, but the price shown is the smallest one
    first = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "price {} is {}", first, jnp.min(prices))
    return jnp.diff(jnp.log(prices))


def r21_prices_loop_python_int(prices):
    for i in range(prices.shape[0]):
        checkify.check(prices[i] > 0, "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r21_prices_where_nan(prices):
    # no check at all: bad prices just give NaN returns
    safe = jnp.where(prices > 0, prices, jnp.nan)
    return jnp.diff(jnp.log(safe))


def r21_prices_right_loop(prices):
    for i in range(prices.shape[0]):
        checkify.check(prices[i] > 0, "price {} is {}", jnp.int32(i), prices[i])
    return jnp.diff(jnp.log(prices))


def r21_prices_right_kwargs(prices):
    n = prices.shape[0]
    first = jnp.min(jnp.where(prices <= 0, jnp.arange(n), n))
    first = jnp.minimum(first, n - 1)
    checkify.check(~jnp.any(prices <= 0), "bad input: price {i} is {p}", i=first, p=prices[first])
    return jnp.log(prices[1:]) - jnp.log(prices[:-1])


def r21_prices_right_argmin_positive(prices):
    first = jnp.argmin(prices > 0)  # the first False
    checkify.check(jnp.min(prices) > 0, "not positive: price {} is {}", first, prices[first])
    logs = jnp.log(prices)
    return logs[1:] - logs[:-1]


# ---- 13.float32_gap: (1e8 + 1) - 1e8 with a float64 NumPy input ---------------------


def r21_gap_ran_the_lines():
    big = jnp.asarray(np.array(1e8))
    return (big + 1) - big


ROUND_21 = [
    # 13.first_nan
    Wrong("13.first_nan", "A: thought jit makes no difference", lambda: "A"),
    Wrong("13.first_nan", "B: where hides the NaN from the checker", lambda: "B"),
    Wrong("13.first_nan", "D: compiled where computes one branch", lambda: "D"),
    Wrong("13.first_nan", "E: eager and jitted swapped", lambda: "E"),
    Wrong("13.first_nan", "F: checker stops at log(0)", lambda: "F"),
    Wrong("13.first_nan", "CD: both show the same, typed both", lambda: "CD"),
    Wrong("13.first_nan", "typed the jitted value instead", lambda: "0.562"),
    Wrong("13.first_nan", "typed the operation's name", lambda: "mul"),
    Wrong("13.first_nan", "left the placeholder", lambda: ...),
    Wrong("13.first_nan", "empty string", lambda: ""),
    # 13.xlogx_gradient
    Wrong(
        "13.xlogx_gradient", "submitted the buggy version unchanged", lambda: r21_xlogx_buggy_copied
    ),
    Wrong(
        "13.xlogx_gradient",
        "double where per x log x term, no outer one",
        lambda: r21_xlogx_helper_per_term,
    ),
    Wrong("13.xlogx_gradient", "added 1e-12 inside the logs", lambda: r21_xlogx_epsilon),
    Wrong(
        "13.xlogx_gradient",
        "jax.scipy.special.xlogy, gradient inf at ends",
        lambda: r21_xlogx_xlogy,
    ),
    Wrong("13.xlogx_gradient", "nan_to_num on the buggy value", lambda: r21_xlogx_nan_to_num),
    Wrong(
        "13.xlogx_gradient",
        "guarded p > 0 only, forgot p = 1",
        lambda: r21_xlogx_guard_left_end_only,
    ),
    Wrong("13.xlogx_gradient", "returned the sum, not element by element", lambda: r21_xlogx_sum),
    Wrong("13.xlogx_gradient", "dropped the minus sign", lambda: r21_xlogx_no_minus),
    Wrong("13.xlogx_gradient", "Python if on the array", lambda: r21_xlogx_python_if),
    Wrong("13.xlogx_gradient", "used log2 where the page asks for log", lambda: r21_xlogx_log2),
    Wrong(
        "13.xlogx_gradient", "clipped p to [1e-4, 1 - 1e-4], no where", lambda: r21_xlogx_clip_only
    ),
    # 13.check_prices
    Wrong("13.check_prices", "allowed zero prices (>= 0)", lambda: r21_prices_zero_allowed),
    Wrong("13.check_prices", "argmin: names the smallest price", lambda: r21_prices_argmin),
    Wrong(
        "13.check_prices", "message gives price before position", lambda: r21_prices_swapped_order
    ),
    Wrong("13.check_prices", "message shows the whole array", lambda: r21_prices_whole_array),
    Wrong(
        "13.check_prices", "Python if and raise inside the function", lambda: r21_prices_python_if
    ),
    Wrong("13.check_prices", "forgot jnp.diff", lambda: r21_prices_no_diff),
    Wrong("13.check_prices", "log of the differences", lambda: r21_prices_log_of_diff),
    Wrong("13.check_prices", "condition inverted (what must fail)", lambda: r21_prices_inverted),
    Wrong("13.check_prices", "1-based position in the message", lambda: r21_prices_one_based),
    Wrong("13.check_prices", "right position, smallest price shown", lambda: r21_prices_min_value),
    Wrong(
        "13.check_prices",
        "loop of checks with a Python int index",
        lambda: r21_prices_loop_python_int,
    ),
    Wrong("13.check_prices", "no check: NaN where prices are bad", lambda: r21_prices_where_nan),
    # 13.float32_gap
    Wrong("13.float32_gap", "A: asarray keeps float64", lambda: "A"),
    Wrong("13.float32_gap", "B: 1e8 not a float32 number", lambda: "B"),
    Wrong("13.float32_gap", "D: Python 1 promotes to float64", lambda: "D"),
    Wrong("13.float32_gap", "E: thought an epsilon is left", lambda: "E"),
    Wrong("13.float32_gap", "F: float64 kept, computed in float32", lambda: "F"),
    Wrong("13.float32_gap", "BC: both float32 reasons", lambda: "BC"),
    Wrong("13.float32_gap", "CF: both 0.0 answers it could be", lambda: "CF"),
    Wrong(
        "13.float32_gap", "ran the two lines: gap is the array 0.0", lambda: r21_gap_ran_the_lines()
    ),
    Wrong("13.float32_gap", "typed the number as a string", lambda: "0.0"),
    Wrong("13.float32_gap", "left the placeholder", lambda: ...),
]

RIGHT_21 = [
    Right("13.first_nan", "lowercase with a space", lambda: " c"),
    Right("13.first_nan", "letter with a full stop", lambda: "C."),
    Right("13.first_nan", "lowercase with a trailing space", lambda: "c "),
    Right("13.xlogx_gradient", "double where, stand-in 0.0", lambda: r21_xlogx_right_safe_zero),
    Right("13.xlogx_gradient", "double where, stand-in 1.0", lambda: r21_xlogx_right_safe_one),
    Right(
        "13.xlogx_gradient",
        "clip in the branch, where outside, log1p",
        lambda: r21_xlogx_right_clip_and_where,
    ),
    Right(
        "13.check_prices", "one check per price in a loop, jnp index", lambda: r21_prices_right_loop
    ),
    Right(
        "13.check_prices", "min of where-arange, keyword format", lambda: r21_prices_right_kwargs
    ),
    Right(
        "13.check_prices",
        "argmin of the positive mask, log slices",
        lambda: r21_prices_right_argmin_positive,
    ),
    Right("13.float32_gap", "lowercase", lambda: "c"),
    Right("13.float32_gap", "with spaces around", lambda: " C "),
    Right("13.float32_gap", "letter with a full stop", lambda: "C."),
]
