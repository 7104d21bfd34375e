"""Round 19, sneaky answers: from the lessons and the public API alone."""

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


# ---------------------------------------------------------------------------
# Helpers. Nothing here runs on import: every side effect sits inside a function
# that the grader calls (the answer), or a method that it calls on the answer.
# ---------------------------------------------------------------------------


def _variant(exercise_id: str) -> dict:
    from jaxtour import checks

    return dict(checks.variant_values(exercise_id))


def _center_page(x):
    """The page's variant of 01.center (mean 0), whatever the learner's variant is."""
    return x - jnp.mean(x, axis=-1, keepdims=True)


def _first_argument(*args, **kwargs):
    """A wrong answer of any signature: whatever it was given first."""
    return args[0] if args else None


def _with_damage(damage: Callable[[], None], body: Callable = _first_argument) -> Callable:
    """A function answer that runs ``damage`` once, at its first call, then ``body``."""
    done = []

    def answer(*args, **kwargs):
        if not done:
            done.append(True)
            try:
                damage()
            except Exception:
                pass
        return body(*args, **kwargs)

    return answer


# --- the shared roofline, forged through a frozen dataclass ------------------


def _forge_roofs() -> None:
    """Slow every Roofline's copy timing a millionfold: every operation memory-bound."""
    import dataclasses
    import gc

    from jaxtour import timing

    for obj in gc.get_objects():
        if type(obj) is timing.Roofline:
            copy = obj.copy
            slowed = dataclasses.replace(copy, samples=tuple(s * 1e6 for s in copy.samples))
            object.__setattr__(obj, "copy", slowed)


class _ForgingLetters(str):
    """A str whose first use by the grader forges the roof it is judged against."""

    def _forge(self):
        if not getattr(type(self), "_forged", False):
            type(self)._forged = True
            try:
                _forge_roofs()
            except Exception:
                pass
        return str.__str__(self)

    def __str__(self):
        return self._forge()

    def __repr__(self):
        return repr(self._forge())

    def __iter__(self):
        return iter(self._forge())

    def __len__(self):
        return len(self._forge())

    def __eq__(self, other):
        return self._forge() == other

    def __hash__(self):
        return hash(self._forge())

    def __contains__(self, item):
        return item in self._forge()

    def __getitem__(self, item):
        return self._forge()[item]

    def strip(self, *a):
        return self._forge().strip(*a)

    def upper(self):
        return self._forge().upper()

    def lower(self):
        return self._forge().lower()

    def replace(self, *a):
        return self._forge().replace(*a)

    def split(self, *a, **k):
        return self._forge().split(*a, **k)

    def casefold(self):
        return self._forge().casefold()


SNEAKY_19: list[Sneaky] = []


def _add(exercise_id: str, what: str, answer: Callable[[], Any], bends_later: bool = False):
    SNEAKY_19.append(Sneaky(exercise_id, what, answer, bends_later))


# --- 15.bound: the roof forged from an earlier answer, since letters run no code ---
_add(
    "15.bound",
    "the answer 'ABCDE' as a str subclass whose first method call finds every "
    "timing.Roofline in the heap (gc.get_objects) and replaces its frozen `copy` timing "
    "(object.__setattr__) with one a millionfold slower: the ridge point the check reads "
    "from the learner's own roof object soars, and every option becomes memory-bound",
    lambda: _ForgingLetters("ABCDE"),
)


_SPIN_S = 900.0  # "for ever", for the answers that stall: far past any time limit


def _term_fn(code: str, xp=jnp) -> Callable:
    """A variant's term, such as 'jnp.abs(x)', as a function of x (xp: jnp or np)."""
    return lambda x: eval(code, {"jnp": xp, "np": np, "abs": xp.abs}, {"x": x})


def _prefix_page(x, lengths):
    code = _variant("15.fixed_shape").get("code", "x")
    term = _term_fn(code)
    return jnp.stack([jnp.mean(term(x[:n])) for n in lengths])


_add(
    "15.fixed_shape",
    "forges the roof for a later 15.bound: when called, it finds every timing.Roofline in "
    "the heap and swaps its frozen copy timing for a millionfold slower one, so that the "
    "learner's next 15.bound answer 'ABCDE' (every option memory-bound) is judged against a "
    "ridge point of millions; its own value is the slow, retracing prefix_means",
    lambda: _with_damage(_forge_roofs, _prefix_page),
    True,
)


# --- 15.fixed_shape: the trace counter switched off from inside the answer ------------


