"""Round 6, lesson 11 (loops and control flow): answers written from the lesson's text alone."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 11.fori_predict


def r6_fori_by_running():
    return int(lax.fori_loop(2, 6, lambda i, acc: acc * 2 + i, 1))


def r6_fori_by_hand():
    acc = 1
    for i in range(2, 6):
        acc = acc * 2 + i
    return acc


# ---------------------------------------------------------------- 11.scan_ema


def r6_ema_zero_start(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    return lax.scan(step, 0.0, xs)


def r6_ema_swapped_alpha(xs, alpha):
    def step(m, x):
        m = (1 - alpha) * x + alpha * m
        return m, m

    return lax.scan(step, xs[0], xs)


def r6_ema_outputs_only(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    final, averages = lax.scan(step, xs[0], xs)
    return averages


def r6_ema_final_only(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    return lax.scan(step, xs[0], xs)[0]


def r6_ema_reversed_pair(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    final, averages = lax.scan(step, xs[0], xs)
    return averages, final


def r6_ema_old_carry_out(xs, alpha):
    def step(m, x):
        new = alpha * x + (1 - alpha) * m
        return new, m  # outputs the average before this element

    return lax.scan(step, xs[0], xs)


def r6_ema_skip_first(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    return lax.scan(step, xs[0], xs[1:])


def r6_ema_python_loop(xs, alpha):
    m = xs[0]
    averages = []
    for x in xs:
        m = alpha * x + (1 - alpha) * m
        averages.append(m)
    return m, jnp.stack(averages)


def r6_ema_outputs_inputs(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, x

    return lax.scan(step, xs[0], xs)


def r6_ema_reverse(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    return lax.scan(step, xs[0], xs, reverse=True)


def r6_ema_scan(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    return lax.scan(step, xs[0], xs)


def r6_ema_increment_form(xs, alpha):
    def pull(average, x):
        average = average + alpha * (x - average)
        return average, average

    return lax.scan(pull, init=xs[0], xs=xs)


def r6_ema_prepend_first(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    final, rest = lax.scan(step, xs[0], xs[1:])
    return final, jnp.concatenate([xs[:1], rest])


def r6_ema_fori_fill(xs, alpha):
    def body(i, state):
        m, out = state
        m = alpha * xs[i] + (1 - alpha) * m
        return m, out.at[i].set(m)

    return lax.fori_loop(0, xs.shape[0], body, (xs[0], jnp.zeros_like(xs)))


# ---------------------------------------------------------------- 11.while_grad


def r6_logistic_while_kept(r, x0, steps):
    def keep_going(state):
        k, x = state
        return k < steps

    def one_step(state):
        k, x = state
        return k + 1, r * x * (1 - x)

    return lax.while_loop(keep_going, one_step, (0, x0))[1]


def r6_logistic_from_one(r, x0, steps):
    return lax.fori_loop(1, steps, lambda i, x: r * x * (1 - x), x0)


def r6_logistic_inclusive(r, x0, steps):
    return lax.fori_loop(0, steps + 1, lambda i, x: r * x * (1 - x), x0)


def r6_logistic_swapped_body(r, x0, steps):
    return lax.fori_loop(0, steps, lambda x, i: r * x * (1 - x), x0)


def r6_logistic_scan_pair(r, x0, steps):
    def step(x, _):
        return r * x * (1 - x), None

    return lax.scan(step, x0, length=steps)


def r6_logistic_scan_stacked(r, x0, steps):
    def step(x, _):
        x = r * x * (1 - x)
        return x, x

    return lax.scan(step, x0, length=steps)[1]


def r6_logistic_state_tuple(r, x0, steps):
    def one_step(i, state):
        k, x = state
        return k + 1, r * x * (1 - x)

    return lax.fori_loop(0, steps, one_step, (0, x0))


_r6_logistic_jitted = jax.jit(lambda r, x0, steps: lax.fori_loop(0, steps, lambda i, x: r * x * (1 - x), x0))


def r6_logistic_jit_traced_steps(r, x0, steps):
    return _r6_logistic_jitted(r, x0, steps)


def r6_logistic_python_loop(r, x0, steps):
    x = x0
    for _ in range(steps):
        x = r * x * (1 - x)
    return x


def r6_logistic_fori(r, x0, steps):
    return lax.fori_loop(0, steps, lambda i, x: r * x * (1 - x), x0)


def r6_logistic_scan(r, x0, steps):
    def step(x, _):
        return r * x * (1.0 - x), None

    final, _ = lax.scan(step, x0, None, length=steps)
    return final


def r6_logistic_fori_counter(r, x0, steps):
    def one_step(i, state):
        k, x = state
        return k + 1, r * x * (1 - x)

    return lax.fori_loop(0, steps, one_step, (0, x0))[1]


# ---------------------------------------------------------------- 11.first_two_positive


def r6_ftp_default_fill(x):
    idx = jnp.nonzero(x > 0, size=2)[0]
    return x[idx]


def r6_ftp_fill_minus_one(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=-1)[0]
    return x[idx]


def r6_ftp_first_two_masked(x):
    return jnp.where(x > 0, x, 0.0)[:2]


def r6_ftp_largest(x):
    return jnp.sort(x)[-2:]


def r6_ftp_boolean_index(x):
    return jnp.concatenate([x[x > 0][:2], jnp.zeros(2)])[:2]


def r6_ftp_indices(x):
    return jnp.nonzero(x > 0, size=2, fill_value=0)[0]


def r6_ftp_nonzero_of_x(x):
    idx = jnp.nonzero(x, size=2, fill_value=-1)[0]
    return jnp.where(idx >= 0, x[idx], 0.0)


def r6_ftp_masked_fill_zero(x):
    masked = jnp.where(x > 0, x, 0.0)
    return masked[jnp.nonzero(x > 0, size=2, fill_value=0)[0]]


def r6_ftp_largest_positive_desc(x):
    return jnp.sort(jnp.where(x > 0, x, 0.0))[::-1][:2]


def r6_ftp_greater_equal(x):
    idx = jnp.nonzero(x >= 0, size=2, fill_value=-1)[0]
    return jnp.where(idx >= 0, x[idx], 0.0)


def r6_ftp_size_three(x):
    idx = jnp.nonzero(x > 0, size=3, fill_value=-1)[0]
    return jnp.where(idx >= 0, x[idx], 0.0)


def r6_ftp_where_minus_one(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=-1)[0]
    return jnp.where(idx >= 0, x[idx], 0.0)


def r6_ftp_pad_and_index(x):
    padded = jnp.append(x, 0.0)
    return padded[jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]]


def r6_ftp_sort_keys(x):
    n = x.shape[0]
    padded = jnp.concatenate([x, jnp.zeros(2, x.dtype)])
    usable = jnp.concatenate([x > 0, jnp.array([True, True])])
    keys = jnp.where(usable, jnp.arange(n + 2), n + 2)
    return padded[jnp.sort(keys)[:2]]


def r6_ftp_cumsum(x):
    positive = x > 0
    rank = jnp.cumsum(positive)
    first = jnp.sum(jnp.where(positive & (rank == 1), x, 0.0))
    second = jnp.sum(jnp.where(positive & (rank == 2), x, 0.0))
    return jnp.stack([first, second])


ROUND_6 = [
    # 11.fori_predict
    Wrong("11.fori_predict", "120: runs i = 2..6 inclusive, one pass too many", lambda: 120),
    Wrong("11.fori_predict", "27: thinks i counts from 0 for four passes (range(4))", lambda: 27),
    Wrong("11.fori_predict", "72: i = 3..6, counts lower as exclusive and upper as inclusive", lambda: 72),
    Wrong("11.fori_predict", "26: three passes, i = 2, 3, 4", lambda: 26),
    Wrong("11.fori_predict", "16: only the doubling, forgets + i", lambda: 16),
    Wrong("11.fori_predict", "41: starts acc at 0 instead of 1", lambda: 41),
    Wrong("11.fori_predict", "98: computes (acc + i) * 2", lambda: 98),
    Wrong("11.fori_predict", "'57' as a string", lambda: "57"),
    Wrong("11.fori_predict", "11: stops after the second pass (i = 2, 3)", lambda: 11),
    # 11.scan_ema
    Wrong("11.scan_ema", "carry starts at 0.0, copied from the running total", lambda: r6_ema_zero_start),
    Wrong("11.scan_ema", "alpha and 1 - alpha swapped", lambda: r6_ema_swapped_alpha),
    Wrong("11.scan_ema", "returns only the stacked averages", lambda: r6_ema_outputs_only),
    Wrong("11.scan_ema", "returns only the final average", lambda: r6_ema_final_only),
    Wrong("11.scan_ema", "returns (averages, final), the pair reversed", lambda: r6_ema_reversed_pair),
    Wrong("11.scan_ema", "outputs the carry before the update: averages shifted by one, the last one missing", lambda: r6_ema_old_carry_out),
    Wrong("11.scan_ema", "scans xs[1:] (the first is already the carry): one average too few", lambda: r6_ema_skip_first),
    Wrong("11.scan_ema", "a Python for loop with the right values", lambda: r6_ema_python_loop),
    Wrong("11.scan_ema", "outputs x instead of the average: the stacked outputs are xs itself", lambda: r6_ema_outputs_inputs),
    Wrong("11.scan_ema", "scan with reverse=True: averages from the right", lambda: r6_ema_reverse),
    # 11.while_grad
    Wrong("11.while_grad", "keeps the while_loop: grad still refuses it", lambda: r6_logistic_while_kept),
    Wrong("11.while_grad", "fori_loop(1, steps, ...): one step too few", lambda: r6_logistic_from_one),
    Wrong("11.while_grad", "fori_loop(0, steps + 1, ...): one step too many", lambda: r6_logistic_inclusive),
    Wrong("11.while_grad", "body written lambda x, i: (arguments swapped), so it iterates on the counter", lambda: r6_logistic_swapped_body),
    Wrong("11.while_grad", "returns the scan's whole (carry, None) pair", lambda: r6_logistic_scan_pair),
    Wrong("11.while_grad", "returns the scan's stacked values, every step, not the last", lambda: r6_logistic_scan_stacked),
    Wrong("11.while_grad", "fori_loop over the (k, x) state, returns the tuple, forgets [1]", lambda: r6_logistic_state_tuple),
    Wrong("11.while_grad", "calls a jitted fori_loop with steps traced: falls back to while_loop, grad refuses", lambda: r6_logistic_jit_traced_steps),
    Wrong("11.while_grad", "a Python for loop over range(steps)", lambda: r6_logistic_python_loop),
    # 11.fails_under_jit
    Wrong("11.fails_under_jit", "A: thinks only boolean indexing fails", lambda: "A"),
    Wrong("11.fails_under_jit", "B: thinks the for loop over x.shape[0] fails too", lambda: "B"),
    Wrong("11.fails_under_jit", "D: thinks argmax of a traced boolean fails", lambda: "D"),
    Wrong("11.fails_under_jit", "E: thinks all four fail", lambda: "E"),
    Wrong("11.fails_under_jit", "lowercase b", lambda: "b"),
    Wrong("11.fails_under_jit", "lowercase d", lambda: "d"),
    Wrong("11.fails_under_jit", "lowercase a", lambda: "a"),
    Wrong("11.fails_under_jit", "hedges 'C or D'", lambda: "C or D"),
    # 11.first_two_positive
    Wrong("11.first_two_positive", "nonzero(size=2) with the default fill 0: a missing one reads x[0]", lambda: r6_ftp_default_fill),
    Wrong("11.first_two_positive", "fill_value=-1 then x[idx]: a missing one reads the last element", lambda: r6_ftp_fill_minus_one),
    Wrong("11.first_two_positive", "jnp.where(x > 0, x, 0.0)[:2]: the first two elements, masked", lambda: r6_ftp_first_two_masked),
    Wrong("11.first_two_positive", "jnp.sort(x)[-2:]: the two largest", lambda: r6_ftp_largest),
    Wrong("11.first_two_positive", "keeps the boolean index x[x > 0], padded: fails under jit", lambda: r6_ftp_boolean_index),
    Wrong("11.first_two_positive", "returns the indices from nonzero, not the values", lambda: r6_ftp_indices),
    Wrong("11.first_two_positive", "jnp.nonzero(x, ...): nonzero elements, negatives included", lambda: r6_ftp_nonzero_of_x),
    Wrong("11.first_two_positive", "indexes the masked x with fill 0: a missing one repeats x[0] when x[0] is positive", lambda: r6_ftp_masked_fill_zero),
    Wrong("11.first_two_positive", "sorts the masked x descending: the two largest positives, not the first two", lambda: r6_ftp_largest_positive_desc),
    Wrong("11.first_two_positive", "x >= 0: counts zeros as positive", lambda: r6_ftp_greater_equal),
    Wrong("11.first_two_positive", "size=3: three values", lambda: r6_ftp_size_three),
]

RIGHT_6 = [
    Right("11.fori_predict", "57", lambda: 57),
    Right("11.fori_predict", "int() of the fori_loop run", r6_fori_by_running),
    Right("11.fori_predict", "the same loop in plain Python", r6_fori_by_hand),
    Right("11.fori_predict", "2**6 - 7", lambda: 2**6 - 7),
    Right("11.scan_ema", "lax.scan with a step returning (m, m)", lambda: r6_ema_scan),
    Right("11.scan_ema", "increment form average + alpha * (x - average), keyword arguments", lambda: r6_ema_increment_form),
    Right("11.scan_ema", "scan over xs[1:], then xs[0] put in front of the averages", lambda: r6_ema_prepend_first),
    Right("11.scan_ema", "fori_loop filling an output array with .at[i].set", lambda: r6_ema_fori_fill),
    Right("11.while_grad", "lax.fori_loop(0, steps, body, x0)", lambda: r6_logistic_fori),
    Right("11.while_grad", "lax.scan with xs None and length=steps", lambda: r6_logistic_scan),
    Right("11.while_grad", "fori_loop carrying the lesson's (k, x) state, [1] at the end", lambda: r6_logistic_fori_counter),
    Right("11.fails_under_jit", "'C'", lambda: "C"),
    Right("11.fails_under_jit", "lowercase 'c'", lambda: "c"),
    Right("11.fails_under_jit", "'C' with a trailing newline", lambda: "C\n"),
    Right("11.first_two_positive", "nonzero with fill -1, then jnp.where on the index", lambda: r6_ftp_where_minus_one),
    Right("11.first_two_positive", "fill with x.shape[0] and index x with a 0.0 appended", lambda: r6_ftp_pad_and_index),
    Right("11.first_two_positive", "sorted position keys over x padded with two zeros", lambda: r6_ftp_sort_keys),
    Right("11.first_two_positive", "cumsum ranks, the first and the second positive picked by masks", lambda: r6_ftp_cumsum),
]
