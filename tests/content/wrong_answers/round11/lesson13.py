"""Round 11, lesson 13 (debugging and numerics): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.experimental import checkify
from jax.scipy.special import entr, xlogy

from tests.content.wrong_answers.round4._common import Right, Wrong

# --- 13.xlogx_gradient -------------------------------------------------------------------


def r11_ce_buggy(p):
    inside = (p > 0) & (p < 1)
    return jnp.where(inside, -(p * jnp.log(p) + (1 - p) * jnp.log(1 - p)), 0.0)


def r11_ce_xlogy(p):
    return -(xlogy(p, p) + xlogy(1 - p, 1 - p))


def r11_ce_entr(p):
    return entr(p) + entr(1 - p)


def r11_ce_clip(p):
    q = jnp.clip(p, 1e-7, 1 - 1e-7)
    return -(q * jnp.log(q) + (1 - q) * jnp.log(1 - q))


def r11_ce_clip_tiny(p):
    q = jnp.clip(p, 1e-12, 1 - 1e-12)  # 1 - 1e-12 is 1.0 in float32
    return -(q * jnp.log(q) + (1 - q) * jnp.log(1 - q))


def r11_ce_inner_only(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe))


def r11_ce_log2(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(safe * jnp.log2(safe) + (1 - safe) * jnp.log2(1 - safe)), 0.0)


def r11_ce_closed_interval(p):
    inside = (p >= 0) & (p <= 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


def r11_ce_nan_to_num(p):
    return jnp.nan_to_num(-(p * jnp.log(p) + (1 - p) * jnp.log(1 - p)))


def r11_ce_eps_in_log(p):
    eps = 1e-12
    return -(p * jnp.log(p + eps) + (1 - p) * jnp.log(1 - p + eps))


def r11_ce_zero_end_only(p):
    safe = jnp.where(p > 0, p, 1.0)  # guards p = 0 only
    return jnp.where(p > 0, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


def r11_ce_sign(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe), 0.0)


def r11_ce_double_where(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    value = -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe))
    return jnp.where(inside, value, 0.0)


def r11_ce_safe_one(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 1.0)  # a NaN in the unused branch, stopped by the select
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


@jax.custom_jvp
def _coin(p):
    return -(xlogy(p, p) + xlogy(1 - p, 1 - p))


@_coin.defjvp
def _coin_jvp(primals, tangents):
    (p,), (p_dot,) = primals, tangents
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return _coin(p), jnp.where(inside, jnp.log((1 - safe) / safe), 0.0) * p_dot


def r11_ce_custom_jvp(p):
    return _coin(p)


def r11_ce_xlogx_helper(p):
    def xlogx(q):
        ok = q > 0
        q_safe = jnp.where(ok, q, 1.0)
        return jnp.where(ok, q_safe * jnp.log(q_safe), 0.0)

    return -(xlogx(p) + xlogx(1.0 - p))


# --- 13.check_prices ---------------------------------------------------------------------


def _returns(prices):
    return jnp.diff(jnp.log(prices))


def r11_cp_argmin(prices):
    i = jnp.argmin(prices)
    checkify.check(jnp.all(prices > 0), "price {} is {}", i, prices[i])
    return _returns(prices)


def r11_cp_zero_allowed(prices):
    i = jnp.argmax(prices < 0)
    checkify.check(jnp.all(prices >= 0), "price {} is {}", i, prices[i])
    return _returns(prices)


def r11_cp_no_values(prices):
    checkify.check(jnp.all(prices > 0), "prices must all be positive")
    return _returns(prices)


def r11_cp_return_index(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "return {} is bad: price {}", i - 1, prices[i])
    return _returns(prices)


def r11_cp_python_if(prices):
    if jnp.any(prices <= 0):
        raise ValueError("a price is not positive")
    return _returns(prices)


def r11_cp_check_returns(prices):
    r = _returns(prices)
    i = jnp.argmax(jnp.isnan(r))
    checkify.check(~jnp.any(jnp.isnan(r)), "return {} is {}", i, r[i])
    return r


def r11_cp_last_bad(prices):
    n = prices.shape[0]
    i = jnp.max(jnp.where(prices <= 0, jnp.arange(n), -1))
    checkify.check(jnp.all(prices > 0), "price {} is {}", i, prices[i])
    return _returns(prices)


def r11_cp_one_based(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "price number {} is {}", i + 1, prices[i])
    return _returns(prices)


def r11_cp_log_only(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "price {} is {}", i, prices[i])
    return jnp.log(prices)


def r11_cp_fstring(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), f"price {i} is {prices[i]}")
    return _returns(prices)


def r11_cp_only_first_two(prices):
    # checks the two prices the first return uses, as the page's example had
    i = jnp.argmax(prices[:2] <= 0)
    checkify.check(jnp.all(prices[:2] > 0), "price {} is {}", i, prices[i])
    return _returns(prices)


def r11_cp_argmax(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r11_cp_loop(prices):
    for i in range(prices.shape[0]):
        checkify.check(prices[i] > 0, "price {} is {}", jnp.int32(i), prices[i])
    return jnp.diff(jnp.log(prices))


def r11_cp_argmin_bool(prices):
    good = prices > 0
    first = jnp.argmin(good)
    checkify.check(good.all(), "bad price at position {}: {}", first, prices[first])
    return jnp.log(prices[1:]) - jnp.log(prices[:-1])


def r11_cp_nonzero(prices):
    (bad,) = jnp.nonzero(prices <= 0, size=1, fill_value=0)
    checkify.check(~jnp.any(prices <= 0), "price {} is {}", bad[0], prices[bad[0]])
    return jnp.diff(jnp.log(prices))


ROUND_11 = [
    Wrong("13.first_nan", "A: both raise", lambda: "A"),
    Wrong("13.first_nan", "B: neither raises", lambda: "B"),
    Wrong("13.first_nan", "D: compiled where computes one branch", lambda: "D"),
    Wrong("13.first_nan", "E: only the jitted one raises", lambda: "E"),
    Wrong("13.first_nan", "F: both raise at log", lambda: "F"),
    Wrong("13.first_nan", "lower-case c", lambda: "c"),
    Wrong("13.first_nan", "C and D, the two that show the same", lambda: "C or D"),
    Wrong("13.first_nan", "the operation's name", lambda: "mul"),
    Wrong("13.xlogx_gradient", "the page's buggy version", lambda: r11_ce_buggy),
    Wrong(
        "13.xlogx_gradient",
        "xlogy: finite value, infinite gradient at the ends",
        lambda: r11_ce_xlogy,
    ),
    Wrong(
        "13.xlogx_gradient",
        "scipy's entr twice: infinite gradient at the ends",
        lambda: r11_ce_entr,
    ),
    Wrong(
        "13.xlogx_gradient",
        "clipped p to [1e-7, 1 - 1e-7]: 1.7e-6 at the ends",
        lambda: r11_ce_clip,
    ),
    Wrong(
        "13.xlogx_gradient",
        "clipped with 1e-12: 1 - 1e-12 is 1.0 in float32",
        lambda: r11_ce_clip_tiny,
    ),
    Wrong(
        "13.xlogx_gradient",
        "safe p but no outer where: log 2 at the ends",
        lambda: r11_ce_inner_only,
    ),
    Wrong("13.xlogx_gradient", "logs to base 2", lambda: r11_ce_log2),
    Wrong(
        "13.xlogx_gradient",
        "inside as 0 <= p <= 1: the ends go through log",
        lambda: r11_ce_closed_interval,
    ),
    Wrong("13.xlogx_gradient", "nan_to_num on the value", lambda: r11_ce_nan_to_num),
    Wrong(
        "13.xlogx_gradient",
        "1e-12 added inside the logs: gradient 27.6 at 0",
        lambda: r11_ce_eps_in_log,
    ),
    Wrong(
        "13.xlogx_gradient",
        "guarded p = 0 only, NaN gradient at p = 1",
        lambda: r11_ce_zero_end_only,
    ),
    Wrong("13.xlogx_gradient", "the minus sign dropped", lambda: r11_ce_sign),
    Wrong(
        "13.xlogx_gradient",
        "a safe xlogx helper: gradient +-1 at the ends, not 0",
        lambda: r11_ce_xlogx_helper,
    ),
    Wrong(
        "13.check_prices",
        "argmin: the smallest price, not the first bad one",
        lambda: r11_cp_argmin,
    ),
    Wrong("13.check_prices", "checked prices >= 0: a zero passes", lambda: r11_cp_zero_allowed),
    Wrong("13.check_prices", "a message with neither position nor price", lambda: r11_cp_no_values),
    Wrong("13.check_prices", "reported the return's index, one less", lambda: r11_cp_return_index),
    Wrong("13.check_prices", "a Python if and raise", lambda: r11_cp_python_if),
    Wrong(
        "13.check_prices",
        "checked the returns for NaN: a zero's -inf passes",
        lambda: r11_cp_check_returns,
    ),
    Wrong("13.check_prices", "reported the last bad price", lambda: r11_cp_last_bad),
    Wrong("13.check_prices", "1-based position", lambda: r11_cp_one_based),
    Wrong("13.check_prices", "returned the logs, forgot the diff", lambda: r11_cp_log_only),
    Wrong(
        "13.check_prices",
        "an f-string message: tracers baked into the text",
        lambda: r11_cp_fstring,
    ),
    Wrong("13.check_prices", "checked only the first two prices", lambda: r11_cp_only_first_two),
    Wrong("13.float32_gap", "A: float64 kept", lambda: "A"),
    Wrong("13.float32_gap", "B: 1e8 is no float32 number", lambda: "B"),
    Wrong("13.float32_gap", "D: the Python 1 promotes to float64", lambda: "D"),
    Wrong("13.float32_gap", "E: about machine epsilon", lambda: "E"),
    Wrong("13.float32_gap", "F: float64 kept, computed in float32", lambda: "F"),
    Wrong("13.float32_gap", "lower-case c", lambda: "c"),
    Wrong("13.float32_gap", "the number instead of a letter", lambda: "0.0"),
    Wrong("13.float32_gap", "the number as a float", lambda: 0.0),
    Wrong("13.float32_gap", "B and C, both 0.0 with a float32", lambda: "BC"),
]
RIGHT_11 = [
    Right("13.first_nan", "C", lambda: "C"),
    Right("13.xlogx_gradient", "the double where, safe value 0.5", lambda: r11_ce_double_where),
    Right(
        "13.xlogx_gradient",
        "double where with safe value 1.0: select stops the NaN",
        lambda: r11_ce_safe_one,
    ),
    Right(
        "13.xlogx_gradient",
        "custom_jvp with a guarded log((1-p)/p) rule",
        lambda: r11_ce_custom_jvp,
    ),
    Right("13.check_prices", "argmax of prices <= 0", lambda: r11_cp_argmax),
    Right(
        "13.check_prices", "a check per price in a Python loop, index as int32", lambda: r11_cp_loop
    ),
    Right(
        "13.check_prices",
        "argmin of the good mask, log differences by hand",
        lambda: r11_cp_argmin_bool,
    ),
    Right("13.check_prices", "nonzero(size=1) for the first bad index", lambda: r11_cp_nonzero),
    Right("13.float32_gap", "C", lambda: "C"),
]
