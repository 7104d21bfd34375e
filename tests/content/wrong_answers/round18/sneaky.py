"""Round 18, sneaky answers: from the lessons and the public API alone.

Each entry is what a clever, lazy student hands to ``checks.check``: a value (or a
function) meant to be called "correct" without solving the exercise, or to bend the
verdict of a LATER check in the same kernel (``bends_later``). Builders only build:
whatever harm there is happens when the grader reads, compares or calls the value.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Sneaky:
    exercise_id: str
    what: str  # the trick, in words
    answer: Callable[[], Any]
    bends_later: bool  # True when its aim is to change a LATER verdict, not its own


# --------------------------------------------------------------------------------------
# helpers (module level so that each builder stays one line; none does anything on import)
# --------------------------------------------------------------------------------------

_NAMES_OF_TRUTH = (
    "expected",
    "expect",
    "want",
    "wanted",
    "reference",
    "ref",
    "truth",
    "target",
    "answer_key",
    "correct",
    "solution",
    "right",
    "key_letter",
)


def _sniff_stack(pred, depth=60):
    """The first local, in any caller's frame, whose name looks like the expected value
    and for which ``pred(value)`` holds; None when none does."""
    import sys

    frame = sys._getframe(1)
    for _ in range(depth):
        if frame is None:
            return None
        for name, value in list(frame.f_locals.items()):
            low = name.lower()
            if any(word in low for word in _NAMES_OF_TRUTH):
                try:
                    if pred(value):
                        return value
                except Exception:
                    pass
        frame = frame.f_back
    return None


class _AlwaysEqualStr(str):
    """A letter that says it equals whatever it is compared with (and hashes like one)."""

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = str.__hash__

    def strip(self, *a):
        return self

    def upper(self):
        return self

    def lower(self):
        return self

    def casefold(self):
        return self

    def replace(self, *a):
        return self

    def __contains__(self, item):
        return True


class _FlipStr(str):
    """A letter string whose every read (str(), strip, upper, iteration) gives the next
    candidate: right once in N reads, and a grader that reads twice sees two answers."""

    def __new__(cls, letters="ABCDEF"):
        self = super().__new__(cls, letters[0])
        self._letters = letters
        self._i = 0
        return self

    def _next(self):
        self._i += 1
        return self._letters[self._i % len(self._letters)]

    def __str__(self):
        return self._next()

    def strip(self, *a):
        return self._next()

    def upper(self):
        return self._next()

    def __iter__(self):
        return iter(self._next())

    __hash__ = str.__hash__

    def __eq__(self, other):
        return isinstance(other, str) and len(other) == 1


class _StackLetter(str):
    """A letter that, when compared, looks up the caller's expected letter and becomes it."""

    __hash__ = str.__hash__

    def __eq__(self, other):
        return True

    def __str__(self):
        found = _sniff_stack(lambda v: isinstance(v, str) and 0 < len(v) <= 6 and v.isupper())
        return str.__str__(found) if found is not None else str.__str__(self)

    def strip(self, *a):
        return self

    def upper(self):
        return self


class _InsideEveryRange(float):
    """A number inside every range: each comparison answers what a range test wants."""

    def __le__(self, other):
        return True

    def __ge__(self, other):
        return True

    def __lt__(self, other):
        return False

    def __gt__(self, other):
        return False

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = float.__hash__

    def __sub__(self, other):
        return 0.0

    def __rsub__(self, other):
        return 0.0

    def __truediv__(self, other):
        return 1.0

    def __rtruediv__(self, other):
        return 1.0

    def __abs__(self):
        return 0.0

    def __float__(self):
        found = _sniff_stack(lambda v: isinstance(v, float) and v > 0)
        return float(found) if found is not None else 1.0


class _StackFloat(float):
    """A float that becomes, when converted, the caller's expected number."""

    def __float__(self):
        found = _sniff_stack(lambda v: isinstance(v, (float, np.floating)) and v > 0)
        return float(found) if found is not None else float.__float__(self)

    def __new__(cls, v=1e-3):
        return super().__new__(cls, v)


_REFERENCE_NAMES = (
    "expected",
    "reference",
    "ref",
    "solution",
    "oracle",
    "want",
    "truth",
    "model_answer",
)


def _grader_reference_call(*args, **kwargs):
    """Call the first callable named like a reference in any caller's frame with the
    same arguments: the answer computes nothing itself. Written without a loop or a
    comprehension (recursion only), so that a check that refuses Python loops in the
    answer, or in the functions it calls, finds none."""
    import sys

    return _reference_in_frame(sys._getframe(2), 0, _REFERENCE_NAMES, 0, args, kwargs)


def _reference_in_frame(frame, depth, names, k, args, kwargs):
    if frame is None or depth > 80:
        raise RuntimeError("no reference found")
    if k >= len(names):
        return _reference_in_frame(frame.f_back, depth + 1, names, 0, args, kwargs)
    value = frame.f_locals.get(names[k])
    if callable(value) and getattr(value, "__code__", None) is not _grader_reference_call.__code__:
        try:
            return value(*args, **kwargs)
        except Exception:
            pass
    return _reference_in_frame(frame, depth, names, k + 1, args, kwargs)


def _patch_truthy_everywhere():
    """Make every comparison helper a grader could use say 'equal'."""
    import numpy
    import jax.numpy as jnp_

    yes = lambda *a, **k: True  # noqa: E731
    nothing = lambda *a, **k: None  # noqa: E731
    numpy.allclose = yes
    numpy.array_equal = yes
    numpy.isclose = lambda a, b, *x, **k: numpy.ones(
        numpy.broadcast(numpy.asarray(a), numpy.asarray(b)).shape, bool
    )
    numpy.testing.assert_allclose = nothing
    numpy.testing.assert_array_equal = nothing
    numpy.testing.assert_equal = nothing
    jnp_.allclose = lambda *a, **k: jnp_.bool_(True)
    jnp_.array_equal = lambda *a, **k: jnp_.bool_(True)
    import math

    math.isclose = yes


def _force_feedback_correct():
    """Rebind the public Feedback class so that every Feedback built from now on says
    'correct' (and is truthy), whatever the grader decided."""
    from jaxtour import checks

    cls = checks.Feedback
    init = cls.__init__
    if getattr(init, "_sneaky", False):
        return

    def __init__(self, exercise_id, status, message, *a, **k):
        init(self, exercise_id, "correct", "Correct!", *a, **k)

    __init__._sneaky = True
    cls.__init__ = __init__
    cls.passed = property(lambda self: True)
    cls.__bool__ = lambda self: True


def _wrap_check_always_correct():
    """Rebind checks.check (and show/read_and_check) to functions that call the real one
    and return a Feedback that says 'correct'."""
    from jaxtour import checks

    real = checks.check
    if getattr(real, "_sneaky", False):
        return

    def check(exercise_id, answer):
        fb = real(exercise_id, answer)
        try:
            return checks.Feedback(exercise_id, "correct", "Correct!")
        except Exception:
            return fb

    check._sneaky = True
    checks.check = check

    def read_and_check(exercise_id, get_answer):
        return check(exercise_id, get_answer())

    checks.read_and_check = read_and_check


def _center_rows(x):
    return x - jnp.mean(x, axis=-1, keepdims=True)


def _ctypes_zero_buffer(arr):
    """Write zeros into a jax array's own buffer (CPU), in place, behind JAX's back."""
    import ctypes

    ctypes.memset(arr.unsafe_buffer_pointer(), 0, arr.size * arr.dtype.itemsize)


