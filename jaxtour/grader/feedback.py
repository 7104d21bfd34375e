"""What the grader says back: a Feedback for a check, a Note for hints and solutions.

Both render as HTML in Jupyter and as plain text everywhere else, and their text
is deterministic so that nbval can compare stored outputs.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Literal

from jaxtour.display import Display

Status = Literal["correct", "incorrect", "error", "unattempted", "timeout"]
STATUSES: tuple[Status, ...] = ("correct", "incorrect", "error", "unattempted", "timeout")

FEEDBACK_MIME = "application/vnd.jaxtour.feedback+json"

_LABELS: dict[str, str] = {
    "correct": "Correct",
    "incorrect": "Not yet",
    "error": "Error",
    "unattempted": "Not attempted",
    "timeout": "Timed out",
}
_COLOURS: dict[str, str] = {
    "correct": "#1b7f3b",
    "incorrect": "#b35900",
    "error": "#b00020",
    "unattempted": "#555555",
    "timeout": "#b00020",
}


@dataclass(frozen=True, repr=False)
class Feedback(Display):
    """The outcome of one ``check()``: a status, a message, and optional details.

    ``passed`` (and the truth value) is True only for ``correct``. ``mistake`` names
    the known mistake that was recognised, if any. ``details`` holds what is one
    click away in Jupyter: a traceback, captured output, the full comparison.
    """

    exercise_id: str
    status: Status
    message: str
    title: str = ""
    mistake: str | None = None
    details: str = ""

    @property
    def passed(self) -> bool:
        return self.status == "correct"

    def __bool__(self) -> bool:
        return self.passed

    @property
    def headline(self) -> str:
        name = f"{self.exercise_id} ({self.title})" if self.title else self.exercise_id
        return f"[{_LABELS[self.status]}] {name}"

    def text(self) -> str:
        """Plain-text rendering, the same on every run."""
        lines = [self.headline, self.message]
        if self.details:
            lines.append("(More in this Feedback's .details.)")
        return "\n".join(lines)

    def html(self) -> str:
        colour = _COLOURS[self.status]
        body = html.escape(self.message).replace("\n", "<br>")
        parts = [
            f'<div class="jaxtour-feedback jaxtour-{self.status}" '
            f'style="border-left:4px solid {colour};padding:4px 10px;margin:4px 0">',
            f'<b style="color:{colour}">{html.escape(self.headline)}</b><br>{body}',
        ]
        if self.details:
            parts.append(
                "<details><summary>Details</summary>"
                f"<pre>{html.escape(self.details)}</pre></details>"
            )
        parts.append("</div>")
        return "".join(parts)

    def as_json(self) -> dict[str, str | None]:
        """Machine-readable summary, stored in notebooks under FEEDBACK_MIME."""
        return {"exercise": self.exercise_id, "status": self.status, "mistake": self.mistake}


@dataclass(frozen=True, repr=False)
class Note(Display):
    """Displayable text for hints, solutions and lookup errors."""

    heading: str
    body: str
    code: bool = False

    def text(self) -> str:
        return f"{self.heading}\n{self.body}"

    def html(self) -> str:
        body = html.escape(self.body)
        inner = f"<pre>{body}</pre>" if self.code else body.replace("\n", "<br>")
        return (
            '<div class="jaxtour-note" style="border-left:4px solid #3366cc;'
            f'padding:4px 10px;margin:4px 0"><b>{html.escape(self.heading)}</b><br>{inner}</div>'
        )
