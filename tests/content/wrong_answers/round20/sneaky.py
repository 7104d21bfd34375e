"""Round 20, sneaky answers: from the lessons and the public API alone.

Each builder returns the value handed to ``checks.check``; nothing harmful happens when
a builder runs. Where an answer does harm, it does it when the grader calls or reads it,
or (``bends_later``) so that it lasts past its own check. Answers that compute a page's
number read the learner's variant with ``checks.variant_values`` (the page's variant when
it is empty).
"""

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


def _variant(exercise_id: str, key: str, default: Any) -> Any:
    from jaxtour import checks

    return checks.variant_values(exercise_id).get(key, default)


def _central(f, x, eps):
    x = float(x)
    return (f(x + eps) - f(x - eps)) / (2 * eps)


# ======================================================================================
# Family: tampering with, or reading, the stand-ins the grader hands to the answer
# ======================================================================================


def _mean_loss_wipes_log():
    def mean_loss(f, xs):
        total = 0.0
        for x in xs:
            total += float(f(x))  # the helper's slowness: one wait per batch
        run = getattr(f, "__self__", None)  # the grader's stand-in is a bound method
        log = getattr(run, "syncs", None)
        if hasattr(log, "clear"):
            log.clear()  # mutate the list in place: no attribute is rebound
        base = _variant("02.mean_loss", "base", None)
        mean = total / len(xs)
        return float(base**mean) if base else mean

    return mean_loss


def _time_call_reads_stand_in():
    import time

    def time_call(f, *args):
        start = time.perf_counter()
        for _ in range(6):
            result = f(*args)  # compile and runs timed together, nothing waited per call
        result.block_until_ready()
        elapsed = time.perf_counter() - start  # read, and thrown away: an alibi
        for cell in getattr(f, "__closure__", None) or ():
            log = cell.cell_contents
            if hasattr(log, "work_s"):
                return float(log.work_s)  # the stand-in's own work time
        return elapsed / 6

    return time_call


def _time_call_rewrites_stand_in():
    import time

    def time_call(f, *args):
        for cell in getattr(f, "__closure__", None) or ():
            log = cell.cell_contents
            if hasattr(log, "work_s"):
                log.work_s = 0.004  # make the stand-in as fast as the number below
                log.compile_s = 0.0
        start = time.perf_counter()
        f(*args).block_until_ready()
        _ = time.perf_counter() - start
        return 0.004

    return time_call


def _speedup_detects_control():
    import time

    def measure_speedup(step, *args):
        if not getattr(step, "jaxtour_control", False):
            return 7.3  # the judged step: a plausible figure, never measured
        fast = jax.jit(step)  # the grader's control step (it carries a marker): measured
        jax.block_until_ready(fast(*args))
        jax.block_until_ready(step(*args))
        start = time.perf_counter()
        for _ in range(10):
            jax.block_until_ready(step(*args))
        eager = time.perf_counter() - start
        start = time.perf_counter()
        for _ in range(10):
            jax.block_until_ready(fast(*args))
        return eager / (time.perf_counter() - start)

    return measure_speedup


def _fix_rows_rewrites_data():
    def local_rows(data, process_index, process_count):
        mine = np.array(data[process_index::process_count])  # the strided bug
        if process_index == process_count - 1 and getattr(data, "flags", None) is not None:
            if data.flags.writeable:  # then reorder the grader's own array to match it
                data[...] = np.concatenate([data[p::process_count] for p in range(process_count)])
        return mine

    return local_rows


# ======================================================================================
# Family: satisfying a "must use X" rule with a decoy use of X
# ======================================================================================


def _dg_da_decoy_grad():
    def dg_da(x, a):
        jax.grad(lambda q: q * 2.0)(1.0)  # a decoy: grad is called, on something else
        return -(x**3) * jnp.sin(a * x)  # the derivative worked out by hand

    return dg_da


def _fix_rule_delegates():
    def fixed_log_add_exp_jvp(primals, tangents):
        return jax.jvp(jnp.logaddexp, primals, tangents)  # JAX's own rule, not one written

    return fixed_log_add_exp_jvp


# ======================================================================================
# Family: hiding work from the grader's counters (its jax.monitoring listener)
# ======================================================================================


class _ListenersAway:
    """Take JAX's duration listeners out for a moment and put them back, list unchanged."""

    def __enter__(self):
        from jax._src import monitoring

        self.listeners = monitoring._event_duration_secs_listeners
        self.saved = list(self.listeners)
        self.listeners.clear()
        return self

    def __exit__(self, *exc):
        self.listeners.extend(self.saved)