def _overwrite_buffer(dst, values):
    """Copy ``values`` (same dtype and size) into the buffer of the jax array ``dst``."""
    import ctypes

    src = np.ascontiguousarray(np.asarray(values, dtype=dst.dtype))
    ctypes.memmove(dst.unsafe_buffer_pointer(), src.ctypes.data, src.nbytes)


def _c_spin(n):
    """A loop in C that never returns to the interpreter (so no Python signal handler,
    SIGALRM's included, runs until it ends)."""
    import collections
    import itertools

    collections.deque(itertools.repeat(None, n), maxlen=0)


def _c_spin_forever():
    import collections
    import itertools

    collections.deque(itertools.count(), maxlen=0)


class _RaisesOnEverything:
    """An answer whose every dunder the grader may touch raises a BaseException that is
    not an Exception: repr, str, bool, len, eq, hash, getattr."""

    def _boom(self, *a, **k):
        raise KeyboardInterrupt("sneaky")

    __repr__ = __str__ = __bool__ = __len__ = __eq__ = __hash__ = __iter__ = _boom
    __array__ = __jax_array__ = __float__ = __int__ = __index__ = _boom

    def __getattr__(self, name):
        raise SystemExit(0)

    def __call__(self, *a, **k):  # a function, as the exercise asks, whose result is this
        return _RaisesOnEverything()


class _ClassLiar:
    """Claims to be a PartitionSpec (``__class__``), and equals anything."""

    @property
    def __class__(self):
        return jax.sharding.PartitionSpec

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    def __hash__(self):
        return 0

    def __iter__(self):
        return iter((None, "data"))

    def __len__(self):
        return 2

    def __getitem__(self, i):
        return (None, "data")[i]

    def __repr__(self):
        return "PartitionSpec(None, 'data')"


class _PoisonError(Exception):
    """An exception whose rendering itself fails: str and repr raise, and its args and
    notes are objects that raise when formatted."""

    def __str__(self):
        raise _PoisonError()

    def __repr__(self):
        raise RecursionError("repr of a poisoned error")


def _raise_poison(*a, **k):
    raise _PoisonError()


class _Finalizer:
    """When the grader lets go of it (gc), rebind Feedback so later checks say correct."""

    def __del__(self):
        try:
            _force_feedback_correct()
        except Exception:
            pass


def _hold_finalizer(fn):
    fn._finalizer = _Finalizer()
    return fn


# --------------------------------------------------------------------------------------
# answer builders with more than one line
# --------------------------------------------------------------------------------------


def _build_zeroing_center():
    def center(x):
        # wrong answer (zeros) that also zeroes the grader's input in place, so a
        # reference computed from x after the call is zeros too
        try:
            _ctypes_zero_buffer(x)
        except Exception:
            pass
        return jnp.zeros_like(x)

    return center


def _build_reference_fetch(exercise_id):
    def build():
        from jaxtour import checks

        return checks.reference_answer(exercise_id)

    return build


def _build_bruteforce_letter(exercise_id, letters="ABCDEF", silent=True):
    """Ask the grader each letter, with recording off (so the store never sees the failed
    tries), and hand in the one it calls correct."""

    def build():
        import os

        from jaxtour import checks

        saved = os.environ.get("JAXTOUR_PROGRESS")
        if silent:
            os.environ["JAXTOUR_PROGRESS"] = "off"
        try:
            for letter in letters:
                try:
                    if checks.check(exercise_id, letter).passed:
                        return letter
                except Exception:
                    pass
        finally:
            if saved is None:
                os.environ.pop("JAXTOUR_PROGRESS", None)
            else:
                os.environ["JAXTOUR_PROGRESS"] = saved
        return letters[0]

    return build


def _build_bruteforce_multi(exercise_id, letters="ABCDE"):
    """The same, over every subset of the letters (2**5 tries), recording off."""

    def build():
        import itertools
        import os

        from jaxtour import checks

        saved = os.environ.get("JAXTOUR_PROGRESS")
        os.environ["JAXTOUR_PROGRESS"] = "off"
        try:
            for r in range(len(letters) + 1):
                for combo in itertools.combinations(letters, r):
                    guess = "".join(combo)
                    if checks.check(exercise_id, guess).passed:
                        return guess
        finally:
            if saved is None:
                os.environ.pop("JAXTOUR_PROGRESS", None)
            else:
                os.environ["JAXTOUR_PROGRESS"] = saved
        return ""

    return build


def _build_letter_from_solution(exercise_id):
    """Read the letter out of the solution text (public), as a string literal."""

    def build():
        import re

        from jaxtour import checks

        body = checks.solution(exercise_id).body
        found = re.findall(r"[\"']([A-F]{1,6})[\"']", body)
        return found[-1] if found else "A"

    return build


def _build_letter_from_feedback(exercise_id, letters="ABCDEF"):
    """Check one wrong letter and read, in the feedback's text, any letter it names as
    the right one (quoted or in 'option X' form)."""

    def build():
        import re

        from jaxtour import checks

        fb = checks.check(exercise_id, "Z")
        text = " ".join([fb.message, fb.details, fb.explanation, fb.title])
        for pat in (
            r"option ([A-F])\b",
            r"answer is ([A-F])\b",
            r"\b([A-F])\b is right",
            r"[\"']([A-F])[\"']",
        ):
            m = re.search(pat, text)
            if m and m.group(1) in letters:
                return m.group(1)
        return "A"

    return build


def _build_alarm_disarmer(result_fn):
    """A function that first cancels any pending SIGALRM (the time limit) and ignores the
    signal from now on, then runs the (slow) work."""

    def answer(*args, **kwargs):
        import signal

        try:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, signal.SIG_IGN)
        except Exception:
            pass
        return result_fn(*args, **kwargs)

    return answer


def _build_interrupt_swallower(seconds):
    """Centers rows, but first sleeps ``seconds`` swallowing every BaseException the time
    limit (or the stop button) raises into it."""

    def center(x):
        import time

        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                time.sleep(0.05)
            except BaseException:  # noqa: BLE001 - the point of the trick
                pass
        return jnp.zeros_like(x)

    return center


def _build_thread_repatcher():
    """A function answer that starts a daemon thread re-applying the truthy patches and
    the always-correct Feedback every millisecond, for the rest of the kernel's life."""

    def center(x):
        import threading
        import time

        def loop():
            while True:
                try:
                    _patch_truthy_everywhere()
                    _force_feedback_correct()
                except Exception:
                    pass
                time.sleep(0.001)

        threading.Thread(target=loop, daemon=True, name="not-a-cheat").start()
        return x  # wrong: nothing centered

    return center


def _build_gc_callback_patcher():
    def center(x):
        import gc

        def cb(phase, info):
            try:
                _force_feedback_correct()
                _patch_truthy_everywhere()
            except Exception:
                pass

        gc.callbacks.append(cb)
        return x * 0  # wrong

    return center


def _build_profile_hook():
    """sys.setprofile + settrace hooks that, in any frame whose code lives under a path
    with 'grader' in it, force locals named like a verdict to True on every line."""

    def center(x):
        import ctypes
        import sys
        import threading

        words = ("ok", "passed", "correct", "same", "close", "equal", "good", "match")

        def local_tracer(frame, event, arg):
            if event in ("line", "return"):
                changed = False
                for name, value in list(frame.f_locals.items()):
                    if (
                        isinstance(value, (bool, np.bool_))
                        and not value
                        and any(w in name.lower() for w in words)
                    ):
                        frame.f_locals[name] = True
                        changed = True
                if changed:
                    try:
                        ctypes.pythonapi.PyFrame_LocalsToFast(
                            ctypes.py_object(frame), ctypes.c_int(0)
                        )
                    except Exception:
                        pass
            return local_tracer

        def global_tracer(frame, event, arg):
            if "jaxtour" in frame.f_code.co_filename:
                return local_tracer
            return None

        sys.settrace(global_tracer)
        threading.settrace(global_tracer)
        return x  # wrong

    return center


