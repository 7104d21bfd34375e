"""How jaxtour's results show themselves: as plain text everywhere, as HTML in Jupyter.

Every displayable object (a check's Feedback, a Note, a Timing, a table) derives from
``Display`` and writes ``text()`` and ``html()`` once; ``str``, ``repr``, IPython's
pretty printer and Jupyter's HTML hook all come from those two.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Display", "one_line"]


class Display:
    """Base for objects that render as text and HTML. Subclasses define ``text()``."""

    def text(self) -> str:
        raise NotImplementedError

    def html(self) -> str:
        """HTML for Jupyter; by default the text, preformatted."""
        import html

        return f"<pre>{html.escape(self.text())}</pre>"

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return self.text()

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:  # IPython's plain-text hook
        printer.text(self.text())

    def _repr_html_(self) -> str:
        return self.html()


def one_line(exc: BaseException) -> str:
    """``TypeName: first line of the message``; never raises, even for hostile exceptions."""
    try:
        text = str(exc).strip()
        first = text.splitlines()[0] if text else ""
    except Exception:  # an exception whose __str__ raises
        first = ""
    return f"{type(exc).__name__}: {first}" if first else type(exc).__name__