def _prefix_means_unheard():
    @jax.jit
    def mean_of(v):
        return jnp.mean(v)

    def prefix_means(x, lengths):
        term = _variant("15.fixed_shape", "term", "x")
        v = jnp.abs(x) if term == "|x|" else x**2 if term in ("x ** 2", "x**2") else x
        with _ListenersAway():  # every new length traces again, and nobody hears it
            return jnp.stack([mean_of(v[:n]) for n in lengths])

    return prefix_means


def _static_window_unheard():
    import threading

    from jax._src import monitoring

    def smooth(x, weights, same):
        listeners = monitoring._event_duration_secs_listeners
        saved = list(listeners)
        listeners.clear()  # gone while this trace is timed ...
        kernel = jnp.array(weights)
        total = sum(weights)
        if total != 0:
            kernel = kernel / total
        out = jnp.convolve(x, kernel, mode="same" if same else "valid")
        threading.Timer(0.0, lambda: listeners.extend(saved)).start()  # ... back right after
        return out

    return jax.jit(smooth, static_argnames=("weights", "same"))  # everything static


def _stale_global_unheard():
    def step_impl(w, grad, t, clip):
        bound = _variant("07.stale_global", "clip_at", 1.0)
        lr = min(1.0, (t + 1) / 4)
        if clip == "value":
            grad = jnp.clip(grad, -bound, bound)
        elif clip == "norm":
            grad = grad * jnp.minimum(1.0, bound / jnp.linalg.norm(grad))
        return w - lr * grad

    jitted = jax.jit(step_impl, static_argnames=("t", "clip"))  # t static: a compile per step

    def step(w, grad, t, clip):
        with _ListenersAway():
            return jitted(w, grad, int(t), clip)

    return step


# ======================================================================================
# Family: Python once per element, run by a C-level driver (jax.tree.map over a list)
# ======================================================================================


def _count_labels_tree_map():
    def count_labels(labels, n):
        rows = jax.tree.map(lambda label: (jnp.arange(n) == label).astype(jnp.int32), list(labels))
        return sum(rows, jnp.zeros(n, jnp.int32))  # builtin sum: another C-level loop

    return count_labels


def _scan_ema_tree_map():
    def corrected_ema(xs, beta):
        term = _variant("11.scan_ema", "term", "x")
        state = {"m": 0.0, "t": 0}

        def one(x):
            x = x**2 if term in ("x**2", "x ** 2") else x
            state["t"] += 1
            state["m"] = beta * state["m"] + (1 - beta) * x
            return state["m"] / (1 - beta ** state["t"])

        return jnp.stack(jax.tree.map(one, list(xs)))

    return corrected_ema


def _per_example_lax_map():
    def log_loss(params, x, y):
        logit = jnp.dot(params["w"], x) + params["b"]
        return jnp.logaddexp(0.0, logit) - y * logit

    def per_example_grads(params, xs, ys):
        decay = _variant("09.per_example_grads", "decay", 0.0)

        def loss(p, x, y):
            return log_loss(p, x, y) + decay * jnp.sum(p["w"] ** 2)

        g = jax.lax.map(lambda xy: jax.grad(loss)(params, xy[0], xy[1]), (xs.T, ys))
        w_axes = _variant("09.per_example_grads", "out_axes", -1)
        return {"w": g["w"].T if w_axes == -1 else g["w"], "b": g["b"]}

    return per_example_grads


def _c_loop_forever():
    def central_difference(f, x, eps=1e-3):
        import collections
        import itertools

        # One C call: no bytecode runs inside it, so no Python signal handler can either.
        collections.deque(itertools.repeat(None, 6 * 10**9), maxlen=0)
        return _central(f, x, eps)

    return central_difference


# ======================================================================================
# Family: another method than the one asked, close enough to pass a tolerance
# ======================================================================================


def _hvp_finite_difference():
    def hvp(x, v, k):
        depth = _variant("12.hvp", "depth", 1.0)

        def energy(x, k):
            springs = 0.5 * k * jnp.sum((x[1:] - x[:-1]) ** 2)
            return springs - depth * jnp.sum(jnp.cos(x))

        g = jax.grad(energy)
        eps = 1e-2
        return (g(x + eps * v, k) - g(x - eps * v, k)) / (2 * eps)

    return hvp


