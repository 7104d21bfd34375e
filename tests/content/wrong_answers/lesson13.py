"""Lesson 13: realistic wrong answers (see the package docstring for the labels)."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import checkify
from jax.scipy.special import entr, xlogy

from tests.content.wrong_answers import Wrong

# --- 13.xlogx_gradient ------------------------------------------------------------------
# coin_entropy(p) = -(p log p + (1 - p) log(1 - p)), 0 at p = 0 and p = 1.


def xlogx_int_zero(p):
    inside = (p > 0) & (p < 1)
    return jnp.where(inside, -(p * jnp.log(p) + (1 - p) * jnp.log(1 - p)), 0)


def xlogx_safe_at_or_above_zero(p):
    closed = (p >= 0) & (p <= 1)
    safe = jnp.where(closed, p, 0.5)
    return jnp.where(
        (p > 0) & (p < 1), -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0
    )


def xlogx_plus_tiny(p):
    return -(p * jnp.log(p + 1e-10) + (1 - p) * jnp.log(1 - p + 1e-10))


def xlogx_clipped(p):
    q = jnp.clip(p, 1e-7, 1 - 1e-7)
    return -(p * jnp.log(q) + (1 - p) * jnp.log(1 - q))


def xlogx_scipy(p):
    return -(xlogy(p, p) + xlogy(1 - p, 1 - p))


def xlogx_entr(p):
    return entr(p) + entr(1 - p)


def xlogx_special_module(p):  # the module imported inside, its functions read off it
    import jax.scipy.special as special

    return -(special.xlogy(p, p) + special.xlog1py(1 - p, -p))


def prices_f_string(prices):  # formatted while traced: the message holds tracers
    first = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), f"price {first} is {prices[first]}")
    return jnp.diff(jnp.log(prices))


def prices_whole_array_shown(prices):  # the lesson's {} demo, with every price: no position
    checkify.check(jnp.all(prices > 0), "prices must be positive, got {}", prices)
    return jnp.diff(jnp.log(prices))


def prices_smallest_shown(prices):  # the smallest price, not the first bad one, no position
    checkify.check(jnp.min(prices) > 0, "smallest price {} is not positive", jnp.min(prices))
    return jnp.diff(jnp.log(prices))


def prices_position_then_all(prices):  # the position, then every price: which is the bad one?
    first = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "price {} is bad: {}", first, prices)
    return jnp.diff(jnp.log(prices))


def prices_clipped_then_checked(prices):  # the check reads the prices after the clip
    safe = jnp.clip(prices, 1e-6, None)
    checkify.check(jnp.min(safe) > 0, "prices must be positive, got {}", jnp.min(safe))
    return jnp.diff(jnp.log(safe))


def xlogx_if(p):
    if 0 < p < 1:
        return -(p * jnp.log(p) + (1 - p) * jnp.log(1 - p))
    else:
        return 0.0


def xlogx_cond(p):
    return jax.lax.cond(
        (p > 0) & (p < 1),
        lambda p: -(p * jnp.log(p) + (1 - p) * jnp.log(1 - p)),
        lambda p: jnp.zeros_like(p),
        p,
    )


def xlogx_vmapped_cond(p):
    # a scalar lax.cond mapped over a vector: right for 1-D p, fails for a matrix
    def one(q):
        return jax.lax.cond(
            (q > 0) & (q < 1),
            lambda r: -(r * jnp.log(r) + (1 - r) * jnp.log(1 - r)),
            lambda r: 0.0 * r,
            q,
        )

    return jax.vmap(one)(p)


def xlogx_nan_to_num(p):
    inside = (p > 0) & (p < 1)
    return jnp.nan_to_num(jnp.where(inside, -(p * jnp.log(p) + (1 - p) * jnp.log(1 - p)), 0.0))


def xlogx_forgot_return(p):
    inside = (p > 0) & (p < 1)
    safe_p = jnp.where(inside, p, 0.5)
    entropy = -(safe_p * jnp.log(safe_p) + (1 - safe_p) * jnp.log(1 - safe_p))
    result = jnp.where(inside, entropy, 0.0)  # noqa: F841


def xlogx_stop_gradient(p):
    inside = (p > 0) & (p < 1)
    held = jax.lax.stop_gradient(p)
    return jnp.where(inside, -(p * jnp.log(held) + (1 - p) * jnp.log(1 - held)), 0.0)


def xlogx_sqrt_fix_copied(p):
    positive = p > 0
    safe_p = jnp.where(positive, p, 1.0)
    entropy = -(safe_p * jnp.log(safe_p) + (1 - safe_p) * jnp.log(1 - safe_p))
    return jnp.where(positive & (p < 1), entropy, 0.0)


def xlogx_upper_end_only(p):
    safe_p = jnp.where(p < 1, p, 0.5)
    entropy = -(safe_p * jnp.log(safe_p) + (1 - safe_p) * jnp.log(1 - safe_p))
    return jnp.where((p > 0) & (p < 1), entropy, 0.0)


def xlogx_two_terms_one_guarded(p):
    safe_p = jnp.where(p > 0, p, 1.0)
    first = jnp.where(p > 0, safe_p * jnp.log(safe_p), 0.0)
    second = jnp.where(p < 1, (1 - p) * jnp.log(1 - p), 0.0)
    return -(first + second)


# --- 13.check_prices --------------------------------------------------------------------


def prices_non_negative(prices):
    checkify.check(jnp.all(prices >= 0), "negative price")
    return jnp.diff(jnp.log(prices))


def prices_min_non_negative(prices):
    checkify.check(jnp.min(prices) >= 0, "prices must be >= 0, got {}", prices)
    return jnp.diff(jnp.log(prices))


def prices_max_positive(prices):
    checkify.check(jnp.max(prices) > 0, "prices must be positive")
    return jnp.diff(jnp.log(prices))


def prices_assert(prices):
    assert (prices > 0).all(), "prices must be positive"
    return jnp.diff(jnp.log(prices))


def prices_if_raise(prices):
    if jnp.any(prices <= 0):
        raise ValueError("prices must be positive")
    return jnp.diff(jnp.log(prices))


def prices_nan_to_num(prices):
    return jnp.nan_to_num(jnp.diff(jnp.log(prices)))


def prices_debug_print(prices):
    jax.debug.print("bad prices: {}", jnp.any(prices <= 0))
    return jnp.diff(jnp.log(prices))


def prices_elementwise(prices):
    checkify.check(prices > 0, "prices must be positive")
    return jnp.diff(jnp.log(prices))


def prices_all_negative(prices):
    checkify.check(jnp.all(prices < 0), "prices must be positive")
    return jnp.diff(jnp.log(prices))


def _inner(prices):
    checkify.check(jnp.all(prices > 0), "prices must be positive")
    return jnp.diff(jnp.log(prices))


prices_already_checked = jax.jit(checkify.checkify(_inner))


def prices_logs_only(prices):
    checkify.check(jnp.min(prices) > 0, "prices must be positive")
    return jnp.log(prices)


def prices_reversed(prices):
    checkify.check(jnp.all(prices > 0), "prices must be positive")
    return jnp.log(prices[:-1]) - jnp.log(prices[1:])


def prices_numpy_log(prices):
    checkify.check(jnp.all(prices > 0), "prices must be positive")
    return jnp.diff(np.log(prices))


def prices_all_nonzero(prices):
    checkify.check(prices.all() > 0, "prices must be positive")
    return jnp.diff(jnp.log(prices))


WRONG_ANSWERS = (
    # 13.first_nan: with jit and without, on entropy_guarded (redesigned after round 7: the
    # old question, which operation made entropy's NaN, was settled by running the search)
    Wrong("13.first_nan", "lower-case a: both raise", lambda: "a", named="both-raise"),
    Wrong("13.first_nan", "option A, in words", lambda: "option A", named="both-raise"),
    Wrong("13.first_nan", "(B): where hides it", lambda: "(B)", named="where-hides-it"),
    Wrong("13.first_nan", "b, after reading where", lambda: " b ", named="where-hides-it"),
    Wrong("13.first_nan", "D: one branch compiled", lambda: "D", named="one-branch"),
    Wrong("13.first_nan", "option d, after running", lambda: "option d", named="one-branch"),
    Wrong("13.first_nan", "e: jit finds it", lambda: "e", named="jit-only"),
    Wrong("13.first_nan", "E with a full stop", lambda: "E.", named="jit-only"),
    Wrong("13.first_nan", "F: the log again", lambda: "F", named="log"),
    Wrong("13.first_nan", "option f", lambda: "option f", named="log"),
    Wrong("13.first_nan", "the option's number", lambda: 3, says="not numbers"),
    Wrong("13.first_nan", "two letters", lambda: "C, D", says="names 2 options"),
    Wrong("13.first_nan", "the operation's name", lambda: "mul", says="not one of the options"),
    # 13.xlogx_gradient
    Wrong(
        "13.xlogx_gradient",
        "the single where, with an int 0",
        lambda: xlogx_int_zero,
        named="still-not-finite",
    ),
    Wrong(
        "13.xlogx_gradient",
        "inner where on p >= 0: 0.0 still reaches the log",
        lambda: xlogx_safe_at_or_above_zero,
        named="still-not-finite",
    ),
    Wrong("13.xlogx_gradient", "log(p + 1e-10)", lambda: xlogx_plus_tiny, named="epsilon"),
    Wrong("13.xlogx_gradient", "log of p clipped to 1e-12", lambda: xlogx_clipped, named="epsilon"),
    Wrong(
        "13.xlogx_gradient",
        "jax.scipy.special.xlogy(p, p)",
        lambda: xlogx_scipy,
        named="library-slope",
    ),
    Wrong(
        "13.xlogx_gradient",
        "-jax.scipy.special.entr(p)",
        lambda: xlogx_entr,
        named="library-slope",
    ),
    Wrong(
        "13.xlogx_gradient",
        "xlogy and xlog1py read off jax.scipy.special",
        lambda: xlogx_special_module,
        named="library-slope",
    ),
    Wrong("13.xlogx_gradient", "a Python if/else", lambda: xlogx_if, named="python-if"),
    Wrong("13.xlogx_gradient", "lax.cond on the array", lambda: xlogx_cond, named="cond-scalar"),
    Wrong(
        "13.xlogx_gradient",
        "vmap of a scalar lax.cond: runs on a vector, fails on a matrix",
        lambda: xlogx_vmapped_cond,
        named="cond-scalar",
    ),
    Wrong(
        "13.xlogx_gradient",
        "nan_to_num around the single where",
        lambda: xlogx_nan_to_num,
        named="still-not-finite",
    ),
    Wrong(
        "13.xlogx_gradient",
        "the fix, assigned but not returned",
        lambda: xlogx_forgot_return,
        named="no-return",
    ),
    Wrong(
        "13.xlogx_gradient",
        "stop_gradient inside the log",
        lambda: xlogx_stop_gradient,
        named="still-not-finite",
    ),
    Wrong(
        "13.xlogx_gradient",
        "safe_sqrt_fixed's guard p > 0 and fill 1.0, copied",
        lambda: xlogx_sqrt_fix_copied,
        named="one-end",
    ),
    Wrong(
        "13.xlogx_gradient",
        "inner guard p < 1 only",
        lambda: xlogx_upper_end_only,
        named="one-end",
    ),
    Wrong(
        "13.xlogx_gradient",
        "each term with its own where, only the first double",
        lambda: xlogx_two_terms_one_guarded,
        named="one-end",
    ),
    # 13.check_prices
    Wrong(
        "13.check_prices",
        "all(prices >= 0): zero passes",
        lambda: prices_non_negative,
        named="zero-allowed",
    ),
    Wrong(
        "13.check_prices",
        "min(prices) >= 0: zero passes",
        lambda: prices_min_non_negative,
        named="zero-allowed",
    ),
    Wrong(
        "13.check_prices",
        "max(prices) > 0: one positive price is enough",
        lambda: prices_max_positive,
        named="any-not-all",
    ),
    Wrong("13.check_prices", "a Python assert", lambda: prices_assert, named="python-assert"),
    Wrong(
        "13.check_prices", "if ... raise ValueError", lambda: prices_if_raise, named="python-assert"
    ),
    Wrong(
        "13.check_prices",
        "checked the prices after clipping them",
        lambda: prices_clipped_then_checked,
        named="checks-cleaned",
    ),
    Wrong(
        "13.check_prices",
        "nan_to_num instead of a check",
        lambda: prices_nan_to_num,
        named="no-check",
    ),
    Wrong(
        "13.check_prices",
        "jax.debug.print instead of a check",
        lambda: prices_debug_print,
        named="no-check",
    ),
    Wrong(
        "13.check_prices",
        "check(prices > 0): one boolean per price",
        lambda: prices_elementwise,
        named="elementwise-pred",
    ),
    Wrong(
        "13.check_prices",
        "check(all(prices < 0)): the condition that must fail",
        lambda: prices_all_negative,
        says="all positive, your function reported an error",
    ),
    Wrong(
        "13.check_prices",
        "jax.jit(checkify.checkify(f)) handed in",
        lambda: prices_already_checked,
        named="already-checkified",
    ),
    Wrong(
        "13.check_prices",
        "the logs, not their differences",
        lambda: prices_logs_only,
        named="no-diff",
    ),
    Wrong(
        "13.check_prices", "log(p[t]) - log(p[t+1])", lambda: prices_reversed, says="opposite sign"
    ),
    Wrong("13.check_prices", "np.log inside", lambda: prices_numpy_log, named="numpy-inside"),
    Wrong(
        "13.check_prices",
        "an f-string message: formatted while traced",
        lambda: prices_f_string,
        named="f-string",
    ),
    Wrong(
        "13.check_prices",
        "every price shown, as the lesson's {} demo",
        lambda: prices_whole_array_shown,
        says="does not name the first price",
    ),
    Wrong(
        "13.check_prices",
        "the smallest price shown, no position",
        lambda: prices_smallest_shown,
        says="does not name the first price",
    ),
    Wrong(
        "13.check_prices",
        "the position, then every price",
        lambda: prices_position_then_all,
        says="other numbers stand between the position",
    ),
    Wrong(
        "13.check_prices",
        "prices.all() > 0: all nonzero",
        lambda: prices_all_nonzero,
        says="reported no error",
    ),
    # 13.float32_gap
    Wrong(
        "13.float32_gap",
        "A: the 1 survives, as in exact arithmetic",
        lambda: "A",
        named="exact-math",
    ),
    Wrong("13.float32_gap", "a: lower case, exact arithmetic", lambda: "a", named="exact-math"),
    Wrong(
        "13.float32_gap",
        "B: ran it, saw 0.0, and took the first zero: big itself rounded",
        lambda: "B",
        named="big-inexact",
    ),
    Wrong(
        "13.float32_gap",
        "(B): the zero with the wrong reason, in brackets",
        lambda: "(B)",
        named="big-inexact",
    ),
    Wrong(
        "13.float32_gap",
        "D: the Python 1 thought to promote the sum to 64 bits",
        lambda: "D",
        named="int-promotes",
    ),
    Wrong(
        "13.float32_gap",
        "A: jnp.asarray thought to keep NumPy's float64",
        lambda: "a, asarray keeps the dtype",
        named="exact-math",
    ),
    Wrong("13.float32_gap", "E: a small rounding error is left", lambda: "E", named="small-error"),
    Wrong(
        "13.float32_gap",
        "F: big a float64 as np.array makes it, then rounded in float32",
        lambda: "F",
        named="float64-computed-as-float32",
    ),
    Wrong(
        "13.float32_gap",
        "0.0, the number it prints, not a letter",
        lambda: 0.0,
        says="letters, not numbers",
    ),
    Wrong("13.float32_gap", "both zeros, hedged", lambda: "BC", says="names 2 options"),
)

# --- round 3: written from the lesson's text alone; unlabelled, measured by rounds.py -------


def r3_xlogx_epsilon(p):
    return p * jnp.log(p + 1e-8)


def r3_xlogx_nan_to_num(p):
    return jnp.nan_to_num(p * jnp.log(p))


def r3_xlogx_inner_where_at_or_above(p):
    safe_p = jnp.where(p >= 0, p, 1.0)
    return jnp.where(p > 0, p * jnp.log(safe_p), 0.0)


def r3_prices_zero_allowed(prices):
    checkify.check(jnp.all(prices >= 0), "prices must not be negative")
    return jnp.diff(jnp.log(prices))


def r3_prices_array_condition(prices):
    checkify.check(prices > 0, "prices must be positive")
    return jnp.diff(jnp.log(prices))


def r3_prices_any(prices):
    checkify.check(jnp.any(prices > 0), "prices must be positive")
    return jnp.diff(jnp.log(prices))


ROUND_3 = (
    Wrong("13.first_nan", '"B": log of a zero', lambda: "B"),
    Wrong("13.first_nan", '"mul", the operation\'s name', lambda: "mul"),
    Wrong("13.first_nan", '"BC": log and mul together', lambda: "BC"),
    Wrong("13.xlogx_gradient", "p * log(p + 1e-8)", lambda: r3_xlogx_epsilon),
    Wrong("13.xlogx_gradient", "nan_to_num of p * log(p)", lambda: r3_xlogx_nan_to_num),
    Wrong("13.xlogx_gradient", "inner where on p >= 0", lambda: r3_xlogx_inner_where_at_or_above),
    Wrong(
        "13.check_prices", "checks prices >= 0: zero let through", lambda: r3_prices_zero_allowed
    ),
    Wrong("13.check_prices", "check on the array prices > 0", lambda: r3_prices_array_condition),
    Wrong("13.check_prices", "jnp.any(prices > 0)", lambda: r3_prices_any),
    Wrong("13.float32_gap", "1: the arithmetic answer", lambda: 1, says="letters, not numbers"),
    Wrong("13.float32_gap", "8.0: the spacing near 1e8", lambda: 8.0, says="letters, not numbers"),
    Wrong("13.float32_gap", '"0.0" typed as text', lambda: "0.0", says="not one of the options"),
)
# Round 3 joins the corpus where it found a family: its labelled answers.
WRONG_ANSWERS = (*WRONG_ANSWERS, *(w for w in ROUND_3 if not w.expects_generic))


# --- issue 35, this pass: 13.check_prices's results that are not log returns -------------


def prices_simple_returns(prices):
    checkify.check(jnp.all(prices > 0), "prices must be positive")
    return jnp.diff(prices) / prices[:-1]


def prices_simple_returns_sliced(prices):
    checkify.check(jnp.min(prices) > 0, "a price is not positive")
    return (prices[1:] - prices[:-1]) / prices[:-1]


def prices_diff_only(prices):
    checkify.check(jnp.all(prices > 0), "prices must be positive")
    return jnp.diff(prices)


def prices_differences_sliced(prices):
    checkify.check(~jnp.any(prices <= 0), "bad price")
    return prices[1:] - prices[:-1]


def prices_ratio_minus_one(prices):
    checkify.check(jnp.all(prices > 0), "prices must be positive")
    return prices[1:] / prices[:-1] - 1


def prices_log_of_diff(prices):
    checkify.check(jnp.all(prices > 0), "prices must be positive")
    return jnp.log(jnp.diff(prices))


def prices_log_of_change(prices):
    checkify.check(jnp.min(prices) > 0, "bad price")
    change = prices[1:] - prices[:-1]
    return jnp.log(change)


def prices_log_after_diff(prices):
    checkify.check(jnp.all(prices > 0), "prices must be positive")
    steps = jnp.diff(prices)
    return jnp.log(steps)


FAMILIES_34 = (
    Wrong(
        "13.check_prices", "log of the differences", lambda: prices_log_of_diff, named="log-of-diff"
    ),
    Wrong(
        "13.check_prices", "log of each change", lambda: prices_log_of_change, named="log-of-diff"
    ),
    Wrong(
        "13.check_prices",
        "diff first, log after",
        lambda: prices_log_after_diff,
        named="log-of-diff",
    ),
    Wrong(
        "13.check_prices", "simple returns", lambda: prices_simple_returns, named="simple-returns"
    ),
    Wrong(
        "13.check_prices",
        "simple returns by slicing",
        lambda: prices_simple_returns_sliced,
        named="simple-returns",
    ),
    Wrong(
        "13.check_prices",
        "the ratio minus one",
        lambda: prices_ratio_minus_one,
        named="simple-returns",
    ),
    Wrong("13.check_prices", "jnp.diff without the log", lambda: prices_diff_only, named="no-log"),
    Wrong(
        "13.check_prices",
        "differences by slicing, no log",
        lambda: prices_differences_sliced,
        named="no-log",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *FAMILIES_34)

# --- Round 7's families (issue 35) -------------------------------------------------------


def coin_no_outer_where(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe))


def coin_no_outer_where_quarter(p):
    q = jnp.where((p == 0) | (p == 1), 0.25, p)
    return -(q * jnp.log(q) + (1 - q) * jnp.log1p(-q))


def coin_bits(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(safe * jnp.log2(safe) + (1 - safe) * jnp.log2(1 - safe)), 0.0)


def coin_log10(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    h = -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)) / jnp.log(10.0)
    return jnp.where(inside, h, 0.0)


def coin_no_minus(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe), 0.0)


def _safe_xlogx(x):
    positive = x > 0
    safe_x = jnp.where(positive, x, 1.0)
    return jnp.where(positive, safe_x * jnp.log(safe_x), 0.0)


def coin_terms_apart(p):
    return -(_safe_xlogx(p) + _safe_xlogx(1 - p))


def coin_terms_apart_vmapped(p):
    flat = jnp.ravel(p)
    terms = jax.vmap(lambda q: _safe_xlogx(q) + _safe_xlogx(1 - q))(flat)
    return -terms.reshape(jnp.shape(p))


def coin_terms_apart_xlogy_free(p):
    left = jnp.where(p > 0, p * jnp.log(jnp.where(p > 0, p, 1.0)), 0.0)
    right = jnp.where(p < 1, (1 - p) * jnp.log(jnp.where(p < 1, 1 - p, 1.0)), 0.0)
    return -(left + right)


FAMILIES_35 = (
    Wrong(
        "13.xlogx_gradient",
        "no outer where: log 2 at the ends",
        lambda: coin_no_outer_where,
        named="no-outer-where",
    ),
    Wrong(
        "13.xlogx_gradient",
        "the ends replaced by 0.25, no outer where",
        lambda: coin_no_outer_where_quarter,
        named="no-outer-where",
    ),
    Wrong("13.xlogx_gradient", "entropy in bits", lambda: coin_bits, named="scaled"),
    Wrong("13.xlogx_gradient", "entropy in decimal digits", lambda: coin_log10, named="scaled"),
    Wrong("13.xlogx_gradient", "the minus sign forgotten", lambda: coin_no_minus, named="negated"),
    Wrong(
        "13.xlogx_gradient",
        "a safe x log x per term",
        lambda: coin_terms_apart,
        named="terms-apart",
    ),
    Wrong(
        "13.xlogx_gradient",
        "a safe x log x per term, vmapped",
        lambda: coin_terms_apart_vmapped,
        named="terms-apart",
    ),
    Wrong(
        "13.xlogx_gradient",
        "each term guarded at its own end",
        lambda: coin_terms_apart_xlogy_free,
        named="terms-apart",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *FAMILIES_35)


# --- issue 35 (session 45): round 8's wrong diagnoses -----------------------------------------


def prices_result_checked_for_nan(prices):
    out = jnp.diff(jnp.log(prices))
    checkify.check(~jnp.any(jnp.isnan(out)), "NaN in the log returns")
    return out


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "13.check_prices",
        "checks the log returns for NaN, never the prices",
        lambda: prices_result_checked_for_nan,
        named="checks-result",
    ),
)


# --- round 10: a wrong diagnosis fixed -----------------------------------------------------
def r10f_coin_closed(p):
    keep = jnp.logical_and(p >= 0.0, p <= 1.0)  # both ends kept for the formula
    return jnp.where(keep, -(p * jnp.log(p) + (1 - p) * jnp.log(1 - p)), 0.0)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "13.xlogx_gradient", "guard over the closed [0, 1]", lambda: r10f_coin_closed, "nan-values"
    ),
)


# --- round 13's families, fixed (issue 35) ---------------------------------------------------


def r13f_coin_fill_by_shape0(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    value = -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe))
    return jnp.where(inside, value, jnp.zeros(p.shape[0]))  # a 0-d p has no shape[0]


def r13f_prices_value_then_index(prices):
    first = jnp.argmax(prices <= 0)
    checkify.check(jnp.all(prices > 0), "price {}: {}", prices[first], first)
    return jnp.diff(jnp.log(prices))


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "13.xlogx_gradient",
        "fill jnp.zeros(p.shape[0]): no axis on a 0-d p",
        lambda: r13f_coin_fill_by_shape0,
        "needs-an-axis",
    ),
    Wrong(
        "13.check_prices",
        "price first, then its position",
        lambda: r13f_prices_value_then_index,
        "price-before-position",
    ),
)


# --- round 18: a Python int among check's arguments; a message naming every pair ----------
def r18_prices_python_int_loop(prices):
    for k in range(prices.shape[0]):
        checkify.check(prices[k] > 0, "price {} is {}", k, prices[k])
    return jnp.diff(jnp.log(prices))


def r18_prices_every_pair_named(prices):
    """Round 18's sneaky answer: every (position, price) pair in the message, in order, so
    that the first bad one is always in it."""
    n = prices.shape[0]
    args = []
    for i in range(n):
        args += [jnp.int32(i), prices[i]]
    checkify.check(jnp.all(prices > 0), " ".join(["price {} is {}"] * n), *args)
    return jnp.diff(jnp.log(prices))


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "13.check_prices",
        "loop of checks with a Python int index",
        lambda: r18_prices_python_int_loop,
        named="python-number-argument",
    ),
    Wrong(
        "13.check_prices",
        "every (position, price) pair named in order (sneaky)",
        lambda: r18_prices_every_pair_named,
        says="it names other positions with their prices",
    ),
)


# --- round 19 (fix19-2): one of the entropy's two terms alone (was generic)


def r19f_xlogx_one_term(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -safe * jnp.log(safe), 0.0)


def r19f_xlogx_tails_term(p):
    q = 1 - p
    inside = (q > 0) & (q < 1)
    safe = jnp.where(inside, q, 0.5)
    return jnp.where(inside, -safe * jnp.log(safe), 0.0)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "13.xlogx_gradient", "only the p log p term", lambda: r19f_xlogx_one_term, named="one-term"
    ),
    Wrong(
        "13.xlogx_gradient",
        "only the (1 - p) log(1 - p) term",
        lambda: r19f_xlogx_tails_term,
        named="one-term",
    ),
)


# --- round 19 (fix19-2, second pass): causes named for what the answer did


def r19f_xlogx_nan_to_num(p):
    return jnp.nan_to_num(-(p * jnp.log(p) + (1 - p) * jnp.log(1 - p)))


def r19f_xlogx_no_minus(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    return jnp.where(inside, safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe), 0.0)


def r19f_xlogx_stop_gradient(p):
    inside = (p > 0) & (p < 1)
    safe = jnp.where(inside, p, 0.5)
    h = jnp.where(inside, -(safe * jnp.log(safe) + (1 - safe) * jnp.log(1 - safe)), 0.0)
    return jax.lax.stop_gradient(h)


def r19f_prices_nonzero(prices):
    i = jnp.nonzero(prices <= 0)[0][0]
    checkify.check(jnp.all(prices > 0), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


def r19f_prices_argwhere(prices):
    i = jnp.argwhere(prices <= 0)[0, 0]
    checkify.check(jnp.all(prices > 0), "price {} is {}", i, prices[i])
    return jnp.diff(jnp.log(prices))


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "13.xlogx_gradient",
        "wrapped the formula in nan_to_num",
        lambda: r19f_xlogx_nan_to_num,
        named="still-not-finite",
    ),
    Wrong(
        "13.xlogx_gradient",
        "forgot the leading minus",
        lambda: r19f_xlogx_no_minus,
        named="negated",
    ),
    Wrong(
        "13.xlogx_gradient",
        "stop_gradient on the whole formula",
        lambda: r19f_xlogx_stop_gradient,
        named="stopped-everywhere",
    ),
    Wrong(
        "13.check_prices",
        "jnp.nonzero without size",
        lambda: r19f_prices_nonzero,
        named="value-sized",
    ),
    Wrong(
        "13.check_prices",
        "jnp.argwhere without size",
        lambda: r19f_prices_argwhere,
        named="value-sized",
    ),
)


# --- round 20 (fix20-b): the error's position counted from 1, the smallest price named,
# a 0.0 not searched for, the price left out, returns over another lag (audit G: told only
# that the error does not name the first bad price, or a shape)
from tests.content.wrong_answers.round20 import lesson13 as _r20  # noqa: E402

WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "13.check_prices",
        "reports a 1-based position (round 20)",
        lambda: _r20.r20_prices_one_based,
        named="position-from-one",
    ),
    Wrong(
        "13.check_prices",
        "argmin: names the smallest price, not the first (round 20)",
        lambda: _r20.r20_prices_argmin,
        named="smallest-named",
    ),
    Wrong(
        "13.check_prices",
        "position found with prices < 0: zeros missed (round 20)",
        lambda: _r20.r20_prices_strict_negative_index,
        named="zero-not-searched",
    ),
    Wrong(
        "13.check_prices",
        "names the position but not the price (round 20)",
        lambda: _r20.r20_prices_position_only,
        named="price-missing",
    ),
    Wrong(
        "13.check_prices",
        "returns over two steps, another variant (round 20)",
        lambda: _r20.r20_prices_two_steps,
        named="other-lag",
    ),
)
