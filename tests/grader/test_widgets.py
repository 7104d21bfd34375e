"""The Check / Hint / Solution panel, driven by clicking its buttons (no browser needed)."""

from __future__ import annotations

import jax.numpy as jnp
import pytest

from jaxtour import checks
from jaxtour.grader.panel import static_bundle

ipywidgets = pytest.importorskip("ipywidgets")


def _parts(panel):
    buttons, feedback_out, help_out = panel.children
    check, hint, solution = buttons.children
    return check, hint, solution, feedback_out, help_out


def _texts(out) -> list[str]:
    return [o.get("data", {}).get("text/plain", o.get("text", "")) for o in out.outputs]


def test_panel_shows_first_feedback_then_rechecks_the_current_answer():
    answer = {"value": ...}
    first = checks.read_and_check("00.first_array", lambda: answer["value"])
    panel = checks.panel("00.first_array", lambda: answer["value"], first)
    check, _, _, feedback_out, _ = _parts(panel)
    assert [t.splitlines()[0] for t in _texts(feedback_out)] == [
        "[Not attempted] 00.first_array (Make your first jax array)"
    ]

    answer["value"] = jnp.array([1.0, 2.0])
    check.click()
    (text,) = _texts(feedback_out)
    assert text.startswith("[Not yet]") and "three numbers were asked for" in text

    answer["value"] = jnp.array([1.0, 2.0, 3.0])
    check.click()
    (text,) = _texts(feedback_out)
    assert text.startswith("[Correct]")
    html = feedback_out.outputs[0]["data"]["text/html"]
    assert "jaxtour-correct" in html


def test_hint_button_reveals_one_hint_per_press_then_stops():
    feedback = checks.check("00.first_array", ...)
    panel = checks.panel("00.first_array", lambda: ..., feedback)
    _, hint, solution, _, help_out = _parts(panel)
    hint.click()
    assert [t.splitlines()[0] for t in _texts(help_out)] == ["Hint 1 of 3 for 00.first_array"]
    # the button names what its next press shows, not the hint already on the page
    assert hint.description == "Next hint (2 of 3)"
    hint.click()
    hint.click()
    assert len(help_out.outputs) == 3 and hint.disabled
    solution.click()
    assert _texts(help_out)[-1].startswith("Solution for 00.first_array")
    assert solution.disabled


def test_a_narrow_window_wraps_the_buttons_and_keeps_every_label_whole(tmp_path, monkeypatch):
    # four buttons (a variant exercise) are wider than an 800 px window's output area:
    # the row must wrap, and no button may shrink below its label ("Ch...", "Solu...")
    from jaxtour.grader.variants import ENV_VARIANT
    from jaxtour.learner import progress_store

    monkeypatch.delenv(ENV_VARIANT)
    monkeypatch.setenv(progress_store.ENV_DIR, str(tmp_path))
    monkeypatch.setenv(progress_store.ENV_SWITCH, "on")
    monkeypatch.setattr(checks, "_learner_ids", [])
    row = checks.panel("01.arange", lambda: ...).children[0]
    assert len(row.children) == 4
    assert row.layout.flex_flow == "row wrap"
    for button in row.children:
        assert button.layout.width == "auto"
        grow, shrink, basis = button.layout.flex.split()
        assert shrink == "0" and basis == "auto", button.description


def test_reading_a_missing_answer_shows_an_error_in_the_panel():
    def get_answer():
        return undefined_answer  # noqa: F821

    panel = checks.panel(
        "00.first_array", get_answer, checks.read_and_check("00.first_array", get_answer)
    )
    check, _, _, feedback_out, _ = _parts(panel)
    check.click()
    (text,) = _texts(feedback_out)
    assert text.startswith("[Error]") and "NameError" in text


def test_unknown_exercise_panel_has_no_hints():
    feedback = checks.check("99.nope", 1)
    panel = checks.panel("99.nope", lambda: 1, feedback)
    _, hint, solution, _, _ = _parts(panel)
    assert hint.disabled and solution.disabled


def test_static_bundle_has_text_html_and_a_machine_readable_status():
    bundle = static_bundle(
        "00.first_array", checks.check("00.first_array", jnp.array([1.0, 2.0, 3.0]))
    )
    assert bundle["application/vnd.jaxtour.feedback+json"]["status"] == "correct"
    assert "checks.hint('00.first_array', 1)" in bundle["text/plain"]
    assert bundle["text/html"].startswith("<div")


def test_show_outside_a_kernel_prints_plain_text(capsys):
    checks.show("00.first_array", lambda: jnp.array([1.0, 2.0, 3.0]))
    out = capsys.readouterr().out
    assert out.startswith("[Correct] 00.first_array")


def test_a_new_variant_button_only_where_each_learner_has_their_own(tmp_path, monkeypatch):
    from jaxtour.grader.variants import ENV_VARIANT
    from jaxtour.learner import progress_store

    plain = checks.panel("00.first_array", lambda: ...)
    assert len(plain.children[0].children) == 3  # one version: Check, Hint, Solution
    fixed = checks.panel("01.arange", lambda: ...)  # conftest.py fixes variant 0 for all
    assert len(fixed.children[0].children) == 3
    monkeypatch.delenv(ENV_VARIANT)
    monkeypatch.setenv(progress_store.ENV_DIR, str(tmp_path))
    monkeypatch.setenv(progress_store.ENV_SWITCH, "on")
    monkeypatch.setattr(checks, "_learner_ids", [])
    panel = checks.panel("01.arange", lambda: ...)
    *_, new_variant = panel.children[0].children
    check, hint, solution, *_ = panel.children[0].children
    _, feedback_out, help_out = panel.children
    before = checks.variant_number(checks._lookup("01.arange"))
    hint.click()  # a hint of the old variant
    solution.click()
    assert feedback_out.outputs and hint.description != "Hint" and solution.disabled
    new_variant.click()
    after = checks.variant_number(checks._lookup("01.arange"))
    (text,) = _texts(help_out)  # the old variant's hint is gone with it
    assert after != before and text.startswith("Your task for 01.arange")
    assert f"Variant {after};" in text
    # the old verdict is gone too, and the new task's hints start from the first
    assert not feedback_out.outputs
    assert hint.description == "Hint" and not hint.disabled and not solution.disabled
