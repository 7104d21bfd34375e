"""Round 9, lesson 13 (debugging and numerics): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.experimental import checkify

from tests.content.wrong_answers.round4._common import Right, Wrong

# --- 13.xlogx_gradient ---------------------------------------------------------------------


def r9_coin_double_where(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    h = -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe))
    return jnp.where(inside, h, 0.0)


def _xlogx(x):
    ok = x > 0
    s = jnp.where(ok, x, 1.0)
    return jnp.where(ok, s * jnp.log(s), 0.0)


def r9_coin_helper(p):
    return -(_xlogx(p) + _xlogx(1 - p))


@jax.custom_jvp
def r9_coin_custom(p):
    q = jnp.clip(p, 1e-30, 1.0)
    r = jnp.clip(1 - p, 1e-30, 1.0)
    h = -(q * jnp.log(q) + r * jnp.log(r))
    return jnp.where((p > 0) & (p < 1), h, 0.0)


@r9_coin_custom.defjvp
def _coin_custom_jvp(primals, tangents):
    (p,), (p_dot,) = primals, tangents
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    slope = jnp.where(inside, jnp.log(1 - safe) - jnp.log(safe), 0.0)
    return r9_coin_custom(p), slope * p_dot


def r9_coin_log_of_safe(p):
    inside = (p > 0) & (p < 1)
    lp = jnp.log(jnp.where(inside, p, 1.0))
    lq = jnp.log(jnp.where(inside, 1 - p, 1.0))
    return jnp.where(inside, -(p * lp + (1 - p) * lq), 0.0)


def r9_coin_buggy(p):
    inside = (p > 0) & (p < 1)
    return jnp.where(inside, -(p * jnp.log(p) + (1 - p) * jnp.log(1 - p)), 0.0)


def r9_coin_safe_zero(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.0)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


def r9_coin_safe_one(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 1.0)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


def r9_coin_xlogy(p):
    from jax.scipy.special import xlogy

    return -(xlogy(p, p) + xlogy(1 - p, 1 - p))


def r9_coin_entr(p):
    from jax.scipy.special import entr

    return entr(p) + entr(1 - p)


def r9_coin_eps(p):
    eps = 1e-7
    return -(p * jnp.log(p + eps) + (1 - p) * jnp.log(1 - p + eps))


def r9_coin_clip(p):
    q = jnp.clip(p, 1e-3, 1 - 1e-3)
    return -(q * jnp.log(q) + (1 - q) * jnp.log(1 - q))


def r9_coin_guard_p_only(p):
    ok = p > 0
    safe = jnp.where(ok, p, 0.5)
    h = -(safe * jnp.log(safe) + (1 - p) * jnp.log(1 - p))
    return jnp.where(ok & (p < 1), h, 0.0)


def r9_coin_nan_to_num(p):
    h = -(p * jnp.log(p) + (1 - p) * jnp.log(1 - p))
    return jnp.nan_to_num(h, nan=0.0)


def r9_coin_stop_gradient(p):
    inside = (p > 0) & (p < 1)
    h = -(p * jnp.log(p) + (1 - p) * jnp.log(1 - p))
    return jnp.where(inside, h, jax.lax.stop_gradient(0.0 * p))


def r9_coin_maximum_tiny(p):
    tiny = jnp.finfo(jnp.float32).tiny
    return -(p * jnp.log(jnp.maximum(p, tiny)) + (1 - p) * jnp.log(jnp.maximum(1 - p, tiny)))


def r9_coin_log2(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    h = -(safe * jnp.log2(safe) + (1 - safe) * jnp.log2(1 - safe))
    return jnp.where(inside, h, 0.0)


# --- 13.check_prices -------------------------------------------------------------------------


def r9_prices_all(prices):
    checkify.check(jnp.all(prices > 0), "prices must be positive")
    return jnp.diff(jnp.log(prices))


def r9_prices_min(prices):
    checkify.check(jnp.min(prices) > 0, "smallest price {} is not positive", jnp.min(prices))
    return jnp.diff(jnp.log(prices))


def r9_prices_not_any(prices):
    bad = jnp.sum(~(prices > 0))
    checkify.check(bad == 0, "{} prices are not positive", bad)
    return jnp.diff(jnp.log(prices))


def r9_prices_elementwise(prices):
    checkify.check(prices > 0, "prices must be positive")
    return jnp.diff(jnp.log(prices))


def r9_prices_any(prices):
    checkify.check(jnp.any(prices > 0), "prices must be positive")
    return jnp.diff(jnp.log(prices))


def r9_prices_nonneg(prices):
    checkify.check(jnp.all(prices >= 0), "prices must not be negative")
    return jnp.diff(jnp.log(prices))


def r9_prices_assert(prices):
    assert jnp.all(prices > 0), "prices must be positive"
    return jnp.diff(jnp.log(prices))


def r9_prices_raise(prices):
    if jnp.any(prices <= 0):
        raise ValueError("prices must be positive")
    return jnp.diff(jnp.log(prices))


def r9_prices_check_nan(prices):
    returns = jnp.diff(jnp.log(prices))
    checkify.check(~jnp.any(jnp.isnan(returns)), "a return is NaN")
    return returns


def r9_prices_inverted(prices):
    checkify.check(jnp.any(prices <= 0), "prices must be positive")
    return jnp.diff(jnp.log(prices))


def r9_prices_wrapped(prices):
    def inner(p):
        checkify.check(jnp.all(p > 0), "prices must be positive")
        return jnp.diff(jnp.log(p))

    return checkify.checkify(inner)(prices)


def r9_prices_abs(prices):
    checkify.check(jnp.all(prices != 0), "a price is zero")
    return jnp.diff(jnp.log(jnp.abs(prices)))


def r9_prices_no_check(prices):
    return jnp.diff(jnp.log(prices))


def r9_prices_where(prices):
    safe = jnp.where(prices > 0, prices, 1.0)
    checkify.check(jnp.all(safe > 0), "prices must be positive")
    return jnp.diff(jnp.log(safe))


def r9_prices_check_after_first(prices):
    checkify.check(jnp.all(prices[1:] > 0), "prices must be positive")
    return jnp.diff(jnp.log(prices))


ROUND_9 = [
    # first_nan
    Wrong("13.first_nan", "A: thought jit keeps the NaN in sight", lambda: "A"),
    Wrong("13.first_nan", "B: thought where hides it from the checker", lambda: "B"),
    Wrong("13.first_nan", "D: thought compiled where skips a branch", lambda: "D"),
    Wrong("13.first_nan", "E: the two cases swapped", lambda: "E"),
    Wrong("13.first_nan", "F: thought log's -inf is caught", lambda: "F"),
    Wrong("13.first_nan", "C and D, same outcome", lambda: "C, D"),
    Wrong("13.first_nan", "D with the learner's reason", lambda: "D (where only runs one side)"),
    Wrong("13.first_nan", "typed the jitted value", lambda: "0.562"),
    # xlogx_gradient
    Wrong("13.xlogx_gradient", "the buggy version unchanged", lambda: r9_coin_buggy),
    Wrong(
        "13.xlogx_gradient",
        "guarded each x log x term apart: slope 1 at the ends",
        lambda: r9_coin_helper,
    ),
    Wrong("13.xlogx_gradient", "jax.scipy.special.xlogy", lambda: r9_coin_xlogy),
    Wrong("13.xlogx_gradient", "jax.scipy.special.entr", lambda: r9_coin_entr),
    Wrong("13.xlogx_gradient", "eps added inside the logs", lambda: r9_coin_eps),
    Wrong("13.xlogx_gradient", "clipped p to [0.001, 0.999]", lambda: r9_coin_clip),
    Wrong("13.xlogx_gradient", "guarded p, forgot the 1 - p term", lambda: r9_coin_guard_p_only),
    Wrong("13.xlogx_gradient", "nan_to_num on the value", lambda: r9_coin_nan_to_num),
    Wrong("13.xlogx_gradient", "stop_gradient on the 0 branch", lambda: r9_coin_stop_gradient),
    Wrong("13.xlogx_gradient", "log of max(p, tiny)", lambda: r9_coin_maximum_tiny),
    Wrong("13.xlogx_gradient", "right guard but log2 (bits)", lambda: r9_coin_log2),
    # check_prices
    Wrong("13.check_prices", "check on the whole boolean array", lambda: r9_prices_elementwise),
    Wrong("13.check_prices", "jnp.any: one positive price passes", lambda: r9_prices_any),
    Wrong("13.check_prices", ">= 0: a zero price passes", lambda: r9_prices_nonneg),
    Wrong("13.check_prices", "Python assert on a traced array", lambda: r9_prices_assert),
    Wrong("13.check_prices", "if / raise ValueError", lambda: r9_prices_raise),
    Wrong(
        "13.check_prices", "checked the returns for NaN: misses a zero", lambda: r9_prices_check_nan
    ),
    Wrong("13.check_prices", "condition inverted (states the error)", lambda: r9_prices_inverted),
    Wrong(
        "13.check_prices",
        "wrapped in checkify inside: returns (err, out)",
        lambda: r9_prices_wrapped,
    ),
    Wrong("13.check_prices", "log of abs, check only for zeros", lambda: r9_prices_abs),
    Wrong("13.check_prices", "no check at all", lambda: r9_prices_no_check),
    Wrong("13.check_prices", "checked the cleaned prices instead", lambda: r9_prices_where),
    Wrong(
        "13.check_prices",
        "checked prices[1:] only (the diffed ones)",
        lambda: r9_prices_check_after_first,
    ),
    # float32_gap
    Wrong("13.float32_gap", "A: thought float32 is exact there", lambda: "A"),
    Wrong("13.float32_gap", "B: thought 1e8 itself is rounded", lambda: "B"),
    Wrong("13.float32_gap", "D: thought it rounds up to the next", lambda: "D"),
    Wrong("13.float32_gap", "E: thought a tiny error remains", lambda: "E"),
    Wrong("13.float32_gap", "typed the number", lambda: "0.0"),
    Wrong("13.float32_gap", "B and C, both 0.0", lambda: "B or C"),
    Wrong("13.float32_gap", "B with its reason", lambda: "B, 1e8 not representable"),
    Wrong("13.float32_gap", "a float, not a letter", lambda: 0.0),
]

RIGHT_9 = [
    Right("13.first_nan", "C", lambda: "C"),
    Right("13.first_nan", "C with a reason", lambda: "C - jit only checks the output"),
    Right("13.xlogx_gradient", "double where with 0.5", lambda: r9_coin_double_where),
    Right("13.xlogx_gradient", "double where, 0.0 as the safe value", lambda: r9_coin_safe_zero),
    Right("13.xlogx_gradient", "double where, 1.0 as the safe value", lambda: r9_coin_safe_one),
    Right("13.xlogx_gradient", "custom_jvp with a guarded slope", lambda: r9_coin_custom),
    Right("13.xlogx_gradient", "logs of guarded inputs", lambda: r9_coin_log_of_safe),
    Right("13.check_prices", "jnp.all(prices > 0)", lambda: r9_prices_all),
    Right("13.check_prices", "min > 0 with the value in the message", lambda: r9_prices_min),
    Right("13.check_prices", "count of bad prices == 0", lambda: r9_prices_not_any),
    Right("13.float32_gap", "C", lambda: "C"),
    Right("13.float32_gap", "C with its reason", lambda: "C: spacing is 8 near 1e8"),
]
