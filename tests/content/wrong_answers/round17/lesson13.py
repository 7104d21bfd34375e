"""Round 17, lesson 13 (debugging and numerics): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import checkify

from tests.content.wrong_answers.round4._common import Right, Wrong

# -------------------------------------------------------------- 13.xlogx_gradient


def _h(q):
    return -(q * jnp.log(q) + (1 - q) * jnp.log(1 - q))


def r17_xlogx_page_buggy(p):
    inside = (p > 0) & (p < 1)
    return jnp.where(inside, _h(p), 0.0)


def r17_xlogx_safe_only_left(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(p > 0, p, 0.5)  # guards p = 0, forgot p = 1
    return jnp.where(inside, _h(safe), 0.0)


def r17_xlogx_clip(p):
    q = jnp.clip(p, 1e-5, 1 - 1e-5)
    return _h(q)


def r17_xlogx_eps_in_log(p):
    eps = 1e-12
    return -(p * jnp.log(p + eps) + (1 - p) * jnp.log(1 - p + eps))


def r17_xlogx_guard_logs_only(p):
    lp = jnp.log(jnp.where(p > 0, p, 1.0))
    lq = jnp.log(jnp.where(p < 1, 1 - p, 1.0))
    return -(p * lp + (1 - p) * lq)  # finite, but the gradient at the ends is +-1


def r17_xlogx_nan_to_num(p):
    return jnp.nan_to_num(_h(p))


def r17_xlogx_log2(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(safe * jnp.log2(safe) + (1 - safe) * jnp.log2(1 - safe)), 0.0)


def r17_xlogx_summed(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.sum(jnp.where(inside, _h(safe), 0.0))


def r17_xlogx_entr(p):
    return jax.scipy.special.entr(p) + jax.scipy.special.entr(1 - p)


def r17_xlogx_list_loop(p):
    out = []
    for q in p:  # one element at a time, NumPy style: only for 1-D p
        safe = jnp.where((q > 0) & (q < 1), q, 0.5)
        out.append(jnp.where((q > 0) & (q < 1), _h(safe), 0.0))
    return jnp.array(out)


def r17_xlogx_stop_gradient(p):
    inside = (p > 0) & (p < 1)
    # held the guarded value still: values right, no gradient anywhere
    return jnp.where(inside, lax.stop_gradient(_h(p)), 0.0)


def r17_xlogx_xlogy(p):
    return -(jax.scipy.special.xlogy(p, p) + jax.scipy.special.xlogy(1 - p, 1 - p))


def r17_xlogx_right_safe_zero(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.0)  # the unused branch is NaN, yet the inner where drops it
    return jnp.where(inside, _h(safe), 0.0)


def r17_xlogx_two_helpers(p):
    def xlogx(q):
        ok = q > 0
        s = jnp.where(ok, q, 1.0)
        return jnp.where(ok, s * jnp.log(s), 0.0)

    return -(xlogx(p) + xlogx(1.0 - p))


def r17_xlogx_right_mask_product(p):
    inside = ((p > 0) & (p < 1)).astype(p.dtype)
    safe = jnp.where(inside > 0, p, 0.5)
    return inside * _h(safe)


def r17_xlogx_right_vectorize(p):
    def one(q):
        return lax.cond((q > 0) & (q < 1), _h, jnp.zeros_like, q)

    return jnp.vectorize(one)(p)


# --------------------------------------------------------------- 13.check_prices


def r17_prices_swapped_order(prices):
    bad = ~(prices > 0)
    i = jnp.argmax(bad)
    checkify.check(~jnp.any(bad), "bad price {} at position {}", prices[i], i)
    return jnp.diff(jnp.log(prices))


def r17_prices_argmin(prices):
    i = jnp.argmin(prices)  # the lowest price, not the first bad one
    checkify.check(jnp.all(prices > 0), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r17_prices_strict_negative(prices):
    i = jnp.argmax(prices < 0)
    checkify.check(jnp.all(prices >= 0), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r17_prices_no_values(prices):
    checkify.check(jnp.all(prices > 0), "prices must be positive")
    return jnp.diff(jnp.log(prices))


def r17_prices_one_based(prices):
    bad = prices <= 0
    i = jnp.argmax(bad)
    checkify.check(~jnp.any(bad), "price {} is {}", i + 1, prices[i])
    return jnp.diff(jnp.log(prices))


def r17_prices_argmax_zero_means_ok(prices):
    i = jnp.argmax(prices <= 0)
    # argmax is 0 when nothing is bad... and when price 0 is
    checkify.check(i == 0, "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r17_prices_python_if(prices):
    bad = prices <= 0
    if jnp.any(bad):
        i = int(jnp.argmax(bad))
        raise ValueError(f"price {i} is {float(prices[i])}")
    return jnp.diff(jnp.log(prices))


def r17_prices_reversed_diff(prices):
    bad = prices <= 0
    i = jnp.argmax(bad)
    checkify.check(~jnp.any(bad), "price {} is {}", i, prices[i])
    logs = jnp.log(prices)
    return logs[:-1] - logs[1:]


def r17_prices_fstring(prices):
    bad = prices <= 0
    i = jnp.argmax(bad)
    checkify.check(~jnp.any(bad), f"price {i} is {prices[i]}")
    return jnp.diff(jnp.log(prices))


def r17_prices_mixed_conditions(prices):
    i = jnp.argmax(prices < 0)  # the index from "negative", the check from "not positive"
    checkify.check(jnp.all(prices > 0), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r17_prices_simple_returns(prices):
    bad = prices <= 0
    i = jnp.argmax(bad)
    checkify.check(~jnp.any(bad), "price {} is {}", i, prices[i])
    return jnp.diff(prices) / prices[:-1]


def r17_prices_last_bad(prices):
    bad = prices <= 0
    i = prices.shape[0] - 1 - jnp.argmax(bad[::-1])  # the last bad price
    checkify.check(~jnp.any(bad), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r17_prices_right_nonzero(prices):
    bad = jnp.logical_not(prices > 0)
    i = jnp.nonzero(bad, size=1, fill_value=0)[0][0]
    checkify.check(jnp.logical_not(bad.any()), "price {} is {}", i, prices[i])
    logs = jnp.log(prices)
    return logs[1:] - logs[:-1]


def r17_prices_right_words(prices):
    ok = prices > 0
    first = jnp.argmin(ok)  # the first False
    checkify.check(
        jnp.all(ok), "the first bad price is at position {}; its value: {}", first, prices[first]
    )
    return jnp.diff(jnp.log(prices))


def r17_prices_right_where_index(prices):
    idx = jnp.arange(prices.shape[0])
    bad = prices <= 0
    first = jnp.min(jnp.where(bad, idx, prices.shape[0]))
    first = jnp.minimum(first, prices.shape[0] - 1)
    checkify.check(jnp.sum(bad) == 0, "price {} is {}", first, prices[first])
    return jnp.diff(jnp.log(prices))


ROUND_17 = [
    # 13.first_nan: C
    Wrong("13.first_nan", "A: thought the checker also looks inside jit", lambda: "A"),
    Wrong("13.first_nan", "B: thought where removes the NaN first", lambda: "B"),
    Wrong("13.first_nan", "D: right outcome, compiled where as lazy", lambda: "D"),
    Wrong("13.first_nan", "E: compiled version the one that is checked", lambda: "E"),
    Wrong("13.first_nan", "F: thought the checker stops at -inf", lambda: "F"),
    Wrong("13.first_nan", "C and D, both show the same", lambda: "C, D"),
    Wrong("13.first_nan", "the value instead of a letter", lambda: "0.562"),
    # 13.float32_gap: C
    Wrong("13.float32_gap", "A: thought asarray keeps float64", lambda: "A"),
    Wrong("13.float32_gap", "B: thought 1e8 is no float32 number", lambda: "B"),
    Wrong("13.float32_gap", "D: thought the Python 1 promotes to 64 bits", lambda: "D"),
    Wrong("13.float32_gap", "E: a leftover of machine epsilon", lambda: "E"),
    Wrong("13.float32_gap", "F: thought big stays float64 inside", lambda: "F"),
    Wrong("13.float32_gap", "the number, not the letter", lambda: "0.0"),
    Wrong("13.float32_gap", "B and C, both give 0.0", lambda: "BC"),
    Wrong("13.float32_gap", "option word", lambda: "option B"),
    # 13.xlogx_gradient
    Wrong("13.xlogx_gradient", "the page's single where", lambda: r17_xlogx_page_buggy),
    Wrong("13.xlogx_gradient", "safe value guards p = 0 only", lambda: r17_xlogx_safe_only_left),
    Wrong("13.xlogx_gradient", "clips p into [1e-5, 1 - 1e-5]", lambda: r17_xlogx_clip),
    Wrong("13.xlogx_gradient", "eps added inside the logs", lambda: r17_xlogx_eps_in_log),
    Wrong(
        "13.xlogx_gradient",
        "guarded the logs only: gradient 1 at 0",
        lambda: r17_xlogx_guard_logs_only,
    ),
    Wrong("13.xlogx_gradient", "jnp.nan_to_num on the value", lambda: r17_xlogx_nan_to_num),
    Wrong("13.xlogx_gradient", "log2 instead of the page's natural log", lambda: r17_xlogx_log2),
    Wrong("13.xlogx_gradient", "returns the sum, not element-wise", lambda: r17_xlogx_summed),
    Wrong("13.xlogx_gradient", "jax.scipy.special.entr for both terms", lambda: r17_xlogx_entr),
    Wrong("13.xlogx_gradient", "Python loop over p: 1-D only", lambda: r17_xlogx_list_loop),
    Wrong("13.xlogx_gradient", "stop_gradient on the branch", lambda: r17_xlogx_stop_gradient),
    Wrong(
        "13.xlogx_gradient", "xlogy for both terms: NaN slope at the ends", lambda: r17_xlogx_xlogy
    ),
    Wrong(
        "13.xlogx_gradient",
        "guarded x log x helper twice: slope +-1",
        lambda: r17_xlogx_two_helpers,
    ),
    # 13.check_prices
    Wrong("13.check_prices", "price first, then its position", lambda: r17_prices_swapped_order),
    Wrong(
        "13.check_prices", "argmin: the lowest price, not the first bad", lambda: r17_prices_argmin
    ),
    Wrong("13.check_prices", "only negatives count as bad", lambda: r17_prices_strict_negative),
    Wrong("13.check_prices", "message without position or price", lambda: r17_prices_no_values),
    Wrong("13.check_prices", "position counted from 1", lambda: r17_prices_one_based),
    Wrong(
        "13.check_prices", "argmax == 0 taken as all good", lambda: r17_prices_argmax_zero_means_ok
    ),
    Wrong("13.check_prices", "Python if and raise, NumPy style", lambda: r17_prices_python_if),
    Wrong("13.check_prices", "log returns with the sign flipped", lambda: r17_prices_reversed_diff),
    Wrong("13.check_prices", "f-string message: prints tracers", lambda: r17_prices_fstring),
    Wrong("13.check_prices", "index from < 0, check from > 0", lambda: r17_prices_mixed_conditions),
    Wrong("13.check_prices", "simple returns, not log returns", lambda: r17_prices_simple_returns),
    Wrong("13.check_prices", "reports the last bad price", lambda: r17_prices_last_bad),
]
RIGHT_17 = [
    Right("13.first_nan", "C", lambda: "C"),
    Right("13.first_nan", "C, quoted with a space after", lambda: "C "),
    Right("13.float32_gap", "C", lambda: "C"),
    Right("13.float32_gap", "lower case c", lambda: "c"),
    Right(
        "13.xlogx_gradient",
        "double where with 0.0 as the safe value",
        lambda: r17_xlogx_right_safe_zero,
    ),
    Right(
        "13.xlogx_gradient",
        "a 0/1 float mask times the safe value",
        lambda: r17_xlogx_right_mask_product,
    ),
    Right("13.xlogx_gradient", "lax.cond under jnp.vectorize", lambda: r17_xlogx_right_vectorize),
    Right(
        "13.check_prices",
        "nonzero(size=1), not (p > 0) catches NaN",
        lambda: r17_prices_right_nonzero,
    ),
    Right(
        "13.check_prices", "argmin of the ok mask, longer message", lambda: r17_prices_right_words
    ),
    Right("13.check_prices", "min of where(bad, index, n)", lambda: r17_prices_right_where_index),
]
