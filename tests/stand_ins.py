"""Stand-in timings: the verdicts that depend on a measurement, with the measurement fixed.

08.speedup accepts a range derived from the checker's own timing of the training step
(``lesson08.measure_band``). In tests that range comes from the fixed samples below,
through the same arithmetic (``lesson08.band_from_rounds``), so every label that
depends on it holds on every run, however fast or busy the machine is. The samples are
what this 2-core CPU measured (``lesson08.measure_band()``), rounded, with a steady
spread: eager steps of about 2.1 ms, jitted steps of about 53 µs, a speed-up of about 40
(not a whole number: 08.speedup names a whole number as a loop count).

Tests that need the real clock ask for the ``real_speedup_timing`` fixture; the
20-rounds-on-a-busy-machine figures are in ``benchmarks/timing_verdicts.py``.
"""

from __future__ import annotations

EAGER_STEP_S = 2.1e-3
JIT_STEP_S = 5.3e-5
SPREAD = (-0.06, -0.03, -0.01, 0.0, 0.0, 0.01, 0.02, 0.04, 0.08, 0.15)  # as a fraction


def _round(median_s: float, calls: int, shift: int) -> list[float]:
    return [median_s * (1 + SPREAD[(i + shift) % len(SPREAD)]) for i in range(calls)]


def speedup_band(rounds: int | None = None):
    """What ``lesson08.measure_band`` returns on the stand-in machine, measured now."""
    from jaxtour.exercises import lesson08

    count = rounds or lesson08.ROUNDS
    eager = [_round(EAGER_STEP_S, lesson08.EAGER_CALLS, r) for r in range(count)]
    jitted = [_round(JIT_STEP_S, lesson08.JIT_CALLS, 3 * r) for r in range(count)]
    return lesson08.band_from_rounds(eager, jitted)


# 15.bound and 15.estimate judge against the device's roofs (``lesson15.device_roofline``).
# In tests the roofs are fixed: a 64 MiB copy at 50 GB/s and a 512 matmul at 200 GFLOP/s,
# a ridge point of 4 flops per byte (what this 2-core CPU measured, rounded: 55 GB/s and
# 184 GFLOP/s, 2026-12-06), with the same spread as above.
COPY_BYTES = 2 * 64 * 2**20
MATMUL_FLOPS = 2 * 512**3


def roofline(bandwidth: float = 50e9, flop_rate: float = 200e9):
    """What ``timing.roofline()`` returns on the stand-in machine (or on one with the
    given roofs, in bytes and flops per second: the measures of rounds written against
    the shipped notebook give its figures)."""
    from jaxtour import timing

    def timed(label, median_s, **rate):
        samples = tuple(_round(median_s, 30, 0))
        return timing.Timing(label, 10 * median_s, samples, "cpu", **rate)

    return timing.Roofline(
        copy=timed("copy 64 MiB (x + 1)", COPY_BYTES / bandwidth, nbytes=COPY_BYTES),
        matmul=timed("matmul 512 x 512 (float32)", MATMUL_FLOPS / flop_rate, flops=MATMUL_FLOPS),
    )
