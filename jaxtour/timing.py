"""Honest timing for JAX: compile time apart, every call blocked, repeated until stable.

    from jaxtour import timing
    t = timing.measure(jnp.dot, x, x, nbytes=2 * x.nbytes)
    t                       # a one-row table: first call, median, min, spread, GB/s
    timing.table([t, ...])  # several side by side

``measure`` times the first call (tracing and compilation included) on its own, then
times steady-state calls, each one blocked with ``jax.block_until_ready`` on the whole
result pytree so async dispatch cannot fool it, until the spread is small or the time
budget is spent.
"""

from __future__ import annotations

import html
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from jaxtour import i18n  # i18n._: `_` is this module's throwaway name
from jaxtour.display import Display
from jaxtour.helper_calls import note
from jaxtour.lazy import jax, jnp

MIN_SAMPLES = 3
NOT_MEASURED = "–"  # a table cell for what a row did not measure (a rate, a first call)
# The table's column headings, translated where shown (the row keys stay these words).
HEADINGS = {
    "operation": i18n.N_("operation"),
    "first call": i18n.N_("first call"),
    "median": i18n.N_("median"),
    "min": i18n.N_("min"),
    "spread": i18n.N_("spread"),
    "calls": i18n.N_("calls"),
    "rate": i18n.N_("rate"),
    "device": i18n.N_("device"),
    "fastest": i18n.N_("fastest ¼"),
}


def heading(column: str) -> str:
    """A column's heading in the language in use."""
    return i18n._(HEADINGS.get(column, column))


TEXT_COLUMNS = ("operation", "device")  # the table's columns of names, not numbers


@dataclass(frozen=True, repr=False)
class Timing(Display):
    """One measured operation. Times are in seconds; ``samples`` are per call."""

    label: str
    first_s: float
    samples: tuple[float, ...]
    device: str
    nbytes: int | None = None
    flops: int | None = None

    @property
    def median_s(self) -> float:
        return statistics.median(self.samples)

    @property
    def min_s(self) -> float:
        return min(self.samples)

    @property
    def spread(self) -> float:
        """Interquartile range relative to the median (0.05 means +-2.5 % around it)."""
        return relative_spread(self.samples)

    @property
    def gb_per_s(self) -> float | None:
        return self.nbytes / self.median_s / 1e9 if self.nbytes else None

    @property
    def gflop_per_s(self) -> float | None:
        return self.flops / self.median_s / 1e9 if self.flops else None

    def row(self) -> dict[str, str]:
        rate = ""
        if self.gb_per_s is not None:
            rate = f"{self.gb_per_s:.2f} GB/s"
        elif self.gflop_per_s is not None:
            rate = f"{self.gflop_per_s:.2f} GFLOP/s"
        return {
            "operation": self.label,
            "first call": format_seconds(self.first_s) if self.first_s == self.first_s else "",
            "median": format_seconds(self.median_s),
            "min": format_seconds(self.min_s),
            "spread": f"±{self.spread * 50:.1f} %",
            "calls": str(len(self.samples)),
            "rate": rate,
            "device": self.device,
        }

    def text(self) -> str:
        return TimingTable((self,)).text()

    def html(self) -> str:
        return TimingTable((self,)).html()


