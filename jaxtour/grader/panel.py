"""The Check / Hint / Solution panel shown under each exercise.

The panel knows nothing of exercises: ``checks.show`` hands it the first feedback and
``PanelActions``: three callbacks (check again, hint number n, the solution) and how
many hints there are.

Works with ipywidgets 8 (JupyterLab 4) and 7.7.1 (Colab). One display carries the
widget and a static copy of the feedback, so a front end without widgets (nbval,
a notebook viewer, a kernel whose widget state is gone) still shows the feedback.
Output from button callbacks goes through Output widgets (a bare print in a
callback never reaches the page in JupyterLab), set through the widget's state
(``outputs``), which every front end syncs and tests can read.
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from jaxtour.grader.feedback import FEEDBACK_MIME, Feedback, Note
from jaxtour.i18n import N_, _

WIDGET_VIEW_MIME = "application/vnd.jupyter.widget-view+json"
# The button row wraps in a narrow window (800 px, a side panel open), and no button
# shrinks below its label: four full labels on two lines, never "Ch..." or "Solu...".
ROW_FLOW = "row wrap"
BUTTON_FLEX = "0 0 auto"


def in_kernel() -> bool:
    """True inside a Jupyter kernel (where displays and widgets can go somewhere)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


def static_bundle(exercise_id: str, feedback: Feedback) -> dict[str, Any]:
    """The MIME bundle a front end without widgets falls back to: the panel's first state,
    with a line saying how to get the buttons where the buttons would be."""
    footer = "\n" + _("Hints: {hint}, 2, ...; the answer: {solution}").format(
        hint=f"checks.hint({exercise_id!r}, 1)", solution=f"checks.solution({exercise_id!r})"
    )
    run_me = (
        '<div style="font-size:smaller;font-style:italic;margin:2px 0 4px;'
        'color:var(--jp-content-font-color2, inherit)">'
        + html.escape(_("Run this cell to get the Check, Hint and Solution buttons."))
        + "</div>"
    )
    return {
        "text/plain": feedback.text() + footer,
        "text/html": f'<div class="jaxtour-panel-static">{run_me}{feedback.html()}</div>',
        FEEDBACK_MIME: feedback.as_json(),
    }


def acknowledged(result: Feedback, clicks: int, at: str) -> Feedback:
    """The verdict shown after click number ``clicks`` on Check, at ``at`` (HH:MM:SS):
    a line that changes with every click, so that a click that brings the same verdict
    (the placeholder, checked twice) is still seen to have been done."""
    if result.status == "unattempted":
        stamp = _("Checked at {time} (click {clicks} on Check): still the placeholder.")
    else:
        stamp = _("Checked at {time} (click {clicks} on Check).")
    return replace(result, stamp=stamp.format(time=at, clicks=clicks))


CHECKING = Note(
    N_("Checking\u2026"), N_("Your answer is being checked; the verdict replaces this.")
)


def checking() -> Note:
    """What the panel shows while a check runs (CHECKING, in the language in use)."""
    return Note(_(CHECKING.heading), _(CHECKING.body))


@dataclass(frozen=True)
class PanelActions:
    """What the buttons do: check the current answer again, hint number n, the solution,
    and (for an exercise asked in variants, where none is fixed) a fresh variant."""

    check: Callable[[], Feedback]
    hint: Callable[[int], Note]
    solution: Callable[[], Note]
    hint_count: int
    new_variant: Callable[[], Note] | None = None


def display_panel(feedback: Feedback, actions: PanelActions) -> None:
    """Display the panel; outside a kernel, or if anything fails, print the feedback."""
    try:
        if not in_kernel():
            print(feedback.text())
            return
        from IPython.display import display

        bundle = static_bundle(feedback.exercise_id, feedback)
        panel = build_panel(feedback, actions)
        if panel is not None:
            bundle[WIDGET_VIEW_MIME] = {
                "version_major": 2,
                "version_minor": 0,
                "model_id": panel.model_id,
            }
        display(bundle, raw=True)
    except Exception:  # the learner still gets the verdict, as text
        print(feedback.text())


def build_panel(feedback: Feedback, actions: PanelActions):
    """Build the panel's widgets; None when ipywidgets cannot be imported."""
    try:
        import ipywidgets as w
    except ImportError:
        return None
    count = actions.hint_count

    def button(description: str, icon: str, **extra: Any):
        # width auto and no shrinking: a label is never cut ("No more hi..."); a row too
        # narrow for every button wraps instead (ROW_LAYOUT)
        layout = w.Layout(width="auto", flex=BUTTON_FLEX)
        return w.Button(description=description, icon=icon, layout=layout, **extra)

    check_button = button(_("Check"), "check", button_style="primary")
    hint_button = button(_("Hint"), "question", disabled=count == 0)
    solution_button = button(_("Solution"), "eye", disabled=count == 0)
    feedback_out = w.Output()
    help_out = w.Output()
    feedback_out.append_display_data(feedback)
    state = {"hints": 0, "checks": 0}

    def guarded(action: Callable[[], None], out) -> Callable[[Any], None]:
        def on_click(_button: Any) -> None:
            try:
                action()
            except Exception as exc:  # a callback must never leave the learner with nothing
                error = f"{type(exc).__name__}: {exc}"
                out.append_stdout(
                    _("jaxtour could not do that: {error}").format(error=error) + "\n"
                )

        return on_click

    def on_check() -> None:
        # Keep the buttons still, then say so at once, until the verdict is in. (In this
        # order, the page never shows "Checking" beside a live button.)
        buttons = (check_button, hint_button, solution_button)
        enabled = [b for b in buttons if not b.disabled]
        for b in enabled:
            b.disabled = True
        feedback_out.outputs = ()
        feedback_out.append_display_data(checking())
        try:
            result = actions.check()
        finally:
            for b in enabled:
                b.disabled = False
        state["checks"] += 1
        feedback_out.outputs = ()
        feedback_out.append_display_data(
            acknowledged(result, state["checks"], time.strftime("%H:%M:%S"))
        )

    def on_hint() -> None:
        state["hints"] += 1
        help_out.append_display_data(actions.hint(state["hints"]))
        if state["hints"] >= count:
            hint_button.disabled = True
            hint_button.description = _("No more hints")
        else:
            # what the next press shows, not the hint on the page
            hint_button.description = _("Next hint ({number} of {count})").format(
                number=state["hints"] + 1, count=count
            )

    def on_solution() -> None:
        help_out.append_display_data(actions.solution())
        solution_button.disabled = True

    check_button.on_click(guarded(on_check, feedback_out))
    hint_button.on_click(guarded(on_hint, help_out))
    solution_button.on_click(guarded(on_solution, help_out))
    row = [check_button, hint_button, solution_button]
    if actions.new_variant is not None:
        new_variant = actions.new_variant
        variant_button = button(_("New variant"), "refresh")

        def on_new_variant() -> None:
            # its values replace the help and the verdict: old hints and an old "Correct"
            # were another task's; its hints start again from the first
            task = new_variant()
            feedback_out.outputs = ()
            help_out.outputs = ()
            help_out.append_display_data(task)
            state["hints"] = 0
            hint_button.disabled = solution_button.disabled = count == 0
            hint_button.description = _("Hint")

        variant_button.on_click(guarded(on_new_variant, help_out))
        row.append(variant_button)
    buttons = w.HBox(row, layout=w.Layout(flex_flow=ROW_FLOW))
    panel = w.VBox([buttons, feedback_out, help_out])
    panel.add_class("jaxtour-panel")
    return panel
