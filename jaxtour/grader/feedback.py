"""What the grader says back: a Feedback for a check, a Note for hints and solutions.

Both render as HTML in Jupyter and as plain text everywhere else, and their text
is deterministic so that nbval can compare stored outputs. The HTML takes its colours
from JupyterLab's theme variables (light and dark alike) and says every status in words
and a symbol: colour only repeats what the text says. Code is in the code font: inline
(`backticked` or a qualified name such as jnp.arange(10)), and a hint that is code as a
block that keeps its indentation. A "lesson NN_slug, section '...'" reference becomes a
link to that section.

Front ends that sanitise HTML (JupyterLab for a notebook not yet run) drop every
declaration whose value is a theme variable, so the accent bar states a plain colour
first, which the theme variable then overrides where it is kept. The symbols are in
every default font (DejaVu Sans on Debian, Segoe UI Symbol, Apple's): no emoji.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Literal

from jaxtour.display import Display, inline_code_html, looks_like_code
from jaxtour.i18n import N_, _

Status = Literal["correct", "incorrect", "error", "unattempted", "timeout"]
STATUSES: tuple[Status, ...] = ("correct", "incorrect", "error", "unattempted", "timeout")

FEEDBACK_MIME = "application/vnd.jaxtour.feedback+json"

_LABELS: dict[str, str] = {  # translated where shown (headline)
    "correct": N_("Correct"),
    "incorrect": N_("Not yet"),
    "error": N_("Error"),
    "unattempted": N_("Not attempted"),
    "timeout": N_("Timed out"),
}
_SYMBOLS: dict[str, str] = {
    "correct": "\u2714",  # heavy check mark
    "incorrect": "\u2716",  # heavy multiplication x
    "error": "\u26a0",  # warning sign
    "unattempted": "\u25cb",  # white circle
    "timeout": "\u25f7",  # white circle with upper right quadrant: a clock face
}
# JupyterLab's theme variables; the fallback inside each is for front ends that keep
# variables but lack JupyterLab's, the plain colour for those that drop variables.
_ACCENTS: dict[str, tuple[str, str]] = {
    "correct": ("var(--jp-success-color1, #1b7f3b)", "green"),
    "incorrect": ("var(--jp-warn-color1, #b35900)", "darkorange"),
    "error": ("var(--jp-error-color1, #b00020)", "crimson"),
    "unattempted": ("var(--jp-border-color1, #888888)", "gray"),
    "timeout": ("var(--jp-error-color1, #b00020)", "crimson"),
    "note": ("var(--jp-brand-color1, #3366cc)", "royalblue"),
}
WHAT_HAPPENED = N_("What happened")
_MUTED = "color:var(--jp-content-font-color2, inherit)"


def box_style(accent: str) -> str:
    """The style of a feedback or note box: a bar in the accent's colour on its left."""
    variable, plain = _ACCENTS[accent]
    return (
        f"border-left:4px solid {plain};border-left-color:{variable};padding:4px 10px;"
        "margin:4px 0;color:var(--jp-content-font-color1, inherit);overflow-wrap:break-word"
    )


# "lesson 03_autodiff, section 'Gradients'", and the Russian "урок 03_autodiff, раздел «…»".
_SECTION = re.compile(
    r"(?:lesson|урок[а-я]*) (\d\d_[a-z0-9_]+), (?:section|раздел[а-я]*) (?:'([^']+)'|«([^»]+)»)"
)


# An arrow between two values ("2.7 → 3") stays on their line: a narrow window wraps the
# text between pairs, never with an arrow at a line's end or its value alone on the next.
_ARROW = re.compile(r" (\u2192) ")


_LABELLED = re.compile(r"(?P<label>\s*(?:[A-ZА-ЯЁ][a-zа-яё]+(?: [a-zа-яё]+)?: )?)(?P<rest>.*)")


