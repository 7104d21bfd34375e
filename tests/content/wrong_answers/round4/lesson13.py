from __future__ import annotations

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import checkify
from jax.scipy.special import entr, xlogy

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---- 13.xlogx_gradient: wrong ----------------------------------------------------------

def r4_xlogx_outer_where_only(p):
    return jnp.where(p > 0, p * jnp.log(p), 0.0)


def r4_xlogx_clamped(p):
    return p * jnp.log(jnp.maximum(p, 1e-12))


def r4_xlogx_eps(p):
    return p * jnp.log(p + 1e-12)


def r4_xlogx_inner_zero(p):
    safe = jnp.where(p > 0, p, 0.0)  # copied the pattern but filled with 0: log(0) again
    return jnp.where(p > 0, p * jnp.log(safe), 0.0)


def r4_xlogx_entropy_sign(p):
    safe = jnp.where(p > 0, p, 1.0)
    return jnp.where(p > 0, -p * jnp.log(safe), 0.0)


def r4_xlogx_python_if(p):
    if p > 0:
        return p * jnp.log(p)
    return 0.0


def r4_xlogx_cond(p):
    return lax.cond(p > 0, lambda q: q * jnp.log(q), jnp.zeros_like, p)


def r4_xlogx_vmap_cond(p):
    def one(q):
        return lax.cond(q > 0, lambda s: s * jnp.log(s), jnp.zeros_like, q)
    return jax.vmap(one)(p)


def r4_xlogx_xlogy(p):
    return xlogy(p, p)


def r4_xlogx_nan_to_num(p):
    return jnp.nan_to_num(p * jnp.log(p))


def r4_xlogx_entr(p):
    return -entr(p)


# ---- 13.xlogx_gradient: right ----------------------------------------------------------

def r4_xlogx_single_inner_where(p):
    return p * jnp.log(jnp.where(p > 0, p, 1.0))


@jax.custom_jvp
def r4_xlogx_custom(p):
    safe = jnp.where(p > 0, p, 1.0)
    return jnp.where(p > 0, p * jnp.log(safe), 0.0)


@r4_xlogx_custom.defjvp
def r4_xlogx_custom_jvp(primals, tangents):
    (p,), (p_dot,) = primals, tangents
    safe = jnp.where(p > 0, p, 1.0)
    slope = jnp.where(p > 0, jnp.log(safe) + 1.0, 0.0)
    return r4_xlogx_custom(p), slope * p_dot


def r4_xlogx_double_where_named(p):
    positive = p > 0
    p_for_log = jnp.where(positive, p, jnp.ones_like(p))
    return jnp.where(positive, p * jnp.log(p_for_log), jnp.zeros_like(p))


# ---- 13.check_prices: wrong ------------------------------------------------------------

def r4_prices_no_check(prices):
    return jnp.diff(jnp.log(prices))


def r4_prices_inverted(prices):
    checkify.check(jnp.any(prices <= 0), "prices must be positive")
    return jnp.diff(jnp.log(prices))


def r4_prices_array_predicate(prices):
    checkify.check(prices > 0, "prices must be positive")
    return jnp.diff(jnp.log(prices))


def r4_prices_python_raise(prices):
    if jnp.any(prices <= 0):
        raise ValueError("prices must be positive")
    return jnp.diff(jnp.log(prices))


def r4_prices_nonnegative(prices):
    checkify.check(jnp.all(prices >= 0), "prices must not be negative")
    return jnp.diff(jnp.log(prices))


def r4_prices_check_nan_result(prices):
    returns = jnp.diff(jnp.log(prices))
    checkify.check(~jnp.any(jnp.isnan(returns)), "NaN in the log returns")
    return returns


def r4_prices_checkified_inside(prices):
    def inner(prices):
        checkify.check(jnp.all(prices > 0), "prices must be positive")
        return jnp.diff(jnp.log(prices))
    error, returns = checkify.checkify(inner)(prices)
    return returns  # the error is dropped


def r4_prices_sanitised(prices):
    return jnp.diff(jnp.log(jnp.where(prices > 0, prices, 1.0)))


def r4_prices_assert(prices):
    assert jnp.all(prices > 0), "prices must be positive"
    return jnp.diff(jnp.log(prices))


def r4_prices_log_of_diff(prices):
    checkify.check(jnp.all(prices > 0), "prices must be positive")
    return jnp.log(jnp.diff(prices))


