"""Round 18, lesson 13 (debugging and numerics): answers from the lesson's text alone."""

from __future__ import annotations

import jax.numpy as jnp
from jax.experimental import checkify

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 13.first_nan: debug_nans, eager and jitted, on entropy_guarded (letter) ----------

# ---- 13.xlogx_gradient: coin entropy with finite gradients at 0 and 1 ----------------


def r18_coin_copied_buggy(p):
    inside = (p > 0) & (p < 1)
    return jnp.where(inside, -(p * jnp.log(p) + (1 - p) * jnp.log(1 - p)), 0.0)


def r18_coin_safe_only_p(p):
    # guarded p's log, forgot that 1 - p needs its own guard
    inside = (p > 0) & (p < 1)
    safe = jnp.where(p > 0, p, 1.0)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - p) * jnp.log(1 - p)), 0.0)


def r18_coin_safe_value_one(p):
    # safe value 1.0: 1 - safe is 0 there, but the inner where drops that NaN
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 1.0)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


def r18_coin_safe_value_zero(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.0)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


def r18_coin_inclusive_bounds(p):
    # double where, but the guard lets the ends through
    inside = (p >= 0) & (p <= 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


def r18_coin_epsilon(p):
    eps = 1e-12
    return -(p * jnp.log(p + eps) + (1 - p) * jnp.log(1 - p + eps))


def r18_coin_nan_to_num(p):
    inside = (p > 0) & (p < 1)
    h = jnp.where(inside, -(p * jnp.log(p) + (1 - p) * jnp.log(1 - p)), 0.0)
    return jnp.nan_to_num(h)


def r18_coin_log2(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(safe * jnp.log2(safe) + (1 - safe) * jnp.log2(1 - safe)), 0.0)


def r18_coin_no_minus(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe), 0.0)


def r18_coin_summed(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.sum(jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0))


def r18_coin_python_if(p):
    if p <= 0 or p >= 1:
        return 0.0
    return -(p * jnp.log(p) + (1 - p) * jnp.log(1 - p))


def r18_coin_xlogy(p):
    from jax.scipy.special import xlogy

    return -(xlogy(p, p) + xlogy(1 - p, 1 - p))


def r18_coin_entr(p):
    from jax.scipy.special import entr

    return entr(p) + entr(1 - p)


def r18_coin_guard_each_term(p):
    # each x log x guarded on its own: d/dp of (1-p)log(1-p) at p = 0 is still -1
    def xlogx(x):
        ok = x > 0
        x_ok = jnp.where(ok, x, 1.0)
        return jnp.where(ok, x_ok * jnp.log(x_ok), 0.0)

    return -(xlogx(p) + xlogx(1 - p))


def r18_coin_right_clip_log1p(p):
    inside = (p > 0) & (p < 1)
    q = jnp.clip(p, 0.25, 0.75)
    q = jnp.where(inside, p, q)
    return jnp.where(inside, -(q * jnp.log(q) + (1 - q) * jnp.log1p(-q)), jnp.zeros_like(p))


def r18_coin_right_xlogy_safe(p):
    from jax.scipy.special import xlogy

    inside = jnp.logical_and(p > 0, p < 1)
    s = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(xlogy(s, s) + xlogy(1 - s, 1 - s)), 0.0)


# ---- 13.check_prices: log returns with checkify.check naming the first bad price ----


def r18_prices_no_check(prices):
    return jnp.diff(jnp.log(prices))


