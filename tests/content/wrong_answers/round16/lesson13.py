"""Round 16, lesson 13 (debugging and numerics): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import checkify
from jax.scipy.special import entr, xlogy

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- 13.xlogx_gradient


def r16_coin_right_double_where(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


def _xlogx(q):
    positive = q > 0
    safe = jnp.where(positive, q, 1.0)
    return jnp.where(positive, q * jnp.log(safe), 0.0)


def r16_coin_right_xlogx_helper(p):
    return -(_xlogx(p) + _xlogx(1 - p))


def r16_coin_right_vmap_cond(p):
    def one(q):
        inside = (q > 0) & (q < 1)
        return lax.cond(
            inside,
            lambda s: -(s * jnp.log(s) + (1 - s) * jnp.log(1 - s)),
            lambda s: jnp.zeros_like(s),
            q,
        )

    return jax.vmap(one)(p.ravel()).reshape(p.shape)


def r16_coin_right_log1p(p):
    inside = (p > 0) & (p < 1)
    q = jnp.where(inside, p, 0.25)
    h = -(q * jnp.log(q) + (1 - q) * jnp.log1p(-q))
    return jnp.where(inside, h, jnp.zeros_like(p))


def r16_coin_page_buggy(p):
    inside = (p > 0) & (p < 1)
    return jnp.where(inside, -(p * jnp.log(p) + (1 - p) * jnp.log(1 - p)), 0.0)


def r16_coin_guard_zero_only(p):
    safe = jnp.where(p > 0, p, 0.5)
    return jnp.where(p > 0, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


def r16_coin_no_outer_where(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe))


def r16_coin_safe_zero(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.0)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


def r16_coin_safe_one(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 1.0)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


def r16_coin_nan_to_num(p):
    return jnp.nan_to_num(r16_coin_page_buggy(p))


def r16_coin_eps_in_log(p):
    eps = 1e-8
    return -(p * jnp.log(p + eps) + (1 - p) * jnp.log(1 - p + eps))


def r16_coin_clip(p):
    q = jnp.clip(p, 1e-3, 1 - 1e-3)
    return -(q * jnp.log(q) + (1 - q) * jnp.log(1 - q))


def r16_coin_xlogy(p):
    return -(xlogy(p, p) + xlogy(1 - p, 1 - p))


def r16_coin_entr(p):
    return entr(p) + entr(1 - p)


def r16_coin_vmap_cond_unflattened(p):
    def one(q):
        inside = (q > 0) & (q < 1)
        return lax.cond(
            inside,
            lambda s: -(s * jnp.log(s) + (1 - s) * jnp.log(1 - s)),
            lambda s: jnp.zeros_like(s),
            q,
        )

    return jax.vmap(one)(p)


def r16_coin_log2(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(safe * jnp.log2(safe) + (1 - safe) * jnp.log2(1 - safe)), 0.0)


def r16_coin_no_minus(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe), 0.0)


def r16_coin_stop_gradient_ends(p):
    inside = (p > 0) & (p < 1)
    q = jnp.where(inside, p, lax.stop_gradient(p))
    return jnp.where(inside, -(q * jnp.log(q) + (1 - q) * jnp.log(1 - q)), 0.0)


# ---------------------------------------------------------------- 13.check_prices


def r16_lr_right_argmax(prices):
    bad = ~(prices > 0)
    i = jnp.argmax(bad)
    checkify.check(~jnp.any(bad), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r16_lr_right_nonzero(prices):
    i = jnp.nonzero(prices <= 0, size=1, fill_value=0)[0][0]
    checkify.check(jnp.min(prices) > 0, "bad price: price {} is {}", i, prices[i])
    return jnp.log(prices[1:]) - jnp.log(prices[:-1])


def r16_lr_right_loop(prices):
    for i in range(prices.shape[0]):
        checkify.check(prices[i] > 0, "price {} is {}", jnp.asarray(i), prices[i])
    return jnp.diff(jnp.log(prices))


def r16_lr_right_argmin_bool(prices):
    i = jnp.argmin(prices > 0)
    checkify.check(jnp.all(prices > 0), "price at position {} is {}, not positive", i, prices[i])
    return jnp.log(prices[1:] / prices[:-1])


def r16_lr_swapped_message(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "price {} at position {}", prices[i], i)
    return jnp.diff(jnp.log(prices))


def r16_lr_argmin_price(prices):
    i = jnp.argmin(prices)
    checkify.check(jnp.all(prices > 0), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r16_lr_allows_zero(prices):
    i = jnp.argmax(prices < 0)
    checkify.check(jnp.all(prices >= 0), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r16_lr_python_if(prices):
    if jnp.any(prices <= 0):
        i = jnp.argmax(prices <= 0)
        checkify.check(False, "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r16_lr_one_based(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "price {} is {}", i + 1, prices[i])
    return jnp.diff(jnp.log(prices))


def r16_lr_no_log(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "price {} is {}", i, prices[i])
    return jnp.diff(prices)


def r16_lr_log_of_diff(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "price {} is {}", i, prices[i])
    return jnp.log(jnp.diff(prices))


def r16_lr_any(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.any(prices > 0), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r16_lr_check_returns(prices):
    returns = jnp.diff(jnp.log(prices))
    i = jnp.argmax(~jnp.isfinite(returns))
    checkify.check(jnp.all(jnp.isfinite(returns)), "price {} is {}", i, prices[i])
    return returns


def r16_lr_fstring(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), f"price {i} is {prices[i]}")
    return jnp.diff(jnp.log(prices))


def r16_lr_skip_first(prices):
    i = jnp.argmax(prices[1:] <= 0) + 1
    checkify.check(jnp.all(prices[1:] > 0), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r16_lr_whole_array(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "price {} is {}", i, prices)
    return jnp.diff(jnp.log(prices))


def r16_lr_last_bad(prices):
    bad = prices <= 0
    i = prices.shape[0] - 1 - jnp.argmax(bad[::-1])
    checkify.check(~jnp.any(bad), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


ROUND_16 = [
    # 13.first_nan (answer: C)
    Wrong("13.first_nan", "A: both raise", lambda: "A"),
    Wrong("13.first_nan", "B: neither raises", lambda: "B"),
    Wrong("13.first_nan", "D: same outcome, where computes one branch", lambda: "D"),
    Wrong("13.first_nan", "E: only jitted raises", lambda: "E"),
    Wrong("13.first_nan", "F: both raise at log", lambda: "F"),
    Wrong("13.first_nan", "the two with the same outcome", lambda: "C or D"),
    Wrong("13.first_nan", "lower case with a period", lambda: "c."),
    Wrong("13.first_nan", "C with a comment in the string", lambda: "C  # only output checked"),
    # 13.xlogx_gradient
    Wrong("13.xlogx_gradient", "the page's buggy function", lambda: r16_coin_page_buggy),
    Wrong(
        "13.xlogx_gradient", "guarded p > 0 only: NaN at p = 1", lambda: r16_coin_guard_zero_only
    ),
    Wrong(
        "13.xlogx_gradient", "safe p, no outer where: ends log 2", lambda: r16_coin_no_outer_where
    ),
    Wrong(
        "13.xlogx_gradient",
        "x log x helper per term: end grads +-1",
        lambda: r16_coin_right_xlogx_helper,
    ),
    Wrong("13.xlogx_gradient", "nan_to_num on the value", lambda: r16_coin_nan_to_num),
    Wrong("13.xlogx_gradient", "eps inside the logs: end grads not 0", lambda: r16_coin_eps_in_log),
    Wrong("13.xlogx_gradient", "clipped p to [1e-3, 1 - 1e-3]", lambda: r16_coin_clip),
    Wrong("13.xlogx_gradient", "jax.scipy.special.xlogy", lambda: r16_coin_xlogy),
    Wrong("13.xlogx_gradient", "jax.scipy.special.entr", lambda: r16_coin_entr),
    Wrong(
        "13.xlogx_gradient", "vmap of cond over p: 1-D only", lambda: r16_coin_vmap_cond_unflattened
    ),
    Wrong("13.xlogx_gradient", "log2 instead of the variant's log", lambda: r16_coin_log2),
    Wrong("13.xlogx_gradient", "dropped the minus sign", lambda: r16_coin_no_minus),
    # 13.check_prices
    Wrong(
        "13.check_prices", "message: the price, then its position", lambda: r16_lr_swapped_message
    ),
    Wrong(
        "13.check_prices",
        "argmin of the prices: smallest, not first bad",
        lambda: r16_lr_argmin_price,
    ),
    Wrong("13.check_prices", "checks prices >= 0: a zero passes", lambda: r16_lr_allows_zero),
    Wrong("13.check_prices", "Python if around the check", lambda: r16_lr_python_if),
    Wrong("13.check_prices", "position counted from 1", lambda: r16_lr_one_based),
    Wrong("13.check_prices", "forgot the log", lambda: r16_lr_no_log),
    Wrong("13.check_prices", "log of the differences", lambda: r16_lr_log_of_diff),
    Wrong("13.check_prices", "jnp.any instead of jnp.all", lambda: r16_lr_any),
    Wrong(
        "13.check_prices", "checked the returns: index of the return", lambda: r16_lr_check_returns
    ),
    Wrong("13.check_prices", "f-string message, formatted while tracing", lambda: r16_lr_fstring),
    Wrong("13.check_prices", "checks from the second price on", lambda: r16_lr_skip_first),
    Wrong("13.check_prices", "shows the whole prices array", lambda: r16_lr_whole_array),
    Wrong("13.check_prices", "names the last bad price", lambda: r16_lr_last_bad),
    # 13.float32_gap (answer: C)
    Wrong("13.float32_gap", "A: float64 kept", lambda: "A"),
    Wrong("13.float32_gap", "B: 1e8 not a float32", lambda: "B"),
    Wrong("13.float32_gap", "D: int promotes to float64", lambda: "D"),
    Wrong("13.float32_gap", "E: about 1e-7", lambda: "E"),
    Wrong("13.float32_gap", "F: float64 kept, computed in float32", lambda: "F"),
    Wrong("13.float32_gap", "the number", lambda: "0.0"),
    Wrong("13.float32_gap", "the number as a float", lambda: 0.0),
    Wrong("13.float32_gap", "both 0.0 options with float32 big", lambda: "B, C"),
    Wrong("13.float32_gap", "C followed by its number", lambda: "C 0.0"),
]

RIGHT_16 = [
    Right("13.first_nan", "C", lambda: "C"),
    Right("13.float32_gap", "C", lambda: "C"),
    Right("13.xlogx_gradient", "double where, safe 0.5", lambda: r16_coin_right_double_where),
    Right("13.xlogx_gradient", "vmap of lax.cond over p.ravel()", lambda: r16_coin_right_vmap_cond),
    Right("13.xlogx_gradient", "log1p(-q), safe 0.25, zeros_like", lambda: r16_coin_right_log1p),
    Right("13.xlogx_gradient", "double where, safe value 0.0", lambda: r16_coin_safe_zero),
    Right("13.xlogx_gradient", "double where, safe value 1.0", lambda: r16_coin_safe_one),
    Right(
        "13.xlogx_gradient", "stop_gradient on p at the ends", lambda: r16_coin_stop_gradient_ends
    ),
    Right("13.check_prices", "argmax of ~(prices > 0)", lambda: r16_lr_right_argmax),
    Right("13.check_prices", "nonzero size=1, min > 0, words around", lambda: r16_lr_right_nonzero),
    Right("13.check_prices", "one check per price in a Python loop", lambda: r16_lr_right_loop),
    Right(
        "13.check_prices", "argmin of the bool mask, log of ratio", lambda: r16_lr_right_argmin_bool
    ),
]