def r4_prices_first_only(prices):
    checkify.check(prices[0] > 0, "the first price must be positive, got {}", prices[0])
    return jnp.diff(jnp.log(prices))


# ---- 13.check_prices: right ------------------------------------------------------------

def r4_prices_min(prices):
    checkify.check(jnp.min(prices) > 0, "smallest price is {}, must be > 0", jnp.min(prices))
    return jnp.diff(jnp.log(prices))


def r4_prices_not_any(prices):
    logs = jnp.log(prices)
    checkify.check(~jnp.any(prices <= 0.0), "found a price that is zero or negative")
    return logs[1:] - logs[:-1]


def r4_prices_two_checks(prices):
    checkify.check(jnp.all(prices != 0), "a price is zero")
    checkify.check(jnp.all(prices >= 0), "a price is negative")
    return jnp.diff(jnp.log(prices))


ROUND_4 = (
    # 13.first_nan
    Wrong("13.first_nan", "'B': thought log(0) gives NaN; it gives -inf, and the NaN comes "
          "from 0 * -inf in the product", lambda: "B"),
    Wrong("13.first_nan", "'A': thought the division made it (no division by zero here, total "
          "is 4)", lambda: "A"),
    Wrong("13.first_nan", "'D': thought the sum is where the NaN appears (it only passes it "
          "on)", lambda: "D"),
    Wrong("13.first_nan", "'E': the last operation, where the NaN was seen", lambda: "E"),
    Wrong("13.first_nan", "'b' lowercase: log(0) believed NaN", lambda: "b"),
    Wrong("13.first_nan", "the primitive name 'log' instead of a letter (and the wrong one)",
          lambda: "log"),
    Wrong("13.first_nan", "'BC': hedged with two letters, log and the product",
          lambda: "BC"),
    Wrong("13.first_nan", "the int 2 (position of C counted from zero) instead of the letter",
          lambda: 2),
    Wrong("13.first_nan", "'a ' with a space: division by zero assumed", lambda: "a "),
    # 13.xlogx_gradient
    Wrong("13.xlogx_gradient", "the buggy version unchanged: one outer where, NaN gradient at 0",
          lambda: r4_xlogx_outer_where_only),
    Wrong("13.xlogx_gradient", "clamped inside the log with jnp.maximum(p, 1e-12): finite, but "
          "the gradient at 0 is log(1e-12), about -27.6, not 0", lambda: r4_xlogx_clamped),
    Wrong("13.xlogx_gradient", "added 1e-12 inside the log: gradient at 0 is about -27.6, "
          "not 0", lambda: r4_xlogx_eps),
    Wrong("13.xlogx_gradient", "double where, but the inner where fills with 0.0 instead of a "
          "safe value: log(0) again, NaN gradient", lambda: r4_xlogx_inner_zero),
    Wrong("13.xlogx_gradient", "double where, but returns -p log p (the entropy term) instead "
          "of p log p", lambda: r4_xlogx_entropy_sign),
    Wrong("13.xlogx_gradient", "Python if p > 0: fails for arrays (ambiguous truth value) and "
          "under jit", lambda: r4_xlogx_python_if),
    Wrong("13.xlogx_gradient", "lax.cond (lesson 11's guard) on an array p: the predicate must "
          "be a scalar", lambda: r4_xlogx_cond),
    Wrong("13.xlogx_gradient", "vmap of a scalar lax.cond: right for 1-D p, fails for 2-D "
          "(each row hands cond an array predicate)", lambda: r4_xlogx_vmap_cond),
    Wrong("13.xlogx_gradient", "jax.scipy.special.xlogy(p, p): right values, NaN gradient at 0",
          lambda: r4_xlogx_xlogy),
    Wrong("13.xlogx_gradient", "jnp.nan_to_num(p * log p): fixes the value, the gradient at 0 "
          "stays NaN", lambda: r4_xlogx_nan_to_num),
    Wrong("13.xlogx_gradient", "-jax.scipy.special.entr(p): right values, -inf gradient at 0",
          lambda: r4_xlogx_entr),
    # 13.check_prices
    Wrong("13.check_prices", "no check at all: just the returns, so bad prices give no error",
          lambda: r4_prices_no_check),
    Wrong("13.check_prices", "condition inverted: checkify.check(jnp.any(prices <= 0)) errors "
          "on good prices and passes bad ones (check states what must hold)",
          lambda: r4_prices_inverted),
    Wrong("13.check_prices", "checkify.check(prices > 0, ...) with an array predicate: check "
          "needs one boolean", lambda: r4_prices_array_predicate),
    Wrong("13.check_prices", "Python if/raise on jnp.any(prices <= 0): fails under jit (traced "
          "boolean)", lambda: r4_prices_python_raise),
    Wrong("13.check_prices", "checks prices >= 0: negative prices caught, a zero price (-inf) "
          "passes", lambda: r4_prices_nonnegative),
    Wrong("13.check_prices", "checks the result for NaN: catches negative prices, misses a "
          "zero price (-inf / inf, not NaN) in most positions", lambda: r4_prices_check_nan_result),
    Wrong("13.check_prices", "ran checkify.checkify inside the function and dropped the error: "
          "returns only the values, so no error reaches the caller",
          lambda: r4_prices_checkified_inside),
    Wrong("13.check_prices", "replaced bad prices by 1.0 with jnp.where instead of reporting "
          "them", lambda: r4_prices_sanitised),
    Wrong("13.check_prices", "Python assert on jnp.all(prices > 0): fails under jit",
          lambda: r4_prices_assert),
    Wrong("13.check_prices", "right check, but log of the differences, jnp.log(jnp.diff(...)), "
          "instead of the differences of the logs", lambda: r4_prices_log_of_diff),
    Wrong("13.check_prices", "checks only the first price (prices[0] > 0): bad prices later in "
          "the array pass", lambda: r4_prices_first_only),
    # 13.float32_gap
    Wrong("13.float32_gap", "1: exact arithmetic, as in float64 or on paper", lambda: 1),
    Wrong("13.float32_gap", "1.0 as a float: assumed the +1 survives", lambda: 1.0),
    Wrong("13.float32_gap", "8.0: the spacing of float32 near 1e8, as if 1e8 + 1 rounded up to "
          "the next float", lambda: 8.0),
    Wrong("13.float32_gap", "4.0: half the spacing", lambda: 4.0),
    Wrong("13.float32_gap", "machine epsilon of float32 (about 1.19e-7), the 'rounding error'",
          lambda: float(jnp.finfo(jnp.float32).eps)),
    Wrong("13.float32_gap", "computed in NumPy float64 to 'check': gives 1.0",
          lambda: float((np.float64(1e8) + 1) - np.float64(1e8))),
    Wrong("13.float32_gap", "NaN: thought the lost precision makes an invalid number",
          lambda: float("nan")),
    Wrong("13.float32_gap", "1e-8: 1 relative to 1e8", lambda: 1e-8),
    Wrong("13.float32_gap", "16.0: thought float32 numbers near 1e8 are 16 apart and the +1 "
          "rounds up", lambda: 16.0),
)