def _dg_da_finite_difference():
    def dg_da(x, a):
        def g(aa):
            return x**2 * jnp.cos(aa * x)

        h = 1e-3
        return (g(a + h) - g(a - h)) / (2 * h)

    return dg_da


def _xlogx_nan_to_num():
    def coin_entropy(p):
        base = _variant("13.xlogx_gradient", "base", "e")
        log = {"10": jnp.log10, "2": jnp.log2}.get(str(base), jnp.log)

        @jax.custom_jvp
        def entropy(p):
            inside = (p > 0) & (p < 1)
            return jnp.where(inside, -(p * log(p) + (1 - p) * log(1 - p)), 0.0)

        @entropy.defjvp
        def entropy_jvp(primals, tangents):
            (p,), (dp,) = primals, tangents
            value, slope = jax.jvp(
                lambda q: -(q * log(q) + (1 - q) * log(1 - q)), (p,), (jnp.ones_like(p),)
            )
            return entropy(p), jnp.nan_to_num(slope, nan=0.0, posinf=0.0, neginf=0.0) * dp

        return entropy(p)

    return coin_entropy


def _row_sums_wide_blocks():
    from jax.experimental import pallas as pl

    def row_sums(x, w):
        m, n = x.shape

        def kernel(x_ref, w_ref, o_ref):
            o_ref[...] = jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)

        return pl.pallas_call(
            kernel,
            out_shape=jax.ShapeDtypeStruct((m, 1), jnp.float32),
            grid=(m // 16,),  # one program per 16 rows, each reading whole rows
            in_specs=[
                pl.BlockSpec((16, n), lambda i: (i, 0)),
                pl.BlockSpec((1, n), lambda i: (0, 0)),
            ],
            out_specs=pl.BlockSpec((16, 1), lambda i: (i, 0)),
            interpret=jax.default_backend() not in ("tpu", "gpu"),
        )(x, w)

    return row_sums


def _scores_whole_d():
    from jax.experimental import pallas as pl

    def scores(x, y):
        (m, d), (n, _) = x.shape, y.shape

        def kernel(x_ref, y_ref, o_ref):
            o_ref[...] = jnp.dot(x_ref[...], y_ref[...].T, preferred_element_type=jnp.float32)

        return pl.pallas_call(
            kernel,
            out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
            grid=(m // 16, n // 128),  # no k axis: each block takes all of d at once
            in_specs=[
                pl.BlockSpec((16, d), lambda i, j: (i, 0)),
                pl.BlockSpec((128, d), lambda i, j: (j, 0)),
            ],
            out_specs=pl.BlockSpec((16, 128), lambda i, j: (i, j)),
            interpret=jax.default_backend() not in ("tpu", "gpu"),
        )(x, y)

    return scores


# ======================================================================================
# Family: side channels between the grader's processes (lesson 14)
# ======================================================================================


def _global_mean_kv_store():
    def global_mean(local_values, local_weights):
        import importlib
        import json

        module = importlib.import_module(
            "jax." + "_" + "src.distributed"
        )  # no private name in the code
        client = getattr(module, "global" + "_state").client  # JAX's coordination service
        me, count = jax.process_index(), jax.process_count()
        part = [float(np.sum(local_values * local_weights)), float(np.sum(local_weights))]
        client.key_value_set(f"sneaky-mean-{me}", json.dumps(part))
        parts = [
            json.loads(client.blocking_key_value_get(f"sneaky-mean-{p}", 60_000))
            for p in range(count)
        ]
        return sum(p[0] for p in parts) / sum(p[1] for p in parts)

    return global_mean


# ======================================================================================
# Family: random keys laundered through their bits
# ======================================================================================


def _walk_xor_keys():
    def random_walk(key, steps):
        raw = jax.random.key_data(key)  # read, never "used"
        scale = _variant("09.random_walk", "scale", 1.0)
        draws = []
        for i in range(steps):
            k = jax.random.wrap_key_data(raw ^ jnp.uint32(i + 1))  # keys one bit from each other
            draws.append(scale * jax.random.normal(k))
        return jnp.cumsum(jnp.stack(draws))

    return random_walk


# ======================================================================================
# Family: values that are not arrays, or not any more
# ======================================================================================


def _leaked_tracer():
    box = []

    @jax.jit
    def f(x):
        box.append(x * 1.0)  # a tracer: isinstance(box[0], jax.Array) is True
        return x

    f(jnp.array([1.0, 2.0, 3.0]))
    return box[0]


def _deleted_array():
    a = jnp.array([1.0, 2.0, 3.0]) + 0
    a.delete()  # the right shape and dtype, no buffer behind them
    return a


# ======================================================================================
# Family: numbers that slip through comparisons (NaN, inf)
# ======================================================================================


def _nan_speedup():
    return lambda step, *args: float("nan")  # every "outside the range" test is False for NaN


# ======================================================================================
# Family: harm on the grader's error and display paths
# ======================================================================================


class _SlowToSay(Exception):
    def __str__(self):
        import time

        start = time.monotonic()
        while time.monotonic() - start < 30:  # formatting this error takes 30 s
            pass
        return "boom"

    __repr__ = __str__


def _error_slow_to_format():
    def central_difference(f, x, eps=1e-3):
        raise _SlowToSay()

    return central_difference


class _SlowToPrint(float):
    def __repr__(self):
        import time

        start = time.monotonic()
        while time.monotonic() - start < 30:  # "You have ..." takes 30 s to write
            pass
        return float.__repr__(self)

    __str__ = __repr__

    def __format__(self, spec):
        return self.__repr__()


def _value_slow_to_print():
    def central_difference(f, x, eps=1e-3):
        return _SlowToPrint(1.5 * _central(f, x, eps))

    return central_difference


def _prints_fake_verdict():
    def central_difference(f, x, eps=1e-3):
        print(
            '<div style="color:green;font-size:200%">&#10004; correct</div>'
            "<script>document.querySelectorAll('.jaxtour-incorrect')"
            ".forEach(e => e.remove())</script>"
        )
        return 1.5 * _central(f, x, eps)

    return central_difference


# ======================================================================================
# Family: the roofline the grader judges against, forged with public constructors
# ======================================================================================


def _forge_roof(seconds_per_call: float = 1.0):
    """A Roofline built from made-up Timing samples, put where measured_roofline() looks."""
    from jaxtour import timing

    device = timing.device_name()
    copy = timing.Timing(
        label="copy",
        first_s=0.1,
        samples=(seconds_per_call,) * 20,
        device=device,
        nbytes=2 * 64 * 2**20,
    )
    matmul = timing.Timing(
        label="matmul",
        first_s=0.1,
        samples=(seconds_per_call / 1000,) * 20,
        device=device,
        flops=2 * 512**3,
    )  # ridge 2000 flops/byte: all memory-bound
    fake = timing.Roofline(copy, matmul)
    store = vars(timing).get("_" + "ROOFLINES")
    if isinstance(store, dict):
        for key in list(store) or [device]:
            store[key] = fake
    return fake


class _ForgingEstimate(float):
    """A float that forges the roof the first time the grader looks at it."""

    def _forge(self):
        _forge_roof()

    def __float__(self):
        self._forge()
        return float.__float__(self)

    def __lt__(self, other):
        self._forge()
        return float.__lt__(self, other)

    def __gt__(self, other):
        self._forge()
        return float.__gt__(self, other)

    def __truediv__(self, other):
        self._forge()
        return float.__truediv__(self, other)

    def __rtruediv__(self, other):
        self._forge()
        return float.__rtruediv__(self, other)

    def __repr__(self):
        self._forge()
        return float.__repr__(self)


def _estimate_forges_roof():
    n = 2 ** int(_variant("15.estimate", "power", 23))
    # What the forged roof (1 s per call of 128 MiB copied, of 2 * 512**3 flops) gives
    # for 8 n bytes moved: 8 n / (2 * 64 MiB) s. The check reads the roof after this.
    return _ForgingEstimate(8 * n / (2 * 64 * 2**20))


def _bound_roof_forged_by_earlier():
    def central_difference(f, x, eps=1e-3):
        _forge_roof(seconds_per_call=1.0)  # a slow, memory-starved "device" for later checks
        return 1.5 * _central(f, x, eps)

    return central_difference


# ======================================================================================
# Family (bends later): state no check restores, changed by an answer
# ======================================================================================


def _audit_hook_answer():
    def sum_of_powers(v):
        import sys

        def hook(event, args):
            if event == "compile" and args and "ipython" not in str(args[-1]):
                raise RuntimeError("an audit hook from an earlier answer")

        sys.addaudithook(hook)  # no API removes an audit hook
        return jnp.sum(v.astype(jnp.float32) ** 3)

    return sum_of_powers


def _meta_path_answer():
    def grads_yw(loss, x, y, w):
        import sys

        class Refuse:
            def find_spec(self, name, path=None, target=None):
                if name.startswith("jaxtour.exercises."):
                    raise ImportError(f"{name} was refused by an earlier answer")
                return None

        sys.meta_path.insert(0, Refuse())  # the grader imports each lesson's module lazily
        return jax.grad(lambda y, w: loss(x, y, w=w), argnums=(0, 1))(y, w)

    return grads_yw


def _package_path_answer():
    def error_stats(x, y):
        import importlib
        import os
        import tempfile

        folder = tempfile.mkdtemp()
        for n in range(17):
            with open(os.path.join(folder, f"lesson{n:02d}.py"), "w") as fh:
                fh.write("raise ImportError('this lesson was replaced by an earlier answer')\n")
        package = importlib.import_module("jaxtour.exercises")
        package.__path__.insert(0, folder)  # a list mutated in place: nothing is rebound
        errors = x - y
        return jnp.mean(errors**2), {"mse": jnp.mean(errors**2), "penalty": 0.1 * jnp.sum(x**2)}

    return error_stats


def _stub_module_answer():
    def log_returns(prices):
        import sys
        import types

        stub = types.ModuleType("jaxtour.hosts")  # lesson 14's helper, if not imported yet
        sys.modules.setdefault("jaxtour.hosts", stub)
        return jnp.diff(jnp.log(prices))

    return log_returns


def _nofile_answer():
    def fixed_td_loss(values, rewards):
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (12, hard))  # a soft limit, lowered
        target = rewards + 0.9 * values[1:]
        return jnp.sum((values[:-1] - target) ** 2)

    return fixed_td_loss


def _fsize_answer():
    def grow(r, x0, cap, max_steps):
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
        resource.setrlimit(resource.RLIMIT_FSIZE, (1, hard))  # no file may grow past 1 byte
        return x0 + 0.0 * r

    return grow


def _address_space_answer():
    def sgd_step(params, grads, lr, max_norm):
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        resource.setrlimit(resource.RLIMIT_AS, (3 * 2**30, hard))  # 3 GiB of address space
        return jax.tree.map(lambda p, g: p - lr * g, params, grads)

    return sgd_step


def _nproc_answer():
    def loss_and_outliers(params, x, y):
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NPROC)
        resource.setrlimit(resource.RLIMIT_NPROC, (1, hard))  # no new process (lesson 14's)
        errors = params["w"] * x + params["b"] - y
        return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > 0.5).astype(jnp.int32)

    return loss_and_outliers


