"""Round 5, lesson 13 (debugging and numerics): answers written from the lesson's text alone."""
from __future__ import annotations

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import checkify
from jax.scipy.special import entr, xlogy

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 13.xlogx_gradient


def r5_xlogx_buggy(p):
    return jnp.where(p > 0, p * jnp.log(p), 0.0)


def r5_xlogx_plain(p):
    return p * jnp.log(p)


def r5_xlogx_safe_zero(p):
    safe = jnp.where(p > 0, p, 0.0)
    return jnp.where(p > 0, p * jnp.log(safe), 0.0)


def r5_xlogx_epsilon(p):
    return p * jnp.log(p + 1e-12)


def r5_xlogx_nan_to_num(p):
    return jnp.nan_to_num(p * jnp.log(p))


def r5_xlogx_maximum(p):
    return p * jnp.log(jnp.maximum(p, jnp.finfo(jnp.float32).tiny))


def r5_xlogx_xlogy(p):
    return xlogy(p, p)


def r5_xlogx_entr(p):
    return -entr(p)


def r5_xlogx_ge(p):
    safe = jnp.where(p >= 0, p, 1.0)
    return jnp.where(p >= 0, p * jnp.log(safe), 0.0)


def r5_xlogx_python_if(p):
    if p > 0:
        return p * jnp.log(p)
    return 0.0


def r5_xlogx_numpy_where(p):
    return np.where(p > 0, p * np.log(p), 0.0)


def r5_xlogx_sum(p):
    safe = jnp.where(p > 0, p, 1.0)
    return jnp.sum(jnp.where(p > 0, p * jnp.log(safe), 0.0))


def r5_xlogx_negated(p):
    safe = jnp.where(p > 0, p, 1.0)
    return jnp.where(p > 0, -p * jnp.log(safe), 0.0)


def r5_xlogx_stop_gradient(p):
    return lax.stop_gradient(jnp.where(p > 0, p * jnp.log(jnp.where(p > 0, p, 1.0)), 0.0))


def r5_xlogx_double_where(p):
    positive = p > 0
    safe_p = jnp.where(positive, p, 1.0)
    return jnp.where(positive, p * jnp.log(safe_p), 0.0)


def r5_xlogx_safe_both(p):
    safe = jnp.where(p > 0, p, 1.0)
    return safe * jnp.log(safe)


def r5_xlogx_inner_only(p):
    return p * jnp.log(jnp.where(p > 0, p, 1.0))


def r5_xlogx_half_fill(p):
    ok = p > 0
    return jnp.where(ok, p * jnp.log(jnp.where(ok, p, 0.5)), jnp.zeros_like(p))


# ---------------------------------------------------------------- 13.check_prices


def r5_prices_array_condition(prices):
    checkify.check(prices > 0, "prices must be positive")
    return jnp.diff(jnp.log(prices))


def r5_prices_nonnegative(prices):
    checkify.check(jnp.all(prices >= 0), "prices must not be negative")
    return jnp.diff(jnp.log(prices))


def r5_prices_any(prices):
    checkify.check(jnp.any(prices > 0), "prices must be positive")
    return jnp.diff(jnp.log(prices))


def r5_prices_no_check(prices):
    return jnp.diff(jnp.log(prices))


def r5_prices_assert(prices):
    assert jnp.all(prices > 0), "prices must be positive"
    return jnp.diff(jnp.log(prices))


def r5_prices_raise(prices):
    if jnp.any(prices <= 0):
        raise ValueError("prices must be positive")
    return jnp.diff(jnp.log(prices))


def r5_prices_diff_only(prices):
    checkify.check(jnp.all(prices > 0), "prices must be positive")
    return jnp.diff(prices)


def r5_prices_log_of_diff(prices):
    checkify.check(jnp.all(prices > 0), "prices must be positive")
    return jnp.log(jnp.diff(prices))


def r5_prices_where(prices):
    safe = jnp.where(prices > 0, prices, 1.0)
    return jnp.diff(jnp.log(safe))