RIGHT_4 = (
    Right("13.first_nan", "lowercase c", lambda: "c"),
    Right("13.first_nan", "letter with spaces", lambda: " C "),
    Right("13.first_nan", "letter via upper()", lambda: "c".upper()),
    Right("13.xlogx_gradient", "one where, inside the log only: p * log(where(p > 0, p, 1))",
          lambda: r4_xlogx_single_inner_where),
    Right("13.xlogx_gradient", "custom_jvp with the guarded slope log p + 1, 0 at p <= 0",
          lambda: r4_xlogx_custom),
    Right("13.xlogx_gradient", "double where with ones_like / zeros_like",
          lambda: r4_xlogx_double_where_named),
    Right("13.check_prices", "checks jnp.min(prices) > 0, message shows the minimum",
          lambda: r4_prices_min),
    Right("13.check_prices", "checks ~jnp.any(prices <= 0); returns logs[1:] - logs[:-1]",
          lambda: r4_prices_not_any),
    Right("13.check_prices", "two checks: no zero price, no negative price",
          lambda: r4_prices_two_checks),
    Right("13.float32_gap", "0.0 as a float", lambda: 0.0),
    Right("13.float32_gap", "the int 0", lambda: 0),
    Right("13.float32_gap", "computed in float32 with NumPy",
          lambda: float((np.float32(1e8) + np.float32(1)) - np.float32(1e8))),
)
