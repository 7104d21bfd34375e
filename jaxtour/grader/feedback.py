"""What the grader says back: a Feedback for a check, a Note for hints and solutions.

Both render as HTML in Jupyter and as plain text everywhere else, and their text
is deterministic so that nbval can compare stored outputs. The HTML takes its colours
from JupyterLab's theme variables (light and dark alike) and says every status in words
and a symbol: colour only repeats what the text says. Code keeps its indentation, and a
"lesson NN_slug, section '...'" reference becomes a link to that section.
"""

from __future__ import annotations

import html
import re
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
_SYMBOLS: dict[str, str] = {
    "correct": "\u2714",  # heavy check mark
    "incorrect": "\u2716",  # heavy multiplication x
    "error": "\u26a0",  # warning sign
    "unattempted": "\u2026",  # ellipsis
    "timeout": "\u23f1",  # stopwatch
}
# JupyterLab's theme variables, with fallbacks for other front ends.
_ACCENTS: dict[str, str] = {
    "correct": "var(--jp-success-color1, #1b7f3b)",
    "incorrect": "var(--jp-warn-color1, #b35900)",
    "error": "var(--jp-error-color1, #b00020)",
    "unattempted": "var(--jp-border-color1, #888888)",
    "timeout": "var(--jp-error-color1, #b00020)",
    "note": "var(--jp-brand-color1, #3366cc)",
}
_BOX = (
    "border-left:4px solid {accent};padding:4px 10px;margin:4px 0;"
    "color:var(--jp-content-font-color1, inherit);overflow-wrap:break-word"
)
_SECTION = re.compile(r"lesson (\d\d_[a-z0-9_]+), section '([^']+)'")


def prose_html(text: str) -> str:
    """Escaped text; line breaks and indentation kept, lesson sections linked."""
    escaped = html.escape(text, quote=False)
    linked = _SECTION.sub(_section_link, escaped)
    return f'<div style="white-space:pre-wrap">{linked}</div>'


def _section_link(match: re.Match[str]) -> str:
    stem, section = match.group(1), html.unescape(match.group(2))
    anchor = "-".join(section.replace("`", "").split())
    href = html.escape(f"{stem}.ipynb#{anchor}")
    return f'<a href="{href}">lesson {stem}, section &#x27;{html.escape(section)}&#x27;</a>'


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
        box = _BOX.format(accent=_ACCENTS[self.status])
        symbol = _SYMBOLS[self.status]
        parts = [
            f'<div class="jaxtour-feedback jaxtour-{self.status}" style="{box}">',
            f'<b><span aria-hidden="true">{symbol}</span> {html.escape(self.headline)}</b>',
            prose_html(self.message),
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
        if self.code:
            inner = f'<pre style="overflow-x:auto">{html.escape(self.body)}</pre>'
        else:
            inner = prose_html(self.body)
        box = _BOX.format(accent=_ACCENTS["note"])
        return (
            f'<div class="jaxtour-note" style="{box}">'
            f"<b>{html.escape(self.heading)}</b>{inner}</div>"
        )
