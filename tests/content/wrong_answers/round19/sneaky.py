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
    resource.setrlimit(resource.RLIMIT_NOFILE, (len(os.listdir("/dev/fd")) + 2, hard))


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
    for array in jax.live_arrays():
        try:
            array.delete()
        except Exception:
            pass


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
     "resource.setrlimit(RLIMIT_NOFILE) to two more than the files open now: later checks "
     "cannot open the progress store, a locale file or a subprocess pipe"),
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
    ("10.fix_loss", _floats_as_pytree_nodes,
     "jax.tree_util.register_pytree_node(float, ...) with the float as aux data: from then "
     "on every Python float in a pytree is static, so jit retraces for each new float "
     "(a correct 07.static_window now 'compiles per kernel') and grad has no float to "
     "differentiate; the registry cannot be undone"),
    ("11.scan_ema", _delete_every_array,
     "array.delete() on every jax.live_arrays() entry: the grader's cached inputs, "
     "references and stand-ins are gone for every later check"),
]:
    _add(_ex, "when called, " + _why, (lambda d=_damage: _with_damage(d)), True)