def _build_import_hook():
    """A meta-path finder that wraps every jaxtour module loaded from now on: each of its
    functions whose name speaks of comparing returns True."""

    def center(x):
        import importlib.abc
        import importlib.machinery
        import sys

        class Wrapper(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path, target=None):
                if not name.startswith("jaxtour"):
                    return None
                spec = importlib.machinery.PathFinder.find_spec(name, path)
                if spec is None or spec.loader is None:
                    return spec
                real_exec = spec.loader.exec_module

                def exec_module(module):
                    real_exec(module)
                    for attr, value in list(vars(module).items()):
                        if callable(value) and any(
                            w in attr.lower()
                            for w in ("close", "equal", "compare", "same", "match")
                        ):
                            setattr(module, attr, lambda *a, **k: True)

                spec.loader.exec_module = exec_module
                return spec

        sys.meta_path.insert(0, Wrapper())
        # modules not imported yet are imported afresh later: drop what is cached
        for name in [m for m in sys.modules if m.startswith("jaxtour.exercises")]:
            pass
        return x  # wrong

    return center


def _build_atexit_store_forger():
    """Register an atexit hook that marks every row of the progress store as passed."""

    def center(x):
        import atexit
        import glob
        import os
        import sqlite3

        def forge():
            roots = [
                os.environ.get("JAXTOUR_DATA_DIR", ""),
                os.path.expanduser("~/.local/share/jaxtour"),
                os.path.join(os.environ.get("XDG_DATA_HOME", "/nonexistent"), "jaxtour"),
            ]
            for root in roots:
                for path in glob.glob(os.path.join(root, "*.sqlite*")) + glob.glob(
                    os.path.join(root, "*.db")
                ):
                    try:
                        con = sqlite3.connect(path)
                        for (table,) in con.execute(
                            "select name from sqlite_master where type='table'"
                        ):
                            cols = [c[1] for c in con.execute(f"pragma table_info({table})")]
                            if "status" in cols:
                                con.execute(f"update {table} set status='correct'")
                            if "passed" in cols:
                                con.execute(f"update {table} set passed=1")
                        con.commit()
                        con.close()
                    except Exception:
                        pass

        atexit.register(forge)
        return x  # wrong

    return center


def _build_memory_hog(mib=1024):
    def center(x):
        import builtins

        hoard = getattr(builtins, "_sneaky_hoard", [])
        hoard.append(bytearray(mib * 1024 * 1024))
        builtins._sneaky_hoard = hoard  # kept for the kernel's life
        return _center_rows(x)

    return center


def _build_signal_handler_swap():
    """Replace SIGINT's and SIGALRM's handlers with ones that do nothing, then return a
    wrong answer: a later answer that runs forever can no longer be stopped."""

    def center(x):
        import signal

        for sig in (signal.SIGINT, signal.SIGALRM):
            try:
                signal.signal(sig, lambda *a: None)
            except Exception:
                pass
        return x

    return center


def _build_time_patcher():
    """measure_speedup that patches every clock so that the grader's own measurement of
    the step (made after the answer's) sees whatever ratio the answer claims."""

    def measure_speedup(step, *args):
        import time

        real = time.perf_counter
        state = {"t": real()}

        def fake():
            state["t"] += 1e-3
            return state["t"]

        for name in ("perf_counter", "monotonic", "time", "process_time"):
            setattr(time, name, fake)
        try:
            import timeit

            timeit.default_timer = fake
        except Exception:
            pass
        return 1.0

    return measure_speedup


def _build_fake_clock_timer():
    """time_call that never waits: it reads a clock the grader cannot fake (os.times)."""

    def time_call(f, *args):
        import os

        f(*args)
        t0 = os.times().elapsed
        r = f(*args)
        t1 = os.times().elapsed
        return max(t1 - t0, 1e-9)  # wrong: no wait for the work, coarse clock

    return time_call


def _build_attr_reader_timer():
    """time_call that measures nothing: it reads the stand-in's work time out of the
    stand-in itself, from the repr of its closure's cells and of its result's slots and
    attributes ('work_s=0.0121...'), after one call to let it compile."""

    def time_call(f, *args):
        import re

        texts = []
        for cell in getattr(f, "__closure__", None) or ():
            try:
                texts.append(repr(cell.cell_contents))
            except Exception:
                pass
        f(*args).block_until_ready()
        result = f(*args)
        result.block_until_ready()  # waited, as an honest timer would, but timed nothing
        names = list(getattr(type(result), "__slots__", ())) + list(getattr(result, "__dict__", {}))
        for name in names:
            try:
                texts.append(repr(object.__getattribute__(result, name)))
            except Exception:
                pass
        for text in texts:
            m = re.search(r"(?:work|dur|run)\w*=([0-9.]+(?:e[-+]?[0-9]+)?)", text)
            if m:
                return float(m.group(1))
        return 1e-3

    return time_call


def _build_dlpack_mean_loss():
    """mean_loss that brings every batch's loss back to Python at once, per batch, but
    through DLPack, a door the grader's watchers may not guard."""

    def mean_loss(f, xs):
        total = 0.0
        for x in xs:
            total += float(np.from_dlpack(f(x)))
        return total / len(xs)

    return mean_loss


def _build_str_mean_loss():
    """The slow helper, each batch's loss read back through str() (a read by printing),
    the number picked out of 'Array(1.0, dtype=float32)' with a regular expression."""

    def mean_loss(f, xs):
        import re

        total = 0.0
        for x in xs:
            total += float(re.findall(r"-?[0-9.]+(?:e[-+]?[0-9]+)?", str(f(x)))[0])
        return total / len(xs)

    return mean_loss


def _build_dict_digging_mean_loss():
    """The slow helper, each batch's loss dug out of the pending result's own public
    slots or attributes (past whatever methods the grader watches) and made a Python
    float at once, one batch at a time; the variant's formula read from variant_values."""

    def mean_loss(f, xs):
        def raw(obj):
            names = list(getattr(type(obj), "__slots__", ())) + list(getattr(obj, "__dict__", {}))
            for name in names:
                if name.startswith("_"):
                    continue
                try:
                    value = object.__getattribute__(obj, name)
                except Exception:
                    continue
                if (
                    isinstance(value, (jax.Array, np.ndarray, np.generic, float))
                    and np.size(value) == 1
                ):
                    return value
            return obj

        total = 0.0
        for x in xs:
            total += float(np.asarray(raw(f(x))))  # one number back per batch: the slowness
        mean = total / len(xs)
        try:
            from jaxtour import checks

            base = checks.variant_values("02.mean_loss").get("base")
        except Exception:
            base = None
        return float(base**mean) if base else mean

    return mean_loss


def _build_pointer_mean_loss():
    """Each batch's loss read straight from its device buffer with ctypes, with no wait."""

    def mean_loss(f, xs):
        import ctypes

        total = 0.0
        for x in xs:
            y = f(x)
            y = getattr(y, "_sneaky_real", y)
            ptr = y.unsafe_buffer_pointer()
            total += ctypes.c_float.from_address(ptr).value
        return total / len(xs)

    return mean_loss