def _deaf_prefix(x, lengths):
    jax.monitoring.clear_event_listeners()  # the check's trace listener goes with the rest
    return _prefix_page(x, lengths)


_add(
    "15.fixed_shape",
    "the slow prefix_means (a slice x[:n] per length: new code for every new length) that "
    "first calls the public jax.monitoring.clear_event_listeners(): the listener the check "
    "counts traces with is gone, so the second call 'traces nothing'; every later check "
    "that listens to JAX's events is deaf too",
    lambda: _deaf_prefix,
)


def _numpy_prefix(x, lengths):
    code = _variant("15.fixed_shape").get("code", "x")
    values = _term_fn(code, np)(np.asarray(x, dtype=np.float64))
    n = np.asarray(lengths)
    return jnp.asarray((np.cumsum(values)[n - 1] / n).astype(np.float32))


_add(
    "15.fixed_shape",
    "computes the means on the host with NumPy (np.asarray(x), np.cumsum) and hands back "
    "jnp.asarray of them: nothing is traced at all, so 'traces nothing new' holds without "
    "the fixed-shape JAX program the lesson asks for",
    lambda: _numpy_prefix,
)


# --- 07.static_window: every argument static, the jit cache emptied at every trace ----


def _self_clearing_smooth():
    holder = {}

    def smooth(x, weights, same):
        holder["jitted"].clear_cache()  # forget every earlier kernel while tracing this one
        kernel = jnp.array(weights)
        total = sum(weights)
        if total != 0:
            kernel = kernel / total
        return jnp.convolve(x, kernel, mode="same" if same else "valid")

    holder["jitted"] = jax.jit(smooth, static_argnames=("weights", "same"))
    return holder["jitted"]


_add(
    "07.static_window",
    "jax.jit(smooth, static_argnames=('weights', 'same')), the lazy all-static version, "
    "whose traced body calls the jitted function's own clear_cache(): each new kernel "
    "compiles, but the cache never holds more than one entry, for a check that counts "
    "compiles by the cache's size",
    _self_clearing_smooth,
)


# --- process-wide state left behind for the next check --------------------------------


def _set_config(name: str, value) -> Callable[[], None]:
    return lambda: jax.config.update(name, value)


for _ex, _name, _value, _why in [
    ("01.center", "jax_transfer_guard", "disallow",
     "every implicit host-device transfer in a later check raises"),
    ("01.arange", "jax_disable_jit", True,
     "later checks that count compiles or traces see none, and jit checks run eagerly"),
    ("01.overflow_fix", "jax_numpy_dtype_promotion", "strict",
     "later grader code that mixes an int and a float, or float32 and a Python float, raises"),
    ("06.set_first", "jax_numpy_rank_promotion", "raise",
     "later grader code that broadcasts a (3,) against a (2, 3) raises"),
    ("13.xlogx_gradient", "jax_debug_nans", True,
     "later checks that compute a NaN on purpose (a buggy reference, a masked log) raise"),
    ("12.hvp", "jax_default_matmul_precision", "bfloat16",
     "later checks compare float32 matmuls against references now rounded to bfloat16"),
]:
    _add(
        _ex,
        f"when called, jax.config.update({_name!r}, {_value!r}), a flag the check does not "
        f"name among those it restores (x64, default device): {_why}",
        (lambda n=_name, v=_value: _with_damage(_set_config(n, v))),
        True,
    )


def _warnings_error():
    import warnings

    warnings.simplefilter("error")


def _numpy_raise():
    np.seterr(all="raise")


def _env_time_limit():
    import os

    os.environ["JAXTOUR_TIME_LIMIT_S"] = "0.001"


def _env_page_variant():
    import os

    os.environ["JAXTOUR_VARIANT"] = "0"


def _lowest_recursion_limit():
    import sys

    for limit in range(40, 3000, 10):
        try:
            sys.setrecursionlimit(limit)
            return
        except RecursionError:
            continue


def _audit_hook():
    import sys

    def hook(event, args):
        if event in ("compile", "sqlite3.connect", "open", "exec"):
            raise RuntimeError(f"audited: {event}")

    sys.addaudithook(hook)  # no API removes it, for the life of the process


def _few_files():
    import os
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    in_use = len(os.listdir("/proc/self/fd")) - 1  # the listing's own descriptor is closed now
    resource.setrlimit(resource.RLIMIT_NOFILE, (in_use, hard))  # not one descriptor to spare


