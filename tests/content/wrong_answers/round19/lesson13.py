"""Round 19, lesson 13 (find where a NaN came from, trust your numbers): from the text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import checkify
from jax.scipy.special import entr, xlogy

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 13.first_nan: debug_nans on the where-guarded entropy, eager and jitted (C) ----

FIRST_NAN_WRONG = [
    ("typed A: thought jit raises at mul too", "A"),
    ("typed B: where hides the NaN from the checker", "B"),
    ("typed D: compiled where computes one branch", "D"),
    ("typed E: eager fine, jitted raises", "E"),
    ("typed F: checker stops at log's -inf", "F"),
    ("typed both letters the cell can't tell apart", "CD"),
    ("hedged between C and D", "C or D"),
    ("typed the operation's name, not a letter", "mul"),
    ("typed the jitted result", "0.562"),
    ("left the placeholder as it was", ...),
    ("typed a in lower case, thinking A", "a"),
]

# ---- 13.xlogx_gradient: coin entropy with finite gradient at 0 and 1 ----------------


def r19_coin_buggy_copied(p):
    inside = (p > 0) & (p < 1)
    return jnp.where(inside, -(p * jnp.log(p) + (1 - p) * jnp.log(1 - p)), 0.0)


def r19_coin_xlogy(p):
    return -(xlogy(p, p) + xlogy(1 - p, 1 - p))


def r19_coin_entr(p):
    return entr(p) + entr(1 - p)


def r19_coin_clip(p):
    q = jnp.clip(p, 1e-5, 1 - 1e-5)
    return -(q * jnp.log(q) + (1 - q) * jnp.log(1 - q))


def r19_coin_eps_in_log(p):
    eps = 1e-12
    return -(p * jnp.log(p + eps) + (1 - p) * jnp.log(1 - p + eps))


def r19_coin_inner_guard_one_end(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(p > 0, p, 0.5)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


def r19_coin_no_outer_where(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe))


def r19_coin_guard_zero_only(p):
    return jnp.where(p > 0, -(p * jnp.log(p) + (1 - p) * jnp.log(1 - p)), 0.0)


def r19_coin_nan_to_num(p):
    return jnp.nan_to_num(-(p * jnp.log(p) + (1 - p) * jnp.log(1 - p)))


def r19_coin_log2(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    value = -(safe * jnp.log2(safe) + (1 - safe) * jnp.log2(1 - safe))
    return jnp.where(inside, value, 0.0)


def r19_coin_no_minus(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe), 0.0)


def r19_coin_one_term(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -safe * jnp.log(safe), 0.0)


def r19_coin_numpy_where(p):
    inside = (p > 0) & (p < 1)
    safe = np.where(inside, p, 0.5)
    return np.where(inside, -(safe * np.log(safe) + (1 - safe) * np.log(1 - safe)), 0.0)


def r19_coin_python_if(p):
    if p == 0 or p == 1:
        return 0.0
    return -(p * jnp.log(p) + (1 - p) * jnp.log(1 - p))


def r19_coin_inclusive(p):
    inside = (p >= 0) & (p <= 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


def r19_coin_stop_gradient(p):
    inside = (p > 0) & (p < 1)
    value = -(p * jnp.log(p) + (1 - p) * jnp.log(1 - p))
    return jnp.where(inside, lax.stop_gradient(value), 0.0)


def _xlogx(x):
    ok = x > 0
    safe = jnp.where(ok, x, 1.0)
    return jnp.where(ok, safe * jnp.log(safe), 0.0)


def r19_coin_xlogx_helper(p):
    return -(_xlogx(p) + _xlogx(1 - p))


@jax.custom_jvp
def r19_coin_custom_jvp(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


@r19_coin_custom_jvp.defjvp
def _coin_custom_jvp_rule(primals, tangents):
    (p,), (p_dot,) = primals, tangents
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    slope = jnp.where(inside, jnp.log1p(-safe) - jnp.log(safe), 0.0)
    return r19_coin_custom_jvp(p), slope * p_dot


def r19_coin_vmap_cond(p):
    def one(q):
        inside = (q > 0) & (q < 1)
        return lax.cond(
            inside, lambda q: -(q * jnp.log(q) + (1 - q) * jnp.log(1 - q)), lambda q: 0.0 * q, q
        )

    p = jnp.asarray(p)
    return jax.vmap(one)(p.reshape(-1)).reshape(p.shape)


def r19_coin_xlogy_safe(p):
    inside = jnp.logical_and(p > 0, p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(xlogy(safe, safe) + xlogy(1 - safe, 1 - safe)), 0.0)


def r19_coin_select(p):
    inside = jnp.logical_and(p > 0, p < 1)
    safe = lax.select(inside, p, jnp.full_like(p, 0.3))
    value = -(safe * jnp.log(safe) + (1 - safe) * jnp.log1p(-safe))
    return lax.select(inside, value, jnp.zeros_like(p))


# ---- 13.check_prices: log returns, with a checkify.check naming the first bad price --


def r19_prices_no_values(prices):
    checkify.check(jnp.all(prices > 0), "prices must all be positive")
    return jnp.diff(jnp.log(prices))


def r19_prices_argmin(prices):
    i = jnp.argmin(prices)
    checkify.check(jnp.all(prices > 0), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r19_prices_allow_zero(prices):
    i = jnp.argmax(prices < 0)
    checkify.check(jnp.all(prices >= 0), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r19_prices_value_first(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "bad price {} at position {}", prices[i], i)
    return jnp.diff(jnp.log(prices))


def r19_prices_one_based(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "price {} is {}", i + 1, prices[i])
    return jnp.diff(jnp.log(prices))


def r19_prices_fstring(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), f"price {i} is {prices[i]}")
    return jnp.diff(jnp.log(prices))


def r19_prices_python_int(prices):
    for i in range(prices.shape[0]):
        checkify.check(prices[i] > 0, "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r19_prices_assert(prices):
    assert jnp.all(prices > 0), "prices must be positive"
    return jnp.diff(jnp.log(prices))


def r19_prices_nonzero(prices):
    i = jnp.nonzero(prices <= 0)[0][0]
    checkify.check(jnp.all(prices > 0), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r19_prices_inverted(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.any(prices <= 0), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r19_prices_reversed(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "price {} is {}", i, prices[i])
    return jnp.log(prices[:-1]) - jnp.log(prices[1:])


def r19_prices_no_diff(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "price {} is {}", i, prices[i])
    return jnp.log(prices)


def r19_prices_nested_checkify(prices):
    def inner(prices):
        i = jnp.argmax(prices <= 0)
        checkify.check(jnp.all(prices > 0), "price {} is {}", i, prices[i])
        return jnp.diff(jnp.log(prices))

    return checkify.checkify(inner)(prices)


def r19_prices_min_value(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "price {} is {}", i, jnp.min(prices))
    return jnp.diff(jnp.log(prices))


def r19_prices_where_no_check(prices):
    safe = jnp.where(prices > 0, prices, jnp.nan)
    return jnp.diff(jnp.log(safe))


def r19_prices_argmin_bool(prices):
    ok = prices > 0
    i = jnp.argmin(ok)  # the first False
    checkify.check(jnp.all(ok), "price {} is {}", i, prices[i])
    return jnp.log(prices)[1:] - jnp.log(prices)[:-1]


def r19_prices_nonzero_sized(prices):
    i = jnp.nonzero(~(prices > 0), size=1, fill_value=0)[0][0]
    checkify.check(~jnp.any(~(prices > 0)), "bad price at index {}: {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r19_prices_loop_checks(prices):
    for i in range(prices.shape[0]):
        checkify.check(prices[i] > 0, "price {} is {}", jnp.int32(i), prices[i])
    return jnp.diff(jnp.log(prices))


def r19_prices_ratio(prices):
    bad = jnp.logical_not(prices > 0)
    i = jnp.argmax(bad)
    checkify.check(jnp.logical_not(jnp.any(bad)), "position {} holds {}", i, prices[i])
    return jnp.log(prices[1:] / prices[:-1])


# ---- 13.float32_gap: (big + 1) - big for 1e8 handed over from NumPy (C) -------------

GAP_WRONG = [
    ("typed A: asarray keeps float64", "A"),
    ("typed B: thought 1e8 is no float32 number", "B"),
    ("typed D: the Python 1 promotes to float64", "D"),
    ("typed E: a rounding error about epsilon", "E"),
    ("typed F: kept float64, then computed in float32", "F"),
    ("typed the number, not a letter", "0.0"),
    ("typed the number as a float", 0.0),
    ("hedged between C and F", "C or F"),
    ("typed the two letters with 0.0", "BC"),
    ("typed the spacing near 1e8", "8"),
    ("typed f in lower case, thinking F", "f"),
]


ROUND_19 = [
    *[Wrong("13.first_nan", what, (lambda v=v: v)) for what, v in FIRST_NAN_WRONG],
    Wrong("13.xlogx_gradient", "copied the buggy version unchanged", lambda: r19_coin_buggy_copied),
    Wrong("13.xlogx_gradient", "jax.scipy.special.xlogy", lambda: r19_coin_xlogy),
    Wrong("13.xlogx_gradient", "jax.scipy.special.entr", lambda: r19_coin_entr),
    Wrong("13.xlogx_gradient", "clipped p to [1e-5, 1 - 1e-5]", lambda: r19_coin_clip),
    Wrong("13.xlogx_gradient", "added 1e-12 inside each log", lambda: r19_coin_eps_in_log),
    Wrong(
        "13.xlogx_gradient", "inner where guards only p > 0", lambda: r19_coin_inner_guard_one_end
    ),
    Wrong("13.xlogx_gradient", "safe p, but no outer where", lambda: r19_coin_no_outer_where),
    Wrong("13.xlogx_gradient", "single where on p > 0 only", lambda: r19_coin_guard_zero_only),
    Wrong("13.xlogx_gradient", "wrapped the formula in nan_to_num", lambda: r19_coin_nan_to_num),
    Wrong("13.xlogx_gradient", "log2, bits as entropy usually is", lambda: r19_coin_log2),
    Wrong("13.xlogx_gradient", "forgot the leading minus", lambda: r19_coin_no_minus),
    Wrong("13.xlogx_gradient", "only the p log p term", lambda: r19_coin_one_term),
    Wrong("13.xlogx_gradient", "np.where and np.log", lambda: r19_coin_numpy_where),
    Wrong("13.xlogx_gradient", "Python if for the two ends", lambda: r19_coin_python_if),
    Wrong("13.xlogx_gradient", "inside with >= and <=", lambda: r19_coin_inclusive),
    Wrong("13.xlogx_gradient", "stop_gradient on the formula", lambda: r19_coin_stop_gradient),
    Wrong(
        "13.xlogx_gradient", "xlogx helper per term: slope 1 at ends", lambda: r19_coin_xlogx_helper
    ),
    Wrong("13.check_prices", "message without the two numbers", lambda: r19_prices_no_values),
    Wrong("13.check_prices", "argmin of prices, not first bad", lambda: r19_prices_argmin),
    Wrong("13.check_prices", "checked prices >= 0, zero passes", lambda: r19_prices_allow_zero),
    Wrong("13.check_prices", "price first, then its position", lambda: r19_prices_value_first),
    Wrong("13.check_prices", "position counted from 1", lambda: r19_prices_one_based),
    Wrong("13.check_prices", "f-string message, tracers baked in", lambda: r19_prices_fstring),
    Wrong("13.check_prices", "loop of checks with a Python int", lambda: r19_prices_python_int),
    Wrong("13.check_prices", "plain assert instead of check", lambda: r19_prices_assert),
    Wrong("13.check_prices", "jnp.nonzero without size", lambda: r19_prices_nonzero),
    Wrong("13.check_prices", "condition inverted: any(prices <= 0)", lambda: r19_prices_inverted),
    Wrong("13.check_prices", "returns in the wrong direction", lambda: r19_prices_reversed),
    Wrong("13.check_prices", "returned the logs, no diff", lambda: r19_prices_no_diff),
    Wrong(
        "13.check_prices", "checkify inside, returns (err, out)", lambda: r19_prices_nested_checkify
    ),
    Wrong("13.check_prices", "reported the smallest price", lambda: r19_prices_min_value),
    Wrong("13.check_prices", "NaN for bad prices, no check", lambda: r19_prices_where_no_check),
    *[Wrong("13.float32_gap", what, (lambda v=v: v)) for what, v in GAP_WRONG],
]

RIGHT_19 = [
    Right("13.first_nan", "lower case", lambda: "c"),
    Right("13.first_nan", "with a full stop", lambda: "C."),
    Right("13.first_nan", "with a trailing space", lambda: "C "),
    Right("13.xlogx_gradient", "double where around xlogy", lambda: r19_coin_xlogy_safe),
    Right("13.xlogx_gradient", "custom_jvp with slope log((1-p)/p)", lambda: r19_coin_custom_jvp),
    Right("13.xlogx_gradient", "lax.select, safe 0.3, log1p", lambda: r19_coin_select),
    Right("13.xlogx_gradient", "lax.cond per element, under vmap", lambda: r19_coin_vmap_cond),
    Right("13.check_prices", "argmin of prices > 0, sliced logs", lambda: r19_prices_argmin_bool),
    Right("13.check_prices", "jnp.nonzero with size=1", lambda: r19_prices_nonzero_sized),
    Right(
        "13.check_prices", "one check per price, jnp.int32 index", lambda: r19_prices_loop_checks
    ),
    Right("13.check_prices", "log of the ratio, other words", lambda: r19_prices_ratio),
    Right("13.float32_gap", "lower case", lambda: "c"),
    Right("13.float32_gap", "with a leading space", lambda: " C"),
    Right("13.float32_gap", "with a full stop", lambda: "C."),
]
