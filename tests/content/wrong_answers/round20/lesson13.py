"""Round 20, lesson 13 (debugging and numerics): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.experimental import checkify
from jax.scipy.special import entr, xlogy

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 13.first_nan: debug_nans on entropy_guarded, eager and jitted (a letter) ---------

# ---- 13.xlogx_gradient: coin entropy with finite gradient, 0.0 at both ends -----------


def r20_xlogx_buggy_copied(p):
    # the page's buggy version, resubmitted with one cosmetic change
    inside = jnp.logical_and(p > 0, p < 1)
    return jnp.where(inside, -(p * jnp.log(p) + (1 - p) * jnp.log(1 - p)), 0.0)


def _xlogx(t):
    safe = jnp.where(t > 0, t, 1.0)
    return jnp.where(t > 0, safe * jnp.log(safe), 0.0)


def r20_xlogx_helper_per_term(p):
    # each x log x guarded on its own: x log x at 1 has slope 1, so the ends get +-1
    return -(_xlogx(p) + _xlogx(1 - p))


def r20_xlogx_only_low_end(p):
    safe = jnp.where(p > 0, p, 0.5)
    return jnp.where(p > 0, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


def r20_xlogx_inclusive_bounds(p):
    inside = (p >= 0) & (p <= 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


def r20_xlogx_epsilon_in_log(p):
    eps = 1e-7
    return -(p * jnp.log(p + eps) + (1 - p) * jnp.log(1 - p + eps))


def r20_xlogx_clip_1e12(p):
    q = jnp.clip(p, 1e-12, 1 - 1e-12)  # 1 - 1e-12 is 1.0 in float32
    return -(q * jnp.log(q) + (1 - q) * jnp.log(1 - q))


def r20_xlogx_clip_1e4_no_where(p):
    q = jnp.clip(p, 1e-4, 1 - 1e-4)
    return -(q * jnp.log(q) + (1 - q) * jnp.log(1 - q))


def r20_xlogx_log2(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(safe * jnp.log2(safe) + (1 - safe) * jnp.log2(1 - safe)), 0.0)


def r20_xlogx_summed(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.sum(jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0))


def r20_xlogx_python_if(p):
    if p <= 0 or p >= 1:
        return 0.0
    return -(p * jnp.log(p) + (1 - p) * jnp.log(1 - p))


def r20_xlogx_stop_gradient(p):
    inside = (p > 0) & (p < 1)
    fixed = jax.lax.stop_gradient(p)
    return jnp.where(inside, -(p * jnp.log(fixed) + (1 - p) * jnp.log(1 - fixed)), 0.0)


def r20_xlogx_no_minus(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe), 0.0)


def r20_xlogx_inner_where_only(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe))


def r20_xlogx_xlogy(p):
    return -(xlogy(p, p) + xlogy(1 - p, 1 - p))


def r20_xlogx_nan_to_num(p):
    return jnp.nan_to_num(-(p * jnp.log(p) + (1 - p) * jnp.log(1 - p)))


def r20_xlogx_right_clip_where(p):
    inside = (p > 0) & (p < 1)
    q = jnp.clip(p, 1e-6, 1 - 1e-6)
    return jnp.where(inside, -(q * jnp.log(q) + (1 - q) * jnp.log1p(-q)), 0.0)


def r20_xlogx_right_entr(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, entr(safe) + entr(1 - safe), 0.0)


@jax.custom_jvp
def r20_xlogx_right_custom_jvp(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


@r20_xlogx_right_custom_jvp.defjvp
def _r20_xlogx_right_custom_jvp_rule(primals, tangents):
    (p,), (t,) = primals, tangents
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    slope = jnp.where(inside, jnp.log1p(-safe) - jnp.log(safe), 0.0)
    return r20_xlogx_right_custom_jvp(p), slope * t


def r20_xlogx_right_safe_zero(p):
    # the safe value 0.0 makes NaN in the unused branch, but the inner where's select drops it
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.0)
    return jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)


# ---- 13.check_prices: log returns with a checkify.check naming the first bad price ----


def r20_prices_allows_zero(prices):
    first = jnp.argmax(prices < 0)
    checkify.check(jnp.all(prices >= 0), "price {} is {}", first, prices[first])
    return jnp.diff(jnp.log(prices))


def r20_prices_argmin(prices):
    worst = jnp.argmin(prices)  # the smallest price, not the first bad one
    checkify.check(jnp.all(prices > 0), "price {} is {}", worst, prices[worst])
    return jnp.diff(jnp.log(prices))


def r20_prices_swapped_order(prices):
    first = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "bad price {} at position {}", prices[first], first)
    return jnp.diff(jnp.log(prices))


def r20_prices_python_raise(prices):
    if jnp.any(prices <= 0):
        raise ValueError("prices must be positive")
    return jnp.diff(jnp.log(prices))


def r20_prices_array_condition(prices):
    first = jnp.argmax(prices <= 0)
    checkify.check(prices > 0, "price {} is {}", first, prices[first])
    return jnp.diff(jnp.log(prices))


def r20_prices_no_values(prices):
    checkify.check(jnp.all(prices > 0), "prices must all be positive")
    return jnp.diff(jnp.log(prices))


def r20_prices_one_based(prices):
    first = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "price {} is {}", first + 1, prices[first])
    return jnp.diff(jnp.log(prices))


def r20_prices_position_only(prices):
    first = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "price {} is not positive", first)
    return jnp.diff(jnp.log(prices))


def r20_prices_log_of_diff(prices):
    first = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "price {} is {}", first, prices[first])
    return jnp.log(jnp.diff(prices))


def r20_prices_nonzero_no_size(prices):
    first = jnp.nonzero(prices <= 0)[0][0]
    checkify.check(jnp.all(prices > 0), "price {} is {}", first, prices[first])
    return jnp.diff(jnp.log(prices))


def r20_prices_strict_negative_index(prices):
    first = jnp.argmax(prices < 0)  # a zero price is not found: position 0 reported
    checkify.check(jnp.all(prices > 0), "price {} is {}", first, prices[first])
    return jnp.diff(jnp.log(prices))


def r20_prices_skip_first(prices):
    later = prices[1:]
    first = jnp.argmax(later <= 0)
    checkify.check(jnp.all(later > 0), "price {} is {}", first, later[first])
    return jnp.diff(jnp.log(prices))


def r20_prices_fstring(prices):
    first = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), f"price {first} is {prices[first]}")
    return jnp.diff(jnp.log(prices))


def r20_prices_loop_python_int(prices):
    for i in range(prices.shape[0]):
        checkify.check(prices[i] > 0, "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r20_prices_two_steps(prices):
    first = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "price {} is {}", first, prices[first])
    logs = jnp.log(prices)
    return logs[2:] - logs[:-2]


def r20_prices_right_loop(prices):
    for i in range(prices.shape[0]):
        checkify.check(prices[i] > 0, "price {} is {}", jnp.asarray(i), prices[i])
    return jnp.diff(jnp.log(prices))


def r20_prices_right_nonzero_size(prices):
    first = jnp.nonzero(prices <= 0, size=1, fill_value=0)[0][0]
    checkify.check(~jnp.any(prices <= 0), "bad price at position {}: {}", first, prices[first])
    return jnp.log(prices[1:] / prices[:-1])


def r20_prices_right_masked_min(prices):
    n = prices.shape[0]
    first = jnp.min(jnp.where(prices <= 0, jnp.arange(n), n))
    checkify.check(first == n, "price {} is {}", first, prices[jnp.minimum(first, n - 1)])
    return jnp.log(prices[1:]) - jnp.log(prices[:-1])


def r20_prices_right_argmin_bool(prices):
    first = jnp.argmin(prices > 0)  # the first False
    checkify.check(prices.min() > 0, "Price number {} is {}, not positive", first, prices[first])
    logs = jnp.log(prices)
    return logs[1:] - logs[:-1]


ROUND_20 = [
    # 13.first_nan (C is right)
    Wrong("13.first_nan", "A: thought jit also stops at the product", lambda: "A"),
    Wrong("13.first_nan", "b: where hides the NaN from every op", lambda: "b"),
    Wrong("13.first_nan", "D: believed compiled where skips a branch", lambda: "D"),
    Wrong("13.first_nan", "E: swapped eager and jitted", lambda: "E."),
    Wrong("13.first_nan", "F: log(0) taken for the NaN", lambda: "F"),
    Wrong("13.first_nan", "CD: both show the same, typed both", lambda: "CD"),
    Wrong("13.first_nan", "typed the operation's name", lambda: "mul"),
    Wrong("13.first_nan", "typed the jitted value", lambda: "0.562"),
    Wrong("13.first_nan", "typed the exception's name", lambda: "FloatingPointError"),
    Wrong("13.first_nan", "hedged between A and C", lambda: "A or C"),
    # 13.xlogx_gradient
    Wrong(
        "13.xlogx_gradient",
        "page's single-where version resubmitted",
        lambda: r20_xlogx_buggy_copied,
    ),
    Wrong(
        "13.xlogx_gradient",
        "x log x guarded per term: gradient +-1 at ends",
        lambda: r20_xlogx_helper_per_term,
    ),
    Wrong("13.xlogx_gradient", "guards only p > 0, forgets p = 1", lambda: r20_xlogx_only_low_end),
    Wrong(
        "13.xlogx_gradient",
        "mask uses >= 0 and <= 1, ends included",
        lambda: r20_xlogx_inclusive_bounds,
    ),
    Wrong(
        "13.xlogx_gradient", "adds 1e-7 inside each log, no where", lambda: r20_xlogx_epsilon_in_log
    ),
    Wrong(
        "13.xlogx_gradient",
        "clips to 1e-12: 1 - 1e-12 is 1.0 in float32",
        lambda: r20_xlogx_clip_1e12,
    ),
    Wrong(
        "13.xlogx_gradient",
        "clips to [1e-4, 1 - 1e-4] with no outer where",
        lambda: r20_xlogx_clip_1e4_no_where,
    ),
    Wrong("13.xlogx_gradient", "used log2, another variant's base", lambda: r20_xlogx_log2),
    Wrong(
        "13.xlogx_gradient", "returns the summed entropy, not per element", lambda: r20_xlogx_summed
    ),
    Wrong("13.xlogx_gradient", "Python if on the array p", lambda: r20_xlogx_python_if),
    Wrong(
        "13.xlogx_gradient", "stop_gradient inside the logs only", lambda: r20_xlogx_stop_gradient
    ),
    Wrong("13.xlogx_gradient", "dropped the leading minus sign", lambda: r20_xlogx_no_minus),
    Wrong(
        "13.xlogx_gradient",
        "inner where only: log 2 at the ends",
        lambda: r20_xlogx_inner_where_only,
    ),
    Wrong("13.xlogx_gradient", "xlogy for both terms, no guard", lambda: r20_xlogx_xlogy),
    Wrong(
        "13.xlogx_gradient",
        "nan_to_num on the value, NaN gradient stays",
        lambda: r20_xlogx_nan_to_num,
    ),
    # 13.check_prices
    Wrong("13.check_prices", "checks prices >= 0: a zero passes", lambda: r20_prices_allows_zero),
    Wrong(
        "13.check_prices",
        "argmin: names the smallest price, not the first",
        lambda: r20_prices_argmin,
    ),
    Wrong(
        "13.check_prices",
        "message gives the price before its position",
        lambda: r20_prices_swapped_order,
    ),
    Wrong("13.check_prices", "Python if/raise on a traced array", lambda: r20_prices_python_raise),
    Wrong(
        "13.check_prices",
        "passes the whole boolean array to check",
        lambda: r20_prices_array_condition,
    ),
    Wrong(
        "13.check_prices", "message names no position and no price", lambda: r20_prices_no_values
    ),
    Wrong("13.check_prices", "reports a 1-based position", lambda: r20_prices_one_based),
    Wrong(
        "13.check_prices", "names the position but not the price", lambda: r20_prices_position_only
    ),
    Wrong(
        "13.check_prices",
        "log of the differences instead of diff of logs",
        lambda: r20_prices_log_of_diff,
    ),
    Wrong(
        "13.check_prices", "jnp.nonzero without size under jit", lambda: r20_prices_nonzero_no_size
    ),
    Wrong(
        "13.check_prices",
        "position found with prices < 0: zeros missed",
        lambda: r20_prices_strict_negative_index,
    ),
    Wrong(
        "13.check_prices",
        "checks prices[1:] only, positions shifted",
        lambda: r20_prices_skip_first,
    ),
    Wrong("13.check_prices", "f-string message formats the tracers", lambda: r20_prices_fstring),
    Wrong(
        "13.check_prices",
        "loop of checks with a Python int position",
        lambda: r20_prices_loop_python_int,
    ),
    Wrong(
        "13.check_prices", "returns over two steps, another variant", lambda: r20_prices_two_steps
    ),
    # 13.float32_gap (C is right)
    Wrong("13.float32_gap", "A: thought asarray keeps float64", lambda: "A"),
    Wrong("13.float32_gap", "B: thought 1e8 is no float32 number", lambda: "B"),
    Wrong("13.float32_gap", "D: thought the Python 1 promotes to float64", lambda: "d"),
    Wrong("13.float32_gap", "E: expected a machine-epsilon leftover", lambda: "E"),
    Wrong("13.float32_gap", "F: float64 kept, float32 arithmetic", lambda: "F"),
    Wrong("13.float32_gap", "typed the number, not a letter", lambda: "0.0"),
    Wrong("13.float32_gap", "B and C: both say 0.0 and rounding", lambda: "BC"),
    Wrong("13.float32_gap", "typed the float32 spacing near 1e8", lambda: "8"),
    Wrong("13.float32_gap", "typed 1, the NumPy answer", lambda: "1"),
    Wrong("13.float32_gap", "hedged between C and F", lambda: "C or F"),
]

RIGHT_20 = [
    Right("13.first_nan", "lower-case letter", lambda: "c"),
    Right("13.first_nan", "letter with a trailing full stop", lambda: "C."),
    Right("13.first_nan", "letter with a leading space", lambda: " C"),
    Right(
        "13.xlogx_gradient", "clip inside, where outside, log1p", lambda: r20_xlogx_right_clip_where
    ),
    Right(
        "13.xlogx_gradient",
        "jax.scipy.special.entr with double where",
        lambda: r20_xlogx_right_entr,
    ),
    Right(
        "13.xlogx_gradient",
        "custom_jvp with slope log((1-p)/p)",
        lambda: r20_xlogx_right_custom_jvp,
    ),
    Right(
        "13.xlogx_gradient",
        "double where with 0.0 as the safe value",
        lambda: r20_xlogx_right_safe_zero,
    ),
    Right(
        "13.check_prices",
        "one check per price in a loop, array index",
        lambda: r20_prices_right_loop,
    ),
    Right(
        "13.check_prices",
        "nonzero with size=1, log of the ratio",
        lambda: r20_prices_right_nonzero_size,
    ),
    Right(
        "13.check_prices",
        "masked min of positions, other wording",
        lambda: r20_prices_right_masked_min,
    ),
    Right(
        "13.check_prices",
        "argmin of prices > 0, prices.min() check",
        lambda: r20_prices_right_argmin_bool,
    ),
    Right("13.float32_gap", "lower-case letter", lambda: "c"),
    Right("13.float32_gap", "letter with a trailing space", lambda: "C "),
    Right("13.float32_gap", "letter with a full stop", lambda: "C."),
]