def r5_prices_first_only(prices):
    checkify.check(prices[0] > 0, "prices must be positive")
    return jnp.diff(jnp.log(prices))


def r5_prices_skip_first(prices):
    checkify.check(jnp.all(prices[1:] > 0), "prices must be positive")
    return jnp.diff(jnp.log(prices))


def r5_prices_not_zero(prices):
    checkify.check(jnp.all(prices != 0), "a price is zero")
    return jnp.diff(jnp.log(prices))


def r5_prices_checkified_inside(prices):
    def inner(prices):
        checkify.check(jnp.all(prices > 0), "prices must be positive")
        return jnp.diff(jnp.log(prices))

    error, value = checkify.checkify(inner)(prices)
    return value


def r5_prices_all(prices):
    checkify.check(jnp.all(prices > 0), "prices must be positive")
    return jnp.diff(jnp.log(prices))


def r5_prices_min(prices):
    smallest = jnp.min(prices)
    checkify.check(smallest > 0, "smallest price {} is not positive", smallest)
    return jnp.diff(jnp.log(prices))


def r5_prices_not_any(prices):
    logs = jnp.log(prices)
    checkify.check(~jnp.any(prices <= 0), "found a price <= 0")
    return logs[1:] - logs[:-1]


def r5_prices_finite_logs(prices):
    logs = jnp.log(prices)
    checkify.check(jnp.isfinite(logs).all(), "log of a price is not finite: {}", logs)
    return jnp.diff(logs)