def _cpu_deadline():
    import resource

    used = resource.getrusage(resource.RUSAGE_SELF)
    spent = int(used.ru_utime + used.ru_stime)
    soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
    resource.setrlimit(resource.RLIMIT_CPU, (spent + 30, hard))


def _x64_on_every_collection():
    import gc

    def flip(phase, info):
        if phase == "stop":
            try:
                jax.config.update("jax_enable_x64", True)
            except Exception:
                pass

    gc.callbacks.append(flip)


def _deaf_logging():
    import logging

    logging.disable(logging.CRITICAL)


def _wander_off():
    import os
    import tempfile

    os.chdir(tempfile.mkdtemp(prefix="sneaky19-"))


def _floats_as_pytree_nodes():
    jax.tree_util.register_pytree_node(float, lambda f: ((), f), lambda aux, children: aux)


def _delete_every_array():
    # no loop in the source: the loop-refusing checks read the functions an answer calls
    list(map(jax.Array.delete, [a for a in jax.live_arrays() if not a.is_deleted()]))


for _ex, _damage, _why in [
    ("02.mean_loss", _warnings_error,
     "warnings.simplefilter('error'): every warning a later check's own code triggers (a "
     "dtype truncated to 32 bits, a deprecation) becomes an exception inside the grader"),
    ("03.fix_slopes", _numpy_raise,
     "np.seterr(all='raise'), NumPy's error state (not its random state, which the check "
     "restores): a later check's 0/0 relative error, or an overflow in its reference, raises"),
    ("04.grad_last_two", _env_time_limit,
     "os.environ['JAXTOUR_TIME_LIMIT_S'] = '0.001', the documented variable, set without "
     "checks.set_time_limit: every later check times out"),
    ("05.fix_aux_order", _env_page_variant,
     "os.environ['JAXTOUR_VARIANT'] = '0', the teacher's switch: later checks judge the "
     "page's own variant, whose solution the page text gives away"),
    ("05.loss_and_outliers", _lowest_recursion_limit,
     "sys.setrecursionlimit to the lowest value the interpreter accepts at that depth: the "
     "grader's deeper code in later checks hits RecursionError"),
    ("06.scale_column", _audit_hook,
     "sys.addaudithook with a hook that raises on compile, exec, open and sqlite3.connect: "
     "an audit hook cannot be removed, so every later check that parses source, opens a "
     "file or records progress fails"),
    ("06.count_labels", _few_files,
     "resource.setrlimit(RLIMIT_NOFILE) to the number of files open now: later checks "
     "cannot open a lesson's exercise module, the progress store, a locale file or a pipe"),
    ("07.clip_negative", _cpu_deadline,
     "resource.setrlimit(RLIMIT_CPU) to 30 s more than the process has used: the kernel is "
     "killed by SIGXCPU a few checks later"),
    ("07.stale_global", _x64_on_every_collection,
     "a gc.callbacks entry that switches jax_enable_x64 on at every garbage collection: the "
     "check restores x64 when it ends, and the next collection, in a later check, flips it "
     "back"),
    ("08.update", _deaf_logging,
     "logging.disable(logging.CRITICAL): a later check that counts compiles through "
     "jax_log_compiles' log records sees none"),
    ("09.two_views", _wander_off,
     "os.chdir to a fresh temporary folder: later checks that resolve relative paths (a "
     "script for hosts.run, a locale file) look in the wrong place"),
    ("11.first_two_positive", _floats_as_pytree_nodes,
     "jax.tree_util.register_pytree_node(float, ...) with the float as aux data: from then "
     "on every Python float in a pytree is static, so jit retraces for each new float "
     "(a correct 07.static_window now 'compiles per kernel') and grad has no float to "
     "differentiate; the registry cannot be undone"),
    ("12.fixed_target", _delete_every_array,
     "array.delete() on every jax.live_arrays() entry: the grader's cached inputs, "
     "references and stand-ins are gone for every later check"),
]:
    _add(_ex, "when called, " + _why, (lambda d=_damage: _with_damage(d)), True)


# --- keys used twice, the reuse hidden from a key-reuse tracker -------------------------