@dataclass(frozen=True, repr=False)
class TimingTable(Display):
    """Several timings, rendered as one compact table (HTML in Jupyter, text elsewhere)."""

    timings: tuple[Timing, ...]

    def rows(self) -> list[dict[str, str]]:
        return [t.row() for t in self.timings]

    def columns(self) -> list[str]:
        """The columns some row has a value in; the others are left out."""
        rows = self.rows()
        return [c for c in rows[0] if any(r[c] for r in rows)] if rows else []

    def cells(self) -> list[list[str]]:
        """Each row's values in ``columns()`` order, NOT_MEASURED where a row has none."""
        columns = self.columns()
        return [[r[c] or NOT_MEASURED for c in columns] for r in self.rows()]

    def text(self) -> str:
        columns, cells = self.columns(), self.cells()
        if not cells:
            return i18n._("(no timings)")
        headings = [heading(c) for c in columns]
        widths = [max(len(c), *(len(row[i]) for row in cells)) for i, c in enumerate(headings)]
        lines = ["  ".join(c.ljust(w) for c, w in zip(headings, widths, strict=True))]
        lines += ["  ".join(v.ljust(w) for v, w in zip(row, widths, strict=True)) for row in cells]
        return "\n".join(line.rstrip() for line in lines)

    def html(self) -> str:
        columns, cells = self.columns(), self.cells()
        if not cells:
            return "<p>" + i18n._("(no timings)") + "</p>"

        def cell(tag: str, i: int, value: str) -> str:
            align = "left" if i == 0 else "right"  # labels read from the left, numbers align
            return f'<{tag} style="text-align: {align}">{html.escape(value)}</{tag}>'

        head = "".join(cell("th", i, heading(c)) for i, c in enumerate(columns))
        body = "".join(
            "<tr>" + "".join(cell("td", i, v) for i, v in enumerate(row)) + "</tr>" for row in cells
        )
        return f'<table class="jaxtour-timing"><tr>{head}</tr>{body}</table>'


def table(timings: Sequence[Timing]) -> TimingTable:
    return TimingTable(tuple(timings))


def format_seconds(seconds: float) -> str:
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds / 1e-9:.3g} ns"


def device_name(value: Any = None) -> str:
    """The device a result lives on (or JAX's default device), e.g. 'cpu' or 'NVIDIA H200'.
    A NumPy result lives in host memory, computed by the CPU, whatever JAX's default is."""
    if isinstance(value, (np.ndarray, np.generic)):
        return "cpu"
    devices = getattr(value, "devices", None)
    device = next(iter(devices())) if callable(devices) else jax.devices()[0]
    kind = getattr(device, "device_kind", "") or device.platform
    return kind if kind != "cpu" else "cpu"


def _called(name: str) -> None:
    """Tells a check under way that the answer called this helper (02.time_call and
    08.speedup refuse it, however it was reached): nothing outside a check."""
    note(name)


