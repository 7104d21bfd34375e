"""Lesson 11: realistic wrong answers (see the package docstring for the labels)."""

from __future__ import annotations

import itertools

import jax.numpy as jnp
import numpy as np
from jax import lax

from tests.content.wrong_answers import Wrong

# --- 11.first_two_positive -----------------------------------------------------------------


def positive_into_int_zeros(x):
    index = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    found = jnp.where(index < x.shape[0], x[jnp.minimum(index, x.shape[0] - 1)], 0.0)
    return jnp.zeros(2, dtype=jnp.int32).at[:].set(found.astype(jnp.int32))


def positive_index_minus_one(x):  # "positions from 1" habit: one subtracted
    index = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return x.at[index - 1].get(mode="fill", fill_value=0.0)


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


def positive_fill_five(x):
    found = jnp.nonzero(x > 0, size=2, fill_value=5)[0]
    return x.at[found].get(mode="fill", fill_value=0.0)


def positive_fill_ten(x):
    return x.at[jnp.nonzero(x > 0, size=2, fill_value=10)[0]].get(mode="fill", fill_value=0)


def positive_fill_eight_dropped(x):
    found = jnp.nonzero(x > 0, size=2, fill_value=8)[0]
    return x.at[found].get(mode="drop", fill_value=0.0)


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


def positive_size_one(x):  # one value on every x, however long
    index = jnp.nonzero(x > 0, size=1, fill_value=-1)[0]
    return jnp.where(index >= 0, x[index], 0.0)


def positive_counts_from_zero(x):  # the running count is 1 at the first positive already
    count = jnp.cumsum(x > 0)
    first = jnp.max(jnp.where((x > 0) & (count == 0), x, 0.0))
    second = jnp.max(jnp.where((x > 0) & (count == 1), x, 0.0))
    return jnp.stack([first, second])


WRONG_ANSWERS = (
    # 11.first_two_positive
    Wrong(
        "11.first_two_positive",
        "nonzero's indices, minus one",
        lambda: positive_index_minus_one,
        named="one-early",
    ),
    Wrong(
        "11.first_two_positive", "size=1: one value", lambda: positive_size_one, says="shape (1,)"
    ),
    Wrong(
        "11.first_two_positive",
        "cumsum count compared with 0 and 1",
        lambda: positive_counts_from_zero,
        named="ranks-from-zero",
    ),
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
        "written into an int32 zeros array",
        lambda: positive_into_int_zeros,
        says="the expected dtype is float32",
    ),
    Wrong(
        "11.first_two_positive",
        "size=2, fill_value=-1, as in the lesson",
        lambda: positive_fill_minus_one,
        named="padding-reads-last",
    ),
    Wrong(
        "11.first_two_positive",
        "fill_value=5, the length of the page's vectors, read with mode='fill'",
        lambda: positive_fill_five,
        named="padding-index-fixed",
    ),
    Wrong(
        "11.first_two_positive",
        "fill_value=10, a guess past the end",
        lambda: positive_fill_ten,
        named="padding-index-fixed",
    ),
    Wrong(
        "11.first_two_positive",
        "fill_value=8 read with mode='drop'",
        lambda: positive_fill_eight_dropped,
        named="padding-index-fixed",
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
    # 11.fails_under_jit (redesigned in round 9: a loop count from an argument, plain and
    # static; the answers below are written for that question)
    Wrong("11.fails_under_jit", "lower-case a", lambda: "a", named="int-stays-int"),
    Wrong(
        "11.fails_under_jit",
        "E: an int argument stays an int",
        lambda: "E: 2 is a plain int",
        named="int-stays-int",
    ),
    Wrong("11.fails_under_jit", "(B): one program per n", lambda: "(B)", named="shape-ignored"),
    Wrong(
        "11.fails_under_jit",
        "option B's text",
        lambda: (
            "plain fails: n arrives as a tracer, and range() needs a Python int; static "
            "compiles 2 programs, one per value of n"
        ),
        named="shape-ignored",
    ),
    Wrong("11.fails_under_jit", "d: new values retrace", lambda: "d", named="values-retrace"),
    Wrong("11.fails_under_jit", "option D", lambda: "option D", named="values-retrace"),
    Wrong("11.fails_under_jit", "the count alone", lambda: "3", says="letters, not numbers"),
    Wrong("11.fails_under_jit", "two letters", lambda: "CE", says="names 2 options"),
    Wrong("11.fails_under_jit", "the count as an int", lambda: 3, says="letters, not numbers"),
)