def _walk_reusing(fresh: Callable) -> Callable:
    """The page's half-fixed walk in the learner's variant: each key is split for the rest
    draw and the next key, and then drawn from once more for the step; every use of a key
    goes through ``fresh(key)``."""

    def random_walk(key, steps):
        v = _variant("09.random_walk")
        scale, rest = float(v.get("scale", 1.0)), float(v.get("rest", 0.0))
        position = jnp.float32(0.0)
        path = []
        for _ in range(steps):
            k_rest, k_next = jax.random.split(fresh(key))
            stays = jax.random.bernoulli(k_rest, rest) if rest else jnp.bool_(False)
            step = scale * jax.random.normal(fresh(key))  # the split key, drawn from again
            position = position + jnp.where(stays, 0.0, step)
            key = k_next
            path.append(position)
        return jnp.stack(path)

    return random_walk


_add(
    "09.random_walk",
    "the page's half-fixed walk (each key split, then drawn from again for the step), each "
    "use wrapped in jax.random.clone(key): the documented escape from JAX's key-reuse "
    "checker, so a tracker of consumed keys sees a fresh key every time",
    lambda: _walk_reusing(jax.random.clone),
)
_add(
    "09.random_walk",
    "the same key used twice per step (split, then a draw), each time rebuilt as "
    "jax.random.wrap_key_data(jax.random.key_data(key)): a new key object with the same "
    "bits, which an identity-based tracker cannot tie to the old one",
    lambda: _walk_reusing(lambda k: jax.random.wrap_key_data(jax.random.key_data(k))),
)


# --- 12.hvp: the whole Hessian, built where no 64 x 64 array appears -------------------


def _energy_of_variant():
    wells = _variant("12.hvp").get("wells", "jnp.sum(jnp.cos(x))")

    def energy(x, k):
        springs = 0.5 * k * jnp.sum((x[1:] - x[:-1]) ** 2)
        return springs - eval(wells, {"jnp": jnp}, {"x": x})

    return energy


def _hvp_by_halves(x, v, k):
    energy = _energy_of_variant()
    n = x.shape[0]
    h = n // 2
    grad_e = lambda y: jax.grad(energy)(y, k)  # noqa: E731
    total = jnp.zeros_like(x)
    for start, stop in ((0, h), (h, n)):
        rows = jnp.arange(stop - start)
        basis = jnp.zeros((stop - start, n), x.dtype).at[rows, rows + start].set(1.0)
        columns = jax.vmap(lambda e: jax.jvp(grad_e, (x,), (e,))[1])(basis)  # (n/2, n)
        total = total + columns.T @ v[start:stop]
    return total


_add(
    "12.hvp",
    "builds the whole Hessian anyway, one column per basis vector (vmap of jvp of grad), "
    "but in two halves of n/2 columns: every array is 64 x 32, so a check that looks only "
    "for a 64 x 64 array along the way finds none",
    lambda: _hvp_by_halves,
)


# --- 16.row_sums: a kernel runs, and the answer is added outside it --------------------


class _Ref:
    def __init__(self, array):
        self.array = array

    def __getitem__(self, index):
        return self.array


def _row_sums_outside(x, w):
    from jax.experimental import pallas as pl

    m, n = x.shape
    bm, bn = 16, 128

    def kernel(x_ref, w_ref, o_ref):
        o_ref[...] = jnp.zeros_like(o_ref)  # reads nothing, writes zeros

    zeros = pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, 1), jnp.float32),
        grid=(m // bm, n // bn),
        in_specs=[pl.BlockSpec((bm, bn), lambda i, j: (i, j)),
                  pl.BlockSpec((1, bn), lambda i, j: (0, j))],
        out_specs=pl.BlockSpec((bm, 1), lambda i, j: (i, 0)),
        interpret=jax.default_backend() == "cpu",
    )(x, w)
    body = _variant("16.row_sums").get("body", "x_ref[...] * w_ref[...]")
    term = eval(body, {"jnp": jnp, "abs": jnp.abs}, {"x_ref": _Ref(x), "w_ref": _Ref(w)})
    return zeros + jnp.sum(term, axis=1, keepdims=True).astype(jnp.float32)


_add(
    "16.row_sums",
    "a real pallas_call over the right grid and BlockSpecs, given x and w, whose kernel "
    "only writes zeros; the sums are computed by jnp outside it and added to the kernel's "
    "output, so a kernel is present, runs, and reads its inputs' blocks",
    lambda: _row_sums_outside,
)


# --- 09.per_example_grads: a sequential lax.map where vmap is asked for -----------------


