"""Lesson 11: realistic wrong answers (see the package docstring for the labels)."""

from __future__ import annotations

import functools
import itertools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from tests.content.wrong_answers import Wrong

# --- 11.scan_ema ----------------------------------------------------------------------------


def ema_python_loop(xs, alpha):
    history = jnp.zeros_like(xs)
    m = xs[0]
    for i in range(len(xs)):
        m = alpha * xs[i] + (1 - alpha) * m
        history = history.at[i].set(m)
    return m, history


def ema_comprehension_helper(xs, alpha):
    m = xs[0]
    history = []
    for x in xs:
        m = alpha * x + (1 - alpha) * m
        history.append(m)
    return history


def ema_loop_in_helper(xs, alpha):
    history = jnp.array(ema_comprehension_helper(xs, alpha))
    return history[-1], history


def ema_zero_start(xs, alpha):
    def step(m, x):
        new = alpha * x + (1 - alpha) * m
        return new, new

    return lax.scan(step, jnp.float32(0), xs)


def ema_as_update(xs, alpha):
    def step(m, x):
        m = m + (1 - alpha) * (x - m)  # "move part of the way"
        return m, m

    return lax.scan(step, xs[0], xs)


def ema_arguments_swapped(xs, alpha):
    def step(x, m):  # element first, as in a for loop
        m = alpha * x + (1 - alpha) * m
        return m, m

    return lax.scan(step, xs[0], xs)


