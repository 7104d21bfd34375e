"""Round 5, lesson 11 (loops and control flow): answers written from the lesson's text alone."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 11.fori_predict


def r5_fori_by_running():
    return int(lax.fori_loop(2, 6, lambda i, acc: acc * 2 + i, 1))


def r5_fori_by_python():
    acc = 1
    for i in range(2, 6):
        acc = acc * 2 + i
    return acc


# ---------------------------------------------------------------- 11.scan_ema


def r5_ema_skip_first(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    return lax.scan(step, xs[0], xs[1:])


def r5_ema_zero_start(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    return lax.scan(step, 0.0, xs)


def r5_ema_alpha_swapped(xs, alpha):
    def step(m, x):
        m = (1 - alpha) * x + alpha * m
        return m, m

    return lax.scan(step, xs[0], xs)


def r5_ema_stacked_only(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    _, averages = lax.scan(step, xs[0], xs)
    return averages


def r5_ema_final_only(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    return lax.scan(step, xs[0], xs)[0]


def r5_ema_old_output(xs, alpha):
    # outputs the average before the update
    def step(m, x):
        new = alpha * x + (1 - alpha) * m
        return new, m

    return lax.scan(step, xs[0], xs)


def r5_ema_python_loop(xs, alpha):
    m = xs[0]
    averages = []
    for x in xs:
        m = alpha * x + (1 - alpha) * m
        averages.append(m)
    return m, jnp.stack(averages)


def r5_ema_order_swapped(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    final, averages = lax.scan(step, xs[0], xs)
    return averages, final


def r5_ema_outputs_inputs(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, x

    return lax.scan(step, xs[0], xs)


def r5_ema_reverse(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    return lax.scan(step, xs[0], xs, reverse=True)


def r5_ema_scan(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    return lax.scan(step, xs[0], xs)


def r5_ema_pull(xs, alpha):
    def pull(average, x):
        average = average + alpha * (x - average)
        return average, average

    final, history = lax.scan(pull, init=xs[0], xs=xs)
    return final, history


def r5_ema_prepend(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    final, rest = lax.scan(step, xs[0], xs[1:])
    return final, jnp.concatenate([xs[:1], rest])


def r5_ema_fori(xs, alpha):
    def body(i, state):
        m, out = state
        m = alpha * xs[i] + (1 - alpha) * m
        return m, out.at[i].set(m)

    return lax.fori_loop(0, xs.shape[0], body, (xs[0], jnp.zeros_like(xs)))


# ---------------------------------------------------------------- 11.while_grad


def r5_logistic_while(r, x0, steps):
    def keep_going(state):
        k, x = state
        return k < steps

    def one_step(state):
        k, x = state
        return k + 1, r * x * (1 - x)

    return lax.while_loop(keep_going, one_step, (0, x0))[1]


def r5_logistic_python(r, x0, steps):
    x = x0
    for _ in range(steps):
        x = r * x * (1 - x)
    return x


def r5_logistic_short(r, x0, steps):
    return lax.fori_loop(0, steps - 1, lambda i, x: r * x * (1 - x), x0)


def r5_logistic_from_one(r, x0, steps):
    return lax.fori_loop(1, steps, lambda i, x: r * x * (1 - x), x0)


def r5_logistic_long(r, x0, steps):
    return lax.fori_loop(0, steps + 1, lambda i, x: r * x * (1 - x), x0)


def r5_logistic_args_swapped(r, x0, steps):
    return lax.fori_loop(0, steps, lambda x, i: r * x * (1 - x), x0)


def r5_logistic_state_tuple(r, x0, steps):
    def one_step(i, state):
        k, x = state
        return k + 1, r * x * (1 - x)

    return lax.fori_loop(0, steps, one_step, (0, x0))


def r5_logistic_counter(r, x0, steps):
    def one_step(i, state):
        k, x = state
        return k + 1, r * x * (1 - x)

    return lax.fori_loop(0, steps, one_step, (0, x0))[0]


def r5_logistic_scan_tuple(r, x0, steps):
    def step(x, _):
        x = r * x * (1 - x)
        return x, x

    return lax.scan(step, x0, length=steps)


def r5_logistic_typo(r, x0, steps):
    return lax.fori_loop(0, steps, lambda i, x: r * x * (1 - r), x0)


def r5_logistic_stop_r(r, x0, steps):
    r = lax.stop_gradient(r)
    return lax.fori_loop(0, steps, lambda i, x: r * x * (1 - x), x0)


def r5_logistic_fori(r, x0, steps):
    return lax.fori_loop(0, steps, lambda i, x: r * x * (1 - x), x0)


def r5_logistic_scan(r, x0, steps):
    def step(x, _):
        return r * x * (1 - x), None

    final, _ = lax.scan(step, x0, None, length=steps)
    return final


def r5_logistic_fori_state(r, x0, steps):
    def one_step(i, state):
        k, x = state
        return k + 1, r * x * (1.0 - x)

    return lax.fori_loop(0, steps, one_step, (0, x0))[1]


# ---------------------------------------------------------------- 11.first_two_positive


def r5_ftp_default_fill(x):
    idx = jnp.nonzero(x > 0, size=2)[0]
    return x[idx]


def r5_ftp_minus_one(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=-1)[0]
    return x[idx]


def r5_ftp_largest(x):
    return jnp.sort(x)[-2:]


def r5_ftp_where_first_two(x):
    return jnp.where(x > 0, x, 0.0)[:2]


def r5_ftp_mask(x):
    found = x[x > 0][:2]
    return jnp.concatenate([found, jnp.zeros(2 - found.shape[0])])


def r5_ftp_indices(x):
    return jnp.nonzero(x > 0, size=2, fill_value=-1)[0]


def r5_ftp_argmax_slice(x):
    start = jnp.argmax(x > 0)
    pair = lax.dynamic_slice(x, (start,), (2,))
    return jnp.where(pair > 0, pair, 0.0)


def r5_ftp_nonnegative(x):
    idx = jnp.nonzero(x >= 0, size=2, fill_value=x.shape[0])[0]
    return jnp.concatenate([x, jnp.zeros(1)])[idx]


def r5_ftp_fill_zero_index_masked_wrong(x):
    # pads with index 0 and zeroes where x[0] is not positive: a real first element at index 0 is fine,
    # but a missing one reads x[0] when x[0] > 0
    idx = jnp.nonzero(x > 0, size=2, fill_value=0)[0]
    values = x[idx]
    return jnp.where(values > 0, values, 0.0)


def r5_ftp_size_three(x):
    idx = jnp.nonzero(x > 0, size=3, fill_value=x.shape[0])[0]
    return jnp.concatenate([x, jnp.zeros(1)])[idx]


def r5_ftp_pad_front(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    values = jnp.concatenate([x, jnp.zeros(1)])[idx]
    return jnp.sort(values)


def r5_ftp_pad(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return jnp.concatenate([x, jnp.zeros(1)])[idx]


def r5_ftp_where_guard(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=-1)[0]
    return jnp.where(idx >= 0, x[idx], 0.0)


def r5_ftp_cumsum(x):
    positive = x > 0
    rank = jnp.cumsum(positive)
    first = jnp.sum(jnp.where(positive & (rank == 1), x, 0.0))
    second = jnp.sum(jnp.where(positive & (rank == 2), x, 0.0))
    return jnp.stack([first, second])


def r5_ftp_fill_mode(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return x.at[idx].get(mode="fill", fill_value=0.0)


ROUND_5 = [
    # 11.fori_predict
    Wrong("11.fori_predict", "120: includes i = 6, as if the upper bound were inclusive", lambda: 120),
    Wrong("11.fori_predict", "26: stops one pass early (i = 2, 3, 4)", lambda: 26),
    Wrong("11.fori_predict", "121: starts i at 0, as fori_loop(0, 6)", lambda: 121),
    Wrong("11.fori_predict", "98: computes (acc + i) * 2", lambda: 98),
    Wrong("11.fori_predict", "16: doubles four times and forgets the + i", lambda: 16),
    Wrong("11.fori_predict", "33: thinks the lower bound is exclusive (i = 3, 4, 5)", lambda: 33),
    Wrong("11.fori_predict", "4: the number of passes", lambda: 4),
    Wrong("11.fori_predict", "30: adds 2+3+4+5=14 to 16", lambda: 30),
    Wrong("11.fori_predict", "left the placeholder ...", lambda: ...),
    # 11.scan_ema
    Wrong("11.scan_ema", "scans over xs[1:]: one average short, the first (xs[0]) missing", lambda: r5_ema_skip_first),
    Wrong("11.scan_ema", "starts the carry at 0.0 instead of xs[0]", lambda: r5_ema_zero_start),
    Wrong("11.scan_ema", "alpha and 1 - alpha swapped", lambda: r5_ema_alpha_swapped),
    Wrong("11.scan_ema", "returns only the stacked averages", lambda: r5_ema_stacked_only),
    Wrong("11.scan_ema", "returns only the final average", lambda: r5_ema_final_only),
    Wrong("11.scan_ema", "outputs the average before the update (shifted by one)", lambda: r5_ema_old_output),
    Wrong("11.scan_ema", "Python for loop over xs, stacking averages", lambda: r5_ema_python_loop),
    Wrong("11.scan_ema", "returns (stacked, final), the order swapped", lambda: r5_ema_order_swapped),
    Wrong("11.scan_ema", "step outputs x instead of m", lambda: r5_ema_outputs_inputs),
    Wrong("11.scan_ema", "reverse=True, thinking it keeps the order", lambda: r5_ema_reverse),
    # 11.while_grad
    Wrong("11.while_grad", "kept the while_loop: grad refuses it", lambda: r5_logistic_while),
    Wrong("11.while_grad", "Python for loop over range(steps)", lambda: r5_logistic_python),
    Wrong("11.while_grad", "fori_loop(0, steps - 1): one step short", lambda: r5_logistic_short),
    Wrong("11.while_grad", "fori_loop(1, steps): one step short", lambda: r5_logistic_from_one),
    Wrong("11.while_grad", "fori_loop(0, steps + 1): one step too many", lambda: r5_logistic_long),
    Wrong("11.while_grad", "body written lambda x, i: the carry and counter swapped", lambda: r5_logistic_args_swapped),
    Wrong("11.while_grad", "fori_loop over the (k, x) state, returns the whole tuple", lambda: r5_logistic_state_tuple),
    Wrong("11.while_grad", "returns [0] of the state: the counter", lambda: r5_logistic_counter),
    Wrong("11.while_grad", "returns scan's (final, stacked) tuple", lambda: r5_logistic_scan_tuple),
    Wrong("11.while_grad", "typo r * x * (1 - r)", lambda: r5_logistic_typo),
    Wrong("11.while_grad", "stop_gradient on r, thinking it helps grad through the loop", lambda: r5_logistic_stop_r),
    # 11.fails_under_jit
    Wrong("11.fails_under_jit", "A: thinks only boolean indexing fails", lambda: "A"),
    Wrong("11.fails_under_jit", "B: thinks the Python for loop over x.shape[0] fails too", lambda: "B"),
    Wrong("11.fails_under_jit", "D: thinks argmax on values fails", lambda: "D"),
    Wrong("11.fails_under_jit", "E: all four", lambda: "E"),
    Wrong("11.fails_under_jit", "the numbers '2 and 4' instead of the letter", lambda: "2 and 4"),
    Wrong("11.fails_under_jit", "lowercase 'd'", lambda: "d"),
    Wrong("11.fails_under_jit", "hedges 'C or D'", lambda: "C or D"),
    Wrong("11.fails_under_jit", "a list of the numbers [2, 4]", lambda: [2, 4]),
    # 11.first_two_positive
    Wrong("11.first_two_positive", "nonzero size=2 with the default fill 0: a missing one reads x[0]", lambda: r5_ftp_default_fill),
    Wrong("11.first_two_positive", "fill_value=-1 then x[idx]: a missing one reads the last element", lambda: r5_ftp_minus_one),
    Wrong("11.first_two_positive", "jnp.sort(x)[-2:]: the two largest", lambda: r5_ftp_largest),
    Wrong("11.first_two_positive", "jnp.where(x > 0, x, 0)[:2]: the first two elements, zeroed if negative", lambda: r5_ftp_where_first_two),
    Wrong("11.first_two_positive", "boolean mask x[x > 0]: fails under jit", lambda: r5_ftp_mask),
    Wrong("11.first_two_positive", "returns the indices, not the values", lambda: r5_ftp_indices),
    Wrong("11.first_two_positive", "argmax finds the first positive, then dynamic_slice takes it and the element after it (zeroed if not positive)", lambda: r5_ftp_argmax_slice),
    Wrong("11.first_two_positive", "x >= 0: counts zeros as positive", lambda: r5_ftp_nonnegative),
    Wrong("11.first_two_positive", "fill index 0 then zeroes non-positive values: a missing one reads x[0] when x[0] > 0", lambda: r5_ftp_fill_zero_index_masked_wrong),
    Wrong("11.first_two_positive", "size=3: three values", lambda: r5_ftp_size_three),
    Wrong("11.first_two_positive", "sorts the two found values (order lost, zero moved first)", lambda: r5_ftp_pad_front),
]

RIGHT_5 = [
    Right("11.fori_predict", "57", lambda: 57),
    Right("11.fori_predict", "int() of running the fori_loop", r5_fori_by_running),
    Right("11.fori_predict", "the same loop in Python", r5_fori_by_python),
    Right("11.scan_ema", "lax.scan with a step returning (m, m)", lambda: r5_ema_scan),
    Right("11.scan_ema", "m + alpha * (x - m), keyword init and xs", lambda: r5_ema_pull),
    Right("11.scan_ema", "scan over xs[1:] and xs[0] put in front", lambda: r5_ema_prepend),
    Right("11.scan_ema", "fori_loop filling an output array with .at[i].set", lambda: r5_ema_fori),
    Right("11.while_grad", "fori_loop(0, steps, ...) on x", lambda: r5_logistic_fori),
    Right("11.while_grad", "scan with length=steps, final carry", lambda: r5_logistic_scan),
    Right("11.while_grad", "fori_loop over the (k, x) state, returns [1]", lambda: r5_logistic_fori_state),
    Right("11.fails_under_jit", "'C'", lambda: "C"),
    Right("11.fails_under_jit", "lowercase 'c'", lambda: "c"),
    Right("11.fails_under_jit", "'C' with a trailing space", lambda: "C "),
    Right("11.first_two_positive", "nonzero fill x.shape[0] into a zero-padded x", lambda: r5_ftp_pad),
    Right("11.first_two_positive", "fill -1 and jnp.where(idx >= 0, x[idx], 0)", lambda: r5_ftp_where_guard),
    Right("11.first_two_positive", "cumsum ranks of the positives", lambda: r5_ftp_cumsum),
    Right("11.first_two_positive", "x.at[idx].get(mode='fill', fill_value=0.0)", lambda: r5_ftp_fill_mode),
]