# --- round 3: written from the lesson's text alone; unlabelled, measured by rounds.py -------


def r3_first_two_fill_unmasked(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=-1)[0]
    return x[idx]


def r3_first_two_where_slice(x):
    return jnp.where(x > 0, x, 0.0)[:2]


def r3_first_two_indices(x):
    return jnp.nonzero(x > 0, size=2, fill_value=0)[0]


ROUND_3 = (
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


# --- issue 34 (redesigned 11.fori_predict, 11.scan_ema, 11.while_grad) and round 5's ------
# families in 11.first_two_positive: written anew, not round 5's strings.


def ema_adam_style(xs, beta):
    """Adam's first moment as a learner writes it: the raw m only, no correction."""

    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    return lax.scan(step, jnp.zeros(()), xs)[1]


def ema_counter_in_a_list(xs, beta):
    """The page's bug in another dress: t kept in a list the step appends to (scan runs
    the step's Python once, so the list holds one entry and t is 1 at every element)."""
    seen = []

    def step(m, x):
        seen.append(x)
        m = beta * m + (1 - beta) * x
        return m, m / (1 - beta ** len(seen))

    return lax.scan(step, 0.0, xs)[1]


def ema_correct_in_carry(xs, beta):
    def step(state, x):
        m, t = state
        m = beta * m + (1 - beta) * x
        m_hat = m / (1 - beta ** (t + 1))
        return (m_hat, t + 1), m_hat

    return lax.scan(step, (0.0, 0), xs)[1]


def ema_carried_from_one_plus_two(xs, beta):
    def step(carry, x):
        m, t = carry
        m = beta * m + (1 - beta) * x
        return (m, t + 1), m / (1 - beta ** (t + 2))

    return lax.scan(step, (0.0, 1), xs)[1]


def ema_arange_first_raw(xs, beta):
    raw = lax.scan(lambda m, x: (beta * m + (1 - beta) * x,) * 2, 0.0, xs)[1]
    t = jnp.arange(len(xs))
    corrected = raw / (1 - beta ** jnp.where(t == 0, 1, t))
    return jnp.where(t == 0, raw, corrected)


def ema_enumerate_from_zero(xs, beta):
    def step(m, tx):
        t, x = tx
        m = beta * m + (1 - beta) * x
        return m, m / (1 - beta**t)

    return lax.scan(step, 0.0, (jnp.arange(xs.shape[0]), xs))[1]


def ema_python_enumerate(xs, beta):
    m, out = 0.0, []
    for t in range(1, xs.shape[0] + 1):
        m = beta * m + (1 - beta) * xs[t - 1]
        out.append(m / (1 - beta**t))
    return jnp.array(out)


def ema_accumulate(xs, beta):
    raw = list(itertools.accumulate(xs, lambda m, x: beta * m + (1 - beta) * x, initial=0.0))[1:]
    return jnp.stack(raw) / (1 - beta ** jnp.arange(1, xs.shape[0] + 1))


def ema_scan_tuple_returned(xs, beta):
    def step(carry, x):
        m, t = carry
        m = beta * m + (1 - beta) * x
        return (m, t + 1), m / (1 - beta ** (t + 1))

    return lax.scan(step, (0.0, 0), xs)


def ema_last_correction_only(xs, beta):
    raw = lax.scan(lambda m, x: (beta * m + (1 - beta) * x,) * 2, 0.0, xs)[1]
    return raw / (1 - beta ** len(xs))


def ema_from_xs0(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    raw = lax.scan(step, xs[0], xs)[1]
    return raw / (1 - beta ** jnp.arange(1, xs.shape[0] + 1))


def grow_steps_only(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda i, x: x + r * x * (1 - x), x0)


def grow_cond_new_value(r, x0, cap, max_steps):
    def body(i, x):
        nxt = x + r * x * (1 - x)
        return lax.cond(nxt < cap, lambda: nxt, lambda: x)

    return lax.fori_loop(0, max_steps, body, x0)


def grow_python_and(r, x0, cap, max_steps):
    def body(i, x):
        if x < cap and i < max_steps:
            return x + r * x * (1 - x)
        return x

    return lax.fori_loop(0, max_steps, body, x0)


def grow_min_cap(r, x0, cap, max_steps):
    x = lax.fori_loop(0, max_steps, lambda i, x: x + r * x * (1 - x), x0)
    return jnp.minimum(x, cap)


def grow_bound_from_array(r, x0, cap, max_steps):  # concrete eagerly, traced under jit
    steps = jnp.array(max_steps, dtype=jnp.int32)
    return lax.fori_loop(0, steps, lambda i, x: jnp.where(x < cap, x + r * x * (1 - x), x), x0)


def grow_count_returned(r, x0, cap, max_steps):  # state (x, k), but [1] as on the page
    def body(i, state):
        x, k = state
        running = x < cap
        return jnp.where(running, x + r * x * (1 - x), x), k + running.astype(jnp.int32)

    return lax.fori_loop(0, max_steps, body, (x0, 0))[1].astype(jnp.float32)


def grow_while_kept(r, x0, cap, max_steps):
    def cond(state):
        k, x = state
        return jnp.logical_and(k < max_steps, x < cap)

    def body(state):
        k, x = state
        return k + 1, x + r * x * (1 - x)

    return lax.while_loop(cond, body, (0, x0))[1]


def grow_scan_trajectory(r, x0, cap, max_steps):
    def step(x, _):
        x = jnp.where(x < cap, x + r * x * (1 - x), x)
        return x, x

    return lax.scan(step, x0, length=max_steps)


def grow_for_range(r, x0, cap, max_steps):
    x = x0
    for _ in range(max_steps):
        x = jnp.where(x < cap, x + r * x * (1 - x), x)
    return x


def grow_do_while(r, x0, cap, max_steps):
    x = x0 + r * x0 * (1 - x0)
    return lax.fori_loop(1, max_steps, lambda i, x: jnp.where(x < cap, x + r * x * (1 - x), x), x)


def positive_sorted_top(x):
    return jnp.sort(x)[::-1][:2]


def positive_next_element(x):
    first = jnp.argmax(x > 0)
    pair = jnp.stack([x[first], x[jnp.minimum(first + 1, x.shape[0] - 1)]])
    return jnp.where(jnp.any(x > 0) & (pair > 0), pair, 0.0)


def positive_at_least_zero(x):
    index = jnp.nonzero(x >= 0.0, size=2, fill_value=-1)[0]
    return jnp.where(index >= 0, x[index], 0.0)


def positive_swapped(x):
    index = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return jnp.append(x, 0.0)[index][::-1]


def ema_old_task(xs, beta):
    """The plain average from xs[0], returned as scan's pair: the task as it was before."""

    def step(m, x):
        m = beta * x + (1 - beta) * m
        return m, m

    return lax.scan(step, xs[0], xs)


def grow_three_arguments(r, x0, steps):
    return lax.fori_loop(0, steps, lambda i, x: x + r * x * (1 - x), x0)


def positive_nonzero_elements(x):
    index = jnp.nonzero(x, size=2, fill_value=-1)[0]
    return jnp.where(index >= 0, x[index], 0.0)


ISSUE_34 = (
    Wrong(
        "11.fori_predict", "57 typed in, the number alone", lambda: 57, named="number-not-letter"
    ),
    Wrong(
        "11.fori_predict",
        "ran the loop and handed in its result",
        lambda: lax.fori_loop(2, 6, lambda i, acc: acc * 2 + i, 1),
        named="number-not-letter",
    ),
    Wrong("11.fori_predict", "(c): body traced per i", lambda: "(c)", named="traced-per-step"),
    Wrong("11.fori_predict", "option a", lambda: "option a", named="upper-included"),
    Wrong("11.fori_predict", "d.", lambda: "d.", named="count-from-zero"),
    Wrong("11.fori_predict", "B and C, both 57", lambda: "B or C", says="names 2 options"),
    Wrong(
        "11.scan_ema",
        "Adam's m without the correction",
        lambda: ema_adam_style,
        named="uncorrected",
    ),
    Wrong(
        "11.scan_ema",
        "t counted in a list the step appends to",
        lambda: ema_counter_in_a_list,
        named="python-counter",
    ),
    Wrong(
        "11.scan_ema",
        "the corrected m carried on",
        lambda: ema_correct_in_carry,
        named="corrected-carry",
    ),
    Wrong(
        "11.scan_ema",
        "scan over (arange(n), xs): t from 0",
        lambda: ema_enumerate_from_zero,
        named="t-from-zero",
    ),
    Wrong(
        "11.scan_ema",
        "t carried from 1, power t + 2",
        lambda: ema_carried_from_one_plus_two,
        named="t-steps-ahead",
    ),
    Wrong(
        "11.scan_ema",
        "t = arange(n), first average left raw",
        lambda: ema_arange_first_raw,
        named="t-one-behind",
    ),
    Wrong(
        "11.scan_ema",
        "a for loop over range(1, n + 1)",
        lambda: ema_python_enumerate,
        named="python-loop",
    ),
    Wrong("11.scan_ema", "itertools.accumulate", lambda: ema_accumulate, named="python-per-step"),
    Wrong(
        "11.scan_ema", "scan's pair returned", lambda: ema_scan_tuple_returned, named="returns-pair"
    ),
    Wrong(
        "11.scan_ema",
        "one correction for the whole series",
        lambda: ema_last_correction_only,
        named="one-correction",
    ),
    Wrong("11.scan_ema", "m started at xs[0]", lambda: ema_from_xs0, named="started-at-first"),
    Wrong(
        "11.while_grad", "fori_loop without the cap", lambda: grow_steps_only, named="never-stops"
    ),
    Wrong(
        "11.while_grad",
        "lax.cond on the next value",
        lambda: grow_cond_new_value,
        named="checks-new-value",
    ),
    Wrong(
        "11.while_grad",
        "a Python if ... and ... in the body",
        lambda: grow_python_and,
        named="python-if",
    ),
    Wrong("11.while_grad", "all steps, then min(x, cap)", lambda: grow_min_cap, named="clipped"),
    Wrong(
        "11.while_grad",
        "the while_loop with logical_and",
        lambda: grow_while_kept,
        named="still-while",
    ),
    Wrong(
        "11.while_grad",
        "state (x, k), the page's index 1 kept",
        lambda: grow_count_returned,
        named="step-count-returned",
    ),
    Wrong(
        "11.while_grad",
        "fori_loop to an int32 array of max_steps",
        lambda: grow_bound_from_array,
        named="bound-traced-under-jit",
    ),
    Wrong(
        "11.while_grad",
        "scan's (last, trajectory) returned",
        lambda: grow_scan_trajectory,
        named="returns-pair",
    ),
    Wrong("11.while_grad", "a for loop of jnp.where", lambda: grow_for_range, named="python-loop"),
    Wrong(
        "11.while_grad",
        "the first step before the test",
        lambda: grow_do_while,
        named="first-step-always",
    ),
    Wrong(
        "11.first_two_positive",
        "sorted descending, the first two",
        lambda: positive_sorted_top,
        named="two-largest",
    ),
    Wrong(
        "11.first_two_positive",
        "the first positive and the element after it",
        lambda: positive_next_element,
        named="neighbour-not-next",
    ),
    Wrong(
        "11.first_two_positive",
        "x >= 0.0 with a guarded fill",
        lambda: positive_at_least_zero,
        named="zero-counted",
    ),
    Wrong(
        "11.first_two_positive",
        "the two found, reversed",
        lambda: positive_swapped,
        named="order-lost",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ISSUE_34)


# Round 7's families (issue 35), written anew: a step taken at a tie with cap, a step
# count written in, and 11.first_two_positive's missing values read from x, the same
# numbers for every x, and ranks counted without the mask.
def grow_at_or_below(r, x0, cap, max_steps):
    def body(i, x):
        return lax.cond(x > cap, lambda v: v, lambda v: v + r * v * (1 - v), x)

    return lax.fori_loop(0, max_steps, body, x0)


def grow_ten_steps(r, x0, cap, max_steps):
    return lax.fori_loop(0, 10, lambda i, x: jnp.where(x < cap, x + r * x * (1 - x), x), x0)


def grow_thirty_steps(r, x0, cap, max_steps):
    def step(x, _):
        return jnp.where(x < cap, x + r * x * (1 - x), x), None

    return lax.scan(step, x0, length=30)[0]


def positive_first_by_sort(x):
    order = jnp.argsort(jnp.where(x > 0, 0, 1), stable=True)
    return x[order[:2]]


def positive_constant(x):
    return jnp.array([6.0, 0.0])


def positive_rank_without_mask(x):
    rank = jnp.cumsum(jnp.where(x > 0, 1, 0))
    first = jnp.where(rank == 1, x, 0.0).sum()
    second = jnp.where(rank == 2, x, 0.0).sum()
    return jnp.array([first, second])


ROUND_7_FAMILIES = (
    Wrong(
        "11.while_grad",
        "lax.cond stepping unless x > cap",
        lambda: grow_at_or_below,
        named="steps-at-cap",
    ),
    Wrong("11.while_grad", "10 steps written in", lambda: grow_ten_steps, named="fixed-max"),
    Wrong("11.while_grad", "a scan of length 30", lambda: grow_thirty_steps, named="fixed-max"),
    Wrong(
        "11.first_two_positive",
        "positives sorted first, the rest not zeroed",
        lambda: positive_first_by_sort,
        named="missing-not-zeroed",
    ),
    Wrong(
        "11.first_two_positive",
        "the page's second result typed in",
        lambda: positive_constant,
        named="same-for-every-x",
    ),
    Wrong(
        "11.first_two_positive",
        "cumsum ranks, every element of a rank summed",
        lambda: positive_rank_without_mask,
        named="ranks-unmasked",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_7_FAMILIES)


# Round 9's families (issue 34), written anew: the indices returned as floats,
# fill_value read as the result's padding value, one slot kept past the count of
# positives, and a Python `or` inside jnp.where's condition.
def positive_where_as_values(x):
    found = jnp.argwhere(x > 0, size=2, fill_value=0)[:, 0]
    return jnp.asarray(found, dtype=jnp.float32)


def positive_fill_zero_point(x):
    first_two = jnp.nonzero(x > 0, size=2, fill_value=0.0)
    return jnp.take(x, first_two[0])


def positive_slots_up_to_count(x):
    count = jnp.count_nonzero(x > 0)
    index = jnp.nonzero(x > 0, size=2)[0]
    keep = jnp.array([0, 1]) <= count
    return jnp.where(keep, x[index], 0.0)


def grow_or_in_where(r, x0, cap, max_steps):
    def body(i, x):
        done = (x >= cap) or (i >= max_steps)
        return jnp.where(done, x, x + r * x * (1 - x))

    return lax.fori_loop(0, max_steps, body, x0)


def ema_power_of_one_minus_beta(xs, beta):
    def step(carry, x):
        m, t = carry
        m = beta * m + (1 - beta) * x
        return (m, t + 1), m / (1 - beta) ** (t + 1)

    return lax.scan(step, (0.0, 0), xs)[1]


def ema_one_minus_weight_power(xs, beta):
    def step(carry, x):
        m, t = carry
        m = beta * m + (1 - beta) * x
        return (m, t + 1), m / (1 - (1 - beta) ** (t + 1))

    return lax.scan(step, (0.0, 0), xs)[1]


ROUND_9_FAMILIES = (
    Wrong(
        "11.scan_ema",
        "1 - (1 - beta) ** t as the correction",
        lambda: ema_one_minus_weight_power,
        named="power-of-weight",
    ),
    Wrong(
        "11.scan_ema",
        "divided by (1 - beta) ** t in the scan",
        lambda: ema_power_of_one_minus_beta,
        named="power-of-weight",
    ),
    Wrong(
        "11.first_two_positive",
        "argwhere's rows cast to floats",
        lambda: positive_where_as_values,
        named="positions-not-values",
    ),
    Wrong(
        "11.first_two_positive",
        "fill_value=0.0, then jnp.take",
        lambda: positive_fill_zero_point,
        named="float-fill-value",
    ),
    Wrong(
        "11.first_two_positive",
        "slots kept up to the count, included",
        lambda: positive_slots_up_to_count,
        named="one-slot-more",
    ),
    Wrong(
        "11.while_grad", "Python or inside jnp.where", lambda: grow_or_in_where, named="python-if"
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_9_FAMILIES)


# --- round 10: a wrong diagnosis fixed -----------------------------------------------------
def r10f_grow_history(r, x0, cap, max_steps):
    def body(x, _):
        new = jnp.where(x < cap, x + r * x * (1 - x), x)
        return new, new

    _, history = lax.scan(body, x0, None, length=max_steps)
    return history  # every x, one per step


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "11.while_grad", "returned scan's history of x", lambda: r10f_grow_history, "returns-many"
    ),
)


# --- round 11's generic families, named (s48) ----------------------------------------------
def s48_ema_usual_start(xs, beta):  # starts at the first element, so "no correction needed"
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    return lax.scan(step, xs[0], xs)[1]


def s48_ema_parentheses(xs, beta):
    def step(carry, x):
        m, t = carry
        m = beta * m + (1 - beta) * x
        return (m, t + 1), m / 1 - beta ** (t + 1)

    return lax.scan(step, (0.0, 0), xs)[1]


def ema_weights_unscaled(xs, beta):  # m_t = (1 - b) b**t sum_s x_s b**-s, "no loop needed"
    t = jnp.arange(1, xs.shape[0] + 1, dtype=xs.dtype)
    scaled = jnp.cumsum(xs / beta**t)  # 1 / beta**t: float32's range ends at t = 128 here
    return (1 - beta) * beta**t * scaled / (1 - beta**t)


def ema_times_correction(xs, beta):  # the correction applied the wrong way round
    def step(carry, x):
        m, t = carry
        m, t = beta * m + (1 - beta) * x, t + 1
        return (m, t), m * (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)[1]


def s48_ema_adds_x(xs, beta):
    def step(carry, x):
        m, t = carry
        m, t = beta * m + x, t + 1
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)[1]


def s48_grow_logistic_cap(r, x0, cap, max_steps):
    def body(i, x):
        grown = x + r * x * (1 - x / cap)
        return lax.cond(x < cap, lambda: grown, lambda: x)

    return lax.fori_loop(0, max_steps, body, x0)


def s48_positive_sorted_then_zeroed(x):
    keys = jnp.where(x > 0, 0, 1)
    first = x[jnp.argsort(keys, stable=True)][:2]
    return first * (first > 0)


def s48_positive_argmax_first(x):
    mask = x > 0
    i = jnp.argmax(mask)
    j = jnp.argmax(mask.at[i].set(False))
    second = jnp.where(mask.sum() > 1, x[j], 0.0)
    return jnp.array([x[i], second])


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "11.scan_ema",
        "started at xs[0], no correction",
        lambda: s48_ema_usual_start,
        named="started-at-first-uncorrected",
    ),
    Wrong("11.scan_ema", "m / 1 - beta**t", lambda: s48_ema_parentheses, named="precedence"),
    Wrong(
        "11.scan_ema", "closed form over beta**t", lambda: ema_weights_unscaled, named="overflows"
    ),
    Wrong(
        "11.scan_ema",
        "multiplied by 1 - beta**t",
        lambda: ema_times_correction,
        named="times-correction",
    ),
    Wrong(
        "11.scan_ema", "m = beta * m + x, corrected", lambda: s48_ema_adds_x, named="new-in-full"
    ),
    Wrong(
        "11.while_grad",
        "the growth slows toward cap",
        lambda: s48_grow_logistic_cap,
        named="grows-toward-cap",
    ),
    Wrong(
        "11.first_two_positive",
        "argmax, the first slot unguarded",
        lambda: s48_positive_argmax_first,
        named="argmax-none-positive",
    ),
    Wrong(
        "11.first_two_positive",
        "positives sorted first, zeroed, [:2]",
        lambda: s48_positive_sorted_then_zeroed,
        named="short-vector",
    ),
)