def _per_example_by_map(params, xs, ys):
    v = _variant("09.per_example_grads")
    decay = float(v.get("decay", 0.0))

    def log_loss(p, x, y):
        logit = jnp.dot(p["w"], x) + p["b"]
        return jnp.logaddexp(0.0, logit) - y * logit + decay * jnp.sum(p["w"] ** 2)

    g = jax.lax.map(lambda xy: jax.grad(log_loss)(params, xy[0], xy[1]), (xs.T, ys))
    if int(v.get("out_axes", 1)) == 1:
        g = {"w": g["w"].T, "b": g["b"]}
    return g


_add(
    "09.per_example_grads",
    "jax.lax.map (a scan: one example after another) instead of vmap: no Python loop and a "
    "program whose size does not grow with N, so 'traces for 2 then 5 examples' sees no "
    "loop, while the batching the exercise teaches is absent",
    lambda: _per_example_by_map,
)


# --- 13.check_prices: a message that names every position and every price ---------------


def _shotgun_log_returns(prices):
    from jax.experimental import checkify

    lag = int(_variant("13.check_prices").get("lag", 1))
    checkify.check(jnp.all(prices > 0), "positions {} prices {}",
                   jnp.arange(prices.shape[0]), prices)
    logs = jnp.log(prices)
    return logs[lag:] - logs[:-lag]


_add(
    "13.check_prices",
    "checkify.check with one message that lists every position, then every price: the "
    "first bad price's position comes before its value in the text, so a check that only "
    "searches for the two numbers in that order finds them without the answer locating it",
    lambda: _shotgun_log_returns,
)


# --- 08.fit: the loss of the current parameters, from a step with lr = 0 -------------------


def _fit_probing(step, params, x, y, lr, target):
    steps = 0
    while True:
        _, current = step(params, x, y, 0.0)  # a 'step' that moves nothing: a second loss
        if float(current) < target:
            return params, steps
        params, _ = step(params, x, y, lr)
        steps += 1
        if steps > 100_000:
            return params, steps


_add(
    "08.fit",
    "gets the loss of the current parameters with an extra call step(params, x, y, 0.0), "
    "a step of learning rate 0: a second computation of the loss disguised as a step, "
    "which a check that only counts calls to the lesson's loss does not see",
    lambda: _fit_probing,
)


# --- 02.time_call and 08.speedup: the forbidden helper, its source hidden -------------------


def _measured(f, *args):
    from jaxtour import timing

    return timing.measure(f, *args).median_s


def _time_call_quick(f, *args, repeats=20):
    import time

    f(*args)
    start = time.perf_counter()
    for _ in range(repeats):
        result = f(*args)
    elapsed = time.perf_counter() - start
    result.block_until_ready()
    return elapsed / repeats


def _time_call_spoofed():
    def time_call(f, *args):
        return _measured(f, *args)

    time_call.__wrapped__ = _time_call_quick  # inspect.getsource follows __wrapped__
    return time_call


_add(
    "02.time_call",
    "times with the forbidden timing.measure, through a helper, and sets "
    "time_call.__wrapped__ to an innocent hand-written timer: inspect.getsource and "
    "inspect.signature unwrap, so a source scan reads the innocent text",
    _time_call_spoofed,
)


class _SpeedupMeter:
    """A callable object: no function, so no source for inspect to read."""

    def __call__(self, step, *args):
        return _measured(step, *args) / _measured(jax.jit(step), *args)


_add(
    "08.speedup",
    "an instance of a class with __call__ that times both sides with the forbidden "
    "jaxtour.timing.measure: inspect.getsource of an instance fails, so a source scan "
    "has nothing to read",
    lambda: _SpeedupMeter(),
)


# --- reading the expected value off the device heap ------------------------------------------


def _latest_twin(x):
    """The live jax array of x's shape and dtype that is not x and differs from x."""
    ours = [a for a in jax.live_arrays()
            if a.shape == x.shape and a.dtype == x.dtype and a is not x and not a.is_deleted()]
    for candidate in reversed(ours):
        try:
            if not bool(jnp.array_equal(candidate, x)):
                return candidate
        except Exception:
            continue
    return x


_add(
    "03.derivative_by_hand",
    "differentiates nothing: it returns a live jax array (jax.live_arrays()) of x's shape "
    "and dtype that is not x, betting that the check computed JAX's own derivative before "
    "calling the answer and that it is still alive on the device",
    lambda: (lambda x, a: _latest_twin(x)),
)
_add(
    "01.center",
    "returns a live jax array of x's shape and dtype that is not x (jax.live_arrays()): "
    "the reference result, if the check made it before calling the answer",
    lambda: _latest_twin,
)


# --- work that no Python-level time limit can stop ---------------------------------------

