from __future__ import annotations

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---- 11.scan_ema: wrong ----------------------------------------------------------------

def r4_ema_python_loop(xs, alpha):
    m = xs[0]
    averages = []
    for x in xs:
        m = alpha * x + (1 - alpha) * m
        averages.append(m)
    return m, jnp.stack(averages)


def r4_ema_zero_start(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m
    return lax.scan(step, 0.0, xs)


def r4_ema_skip_first(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m
    return lax.scan(step, xs[0], xs[1:])


def r4_ema_alpha_swapped(xs, alpha):
    def step(m, x):
        m = (1 - alpha) * x + alpha * m
        return m, m
    return lax.scan(step, xs[0], xs)


def r4_ema_outputs_old_carry(xs, alpha):
    def step(m, x):
        new = alpha * x + (1 - alpha) * m
        return new, m  # emits the average before this element's update
    return lax.scan(step, xs[0], xs)


def r4_ema_only_stacked(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m
    _, averages = lax.scan(step, xs[0], xs)
    return averages


def r4_ema_swapped_return(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m
    final, averages = lax.scan(step, xs[0], xs)
    return averages, final


R4_ALPHA = 0.3  # the value the learner tried in their own cell


def r4_ema_global_alpha(xs, alpha):
    def step(m, x):
        m = R4_ALPHA * x + (1 - R4_ALPHA) * m
        return m, m
    return lax.scan(step, xs[0], xs)


def r4_ema_closed_form_no_init(xs, alpha):
    # vectorised "weights" form that forgets the start term: the first average is alpha * xs[0]
    n = xs.shape[0]
    t = jnp.arange(n)
    weights = alpha * (1 - alpha) ** (t[:, None] - t[None, :])
    weights = jnp.where(t[None, :] <= t[:, None], weights, 0.0)
    averages = weights @ xs
    return averages[-1], averages


def r4_ema_mean_start(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m
    return lax.scan(step, jnp.mean(xs), xs)


# ---- 11.scan_ema: right ----------------------------------------------------------------

def r4_ema_scan_named(xs, alpha):
    def update(state, x):
        state = state + alpha * (x - state)
        return state, state
    return lax.scan(update, init=xs[0], xs=xs)


def r4_ema_tuple_carry(xs, alpha):
    def step(carry, x):
        m, a = carry
        m = a * x + (1.0 - a) * m
        return (m, a), m
    (final, _), averages = lax.scan(step, (xs[0], alpha), xs)
    return final, averages


def r4_ema_unrolled_scan(xs, alpha):
    beta = 1 - alpha
    return jax.lax.scan(lambda m, x: (beta * m + alpha * x,) * 2, xs[0], xs, unroll=4)


# ---- 11.while_grad: wrong --------------------------------------------------------------

def r4_logistic_python_loop(r, x0, steps):
    x = x0
    for _ in range(steps):
        x = r * x * (1 - x)
    return x


def r4_logistic_while_kept(r, x0, steps):
    def keep_going(state):
        return state[0] < steps

    def one_step(state):
        k, x = state
        return k + 1, r * x * (1 - x)

    return lax.while_loop(keep_going, one_step, (0, x0))[1]


def r4_logistic_one_short(r, x0, steps):
    return lax.fori_loop(0, steps - 1, lambda i, x: r * x * (1 - x), x0)


def r4_logistic_one_extra(r, x0, steps):
    return lax.fori_loop(0, steps + 1, lambda i, x: r * x * (1 - x), x0)


def r4_logistic_precedence(r, x0, steps):
    return lax.fori_loop(0, steps, lambda i, x: r * x * 1 - x, x0)


@jax.jit
def r4_logistic_jitted(r, x0, steps):
    return lax.fori_loop(0, steps, lambda i, x: r * x * (1 - x), x0)


def r4_logistic_stacked(r, x0, steps):
    def step(x, _):
        x = r * x * (1 - x)
        return x, x
    return lax.scan(step, x0, length=steps)[1]


def r4_logistic_five_steps(r, x0, steps):
    return lax.fori_loop(0, 5, lambda i, x: r * x * (1 - x), x0)


def r4_logistic_args_swapped(r, x0, steps):
    return lax.fori_loop(0, steps, lambda i, x: x0 * x * (1 - x), r)


def r4_logistic_counter_returned(r, x0, steps):
    def body(i, state):
        k, x = state
        return k + 1, r * x * (1 - x)
    return lax.fori_loop(0, steps, body, (0.0, x0))[0]


# ---- 11.while_grad: right --------------------------------------------------------------

def r4_logistic_scan_length(r, x0, steps):
    final, _ = lax.scan(lambda x, _: (r * x * (1 - x), None), x0, None, length=steps)
    return final


def r4_logistic_fori_shifted(r, x0, steps):
    return lax.fori_loop(1, steps + 1, lambda i, x: r * (x - x * x), x0)


def r4_logistic_scan_arange(r, x0, steps):
    def step(x, k):
        return r * x * (1.0 - x), k
    return lax.scan(step, x0, jnp.arange(steps))[0]


def r4_logistic_fori_state(r, x0, steps):
    def body(i, state):
        k, x = state
        return k + 1, r * x * (1 - x)
    return lax.fori_loop(0, steps, body, (0, x0))[1]


# ---- 11.first_two_positive: wrong ------------------------------------------------------

def r4_f2p_default_fill(x):
    idx = jnp.nonzero(x > 0, size=2)[0]  # fill_value defaults to 0: x[0] for a missing one
    return x[idx]


def r4_f2p_fill_minus_one(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=-1)[0]  # -1 reads the last element
    return x[idx]


def r4_f2p_first_two_masked(x):
    return jnp.where(x > 0, x, 0.0)[:2]


def r4_f2p_largest_two(x):
    return jnp.sort(jnp.where(x > 0, x, 0.0))[::-1][:2]


def r4_f2p_boolean_mask(x):
    found = x[x > 0][:2]
    return jnp.concatenate([found, jnp.zeros(2 - found.shape[0])])


def r4_f2p_nonnegative(x):
    mask = x >= 0
    idx = jnp.nonzero(mask, size=2, fill_value=0)[0]
    count = jnp.sum(mask)
    return jnp.where(jnp.arange(2) < count, x[idx], 0.0)


def r4_f2p_indices(x):
    return jnp.nonzero(x > 0, size=2, fill_value=0)[0]


def r4_f2p_nan_fill(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return x.at[idx].get(mode="fill", fill_value=jnp.nan)


def r4_f2p_python_if(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=0)[0]
    found = x[idx]
    if jnp.sum(x > 0) < 2:
        found = found.at[1].set(0.0)
    return found


def r4_f2p_last_two(x):
    idx = jnp.nonzero(x[::-1] > 0, size=2, fill_value=x.shape[0])[0]
    padded = jnp.concatenate([x[::-1], jnp.zeros(1)])
    return padded[idx]


# ---- 11.first_two_positive: right ------------------------------------------------------

def r4_f2p_pad_index(x):
    padded = jnp.concatenate([x, jnp.zeros(1, dtype=x.dtype)])
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return padded[idx]


def r4_f2p_where_count(x):
    positive = x > 0
    idx = jnp.nonzero(positive, size=2, fill_value=0)[0]
    return jnp.where(jnp.arange(2) < jnp.count_nonzero(positive), x[idx], 0.0)


def r4_f2p_fill_mode(x):
    (idx,) = jnp.nonzero(x > 0, size=2, fill_value=len(x))
    return x.at[idx].get(mode="fill", fill_value=0.0)


def r4_f2p_stable_sort(x):
    order = jnp.argsort(~(x > 0), stable=True)  # positives first, in their order
    picked = x[order[:2]]
    return jnp.where(picked > 0, picked, 0.0)


ROUND_4 = (
    # 11.fori_predict
    Wrong("11.fori_predict", "counted i up to and including 6 (range(2, 7)): 57 * 2 + 6",
          lambda: 120),
    Wrong("11.fori_predict", "ran i from 0 to 3 (four steps counted from zero, not from lower=2)",
          lambda: 27),
    Wrong("11.fori_predict", "only three passes, i = 2, 3, 4 (upper bound minus one too early)",
          lambda: 26),
    Wrong("11.fori_predict", "i from 3 to 6 (started one after lower, ended at upper)",
          lambda: 72),
    Wrong("11.fori_predict", "dropped the + i: just doubled four times", lambda: 16),
    Wrong("11.fori_predict", "i from 0 to 5 (six steps, range(0, 6)) from 1", lambda: 121),
    Wrong("11.fori_predict", "read the body as acc * (2 + i): 1 * 4 * 5 * 6 * 7", lambda: 840),
    Wrong("11.fori_predict", "answered the number of iterations, 4, not the value", lambda: 4),
    Wrong("11.fori_predict", "stopped after two passes (i = 2, 3)", lambda: 11),
    # 11.scan_ema
    Wrong("11.scan_ema", "Python for loop over xs instead of lax.scan (right values, but the "
          "task refuses a Python loop)", lambda: r4_ema_python_loop),
    Wrong("11.scan_ema", "carry started at 0.0 instead of xs[0]", lambda: r4_ema_zero_start),
    Wrong("11.scan_ema", "scanned over xs[1:] since the first average is xs[0]: final right, "
          "but the stacked averages miss the first one (length n - 1)",
          lambda: r4_ema_skip_first),
    Wrong("11.scan_ema", "alpha and 1 - alpha swapped: m = (1 - alpha) * x + alpha * m",
          lambda: r4_ema_alpha_swapped),
    Wrong("11.scan_ema", "step returns (new average, old average): the stacked outputs lag by "
          "one step", lambda: r4_ema_outputs_old_carry),
    Wrong("11.scan_ema", "returns only the stacked averages, not scan's (final, stacked) pair",
          lambda: r4_ema_only_stacked),
    Wrong("11.scan_ema", "returns (stacked, final): the pair in the wrong order",
          lambda: r4_ema_swapped_return),
    Wrong("11.scan_ema", "step uses a global R4_ALPHA = 0.3 from the learner's test cell, not "
          "the alpha argument: right only when alpha is 0.3", lambda: r4_ema_global_alpha),
    Wrong("11.scan_ema", "vectorised weighted-sum formula without the start term: the first "
          "average is alpha * xs[0], not xs[0]", lambda: r4_ema_closed_form_no_init),
    Wrong("11.scan_ema", "carry started at jnp.mean(xs) instead of xs[0]",
          lambda: r4_ema_mean_start),
    # 11.while_grad
    Wrong("11.while_grad", "Python for loop over range(steps): grad works but the task asks for "
          "a lax loop, no Python loop", lambda: r4_logistic_python_loop),
    Wrong("11.while_grad", "kept lax.while_loop (reworded): reverse-mode grad still refuses it",
          lambda: r4_logistic_while_kept),
    Wrong("11.while_grad", "fori_loop(0, steps - 1, ...): one step short",
          lambda: r4_logistic_one_short),
    Wrong("11.while_grad", "fori_loop(0, steps + 1, ...): one step too many",
          lambda: r4_logistic_one_extra),
    Wrong("11.while_grad", "operator precedence: r * x * 1 - x, i.e. (r - 1) * x, instead of "
          "r * x * (1 - x)", lambda: r4_logistic_precedence),
    Wrong("11.while_grad", "decorated with @jax.jit without static steps: steps is traced, so "
          "fori_loop becomes a while_loop and grad refuses it (values right)",
          lambda: r4_logistic_jitted),
    Wrong("11.while_grad", "returns scan's stacked outputs (every x) instead of the final carry: "
          "not a scalar, so value_and_grad fails", lambda: r4_logistic_stacked),
    Wrong("11.while_grad", "hard-coded 5 steps (the lesson's example) and ignores steps: right "
          "only for steps=5", lambda: r4_logistic_five_steps),
    Wrong("11.while_grad", "mixed up r and x0: x0 is used as the rate and r as the start",
          lambda: r4_logistic_args_swapped),
    Wrong("11.while_grad", "carried (k, x) through fori_loop and returned index [0], the step "
          "counter, not x", lambda: r4_logistic_counter_returned),
    # 11.fails_under_jit
    Wrong("11.fails_under_jit", "'A': thought only the boolean mask fails, missing the while "
          "loop's traced condition", lambda: "A"),
    Wrong("11.fails_under_jit", "'B': thought the Python for loop also fails under jit (it only "
          "needs x.shape[0], which is static)", lambda: "B"),
    Wrong("11.fails_under_jit", "'D': thought argmax's value-dependent result fails too (its "
          "shape is fixed)", lambda: "D"),
    Wrong("11.fails_under_jit", "'E': thought every Python construct and value-dependent op "
          "fails under jit", lambda: "E"),
    Wrong("11.fails_under_jit", "'b' (lowercase B): Python for loop believed to fail",
          lambda: "b"),
    Wrong("11.fails_under_jit", "'d ' with a space: argmax believed to fail", lambda: "d "),
    Wrong("11.fails_under_jit", "the int 2 (meaning option C as the third, counted from zero) "
          "instead of a letter", lambda: 2),
    Wrong("11.fails_under_jit", "an empty string: thought none of them fails", lambda: ""),
    Wrong("11.fails_under_jit", "left ... unanswered", lambda: ...),
    # 11.first_two_positive
    Wrong("11.first_two_positive", "nonzero with size=2 but the default fill_value 0: a missing "
          "positive becomes x[0] (which may be negative) instead of 0.0; right when there are "
          "two or more positives", lambda: r4_f2p_default_fill),
    Wrong("11.first_two_positive", "fill_value=-1 as in the lesson's nonzero_padded, then x[idx]: "
          "-1 reads the last element instead of giving 0.0", lambda: r4_f2p_fill_minus_one),
    Wrong("11.first_two_positive", "jnp.where(x > 0, x, 0.0)[:2]: the first two elements with "
          "non-positives zeroed, not the first two positive ones", lambda: r4_f2p_first_two_masked),
    Wrong("11.first_two_positive", "sorted the positives and took the two largest: not the "
          "first two, not in order", lambda: r4_f2p_largest_two),
    Wrong("11.first_two_positive", "kept the boolean mask x[x > 0] (value-dependent shape): "
          "fails under jit", lambda: r4_f2p_boolean_mask),
    Wrong("11.first_two_positive", "mask x >= 0 instead of x > 0: zeros counted as positive; "
          "right when x has no zeros", lambda: r4_f2p_nonnegative),
    Wrong("11.first_two_positive", "returns the indices from jnp.nonzero, not the values",
          lambda: r4_f2p_indices),
    Wrong("11.first_two_positive", "pads missing values with NaN (fill mode, fill_value=nan) "
          "instead of 0.0", lambda: r4_f2p_nan_fill),
    Wrong("11.first_two_positive", "Python if on jnp.sum(x > 0) to zero the missing ones: fails "
          "under jit (traced boolean)", lambda: r4_f2p_python_if),
    Wrong("11.first_two_positive", "searched the reversed array: the last two positives, "
          "last first", lambda: r4_f2p_last_two),
)

RIGHT_4 = (
    Right("11.fori_predict", "the int written as 56 + 1", lambda: 56 + 1),
    Right("11.fori_predict", "int('57')", lambda: int("57")),
    Right("11.fori_predict", "hex literal 0x39", lambda: 0x39),
    Right("11.scan_ema", "scan with the carry named state, m + alpha (x - m), keyword init/xs",
          lambda: r4_ema_scan_named),
    Right("11.scan_ema", "carry is (m, alpha); returns (final m, stacked)",
          lambda: r4_ema_tuple_carry),
    Right("11.scan_ema", "lambda step returning (m, m) via tuple * 2, unroll=4",
          lambda: r4_ema_unrolled_scan),
    Right("11.while_grad", "lax.scan with xs=None and length=steps, final carry",
          lambda: r4_logistic_scan_length),
    Right("11.while_grad", "fori_loop(1, steps + 1) with r * (x - x * x)",
          lambda: r4_logistic_fori_shifted),
    Right("11.while_grad", "scan over jnp.arange(steps)", lambda: r4_logistic_scan_arange),
    Right("11.while_grad", "fori_loop carrying the while loop's (k, x) state, returns [1]",
          lambda: r4_logistic_fori_state),
    Right("11.fails_under_jit", "lowercase c", lambda: "c"),
    Right("11.fails_under_jit", "letter with spaces", lambda: "  C "),
    Right("11.fails_under_jit", "letter built with chr", lambda: chr(67)),
    Right("11.first_two_positive", "pad x with one zero and point missing indices at it",
          lambda: r4_f2p_pad_index),
    Right("11.first_two_positive", "nonzero with fill 0, then where on a count of positives",
          lambda: r4_f2p_where_count),
    Right("11.first_two_positive", ".at[].get(mode='fill', fill_value=0.0) with out-of-range "
          "fill indices", lambda: r4_f2p_fill_mode),
    Right("11.first_two_positive", "stable argsort putting positives first",
          lambda: r4_f2p_stable_sort),
)
