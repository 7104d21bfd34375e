"""How jaxtour's results show themselves: as plain text everywhere, as HTML in Jupyter.

Every displayable object (a check's Feedback, a Note, a Timing, a table) derives from
``Display`` and writes ``text()`` and ``html()`` once; ``str``, ``repr``, IPython's
pretty printer and Jupyter's HTML hook all come from those two.
"""

from __future__ import annotations

import html as _html
import re
import warnings
from typing import Any

__all__ = ["Display", "inline_code_html", "looks_like_code", "one_line"]

# Code inside prose: a `backticked` span, or a name qualified by a library a lesson uses
# (jnp.arange(10), np.asarray, jax.tree.map, checks.solution('01.arange')), with the
# call's arguments when it is called. Shown as <code>, in the code font.
_INLINE_CODE = re.compile(
    r"`(?P<ticked>[^`\n]+)`"
    r"|(?P<qualified>(?<![\w.])(?:jnp|np|numpy|jax|lax|checks|timing|math|time)"
    r"(?:\.[A-Za-z_]\w*)+"
    r"(?:\[[^\]\s]*\])?"  # x.at[0] style
    r"(?:\((?:[^()\n]|\([^()\n]*\))*\))?)"  # a call, one level of nesting inside
)


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


def inline_code_html(text: str) -> str:
    """``text`` escaped for HTML, its inline code (see ``_INLINE_CODE``) as ``<code>``."""
    parts, start = [], 0
    for match in _INLINE_CODE.finditer(text):
        code = match.group("ticked") or match.group("qualified")
        parts.append(_html.escape(text[start : match.start()], quote=False))
        parts.append(f"<code>{_html.escape(code, quote=False)}</code>")
        start = match.end()
    parts.append(_html.escape(text[start:], quote=False))
    return "".join(parts)


def looks_like_code(text: str) -> bool:
    """True when ``text`` is Python code rather than prose: a hint that is the code itself.

    Prose never compiles; code does, or does as a function's body (a hint may end in
    ``return``). A bare name or number is not taken for code.
    """
    source = text.strip()
    if not source or not any(c in source for c in "=(\n"):
        return False
    body = "def _():\n" + "\n".join("    " + line for line in source.splitlines())
    for candidate in (source, body):
        try:
            with warnings.catch_warnings():  # prose such as "a \\d" warns, and is not code
                warnings.simplefilter("ignore")
                compile(candidate, "<text>", "exec")
            return True
        except (SyntaxError, ValueError):
            continue
    return False


def one_line(exc: BaseException) -> str:
    """``TypeName: first line of the message``; never raises, even for hostile exceptions."""
    try:
        text = str(exc).strip()
        first = text.splitlines()[0] if text else ""
    except Exception:  # an exception whose __str__ raises
        first = ""
    return f"{type(exc).__name__}: {first}" if first else type(exc).__name__