ROUND_5 = [
    # 13.first_nan
    Wrong("13.first_nan", "B: thinks log(0) is NaN", lambda: "B"),
    Wrong("13.first_nan", "A: thinks the division makes 0/0", lambda: "A"),
    Wrong("13.first_nan", "D: thinks the sum is where it shows", lambda: "D"),
    Wrong("13.first_nan", "E: the last operation", lambda: "E"),
    Wrong("13.first_nan", "the primitive name 'mul' instead of the letter", lambda: "mul"),
    Wrong("13.first_nan", "lowercase 'b'", lambda: "b"),
    Wrong("13.first_nan", "hedges 'B or C'", lambda: "B or C"),
    Wrong("13.first_nan", "left the placeholder ...", lambda: ...),
    # 13.xlogx_gradient
    Wrong("13.xlogx_gradient", "the buggy function unchanged", lambda: r5_xlogx_buggy),
    Wrong("13.xlogx_gradient", "p * log(p) with no guard", lambda: r5_xlogx_plain),
    Wrong("13.xlogx_gradient", "inner where fills 0.0: log still sees 0", lambda: r5_xlogx_safe_zero),
    Wrong("13.xlogx_gradient", "p * log(p + 1e-12): gradient log(1e-12) at 0", lambda: r5_xlogx_epsilon),
    Wrong("13.xlogx_gradient", "jnp.nan_to_num of p * log(p)", lambda: r5_xlogx_nan_to_num),
    Wrong("13.xlogx_gradient", "log of maximum(p, tiny): gradient about -87 at 0", lambda: r5_xlogx_maximum),
    Wrong("13.xlogx_gradient", "jax.scipy.special.xlogy(p, p)", lambda: r5_xlogx_xlogy),
    Wrong("13.xlogx_gradient", "-jax.scipy.special.entr(p)", lambda: r5_xlogx_entr),
    Wrong("13.xlogx_gradient", "double where with p >= 0: log sees 0", lambda: r5_xlogx_ge),
    Wrong("13.xlogx_gradient", "Python if on p: fails for arrays and under jit", lambda: r5_xlogx_python_if),
    Wrong("13.xlogx_gradient", "np.where and np.log: fails under jit", lambda: r5_xlogx_numpy_where),
    Wrong("13.xlogx_gradient", "returns the sum, not element by element", lambda: r5_xlogx_sum),
    Wrong("13.xlogx_gradient", "the entropy sign: -p log p", lambda: r5_xlogx_negated),
    Wrong("13.xlogx_gradient", "stop_gradient around the result: gradient 0 everywhere", lambda: r5_xlogx_stop_gradient),
    # 13.check_prices
    Wrong("13.check_prices", "check(prices > 0): an array, not one boolean", lambda: r5_prices_array_condition),
    Wrong("13.check_prices", "prices >= 0: lets a zero through", lambda: r5_prices_nonnegative),
    Wrong("13.check_prices", "jnp.any instead of jnp.all", lambda: r5_prices_any),
    Wrong("13.check_prices", "no check at all", lambda: r5_prices_no_check),
    Wrong("13.check_prices", "Python assert: fails under jit", lambda: r5_prices_assert),
    Wrong("13.check_prices", "if ... raise ValueError: fails under jit", lambda: r5_prices_raise),
    Wrong("13.check_prices", "jnp.diff(prices): forgot the log", lambda: r5_prices_diff_only),
    Wrong("13.check_prices", "jnp.log(jnp.diff(prices)): order swapped", lambda: r5_prices_log_of_diff),
    Wrong("13.check_prices", "replaces bad prices with 1.0 by jnp.where, no error", lambda: r5_prices_where),
    Wrong("13.check_prices", "checks only the first price", lambda: r5_prices_first_only),
    Wrong("13.check_prices", "checks prices[1:] only", lambda: r5_prices_skip_first),
    Wrong("13.check_prices", "checks only for zeros", lambda: r5_prices_not_zero),
    Wrong("13.check_prices", "checkifies inside and drops the error", lambda: r5_prices_checkified_inside),
    # 13.float32_gap
    Wrong("13.float32_gap", "B: right number, wrong reason (1e8 is exact in float32)", lambda: "B"),
    Wrong("13.float32_gap", "D: thinks 1e8 + 1 rounds up to the next float32", lambda: "D"),
    Wrong("13.float32_gap", "A: thinks float32 integers are exact that far", lambda: "A"),
    Wrong("13.float32_gap", "E: a residue of machine epsilon", lambda: "E"),
    Wrong("13.float32_gap", "the number 0.0 instead of the letter", lambda: 0.0),
    Wrong("13.float32_gap", "the string '0.0'", lambda: "0.0"),
    Wrong("13.float32_gap", "hedges 'B or C'", lambda: "B or C"),
    Wrong("13.float32_gap", "lowercase 'd'", lambda: "d"),
]

RIGHT_5 = [
    Right("13.first_nan", "'C'", lambda: "C"),
    Right("13.first_nan", "lowercase 'c'", lambda: "c"),
    Right("13.first_nan", "'C' with a trailing newline", lambda: "C\n"),
    Right("13.xlogx_gradient", "the double where", lambda: r5_xlogx_double_where),
    Right("13.xlogx_gradient", "only the inner where: p * log(where(p > 0, p, 1))", lambda: r5_xlogx_inner_only),
    Right("13.xlogx_gradient", "inner where filling 0.5, zeros_like outside", lambda: r5_xlogx_half_fill),
    Right("13.xlogx_gradient", "safe * log(safe) with safe = where(p > 0, p, 1.0): 1 * log 1 = 0 at 0", lambda: r5_xlogx_safe_both),
    Right("13.check_prices", "check(jnp.all(prices > 0))", lambda: r5_prices_all),
    Right("13.check_prices", "check on the minimum, with the value in the message", lambda: r5_prices_min),
    Right("13.check_prices", "~jnp.any(prices <= 0), differences by slicing", lambda: r5_prices_not_any),
    Right("13.check_prices", "checks that every log is finite", lambda: r5_prices_finite_logs),
    Right("13.float32_gap", "'C'", lambda: "C"),
    Right("13.float32_gap", "lowercase 'c'", lambda: "c"),
    Right("13.float32_gap", "'C ' with a trailing space", lambda: "C "),
]
