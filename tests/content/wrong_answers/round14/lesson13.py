"""Round 14, lesson 13 (debugging and numerics): answers written from the lesson's text alone."""

from __future__ import annotations

import jax.numpy as jnp
from jax import lax
from jax.experimental import checkify
from jax.scipy.special import entr, xlogy

from tests.content.wrong_answers.round4._common import Right, Wrong


# 13.xlogx_gradient -------------------------------------------------------------------------
def _h(q):
    return -(q * jnp.log(q) + (1 - q) * jnp.log(1 - q))


def r14_coin_one_sided(p):
    safe = jnp.where(p > 0, p, 1.0)  # only guards p = 0
    return jnp.where((p > 0) & (p < 1), _h(safe), 0.0)


def r14_coin_clip_1e12(p):
    q = jnp.clip(p, 1e-12, 1 - 1e-12)  # 1 - 1e-12 is 1.0 in float32
    return _h(q)


def r14_coin_clip_1e3(p):
    return _h(jnp.clip(p, 1e-3, 1 - 1e-3))


def r14_coin_nan_to_num(p):
    inside = (p > 0) & (p < 1)
    return jnp.nan_to_num(jnp.where(inside, _h(p), 0.0))


def r14_coin_no_outer_where(p):
    inside = (p > 0) & (p < 1)
    return _h(jnp.where(inside, p, 0.5))


def r14_coin_xlogy(p):
    return -(xlogy(p, p) + xlogy(1 - p, 1 - p))


def r14_coin_entr(p):
    return entr(p) + entr(1 - p)


def r14_coin_log2(p):
    inside = (p > 0) & (p < 1)
    q = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(q * jnp.log2(q) + (1 - q) * jnp.log2(1 - q)), 0.0)


def r14_coin_inclusive(p):
    inside = (p >= 0) & (p <= 1)
    q = jnp.where(inside, p, 0.5)
    return jnp.where(inside, _h(q), 0.0)


def r14_coin_safe_zero(p):
    inside = (p > 0) & (p < 1)
    q = jnp.where(inside, p, 0.0)
    return jnp.where(inside, _h(q), 0.0)


def r14_coin_cond_vectorize(p):
    def one(x):
        return lax.cond((x > 0) & (x < 1), _h, lambda x: jnp.zeros_like(x), x)

    return jnp.vectorize(one)(p)


def r14_coin_summed(p):
    inside = (p > 0) & (p < 1)
    q = jnp.where(inside, p, 0.5)
    return jnp.sum(jnp.where(inside, _h(q), 0.0))


def r14_coin_stop_grad(p):
    inside = (p > 0) & (p < 1)
    return jnp.where(inside, _h(lax.stop_gradient(p)), 0.0)


def r14_coin_eps_in_log(p):
    eps = 1e-8
    return -(p * jnp.log(p + eps) + (1 - p) * jnp.log(1 - p + eps))


def r14_coin_mask_only(p):
    inside = (p > 0) & (p < 1)
    return inside * _h(p)


def r14_coin_log1p(p):
    inside = (p > 0) & (p < 1)
    q = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(q * jnp.log(q) + (1 - q) * jnp.log1p(-q)), 0.0)


def r14_coin_two_terms(p):
    def xlogx(x):
        ok = x > 0
        safe = jnp.where(ok, x, 1.0)
        return jnp.where(ok, safe * jnp.log(safe), 0.0)

    return -(xlogx(p) + xlogx(1.0 - p))


def r14_coin_safe_mask_outer_product(p):
    inside = (p > 0) & (p < 1)
    q = jnp.where(inside, p, 0.25)
    return inside * _h(q)  # multiply by the mask instead of an outer where