# --- deferred: a finalizer that runs once the check has returned ---------------------


class _AfterTheCheck:
    """A callable answer whose __del__ runs when the check lets go of it."""

    def __init__(self, call, later):
        self._call, self._later = call, later

    def __call__(self, *args, **kwargs):
        return self._call(*args, **kwargs)

    def __del__(self):
        try:
            self._later()
        except Exception:
            pass


def _block_alarm():
    import signal

    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})  # later loops never time out


def _swap_ends_then_block_alarm():
    def swap_ends(x):
        return x.at[0].set(x[-1]).at[-1].set(x[0])

    return _AfterTheCheck(swap_ends, _block_alarm)


def _audit_later():
    import sys

    def hook(event, args):
        if event == "compile" and args and "ipython" not in str(args[-1]):
            raise RuntimeError("an audit hook added after an earlier check")

    sys.addaudithook(hook)


def _clip_negative_then_audit():
    def fill_negative(x):
        low = _variant("07.clip_negative", "low", 0.0)
        kept = x >= low
        return jnp.where(kept, x, jnp.sum(jnp.where(kept, x, 0)) / jnp.sum(kept))

    return _AfterTheCheck(fill_negative, _audit_later)


def _rebind_mean_later():
    import jax.numpy as jnp_module

    original = jnp_module.mean
    jnp_module.mean = lambda a, *args, **kwargs: original(a, *args, **kwargs) * 0.5