_DEVICE_SPIN_STEPS = 2**31 - 1  # device loop steps: hours on any device
_C_SPIN_N = 10**15  # iterations of a C loop that never looks at signals: years


def _spin_python(seconds: float) -> None:
    import time

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass


def _spin_on_device():
    def body(i, acc):
        return jnp.tanh(acc @ acc.T) + i.astype(acc.dtype)

    spin = jax.jit(lambda a: jax.lax.fori_loop(0, _DEVICE_SPIN_STEPS, body, a))
    return jax.block_until_ready(spin(np.ones((64, 64), np.float32)))


def _grow_stalling(r, x0, cap, max_steps):
    with jax.ensure_compile_time_eval():  # runs now, even while the check traces grow
        _spin_on_device()
    return x0


_add(
    "11.while_grad",
    "before anything else runs, inside jax.ensure_compile_time_eval() (so that it executes "
    "even while the check only traces grow), a jitted lax.fori_loop of 2**31 matmul steps "
    "on a constant: the main thread waits inside XLA, in C++, where SIGALRM's Python "
    "handler never gets to run, so the 10 s limit cannot stop it",
    lambda: _grow_stalling,
)


def _odds_stalling(n):
    sum(range(_C_SPIN_N))  # builtin sum over a range: one C loop, no signal checks
    return jnp.arange(n, 0, -2)


_add(
    "01.arange",
    "sum(range(10**15)) before answering: builtin sum's fast path loops in C without "
    "checking for signals, so the SIGALRM limit's handler waits for it to finish, for years",
    lambda: _odds_stalling,
)


class _SlowToExplain(Exception):
    def __str__(self):
        _spin_python(_SPIN_S)
        return "the answer failed"


def _raise_slow(*args, **kwargs):
    raise _SlowToExplain()


_add(
    "03.central_difference",
    "raises an exception whose __str__ spins for 15 minutes: the answer itself fails at "
    "once, inside the time limit, and the cost lands where the check turns the error into "
    "feedback, after the limit's alarm is cleared",
    lambda: _raise_slow,
)


class _ExitOnExplain(Exception):
    def __str__(self):
        raise SystemExit(0)

    __repr__ = __str__


def _raise_exit(*args, **kwargs):
    raise _ExitOnExplain()


_add(
    "14.fix_rows",
    "raises an exception whose __str__ and __repr__ raise SystemExit: a BaseException born "
    "while the check formats the error, outside the answer's call, where an "
    "`except Exception` does not catch it; in a script the process ends",
    lambda: _raise_exit,
)


class _Unprintable:
    """A result that cannot be converted, and whose repr takes 15 minutes."""

    shape = (3, 3)
    dtype = np.dtype("float32")

    def __array__(self, *args, **kwargs):
        raise TypeError("no")

    def __repr__(self):
        _spin_python(_SPIN_S)
        return "<unprintable>"

    __str__ = __repr__


_add(
    "01.numpy_copy",
    "returns an object that claims a shape and dtype, refuses __array__, and whose repr "
    "spins for 15 minutes: the check's 'returned what cannot be checked' message quotes "
    "the repr, outside the answer's time limit",
    lambda: (lambda m: _Unprintable()),
)


def _nested(depth: int):
    tree: list = []
    for _ in range(depth):
        tree = [tree]
    return tree


_add(
    "04.sgd_step",
    "returns a list nested 1,000,000 deep: the check's pytree flattening (C++ recursion in "
    "jax.tree_util) or its repr overflows the C stack rather than raising RecursionError",
    lambda: (lambda params, grads, lr, max_norm: _nested(1_000_000)),
)


_add(
    "07.debug_print",
    "a 300-million-character string of one letter: every copy the check makes to strip, "
    "upper-case or quote it in its feedback costs 300 MB",
    lambda: "C" * 300_000_000,
)


# --- registries and class attributes that no module snapshot covers ---------------------------


def _arrays_as_empty_nodes():
    array_type = type(jnp.zeros(()))
    jax.tree_util.register_pytree_node(array_type, lambda a: ((), None),
                                       lambda aux, children: jnp.zeros(()))


def _sgd_unchanged(params, grads, lr, max_norm):
    _arrays_as_empty_nodes()
    return jax.tree.map(lambda p: p, params)


_add(
    "04.sgd_step",
    "returns the parameters unchanged after registering jax's own array type as a pytree "
    "node with no children: every comparison the check makes leaf by leaf (tree.map, "
    "tree.leaves, tree.all) now sees no leaves at all, and holds vacuously; the registry "
    "cannot be undone, so every later check flattens arrays to nothing",
    lambda: _sgd_unchanged,
)