def ema_history(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    final, history = lax.scan(step, xs[0], xs)
    return history


def ema_final(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    final, history = lax.scan(step, xs[0], xs)
    return final


def ema_history_first(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    final, history = lax.scan(step, xs[0], xs)
    return history, final


def ema_old_output(xs, alpha):
    def step(m, x):
        new = alpha * x + (1 - alpha) * m
        return new, m

    return lax.scan(step, xs[0], xs)


def ema_rest(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    return lax.scan(step, xs[0], xs[1:])  # xs[0] is already the start


def ema_single_return(xs, alpha):
    def step(m, x):
        return alpha * x + (1 - alpha) * m

    return lax.scan(step, xs[0], xs)


def ema_carry_all(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    return lax.scan(step, xs, xs)


def ema_list_pair(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    return list(lax.scan(step, xs[0], xs))


# --- 11.while_grad --------------------------------------------------------------------------


def logistic_for(r, x0, steps):
    x = x0
    for _ in range(steps):
        x = r * x * (1 - x)
    return x


@jax.jit
def logistic_jitted(r, x0, steps):
    return lax.fori_loop(0, steps, lambda i, x: r * x * (1 - x), x0)


def logistic_while_le(r, x0, steps):
    def keep_going(state):
        k, x = state
        return k < steps

    def one_step(state):
        k, x = state
        return k + 1, r * x * (1 - x)

    final = lax.while_loop(keep_going, one_step, (0, x0))
    return final[1]


def logistic_one_arg(r, x0, steps):
    def one_step(x):
        return r * x * (1 - x)

    return lax.fori_loop(0, steps, one_step, x0)


def logistic_counter_kept(r, x0, steps):
    def one_step(i, state):
        k, x = state
        return k + 1, r * x * (1 - x)

    return lax.fori_loop(0, steps, one_step, (0, x0))


def logistic_scan_pair(r, x0, steps):
    def one_step(x, _):
        x = r * x * (1 - x)
        return x, x

    return lax.scan(one_step, x0, length=steps)


def logistic_scan_none(r, x0, steps):
    def one_step(x, _):
        x = r * x * (1 - x)
        return x, x

    return lax.scan(one_step, x0, None)[0]


def logistic_from_one(r, x0, steps):
    return lax.fori_loop(1, steps, lambda i, x: r * x * (1 - x), x0)


def logistic_inclusive(r, x0, steps):
    return lax.fori_loop(0, steps + 1, lambda i, x: r * x * (1 - x), x0)


def logistic_fixed_r(r, x0, steps):
    return lax.fori_loop(0, steps, lambda i, x: 3.0 * x * (1 - x), x0)


# --- 11.first_two_positive -----------------------------------------------------------------


def positive_jitted_only(x):
    found = x[jnp.nonzero(x > 0)[0][:2]]
    return jnp.pad(found, (0, 2 - found.shape[0]))


def positive_argwhere(x):
    found = x[jnp.argwhere(x > 0)[:2, 0]]
    return jnp.concatenate([found, jnp.zeros(2 - found.shape[0])])


def positive_mask(x):
    found = x[x > 0][:2]
    return jnp.concatenate([found, jnp.zeros(2 - found.shape[0])])


def positive_fill_minus_one(x):
    index = jnp.nonzero(x > 0, size=2, fill_value=-1)[0]
    return x[index]


def positive_default_fill(x):
    return x[jnp.nonzero(x > 0, size=2)[0]]


def positive_fill_past_end(x):
    index = jnp.nonzero(x > 0, size=2, fill_value=len(x))[0]
    return x[index]  # past the end: "out of bounds", so 0?


def positive_kept_concatenate(x):
    found = x[jnp.nonzero(x > 0, size=2)[0]]
    return jnp.concatenate([found, jnp.zeros(2 - found.shape[0])])


def positive_full_size_then_cut(x):
    index = jnp.nonzero(x > 0, size=x.shape[0], fill_value=-1)[0]
    return x[index][:2]


def positive_full_size(x):
    index = jnp.nonzero(x > 0, size=x.shape[0])[0]
    count = jnp.sum(x > 0)
    return jnp.where(jnp.arange(x.shape[0]) < count, x[index], 0.0)


def positive_where_cut(x):
    return jnp.where(x > 0, x, 0)[:2]


def positive_numpy(x):
    index = np.nonzero(x > 0)[0][:2]
    found = x[index]
    return jnp.concatenate([found, jnp.zeros(2 - len(found))])


def positive_if_loop(x):
    found = []
    for value in x:
        if value > 0 and len(found) < 2:
            found.append(value)
    return jnp.array(found + [0.0] * (2 - len(found)))


def positive_zero_fill_int(x):
    index = jnp.nonzero(x > 0, size=2, fill_value=0)[0]
    return jnp.take(x, index)


WRONG_ANSWERS = (
    # 11.fori_predict
    Wrong(
        "11.fori_predict",
        "ran it from 0, as jnp.array",
        lambda: jnp.array(121),
        named="from-zero",
    ),
    Wrong(
        "11.fori_predict", "6 included, as np.int32", lambda: np.int32(120), named="upper-included"
    ),
    Wrong("11.fori_predict", "four steps with i = 0..3", lambda: 27, named="count-from-zero"),
    Wrong(
        "11.fori_predict",
        "stopped after i = 4",
        lambda: ((1 * 2 + 2) * 2 + 3) * 2 + 4,
        named="one-short",
    ),
    Wrong("11.fori_predict", "doubled four times", lambda: 2**4, named="ignored-i"),
    Wrong(
        "11.fori_predict",
        "added i before doubling",
        lambda: ((((1 + 2) * 2 + 3) * 2 + 4) * 2 + 5) * 2,
        named="added-first",
    ),
    Wrong("11.fori_predict", "sum of the indices", lambda: sum(range(2, 6)), named="sum-of-i"),
    Wrong(
        "11.fori_predict", "the number of passes", lambda: len(range(2, 6)), named="iteration-count"
    ),
    Wrong("11.fori_predict", "the right number, as a float", lambda: 57.0, says="exact integer"),
    Wrong("11.fori_predict", "the right number, quoted", lambda: "57", says="Expected an integer"),
    Wrong("11.fori_predict", "a trailing comma", lambda: (57,), says="Expected an integer"),
    Wrong("11.fori_predict", "an arithmetic slip", lambda: 58, says="off by one"),
    # 11.scan_ema
    Wrong("11.scan_ema", "a for loop with .at[].set", lambda: ema_python_loop, named="python-loop"),
    Wrong(
        "11.scan_ema",
        "the loop moved into a helper",
        lambda: ema_loop_in_helper,
        named="python-loop",
    ),
    Wrong(
        "11.scan_ema",
        "carry starts at float32 zero",
        lambda: ema_zero_start,
        named="started-at-zero",
    ),
    Wrong(
        "11.scan_ema",
        "m + (1 - alpha) * (x - m)",
        lambda: ema_as_update,
        named="weights-swapped",
    ),
    Wrong(
        "11.scan_ema",
        "step(x, m): element first",
        lambda: ema_arguments_swapped,
        named="weights-swapped",
    ),
    Wrong("11.scan_ema", "returned the history", lambda: ema_history, named="history-only"),
    Wrong("11.scan_ema", "returned the final average", lambda: ema_final, named="last-only"),
    Wrong("11.scan_ema", "(history, final)", lambda: ema_history_first, named="outputs-swapped"),
    Wrong("11.scan_ema", "output the old average", lambda: ema_old_output, named="lagged-history"),
    Wrong("11.scan_ema", "scanned xs[1:]", lambda: ema_rest, named="skipped-first"),
    Wrong("11.scan_ema", "step returns one value", lambda: ema_single_return, named="no-pair"),
    Wrong("11.scan_ema", "carry started at xs", lambda: ema_carry_all, named="whole-array-carry"),
    Wrong("11.scan_ema", "the pair as a list", lambda: ema_list_pair, says="list where a tuple"),
    # 11.while_grad
    Wrong("11.while_grad", "a Python for loop", lambda: logistic_for, named="python-loop"),
    Wrong(
        "11.while_grad", "fori_loop, jitted", lambda: logistic_jitted, named="jitted-traced-steps"
    ),
    Wrong("11.while_grad", "the while_loop kept", lambda: logistic_while_le, named="still-while"),
    Wrong(
        "11.while_grad", "body takes x only", lambda: logistic_one_arg, named="one-argument-body"
    ),
    Wrong(
        "11.while_grad",
        "fori_loop carrying the counter",
        lambda: logistic_counter_kept,
        named="returns-pair",
    ),
    Wrong(
        "11.while_grad", "scan's pair returned", lambda: logistic_scan_pair, named="returns-pair"
    ),
    Wrong("11.while_grad", "scan over None", lambda: logistic_scan_none, named="scan-no-length"),
    Wrong(
        "11.while_grad", "fori_loop(1, steps)", lambda: logistic_from_one, named="one-step-short"
    ),
    Wrong(
        "11.while_grad",
        "fori_loop(0, steps + 1)",
        lambda: logistic_inclusive,
        named="one-step-more",
    ),
    Wrong(
        "11.while_grad",
        "r written in as 3.0",
        lambda: logistic_fixed_r,
        says="It is 0, where the expected value is not.",
    ),
    # 11.first_two_positive
    Wrong(
        "11.first_two_positive",
        "padded with jnp.pad",
        lambda: positive_jitted_only,
        named="no-size",
    ),
    Wrong(
        "11.first_two_positive", "jnp.argwhere instead", lambda: positive_argwhere, named="no-size"
    ),
    Wrong("11.first_two_positive", "a boolean mask", lambda: positive_mask, named="boolean-mask"),
    Wrong(
        "11.first_two_positive",
        "size=2, fill_value=-1, as in the lesson",
        lambda: positive_fill_minus_one,
        named="padding-reads-last",
    ),
    Wrong(
        "11.first_two_positive",
        "size=2 and the default fill",
        lambda: positive_default_fill,
        named="padding-reads-first",
    ),
    Wrong(
        "11.first_two_positive",
        "fill_value=len(x), read plainly",
        lambda: positive_fill_past_end,
        named="padding-reads-last",
    ),
    Wrong(
        "11.first_two_positive",
        "size=2 added, the concatenate kept",
        lambda: positive_kept_concatenate,
        named="padding-reads-first",
    ),
    Wrong(
        "11.first_two_positive",
        "size=len(x), fill -1, then [:2]",
        lambda: positive_full_size_then_cut,
        named="padding-reads-last",
    ),
    Wrong(
        "11.first_two_positive",
        "size=len(x) and a count",
        lambda: positive_full_size,
        named="one-per-element",
    ),
    Wrong(
        "11.first_two_positive",
        "jnp.where, then the first two",
        lambda: positive_where_cut,
        named="first-two-elements",
    ),
    Wrong("11.first_two_positive", "np.nonzero", lambda: positive_numpy, named="numpy-nonzero"),
    Wrong(
        "11.first_two_positive", "a loop with an if", lambda: positive_if_loop, named="python-if"
    ),
    Wrong(
        "11.first_two_positive",
        "jnp.take with fill_value=0",
        lambda: positive_zero_fill_int,
        named="padding-reads-first",
    ),
    # 11.fails_under_jit
    Wrong("11.fails_under_jit", "lower-case a", lambda: "a", named="missed-while"),
    Wrong("11.fails_under_jit", "the text of A", lambda: "2 only", named="missed-while"),
    Wrong("11.fails_under_jit", "(B)", lambda: "(B)", named="python-loops-fail"),
    Wrong("11.fails_under_jit", "d with a full stop", lambda: "d.", named="argmax-fails"),
    Wrong("11.fails_under_jit", "the text of D", lambda: "2, 3 and 4", named="argmax-fails"),
    Wrong("11.fails_under_jit", "E", lambda: "E", named="all-fail"),
    Wrong("11.fails_under_jit", "the text of E", lambda: "all four", named="all-fail"),
    Wrong("11.fails_under_jit", "two letters", lambda: "CD", says="names 2 options"),
    Wrong("11.fails_under_jit", "a list", lambda: ["C"], says="is a list"),
    Wrong("11.fails_under_jit", "the option's number", lambda: 3, says="letters, not numbers"),
    Wrong(
        "11.fails_under_jit", "the functions' numbers", lambda: "2 and 4 fail", says="not one of"
    ),
)

# --- round 3: written from the lesson's text alone; unlabelled, measured by rounds.py -------


def r3_ema_scans_the_rest(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    return lax.scan(step, xs[0], xs[1:])


def r3_ema_carry_from_zero(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    return lax.scan(step, 0.0, xs)


def r3_ema_alpha_on_the_average(xs, alpha):
    def step(m, x):
        m = alpha * m + (1 - alpha) * x
        return m, m

    return lax.scan(step, xs[0], xs)


def r3_logistic_from_one(r, x0, steps):
    return lax.fori_loop(1, steps, lambda i, x: r * x * (1 - x), x0)


def r3_logistic_scan_pair(r, x0, steps):
    def step(x, _):
        x = r * x * (1 - x)
        return x, x

    return lax.scan(step, x0, length=steps)


def r3_logistic_whole_state(r, x0, steps):
    def one_step(i, state):
        k, x = state
        return k + 1, r * x * (1 - x)

    return lax.fori_loop(0, steps, one_step, (0, x0))


def r3_first_two_fill_unmasked(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=-1)[0]
    return x[idx]


def r3_first_two_where_slice(x):
    return jnp.where(x > 0, x, 0.0)[:2]


def r3_first_two_indices(x):
    return jnp.nonzero(x > 0, size=2, fill_value=0)[0]


ROUND_3 = (
    Wrong("11.fori_predict", "120: upper bound included", lambda: 120),
    Wrong("11.fori_predict", "27: i counted from 0, four passes", lambda: 27),
    Wrong("11.fori_predict", '"57" as text', lambda: "57"),
    Wrong("11.scan_ema", "scanned over xs[1:]", lambda: r3_ema_scans_the_rest),
    Wrong("11.scan_ema", "carry started at 0.0", lambda: r3_ema_carry_from_zero),
    Wrong("11.scan_ema", "alpha weighs the old average", lambda: r3_ema_alpha_on_the_average),
    Wrong("11.while_grad", "fori_loop(1, steps): one step short", lambda: r3_logistic_from_one),
    Wrong("11.while_grad", "scan's (last, history) returned", lambda: r3_logistic_scan_pair),
    Wrong("11.while_grad", "fori_loop returns the (k, x) state", lambda: r3_logistic_whole_state),
    Wrong("11.fails_under_jit", '"D": argmax depends on values', lambda: "D"),
    Wrong("11.fails_under_jit", '"B": the for loop fails too', lambda: "B"),
    Wrong("11.fails_under_jit", "the option's text for C", lambda: "2 and 4"),
    Wrong(
        "11.first_two_positive",
        "fill_value=-1, x[idx] unmasked",
        lambda: r3_first_two_fill_unmasked,
    ),
    Wrong("11.first_two_positive", "where(x > 0, x, 0)[:2]", lambda: r3_first_two_where_slice),
    Wrong(
        "11.first_two_positive",
        "the indices, not the values",
        lambda: r3_first_two_indices,
        named="positions-not-values",
    ),
)
# Round 3 joins the corpus where it found a family: its labelled answers.
WRONG_ANSWERS = (*WRONG_ANSWERS, *(w for w in ROUND_3 if not w.expects_generic))


# --- issue 35: a symptom another cause shares ------------------------------------------------


def i35_first_two_by_argmax(x):
    first = jnp.argmax(x > 0)
    later = jnp.arange(x.shape[0]) > first
    second = jnp.argmax(later & (x > 0))
    return jnp.stack([x[first], x[second]])


ISSUE_35 = (
    Wrong(
        "11.first_two_positive",
        "two argmax searches",
        lambda: i35_first_two_by_argmax,
        named="argmax-reads-first",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ISSUE_35)
# --- Issue 35's round: loops that a function's bytecode does not show ---------------------


def r4_ema_reduce(xs, alpha):
    averages = functools.reduce(
        lambda acc, x: [*acc, alpha * x + (1 - alpha) * acc[-1]], xs[1:], [xs[0]]
    )
    return averages[-1], jnp.stack(averages)


def r4_ema_map_accumulate(xs, alpha):
    history = list(itertools.accumulate(xs, lambda m, x: alpha * x + (1 - alpha) * m))
    return history[-1], jnp.stack(history)


def r4_logistic_reduce(r, x0, steps):
    return functools.reduce(lambda x, _: r * x * (1 - x), range(steps), x0)


def r4_logistic_exec(r, x0, steps):
    scope = {"r": r, "x": x0}
    exec(f"for _ in range({steps}):\n    x = r * x * (1 - x)\n", scope)
    return scope["x"]


ROUND_4 = (
    Wrong(
        "11.scan_ema",
        "functools.reduce building the list",
        lambda: r4_ema_reduce,
        "python-per-step",
    ),
    Wrong("11.scan_ema", "itertools.accumulate", lambda: r4_ema_map_accumulate, "python-per-step"),
    Wrong(
        "11.while_grad",
        "functools.reduce over range(steps)",
        lambda: r4_logistic_reduce,
        "python-per-step",
    ),
    Wrong(
        "11.while_grad", "the loop in a string, exec'd", lambda: r4_logistic_exec, "python-per-step"
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_4)


# --- families named after round 4 (issue 35): written anew, not round 4's strings --------


def f35_ema_from_first_mean(xs, alpha):
    def step(m, x):
        new = (1 - alpha) * m + alpha * x
        return new, new

    return lax.scan(step, (xs[0] + xs[1]) / 2, xs)


def f35_ema_from_last(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    return lax.scan(step, xs[-1], xs)


ALPHA = 0.5  # a notebook global the learner's step reads


def f35_ema_global_alpha(xs, alpha):
    def step(m, x):
        m = ALPHA * x + (1 - ALPHA) * m
        return m, m

    return lax.scan(step, xs[0], xs)


def f35_logistic_swapped(r, x0, steps):
    return lax.fori_loop(0, steps, lambda i, x: x0 * x * (1 - x), r)


def f35_logistic_five_steps_literal(r, x0, steps):
    x = x0
    return lax.fori_loop(0, 5, lambda i, x: r * x * (1 - x), x)


def f35_logistic_counter(r, x0, steps):
    def body(i, state):
        k, x = state
        return k + 1.0, r * x * (1 - x)

    return lax.fori_loop(0, steps, body, (0.0, x0))[0]


def f35_logistic_no_parens(r, x0, steps):
    def body(i, x):
        return r * x - x

    return lax.fori_loop(0, steps, body, x0)


FAMILIES_35 = (
    Wrong(
        "11.fori_predict",
        "i ran from 3 to 6",
        lambda: (((1 * 2 + 3) * 2 + 4) * 2 + 5) * 2 + 6,
        named="shifted-range",
    ),
    Wrong(
        "11.fori_predict",
        "acc * (2 + i) on each step",
        lambda: 4 * 5 * 6 * 7,
        named="multiplied-index",
    ),
    Wrong(
        "11.fori_predict", "stopped after i = 3", lambda: (1 * 2 + 2) * 2 + 3, named="two-passes"
    ),
    Wrong(
        "11.scan_ema",
        "carry from the mean of the first two",
        lambda: f35_ema_from_first_mean,
        named="started-elsewhere",
    ),
    Wrong(
        "11.scan_ema",
        "carry from the last element",
        lambda: f35_ema_from_last,
        named="started-elsewhere",
    ),
    Wrong(
        "11.scan_ema",
        "a global ALPHA in the step",
        lambda: f35_ema_global_alpha,
        named="ignores-alpha",
    ),
    Wrong(
        "11.while_grad",
        "r and x0 read the other way",
        lambda: f35_logistic_swapped,
        named="arguments-swapped",
    ),
    Wrong(
        "11.while_grad",
        "the lesson's 5 steps written in",
        lambda: f35_logistic_five_steps_literal,
        named="fixed-steps",
    ),
    Wrong(
        "11.while_grad",
        "(k, x) carried, k returned",
        lambda: f35_logistic_counter,
        named="returns-counter",
    ),
    Wrong(
        "11.while_grad",
        "r * x - x in a def body",
        lambda: f35_logistic_no_parens,
        named="precedence",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *FAMILIES_35)