def _blocked(fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    return jax.block_until_ready(fn(*args, **kwargs))


def measure(
    fn: Callable[..., Any],
    *args: Any,
    label: str | None = None,
    nbytes: int | None = None,
    flops: int | None = None,
    budget_s: float = 1.0,
    min_calls: int = 30,
    max_calls: int = 10_000,
    target_spread: float = 0.05,
    clock: Callable[[], float] = time.perf_counter,
    min_samples: int = MIN_SAMPLES,
    **kwargs: Any,
) -> Timing:
    """Time ``fn(*args, **kwargs)``: the first call apart, then blocked steady-state calls.

    Stops once ``min_calls`` steady calls have an interquartile range below
    ``target_spread`` of the median, or when ``budget_s`` is spent (with at least
    ``min_samples`` calls, MIN_SAMPLES by default, so a slow operation still gets a
    median), or after ``max_calls``.
    ``nbytes`` (bytes the operation moves) or ``flops`` turn the median into a rate.
    """
    _called("timing.measure")
    start = clock()
    result = _blocked(fn, args, kwargs)
    first = clock() - start
    device = device_name(_first_leaf(result))  # now: a donated result is gone after the next call
    samples: list[float] = []
    deadline = clock() + budget_s
    while len(samples) < max_calls:
        t0 = clock()
        _blocked(fn, args, kwargs)
        samples.append(clock() - t0)
        if clock() > deadline and len(samples) >= min_samples:
            break
        if len(samples) >= min_calls and relative_spread(samples) <= target_spread:
            break
    return Timing(
        label=label or getattr(fn, "__name__", "operation"),
        first_s=first,
        samples=tuple(samples),
        device=device,
        nbytes=nbytes,
        flops=flops,
    )


def dispatch_only(
    fn: Callable[..., Any], *args: Any, calls: int = 20, label: str | None = None
) -> Timing:
    """What timing WITHOUT block_until_ready reports: mostly the dispatch, not the work.

    For demonstrations only. Results are blocked on after the clock stops, so no work
    leaks into the next measurement.
    """
    _called("timing.dispatch_only")
    jax.block_until_ready(fn(*args))  # warm up: compile outside the clock
    samples, results = [], []
    for _ in range(calls):
        t0 = time.perf_counter()
        results.append(fn(*args))
        samples.append(time.perf_counter() - t0)
        jax.block_until_ready(results[-1])
    return Timing(
        label=label
        or i18n._("{name} (not blocked)").format(name=getattr(fn, "__name__", "operation")),
        first_s=float("nan"),
        samples=tuple(samples),
        device=device_name(_first_leaf(results[-1])),
    )


def relative_spread(samples: Sequence[float]) -> float:
    """The interquartile range over the median; with fewer than 4 samples, the full range."""
    median = statistics.median(samples)
    if median <= 0:
        return float("inf")
    if len(samples) < 4:
        return (max(samples) - min(samples)) / median
    q1, _, q3 = statistics.quantiles(samples, n=4)
    return (q3 - q1) / median


def _first_leaf(tree: Any) -> Any:
    leaves = jax.tree.leaves(tree)
    return leaves[0] if leaves else None


def cpu_caches() -> dict[str, int]:
    """This machine's CPU caches and their sizes in bytes, e.g. {"L1d": 49152, "L2": ...,
    "L3": ...}, as Linux reports them for the first CPU; empty where it does not."""
    caches: dict[str, int] = {}
    root = Path("/sys/devices/system/cpu/cpu0/cache")
    for index in sorted(root.glob("index*")) if root.is_dir() else []:
        try:
            level = (index / "level").read_text().strip()
            kind = (index / "type").read_text().strip()
            size = (index / "size").read_text().strip()
        except OSError:
            continue
        units = {"K": 2**10, "M": 2**20, "G": 2**30}
        if kind == "Instruction" or not size or not size[:-1].isdigit() or size[-1] not in units:
            continue
        name = f"L{level}" + ("d" if kind == "Data" else "")
        caches[name] = int(size[:-1]) * units[size[-1]]
    return caches


def copy_bandwidth(
    nbytes: int = 256 * 2**20, budget_s: float = 1.0, min_samples: int = MIN_SAMPLES
) -> Timing:
    """The default device's streaming bandwidth: a jitted x + 1 over ``nbytes`` of float32.

    The input buffer is donated and the result fed back, so no call pays for a fresh
    allocation. Each call reads and writes every byte once: the rate counts 2 * nbytes.
    """
    state = {"x": jnp.ones(nbytes // 4, dtype=jnp.float32)}
    add_one = jax.jit(lambda a: a + 1, donate_argnums=0)

    def add_one_in_place():
        state["x"] = add_one(state["x"])
        return state["x"]

    label = i18n._("copy {size} MiB (x + 1)").format(size=f"{nbytes / 2**20:.0f}")
    return measure(
        add_one_in_place, label=label, nbytes=2 * nbytes, budget_s=budget_s, min_samples=min_samples
    )


def dot_sweep(sizes: Sequence[int], budget_s: float = 0.5) -> list[dict[str, float]]:
    """NumPy vs eager jnp.dot vs jitted jnp.dot on float32 vectors of each size.

    Seconds are medians of blocked calls. The two operands are distinct vectors, so
    GB/s counts 8 bytes per element read; small sizes fit in cache and can beat the
    device's copy bandwidth.
    """
    import numpy as np

    jitted_dot = jax.jit(jnp.dot)
    rows = []
    for n in sizes:
        host_x = np.ones(int(n), dtype=np.float32)
        host_y = np.full(int(n), 0.5, dtype=np.float32)
        x, y = jnp.asarray(host_x), jnp.asarray(host_y)
        moved = host_x.nbytes + host_y.nbytes
        numpy_t = measure(np.dot, host_x, host_y, nbytes=moved, budget_s=budget_s, label="numpy")
        eager_t = measure(jnp.dot, x, y, nbytes=moved, budget_s=budget_s)
        jit_t = measure(jitted_dot, x, y, nbytes=moved, budget_s=budget_s)
        rows.append({
            "n": int(n),
            "numpy_s": numpy_t.median_s, "eager_s": eager_t.median_s, "jit_s": jit_t.median_s,
            "jit_first_s": jit_t.first_s,
            "numpy_gb_s": numpy_t.gb_per_s, "eager_gb_s": eager_t.gb_per_s,
            "jit_gb_s": jit_t.gb_per_s,
        })  # fmt: skip
        del host_x, host_y, x, y
    return rows


def fast_seconds(samples: Sequence[float]) -> float:
    """The median of the fastest quarter of ``samples`` (the fastest one of fewer than 4):
    what a call takes when nothing else runs. On a shared machine the load only ever slows a
    call down, so this moves far less with it than the median, and unlike the minimum it is
    not one lucky call."""
    fastest = sorted(samples)[: max(1, len(samples) // 4)]
    return statistics.median(fastest)


@dataclass(frozen=True, repr=False)
class Roofline(Display):
    """A device's two roofs: the bytes per second its memory streams (``copy``) and the
    floating-point operations per second a large matmul reaches (``matmul``), each from the
    fastest quarter of its calls (``fast_seconds``: a roof is the top speed, and a loaded
    machine only slows calls down). An operation that does ``flops`` and moves ``nbytes``
    takes at least ``max(flops / flop_rate, nbytes / bandwidth)``; which term is larger says
    what bounds it."""

    copy: Timing
    matmul: Timing

    @property
    def device(self) -> str:
        return self.copy.device

    @property
    def bandwidth(self) -> float:
        """Bytes per second."""
        return (self.copy.nbytes or 0) / fast_seconds(self.copy.samples)

    @property
    def flop_rate(self) -> float:
        """Floating-point operations per second."""
        return (self.matmul.flops or 0) / fast_seconds(self.matmul.samples)

    @property
    def ridge(self) -> float:
        """Flops per byte at which the two roofs meet: under it, memory bounds an operation."""
        return self.flop_rate / self.bandwidth

    def seconds(self, flops: float, nbytes: float) -> float:
        """The least time an operation of ``flops`` that moves ``nbytes`` can take here."""
        return max(flops / self.flop_rate, nbytes / self.bandwidth)

    def bound(self, flops: float, nbytes: float) -> str:
        """'memory' or 'compute': which roof is lower for this operation here."""
        return "memory" if flops / nbytes < self.ridge else "compute"

    def table(self) -> TimingTable:
        """The two measurements, four columns: narrow enough for a notebook 800 px wide."""
        return RoofTable((self.copy, self.matmul))

    def text(self) -> str:
        return self.table().text() + "\n" + self._summary()

    def html(self) -> str:
        return self.table().html() + f"<p>{html.escape(self._summary())}</p>"

    def _summary(self) -> str:
        return i18n._(
            "bandwidth {bandwidth} GB/s, flop rate {flop_rate} GFLOP/s: ridge point "
            "{ridge} flops per byte, on {device}"
        ).format(
            bandwidth=f"{self.bandwidth / 1e9:.1f}",
            flop_rate=f"{self.flop_rate / 1e9:.1f}",
            ridge=f"{self.ridge:.2f}",
            device=self.device,
        )


@dataclass(frozen=True, repr=False)
class RoofTable(TimingTable):
    """A roofline's measurements: operation, calls, median, the fastest quarter's median
    and the rate that gives (the roof). The device is in the line under it."""

    def rows(self) -> list[dict[str, str]]:
        rows = []
        for t in self.timings:
            fast = fast_seconds(t.samples)
            if t.nbytes:
                rate = f"{t.nbytes / fast / 1e9:.2f} GB/s"
            else:
                rate = f"{(t.flops or 0) / fast / 1e9:.2f} GFLOP/s"
            rows.append({
                "operation": t.label,
                "calls": str(len(t.samples)),
                "median": format_seconds(t.median_s),
                "fastest": format_seconds(fast),
                "rate": rate,
            })  # fmt: skip
        return rows


_ROOFLINES: dict[str, Roofline] = {}  # the latest measurement, per backend


ROOF_SAMPLES = 20  # at least this many calls of each, whatever the budget: a quarter is 5


def roofline(budget_s: float = 0.3) -> Roofline:
    """Measure the default device's roofs, and keep the result (``measured_roofline``).
    Each roof is the fastest quarter of at least ROOF_SAMPLES calls (``fast_seconds``).

    The copy is ``copy_bandwidth`` (64 MiB on a CPU, 256 MiB on an accelerator); the flop
    rate is a jitted float32 matmul of two square matrices (512 on a CPU, 4096 on an
    accelerator), counted as 2 n**3 flops. Called inside a check, it is not kept (and the
    check is refused): what the lesson's checks compare with is measured in a cell."""
    backend = jax.default_backend()
    on_cpu = backend == "cpu"
    copy = copy_bandwidth(
        nbytes=(64 if on_cpu else 256) * 2**20, budget_s=budget_s, min_samples=ROOF_SAMPLES
    )
    n = 512 if on_cpu else 4096
    a = jnp.ones((n, n), dtype=jnp.float32)
    label = i18n._("matmul {n} x {n} (float32)").format(n=n)
    matmul = measure(
        jax.jit(jnp.matmul),
        a,
        a,
        label=label,
        flops=2 * n**3,
        budget_s=budget_s,
        min_samples=ROOF_SAMPLES,
    )
    roof = Roofline(copy=copy, matmul=matmul)
    grader = sys.modules.get("jaxtour.grader.process_wide")  # imported by every check
    if grader is not None and not grader.kept_outside_checks("timing.roofline()"):
        return roof  # measured inside a check (its settings, its load): not kept
    _ROOFLINES[backend] = roof
    _ROOF_VALUES[backend] = _values(roof)
    return roof


# What each roofline() measured, by value: tuples of the numbers and strings of its two
# timings, which no object.__setattr__ on the Roofline it returned (or any Roofline found
# in the heap) reaches. measured_roofline() builds a new Roofline from them at each call.
_ROOF_VALUES: dict[str, tuple[tuple[Any, ...], tuple[Any, ...]]] = {}


def _values(roof: Roofline) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    def timing_values(t: Timing) -> tuple[Any, ...]:
        return (
            str(t.label),
            float(t.first_s),
            tuple(float(s) for s in t.samples),
            str(t.device),
            None if t.nbytes is None else int(t.nbytes),
            None if t.flops is None else int(t.flops),
        )

    return timing_values(roof.copy), timing_values(roof.matmul)


def measured_roofline() -> Roofline | None:
    """The default device's latest ``roofline()``, or None where none was measured: a new
    Roofline made from the numbers it measured, whatever was done to the one it returned."""
    values = _ROOF_VALUES.get(jax.default_backend())
    if values is None:
        return None
    copy, matmul = (
        Timing(label=v[0], first_s=v[1], samples=v[2], device=v[3], nbytes=v[4], flops=v[5])
        for v in values
    )
    return Roofline(copy=copy, matmul=matmul)


def roof_changed() -> str | None:
    """Which timing of the Roofline that roofline() last returned no longer holds what it
    measured ('copy', 'matmul' or both; None when neither was changed or none measured)."""
    backend = jax.default_backend()
    values, returned = _ROOF_VALUES.get(backend), _ROOFLINES.get(backend)
    if values is None or returned is None:
        return None
    try:
        now = _values(returned)
    except Exception:  # noqa: BLE001 - a timing replaced by something else altogether
        return "copy, matmul"
    pairs = zip(("copy", "matmul"), values, now, strict=True)
    changed = [name for name, was, is_now in pairs if repr(was) != repr(is_now)]
    return ", ".join(changed) or None


def unregister_duration_listener(listener: Callable[..., None]) -> None:
    """Stops ``listener``, registered with
    ``jax.monitoring.register_event_duration_secs_listener``, from hearing more events.

    ``jax.monitoring.unregister_event_duration_listener`` is public only in newer JAX (the
    pinned 0.10.2 has it; Colab's 0.7.2 does not, and keeps the same function private):
    this calls whichever the running JAX has.
    """
    from jax import monitoring

    unregister = getattr(monitoring, "unregister_event_duration_listener", None)
    if unregister is None:  # JAX before the public name: the same list, the private name
        from jax._src import monitoring as private

        unregister = private._unregister_event_duration_listener_by_callback
    unregister(listener)
