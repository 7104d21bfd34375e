"""The panel answers at once, and says everything in words, in any theme."""

from __future__ import annotations

import re

import jax.numpy as jnp
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
    page = Feedback("00.first_array", status, "message").html()
    label = {"correct": "Correct", "incorrect": "Not yet", "error": "Error"}.get(status)
    if label:
        assert f"[{label}]" in page
    assert "#" not in page.split("var(")[0]  # no fixed colour outside a theme variable
    declarations = page.split('style="', 1)[1].split('"', 1)[0].split(";")
    for declaration in page.split(";"):
        if "color" in declaration and "#" in declaration:
            assert "var(--jp-" in declaration, declaration
    # The one plain colour, the bar's, is for front ends that drop theme variables (an
    # untrusted notebook in JupyterLab); the theme's colour overrides it where kept.
    bar = next(i for i, d in enumerate(declarations) if d.startswith("border-left:"))
    assert declarations[bar + 1].startswith("border-left-color:var(--jp-")


def test_hints_that_are_code_are_code_blocks_that_keep_their_indentation():
    page = checks.hint("01.center", 3).html()
    assert "<pre" in page and "\n    return x - jnp.mean(...)</pre>" in page
    prose = checks.hint("01.center", 1).html()
    assert "<pre" not in prose and "white-space:pre-wrap" in prose


def test_code_in_messages_is_in_the_code_font_and_escaped():
    message = "Use `x < 0` in jnp.where(x < 0, 0.0, x), not `<b>` or np.where."
    page = Feedback("00.first_array", "incorrect", message).html()
    assert "<code>x &lt; 0</code>" in page
    assert "<code>jnp.where(x &lt; 0, 0.0, x)</code>" in page
    assert "<code>&lt;b&gt;</code>" in page and "<b>`" not in page
    assert "<code>np.where</code>." in page  # the sentence's full stop is not code
    success = checks.check("00.first_array", jnp.array([1.0, 2.0, 3.0])).html()
    assert "<code>jnp.array</code>" in success and "<code>np.array</code>" in success
    link = Feedback("x", "error", "See lesson 01_jnp_as_numpy, section '`jnp` mirrors NumPy'.")
    assert ">lesson 01_jnp_as_numpy, section &#x27;<code>jnp</code> mirrors NumPy&#x27;</a>" in (
        link.html()
    )


def test_a_lesson_section_is_a_link_to_that_section():
    note = checks.explain(TypeError("JAX arrays are immutable and do not support item assignment"))
    assert 'href="06_immutability_and_purity.ipynb#JAX-arrays-are-immutable"' in note.html()


def test_an_unrun_check_cell_looks_like_the_panel_and_says_how_to_get_the_buttons():
    first = checks.check("00.first_array", ...)
    page = static_bundle("00.first_array", first)["text/html"]
    run_me = page.index("Run this cell to get the Check, Hint and Solution buttons.")
    assert run_me < page.index(first.html()), "the line stands where the buttons will be"
    assert "border-left:4px solid gray;" in page  # the bar, kept by sanitising front ends


def test_every_click_on_check_is_acknowledged_even_with_the_same_verdict():
    placeholder = Feedback("99.x", "unattempted", "Replace the `...` with your answer.")
    actions = PanelActions(
        lambda: placeholder, lambda n: Note("h", "h"), lambda: Note("s", "s"), hint_count=2
    )
    panel = build_panel(placeholder, actions)
    buttons, feedback_out, _ = parts(panel)
    seen = []
    for _ in range(2):
        buttons[0].click()
        seen.append(shown_text(feedback_out))
    assert seen[0] != seen[1]
    assert "(click 1 on Check): still the placeholder." in seen[0]
    assert "(click 2 on Check): still the placeholder." in seen[1]


# Markdown the panel does not render (it renders `backticks` as code, nothing else):
# **bold**, __bold__, *emphasis*, [a link](...), a "# heading" line. Exponents (2**n,
# beta**t), products (a * b), `*args` and dunder names are not among them.
UNRENDERED_MARKDOWN = re.compile(
    r"(?<![\w*)\]}])\*\*(?=[^\s*])[^*\n]+?(?<=[^\s*])\*\*(?![\w*(])"  # **bold**
    r"|(?<![\w*])\*(?=[A-Za-zА-Яа-яЁё])[^*\n]+?(?<=[A-Za-zА-Яа-яЁё.])\*(?![\w*])"  # *emph*
    r"|(?<!\w)__(?=[A-Za-z][^_\n]*\s)[^_\n]+?__(?!\w)"  # __bold words__
    r"|\[[^\]\n]+\]\((?:https?:|#|\.)[^)\s]*\)"  # [a link](url)
    r"|^#{1,6} \w",  # a heading line
    re.MULTILINE,
)


def test_the_markdown_pattern_knows_emphasis_from_arithmetic():
    for shown in ("per **output**, as", "*not* this", "[the docs](https://x.y)", "# Hint"):
        assert UNRENDERED_MARKDOWN.search(shown), shown
    for fine in ("2**power", "m / (1 - beta**t)", "a * b * c", "f(*args, **kwargs)", "__init__"):
        assert not UNRENDERED_MARKDOWN.search(fine), fine


def test_no_message_holds_markdown_the_panel_shows_raw():
    # every message jaxtour can show (the catalog template: the grader's, the exercises'
    # hints, mistakes, explanations, successes) and every Russian translation of one
    from babel.messages.pofile import read_po

    from jaxtour.display import looks_like_code
    from tools import messages

    shown = [m.id for m in messages.template() if m.id]
    for path in [messages.core_po("ru"), *(messages.LOCALE / "ru" / "exercises").glob("*.po")]:
        with path.open("rb") as f:
            shown += [m.string for m in read_po(f, locale="ru") if m.id and m.string]
    texts = [
        t for message in shown for t in (message if isinstance(message, tuple) else (message,))
    ]
    texts = [t for t in texts if not looks_like_code(t)]  # a solution: a code block, as typed
    raw = sorted({match.group() for text in texts for match in UNRENDERED_MARKDOWN.finditer(text)})
    assert not raw, f"Markdown the panel shows as typed: {raw}"


def test_an_arrow_stays_on_the_line_of_its_two_values():
    # a variant's "2.7 → 3, -2.7 → -3" wrapped at 800 px with "→" ending a line
    html = Note("Your task", "rounds like this: 2.7 → 3, 2.2 → 2, -2.7 → -3.").html()
    assert " →" not in html and "→ " not in html
    assert "2.7\u00a0→\u00a03, 2.2\u00a0→\u00a02, -2.7\u00a0→\u00a0-3." in html
    assert Note("Your task", "2.7 → 3").text() == "Your task\n2.7 → 3"  # the text is as said