def _build_recursive_count_labels():
    """count_labels with no loop keyword: recursion, one label per call (the Python still
    runs once per label)."""

    def count_labels(labels, n):
        if n == 0:
            return jnp.zeros((0,), jnp.int32)
        head = count_labels(labels, n - 1)
        return jnp.concatenate([head, jnp.sum(labels == n - 1, dtype=jnp.int32)[None]])

    return count_labels


def _build_stringloop_count_labels():
    """count_labels whose Python loop lives in code compiled from a string, so the source
    the grader inspects holds no loop, no exec and no comprehension."""

    def count_labels(labels, n):
        import builtins

        code = compile(
            "out = []\nfor k in range(n):\n    out.append(jnp.sum(labels == k))\n",
            "<sneaky>",
            "exec",
        )
        scope = {"jnp": jnp, "labels": labels, "n": n}
        getattr(builtins, "ex" + "ec")(code, scope)
        return jnp.stack(scope["out"]).astype(jnp.int32) if n else jnp.zeros((0,), jnp.int32)

    return count_labels


def _build_stringloop_ema():
    """corrected_ema with the Python loop built at run time: FunctionType over a code
    object compiled from a string."""

    def corrected_ema(xs, beta):
        import types

        src = (
            "def f(xs, beta):\n"
            "    m, out = 0.0, []\n"
            "    for t in range(xs.shape[0]):\n"
            "        m = beta * m + (1 - beta) * xs[t]\n"
            "        out.append(m / (1 - beta ** (t + 1)))\n"
            "    return jnp.stack(out)\n"
        )
        module = compile(src, "<not-a-loop>", "exec")
        fcode = [c for c in module.co_consts if isinstance(c, types.CodeType)][0]
        f = types.FunctionType(fcode, {"jnp": jnp, "range": range})
        return f(xs, beta)

    return corrected_ema


def _build_laundered_key_walk():
    """random_walk that reuses one key for every step, each time laundered through
    key_data/wrap_key_data (and fold_in) so that no key object is seen twice."""

    def random_walk(key, steps):
        data = jax.random.key_data(key)
        pos, path = 0.0, []
        for i in range(steps):
            fresh = jax.random.wrap_key_data(data + 0)  # the same bits, a new object
            pos = pos + jax.random.normal(fresh) * (i + 1) / (i + 1)
            path.append(pos)
        return jnp.stack(path)  # wrong: every step the same draw

    return random_walk


def _build_callback_hvp():
    """hvp that builds the whole Hessian, but on the host, inside a pure_callback: the
    traced program shows no 64 x 64 array."""

    def hvp(x, v, k):
        try:
            from jaxtour import checks

            depth = float(checks.variant_values("12.hvp").get("depth", 1.0))
        except Exception:
            depth = 1.0

        def host(x, v, k):
            x = np.asarray(x, np.float64)
            n = x.size
            h = np.zeros((n, n))
            i = np.arange(n)
            h[i, i] = depth * np.cos(x)
            h[i[:-1], i[:-1]] += k
            h[i[1:], i[1:]] += k
            h[i[:-1], i[1:]] -= k
            h[i[1:], i[:-1]] -= k
            return (h @ np.asarray(v, np.float64)).astype(np.float32)

        return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x, v, k)

    return hvp


def _build_chunked_hessian_hvp():
    """hvp that builds the Hessian half a row-block at a time: 32 x 64 pieces, never a
    64 x 64 array, then multiplies (depth-1 wells only: the page's energy)."""

    def hvp(x, v, k):
        def energy(x):
            return 0.5 * k * jnp.sum((x[1:] - x[:-1]) ** 2) - jnp.sum(jnp.cos(x))

        g = jax.grad(energy)
        n = x.shape[0]
        half = n // 2
        eye = jnp.eye(n, dtype=x.dtype)
        top = jax.vmap(lambda e: jax.jvp(g, (x,), (e,))[1])(eye[:half])
        bottom = jax.vmap(lambda e: jax.jvp(g, (x,), (e,))[1])(eye[half:])
        return jnp.concatenate([top @ v, bottom @ v])

    return hvp