def r18_prices_allows_zero(prices):
    bad = prices < 0
    i = jnp.argmax(bad)
    checkify.check(~jnp.any(bad), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r18_prices_argmin(prices):
    i = jnp.argmin(prices)
    checkify.check(jnp.all(prices > 0), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r18_prices_swapped(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "bad price {} at position {}", prices[i], i)
    return jnp.diff(jnp.log(prices))


def r18_prices_python_raise(prices):
    if jnp.any(prices <= 0):
        raise ValueError("prices must be positive")
    return jnp.diff(jnp.log(prices))


def r18_prices_array_pred(prices):
    checkify.check(prices > 0, "prices must be positive: {}", prices)
    return jnp.diff(jnp.log(prices))


def r18_prices_one_based(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "price {} is {}", i + 1, prices[i])
    return jnp.diff(jnp.log(prices))


def r18_prices_log_of_diff(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "price {} is {}", i, prices[i])
    return jnp.log(jnp.diff(prices))


def r18_prices_nan_only(prices):
    logs = jnp.log(prices)
    bad = jnp.isnan(logs)
    i = jnp.argmax(bad)
    checkify.check(~jnp.any(bad), "price {} is {}", i, prices[i])
    return jnp.diff(logs)


def r18_prices_last_bad(prices):
    bad = prices <= 0
    i = prices.shape[0] - 1 - jnp.argmax(bad[::-1])
    checkify.check(~jnp.any(bad), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r18_prices_return_index(prices):
    r = jnp.diff(jnp.log(prices))
    bad = ~jnp.isfinite(r)
    i = jnp.argmax(bad)
    checkify.check(~jnp.any(bad), "price {} is {}", i, prices[i])
    return r


def r18_prices_python_int_loop(prices):
    for k in range(prices.shape[0]):
        checkify.check(prices[k] > 0, "price {} is {}", k, prices[k])
    return jnp.diff(jnp.log(prices))


def r18_prices_only_value(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "found a non-positive price: {}", prices[i])
    return jnp.diff(jnp.log(prices))


def r18_prices_right_argmin_positive(prices):
    ok = prices > 0
    first = jnp.argmin(ok)  # first False
    checkify.check(jnp.all(ok), "bad price at index {}: value {}", first, prices[first])
    return jnp.log(prices[1:]) - jnp.log(prices[:-1])


def r18_prices_right_loop(prices):
    for k in range(prices.shape[0]):
        checkify.check(prices[k] > 0, "price {} is {}", jnp.int32(k), prices[k])
    return jnp.diff(jnp.log(prices))


def r18_prices_right_nonzero(prices):
    bad = prices <= 0
    (where_bad,) = jnp.nonzero(bad, size=1, fill_value=0)
    i = where_bad[0]
    checkify.check(jnp.logical_not(bad.any()), "price number {} was {}, not positive", i, prices[i])
    return jnp.diff(jnp.log(prices), n=1)


# ---- 13.float32_gap: (big + 1) - big for big from NumPy's float64 (letter) ----------

ROUND_18 = [
    # 13.first_nan
    Wrong("13.first_nan", "typed A: thought jit also checks every product", lambda: "A"),
    Wrong("13.first_nan", "typed B: where replaces the NaN, so no raise", lambda: "B"),
    Wrong("13.first_nan", "typed D: compiled where skips the unused branch", lambda: "D"),
    Wrong("13.first_nan", "typed E: mixed up which one raises", lambda: "E"),
    Wrong("13.first_nan", "typed F: log(0) is where it all starts", lambda: "F"),
    Wrong("13.first_nan", "both C and D, since they show the same", lambda: "CD"),
    Wrong("13.first_nan", "wrote 'C or D'", lambda: "C or D"),
    Wrong("13.first_nan", "gave the jitted value instead of a letter", lambda: 0.562),
    Wrong("13.first_nan", "left the placeholder", lambda: ...),
    Wrong("13.first_nan", "typed lowercase d with a dot", lambda: "d."),
    # 13.xlogx_gradient
    Wrong("13.xlogx_gradient", "copied the buggy version unchanged", lambda: r18_coin_copied_buggy),
    Wrong("13.xlogx_gradient", "guarded log(p) only, not log(1 - p)", lambda: r18_coin_safe_only_p),
    Wrong(
        "13.xlogx_gradient",
        "guarded each x log x alone: grad 1 at ends",
        lambda: r18_coin_guard_each_term,
    ),
    Wrong("13.xlogx_gradient", "guard uses >= 0 and <= 1", lambda: r18_coin_inclusive_bounds),
    Wrong("13.xlogx_gradient", "added 1e-12 inside the logs instead", lambda: r18_coin_epsilon),
    Wrong("13.xlogx_gradient", "nan_to_num on the result", lambda: r18_coin_nan_to_num),
    Wrong("13.xlogx_gradient", "used log2 for the page's base-e variant", lambda: r18_coin_log2),
    Wrong("13.xlogx_gradient", "dropped the minus sign", lambda: r18_coin_no_minus),
    Wrong("13.xlogx_gradient", "returned the sum, not element by element", lambda: r18_coin_summed),
    Wrong("13.xlogx_gradient", "Python if on the end points", lambda: r18_coin_python_if),
    Wrong("13.xlogx_gradient", "used scipy's xlogy without a guard", lambda: r18_coin_xlogy),
    Wrong("13.xlogx_gradient", "used scipy's entr", lambda: r18_coin_entr),
    # 13.check_prices
    Wrong("13.check_prices", "no check at all", lambda: r18_prices_no_check),
    Wrong(
        "13.check_prices", "checked prices < 0, so a zero passes", lambda: r18_prices_allows_zero
    ),
    Wrong("13.check_prices", "named the smallest price, not the first", lambda: r18_prices_argmin),
    Wrong("13.check_prices", "price before position in the message", lambda: r18_prices_swapped),
    Wrong("13.check_prices", "Python if/raise on a traced value", lambda: r18_prices_python_raise),
    Wrong(
        "13.check_prices", "passed the whole boolean array to check", lambda: r18_prices_array_pred
    ),
    Wrong("13.check_prices", "counted positions from 1", lambda: r18_prices_one_based),
    Wrong("13.check_prices", "log of the differences", lambda: r18_prices_log_of_diff),
    Wrong("13.check_prices", "checked only for NaN logs, zero passes", lambda: r18_prices_nan_only),
    Wrong("13.check_prices", "named the last bad price", lambda: r18_prices_last_bad),
    Wrong("13.check_prices", "index of the first bad return", lambda: r18_prices_return_index),
    Wrong(
        "13.check_prices",
        "loop of checks with a Python int index",
        lambda: r18_prices_python_int_loop,
    ),
    Wrong(
        "13.check_prices", "message gives the price but no position", lambda: r18_prices_only_value
    ),
    # 13.float32_gap
    Wrong("13.float32_gap", "typed A: asarray keeps float64", lambda: "A"),
    Wrong("13.float32_gap", "typed B: 1e8 is no float32 number", lambda: "B"),
    Wrong("13.float32_gap", "typed D: the Python 1 promotes to float64", lambda: "D"),
    Wrong("13.float32_gap", "typed E: about machine epsilon is left", lambda: "E"),
    Wrong("13.float32_gap", "typed F: float64 kept but computed float32", lambda: "F"),
    Wrong("13.float32_gap", "gave the number 0.0 instead of a letter", lambda: 0.0),
    Wrong("13.float32_gap", "wrote both zero answers, B and C", lambda: "B, C"),
    Wrong("13.float32_gap", "gave the letter with the number", lambda: "C: 0.0"),
    Wrong("13.float32_gap", "left the placeholder", lambda: ...),
    Wrong("13.float32_gap", "typed lowercase f", lambda: "f"),
]

RIGHT_18 = [
    Right("13.first_nan", "lowercase c", lambda: "c"),
    Right("13.first_nan", "C with spaces around", lambda: " C "),
    Right("13.first_nan", "C with a dot", lambda: "C."),
    Right("13.xlogx_gradient", "double where with safe value 1.0", lambda: r18_coin_safe_value_one),
    Right(
        "13.xlogx_gradient", "double where with safe value 0.0", lambda: r18_coin_safe_value_zero
    ),
    Right(
        "13.xlogx_gradient", "clip for the safe value and log1p", lambda: r18_coin_right_clip_log1p
    ),
    Right("13.xlogx_gradient", "xlogy on a double-where safe p", lambda: r18_coin_right_xlogy_safe),
    Right(
        "13.check_prices",
        "argmin of prices > 0, slices for diff",
        lambda: r18_prices_right_argmin_positive,
    ),
    Right("13.check_prices", "one check per price in a Python loop", lambda: r18_prices_right_loop),
    Right(
        "13.check_prices", "nonzero with size=1 to find the first", lambda: r18_prices_right_nonzero
    ),
    Right("13.float32_gap", "lowercase c", lambda: "c"),
    Right("13.float32_gap", "C with a trailing newline", lambda: "C\n"),
    Right("13.float32_gap", "lowercase c with a dot", lambda: "c."),
]
