"""Round 8, lesson 13 (debugging and numerics): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.experimental import checkify

from tests.content.wrong_answers.round4._common import Right, Wrong


# 13.xlogx_gradient
def r8_coin_buggy(p):
    inside = (p > 0) & (p < 1)
    return jnp.where(inside, -(p * jnp.log(p) + (1 - p) * jnp.log(1 - p)), 0.0)


def _xlogx(x):
    pos = x > 0
    return jnp.where(pos, x * jnp.log(jnp.where(pos, x, 1.0)), 0.0)


def r8_coin_per_term(p):
    return -(_xlogx(p) + _xlogx(1 - p))


def r8_coin_guard_p_only(p):
    safe = jnp.where(p > 0, p, 1.0)
    inside = (p > 0) & (p < 1)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - p) * jnp.log(1 - p)), 0.0)


def r8_coin_clip_only(p):
    q = jnp.clip(p, 1e-7, 1 - 1e-7)
    return -(q * jnp.log(q) + (1 - q) * jnp.log(1 - q))


def r8_coin_eps(p):
    eps = 1e-12
    return -(p * jnp.log(p + eps) + (1 - p) * jnp.log(1 - p + eps))


def r8_coin_safe_zero(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.0)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


def r8_coin_nan_to_num(p):
    return jnp.nan_to_num(r8_coin_buggy(p))


def r8_coin_sign(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe), 0.0)


def r8_coin_bits(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(safe * jnp.log2(safe) + (1 - safe) * jnp.log2(1 - safe)), 0.0)


def r8_coin_inner_only(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe))


def r8_coin_stop_gradient(p):
    inside = (p > 0) & (p < 1)
    value = -(p * jnp.log(p) + (1 - p) * jnp.log(1 - p))
    return jnp.where(inside, value, jax.lax.stop_gradient(0.0 * value))


def r8_coin_right_double(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


def r8_coin_right_log1p(p):
    ok = jnp.logical_and(p > 0, p < 1)
    q = jnp.where(ok, p, 0.25)
    h = -(q * jnp.log(q) + (1.0 - q) * jnp.log1p(-q))
    return jnp.where(ok, h, jnp.zeros_like(p))


def r8_coin_right_mult(p):
    inside = (p > 0) & (p < 1)
    q = jnp.where(inside, p, 0.5)
    return -inside.astype(q.dtype) * (q * jnp.log(q) + (1 - q) * jnp.log(1 - q))


# 13.check_prices
def r8_lr_ge(prices):
    checkify.check(jnp.all(prices >= 0), "prices must be positive")
    return jnp.diff(jnp.log(prices))


def r8_lr_no_all(prices):
    checkify.check(prices > 0, "prices must be positive")
    return jnp.diff(jnp.log(prices))


def r8_lr_raise(prices):
    if jnp.any(prices <= 0):
        raise ValueError("prices must be positive")
    return jnp.diff(jnp.log(prices))


def r8_lr_returns_bool(prices):
    checkify.check(jnp.all(prices > 0), "prices must be positive")
    return jnp.all(prices > 0)


def r8_lr_any(prices):
    checkify.check(jnp.any(prices > 0), "prices must be positive")
    return jnp.diff(jnp.log(prices))


def r8_lr_inverted(prices):
    checkify.check(jnp.any(prices <= 0), "prices must be positive")
    return jnp.diff(jnp.log(prices))


def r8_lr_nan_only(prices):
    out = jnp.diff(jnp.log(prices))
    checkify.check(~jnp.any(jnp.isnan(out)), "NaN in the log returns")
    return out


def r8_lr_log_of_diff(prices):
    checkify.check(jnp.all(prices > 0), "prices must be positive")
    return jnp.log(jnp.diff(prices))


def r8_lr_simple_returns(prices):
    checkify.check(jnp.all(prices > 0), "prices must be positive")
    return jnp.diff(prices) / prices[:-1]


def r8_lr_assert(prices):
    assert jnp.all(prices > 0), "prices must be positive"
    return jnp.diff(jnp.log(prices))


def r8_lr_wrapped(prices):
    def inner(p):
        checkify.check(jnp.all(p > 0), "prices must be positive")
        return jnp.diff(jnp.log(p))

    return checkify.checkify(inner)(prices)


def r8_lr_no_check(prices):
    return jnp.diff(jnp.log(jnp.where(prices > 0, prices, jnp.nan)))


def r8_lr_right_min(prices):
    checkify.check(jnp.min(prices) > 0, "smallest price {} is not positive", jnp.min(prices))
    return jnp.diff(jnp.log(prices))


def r8_lr_right_not_any(prices):
    checkify.check(~jnp.any(prices <= 0), "a price is zero or negative")
    return jnp.diff(jnp.log(prices))


def r8_lr_right_finite(prices):
    logs = jnp.log(prices)
    checkify.check(jnp.isfinite(logs).all(), "log of a non-positive price")
    return jnp.diff(logs)


ROUND_8 = [
    Wrong("13.first_nan", "A: div by the zero count", lambda: "A"),
    Wrong("13.first_nan", "B: log of 0 is NaN", lambda: "B"),
    Wrong("13.first_nan", "D: debug_nans checks inputs", lambda: "D"),
    Wrong("13.first_nan", "E: the sum makes it", lambda: "E"),
    Wrong("13.first_nan", "lower-case c", lambda: "c"),
    Wrong("13.first_nan", "the operation's name", lambda: "mul"),
    Wrong("13.first_nan", "both options naming mul", lambda: "C/D"),
    Wrong("13.first_nan", "letter and reason", lambda: "C: 0 * -inf"),
    Wrong("13.first_nan", "letter in a tuple", lambda: ("C",)),
    Wrong("13.first_nan", "the error's type", lambda: "FloatingPointError"),
    Wrong("13.xlogx_gradient", "the buggy version copied", lambda: r8_coin_buggy),
    Wrong("13.xlogx_gradient", "guards each x log x: gradient 1 at ends", lambda: r8_coin_per_term),
    Wrong("13.xlogx_gradient", "inner guard for p only, not 1 - p", lambda: r8_coin_guard_p_only),
    Wrong("13.xlogx_gradient", "clip p away from the ends, no where", lambda: r8_coin_clip_only),
    Wrong("13.xlogx_gradient", "epsilon added inside the logs", lambda: r8_coin_eps),
    Wrong("13.xlogx_gradient", "inner where puts 0.0: log(0) again", lambda: r8_coin_safe_zero),
    Wrong("13.xlogx_gradient", "nan_to_num on the value", lambda: r8_coin_nan_to_num),
    Wrong("13.xlogx_gradient", "minus sign dropped", lambda: r8_coin_sign),
    Wrong("13.xlogx_gradient", "log2: entropy in bits", lambda: r8_coin_bits),
    Wrong("13.xlogx_gradient", "inner where only, outer forgotten", lambda: r8_coin_inner_only),
    Wrong("13.xlogx_gradient", "stop_gradient on the unused branch", lambda: r8_coin_stop_gradient),
    Wrong("13.check_prices", "prices >= 0: a zero passes", lambda: r8_lr_ge),
    Wrong("13.check_prices", "check on the whole boolean array", lambda: r8_lr_no_all),
    Wrong("13.check_prices", "Python if and raise", lambda: r8_lr_raise),
    Wrong("13.check_prices", "returns the boolean, not the returns", lambda: r8_lr_returns_bool),
    Wrong("13.check_prices", "any instead of all", lambda: r8_lr_any),
    Wrong("13.check_prices", "condition inverted", lambda: r8_lr_inverted),
    Wrong("13.check_prices", "checks the result for NaN only", lambda: r8_lr_nan_only),
    Wrong("13.check_prices", "log of the differences", lambda: r8_lr_log_of_diff),
    Wrong("13.check_prices", "simple returns, not log returns", lambda: r8_lr_simple_returns),
    Wrong("13.check_prices", "assert on a traced value", lambda: r8_lr_assert),
    Wrong("13.check_prices", "checkify.checkify inside the function", lambda: r8_lr_wrapped),
    Wrong("13.check_prices", "bad prices turned into NaN, no check", lambda: r8_lr_no_check),
    Wrong("13.float32_gap", "A: whole numbers exact past 1e8", lambda: "A"),
    Wrong("13.float32_gap", "B: 1e8 is not a float32", lambda: "B"),
    Wrong("13.float32_gap", "D: rounded up to 8", lambda: "D"),
    Wrong("13.float32_gap", "E: machine epsilon left", lambda: "E"),
    Wrong("13.float32_gap", "lower-case c", lambda: "c"),
    Wrong("13.float32_gap", "the number, as a string", lambda: "0.0"),
    Wrong("13.float32_gap", "the number itself", lambda: 0.0),
    Wrong("13.float32_gap", "both options giving 0.0", lambda: "B, C"),
    Wrong("13.float32_gap", "letter with the spacing", lambda: "C (spacing 8)"),
    Wrong("13.float32_gap", "the computed gap as an array", lambda: jnp.float32(0.0)),
]

RIGHT_8 = [
    Right("13.first_nan", "C", lambda: "C"),
    Right("13.xlogx_gradient", "double where, safe value 0.5", lambda: r8_coin_right_double),
    Right("13.xlogx_gradient", "log1p(-q), safe value 0.25", lambda: r8_coin_right_log1p),
    Right("13.xlogx_gradient", "mask multiplies the safe entropy", lambda: r8_coin_right_mult),
    Right(
        "13.check_prices", "min(prices) > 0 with the value in the message", lambda: r8_lr_right_min
    ),
    Right("13.check_prices", "not any price <= 0", lambda: r8_lr_right_not_any),
    Right("13.check_prices", "all logs finite", lambda: r8_lr_right_finite),
    Right("13.float32_gap", "C", lambda: "C"),
]