def prose_html(text: str) -> str:
    """Escaped text; line breaks and indentation kept, code in the code font (a line, or
    what follows a line's "Fix: ", that is code as a whole), lesson sections linked."""
    lines = []
    for line in text.split("\n"):
        label, rest = _LABELLED.fullmatch(line).group("label", "rest")
        if looks_like_code(rest):
            code = html.escape(rest, quote=False)
            lines.append(f"{html.escape(label, quote=False)}<code>{code}</code>")
            continue
        line = _ARROW.sub("\u00a0\\1\u00a0", line)
        parts, start = [], 0
        for match in _SECTION.finditer(line):
            parts.append(inline_code_html(line[start : match.start()]))
            parts.append(_section_link(match))
            start = match.end()
        parts.append(inline_code_html(line[start:]))
        lines.append("".join(parts))
    joined = "\n".join(lines)
    return f'<div style="white-space:pre-wrap">{joined}</div>'


def code_html(text: str) -> str:
    """A code block: wrapped at spaces only, never inside a name."""
    style = (
        "margin:4px 0;white-space:pre-wrap;word-break:normal;overflow-wrap:normal;overflow-x:auto"
    )
    return f'<pre style="{style}">{html.escape(text, quote=False)}</pre>'


def _section_link(match: re.Match[str]) -> str:
    stem, section = match.group(1), match.group(2) or match.group(3)
    anchor = "-".join(section.replace("`", "").split())
    href = html.escape(f"{stem}.ipynb#{anchor}")
    before, after = match.start(2 if match.group(2) else 3), match.end(2 if match.group(2) else 3)
    text = match.string
    words = html.escape(text[match.start() : before], quote=True)
    closing = html.escape(text[after : match.end()], quote=True)
    return f'<a href="{href}">{words}{inline_code_html(section)}{closing}</a>'


@dataclass(frozen=True, repr=False)
class Feedback(Display):
    """The outcome of one ``check()``: a status, a message, and optional details.

    ``passed`` (and the truth value) is True only for ``correct``. ``mistake`` names
    the known mistake that was recognised, if any. ``details`` holds what is one
    click away in Jupyter: a traceback, captured output, the full comparison.
    ``explanation``: a prediction's "what happened", shown under the verdict once the
    learner has predicted (never on the page before).
    """

    exercise_id: str
    status: Status
    message: str
    title: str = ""
    mistake: str | None = None
    details: str = ""
    stamp: str = ""  # a line the panel adds to a verdict it shows after a click
    explanation: str = ""

    @property
    def passed(self) -> bool:
        return self.status == "correct"

    def __bool__(self) -> bool:
        return self.passed

    @property
    def headline(self) -> str:
        name = f"{self.exercise_id} ({self.title})" if self.title else self.exercise_id
        return f"[{_(_LABELS[self.status])}] {name}"

    def text(self) -> str:
        """Plain-text rendering, the same on every run."""
        lines = [self.headline, self.message]
        if self.explanation:
            lines += [_(WHAT_HAPPENED) + ":", self.explanation]
        if self.details:
            lines.append(_("(More in this Feedback's .details.)"))
        if self.stamp:
            lines.append(self.stamp)
        return "\n".join(lines)

    def html(self) -> str:
        symbol, style = _SYMBOLS[self.status], box_style(self.status)
        parts = [
            f'<div class="jaxtour-feedback jaxtour-{self.status}" style="{style}">',
            f'<b><span aria-hidden="true">{symbol}</span> {html.escape(self.headline)}</b>',
            prose_html(self.message),
        ]
        if self.explanation:
            parts.append(
                f'<div class="jaxtour-explanation" style="margin-top:6px">'
                f"<b>{html.escape(_(WHAT_HAPPENED))}</b>{prose_html(self.explanation)}</div>"
            )
        if self.details:
            summary = _("Details")  # not inside the f-string: Babel would not extract it
            parts.append(
                f"<details><summary>{html.escape(summary)}</summary>"
                f"<pre>{html.escape(self.details)}</pre></details>"
            )
        if self.stamp:
            parts.append(f'<div style="font-style:italic;{_MUTED}">{html.escape(self.stamp)}</div>')
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
        """The body as a code block when it is code (a solution, a hint that is code)."""
        code = self.code or looks_like_code(self.body)
        inner = code_html(self.body) if code else prose_html(self.body)
        return (
            f'<div class="jaxtour-note" style="{box_style("note")}">'
            f"<b>{html.escape(self.heading)}</b>{inner}</div>"
        )