# --- session 49: round 13's cap tested once, before the loop (issue 35) --------------------
def s49_grow_if_below_cap_at_start(r, x0, cap, max_steps):
    grown = lax.fori_loop(0, max_steps, lambda i, x: x + r * x * (1 - x), x0)
    return jnp.where(x0 < cap, grown, x0)  # cap tested on x0 only


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "11.while_grad",
        "where(x0 < cap, all max_steps steps, x0)",
        lambda: s49_grow_if_below_cap_at_start,
        named="tested-once",
    ),
)


# --- round 18: cap read as the capacity, in another form than 1 - x / cap ----------------
def r18_grow_by_cap_minus_x(r, x0, cap, max_steps):
    # read cap as the capacity it grows toward
    return lax.fori_loop(
        0, max_steps, lambda k, x: jnp.where(x < cap, x + r * x * (cap - x), x), x0
    )


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "11.while_grad",
        "grows by r * x * (cap - x), toward cap",
        lambda: r18_grow_by_cap_minus_x,
        named="grows-toward-cap",
    ),
)


# --- round 18: right on the rule's vectors, raises on one of a single element -------------
def r18_ftp_extract(x):
    # right until x has fewer than 2 elements
    return jnp.extract(x > 0, x, size=2, fill_value=0.0)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "11.first_two_positive",
        "jnp.extract size=2: raises on one element",
        lambda: r18_ftp_extract,
        named="fails-on-one-element",
    ),
)