# 13.check_prices ---------------------------------------------------------------------------
def r14_lr_nonneg(prices):
    bad = prices < 0
    i = jnp.argmax(bad)
    checkify.check(~jnp.any(bad), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r14_lr_argmin(prices):
    i = jnp.argmin(prices)  # the smallest, not the first bad one
    checkify.check(jnp.all(prices > 0), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r14_lr_swapped(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "bad price {} at {}", prices[i], i)
    return jnp.diff(jnp.log(prices))


def r14_lr_one_based(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "price {} is {}", i + 1, prices[i])
    return jnp.diff(jnp.log(prices))


def r14_lr_python_if(prices):
    if jnp.any(prices <= 0):
        raise ValueError("prices must be positive")
    return jnp.diff(jnp.log(prices))


def r14_lr_python_int(prices):
    for i in range(prices.shape[0]):
        checkify.check(prices[i] > 0, "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r14_lr_returns_checked(prices):
    r = jnp.diff(jnp.log(prices))
    i = jnp.argmax(~jnp.isfinite(r))
    checkify.check(jnp.all(jnp.isfinite(r)), "price {} is {}", i, r[i])
    return r


def r14_lr_no_log(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "price {} is {}", i, prices[i])
    return jnp.diff(prices)


def r14_lr_fstring(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), f"price {i} is {prices[i]}")
    return jnp.diff(jnp.log(prices))


def r14_lr_price_only(prices):
    i = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "a price is not positive: {}", prices[i])
    return jnp.diff(jnp.log(prices))


def r14_lr_last_bad(prices):
    bad = prices <= 0
    i = prices.shape[0] - 1 - jnp.argmax(bad[::-1])
    checkify.check(~jnp.any(bad), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r14_lr_loop_arrays(prices):
    for i in range(prices.shape[0]):
        checkify.check(prices[i] > 0, "price {} is {}", jnp.int32(i), prices[i])
    return jnp.log(prices[1:] / prices[:-1])


def r14_lr_nonzero(prices):
    ok = prices > 0
    (first,) = jnp.nonzero(~ok, size=1)
    i = first[0]
    checkify.check(jnp.all(ok), "price {} is {}", i, prices[i])
    return jnp.log(prices)[1:] - jnp.log(prices)[:-1]


def r14_lr_argmin_mask(prices):
    i = jnp.argmin(prices > 0)
    checkify.check(jnp.min(prices) > 0, "position {}, price {}", i, jnp.take(prices, i))
    return jnp.diff(jnp.log(prices))


ROUND_14 = [
    # 13.first_nan (right: C)
    Wrong("13.first_nan", "A: both raise at mul", lambda: "A"),
    Wrong("13.first_nan", "B: where removes the NaN, neither raises", lambda: "B"),
    Wrong("13.first_nan", "D: compiled where skips the unused branch", lambda: "D"),
    Wrong("13.first_nan", "E: eager fine, jitted raises", lambda: "E"),
    Wrong("13.first_nan", "F: both raise at log", lambda: "F"),
    Wrong("13.first_nan", "two letters: C and D both show the same", lambda: "CD"),
    Wrong("13.first_nan", "lower case c", lambda: "c"),
    Wrong("13.first_nan", "letter with trailing comment", lambda: "C  # only output checked"),
    Wrong("13.first_nan", "typed the jitted value", lambda: "0.562"),
    # 13.xlogx_gradient
    Wrong(
        "13.xlogx_gradient", "safe p replaced only at 0: NaN at p = 1", lambda: r14_coin_one_sided
    ),
    Wrong(
        "13.xlogx_gradient",
        "clip to 1 - 1e-12, which is 1.0 in float32",
        lambda: r14_coin_clip_1e12,
    ),
    Wrong("13.xlogx_gradient", "clip to [1e-3, 1 - 1e-3]: ends not 0", lambda: r14_coin_clip_1e3),
    Wrong(
        "13.xlogx_gradient",
        "nan_to_num on the value: gradient still NaN",
        lambda: r14_coin_nan_to_num,
    ),
    Wrong(
        "13.xlogx_gradient",
        "safe input but no outer where: ends 0.693",
        lambda: r14_coin_no_outer_where,
    ),
    Wrong("13.xlogx_gradient", "jax.scipy xlogy: NaN gradient at ends", lambda: r14_coin_xlogy),
    Wrong("13.xlogx_gradient", "jax.scipy entr: infinite gradient at ends", lambda: r14_coin_entr),
    Wrong("13.xlogx_gradient", "log2 instead of the page's natural log", lambda: r14_coin_log2),
    Wrong(
        "13.xlogx_gradient", "inside test inclusive: guard never fires", lambda: r14_coin_inclusive
    ),
    Wrong("13.xlogx_gradient", "eps added inside the logs", lambda: r14_coin_eps_in_log),
    Wrong("13.xlogx_gradient", "mask multiplied, no safe input", lambda: r14_coin_mask_only),
    Wrong(
        "13.xlogx_gradient", "xlogx guarded per term: slope +-1 at ends", lambda: r14_coin_two_terms
    ),
    Wrong("13.xlogx_gradient", "returns the sum, not element by element", lambda: r14_coin_summed),
    Wrong(
        "13.xlogx_gradient", "stop_gradient on p: gradient 0 everywhere", lambda: r14_coin_stop_grad
    ),
    # 13.check_prices
    Wrong("13.check_prices", "checks prices < 0: a zero passes", lambda: r14_lr_nonneg),
    Wrong("13.check_prices", "argmin: names the smallest price, not first", lambda: r14_lr_argmin),
    Wrong("13.check_prices", "message gives the price before the position", lambda: r14_lr_swapped),
    Wrong("13.check_prices", "position counted from 1", lambda: r14_lr_one_based),
    Wrong("13.check_prices", "Python if and raise", lambda: r14_lr_python_if),
    Wrong(
        "13.check_prices", "loop of checks with a Python int position", lambda: r14_lr_python_int
    ),
    Wrong(
        "13.check_prices",
        "checks the returns: names a return, not price",
        lambda: r14_lr_returns_checked,
    ),
    Wrong("13.check_prices", "forgot the log: plain differences", lambda: r14_lr_no_log),
    Wrong("13.check_prices", "f-string message: shows tracers", lambda: r14_lr_fstring),
    Wrong("13.check_prices", "message gives the price only", lambda: r14_lr_price_only),
    Wrong("13.check_prices", "names the last bad price", lambda: r14_lr_last_bad),
    # 13.float32_gap (right: C)
    Wrong("13.float32_gap", "A: asarray keeps float64", lambda: "A"),
    Wrong("13.float32_gap", "B: 1e8 is no float32 number", lambda: "B"),
    Wrong("13.float32_gap", "D: Python int promotes to float64", lambda: "D"),
    Wrong("13.float32_gap", "E: a tiny rounding error is left", lambda: "E"),
    Wrong("13.float32_gap", "F: float64 kept, computed in float32", lambda: "F"),
    Wrong("13.float32_gap", "B and C, both say 0.0", lambda: "BC"),
    Wrong("13.float32_gap", "the number instead of the letter", lambda: 0.0),
    Wrong("13.float32_gap", "C with a period", lambda: "C."),
    Wrong("13.float32_gap", "option written as words", lambda: "option c"),
]

RIGHT_14 = [
    Right("13.first_nan", "C", lambda: "C"),
    Right("13.float32_gap", "C", lambda: "C"),
    Right("13.xlogx_gradient", "double where with log1p(-q)", lambda: r14_coin_log1p),
    Right(
        "13.xlogx_gradient",
        "safe value 0.0: inner where still blocks NaN",
        lambda: r14_coin_safe_zero,
    ),
    Right(
        "13.xlogx_gradient",
        "lax.cond per element with jnp.vectorize",
        lambda: r14_coin_cond_vectorize,
    ),
    Right(
        "13.xlogx_gradient",
        "safe point 0.25, mask multiplied",
        lambda: r14_coin_safe_mask_outer_product,
    ),
    Right(
        "13.check_prices", "one check per price, jnp.int32 positions", lambda: r14_lr_loop_arrays
    ),
    Right("13.check_prices", "jnp.nonzero with size=1", lambda: r14_lr_nonzero),
    Right("13.check_prices", "argmin of the mask, other words", lambda: r14_lr_argmin_mask),
]
