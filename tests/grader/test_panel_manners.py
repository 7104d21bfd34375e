"""The panel answers at once, and says everything in words, in any theme."""

from __future__ import annotations

import pytest

from jaxtour import checks
from jaxtour.grader.feedback import Feedback, Note
from jaxtour.grader.panel import PanelActions, build_panel, static_bundle

pytest.importorskip("ipywidgets")


def parts(panel):
    buttons, feedback_out, help_out = panel.children
    return buttons.children, feedback_out, help_out


def shown_text(out) -> str:
    return "\n".join(o.get("data", {}).get("text/plain", "") for o in out.outputs)


def test_check_says_checking_and_freezes_the_buttons_until_the_verdict_is_in():
    seen = {}
    verdict = Feedback("99.x", "correct", "Well done.")

    def check():
        buttons, feedback_out, _ = parts(panel)
        seen["text"] = shown_text(feedback_out)
        seen["disabled"] = [b.disabled for b in buttons]
        return verdict

    first = Feedback("99.x", "unattempted", "Replace the ...")
    actions = PanelActions(check, lambda n: Note("h", "h"), lambda: Note("s", "s"), hint_count=2)
    panel = build_panel(first, actions)
    buttons, feedback_out, _ = parts(panel)
    buttons[0].click()
    assert seen["text"].startswith("Checking")
    assert seen["disabled"] == [True, True, True]
    assert [b.disabled for b in buttons] == [False, False, False]
    assert "Well done." in shown_text(feedback_out)


def test_a_failing_check_still_gives_the_buttons_back():
    def check():
        raise RuntimeError("boom")

    actions = PanelActions(check, lambda n: Note("h", "h"), lambda: Note("s", "s"), hint_count=2)
    panel = build_panel(Feedback("99.x", "unattempted", "..."), actions)
    buttons, feedback_out, _ = parts(panel)
    buttons[0].click()
    assert [b.disabled for b in buttons] == [False, False, False]
    assert "jaxtour could not do that" in "".join(o.get("text", "") for o in feedback_out.outputs)


@pytest.mark.parametrize("status", ["correct", "incorrect", "error", "unattempted", "timeout"])
def test_every_status_is_said_in_words_and_coloured_only_by_theme_variables(status):
    page = Feedback("01.arange", status, "message").html()
    label = {"correct": "Correct", "incorrect": "Not yet", "error": "Error"}.get(status)
    if label:
        assert f"[{label}]" in page
    assert "#" not in page.split("var(")[0]  # no fixed colour outside a theme variable
    for declaration in page.split(";"):
        if "color" in declaration and "#" in declaration:
            assert "var(--jp-" in declaration, declaration


def test_code_in_hints_keeps_its_indentation():
    page = checks.hint("01.center", 3).html()
    assert "white-space:pre-wrap" in page
    assert "\n    return" in page


def test_a_lesson_section_is_a_link_to_that_section():
    note = checks.explain(TypeError("JAX arrays are immutable and do not support item assignment"))
    assert 'href="06_immutability_and_purity.ipynb#JAX-arrays-are-immutable"' in note.html()


def test_an_unrun_check_cell_says_how_to_get_the_buttons():
    bundle = static_bundle("01.arange", checks.check("01.arange", ...))
    assert "Run this cell to get the Check, Hint and Solution buttons." in bundle["text/html"]