def _build_scores_outside_kernel():
    """scores: the product computed by XLA outside, then copied through a Pallas kernel
    that only moves blocks, so a kernel is there."""

    def scores(x, y):
        from jax.experimental import pallas as pl

        product = jnp.einsum("md,nd->mn", x, y)

        def copy_kernel(p_ref, o_ref):
            o_ref[...] = p_ref[...]

        m, n = product.shape
        return pl.pallas_call(
            copy_kernel,
            out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
            grid=(m // 16, n // 128),
            in_specs=[pl.BlockSpec((16, 128), lambda i, j: (i, j))],
            out_specs=pl.BlockSpec((16, 128), lambda i, j: (i, j)),
            interpret=jax.default_backend() == "cpu",
        )(product)

    return scores


def _build_scores_hidden_transpose():
    """scores: the kernel of the page, fed a transposed y made by a gather the grader may
    not recognize as a transpose (y[idx].T via take + moveaxis)."""

    def scores(x, y):
        from jax.experimental import pallas as pl

        yt = jnp.moveaxis(jnp.take(y, jnp.arange(y.shape[0]), axis=0), 0, 1) + 0  # (d, n)
        m, d = x.shape
        n = y.shape[0]
        BM, BN, BK = 16, 128, 128

        def kernel(x_ref, y_ref, o_ref):
            @pl.when(pl.program_id(2) == 0)
            def _():
                o_ref[...] = jnp.zeros_like(o_ref)

            o_ref[...] += jnp.dot(x_ref[...], y_ref[...], preferred_element_type=jnp.float32)

        return pl.pallas_call(
            kernel,
            out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
            grid=(m // BM, n // BN, d // BK),
            in_specs=[
                pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
                pl.BlockSpec((BK, BN), lambda i, j, k: (k, j)),
            ],
            out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
            interpret=jax.default_backend() == "cpu",
        )(x, yt)

    return scores


def _build_row_sums_precomputed():
    """row_sums: the sums computed outside any kernel (by the grader's own reference,
    found on the call stack), then copied through a kernel that only moves blocks."""

    def row_sums(x, w):
        from jax.experimental import pallas as pl

        sums = jnp.asarray(_grader_reference_call(x, w), jnp.float32).reshape(x.shape[0], 1)
        m = x.shape[0]

        def kernel(s_ref, x_ref, o_ref):
            o_ref[...] = s_ref[...] + 0.0 * x_ref[:, :1]

        return pl.pallas_call(
            kernel,
            out_shape=jax.ShapeDtypeStruct((m, 1), jnp.float32),
            grid=(m // 16,),
            in_specs=[
                pl.BlockSpec((16, 1), lambda i: (i, 0)),
                pl.BlockSpec((16, 128), lambda i: (i, 0)),
            ],
            out_specs=pl.BlockSpec((16, 1), lambda i: (i, 0)),
            interpret=jax.default_backend() == "cpu",
        )(sums, x)

    return row_sums


def _build_row_sums_from_variant():
    """row_sums: the variant's own jnp body (variant_values' 'body', evaluated on whole
    arrays) summed outside, a kernel that only copies the result."""

    def row_sums(x, w):
        from jax.experimental import pallas as pl

        try:
            from jaxtour import checks

            body = checks.variant_values("16.row_sums").get("body", "x_ref[...] * w_ref[...]")
        except Exception:
            body = "x_ref[...] * w_ref[...]"
        term = eval(
            body.replace("x_ref[...]", "x").replace("w_ref[...]", "w"), {"jnp": jnp, "x": x, "w": w}
        )
        sums = jnp.sum(term, axis=1, keepdims=True).astype(jnp.float32)
        m = x.shape[0]

        def kernel(s_ref, o_ref):
            o_ref[...] = s_ref[...]

        return pl.pallas_call(
            kernel,
            out_shape=jax.ShapeDtypeStruct((m, 1), jnp.float32),
            grid=(m // 16,),
            in_specs=[pl.BlockSpec((16, 1), lambda i: (i, 0))],
            out_specs=pl.BlockSpec((16, 1), lambda i: (i, 0)),
            interpret=jax.default_backend() == "cpu",
        )(sums)

    return row_sums


def _build_all_pairs_checkify():
    """log_returns whose error message names every (position, price) pair in order, so
    that the first bad one is in it wherever it is."""

    def log_returns(prices):
        from jax.experimental import checkify

        n = prices.shape[0]
        fmt = " ".join(["price {} is {}"] * n)
        args = []
        for i in range(n):
            args += [jnp.int32(i), prices[i]]
        checkify.check(jnp.all(prices > 0), fmt, *args)
        try:
            from jaxtour import checks

            lag = int(checks.variant_values("13.check_prices").get("lag", 1))
        except Exception:
            lag = 1
        logs = jnp.log(prices)
        return logs[lag:] - logs[:-lag]

    return log_returns


def _build_cache_clearing_jit():
    """fast_smooth jitted with everything static, which clears its own cache from inside
    every trace (through a host callback), so the count of compiles stays at 1."""

    def smooth(x, weights, same):
        kernel = jnp.array(weights)
        total = sum(weights)
        if total != 0:
            kernel = kernel / total
        try:
            fast.clear_cache()
        except Exception:
            pass
        if same:
            return jnp.convolve(x, kernel, mode="same")
        return jnp.convolve(x, kernel, mode="valid")

    fast = jax.jit(smooth, static_argnames=("weights", "same"))
    return fast


def _build_traced_only_swap():
    """swap_ends right only when traced (under jit); plainly it returns x unchanged."""

    def swap_ends(x):
        if isinstance(x, jax.core.Tracer):
            return x.at[0].set(x[-1]).at[-1].set(x[0])
        return x

    return swap_ends


def _build_deleting_swap():
    """swap_ends that returns the right swap, then deletes (frees) the array it was
    given: the grader's own copy of its input is gone."""

    def swap_ends(x):
        out = x.at[0].set(x[-1]).at[-1].set(x[0])
        try:
            out.block_until_ready()
            x.delete()
        except Exception:
            pass
        return out

    return swap_ends


def _build_donating_flag_diagonal():
    """flag_diagonal that writes -1 on m's own diagonal, in place in m's buffer, and hands
    back a view of that same memory: m changes, and the result shares it."""

    def flag_diagonal(m):
        host = np.array(m)
        np.fill_diagonal(host, -1)
        try:
            _overwrite_buffer(m, host)
        except Exception:
            pass
        return np.asarray(m)

    return flag_diagonal


def _build_small_only(right, wrong, limit):
    """Right while the input is small (the sizes a grader likes), wrong beyond."""

    def answer(x, *rest):
        return right(x, *rest) if np.size(x) <= limit else wrong(x, *rest)

    return answer


def _build_first_calls_only(right, wrong, n_right):
    """Right for the first ``n_right`` calls, then wrong for ever."""
    state = {"calls": 0}

    def answer(*args, **kwargs):
        state["calls"] += 1
        return right(*args, **kwargs) if state["calls"] <= n_right else wrong(*args, **kwargs)

    return answer


def _build_time_bomb(right, wrong, seconds):
    """Right for ``seconds`` after it is built (a check's length), wrong afterwards."""
    import time

    born = time.monotonic()

    def answer(*args, **kwargs):
        return (
            right(*args, **kwargs) if time.monotonic() - born < seconds else wrong(*args, **kwargs)
        )

    return answer


def _build_variant_pinner(right_for_page):
    """Pin the class variant to the page's (variant 0) from inside the answer, then answer
    the page's variant: the learner's own variant is never solved."""

    def answer(*args, **kwargs):
        import os

        os.environ["JAXTOUR_VARIANT"] = "0"
        return right_for_page(*args, **kwargs)

    return answer


def _build_html_forger():
    """A wrong center that prints markup: feedback shown as HTML would show 'Correct'."""

    def center(x):
        print(
            '</pre></details><div style="color:green;font-size:2em">&#10004; Correct! '
            '<script>document.querySelectorAll("[class*=incorrect]").forEach(e=>e.remove())</script></div><pre>'
        )
        print("\x1b[1A\x1b[2K\r\x1b[32mcorrect\x1b[0m")  # erase the verdict line in a terminal
        return x

    return center


def _build_html_forger_error():
    def center(x):
        raise ValueError('<b style="color:green">Correct!</b><img src=x onerror="alert(1)">')

    return center


def _build_stack_reference(exercise_fn_name):
    def answer(*args, **kwargs):
        return _grader_reference_call(*args, **kwargs)

    answer.__name__ = exercise_fn_name
    return answer


def _build_stack_reference_naming_grad():
    def dg_da(x, a):
        unused = jax.grad  # noqa: F841  (a source check looks for it)
        return _grader_reference_call(x, a)

    return dg_da


def _bend_measured_roofs():
    """Make the kept roofline's matmul look a million times faster (its timings divided,
    in place, through object.__setattr__), so the ridge moves past every operation."""
    import dataclasses

    from jaxtour import timing

    roof = timing.measured_roofline()
    if roof is None or getattr(roof, "_sneaky_bent", False):
        return
    timing_of_matmul = roof.matmul
    for field in dataclasses.fields(timing_of_matmul):
        value = getattr(timing_of_matmul, field.name)
        if isinstance(value, float) and 0 < value < 10:
            object.__setattr__(timing_of_matmul, field.name, value / 1e6)
        elif (
            isinstance(value, (list, tuple)) and value and all(isinstance(v, float) for v in value)
        ):
            object.__setattr__(timing_of_matmul, field.name, type(value)(v / 1e6 for v in value))
    try:
        object.__setattr__(roof, "_sneaky_bent", True)
    except Exception:
        pass


class _RoofBendingLetters(str):
    """'ABCDE' (every operation memory bound), which, the moment the grader reads it,
    moves the measured ridge point so far that every operation is."""

    __hash__ = str.__hash__

    def _bend(self):
        try:
            _bend_measured_roofs()
        except Exception:
            pass

    def __str__(self):
        self._bend()
        return str.__str__(self)

    def __iter__(self):
        self._bend()
        return str.__iter__(self)

    def upper(self):
        self._bend()
        return str.upper(self)

    def strip(self, *a):
        self._bend()
        return str.strip(self, *a)

    def __eq__(self, other):
        self._bend()
        return str.__eq__(self, other)


def _build_roof_bender():
    from jaxtour import timing

    timing.roofline()  # the lesson's own cell: roof = timing.roofline()
    return _RoofBendingLetters("ABCDE")


def _build_global_mean_reader():
    """global_mean that exchanges nothing through JAX: it reads the other process's values
    out of the script or the command lines on disk (reading is not writing), and returns
    the local weighted mean when it finds nothing."""

    def global_mean(local_values, local_weights):
        import glob
        import os
        import re
        import sys

        texts = []
        for path in [getattr(sys.modules.get("__main__"), "__file__", None)] + glob.glob(
            "/proc/[0-9]*/cmdline"
        ):
            if not path:
                continue
            try:
                with open(path, "rb") as handle:
                    texts.append(handle.read().decode("utf-8", "replace"))
            except Exception:
                pass
        numbers = [float(v) for t in texts for v in re.findall(r"-?\d+\.\d+", t)]
        v = np.asarray(local_values, float)
        w = np.asarray(local_weights, float)
        if numbers:
            return float(np.sum(v * w) / np.sum(w))
        return float(np.sum(v * w) / np.sum(w))  # wrong: this process's mean only

    return global_mean


def _build_sneaky_fit():
    """fit_until that takes one step and reports 0 steps, the loss always said to be
    below target through a lying float."""

    def fit_until(step, params, x, y, lr, target):
        return params, 0

    return fit_until


def _build_truthy_array_center():
    """center that patches NumPy's and jnp's comparisons when called, then returns x."""

    def center(x):
        _patch_truthy_everywhere()
        return x

    return center


def _build_feedback_rebinder():
    def center(x):
        _force_feedback_correct()
        return x

    return center


def _build_check_rebinder():
    def center(x):
        _wrap_check_always_correct()
        return x

    return center


def _build_jax_patcher():
    """center that rebinds jnp.mean / jnp.subtract / np.mean so that the grader's own
    reference, if computed with them afterwards, is x itself, like the answer."""

    def center(x):
        import numpy

        zero_mean = lambda a, axis=None, keepdims=False, **k: numpy.zeros_like(  # noqa: E731
            numpy.mean.__wrapped__(a, axis=axis, keepdims=keepdims)
            if hasattr(numpy.mean, "__wrapped__")
            else a
        )
        jnp.mean = lambda a, axis=None, keepdims=False, **k: jnp.zeros(
            jnp.shape(jnp.sum(a, axis=axis, keepdims=keepdims))
        )
        numpy.mean = lambda a, axis=None, keepdims=False, **k: numpy.zeros(
            numpy.shape(numpy.sum(a, axis=axis, keepdims=keepdims))
        )
        del zero_mean
        return x

    return center


def _build_c_spinner(n):
    def center(x):
        _c_spin(n)
        return jnp.zeros_like(x)

    return center


def _build_device_spinner(iterations):
    """A jitted while_loop of ``iterations`` steps: the wait for it sits in C++, where
    Python's signal handlers cannot run until it ends."""

    def center(x):
        body = jax.jit(
            lambda n: jax.lax.while_loop(
                lambda c: c[0] < n,
                lambda c: (c[0] + 1, c[1] * 1.0000001),
                (jnp.int64(0) if jax.config.x64_enabled else jnp.int32(0), jnp.float32(1.0)),
            )[1]
        )
        r = body(iterations)
        return x * 0 + r * 0

    return center


def _build_thread_gil_hog(seconds):
    """Return a wrong answer, but leave a thread that, a moment later, holds the GIL in
    a C loop for ``seconds`` of work: the next check stalls while it runs."""

    def center(x):
        import threading
        import time

        def hog():
            time.sleep(0.5)
            _c_spin(int(seconds * 6e7))

        threading.Thread(target=hog, daemon=True).start()
        return x

    return center


# --------------------------------------------------------------------------------------
# the answers
# --------------------------------------------------------------------------------------

SNEAKY_18 = [
    # ---- objects that lie about their type, value or equality -------------------------
    Sneaky(
        "01.default_dtype",
        "a str subclass that equals every string (eq, ne, hash, strip, upper, lower, in)",
        lambda: _AlwaysEqualStr("A"),
        False,
    ),
    Sneaky(
        "03.gradient",
        "a letter whose every read (str, strip, upper, iteration) gives the next of A-F",
        lambda: _FlipStr("ABCD"),
        False,
    ),
    Sneaky(
        "07.count_traces",
        "a letter that equals anything and, when str()ed, turns into the expected letter it finds in the caller's frames",
        lambda: _StackLetter("A"),
        False,
    ),
    Sneaky(
        "02.which_dispatch",
        "a multi-letter answer whose iteration (set(), sorted()) changes on every read and which contains every letter",
        lambda: _FlipStr(["AD", "A", "D", "ADE", "", "ABCDE"]),
        False,
    ),
    Sneaky(
        "15.donate",
        "a str subclass that equals everything, for a set-of-letters answer",
        lambda: _AlwaysEqualStr("AC"),
        False,
    ),
    Sneaky(
        "15.estimate",
        "a float inside every range: <=, >= always True, <, > always False, |x - y| is 0, x / y is 1, float() is the caller's expected number",
        lambda: _InsideEveryRange(1e-3),
        False,
    ),
    Sneaky(
        "15.estimate",
        "NaN: every comparison with it is False, so a test written as 'refuse if too far' passes it",
        lambda: float("nan"),
        False,
    ),
    Sneaky(
        "15.estimate",
        "a float whose float() is whatever positive float named like 'expected' a caller's frame holds",
        lambda: _StackFloat(1e-3),
        False,
    ),
    Sneaky(
        "10.column_spec",
        "an object that is no PartitionSpec but claims to be one: __class__ reports PartitionSpec (so isinstance says yes), == is always True",
        lambda: _ClassLiar(),
        False,
    ),
    Sneaky(
        "00.first_array",
        "a NumPy float32 subclass holding zeros whose ==, allclose and array_equal protocols say True",
        lambda: type(
            "Liar",
            (np.ndarray,),
            {
                "__eq__": lambda s, o: np.ones(np.shape(s), bool),
                "__array_function__": lambda s, f, t, a, k: True,
            },
        )(3, np.float32, np.zeros(3, np.float32).tobytes()),
        False,
    ),
    Sneaky(
        "00.first_array",
        "an object with __jax_array__ giving [1, 2, 3] on the first read only, zeros after",
        lambda: type(
            "Once",
            (),
            {
                "n": [0],
                "__jax_array__": lambda s: (
                    s.n.append(1),
                    jnp.array([1.0, 2.0, 3.0]) if len(s.n) == 2 else jnp.zeros(3),
                )[1],
                "shape": (3,),
                "dtype": jnp.float32,
            },
        )(),
        False,
    ),
    Sneaky(
        "01.arange",
        "odds_down returning a lying ndarray (right shape and dtype, zeros) whose comparisons all say True",
        lambda: (
            lambda n: type(
                "Liar",
                (np.ndarray,),
                {
                    "__eq__": lambda s, o: np.ones(np.shape(s), bool),
                    "__array_function__": lambda s, f, t, a, k: True,
                },
            )((n + 1) // 2, np.int32, np.zeros((n + 1) // 2, np.int32).tobytes())
        ),
        False,
    ),
    Sneaky(
        "01.arange",
        "an answer whose repr, str, bool, hash, eq and getattr raise KeyboardInterrupt / SystemExit",
        lambda: _RaisesOnEverything(),
        False,
    ),
    Sneaky(
        "01.center",
        "a function that raises an exception whose str and repr themselves raise",
        lambda: _raise_poison,
        False,
    ),
    # ---- right only on first read, only when traced, only at the grader's sizes --------
    Sneaky(
        "06.set_first",
        "swap_ends right only when traced (under jit); plainly it returns x unchanged",
        _build_traced_only_swap,
        False,
    ),
    Sneaky(
        "06.count_labels",
        "count_labels right for n <= 8, all zeros beyond (the sizes a lesson uses)",
        lambda: (
            lambda labels, n: (
                jnp.zeros(n, jnp.int32).at[jnp.where(labels < 0, n, labels)].add(1, mode="drop")
                if n <= 8
                else jnp.zeros(n, jnp.int32)
            )
        ),
        False,
    ),
    Sneaky(
        "01.center",
        "center right for small inputs (size <= 64), x itself beyond",
        lambda: _build_small_only(_center_rows, lambda x: x, 64),
        False,
    ),
    Sneaky(
        "03.fix_slopes",
        "curvatures right for the first 3 calls only, zeros after",
        lambda: _build_first_calls_only(
            lambda f, t: jax.vmap(jax.grad(jax.grad(f)))(jnp.asarray(t, jnp.float32)),
            lambda f, t: jnp.zeros(jnp.shape(t)),
            3,
        ),
        False,
    ),
    Sneaky(
        "11.scan_ema",
        "corrected_ema right for 30 s after it is built (a check's length), then plain uncorrected EMA",
        lambda: _build_time_bomb(
            lambda xs, b: jax.lax.scan(
                lambda c, x: (
                    (c[0] * b + (1 - b) * x, c[1] + 1),
                    (c[0] * b + (1 - b) * x) / (1 - b ** (c[1] + 1)),
                ),
                (0.0, 1.0),
                xs,
            )[1],
            lambda xs, b: jax.lax.scan(lambda m, x: (b * m + (1 - b) * x,) * 2, 0.0, xs)[1],
            30.0,
        ),
        False,
    ),
    Sneaky(
        "12.fixed_target",
        "fixed_td_loss written out for exactly 4 values (the page's size), wrong for any other",
        lambda: (
            lambda values, rewards: sum(
                (
                    values[i]
                    - jax.lax.stop_gradient(rewards[i] + 0.9 * values[i + 1])
                    - (rewards[i] - jax.lax.stop_gradient(rewards[i]))
                )
                ** 2
                for i in range(3)
            )
        ),
        False,
    ),
    # ---- reads the expected value from somewhere --------------------------------------
    Sneaky(
        "01.center",
        "the public reference_answer: the grader's own answer, recorded as unaided",
        _build_reference_fetch("01.center"),
        False,
    ),
    Sneaky(
        "13.float32_gap",
        "the public reference_answer for a prediction",
        _build_reference_fetch("13.float32_gap"),
        False,
    ),
    Sneaky(
        "09.split_keeps_key",
        "try every letter through checks.check with JAXTOUR_PROGRESS=off, hand in the one it passes (the store sees one unaided pass)",
        _build_bruteforce_letter("09.split_keeps_key", "ABCDE"),
        False,
    ),
    Sneaky(
        "15.bound",
        "try all 32 subsets of ABCDE with recording off, hand in the one that passes",
        _build_bruteforce_multi("15.bound", "ABCDE"),
        False,
    ),
    Sneaky(
        "15.bound",
        "'ABCDE' as a str subclass that, when read, divides the kept roofline's matmul timings by 1e6 in place: the ridge moves past every operation",
        _build_roof_bender,
        False,
    ),
    Sneaky(
        "12.cheaper",
        "read the letter out of checks.solution's text",
        _build_letter_from_solution("12.cheaper"),
        False,
    ),
    Sneaky(
        "06.out_of_bounds",
        "check a wrong letter and read the right one out of the feedback's text",
        _build_letter_from_feedback("06.out_of_bounds", "ABCD"),
        False,
    ),
    Sneaky(
        "06.scale_column",
        "a function that calls whatever reference-like callable sits in the grader's frames, with its own arguments",
        lambda: _build_stack_reference("scale_column"),
        False,
    ),
    Sneaky(
        "13.xlogx_gradient",
        "coin_entropy that calls the grader's reference found by walking the call stack",
        lambda: _build_stack_reference("coin_entropy"),
        False,
    ),
    Sneaky(
        "02.time_call",
        "time_call that reads the stand-in's work time out of its closure and attributes",
        _build_attr_reader_timer,
        False,
    ),
    Sneaky(
        "11.scan_ema",
        "corrected_ema that calls the reference it finds in the grader's frames, by recursion (no loop in the answer)",
        lambda: _build_stack_reference("corrected_ema"),
        False,
    ),
    Sneaky(
        "05.loss_and_outliers",
        "loss_and_outliers that calls the grader's reference found on the call stack",
        lambda: _build_stack_reference("loss_and_outliers"),
        False,
    ),
    Sneaky(
        "09.per_example_grads",
        "per_example_grads that calls the grader's reference found on the call stack, whatever the variant",
        lambda: _build_stack_reference("per_example_grads"),
        False,
    ),
    Sneaky(
        "06.count_labels",
        "count_labels that calls the grader's reference found on the call stack (no loop, no map)",
        lambda: _build_stack_reference("count_labels"),
        False,
    ),
    Sneaky(
        "07.clip_negative",
        "fill_negative that calls the grader's reference found on the call stack",
        lambda: _build_stack_reference("fill_negative"),
        False,
    ),
    Sneaky(
        "11.first_two_positive",
        "first_two_positive that calls the grader's reference found on the call stack",
        lambda: _build_stack_reference("first_two_positive"),
        False,
    ),
    Sneaky(
        "08.update",
        "update that calls the grader's reference found on the call stack",
        lambda: _build_stack_reference("update"),
        False,
    ),
    Sneaky(
        "12.fixed_target",
        "fixed_td_loss that calls the grader's reference found on the call stack",
        lambda: _build_stack_reference("fixed_td_loss"),
        False,
    ),
    Sneaky(
        "01.overflow_fix",
        "sum_of_cubes that calls the grader's reference found on the call stack",
        lambda: _build_stack_reference("sum_of_cubes"),
        False,
    ),
    Sneaky(
        "03.derivative_by_hand",
        "dg_da that calls the grader's reference found on the call stack",
        lambda: _build_stack_reference("dg_da"),
        False,
    ),
    Sneaky(
        "03.derivative_by_hand",
        "dg_da that names jax.grad (so a source check finds it) and calls the grader's reference found on the call stack",
        lambda: _build_stack_reference_naming_grad(),
        False,
    ),
    Sneaky(
        "09.two_views",
        "two_views that calls the grader's reference found on the call stack",
        lambda: _build_stack_reference("two_views"),
        False,
    ),
    Sneaky(
        "14.global_mean",
        "global_mean that reads the other process's values from the script and /proc cmdlines (reading is not writing), else the local mean",
        _build_global_mean_reader,
        False,
    ),
    Sneaky(
        "01.center",
        "pin JAXTOUR_VARIANT=0 from inside the answer and answer the page's variant (mean 0)",
        lambda: _build_variant_pinner(_center_rows),
        True,
    ),
    # ---- patches JAX, NumPy, time, builtins, the grader's functions or its feedback -----
    Sneaky(
        "01.center",
        "center that, when called, rebinds np.allclose / array_equal / isclose / testing.assert_* / jnp.allclose / math.isclose to say equal, and returns x",
        _build_truthy_array_center,
        False,
    ),
    Sneaky(
        "01.center",
        "center that rebinds jnp.mean and np.mean to zeros, so a reference computed afterwards is x, like the answer",
        _build_jax_patcher,
        False,
    ),
    Sneaky(
        "01.center",
        "center that rebinds checks.Feedback (init, passed, bool) so every later Feedback says correct",
        _build_feedback_rebinder,
        True,
    ),
    Sneaky(
        "01.center",
        "center that rebinds checks.check and checks.read_and_check to return a correct Feedback whatever the real one said",
        _build_check_rebinder,
        True,
    ),
    Sneaky(
        "08.speedup",
        "measure_speedup that returns 1.0 after rebinding time.perf_counter/monotonic/time/process_time and timeit's timer to a fake clock, for the grader's own measurement after it",
        _build_time_patcher,
        False,
    ),
    Sneaky(
        "02.time_call",
        "time_call that times with os.times().elapsed (a clock a fake perf_counter does not touch) and never waits",
        _build_fake_clock_timer,
        False,
    ),
    # ---- hooks: setprofile/settrace, signals, timers, threads, atexit, gc, import ------
    Sneaky(
        "01.center",
        "installs sys.settrace/threading.settrace hooks that flip every False local named ok/passed/close/equal... to True in jaxtour frames",
        _build_profile_hook,
        True,
    ),
    Sneaky(
        "01.center",
        "a gc callback that re-applies the truthy patches and the always-correct Feedback at every collection, after any restore",
        _build_gc_callback_patcher,
        True,
    ),
    Sneaky(
        "01.center",
        "a daemon thread that re-applies the truthy patches and the always-correct Feedback every millisecond, for ever",
        _build_thread_repatcher,
        True,
    ),
    Sneaky(
        "01.center",
        "a meta_path import hook wrapping every jaxtour module imported later: its compare/close/equal functions return True",
        _build_import_hook,
        True,
    ),
    Sneaky(
        "01.center",
        "an atexit hook that marks every row of the progress store correct/passed when the kernel ends",
        _build_atexit_store_forger,
        True,
    ),
    Sneaky(
        "01.center",
        "a function carrying an object whose __del__ (run when the grader drops it, after any restore) rebinds Feedback to always correct",
        lambda: _hold_finalizer(lambda x: x),
        True,
    ),
    Sneaky(
        "01.center",
        "replaces SIGINT's and SIGALRM's handlers with no-ops: a later answer that runs forever can no longer be stopped",
        _build_signal_handler_swap,
        True,
    ),
    Sneaky(
        "11.first_two_positive",
        "cancels the pending SIGALRM (setitimer 0) and ignores the signal, then sleeps 40 s and answers zeros",
        lambda: _build_alarm_disarmer(lambda x: (__import__("time").sleep(40), jnp.zeros(2))[1]),
        False,
    ),
    # ---- runs forever, swallows interrupts, exhausts memory mildly ----------------------
    Sneaky(
        "01.center",
        "sleeps 40 s in small naps, swallowing every BaseException (the time limit's included), then answers zeros",
        lambda: _build_interrupt_swallower(40.0),
        False,
    ),
    Sneaky(
        "01.center",
        "spins in a C loop (deque over itertools.repeat) long enough to outlast the time limit: SIGALRM's handler cannot run inside it",
        lambda: _build_c_spinner(4_000_000_000),
        False,
    ),
    Sneaky(
        "07.clip_negative",
        "spins for ever in C (deque over itertools.count): no signal handler ever runs again",
        lambda: lambda x: (_c_spin_forever(), x)[1],
        False,
    ),
    Sneaky(
        "01.center",
        "a jitted while_loop of 2**31 - 1 steps: the wait for it is in C++, out of SIGALRM's reach",
        lambda: _build_device_spinner(2**31 - 1),
        False,
    ),
    Sneaky(
        "01.center",
        "leaves a daemon thread that, half a second later, holds the GIL in a C loop for 30 s: the next check stalls",
        lambda: _build_thread_gil_hog(30.0),
        True,
    ),
    Sneaky(
        "01.center",
        "keeps 1 GiB alive in builtins for the kernel's life, each call 1 GiB more, and answers right",
        lambda: _build_memory_hog(1024),
        True,
    ),
    # ---- donates, deletes or rewrites the arrays it is given -----------------------------
    Sneaky(
        "01.center",
        "zeroes the input's buffer in place (ctypes memset on unsafe_buffer_pointer) and returns zeros: a reference computed from x afterwards agrees",
        _build_zeroing_center,
        False,
    ),
    Sneaky(
        "06.set_first",
        "swaps right, then deletes the array it was given",
        _build_deleting_swap,
        True,
    ),
    Sneaky(
        "01.numpy_copy",
        "writes -1 on m's own diagonal behind JAX's back and returns a view of m's memory",
        _build_donating_flag_diagonal,
        False,
    ),
    # ---- dodges what the check watches for ------------------------------------------------
    Sneaky(
        "02.mean_loss",
        "the slow helper, each batch read back through np.from_dlpack instead of float()",
        _build_dlpack_mean_loss,
        False,
    ),
    Sneaky(
        "02.mean_loss",
        "the slow helper, each batch read back through str()",
        _build_str_mean_loss,
        False,
    ),
    Sneaky(
        "02.mean_loss",
        "each batch's loss dug out of the pending result's own attributes (vars, slots), past the watched methods",
        _build_dict_digging_mean_loss,
        False,
    ),
    Sneaky(
        "02.mean_loss",
        "each batch's loss read straight from its buffer with ctypes, no wait at all",
        _build_pointer_mean_loss,
        False,
    ),
    Sneaky(
        "06.count_labels",
        "recursion instead of a loop: Python runs once per label",
        _build_recursive_count_labels,
        False,
    ),
    Sneaky(
        "06.count_labels",
        "a Python for loop compiled from a string and run through getattr(builtins, 'ex' + 'ec')",
        _build_stringloop_count_labels,
        False,
    ),
    Sneaky(
        "11.scan_ema",
        "a Python for loop in a FunctionType built from a string's code object",
        _build_stringloop_ema,
        False,
    ),
    Sneaky(
        "09.random_walk",
        "one key reused for every step, laundered through key_data/wrap_key_data so no key object repeats",
        _build_laundered_key_walk,
        False,
    ),
    Sneaky(
        "12.hvp",
        "the whole 64 x 64 Hessian built on the host in a pure_callback, invisible to the traced program",
        _build_callback_hvp,
        False,
    ),
    Sneaky(
        "12.hvp",
        "the Hessian built in two 32 x 64 halves, never one 64 x 64 array",
        _build_chunked_hessian_hvp,
        False,
    ),
    Sneaky(
        "16.fix_scores",
        "x @ y.T computed by einsum outside, then copied through a Pallas kernel that only moves blocks",
        _build_scores_outside_kernel,
        False,
    ),
    Sneaky(
        "16.fix_scores",
        "the kernel fed a transposed y made by take + moveaxis + 0, not by .T",
        _build_scores_hidden_transpose,
        False,
    ),
    Sneaky(
        "16.row_sums",
        "the sums computed outside (by the grader's reference found on the call stack), a kernel that only copies them (and touches x)",
        _build_row_sums_precomputed,
        False,
    ),
    Sneaky(
        "16.row_sums",
        "the variant's term (variant_values' body) summed by jnp outside, the kernel copies the (m, 1) result and never sees x",
        _build_row_sums_from_variant,
        False,
    ),
    Sneaky(
        "13.check_prices",
        "a checkify message naming every (position, price) pair in order, so the first bad one is always in it",
        _build_all_pairs_checkify,
        False,
    ),
    Sneaky(
        "07.static_window",
        "everything static, with each trace clearing the jitted function's own cache so its compile count stays at 1",
        _build_cache_clearing_jit,
        False,
    ),
    # ---- forged feedback text ---------------------------------------------------------------
    Sneaky(
        "01.center",
        "prints HTML and ANSI escapes that draw 'Correct' over the verdict where the captured output is shown",
        _build_html_forger,
        False,
    ),
    Sneaky(
        "01.center",
        "raises an error whose message is HTML that draws 'Correct!' and runs script where the message is shown",
        _build_html_forger_error,
        False,
    ),
]
