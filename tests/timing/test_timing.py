"""jaxtour.timing, with a fake clock where the numbers matter (no timed assertions)."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import pytest

from jaxtour import timing


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_first_call_is_reported_apart_from_steady_state():
    clock = FakeClock()
    calls = {"n": 0}

    def op():
        calls["n"] += 1
        clock.now += 0.5 if calls["n"] == 1 else 0.002  # compile once, then fast
        return jnp.zeros(3)

    result = timing.measure(op, clock=clock, budget_s=10.0)
    assert result.first_s == 0.5
    assert result.median_s == pytest.approx(0.002) and result.min_s == pytest.approx(0.002)
    assert result.spread == pytest.approx(0.0, abs=1e-9)
    assert len(result.samples) == 30  # stable after min_calls: stops there
    assert result.device == "cpu"


def test_measurement_stops_when_the_budget_is_spent():
    clock = FakeClock()
    durations = iter([0.1] + [0.01, 0.05] * 1000)  # never stable

    def op():
        clock.now += next(durations)
        return 1.0

    result = timing.measure(op, clock=clock, budget_s=0.2)
    assert 3 <= len(result.samples) <= 10
    assert sum(result.samples) <= 0.2 + 0.05


def test_a_slow_operation_still_gets_a_median_of_three():
    clock = FakeClock()

    def op():
        clock.now += 1.0
        return 1.0

    result = timing.measure(op, clock=clock, budget_s=0.1)
    assert len(result.samples) == timing.MIN_SAMPLES


def test_every_leaf_of_the_result_pytree_is_blocked_on():
    blocked = []

    class Leaf:
        def __init__(self, name):
            self.name = name

        def block_until_ready(self):
            blocked.append(self.name)
            return self

    tree = {"a": Leaf("a"), "b": [Leaf("b"), Leaf("c")]}
    timing.measure(lambda: tree, budget_s=0.01, min_calls=3)
    per_call = len(blocked) / blocked.count("a")
    assert sorted(set(blocked)) == ["a", "b", "c"] and per_call == 3


def test_rates_from_bytes_and_flops():
    moved = timing.Timing("op", 0.1, (0.5, 0.5, 0.5), "cpu", nbytes=2 * 10**9)
    assert moved.gb_per_s == 4.0 and moved.gflop_per_s is None
    computed = timing.Timing("op", 0.1, (2.0,), "cpu", flops=10**9)
    assert computed.gflop_per_s == 0.5
    assert "4.00 GB/s" in str(moved) and "0.50 GFLOP/s" in str(computed)


def test_table_renders_as_text_and_html():
    rows = [
        timing.Timing("numpy dot", 0.001, (0.001, 0.0011, 0.0012, 0.0013), "cpu"),
        timing.Timing("jax dot", 0.02, (0.0005,) * 4, "cpu"),
    ]
    shown = timing.table(rows)
    text = str(shown)
    assert text.splitlines()[0].split()[:3] == ["operation", "first", "call"]
    assert "numpy dot" in text and "1.15 ms" in text and "500 µs" in text
    assert shown._repr_html_().count("<tr>") == 3


def test_a_cell_a_row_did_not_measure_says_so_and_names_align_left():
    rows = [
        timing.Timing("not blocked", float("nan"), (0.001,) * 4, "cpu"),
        timing.Timing("copy", 0.02, (0.001,) * 4, "cpu", nbytes=10**6),
    ]
    shown = timing.table(rows)
    assert shown.cells()[0][1] == timing.NOT_MEASURED  # no first call timed apart
    assert shown.cells()[0][-2] == timing.NOT_MEASURED  # no bytes given: no rate
    html = shown.html()
    assert '<td style="text-align: left">not blocked</td>' in html
    assert '<td style="text-align: right">1 ms</td>' in html
    assert "<td></td>" not in html and "  –  " in str(shown)


def test_cpu_caches_are_sizes_in_bytes_or_nothing():
    caches = timing.cpu_caches()
    assert all(name.startswith("L") and size > 0 for name, size in caches.items())


def test_seconds_are_formatted_with_units():
    assert timing.format_seconds(2.5) == "2.5 s"
    assert timing.format_seconds(0.0123) == "12.3 ms"
    assert timing.format_seconds(4.2e-6) == "4.2 µs"
    assert timing.format_seconds(3e-9) == "3 ns"


def test_dispatch_only_and_copy_bandwidth_run_on_this_device():
    x = jnp.ones(1000)
    unblocked = timing.dispatch_only(jnp.dot, x, x, calls=5)
    assert len(unblocked.samples) == 5 and "not blocked" in unblocked.label
    copy = timing.copy_bandwidth(nbytes=2**20, budget_s=0.05)
    assert copy.gb_per_s > 0 and copy.nbytes == 2 * 2**20
    assert copy.device == timing.device_name()


def test_measure_real_jitted_function_quickly():
    f = jax.jit(lambda a: (a * 2, {"s": a.sum()}))
    result = timing.measure(f, jnp.arange(10.0), budget_s=0.1)
    assert result.first_s > 0 and result.median_s > 0


class _StandInDevice:
    """What jax.Device says about itself, for a device this machine has not got."""

    def __init__(self, kind: str, platform: str) -> None:
        self.device_kind, self.platform = kind, platform


class _StandInArray:
    def __init__(self, device: _StandInDevice) -> None:
        self._device = device

    def devices(self) -> set[_StandInDevice]:
        return {self._device}


def test_device_name_names_the_accelerator_a_result_lives_on_and_numpy_the_cpu():
    tpu = _StandInArray(_StandInDevice("TPU v5 lite", "tpu"))
    assert timing.device_name(tpu) == "TPU v5 lite"
    # A NumPy result was computed on the host, even where JAX's default is an accelerator.
    import numpy as np

    assert timing.device_name(np.dot(np.ones(3), np.ones(3))) == "cpu"
    assert timing.device_name(np.ones(3)) == "cpu"
