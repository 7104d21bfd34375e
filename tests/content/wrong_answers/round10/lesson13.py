"""Round 10, lesson 13 (debugging and numerics): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import checkify
from jax.scipy.special import entr, xlogy

from tests.content.wrong_answers.round4._common import Right, Wrong

# --- 13.xlogx_gradient ---------------------------------------------------------------


def _h(q):
    return -(q * jnp.log(q) + (1 - q) * jnp.log(1 - q))


def r10_coin_single_where(p):
    inside = (p > 0) & (p < 1)
    return jnp.where(inside, _h(p), 0.0)


def r10_coin_safe_zero(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.0)  # the inner where's select drops the NaN anyway
    return jnp.where(inside, _h(safe), 0.0)


def r10_coin_safe_one(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 1.0)  # log(1 - 1) too, masked out by both wheres
    return jnp.where(inside, _h(safe), 0.0)


def r10_coin_closed_interval(p):
    inside = (p >= 0) & (p <= 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, _h(safe), 0.0)


def r10_coin_inner_only(p):
    inside = (p > 0) & (p < 1)
    return _h(jnp.where(inside, p, 0.5))


def r10_coin_entr(p):
    return entr(p) + entr(1 - p)


def r10_coin_xlogy(p):
    return -(xlogy(p, p) + xlogy(1 - p, 1 - p))


def r10_coin_log2(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(safe * jnp.log2(safe) + (1 - safe) * jnp.log2(1 - safe)), 0.0)


def r10_coin_no_minus(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe), 0.0)


def r10_coin_half(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -safe * jnp.log(safe), 0.0)


def r10_coin_cond(p):
    inside = (p > 0) & (p < 1)
    return lax.cond(jnp.all(inside), _h, jnp.zeros_like, p)


def r10_coin_stop_log(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    value = -(
        safe * lax.stop_gradient(jnp.log(safe)) + (1 - safe) * lax.stop_gradient(jnp.log(1 - safe))
    )
    return jnp.where(inside, value, 0.0)


def r10_coin_double_where(p):
    """Right: the double where, with 0.25 as the safe stand-in."""
    inside = jnp.logical_and(p > 0, p < 1)
    q = jnp.where(inside, p, 0.25)
    return jnp.where(inside, -(q * jnp.log(q) + (1 - q) * jnp.log1p(-q)), 0.0)


def r10_coin_two_terms(p):
    """x log x made safe once, applied to p and to 1 - p: the other term's slope is left."""

    def xlogx(x):
        ok = x > 0
        s = jnp.where(ok, x, 1.0)
        return jnp.where(ok, s * jnp.log(s), 0.0)

    return -(xlogx(p) + xlogx(1.0 - p))


def r10_coin_custom_jvp(p):
    """Right: a custom_jvp whose tangent is log((1 - p) / p), zeroed at the ends."""
    return _coin_rule(p)


@jax.custom_jvp
def _coin_rule(p):
    inside = (p > 0) & (p < 1)
    q = jnp.where(inside, p, 0.5)
    return jnp.where(inside, _h(q), 0.0)


@_coin_rule.defjvp
def _coin_rule_jvp(primals, tangents):
    (p,), (p_dot,) = primals, tangents
    inside = (p > 0) & (p < 1)
    q = jnp.where(inside, p, 0.5)
    return _coin_rule(p), jnp.where(inside, jnp.log1p(-q) - jnp.log(q), 0.0) * p_dot


# --- 13.check_prices -----------------------------------------------------------------


def r10_prices_no_position(prices):
    checkify.check(jnp.all(prices > 0), "prices must be positive")
    return jnp.diff(jnp.log(prices))