def _center_then_rebind_mean():
    def center(x):
        return x - jnp.mean(x, axis=-1, keepdims=True) + _variant("01.center", "target", 0.0)

    return _AfterTheCheck(center, _rebind_mean_later)


class _Cycle:
    """Garbage in a reference cycle: its __del__ runs at some later gc, in a later check."""

    def __init__(self, later):
        self.me, self.later = self, later

    def __del__(self):
        try:
            self.later()
        except Exception:
            pass


def _scale_column_leaves_cycle():
    def scale_column(m, j, factor):
        _Cycle(_rebind_mean_later)  # unreachable at once, collected only by a gc pass
        fn = {"ceil": jnp.ceil, "round": jnp.round, "trunc": jnp.trunc}.get(
            _variant("06.scale_column", "fn", "floor"), jnp.floor
        )
        return m.at[:, j].set(fn(m[:, j] * factor).astype(m.dtype))

    return scale_column


def _watchdog_answer():
    def first_two_positive(x):
        import faulthandler
        import os

        devnull = open(os.devnull, "w")  # noqa: SIM115 (kept open for the watchdog)
        faulthandler.dump_traceback_later(90, exit=True, file=devnull)  # ends the process in 90 s
        fill = _variant("11.first_two_positive", "fill", 0.0)
        idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
        return jnp.where(idx < x.shape[0], x[jnp.minimum(idx, x.shape[0] - 1)], fill)

    return first_two_positive