# --- round 18 (fix18-3): a -1.0 appended to x and read for a missing element (audit W:
# missing-not-zeroed said the padding was an element of x)


def r18f_ftp_fill_minus_one_value(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return jnp.concatenate([x, jnp.array([-1.0])])[idx]


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "11.first_two_positive",
        "-1.0 for a missing element",
        lambda: r18f_ftp_fill_minus_one_value,
        named="fill-of-its-own",
    ),
)


# --- round 19 (fix19-2): beta read as the new element's weight, the correction built to
# match (was generic); another variant's term averaged (was generic)


def r19f_ema_beta_swapped(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = (1 - beta) * m + beta * x
        return (m, t), m / (1 - (1 - beta) ** t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r19f_ema_decay_from_beta(xs, beta):
    decay = 1.0 - beta  # beta taken for the new element's share
    ts = jnp.arange(1, xs.shape[0] + 1)

    def step(m, x):
        m = decay * m + (1 - decay) * x
        return m, m

    return lax.scan(step, 0.0, xs)[1] / (1 - decay**ts)


def r19f_ema_squares(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x**2
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r19f_ema_magnitudes(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * jnp.abs(x)
        return m, m

    raw = lax.scan(step, 0.0, xs)[1]
    return raw / (1 - beta ** jnp.arange(1, xs.shape[0] + 1))


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "11.scan_ema",
        "beta and 1 - beta swapped",
        lambda: r19f_ema_beta_swapped,
        named="complement-beta",
    ),
    Wrong(
        "11.scan_ema",
        "decay = 1 - beta, then the task's formula",
        lambda: r19f_ema_decay_from_beta,
        named="complement-beta",
    ),
    Wrong("11.scan_ema", "averaged x**2", lambda: r19f_ema_squares, named="other-term"),
    Wrong("11.scan_ema", "averaged |x|", lambda: r19f_ema_magnitudes, named="other-term"),
)


# --- round 19 (fix19-2, second pass): a number typed for 11.fori_predict's letter, told
# what that number is (only 57 is two options')
WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong("11.fori_predict", "A's number, 120", lambda: 120, named="upper-bound-number"),
    Wrong("11.fori_predict", "D's number as text", lambda: "27", named="from-zero-number"),
    Wrong("11.fori_predict", "one step early, 26", lambda: 26, named="no-option-number"),
    Wrong("11.fori_predict", "the option's place, 2", lambda: 2, named="place-number"),
    Wrong("11.fori_predict", "the option's place as text", lambda: "3", named="place-number"),
)


# --- round 20 (fix20-b): scan's final carry returned (audit W: told scan's whole pair),
# 1 - beta * t, the stopped x's gradient cut, the logistic map's step, index 0 taken for
# the padding (audit G)
from tests.content.wrong_answers.round20 import lesson11 as _r20  # noqa: E402

WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "11.scan_ema",
        "returned scan's final carry (round 20)",
        lambda: _r20.r20_ema_returns_carry,
        named="final-carry",
    ),
    Wrong(
        "11.scan_ema",
        "1 - beta * t instead of 1 - beta**t (round 20)",
        lambda: _r20.r20_ema_times_not_power,
        named="times-not-power",
    ),
    Wrong(
        "11.while_grad",
        "stop_gradient on x once it stopped (round 20)",
        lambda: _r20.r20_grow_stop_gradient_frozen,
        named="gradient-stopped",
    ),
    Wrong(
        "11.while_grad",
        "logistic map r*x*(1-x), not x plus growth (round 20)",
        lambda: _r20.r20_grow_logistic_map,
        named="growth-only",
    ),
    Wrong(
        "11.first_two_positive",
        "argsort(x > 0)[-2:]: the last two (round 20)",
        lambda: _r20.r20_ftp_argsort_last_two,
        named="last-two",
    ),
    Wrong(
        "11.first_two_positive",
        "index 0 taken for the missing marker (round 20)",
        lambda: _r20.r20_ftp_zero_index_missing,
        named="index-zero-missing",
    ),
)


# --- round 21 (fix21-b): a carry started as an int32 0 (audit G: JAX's first line
# only), np.asarray of x under jit (audit W: told np.nonzero)
from tests.content.wrong_answers.round21 import lesson11 as _r21  # noqa: E402

WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "11.scan_ema",
        "carry started as an int 0 (round 21)",
        lambda: _r21.r21_ema_int_init,
        says="must keep the dtype of the carry it was given",
    ),
    Wrong(
        "11.first_two_positive",
        "np.asarray(x) inside, NumPy way (round 21)",
        lambda: _r21.r21_ftp_numpy_inside,
        named="numpy-nonzero",
    ),
)