def _center_blinding(x):
    array_type = type(jnp.zeros(()))
    array_type.__array__ = lambda self, *a, **k: np.zeros(self.shape, self.dtype)
    return x


_add(
    "01.center",
    "returns x unchanged after assigning jax's array type's own __array__ (a class "
    "attribute of jaxlib's ArrayImpl, not a module attribute) to a function of zeros: "
    "np.asarray of the answer and of the reference are then both zeros",
    lambda: _center_blinding,
)


# --- more process-wide state ------------------------------------------------------------------


def _block_alarm():
    import signal

    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})


def _ignore_interrupts():
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _die_later():
    import faulthandler

    faulthandler.dump_traceback_later(_DIE_AFTER_S, exit=True)


_DIE_AFTER_S = 120.0


def _fresh_store():
    import os
    import tempfile

    os.environ["JAXTOUR_DATA_DIR"] = tempfile.mkdtemp(prefix="sneaky19-store-")


def _global_mesh():
    mesh = jax.make_mesh((len(jax.devices()),), ("batch",))
    jax.sharding.set_mesh(mesh)


def _x64_when_dropped(x):
    import weakref

    result = x[::-1]  # any new array: the check holds it until it has judged it
    weakref.finalize(result, jax.config.update, "jax_enable_x64", True)
    return result


for _ex, _damage, _why in [
    ("05.loss_and_outliers", _block_alarm,
     "signal.pthread_sigmask(SIG_BLOCK, {SIGALRM}): not a handler swapped but the signal "
     "blocked, so every later check's time limit is queued and never delivered: the next "
     "answer that loops for ever hangs the kernel"),
    ("05.fix_aux_order", _ignore_interrupts,
     "signal.signal(SIGINT, SIG_IGN): Jupyter's stop button (SIGINT) does nothing from "
     "then on, in every later check and cell"),
    ("07.clip_negative", _die_later,
     "faulthandler.dump_traceback_later(120, exit=True): a C watchdog thread, not a Python "
     "one, that ends the kernel with _exit two minutes later, whatever check is running"),
    ("09.per_example_grads", _fresh_store,
     "os.environ['JAXTOUR_DATA_DIR'] to a fresh folder: later checks read no stored "
     "variant, so they judge another variant, and record their outcomes where "
     "jaxtour progress never looks"),
    ("14.fix_rows", _global_mesh,
     "jax.sharding.set_mesh(a mesh over every device), a global setting: later checks "
     "trace under an ambient mesh"),
]:
    _add(_ex, "when called, " + _why, (lambda d=_damage: _with_damage(d)), True)

_add(
    "06.set_first",
    "returns a reversed copy holding a weakref.finalize that switches jax_enable_x64 on "
    "when the check drops the result: after the check has restored x64, so the next check "
    "starts, and judges, with 64-bit floats",
    lambda: _x64_when_dropped,
    True,
)


# --- more answers read off the device heap -----------------------------------------------------


def _twin(shape, dtype, *given):
    """The newest live jax array of this shape and dtype that is none of ``given`` and
    equals none of them: the reference, when the check made it before calling."""
    given_arrays = [g for g in given if isinstance(g, jax.Array)]
    candidates = [a for a in jax.live_arrays()
                  if a.shape == tuple(shape) and a.dtype == dtype and not a.is_deleted()
                  and all(a is not g for g in given_arrays)]
    for candidate in reversed(candidates):
        try:
            if not any(g.shape == candidate.shape and bool(jnp.array_equal(candidate, g))
                       for g in given_arrays):
                return candidate
        except Exception:
            continue
    return given[0] if given else None


def _decoy_grad():
    return jax.grad(lambda t: t * t)(1.0)  # a grad the static check can find; it is unused