def r10_prices_negative_only(prices):
    bad = prices < 0
    i = jnp.argmax(bad)
    checkify.check(~jnp.any(bad), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r10_prices_argmin(prices):
    i = jnp.argmin(prices)
    checkify.check(jnp.all(prices > 0), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r10_prices_wrong_value(prices):
    bad = ~(prices > 0)
    i = jnp.argmax(bad)
    checkify.check(~jnp.any(bad), "price {} is {}", i, prices[0])
    return jnp.diff(jnp.log(prices))


def r10_prices_raise(prices):
    if jnp.any(prices <= 0):
        raise ValueError("prices must be positive")
    return jnp.diff(jnp.log(prices))


def r10_prices_reversed(prices):
    bad = ~(prices > 0)
    i = jnp.argmax(bad)
    checkify.check(jnp.any(bad), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r10_prices_one_based(prices):
    bad = ~(prices > 0)
    i = jnp.argmax(bad)
    checkify.check(~jnp.any(bad), "price {} is {}", i + 1, prices[i])
    return jnp.diff(jnp.log(prices))


def r10_prices_fstring(prices):
    bad = ~(prices > 0)
    i = jnp.argmax(bad)
    checkify.check(~jnp.any(bad), f"price {i} is {prices[i]}")
    return jnp.diff(jnp.log(prices))


def r10_prices_last_bad(prices):
    bad = ~(prices > 0)
    i = jnp.max(jnp.where(bad, jnp.arange(prices.shape[0]), -1))
    checkify.check(~jnp.any(bad), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r10_prices_python_int(prices):
    for i in range(prices.shape[0]):
        checkify.check(prices[i] > 0, "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r10_prices_ratio(prices):
    bad = ~(prices > 0)
    i = jnp.argmax(bad)
    checkify.check(~jnp.any(bad), "price {} is {}", i, prices[i])
    return jnp.log(prices[1:] / prices[:-1]) * 0 + jnp.diff(prices)


def r10_prices_loop(prices):
    """Right: one check per price, each index an array; checkify keeps the first error."""
    for i in range(prices.shape[0]):
        checkify.check(prices[i] > 0, "price {} is {}", jnp.asarray(i), prices[i])
    return jnp.diff(jnp.log(prices))


def r10_prices_nonzero(prices):
    """Right: jnp.nonzero with size=1 for the first bad position."""
    positive = prices > 0
    (first,) = jnp.nonzero(~positive, size=1)
    checkify.check(jnp.all(positive), "bad price at position {}: {}", first[0], prices[first[0]])
    logs = jnp.log(prices)
    return logs[1:] - logs[:-1]


def r10_prices_kwargs(prices):
    """Right: named format fields, argmin of a boolean for the first bad one."""
    ok = prices > 0
    where = jnp.argmin(ok)
    checkify.check(ok.all(), "price {where} is {value}", where=where, value=prices[where])
    return jnp.diff(jnp.log(prices))


ROUND_10 = [
    # 13.first_nan: the answer is C
    Wrong("13.first_nan", "A: both raise at mul", lambda: "A"),
    Wrong("13.first_nan", "B: neither raises", lambda: "B"),
    Wrong("13.first_nan", "D: compiled where skips the branch", lambda: "D"),
    Wrong("13.first_nan", "E: eager fine, jitted raises", lambda: "E"),
    Wrong("13.first_nan", "F: both raise at log", lambda: "F"),
    Wrong("13.first_nan", "C and D, same outcome", lambda: "CD"),
    Wrong("13.first_nan", "the value instead of a letter", lambda: "0.562"),
    Wrong("13.first_nan", "the operation's name", lambda: "mul"),
    # 13.xlogx_gradient
    Wrong("13.xlogx_gradient", "the page's single where", lambda: r10_coin_single_where),
    Wrong(
        "13.xlogx_gradient",
        "inside as 0 <= p <= 1: nothing excluded",
        lambda: r10_coin_closed_interval,
    ),
    Wrong("13.xlogx_gradient", "inner where only: log 2 at the ends", lambda: r10_coin_inner_only),
    Wrong(
        "13.xlogx_gradient",
        "jax.scipy.special.entr: infinite gradient at ends",
        lambda: r10_coin_entr,
    ),
    Wrong("13.xlogx_gradient", "xlogy(p, p): NaN gradient at ends", lambda: r10_coin_xlogy),
    Wrong("13.xlogx_gradient", "entropy in bits, log2", lambda: r10_coin_log2),
    Wrong("13.xlogx_gradient", "minus sign dropped", lambda: r10_coin_no_minus),
    Wrong("13.xlogx_gradient", "only the p log p term", lambda: r10_coin_half),
    Wrong(
        "13.xlogx_gradient", "lax.cond on all(inside): one branch for all", lambda: r10_coin_cond
    ),
    Wrong(
        "13.xlogx_gradient",
        "a safe xlogx per term: gradient +-1 at the ends",
        lambda: r10_coin_two_terms,
    ),
    # 13.check_prices
    Wrong("13.check_prices", "a check without position or price", lambda: r10_prices_no_position),
    Wrong("13.check_prices", "checks prices < 0: a zero passes", lambda: r10_prices_negative_only),
    Wrong(
        "13.check_prices",
        "argmin of the prices: the smallest, not the first",
        lambda: r10_prices_argmin,
    ),
    Wrong(
        "13.check_prices", "right position, prices[0] as the value", lambda: r10_prices_wrong_value
    ),
    Wrong("13.check_prices", "Python if/raise on a traced value", lambda: r10_prices_raise),
    Wrong("13.check_prices", "condition inverted: good prices error", lambda: r10_prices_reversed),
    Wrong("13.check_prices", "position counted from 1", lambda: r10_prices_one_based),
    Wrong("13.check_prices", "an f-string: tracers in the message", lambda: r10_prices_fstring),
    Wrong("13.check_prices", "the last bad price, not the first", lambda: r10_prices_last_bad),
    Wrong(
        "13.check_prices",
        "a check per price with a Python int index",
        lambda: r10_prices_python_int,
    ),
    Wrong("13.check_prices", "returns diff of prices, not of logs", lambda: r10_prices_ratio),
    # 13.float32_gap: the answer is C
    Wrong("13.float32_gap", "A: Python float64 kept", lambda: "A"),
    Wrong("13.float32_gap", "B: 1e8 itself not a float32", lambda: "B"),
    Wrong("13.float32_gap", "D: rounded up to 8", lambda: "D"),
    Wrong("13.float32_gap", "E: machine epsilon left", lambda: "E"),
    Wrong("13.float32_gap", "F: float64 computed in float32", lambda: "F"),
    Wrong("13.float32_gap", "the number, not the letter", lambda: "0.0"),
    Wrong("13.float32_gap", "the computed gap itself", lambda: 0.0),
    Wrong("13.float32_gap", "B and C, both 0.0", lambda: "BC"),
]

RIGHT_10 = [
    Right("13.first_nan", "C", lambda: "C"),
    Right("13.xlogx_gradient", "double where, stand-in 0.25, log1p", lambda: r10_coin_double_where),
    Right(
        "13.xlogx_gradient", "custom_jvp with log((1-p)/p), 0 at ends", lambda: r10_coin_custom_jvp
    ),
    Right(
        "13.xlogx_gradient",
        "double where with 0.0 as the stand-in (inner where blocks NaN)",
        lambda: r10_coin_safe_zero,
    ),
    Right("13.xlogx_gradient", "double where with 1.0 as the stand-in", lambda: r10_coin_safe_one),
    Right(
        "13.xlogx_gradient",
        "stop_gradient on the logs: the +1 -1 terms cancel",
        lambda: r10_coin_stop_log,
    ),
    Right("13.check_prices", "a check per price, index as an array", lambda: r10_prices_loop),
    Right(
        "13.check_prices",
        "nonzero(size=1), logs differenced by slicing",
        lambda: r10_prices_nonzero,
    ),
    Right("13.check_prices", "named fields, argmin of the boolean", lambda: r10_prices_kwargs),
    Right("13.float32_gap", "C", lambda: "C"),
]
