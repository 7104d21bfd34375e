"""Lesson 15's roofs: 15.bound and 15.estimate judge against the numbers the learner's own
run of ``timing.roofline()`` printed, not a new measurement, so an honest answer worked out
from those numbers passes however the machine's load changes before the check; and a
letter whose intensity the printed (rounded) ridge cannot place is accepted either way."""

from __future__ import annotations

import pytest

from jaxtour import checks, timing
from jaxtour.exercises import lesson15
from tests import stand_ins


def _roof(copy_s: float, matmul_s: float, tail: float = 1.0) -> timing.Roofline:
    """Roofs measured from 20 calls each, the last 15 slowed ``tail`` times by a load."""

    def timed(label, seconds, **rate):
        samples = tuple(seconds * (1 + 0.01 * i) for i in range(5))
        samples += tuple(seconds * tail * (1 + 0.01 * i) for i in range(15))
        return timing.Timing(label, 10 * seconds, samples, "cpu", **rate)

    return timing.Roofline(
        copy=timed("copy", copy_s, nbytes=stand_ins.COPY_BYTES),
        matmul=timed("matmul", matmul_s, flops=stand_ins.MATMUL_FLOPS),
    )


@pytest.fixture
def printed(monkeypatch):
    """The roofs the lesson's cell printed, kept; a new measurement fails the test."""

    def use(roof: timing.Roofline) -> timing.Roofline:
        monkeypatch.setattr(lesson15, "device_roofline", lambda: roof)
        monkeypatch.setattr(timing, "roofline", lambda *a, **k: pytest.fail("measured again"))
        return roof

    return use


def test_a_load_during_the_measurement_moves_the_roofs_little():
    quiet, loaded = _roof(0.004, 0.002), _roof(0.004, 0.002, tail=3.0)
    assert loaded.bandwidth == pytest.approx(quiet.bandwidth, rel=0.02)
    assert loaded.ridge == pytest.approx(quiet.ridge, rel=0.02)
    assert "device" not in loaded.table().columns()  # four columns fit 800 px


def test_an_estimate_from_the_printed_bandwidth_passes(printed):
    roof = printed(_roof(0.004, 0.002, tail=2.0))
    shown = float(f"{roof.bandwidth / 1e9:.1f}") * 1e9  # what the summary line printed
    power = checks.variant_values("15.estimate")["power"]
    feedback = checks.check("15.estimate", 8 * 2**power / shown)
    assert feedback.status == "correct", feedback.text()


@pytest.mark.parametrize("letter", ["B", "E"])
def test_a_letter_on_the_printed_ridge_passes_either_way(printed, letter):
    # the ridge a hair above the letter's intensity: memory-bound, and printed as equal
    ridge = lesson15.intensity(letter) * 1.004
    copy_s = stand_ins.COPY_BYTES / 50e9
    printed(_roof(copy_s, stand_ins.MATMUL_FLOPS / (50e9 * ridge)))
    right = lesson15._memory_bound()
    assert letter in right
    for answer in (right, right.replace(letter, "")):
        assert checks.check("15.bound", answer).status == "correct", answer
    assert checks.check("15.bound", right.replace("A", "")).status == "incorrect"
