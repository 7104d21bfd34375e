"""Round 6, lesson 13 (debugging and numerics): answers written from the lesson's text alone."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import checkify

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 13.xlogx_gradient


def r6_xlogx_buggy(p):
    return jnp.where(p > 0, p * jnp.log(p), 0.0)


def r6_xlogx_nan_to_num(p):
    return jnp.nan_to_num(p * jnp.log(p))


def r6_xlogx_inner_zero(p):
    safe = jnp.where(p > 0, p, 0.0)  # the pattern, with 0.0 as the safe value
    return jnp.where(p > 0, p * jnp.log(safe), 0.0)


def r6_xlogx_inner_ge(p):
    safe = jnp.where(p >= 0, p, 1.0)
    return jnp.where(p > 0, p * jnp.log(safe), 0.0)


def r6_xlogx_maximum(p):
    return p * jnp.log(jnp.maximum(p, 1e-30))


def r6_xlogx_plus_eps(p):
    return p * jnp.log(p + 1e-8)


def r6_xlogx_xlogy(p):
    return jax.scipy.special.xlogy(p, p)


def r6_xlogx_entr(p):
    return -jax.scipy.special.entr(p)


def r6_xlogx_cond(p):
    return lax.cond(p > 0, lambda q: q * jnp.log(q), jnp.zeros_like, p)


def r6_xlogx_python_if(p):
    if p > 0:
        return p * jnp.log(p)
    return 0.0


def r6_xlogx_reversed_where(p):
    return jnp.where(p == 0, 0.0, p * jnp.log(p))


def r6_xlogx_log1p(p):
    return jnp.where(p > 0, p * jnp.log1p(p), 0.0)


def r6_xlogx_half(p):
    safe = jnp.where(p > 0, p, 0.5)
    return p * jnp.log(safe)


def r6_xlogx_double_where(p):
    positive = p > 0
    safe_p = jnp.where(positive, p, 1.0)
    return jnp.where(positive, p * jnp.log(safe_p), 0.0)


def r6_xlogx_single_inner(p):
    return p * jnp.log(jnp.where(p > 0, p, 1.0))


def r6_xlogx_safe_times_log_safe(p):
    safe = jnp.where(p > 0, p, 1.0)
    return safe * jnp.log(safe)


def r6_xlogx_ones_like(p):
    q = jnp.where(p > 0.0, p, jnp.ones_like(p))
    return jnp.where(p > 0.0, q * jnp.log(q), jnp.zeros_like(p))


# ---------------------------------------------------------------- 13.check_prices


def r6_prices_array_predicate(prices):
    checkify.check(prices > 0, "prices must be positive")
    return jnp.diff(jnp.log(prices))


def r6_prices_allow_zero(prices):
    checkify.check(jnp.all(prices >= 0), "negative price")
    return jnp.diff(jnp.log(prices))


def r6_prices_any(prices):
    checkify.check(jnp.any(prices > 0), "prices must be positive")
    return jnp.diff(jnp.log(prices))


def r6_prices_assert(prices):
    assert jnp.all(prices > 0), "prices must be positive"
    return jnp.diff(jnp.log(prices))


def r6_prices_raise(prices):
    if jnp.any(prices <= 0):
        raise ValueError("prices must be positive")
    return jnp.diff(jnp.log(prices))


def r6_prices_no_check(prices):
    return jnp.diff(jnp.log(prices))


def r6_prices_log_of_diff(prices):
    checkify.check(jnp.all(prices > 0), "prices must be positive")
    return jnp.log(jnp.diff(prices))


def r6_prices_simple_returns(prices):
    checkify.check(jnp.all(prices > 0), "prices must be positive")
    return jnp.diff(prices) / prices[:-1]


def r6_prices_inverted(prices):
    # writes the error's condition, not what must hold
    checkify.check(jnp.any(prices <= 0), "found a price that is not positive")
    return jnp.diff(jnp.log(prices))


def r6_prices_all(prices):
    checkify.check(jnp.all(prices > 0), "prices must be positive")
    return jnp.diff(jnp.log(prices))


def r6_prices_min(prices):
    checkify.check(jnp.min(prices) > 0, "smallest price {} is not positive", jnp.min(prices))
    return jnp.diff(jnp.log(prices))


def r6_prices_not_any(prices):
    bad = prices <= 0
    checkify.check(~jnp.any(bad), "{} prices are not positive", jnp.sum(bad))
    log_prices = jnp.log(prices)
    return log_prices[1:] - log_prices[:-1]


def r6_prices_logical_not(prices):
    checkify.check(jnp.logical_not(jnp.any(prices <= 0.0)), "bad price data")
    return jnp.diff(jnp.log(prices))


ROUND_6 = [
    # 13.first_nan
    Wrong("13.first_nan", "A: thinks the division makes it (dividing by a zero count)", lambda: "A"),
    Wrong("13.first_nan", "B: thinks log(0) is NaN", lambda: "B"),
    Wrong("13.first_nan", "D: thinks the sum makes it", lambda: "D"),
    Wrong("13.first_nan", "E: thinks the final minus sign makes it", lambda: "E"),
    Wrong("13.first_nan", "lowercase b", lambda: "b"),
    Wrong("13.first_nan", "lowercase e", lambda: "e"),
    Wrong("13.first_nan", "hedges 'B or C'", lambda: "B or C"),
    Wrong("13.first_nan", "the operation's name 'log' instead of a letter", lambda: "log"),
    # 13.xlogx_gradient
    Wrong("13.xlogx_gradient", "the buggy version unchanged", lambda: r6_xlogx_buggy),
    Wrong("13.xlogx_gradient", "jnp.nan_to_num(p * jnp.log(p)): value fixed, gradient still NaN", lambda: r6_xlogx_nan_to_num),
    Wrong("13.xlogx_gradient", "double where with 0.0 as the safe value: log still sees 0", lambda: r6_xlogx_inner_zero),
    Wrong("13.xlogx_gradient", "inner where with p >= 0: 0 still passes to log", lambda: r6_xlogx_inner_ge),
    Wrong("13.xlogx_gradient", "p * log(maximum(p, 1e-30)): finite gradient, but log(1e-30) at 0, not 0.0", lambda: r6_xlogx_maximum),
    Wrong("13.xlogx_gradient", "p * log(p + 1e-8): gradient log(1e-8) at 0", lambda: r6_xlogx_plus_eps),
    Wrong("13.xlogx_gradient", "jax.scipy.special.xlogy(p, p): gradient NaN at 0", lambda: r6_xlogx_xlogy),
    Wrong("13.xlogx_gradient", "-jax.scipy.special.entr(p): gradient -inf at 0", lambda: r6_xlogx_entr),
    Wrong("13.xlogx_gradient", "lax.cond on p > 0: fails for an array p", lambda: r6_xlogx_cond),
    Wrong("13.xlogx_gradient", "Python if p > 0: fails on an array and under jit", lambda: r6_xlogx_python_if),
    Wrong("13.xlogx_gradient", "jnp.where(p == 0, 0.0, p * log(p)): the same where, reversed", lambda: r6_xlogx_reversed_where),
    Wrong("13.xlogx_gradient", "p * log1p(p), thinking log1p is the safe log", lambda: r6_xlogx_log1p),
    Wrong("13.xlogx_gradient", "safe value 0.5 and no outer where: p * log(0.5) for negative p", lambda: r6_xlogx_half),
    # 13.check_prices
    Wrong("13.check_prices", "checkify.check(prices > 0, ...): an array, not one boolean", lambda: r6_prices_array_predicate),
    Wrong("13.check_prices", "checks prices >= 0: a zero price passes", lambda: r6_prices_allow_zero),
    Wrong("13.check_prices", "jnp.any(prices > 0) instead of jnp.all", lambda: r6_prices_any),
    Wrong("13.check_prices", "Python assert on a traced value: fails under jit", lambda: r6_prices_assert),
    Wrong("13.check_prices", "if ...: raise ValueError: fails under jit", lambda: r6_prices_raise),
    Wrong("13.check_prices", "no check at all, counting on checkify to catch the NaN", lambda: r6_prices_no_check),
    Wrong("13.check_prices", "jnp.log(jnp.diff(prices)): log and diff swapped", lambda: r6_prices_log_of_diff),
    Wrong("13.check_prices", "simple returns diff / prices[:-1], not log returns", lambda: r6_prices_simple_returns),
    Wrong("13.check_prices", "inverted condition: checks jnp.any(prices <= 0), the error case", lambda: r6_prices_inverted),
    # 13.float32_gap
    Wrong("13.float32_gap", "A: thinks float32 holds every whole number near 1e8", lambda: "A"),
    Wrong("13.float32_gap", "B: right number, wrong reason (1e8 is exact in float32)", lambda: "B"),
    Wrong("13.float32_gap", "D: thinks the sum is rounded up to the next float32", lambda: "D"),
    Wrong("13.float32_gap", "E: thinks a rounding error of about epsilon is left", lambda: "E"),
    Wrong("13.float32_gap", "lowercase b", lambda: "b"),
    Wrong("13.float32_gap", "the number '0.0' instead of a letter", lambda: "0.0"),
    Wrong("13.float32_gap", "the float 0.0, what the two lines return", lambda: 0.0),
    Wrong("13.float32_gap", "hedges 'B or C'", lambda: "B or C"),
]

RIGHT_6 = [
    Right("13.first_nan", "'C'", lambda: "C"),
    Right("13.first_nan", "lowercase 'c'", lambda: "c"),
    Right("13.first_nan", "' C ' with spaces", lambda: " C "),
    Right("13.xlogx_gradient", "the double where, like safe_sqrt_fixed", lambda: r6_xlogx_double_where),
    Right("13.xlogx_gradient", "one where inside the log, none outside: p * log(1.0) is 0 for p <= 0", lambda: r6_xlogx_single_inner),
    Right("13.xlogx_gradient", "safe * log(safe) with safe 1.0 where p <= 0", lambda: r6_xlogx_safe_times_log_safe),
    Right("13.xlogx_gradient", "double where with ones_like and zeros_like", lambda: r6_xlogx_ones_like),
    Right("13.check_prices", "checkify.check(jnp.all(prices > 0), ...)", lambda: r6_prices_all),
    Right("13.check_prices", "jnp.min(prices) > 0, the minimum in the message", lambda: r6_prices_min),
    Right("13.check_prices", "~jnp.any(prices <= 0), returns by slicing the logs", lambda: r6_prices_not_any),
    Right("13.check_prices", "jnp.logical_not(jnp.any(prices <= 0.0))", lambda: r6_prices_logical_not),
    Right("13.float32_gap", "'C'", lambda: "C"),
    Right("13.float32_gap", "lowercase 'c'", lambda: "c"),
    Right("13.float32_gap", "'C\\n' with a trailing newline", lambda: "C\n"),
]