_add(
    "03.derivative_by_hand",
    "calls jax.grad once on a throwaway function (so 'no jax.grad in it' is false) and "
    "returns the newest live jax array of x's shape that is not x: the check's own JAX "
    "derivative, made before the answer ran",
    lambda: (lambda x, a: (_decoy_grad(), _twin(x.shape, x.dtype, x))[1]),
)
_add(
    "06.set_first",
    "returns the newest live jax array of x's shape and dtype that is not x and differs "
    "from it: the check's swapped reference",
    lambda: (lambda x: _twin(x.shape, x.dtype, x)),
)
_add(
    "07.clip_negative",
    "returns the newest live jax array of x's shape and dtype that differs from x "
    "(jax.live_arrays()); under the check's jit x is a tracer, and the twin a constant",
    lambda: (lambda x: _twin(x.shape, x.dtype, x)),
)
_add(
    "06.scale_column",
    "returns the newest live int32 jax array of m's shape that is not m and differs from "
    "it: the check's scaled reference",
    lambda: (lambda m, j, factor: _twin(m.shape, m.dtype, m)),
)
_add(
    "13.xlogx_gradient",
    "returns the newest live jax array of p's shape and dtype that is not p: the check's "
    "reference entropies",
    lambda: (lambda p: _twin(p.shape, p.dtype, p)),
)
_add(
    "03.fix_slopes",
    "returns the newest live float32 jax array of t's shape (jax.live_arrays()) that is "
    "not t: the check's own derivatives of f",
    lambda: (lambda f, t: _twin(t.shape, jnp.float32, t)),
)
_add(
    "01.numpy_copy",
    "returns np.array of the newest live jax array of m's shape and dtype that is not m: "
    "the flagged copy, if the check built its reference with jnp",
    lambda: (lambda m: np.array(_twin(m.shape, m.dtype, m))),
)


# --- 16.fix_scores: y transposed by a matmul, not by a transpose ------------------------------


def _scores_via_identity(x, y):
    from jax.experimental import pallas as pl

    bm, bn, bk = 16, 128, 128
    (m, d), (n, _) = x.shape, y.shape
    eye = jnp.eye(d, dtype=y.dtype)
    y_t = jax.lax.dot_general(eye, y, (((1,), (1,)), ((), ())))  # I @ y.T: (d, n), no transpose

    def kernel(x_ref, y_ref, o_ref):
        @pl.when(pl.program_id(2) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.dot(x_ref[...], y_ref[...], preferred_element_type=jnp.float32)

    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // bm, n // bn, d // bk),
        in_specs=[pl.BlockSpec((bm, bk), lambda i, j, k: (i, k)),
                  pl.BlockSpec((bk, bn), lambda i, j, k: (k, j))],
        out_specs=pl.BlockSpec((bm, bn), lambda i, j, k: (i, j)),
        interpret=jax.default_backend() == "cpu",
    )(x, y_t)


_add(
    "16.fix_scores",
    "the lesson's tiled matmul, handed y transposed, but the transposed copy is made by "
    "a matmul with the identity (dot_general of eye(d) and y, contracting y's last axis): "
    "no transpose operation appears for a check that looks for one",
    lambda: _scores_via_identity,
)


# --- 01.numpy_copy: a NumPy array that agrees with everything --------------------------------


class _AgreeableArray(np.ndarray):
    def __array_function__(self, func, types, args, kwargs):
        if func.__name__ in ("array_equal", "allclose", "array_equiv"):
            return True
        if func.__name__ == "isclose":
            return np.ones(np.broadcast_shapes(*(np.shape(a) for a in args[:2])), bool)
        return super().__array_function__(func, types, args, kwargs)

    def __eq__(self, other):
        return np.ones(self.shape, bool)

    def __ne__(self, other):
        return np.zeros(self.shape, bool)


_add(
    "01.numpy_copy",
    "returns zeros of m's shape and dtype viewed as an ndarray subclass whose "
    "__array_function__ answers True to np.array_equal, np.allclose and np.array_equiv "
    "(and all-True to np.isclose), and whose == is all True",
    lambda: (lambda m: np.zeros(m.shape, m.dtype).view(_AgreeableArray)),
)


# --- checks.new_variant from inside the answer --------------------------------------------


def _center_rerolled(x):
    from jaxtour import checks

    tries = 0
    while _variant("01.center").get("target", 0.0) != 0.0 and tries < 40:
        checks.new_variant("01.center")  # reroll until the variant is the page's
        tries += 1
    return _center_page(x)


_add(
    "01.center",
    "the page's answer (mean 0), which first calls checks.new_variant('01.center') until "
    "the learner's variant is the page's own: the reroll happens inside the check, after "
    "it read the variant",
    lambda: _center_rerolled,
)


class _MeasuredTimeCall:
    def __call__(self, f, *args):
        return _measured(f, *args)


_add(
    "02.time_call",
    "an instance of a class with __call__ that returns timing.measure(f, *args).median_s, "
    "the helper the exercise forbids: no function, so no source and no name to find",
    lambda: _MeasuredTimeCall(),
)
