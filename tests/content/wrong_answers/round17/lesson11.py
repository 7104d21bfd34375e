"""Round 17, lesson 11 (loops and control flow): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- 11.scan_ema


def r17_ema_counted_copy(xs, beta):
    t = 0

    def step(m, x):
        nonlocal t
        t = t + 1
        m = beta * m + (1 - beta) * x
        return m, m / (1 - beta**t)

    return lax.scan(step, 0.0, xs)[1]


def r17_ema_no_correction(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    return lax.scan(step, 0.0, xs)[1]


def r17_ema_t_before_increment(xs, beta):
    def step(carry, x):
        m, t = carry
        m = beta * m + (1 - beta) * x
        out = m / (1 - beta ** (t + 2))  # counted t from 1 and added 1 again
        return (m, t + 1), out

    return lax.scan(step, (0.0, 0), xs)[1]


def r17_ema_final_only(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta**t)

    (m, t), _ = lax.scan(step, (0.0, 0), xs)
    return m / (1 - beta**t)


def r17_ema_both(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)  # the carry and the outputs, not [1]


def r17_ema_swapped_weights(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = (1 - beta) * m + beta * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r17_ema_running_mean(xs, beta):
    # right on a constant series, as the page's example: a running mean, beta unused
    return jnp.cumsum(xs) / jnp.arange(1, xs.shape[0] + 1)


def r17_ema_start_at_first(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (xs[0], 0), xs)[1]  # starts m at the first element


def r17_ema_zero_based_t(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    ms = lax.scan(step, 0.0, xs)[1]
    return ms / (1 - beta ** jnp.arange(xs.shape[0]))  # t = 0, 1, ...: divides by 0 first


def r17_ema_python_loop(xs, beta):
    m, out = 0.0, []
    for t, x in enumerate(xs, start=1):
        m = beta * m + (1 - beta) * x
        out.append(m / (1 - beta**t))
    return jnp.stack(out)


def r17_ema_beta_times_t(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta * t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r17_ema_right_vectorised_correction(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    ms = lax.scan(step, jnp.zeros((), xs.dtype), xs)[1]
    return ms / (1 - beta ** jnp.arange(1, xs.shape[0] + 1))


def r17_ema_right_float_t(xs, beta):
    def step(carry, x):
        m, power = carry  # carry beta**t itself, not t
        m = m * beta + x * (1 - beta)
        power = power * beta
        return (m, power), m / (1.0 - power)

    _, out = lax.scan(step, (0.0, 1.0), xs)
    return out


def r17_ema_right_weights(xs, beta):
    n = xs.shape[0]
    t = jnp.arange(n)
    # m_t = sum_k (1 - beta) beta**(t - k) x_k for k <= t
    expo = t[:, None] - t[None, :]
    w = jnp.where(expo >= 0, (1 - beta) * beta ** jnp.maximum(expo, 0), 0.0)
    return (w @ xs) / (1 - beta ** (t + 1))


# --------------------------------------------------------------- 11.while_grad


def _g(r, x):
    return x + r * x * (1 - x)


def r17_grow_no_cap(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda k, x: _g(r, x), x0)


def r17_grow_le_cap(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda k, x: jnp.where(x <= cap, _g(r, x), x), x0)


def r17_grow_clip_cap(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda k, x: jnp.minimum(_g(r, x), cap), x0)


def r17_grow_one_short(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps - 1, lambda k, x: jnp.where(x < cap, _g(r, x), x), x0)


def r17_grow_keep_below(r, x0, cap, max_steps):
    def body(k, x):
        new = _g(r, x)
        return jnp.where(new < cap, new, x)  # refuses the step that would pass cap

    return lax.fori_loop(0, max_steps, body, x0)


def r17_grow_scan_stacked(r, x0, cap, max_steps):
    def step(x, _):
        x = jnp.where(x < cap, _g(r, x), x)
        return x, x

    return lax.scan(step, x0, length=max_steps)[1]


def r17_grow_python_loop(r, x0, cap, max_steps):
    x = x0
    for _ in range(max_steps):
        x = jnp.where(x < cap, _g(r, x), x)
    return x


def r17_grow_traced_bound(r, x0, cap, max_steps):
    # bound made an array "to be safe": fori_loop becomes a while_loop under jit
    body = lambda k, x: jnp.where(x < cap, _g(r, x), x)  # noqa: E731
    return lax.fori_loop(0, jnp.asarray(max_steps), body, x0)


def r17_grow_check_after(r, x0, cap, max_steps):
    # the first step is taken before any check: wrong when x0 starts at or above cap
    x1 = _g(r, x0)
    return lax.fori_loop(1, max_steps, lambda k, x: jnp.where(x < cap, _g(r, x), x), x1)


def r17_grow_init_int(r, x0, cap, max_steps):
    state = lax.fori_loop(
        0, max_steps, lambda k, s: (s[0] + 1, jnp.where(s[1] < cap, _g(r, s[1]), s[1])), (0, x0)
    )
    return state  # returned the (k, x) pair, forgot [1]


def r17_grow_right_cond(r, x0, cap, max_steps):
    def body(k, x):
        return lax.cond(x < cap, lambda v: _g(r, v), lambda v: v, x)

    return lax.fori_loop(0, max_steps, body, x0)


def r17_grow_right_scan_flag(r, x0, cap, max_steps):
    def step(carry, _):
        x, done = carry
        done = done | (x >= cap)
        return (jnp.where(done, x, x + r * x * (1.0 - x)), done), None

    (x, _), _ = lax.scan(step, (x0, False), None, length=max_steps)
    return x


def r17_grow_right_mask_mul(r, x0, cap, max_steps):
    def body(k, x):
        going = (x < cap).astype(jnp.result_type(x))
        return x + going * r * x * (1 - x)

    return lax.fori_loop(0, max_steps, body, x0)


# --------------------------------------------------------- 11.first_two_positive


def r17_ftp_default_fill(x):
    return x[jnp.nonzero(x > 0, size=2)[0]]


def r17_ftp_fill_minus_one(x):
    # right on the page's two vectors (the last element is 0.0 or positive)
    return x[jnp.nonzero(x > 0, size=2, fill_value=-1)[0]]


def r17_ftp_nonnegative(x):
    idx = jnp.nonzero(x >= 0, size=2, fill_value=x.shape[0])[0]
    return jnp.concatenate([x, jnp.zeros(1, x.dtype)])[idx]


def r17_ftp_largest_two(x):
    return jnp.sort(jnp.where(x > 0, x, 0.0))[::-1][:2]


def r17_ftp_first_two_clipped(x):
    return jnp.where(x > 0, x, 0.0)[:2]


def r17_ftp_nonzero_not_positive(x):
    idx = jnp.nonzero(x, size=2, fill_value=x.shape[0])[0]
    return jnp.concatenate([x, jnp.zeros(1, x.dtype)])[idx]


def r17_ftp_mask_product(x):
    vals = x[jnp.nonzero(x > 0, size=2, fill_value=0)[0]]
    return vals * (vals > 0)  # a positive x[0] repeated fills the gap


def r17_ftp_mask_index_zero(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=0)[0]
    return jnp.where(idx != 0, x[idx], 0.0)  # a real match at index 0 counts as missing


def r17_ftp_fill_len_unpadded(x):
    # NumPy would raise on x[len(x)]; JAX clamps it to the last element
    return x[jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]]


def r17_ftp_static_slice(x):
    found = x[jnp.nonzero(x > 0, size=x.shape[0], fill_value=0)[0]][:2]
    return jnp.where(jnp.arange(2) < jnp.sum(x > 0), found, 0.0)


def r17_ftp_right_pad_first(x):
    padded = jnp.pad(x, (0, 2))
    idx = jnp.nonzero(padded > 0, size=2, fill_value=x.shape[0])[0]
    return padded[idx]


def r17_ftp_right_where_count(x):
    idx = jnp.where(x > 0, size=2, fill_value=0)[0]
    count = jnp.sum(x > 0)
    return jnp.where(jnp.arange(2) < count, x[idx], 0.0)


def r17_ftp_right_cumsum_rank(x):
    pos = x > 0
    rank = jnp.cumsum(pos)
    first = jnp.sum(jnp.where(pos & (rank == 1), x, 0.0))
    second = jnp.sum(jnp.where(pos & (rank == 2), x, 0.0))
    return jnp.stack([first, second])


def r17_grow_checkpointed_while(r, x0, cap, max_steps):
    # "remat saves memory": checkpoint around the while_loop; grad still refuses it
    def run(r, x0):
        def keep_going(state):
            k, x = state
            return (k < max_steps) & (x < cap)

        def one_step(state):
            k, x = state
            return k + 1, x + r * x * (1 - x)

        return lax.while_loop(keep_going, one_step, (0, x0))[1]

    return jax.checkpoint(run)(r, x0)


def r17_ftp_tuple(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    padded = jnp.concatenate([x, jnp.zeros(1, x.dtype)])
    return padded[idx[0]], padded[idx[1]]  # a tuple of two numbers, not one array


def r17_ftp_pad_front(x):
    padded = jnp.concatenate([jnp.zeros(1, x.dtype), x])  # the 0.0 put first, at index 0
    idx = jnp.nonzero(x > 0, size=2, fill_value=0)[0]
    return padded[idx]  # indices of x used on the shifted array


ROUND_17 = [
    # 11.fori_predict: B
    Wrong("11.fori_predict", "A: read range(2, 6) as including 6", lambda: "A"),
    Wrong("11.fori_predict", "C: thought the body runs in Python per step", lambda: "C"),
    Wrong("11.fori_predict", "D: thought i counts steps from 0", lambda: "D"),
    Wrong("11.fori_predict", "both 57 options, unsure which", lambda: "BC"),
    Wrong("11.fori_predict", "typed the number instead of the letter", lambda: "57"),
    Wrong(
        "11.fori_predict",
        "C with its reason pasted in",
        lambda: "C: Python runs the body four times",
    ),
    Wrong("11.fori_predict", "letter as an int index", lambda: 2),
    # 11.fails_under_jit: C
    Wrong("11.fails_under_jit", "A: plain runs, one program traced once", lambda: "A"),
    Wrong("11.fails_under_jit", "B: counted programs per n only, not shape", lambda: "B"),
    Wrong("11.fails_under_jit", "D: thought new values of x retrace", lambda: "D"),
    Wrong("11.fails_under_jit", "E: thought an int 2 stays a Python int", lambda: "E"),
    Wrong("11.fails_under_jit", "the program count, not a letter", lambda: "3"),
    Wrong("11.fails_under_jit", "two letters, C and E", lambda: "C or E"),
    Wrong("11.fails_under_jit", "E with a trailing comment", lambda: "E  # 3 programs"),
    # 11.scan_ema
    Wrong("11.scan_ema", "the page's nonlocal counter, kept", lambda: r17_ema_counted_copy),
    Wrong("11.scan_ema", "no bias correction", lambda: r17_ema_no_correction),
    Wrong("11.scan_ema", "t off by one in the power", lambda: r17_ema_t_before_increment),
    Wrong("11.scan_ema", "returns the last corrected average only", lambda: r17_ema_final_only),
    Wrong("11.scan_ema", "returns scan's (carry, outputs) pair", lambda: r17_ema_both),
    Wrong("11.scan_ema", "beta and 1 - beta swapped", lambda: r17_ema_swapped_weights),
    Wrong("11.scan_ema", "running mean: right on a constant series", lambda: r17_ema_running_mean),
    Wrong("11.scan_ema", "m starts at the first element, not 0", lambda: r17_ema_start_at_first),
    Wrong(
        "11.scan_ema", "t = 0, 1, ... in the correction: 0/0 first", lambda: r17_ema_zero_based_t
    ),
    Wrong("11.scan_ema", "a Python loop over xs", lambda: r17_ema_python_loop),
    Wrong("11.scan_ema", "divides by 1 - beta * t", lambda: r17_ema_beta_times_t),
    # 11.while_grad
    Wrong("11.while_grad", "fori_loop for max_steps, cap ignored", lambda: r17_grow_no_cap),
    Wrong("11.while_grad", "x <= cap: grows once more when x equals cap", lambda: r17_grow_le_cap),
    Wrong("11.while_grad", "clips the step at cap", lambda: r17_grow_clip_cap),
    Wrong("11.while_grad", "fori_loop to max_steps - 1", lambda: r17_grow_one_short),
    Wrong("11.while_grad", "refuses the step that would pass cap", lambda: r17_grow_keep_below),
    Wrong("11.while_grad", "scan returning every step's x", lambda: r17_grow_scan_stacked),
    Wrong("11.while_grad", "a Python loop with jnp.where", lambda: r17_grow_python_loop),
    Wrong(
        "11.while_grad", "bound made a jnp array: a while_loop again", lambda: r17_grow_traced_bound
    ),
    Wrong("11.while_grad", "first step taken without checking cap", lambda: r17_grow_check_after),
    Wrong("11.while_grad", "returns the (k, x) carry", lambda: r17_grow_init_int),
    Wrong(
        "11.while_grad", "jax.checkpoint around the while_loop", lambda: r17_grow_checkpointed_while
    ),
    # 11.first_two_positive
    Wrong("11.first_two_positive", "a tuple of two numbers", lambda: r17_ftp_tuple),
    Wrong(
        "11.first_two_positive",
        "0.0 padded in front: indices off by one",
        lambda: r17_ftp_pad_front,
    ),
    Wrong(
        "11.first_two_positive",
        "size=2, default fill: x[0] fills gaps",
        lambda: r17_ftp_default_fill,
    ),
    Wrong(
        "11.first_two_positive",
        "fill_value=-1: last element fills gaps",
        lambda: r17_ftp_fill_minus_one,
    ),
    Wrong("11.first_two_positive", "x >= 0: zeros count as positive", lambda: r17_ftp_nonnegative),
    Wrong("11.first_two_positive", "the two largest positives", lambda: r17_ftp_largest_two),
    Wrong(
        "11.first_two_positive",
        "first two elements, negatives zeroed",
        lambda: r17_ftp_first_two_clipped,
    ),
    Wrong("11.first_two_positive", "nonzero(x), not x > 0", lambda: r17_ftp_nonzero_not_positive),
    Wrong(
        "11.first_two_positive",
        "masks by value: a positive x[0] repeats",
        lambda: r17_ftp_mask_product,
    ),
    Wrong(
        "11.first_two_positive",
        "masks idx != 0: a match at 0 is lost",
        lambda: r17_ftp_mask_index_zero,
    ),
    Wrong(
        "11.first_two_positive",
        "fill len(x), no padding: JAX clamps",
        lambda: r17_ftp_fill_len_unpadded,
    ),
]
RIGHT_17 = [
    Right("11.fori_predict", "B, as asked", lambda: "B"),
    Right("11.fori_predict", "B with spaces around", lambda: " B "),
    Right("11.fails_under_jit", "C, as asked", lambda: "C"),
    Right("11.fails_under_jit", "lower case c", lambda: "c"),
    Right(
        "11.scan_ema",
        "scan, then divide by 1 - beta**arange(1, n+1)",
        lambda: r17_ema_right_vectorised_correction,
    ),
    Right("11.scan_ema", "carries beta**t instead of t", lambda: r17_ema_right_float_t),
    Right("11.scan_ema", "a weight matrix, no loop at all", lambda: r17_ema_right_weights),
    Right("11.while_grad", "fori_loop with lax.cond", lambda: r17_grow_right_cond),
    Right("11.while_grad", "scan with a sticky done flag", lambda: r17_grow_right_scan_flag),
    Right("11.while_grad", "multiplies the step by a 0/1 mask", lambda: r17_grow_right_mask_mul),
    Right("11.first_two_positive", "pads x with two zeros first", lambda: r17_ftp_right_pad_first),
    Right(
        "11.first_two_positive", "jnp.where(size=2) and a count", lambda: r17_ftp_right_where_count
    ),
    Right("11.first_two_positive", "cumsum ranks, no nonzero", lambda: r17_ftp_right_cumsum_rank),
    Right(
        "11.first_two_positive", "size=len(x), [:2], where broadcasts", lambda: r17_ftp_static_slice
    ),
]