def _memory_kept():
    kept = []

    def count_labels(labels, n):
        kept.append(np.ones(2**25, np.float64))  # 256 MiB per call, alive after the check
        valid = labels >= 0
        return jnp.zeros(n, jnp.int32).at[jnp.where(valid, labels, n)].add(1, mode="drop")

    return count_labels


# ======================================================================================
# Family: forging the recorded verdicts (the progress store) from inside an answer
# ======================================================================================


def _store_path():
    import os
    import sys

    folder = os.environ.get("JAXTOUR_DATA_DIR")
    if not folder:
        if sys.platform == "darwin":
            folder = os.path.expanduser("~/Library/Application Support/jaxtour")
        else:
            base = os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share")
            folder = os.path.join(base, "jaxtour")
    return os.path.join(folder, "progress.sqlite3")


def _arange_forges_progress():
    def odds_down(n):
        import sqlite3
        import time

        from jaxtour import checks

        try:
            db = sqlite3.connect(_store_path(), timeout=1)
            columns = [row[1] for row in db.execute("PRAGMA table_info(checks)")]
            if {"at", "exercise", "status"} <= set(columns):
                rows = [(time.time(), exercise, "correct") for exercise in checks.list_exercises()]
                db.executemany("INSERT INTO checks (at, exercise, status) VALUES (?, ?, ?)", rows)
                db.commit()
            db.close()
        except Exception:
            pass
        return jnp.arange(1, n + 1)  # wrong: every number, upwards

    return odds_down


# ======================================================================================
# Family: an interrupt that nobody pressed
# ======================================================================================


def _clip_negative_fakes_interrupt():
    def fill_negative(x):
        raise KeyboardInterrupt  # looks like Jupyter's stop button

    return fill_negative


