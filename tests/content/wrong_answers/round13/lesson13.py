"""Round 13, lesson 13 (debugging and numerics): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import jax.scipy.special as jss
from jax.experimental import checkify

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---- 13.xlogx_gradient --------------------------------------------------------------------
def r13_coin_xlogy(p):
    return -(jss.xlogy(p, p) + jss.xlogy(1 - p, 1 - p))


def r13_coin_entr(p):
    return jss.entr(p) + jss.entr(1 - p)


def r13_coin_safe_logs_no_outer_where(p):
    t1 = p * jnp.log(jnp.where(p > 0, p, 1.0))
    t2 = (1 - p) * jnp.log(jnp.where(p < 1, 1 - p, 1.0))
    return -(t1 + t2)


def r13_coin_safe_zero(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.0)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


def r13_coin_safe_one(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 1.0)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


def r13_coin_only_p0_end(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(p > 0, p, 0.5)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - p) * jnp.log(1 - p)), 0.0)


def r13_coin_clip(p):
    q = jnp.clip(p, 1e-4, 1 - 1e-4)
    return -(q * jnp.log(q) + (1 - q) * jnp.log(1 - q))


def r13_coin_log2(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(safe * jnp.log2(safe) + (1 - safe) * jnp.log2(1 - safe)), 0.0)


def r13_coin_nan_to_num(p):
    inside = (p > 0) & (p < 1)
    value = jnp.where(inside, -(p * jnp.log(p) + (1 - p) * jnp.log(1 - p)), 0.0)
    return jnp.nan_to_num(value)


def r13_coin_stop_gradient_ends(p):
    inside = (p > 0) & (p < 1)
    held = jax.lax.stop_gradient(p)
    value = -(p * jnp.log(held) + (1 - p) * jnp.log(1 - held))
    return jnp.where(inside, value, 0.0)


@jax.custom_jvp
def _coin_wrong_sign(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


@_coin_wrong_sign.defjvp
def _coin_wrong_sign_jvp(primals, tangents):
    (p,), (p_dot,) = primals, tangents
    inside = (p > 0) & (p < 1)
    slope = jnp.where(inside, jnp.log(p / (1 - p)), 0.0)
    return _coin_wrong_sign(p), slope * p_dot


def r13_coin_custom_wrong_sign(p):
    return _coin_wrong_sign(p)


def r13_coin_tiny_eps(p):
    inside = (p > 0) & (p < 1)
    eps = 1e-12
    value = -(p * jnp.log(p + eps) + (1 - p) * jnp.log(1 - p + eps))
    return jnp.where(inside, value, 0.0)


def r13_coin_safe_both(p):
    t1 = p * jnp.log(jnp.where(p > 0, p, 1.0))
    t2 = (1 - p) * jnp.log(jnp.where(p < 1, 1 - p, 1.0))
    return jnp.where((p > 0) & (p < 1), -(t1 + t2), 0.0)


@jax.custom_jvp
def _coin_custom(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


@_coin_custom.defjvp
def _coin_custom_jvp(primals, tangents):
    (p,), (p_dot,) = primals, tangents
    inside = (p > 0) & (p < 1)
    slope = jnp.where(inside, jnp.log((1 - p) / p), 0.0)
    return _coin_custom(p), slope * p_dot


def r13_coin_custom(p):
    return _coin_custom(p)


def r13_coin_xlogx_helper(p):
    def xlogx(q):
        ok = q > 0
        q_safe = jnp.where(ok, q, 1.0)
        return jnp.where(ok, q_safe * jnp.log(q_safe), 0.0)

    inside = (p > 0) & (p < 1)
    return jnp.where(inside, -(xlogx(p) + xlogx(1 - p)), jnp.zeros_like(p))


# ---- 13.check_prices ----------------------------------------------------------------------
def r13_prices_no_numbers(prices):
    checkify.check(jnp.all(prices > 0), "prices must all be positive")
    return jnp.diff(jnp.log(prices))


def r13_prices_argmin(prices):
    i = jnp.argmin(prices)
    checkify.check(jnp.all(prices > 0), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r13_prices_negative_only(prices):
    bad = prices < 0
    i = jnp.argmax(bad)
    checkify.check(~jnp.any(bad), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r13_prices_swapped(prices):
    bad = prices <= 0
    i = jnp.argmax(bad)
    checkify.check(~jnp.any(bad), "price {} is {}", prices[i], i)
    return jnp.diff(jnp.log(prices))


def r13_prices_python_if(prices):
    if jnp.any(prices <= 0):
        raise ValueError("prices must be positive")
    return jnp.diff(jnp.log(prices))


def r13_prices_one_based(prices):
    bad = prices <= 0
    i = jnp.argmax(bad)
    checkify.check(~jnp.any(bad), "price number {} is {}", i + 1, prices[i])
    return jnp.diff(jnp.log(prices))


def r13_prices_simple_returns(prices):
    bad = prices <= 0
    i = jnp.argmax(bad)
    checkify.check(~jnp.any(bad), "price {} is {}", i, prices[i])
    return jnp.diff(prices) / prices[:-1]


def r13_prices_fstring(prices):
    bad = prices <= 0
    i = jnp.argmax(bad)
    checkify.check(~jnp.any(bad), f"price {i} is {prices[i]}")
    return jnp.diff(jnp.log(prices))


def r13_prices_log_value(prices):
    logs = jnp.log(prices)
    bad = ~jnp.isfinite(logs)
    i = jnp.argmax(bad)
    checkify.check(~jnp.any(bad), "price {} is {}", i, logs[i])
    return jnp.diff(logs)


def r13_prices_last_bad(prices):
    bad = prices <= 0
    n = prices.shape[0]
    i = n - 1 - jnp.argmax(bad[::-1])
    checkify.check(~jnp.any(bad), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r13_prices_check_first_only(prices):
    checkify.check(prices[0] > 0, "price 0 is {}", prices[0])
    return jnp.diff(jnp.log(prices))


def r13_prices_bad_at_index(prices):
    bad = prices <= 0
    i = jnp.argmax(bad)
    checkify.check(~bad[i], "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r13_prices_nonzero_size1(prices):
    bad = prices <= 0
    i = jnp.nonzero(bad, size=1)[0][0]
    checkify.check(~jnp.any(bad), "bad price at position {}: {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r13_prices_from_logs(prices):
    logs = jnp.log(prices)
    bad = ~jnp.isfinite(logs)
    i = jnp.argmax(bad)
    checkify.check(jnp.logical_not(bad.any()), "price {} is {}", i, prices[i])
    return logs[1:] - logs[:-1]


def r13_coin_zeros_len(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    value = -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe))
    return jnp.where(inside, value, jnp.zeros(len(p)))


def r13_prices_min_check(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.min(prices) > 0, "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


ROUND_13 = [
    # 13.first_nan (right: C)
    Wrong("13.first_nan", "A: both raise at mul", lambda: "A"),
    Wrong("13.first_nan", "B: where hides the NaN from the checker", lambda: "B"),
    Wrong("13.first_nan", "D: same outcome, compiled where skips a branch", lambda: "D"),
    Wrong("13.first_nan", "E: jit raises, eager does not", lambda: "E"),
    Wrong("13.first_nan", "F: stops at log", lambda: "F"),
    Wrong("13.first_nan", "C and D: the cell shows the same", lambda: "CD"),
    Wrong("13.first_nan", "the value instead of a letter", lambda: "0.562"),
    Wrong("13.first_nan", "option d", lambda: "option d"),
    Wrong("13.first_nan", "D) typed in a hurry", lambda: "D)"),
    # 13.float32_gap (right: C)
    Wrong("13.float32_gap", "A: asarray keeps float64", lambda: "A"),
    Wrong("13.float32_gap", "B: 1e8 itself is no float32", lambda: "B"),
    Wrong("13.float32_gap", "D: Python int promotes to float64", lambda: "D"),
    Wrong("13.float32_gap", "E: machine-epsilon residue", lambda: "E"),
    Wrong("13.float32_gap", "F: keeps float64, computes float32", lambda: "F"),
    Wrong("13.float32_gap", "the number instead of the letter", lambda: "0.0"),
    Wrong("13.float32_gap", "B and C: both say 0.0", lambda: "BC"),
    Wrong(
        "13.float32_gap", "F with its reason typed after it", lambda: "F: JAX computes in float32"
    ),
    Wrong("13.float32_gap", "the float 0.0, not a string", lambda: 0.0),
    # 13.xlogx_gradient
    Wrong(
        "13.xlogx_gradient",
        "jax.scipy xlogy: gradient infinite at the ends",
        lambda: r13_coin_xlogy,
    ),
    Wrong("13.xlogx_gradient", "jax.scipy entr twice", lambda: r13_coin_entr),
    Wrong(
        "13.xlogx_gradient",
        "safe logs, dropped the outer where: slope +-1 at ends",
        lambda: r13_coin_safe_logs_no_outer_where,
    ),
    Wrong(
        "13.xlogx_gradient",
        "eps 1e-12 in the logs: NaN slope at p = 1 under jit",
        lambda: r13_coin_tiny_eps,
    ),
    Wrong("13.xlogx_gradient", "guarded p's log only, not 1 - p's", lambda: r13_coin_only_p0_end),
    Wrong("13.xlogx_gradient", "clipped p to [1e-4, 1 - 1e-4]", lambda: r13_coin_clip),
    Wrong("13.xlogx_gradient", "log2 instead of the page's base e", lambda: r13_coin_log2),
    Wrong("13.xlogx_gradient", "nan_to_num on the value", lambda: r13_coin_nan_to_num),
    Wrong(
        "13.xlogx_gradient",
        "else branch zeros(len(p)): fails for a 0-d p",
        lambda: r13_coin_zeros_len,
    ),
    Wrong(
        "13.xlogx_gradient", "stop_gradient inside the logs", lambda: r13_coin_stop_gradient_ends
    ),
    Wrong(
        "13.xlogx_gradient",
        "custom_jvp with log(p/(1-p)): sign flipped",
        lambda: r13_coin_custom_wrong_sign,
    ),
    # 13.check_prices
    Wrong("13.check_prices", "message names no position nor price", lambda: r13_prices_no_numbers),
    Wrong(
        "13.check_prices", "argmin: the lowest price, not the first bad", lambda: r13_prices_argmin
    ),
    Wrong("13.check_prices", "prices < 0: a zero price passes", lambda: r13_prices_negative_only),
    Wrong(
        "13.check_prices", "position and price swapped in the message", lambda: r13_prices_swapped
    ),
    Wrong("13.check_prices", "Python if and raise inside jit", lambda: r13_prices_python_if),
    Wrong("13.check_prices", "position counted from 1", lambda: r13_prices_one_based),
    Wrong(
        "13.check_prices",
        "simple returns instead of log returns",
        lambda: r13_prices_simple_returns,
    ),
    Wrong("13.check_prices", "f-string message: tracers in the text", lambda: r13_prices_fstring),
    Wrong("13.check_prices", "reports the log of the price", lambda: r13_prices_log_value),
    Wrong("13.check_prices", "reports the last bad price", lambda: r13_prices_last_bad),
    Wrong("13.check_prices", "checks only the first price", lambda: r13_prices_check_first_only),
]

RIGHT_13 = [
    Right(
        "13.check_prices",
        "check min(prices) > 0, first bad by argmax",
        lambda: r13_prices_min_check,
    ),
    Right("13.first_nan", "C", lambda: "C"),
    Right("13.first_nan", "c, lower case", lambda: "c"),
    Right("13.float32_gap", "C", lambda: "C"),
    Right("13.float32_gap", "C with a newline", lambda: "C\n"),
    Right("13.xlogx_gradient", "safe logs inside, where outside", lambda: r13_coin_safe_both),
    Right(
        "13.xlogx_gradient",
        "double where, safe value 0.0 (select drops the nan)",
        lambda: r13_coin_safe_zero,
    ),
    Right("13.xlogx_gradient", "double where, safe value 1.0", lambda: r13_coin_safe_one),
    Right("13.xlogx_gradient", "custom_jvp with log((1-p)/p) masked", lambda: r13_coin_custom),
    Right("13.xlogx_gradient", "a safe xlogx helper used twice", lambda: r13_coin_xlogx_helper),
    Right("13.check_prices", "check ~bad[first]", lambda: r13_prices_bad_at_index),
    Right("13.check_prices", "nonzero with size=1", lambda: r13_prices_nonzero_size1),
    Right(
        "13.check_prices",
        "bad from non-finite logs, logs differenced",
        lambda: r13_prices_from_logs,
    ),
]
