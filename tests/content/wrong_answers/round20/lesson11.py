"""Round 20, lesson 11 (loops and control flow): answers from the lesson's text alone."""

from __future__ import annotations

import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 11.fori_predict: what lax.fori_loop(2, 6, acc * 2 + i, 1) returns, and how ------
# (answers are strings, below)

# ---- 11.scan_ema: bias-corrected moving average with scan ---------------------------


def r20_ema_counted_copy(xs, beta):
    t = 0

    def step(m, x):
        nonlocal t
        t = t + 1
        m = beta * m + (1 - beta) * x
        return m, m / (1 - beta**t)

    return lax.scan(step, 0.0, xs)[1]


def r20_ema_no_correction(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    return lax.scan(step, 0.0, xs)[1]


def r20_ema_t_before_increment(xs, beta):
    def step(carry, x):
        m, t = carry
        m = beta * m + (1 - beta) * x
        out = m / (1 - beta**t)
        return (m, t + 1), out

    return lax.scan(step, (0.0, 0), xs)[1]


def r20_ema_t_one_too_many(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta ** (t + 1))

    return lax.scan(step, (0.0, 0), xs)[1]


def r20_ema_swapped_beta(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = (1 - beta) * m + beta * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r20_ema_python_loop(xs, beta):
    m = 0.0
    out = []
    for t in range(1, xs.shape[0] + 1):
        m = beta * m + (1 - beta) * xs[t - 1]
        out.append(m / (1 - beta**t))
    return jnp.stack(out)


def r20_ema_returns_carry(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)[0]


def r20_ema_returns_whole_scan(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)


def r20_ema_times_not_power(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta * t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r20_ema_corrected_as_carry(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = (beta * m + (1 - beta) * x) / (1 - beta**t)
        return (m, t), m

    return lax.scan(step, (0.0, 0), xs)[1]


def r20_ema_parenthesis(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta) ** t

    return lax.scan(step, (0.0, 0), xs)[1]


def r20_ema_start_at_first(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (xs[0], 0), xs)[1]


def r20_ema_right_tuple_carry(xs, beta):
    def step(carry, x):
        m, t = carry
        m = beta * m + (1.0 - beta) * x
        t = t + 1.0
        return (m, t), m / (1.0 - jnp.power(beta, t))

    _, corrected = lax.scan(step, (jnp.zeros((), jnp.float32), jnp.float32(0.0)), xs)
    return corrected


def r20_ema_right_correct_after(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    _, raw = lax.scan(step, 0.0, xs)
    t = jnp.arange(1, xs.shape[0] + 1)
    return raw / (1 - beta**t)


def r20_ema_right_power_carry(xs, beta):
    def step(carry, x):
        m, power = carry  # power = beta**t
        m = beta * m + (1 - beta) * x
        power = power * beta
        return (m, power), m / (1 - power)

    return lax.scan(step, (0.0, 1.0), xs)[1]


def r20_ema_right_closed_form(xs, beta):
    n = xs.shape[0]
    t = jnp.arange(n)[:, None]
    i = jnp.arange(n)[None, :]
    lag = t - i
    weights = jnp.where(lag >= 0, (1 - beta) * beta ** jnp.maximum(lag, 0), 0.0)
    raw = weights @ xs
    return raw / (1 - beta ** jnp.arange(1, n + 1))


# ---- 11.while_grad: logistic growth that stops at cap, differentiable ---------------


def _growth(r, x):
    return x + r * x * (1 - x)


def r20_grow_no_cap(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda i, x: _growth(r, x), x0)


def r20_grow_python_loop(r, x0, cap, max_steps):
    x = x0
    for _ in range(max_steps):
        x = jnp.where(x < cap, _growth(r, x), x)
    return x


def r20_grow_still_while(r, x0, cap, max_steps):
    def keep_going(state):
        k, x = state
        return (k < max_steps) & (x < cap)

    def one_step(state):
        k, x = state
        return k + 1, _growth(r, x)

    return lax.while_loop(keep_going, one_step, (0, x0))[1]


def r20_grow_le_cap(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda i, x: jnp.where(x <= cap, _growth(r, x), x), x0)


def r20_grow_check_after_step(r, x0, cap, max_steps):
    def body(i, x):
        new = _growth(r, x)
        return jnp.where(new < cap, new, x)

    return lax.fori_loop(0, max_steps, body, x0)


def r20_grow_python_and(r, x0, cap, max_steps):
    def body(k, x):
        return jnp.where((k < max_steps) and (x < cap), _growth(r, x), x)

    return lax.fori_loop(0, max_steps, body, x0)


def r20_grow_clip_at_cap(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda i, x: jnp.minimum(_growth(r, x), cap), x0)


def r20_grow_from_one(r, x0, cap, max_steps):
    return lax.fori_loop(1, max_steps, lambda i, x: jnp.where(x < cap, _growth(r, x), x), x0)


def r20_grow_stop_gradient_frozen(r, x0, cap, max_steps):
    def body(i, x):
        return jnp.where(x < cap, _growth(r, x), lax.stop_gradient(x))

    return lax.fori_loop(0, max_steps, body, x0)


def r20_grow_logistic_map(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda i, x: jnp.where(x < cap, r * x * (1 - x), x), x0)


def r20_grow_returns_state(r, x0, cap, max_steps):
    def body(i, state):
        k, x = state
        going = x < cap
        return jnp.where(going, k + 1, k), jnp.where(going, _growth(r, x), x)

    return lax.fori_loop(0, max_steps, body, (0, x0))


def r20_grow_scan_outputs(r, x0, cap, max_steps):
    def step(x, _):
        x = jnp.where(x < cap, _growth(r, x), x)
        return x, x

    return lax.scan(step, x0, length=max_steps)[1]


def r20_grow_right_cond(r, x0, cap, max_steps):
    def body(i, x):
        return lax.cond(x < cap, lambda x: _growth(r, x), lambda x: x, x)

    return lax.fori_loop(0, max_steps, body, x0)


def r20_grow_right_scan_done(r, x0, cap, max_steps):
    def step(carry, _):
        x, done = carry
        done = done | (x >= cap)
        x = jnp.where(done, x, x + r * x * (1 - x))
        return (x, done), None

    (x, _), _ = lax.scan(step, (x0, jnp.asarray(False)), None, length=max_steps)
    return x


def r20_grow_right_arith_mask(r, x0, cap, max_steps):
    def body(i, x):
        still = (x < cap).astype(jnp.result_type(x, float))
        return x + still * (r * x * (1 - x))

    return lax.fori_loop(0, max_steps, body, x0)


def r20_grow_right_scan_xs(r, x0, cap, max_steps):
    def step(x, k):
        return jnp.where((k < max_steps) & (x < cap), x + r * x * (1 - x), x), None

    return lax.scan(step, x0, jnp.arange(max_steps))[0]


# ---- 11.fails_under_jit: plain jit of a range(n) loop; programs static compiles -----
# (answers are strings, below)

# ---- 11.first_two_positive: first two positive elements, 0.0 if missing, under jit --


def r20_ftp_no_fill_value(x):
    return x[jnp.nonzero(x > 0, size=2)[0]]


def r20_ftp_fill_minus_one(x):
    return x[jnp.nonzero(x > 0, size=2, fill_value=-1)[0]]


def r20_ftp_where_then_slice(x):
    return jnp.where(x > 0, x, 0.0)[:2]


def r20_ftp_two_largest(x):
    top = jnp.sort(x)[-2:]
    return jnp.where(top > 0, top, 0.0)


def r20_ftp_boolean_mask(x):
    found = x[x > 0][:2]
    return jnp.concatenate([found, jnp.zeros(2 - found.shape[0])])


def r20_ftp_nonnegative(x):
    padded = jnp.concatenate([x, jnp.zeros(1, x.dtype)])
    return padded[jnp.nonzero(x >= 0, size=2, fill_value=x.shape[0])[0]]


def r20_ftp_nonzero_of_x(x):
    padded = jnp.concatenate([x, jnp.zeros(1, x.dtype)])
    return padded[jnp.nonzero(x, size=2, fill_value=x.shape[0])[0]]


def r20_ftp_argmax_twice(x):
    positive = x > 0
    first = jnp.argmax(positive)
    second = jnp.argmax(positive & (jnp.arange(x.shape[0]) > first))
    picked = jnp.stack([x[first], x[second]])
    return jnp.where(picked > 0, picked, 0.0)


def r20_ftp_indices(x):
    return jnp.nonzero(x > 0, size=2, fill_value=0)[0]


def r20_ftp_zero_index_missing(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=0)[0]
    return jnp.where(idx == 0, 0.0, x[idx])


def r20_ftp_argsort_last_two(x):
    order = jnp.argsort(x > 0)[-2:]
    picked = x[order]
    return jnp.where(picked > 0, picked, 0.0)


def r20_ftp_rank_off_by_one(x):
    positive = x > 0
    rank = jnp.cumsum(positive)
    return jnp.stack([jnp.sum(jnp.where(positive & (rank == k), x, 0.0)) for k in (0, 1)])


def r20_ftp_argsort_unpadded(x):
    positive = x > 0
    order = jnp.argsort(~positive, stable=True)[:2]
    return jnp.where(positive[order], x[order], 0.0)


def r20_ftp_right_pad_fill_len(x):
    padded = jnp.append(x, 0.0)
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return padded[idx]


def r20_ftp_right_count_mask(x):
    idx = jnp.flatnonzero(x > 0, size=2, fill_value=0)
    count = jnp.count_nonzero(x > 0)
    return jnp.where(jnp.arange(2) < count, x[idx], 0.0)


def r20_ftp_right_cumsum_rank(x):
    positive = x > 0
    rank = jnp.cumsum(positive)
    first = jnp.sum(jnp.where(positive & (rank == 1), x, 0.0))
    second = jnp.sum(jnp.where(positive & (rank == 2), x, 0.0))
    return jnp.array([first, second])


def r20_ftp_right_argsort_padded(x):
    padded = jnp.concatenate([x, jnp.zeros(2, x.dtype)])
    positive = padded > 0
    order = jnp.argsort(jnp.logical_not(positive), stable=True)[:2]
    return jnp.where(positive, padded, 0.0)[order]


ROUND_20 = [
    # 11.fori_predict
    Wrong("11.fori_predict", "typed A: thought the upper bound is included", lambda: "A"),
    Wrong("11.fori_predict", "typed C: thought Python runs the body 4 times", lambda: "C"),
    Wrong("11.fori_predict", "typed D: thought i counts from 0", lambda: "D"),
    Wrong("11.fori_predict", "typed the number 57, not a letter", lambda: "57"),
    Wrong(
        "11.fori_predict",
        "set result to the loop's value itself",
        lambda: lax.fori_loop(2, 6, lambda i, acc: acc * 2 + i, 1),
    ),
    Wrong("11.fori_predict", "hedged between the two 57s", lambda: "B or C"),
    Wrong("11.fori_predict", "Russian layout: the B key gives И", lambda: "\u0418"),
    Wrong("11.fori_predict", "gave the option's position, 2", lambda: 2),
    Wrong("11.fori_predict", "typo: N, the key next to B", lambda: "N"),
    Wrong("11.fori_predict", "trailing comma made it a tuple", lambda: ("B",)),
    # 11.scan_ema
    Wrong("11.scan_ema", "kept the page's Python counter t", lambda: r20_ema_counted_copy),
    Wrong("11.scan_ema", "no bias correction, plain EMA", lambda: r20_ema_no_correction),
    Wrong(
        "11.scan_ema",
        "used t before incrementing it: 1 - beta**0",
        lambda: r20_ema_t_before_increment,
    ),
    Wrong("11.scan_ema", "corrected with beta**(t + 1)", lambda: r20_ema_t_one_too_many),
    Wrong("11.scan_ema", "swapped beta and 1 - beta in the update", lambda: r20_ema_swapped_beta),
    Wrong("11.scan_ema", "Python for loop over the elements", lambda: r20_ema_python_loop),
    Wrong("11.scan_ema", "returned scan's final carry", lambda: r20_ema_returns_carry),
    Wrong(
        "11.scan_ema",
        "returned scan's whole (carry, outputs) pair",
        lambda: r20_ema_returns_whole_scan,
    ),
    Wrong("11.scan_ema", "1 - beta * t instead of 1 - beta**t", lambda: r20_ema_times_not_power),
    Wrong(
        "11.scan_ema", "carried the corrected average forward", lambda: r20_ema_corrected_as_carry
    ),
    Wrong("11.scan_ema", "divided by (1 - beta)**t", lambda: r20_ema_parenthesis),
    Wrong("11.scan_ema", "started the average at xs[0], not 0", lambda: r20_ema_start_at_first),
    # 11.while_grad
    Wrong("11.while_grad", "fori_loop for max_steps, cap ignored", lambda: r20_grow_no_cap),
    Wrong("11.while_grad", "Python for loop with jnp.where", lambda: r20_grow_python_loop),
    Wrong("11.while_grad", "left the while_loop as it was", lambda: r20_grow_still_while),
    Wrong("11.while_grad", "x <= cap: one more step when x0 == cap", lambda: r20_grow_le_cap),
    Wrong(
        "11.while_grad",
        "tested the new x against cap: never crosses",
        lambda: r20_grow_check_after_step,
    ),
    Wrong("11.while_grad", "combined the conditions with Python and", lambda: r20_grow_python_and),
    Wrong("11.while_grad", "clipped x at cap with jnp.minimum", lambda: r20_grow_clip_at_cap),
    Wrong("11.while_grad", "fori_loop(1, max_steps): one step short", lambda: r20_grow_from_one),
    Wrong(
        "11.while_grad", "stop_gradient on x once it stopped", lambda: r20_grow_stop_gradient_frozen
    ),
    Wrong(
        "11.while_grad", "logistic map r*x*(1-x), not x plus growth", lambda: r20_grow_logistic_map
    ),
    Wrong("11.while_grad", "returned the (k, x) state, not x", lambda: r20_grow_returns_state),
    Wrong("11.while_grad", "returned scan's stacked trajectory", lambda: r20_grow_scan_outputs),
    # 11.fails_under_jit
    Wrong("11.fails_under_jit", "typed A: thought 2 stays a Python int", lambda: "A"),
    Wrong("11.fails_under_jit", "typed B: forgot a new shape recompiles", lambda: "B"),
    Wrong("11.fails_under_jit", "typed D: thought new values recompile", lambda: "D"),
    Wrong("11.fails_under_jit", "typed E: plain runs, 3 programs", lambda: "E"),
    Wrong("11.fails_under_jit", "Cyrillic С, same glyph as C", lambda: "\u0421"),
    Wrong("11.fails_under_jit", "typed the count of programs", lambda: "3"),
    Wrong("11.fails_under_jit", "hedged: C or E", lambda: "C or E"),
    Wrong("11.fails_under_jit", "typo: V, the key next to C", lambda: "V"),
    Wrong("11.fails_under_jit", "counted options from 0: C is 2", lambda: 2),
    Wrong("11.fails_under_jit", "trailing comma made it a tuple", lambda: ("C",)),
    # 11.first_two_positive
    Wrong(
        "11.first_two_positive",
        "size=2 without fill_value: pads with x[0]",
        lambda: r20_ftp_no_fill_value,
    ),
    Wrong(
        "11.first_two_positive",
        "fill_value=-1 picks the last element",
        lambda: r20_ftp_fill_minus_one,
    ),
    Wrong(
        "11.first_two_positive",
        "zeroed non-positives, took first two slots",
        lambda: r20_ftp_where_then_slice,
    ),
    Wrong(
        "11.first_two_positive", "took the two largest after sorting", lambda: r20_ftp_two_largest
    ),
    Wrong(
        "11.first_two_positive",
        "boolean mask x[x > 0], fails under jit",
        lambda: r20_ftp_boolean_mask,
    ),
    Wrong("11.first_two_positive", "x >= 0: counts zeros as positive", lambda: r20_ftp_nonnegative),
    Wrong("11.first_two_positive", "nonzero(x), not nonzero(x > 0)", lambda: r20_ftp_nonzero_of_x),
    Wrong(
        "11.first_two_positive", "argmax twice, no guard for index 0", lambda: r20_ftp_argmax_twice
    ),
    Wrong("11.first_two_positive", "returned the indices, not the values", lambda: r20_ftp_indices),
    Wrong(
        "11.first_two_positive",
        "treated index 0 as the missing marker",
        lambda: r20_ftp_zero_index_missing,
    ),
    Wrong(
        "11.first_two_positive",
        "argsort(x > 0)[-2:]: the last two",
        lambda: r20_ftp_argsort_last_two,
    ),
    Wrong(
        "11.first_two_positive",
        "cumsum rank compared with 0 and 1",
        lambda: r20_ftp_rank_off_by_one,
    ),
    Wrong(
        "11.first_two_positive",
        "argsort without padding: 1-element input",
        lambda: r20_ftp_argsort_unpadded,
    ),
]

RIGHT_20 = [
    Right("11.fori_predict", "lower-case b", lambda: "b"),
    Right("11.fori_predict", "B with a full stop", lambda: "B."),
    Right("11.fori_predict", "B with a newline after it", lambda: "B\n"),
    Right(
        "11.scan_ema",
        "float counter in a tuple carry, jnp.power",
        lambda: r20_ema_right_tuple_carry,
    ),
    Right(
        "11.scan_ema",
        "plain EMA scan, corrected after with arange",
        lambda: r20_ema_right_correct_after,
    ),
    Right("11.scan_ema", "carries beta**t as a running product", lambda: r20_ema_right_power_carry),
    Right(
        "11.scan_ema",
        "closed form: a lower-triangular weight matrix",
        lambda: r20_ema_right_closed_form,
    ),
    Right("11.while_grad", "fori_loop with lax.cond in the body", lambda: r20_grow_right_cond),
    Right("11.while_grad", "scan with a done flag in the carry", lambda: r20_grow_right_scan_done),
    Right("11.while_grad", "fori_loop with a 0/1 float mask", lambda: r20_grow_right_arith_mask),
    Right(
        "11.while_grad",
        "scan over arange(max_steps) with both tests",
        lambda: r20_grow_right_scan_xs,
    ),
    Right("11.fails_under_jit", "lower-case c", lambda: "c"),
    Right("11.fails_under_jit", "C with a leading space", lambda: " C"),
    Right("11.fails_under_jit", "C with a full stop", lambda: "C."),
    Right(
        "11.first_two_positive",
        "append a 0 and fill with len(x)",
        lambda: r20_ftp_right_pad_fill_len,
    ),
    Right(
        "11.first_two_positive", "flatnonzero and a count mask", lambda: r20_ftp_right_count_mask
    ),
    Right(
        "11.first_two_positive", "cumsum rank, no nonzero at all", lambda: r20_ftp_right_cumsum_rank
    ),
    Right(
        "11.first_two_positive",
        "stable argsort on a zero-padded copy",
        lambda: r20_ftp_right_argsort_padded,
    ),
]