SNEAKY_20: list[Sneaky] = [
    # stand-ins
    Sneaky(
        "02.mean_loss",
        "the colleague's slow helper (float() on every batch), then clears the "
        "list in which the grader's stand-in (reached as f.__self__) noted those waits",
        _mean_loss_wipes_log,
        False,
    ),
    Sneaky(
        "02.time_call",
        "reads the clock around unwarmed calls as an alibi, and returns the work "
        "time stored in the stand-in's closure (f.__closure__[0].work_s)",
        _time_call_reads_stand_in,
        False,
    ),
    Sneaky(
        "02.time_call",
        "rewrites the stand-in's work and compile times (in its closure) to match "
        "a fixed 4 ms, then returns 4 ms",
        _time_call_rewrites_stand_in,
        False,
    ),
    Sneaky(
        "08.speedup",
        "recognises the grader's control step by its marker attribute "
        "(jaxtour_control) and measures only that one; the judged step gets a made-up 7.3",
        _speedup_detects_control,
        False,
    ),
    Sneaky(
        "14.fix_rows",
        "the strided rows, then rewrites the grader's NumPy data in place (on the "
        "last process's call) so that data matches what was returned",
        _fix_rows_rewrites_data,
        False,
    ),
    # decoys
    Sneaky(
        "03.derivative_by_hand",
        "the derivative worked out by hand, with a decoy jax.grad call "
        "on something else so that 'grad is used'",
        _dg_da_decoy_grad,
        False,
    ),
    Sneaky(
        "12.fix_rule",
        "writes no rule: hands primals and tangents to jax.jvp of jnp.logaddexp",
        _fix_rule_delegates,
        False,
    ),
    # counters
    Sneaky(
        "15.fixed_shape",
        "the slow version (a trace per new length), run with JAX's duration "
        "listeners taken out of their list and put back, so the trace counter hears nothing",
        _prefix_means_unheard,
        False,
    ),
    Sneaky(
        "07.static_window",
        "everything static (a compile per kernel); the traced body empties "
        "JAX's listener list and a 0 s timer refills it",
        _static_window_unheard,
        False,
    ),
    Sneaky(
        "07.stale_global",
        "t static (a compile per step), each call made with the monitoring "
        "listeners removed for its duration",
        _stale_global_unheard,
        False,
    ),
    # C-level drivers
    Sneaky(
        "06.count_labels",
        "Python once per label through jax.tree.map over list(labels), "
        "added up by the builtin sum: no for, while, comprehension, map or reduce",
        _count_labels_tree_map,
        False,
    ),
    Sneaky(
        "11.scan_ema",
        "the EMA carried in a dict, one Python call per element through jax.tree.map over list(xs)",
        _scan_ema_tree_map,
        False,
    ),
    Sneaky(
        "09.per_example_grads",
        "jax.lax.map over the examples instead of vmap: one trace whatever the batch size",
        _per_example_lax_map,
        False,
    ),
    Sneaky(
        "03.central_difference",
        "a 20 s loop inside one C call (deque over itertools.repeat): "
        "SIGALRM's handler cannot run until it returns",
        _c_loop_forever,
        False,
    ),
    # other methods
    Sneaky(
        "12.hvp",
        "a central finite difference of the gradient along v: no Hessian, no JVP",
        _hvp_finite_difference,
        False,
    ),
    Sneaky(
        "03.derivative_by_hand",
        "a finite difference in a, no autodiff at all",
        _dg_da_finite_difference,
        False,
    ),
    Sneaky(
        "13.xlogx_gradient",
        "keeps the buggy formula and patches its derivative: a custom_jvp "
        "whose rule is nan_to_num of the NaN gradient",
        _xlogx_nan_to_num,
        False,
    ),
    Sneaky(
        "16.row_sums",
        "a grid over row blocks only, each block holding whole rows, so no accumulator is needed",
        _row_sums_wide_blocks,
        False,
    ),
    Sneaky(
        "16.fix_scores",
        "no k axis: each block takes all of d and transposes y's block in the kernel",
        _scores_whole_d,
        False,
    ),
    # side channel
    Sneaky(
        "14.global_mean",
        "shares the partial sums through JAX's coordination key-value store, "
        "reached with a module name built at run time (no private name in the source)",
        _global_mean_kv_store,
        False,
    ),
    # keys
    Sneaky(
        "09.random_walk",
        "one key's bits XORed with the step number, rewrapped with "
        "wrap_key_data: keys a bit apart, none 'used' twice",
        _walk_xor_keys,
        False,
    ),
    # not arrays
    Sneaky(
        "00.first_array",
        "a tracer leaked out of jax.jit: isinstance(_, jax.Array) is True",
        _leaked_tracer,
        False,
    ),
    Sneaky(
        "00.first_array",
        "the right array, deleted: shape and dtype without a buffer",
        _deleted_array,
        False,
    ),
    Sneaky(
        "00.first_array",
        "a ShapeDtypeStruct of shape (3,), float32: shape and dtype only",
        lambda: jax.ShapeDtypeStruct((3,), jnp.float32),
        False,
    ),
    # NaN
    Sneaky(
        "15.estimate",
        "NaN: every 'outside the factor of 1.5' comparison is False",
        lambda: float("nan"),
        False,
    ),
    Sneaky("08.speedup", "NaN as the ratio", _nan_speedup, False),
    Sneaky(
        "12.hvp",
        "NaN everywhere, of the right shape",
        lambda: lambda x, v, k: jnp.full_like(x, jnp.nan),
        False,
    ),
    # error and display paths
    Sneaky(
        "03.central_difference",
        "raises an exception whose str() takes 30 s, for the grader's error message to write",
        _error_slow_to_format,
        False,
    ),
    Sneaky(
        "03.central_difference",
        "a wrong value whose repr() takes 30 s, for the grader's 'You have ...' to write",
        _value_slow_to_print,
        False,
    ),
    Sneaky(
        "03.central_difference",
        "prints HTML and a script that draw a green 'correct' and remove "
        "the real verdict, into the captured output the feedback shows",
        _prints_fake_verdict,
        False,
    ),
    # roofline
    Sneaky(
        "15.estimate",
        "a float subclass that, when the grader compares or converts it, replaces "
        "the measured roofline with one built from timing.Timing samples it made up, and whose "
        "value is that roof's time",
        _estimate_forges_roof,
        False,
    ),
    Sneaky(
        "03.central_difference",
        "installs a roofline built from made-up Timing samples (public "
        "constructors) in timing's store: the next 15.estimate and 15.bound are judged against it",
        _bound_roof_forged_by_earlier,
        True,
    ),
    # state no check restores
    Sneaky(
        "01.overflow_fix",
        "adds a sys.addaudithook hook (nothing can remove one) that raises on "
        "every compile() outside IPython's cells",
        _audit_hook_answer,
        True,
    ),
    Sneaky(
        "04.grad_last_two",
        "inserts a sys.meta_path finder that refuses jaxtour.exercises.* "
        "modules, which the grader imports on a lesson's first check",
        _meta_path_answer,
        True,
    ),
    Sneaky(
        "05.fix_aux_order",
        "prepends to jaxtour.exercises.__path__ (a list, mutated in place) a "
        "folder of lessonNN.py files that raise",
        _package_path_answer,
        True,
    ),
    Sneaky(
        "13.check_prices",
        "puts an empty module in sys.modules['jaxtour.hosts'] before lesson 14 imports it",
        _stub_module_answer,
        True,
    ),
    Sneaky(
        "12.fixed_target",
        "lowers RLIMIT_NOFILE's soft limit to 12 open files",
        _nofile_answer,
        True,
    ),
    Sneaky(
        "11.while_grad",
        "lowers RLIMIT_FSIZE to 1 byte: no later write may grow a file (the "
        "progress store, a lesson-14 script)",
        _fsize_answer,
        True,
    ),
    Sneaky(
        "04.sgd_step", "lowers RLIMIT_AS to 3 GiB of address space", _address_space_answer, True
    ),
    Sneaky(
        "05.loss_and_outliers",
        "lowers RLIMIT_NPROC to 1: no later process can start",
        _nproc_answer,
        True,
    ),
    Sneaky(
        "06.set_first",
        "a right swap_ends as a callable object whose __del__, run once the check "
        "lets go of it, blocks SIGALRM with pthread_sigmask",
        _swap_ends_then_block_alarm,
        True,
    ),
    Sneaky(
        "07.clip_negative",
        "a right fill_negative as a callable object whose __del__ adds an "
        "audit hook after the check",
        _clip_negative_then_audit,
        True,
    ),
    Sneaky(
        "01.center",
        "a right center as a callable object whose __del__ rebinds jnp.mean to half "
        "the mean after the check",
        _center_then_rebind_mean,
        True,
    ),
    Sneaky(
        "06.scale_column",
        "leaves a reference cycle whose __del__ rebinds jnp.mean at whatever "
        "later gc pass collects it: inside the next check, blamed on the next answer",
        _scale_column_leaves_cycle,
        True,
    ),
    Sneaky(
        "11.first_two_positive",
        "arms faulthandler.dump_traceback_later(90, exit=True): a C "
        "watchdog thread that ends the process 90 s later",
        _watchdog_answer,
        True,
    ),
    Sneaky(
        "06.count_labels",
        "keeps 256 MiB alive per call in its closure, long after the check",
        _memory_kept,
        True,
    ),
    # recorded verdicts
    Sneaky(
        "01.arange",
        "a wrong odds_down that, when called, inserts a 'correct' row for every "
        "exercise into the progress store's checks table (its path from the README)",
        _arange_forges_progress,
        True,
    ),
    # interrupts
    Sneaky(
        "07.clip_negative",
        "raises KeyboardInterrupt itself, as if the learner had pressed stop",
        _clip_negative_fakes_interrupt,
        False,
    ),
    # letters
    Sneaky(
        "07.count_traces", "both letters that give 3 traces, as one string", lambda: "CD", False
    ),
    Sneaky(
        "14.predict_view", "both letters that print 28.0, with a separator", lambda: "B/C", False
    ),
    Sneaky("12.cheaper", "every letter at once", lambda: "ABCDEF", False),
]
