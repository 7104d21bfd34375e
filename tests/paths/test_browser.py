"""End to end in a real browser: JupyterLab, lesson 01 and its Check widgets, in Chromium,
in English and in the Russian edition.

Starts JupyterLab from this venv on a throwaway copy of the lessons, drives Debian's
headless Chromium with Playwright, and saves a screenshot of each state under
artifacts/browser/. Skipped locally without Chromium; a failure in CI (CI=true).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from jaxtour import catalog
from jaxtour.i18n import translate
from tests.helpers import LESSONS, ROOT

pytestmark = [pytest.mark.slow, pytest.mark.browser]

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = ROOT / "artifacts" / "browser"
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LESSON = "01_jnp_as_numpy.ipynb"
# Each wait on the page asks its question every POLL_MS, not on every animation frame
# (Playwright's default): asked at 60 Hz through a Run All, the question (every code
# cell's prompt) was most of Chromium's CPU.
POLL_MS = 100
VISIBLE_NOTEBOOK = ".jp-NotebookPanel:not(.lm-mod-hidden)"
CHECK_CELLS = 5  # lesson 01 asks five exercises
CHECK_LABEL = re.compile(r"^\s*Check\s*$")


def _unavailable(reason: str):
    if IN_CI:
        pytest.fail(f"the browser test cannot run in CI: {reason}")
    pytest.skip(f"{reason}; install Debian's Chromium with `apt-get install chromium`")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _processes_mentioning(marker: str) -> list[int]:
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit() or int(proc.name) == os.getpid():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if marker in cmdline:
            found.append(int(proc.name))
    return found


def _stop(server: subprocess.Popen, base: str, token: str, marker: str) -> list[int]:
    """Shut JupyterLab and its kernels down; return what had to be killed by force."""
    try:
        request = urllib.request.Request(f"{base}/api/shutdown?token={token}", method="POST")
        urllib.request.urlopen(request, timeout=10).close()
    except OSError:
        pass
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGTERM)
    deadline = time.monotonic() + 10
    while _processes_mentioning(marker) and time.monotonic() < deadline:
        time.sleep(0.2)
    leftovers = _processes_mentioning(marker)
    for pid in leftovers:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    return leftovers


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """JupyterLab on 127.0.0.1, a free port, a token, windowing off, on a copy of the lessons:
    one server for this module's tests (each opens its own notebooks, in its own
    workspace), shut down after the last, when nothing it started may be left running."""
    tmp_path = tmp_path_factory.mktemp("lab")
    if not Path(CHROMIUM).exists():
        _unavailable(f"Chromium is not installed (looked for {CHROMIUM})")
    workdir = tmp_path / "lessons"
    shutil.copytree(LESSONS, workdir)
    settings = tmp_path / "settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True)
    (settings / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    news = tmp_path / "settings" / "@jupyterlab" / "apputils-extension"
    news.mkdir(parents=True)
    (news / "notification.jupyterlab-settings").write_text(json.dumps({"fetchNews": "false"}))
    port, token = _free_port(), "jaxtour-browser-test"
    env = dict(
        os.environ,
        JUPYTERLAB_SETTINGS_DIR=str(tmp_path / "settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(tmp_path / "workspaces"),
        JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
        JUPYTER_CONFIG_DIR=str(tmp_path / "config"),
        JAX_PLATFORMS="cpu",
    )
    command = [
        sys.executable, "-m", "jupyterlab", "--no-browser",
        "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
        f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={workdir}",
        "--LabApp.expose_app_in_browser=True",
    ]  # fmt: skip
    if os.geteuid() == 0:
        command.append("--allow-root")
    log = open(tmp_path / "jupyterlab.log", "w")
    server = subprocess.Popen(
        command, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    base = f"http://127.0.0.1:{port}"
    marker = str(tmp_path)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(
                        "JupyterLab did not start:\n" + (tmp_path / "jupyterlab.log").read_text()
                    )
                time.sleep(0.3)
        yield {"base": base, "token": token}
    finally:
        leftovers = _stop(server, base, token, marker)
        log.close()
    assert not leftovers, f"processes left behind after shutdown: {leftovers}"


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium for a module's tests; each test gets its own page."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("Python Playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as playwright:
        try:
            launched = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS
            )
        except Exception as exc:
            _unavailable(f"Chromium did not start: {exc}")
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        yield context.new_page()
    finally:
        context.close()


def _shot(page, locator, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    locator.scroll_into_view_if_needed()
    locator.screenshot(path=path)
    print(f"screenshot: {path.relative_to(ROOT)}")
    return path


def _around(page, first, last, name: str) -> Path:
    """A screenshot of the page from ``first``'s top to ``last``'s bottom."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    first.scroll_into_view_if_needed()
    top, bottom = first.bounding_box(), last.bounding_box()
    height = min(bottom["y"] + bottom["height"] - top["y"], 1000 - top["y"])
    page.screenshot(
        path=path, clip={"x": top["x"], "y": top["y"], "width": top["width"], "height": height}
    )
    print(f"screenshot: {path.relative_to(ROOT)}")
    return path


def _replace_cell_source(page, cell, source: str) -> None:
    """Type ``source`` into ``cell`` and run it; return once it has run (its prompt shows a
    new number), so a Check clicked next reads the new value, as a learner's would."""
    prompt = cell.locator(".jp-InputPrompt").first
    before = prompt.inner_text()
    cell.locator(".cm-content").click()
    page.keyboard.press("Control+A")
    page.keyboard.type(source)
    page.keyboard.press("Shift+Enter")
    page.wait_for_function(
        "([el, before]) => el.textContent !== before && !el.textContent.includes('*')",
        arg=[prompt.element_handle(), before],
        polling=POLL_MS,
        timeout=60_000,
    )


def test_lesson_01_in_jupyterlab_with_working_check_widgets(lab, page):
    try:
        _walk_through_lesson_01(lab, page)
    except BaseException:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=ARTIFACTS / "failure.png")
        print(f"screenshot of the failure: {(ARTIFACTS / 'failure.png').relative_to(ROOT)}")
        raise


def _open_and_run_all(page, lab, notebook: str, through: str | None = None) -> None:
    """Open a notebook alone in its own workspace, run all cells, and wait for completion.
    With ``through``, the text of an exercise cell: only the cells down to its check cell,
    as a learner who has reached that exercise has run them (Run All Above Selected Cell)."""
    workspace = re.sub(r"\W", "", notebook.split("_")[0])  # "ru/01_..." -> "ru01"
    page.goto(f"{lab['base']}/lab/workspaces/w{workspace}/tree/{notebook}?token={lab['token']}")
    page.wait_for_selector(f"{VISIBLE_NOTEBOOK} .jp-CodeCell", timeout=60_000)
    page.wait_for_function(
        """async (name) => {
            const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
            if (!w || !w.sessionContext || !w.context || !w.context.path.endsWith(name)) {
                return false;
            }
            await w.sessionContext.ready;
            return w.sessionContext.session && w.sessionContext.session.kernel &&
                   w.sessionContext.session.kernel.status === 'idle';
        }""",
        arg=notebook,
        polling=POLL_MS,
        timeout=60_000,
    )
    # Stored outputs carry execution counts, so clear them first: then a count on every
    # code cell that was to run means this run reached it.
    left, last = page.evaluate(
        """async (through) => {
            const app = window.jupyterapp;
            app.shell.activateById(app.shell.currentWidget.id);  // commands act on the active one
            await app.commands.execute('notebook:clear-all-cell-outputs');
            const shown = app.shell.currentWidget.node.querySelectorAll('.jp-OutputArea-output');
            const notebook = app.shell.currentWidget.content;
            const cells = notebook.widgets;
            if (through === null) {
                app.commands.execute('notebook:run-all-cells');
                return [shown.length, cells.length - 1];
            }
            const code = (c) => c.model.type === 'code';
            const exercise = cells.findIndex(
                (c) => code(c) && c.model.sharedModel.getSource().includes(through));
            const check = cells.findIndex((c, i) => i > exercise && code(c));
            if (exercise < 0 || check < 0) {
                return [shown.length, -1];
            }
            notebook.activeCellIndex = check + 1;  // the cells above it run
            app.commands.execute('notebook:run-all-above');
            return [shown.length, check];
        }""",
        through,
    )
    assert left == 0, f"{left} stored outputs still shown after clearing them"
    assert last >= 0, f"no exercise cell with {through!r} and a check cell after it"
    page.wait_for_function(
        """(last) => {
            const cells = window.jupyterapp.shell.currentWidget.content.widgets;
            // A folded input (the Colab install cell) shows a placeholder and no count.
            const prompts = cells.slice(0, last + 1)
                .map(c => c.node)
                .filter(c => c.classList.contains('jp-CodeCell'))
                .filter(c => !c.querySelector('.jp-InputPlaceholder'))
                .map(c => c.querySelector('.jp-InputPrompt'));
            return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
        }""",
        arg=last,
        polling=POLL_MS,
        timeout=90_000,
    )


SLOW_CENTER = (
    "import time; center = lambda x: (time.sleep(0.1), x - x.mean(axis=-1, keepdims=True))[1]"
)
CLICKS = 5

# Clicks Check from inside the page and times, with the page's own clock, how long until
# "Checking" is on screen; reports whether every button was disabled at that moment and
# whether the verdict was still to come (the previous one gone, none yet). The times are
# printed, not asserted: how fast is a benchmark's question, not a test's.
_TIME_CHECKING = """(button) => new Promise((resolve) => {
    const cell = button.closest('.jp-CodeCell');
    const start = performance.now();
    const done = (ms) => { observer.disconnect(); resolve(ms); };
    const observer = new MutationObserver(() => {
        if (cell.innerText.includes('Checking')) {
            const buttons = [...cell.querySelectorAll('button.widget-button')];
            done({
                ms: performance.now() - start,
                disabled: buttons.every(b => b.disabled),
                verdictShown: cell.innerText.includes('[Correct]'),
            });
        }
    });
    observer.observe(cell, {subtree: true, childList: true, characterData: true});
    button.click();
    setTimeout(() => done({ms: -1, disabled: false, verdictShown: true}), 10000);
})"""


def _checking_appears_at_once(page, cells, texts) -> None:
    """Issue 13: a click on Check shows "Checking..." before the verdict, buttons disabled,
    even when the answer takes seconds to check; then the verdict replaces it."""
    index = next(i for i, text in enumerate(texts) if "def center(x):" in text)
    exercise, check_cell = cells.nth(index), cells.nth(index + 1)
    _replace_cell_source(page, exercise, SLOW_CENTER)
    button = check_cell.locator("button.widget-button", has_text=CHECK_LABEL)
    timings = []
    for _ in range(CLICKS):
        seen = button.evaluate(_TIME_CHECKING)
        assert seen["ms"] >= 0, "Checking... never appeared after a click on Check"
        assert seen["disabled"], "the buttons stayed live while the answer was checked"
        assert not seen["verdictShown"], "Checking... came with a verdict, not before it"
        timings.append(seen["ms"])
        if len(timings) == 1:
            _shot(page, check_cell, "03b-checking")
        check_cell.get_by_text("[Correct] 01.center").wait_for(timeout=30_000)
    timings.sort()
    median = timings[len(timings) // 2]
    print(
        f"click to 'Checking...': {', '.join(f'{t:.0f}' for t in timings)} ms (median {median:.0f})"
    )


def _each_click_on_the_placeholder_is_acknowledged(check_cell) -> None:
    """Issue 22: Check on an unchanged placeholder gives the same verdict each time; the
    feedback still changes with every click, so the click is seen to have happened."""
    button = check_cell.locator("button.widget-button", has_text=CHECK_LABEL)
    for click in (1, 2):
        button.click()
        check_cell.get_by_text(f"(click {click} on Check): still the placeholder").wait_for(
            timeout=15_000
        )
        assert "Not attempted" in check_cell.inner_text()
    _shot(check_cell.page, check_cell, "01b-placeholder-checked-twice")


# Per row of the progress grid: the name's box, its bar's and its counts'; and whether the
# name's text fits its box.
_PROGRESS_BOXES = """(view) => [...view.querySelectorAll('.jaxtour-progress-name')].map((name) => {
    const box = (el) => { const r = el.getBoundingClientRect();
                          return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
    const column = name.nextElementSibling;
    return {
        lesson: name.textContent,
        name: box(name),
        bar: box(column.querySelector('.jaxtour-progress-bar')),
        count: box(column.querySelector('.jaxtour-progress-count')),
        fits: name.scrollWidth <= name.clientWidth + 1,
    };
})"""


def _progress_fits_an_800_px_window(page) -> None:
    """Issue 22: at 800 px, the file browser open, no lesson name runs over its bar."""
    page.set_viewport_size({"width": 800, "height": 1000})
    view = page.locator(f"{VISIBLE_NOTEBOOK} .jaxtour-progress").last
    view.wait_for(timeout=15_000)
    page.wait_for_timeout(300)  # the layout settles at the new width
    rows = view.evaluate(_PROGRESS_BOXES)
    assert len(rows) == len(catalog.LESSONS)
    for row in rows:
        assert row["fits"], f"{row['lesson']} overflows its column"
        assert row["name"]["right"] <= row["bar"]["left"], f"{row['lesson']} runs over its bar"
        assert row["name"]["right"] <= row["count"]["left"], row["lesson"]
        assert row["count"]["top"] >= row["bar"]["bottom"] - 1, row["lesson"]
    _shot(page, view, "05-progress-800px")
    page.set_viewport_size({"width": 1400, "height": 1000})


PREDICTION_LESSON = "04_argnums_and_pytrees.ipynb"  # 04.predict_value_and_grad


def test_a_predictions_explanation_comes_after_the_check_rendered(lab, page):
    """Issue 34: a prediction's explanation is on no page, not even folded; the grader
    shows it under the verdict once the learner has predicted (here wrongly), with its
    code spans in the code font and no raw markdown."""
    from jaxtour.exercises import all_exercises

    explanation = all_exercises()["04.predict_value_and_grad"].explanation
    opening = explanation.split(". ")[1].replace("`", "")[:40]  # a phrase, not the letter
    _open_and_run_all(page, lab, PREDICTION_LESSON, through="structure = ...")
    notebook = page.locator(VISIBLE_NOTEBOOK)
    assert opening not in notebook.inner_text(), "the explanation is on the page before a Check"
    assert notebook.locator(".jp-MarkdownCell details").count() == 0
    cells = page.locator(f"{VISIBLE_NOTEBOOK} .jp-CodeCell")
    texts = cells.all_inner_texts()
    index = next(i for i, text in enumerate(texts) if "structure = ..." in text)
    exercise, check_cell = cells.nth(index), cells.nth(index + 1)
    assert 'checks.show("04.predict_value_and_grad"' in check_cell.inner_text()
    _replace_cell_source(page, exercise, 'structure = "C"')
    check_cell.locator("button.widget-button", has_text=CHECK_LABEL).click()
    shown = check_cell.locator(".jaxtour-explanation")
    shown.wait_for(timeout=15_000)
    assert shown.inner_text().startswith("What happened")
    assert opening in " ".join(shown.inner_text().split())
    assert shown.locator("code").count() > 0, "the explanation's code spans are not code"
    assert "`" not in shown.inner_text(), "raw markdown shows in the explanation"
    _shot(page, check_cell, "04-prediction-explained-after-check")


def _walk_through_lesson_01(lab, page) -> None:
    started = time.monotonic()
    _open_and_run_all(page, lab, LESSON)
    check_buttons = page.locator("button.widget-button", has_text=CHECK_LABEL)
    try:
        check_buttons.nth(CHECK_CELLS - 1).wait_for(timeout=30_000)
    except Exception:
        pytest.fail(
            f"only {check_buttons.count()} of {CHECK_CELLS} Check buttons rendered: the widget "
            "front end (jupyterlab_widgets) is missing or broken"
        )
    assert check_buttons.count() == CHECK_CELLS
    page.wait_for_timeout(500)
    body = page.locator("body").inner_text()
    assert "Error displaying widget" not in body
    assert "Loading widget" not in body
    # the lesson's figure (the int32 running total), drawn by this Run All: every stored
    # output was cleared first (_open_and_run_all). Lesson 02's timing plot, which differs
    # from its stored one on every run, cost a kernel and its Run All more.
    figure = page.locator(f"{VISIBLE_NOTEBOOK} .jp-OutputArea-output img").last
    figure.wait_for(timeout=15_000)
    assert figure.evaluate("img => img.naturalWidth > 100 && img.complete")
    _shot(page, figure, "04-lesson-01-figure")

    cells = page.locator(".jp-CodeCell")
    texts = cells.all_inner_texts()
    index = next(i for i, text in enumerate(texts) if "def odds_down(n):" in text)
    exercise, check_cell = cells.nth(index), cells.nth(index + 1)  # fixed even as text changes
    assert 'checks.show("01.arange"' in check_cell.inner_text()
    assert "Not attempted" in check_cell.inner_text()
    _shot(page, check_cell, "01-run-all-unattempted")
    _each_click_on_the_placeholder_is_acknowledged(check_cell)

    _replace_cell_source(page, exercise, "odds_down = lambda n: jnp.arange(n, 1, -2)")
    check_cell.locator("button.widget-button", has_text=CHECK_LABEL).click()
    check_cell.get_by_text("Your countdown ends at 3").wait_for(timeout=15_000)
    check_cell.locator("button.widget-button", has_text="Hint").click()
    check_cell.get_by_text("Hint 1 of 3 for 01.arange").wait_for(timeout=15_000)
    _shot(page, check_cell, "02-wrong-answer-and-hint")

    _replace_cell_source(page, exercise, "odds_down = lambda n: jnp.arange(n, 0, -2)")
    check_cell.locator("button.widget-button", has_text=CHECK_LABEL).click()
    check_cell.get_by_text("[Correct] 01.arange").wait_for(timeout=15_000)
    _shot(page, check_cell, "03-right-answer")

    # The cell now raises (a typo) after a right value was assigned: Check names the
    # failed cell and grades nothing, not the value the earlier run left behind.
    _replace_cell_source(page, exercise, "odds_down = jnp.arary")
    check_cell.locator("button.widget-button", has_text=CHECK_LABEL).click()
    check_cell.get_by_text("Nothing was checked", exact=False).wait_for(timeout=15_000)
    shown = check_cell.inner_text()
    assert "Your exercise cell raised" in shown and "arary" in shown, shown
    assert "[Correct]" not in shown.split("Your exercise cell raised")[-1], shown
    _shot(page, check_cell, "03a-failed-cell")
    _checking_appears_at_once(page, cells, texts)
    _progress_fits_an_800_px_window(page)

    elapsed = time.monotonic() - started
    print(f"browser steps took {elapsed:.1f} s")


def _symbols_shown() -> dict[str, str]:
    """Every character outside ASCII that the panel and the progress view can show, with
    where it comes from."""
    from jaxtour.grader.feedback import STATUSES, Feedback, Note
    from jaxtour.grader.panel import CHECKING, static_bundle
    from jaxtour.learner.progress_store import ExerciseProgress, LessonProgress
    from jaxtour.learner.progress_view import ProgressView

    pages = {}
    for status in STATUSES:
        bundle = static_bundle("01.arange", Feedback("01.arange", status, "m", stamp="s"))
        pages[f"feedback {status}"] = bundle["text/html"] + bundle["text/plain"]
    pages["notes"] = Note("h", "b").html() + CHECKING.html() + CHECKING.text()
    states: dict[str, ExerciseProgress | None] = {"new": None}
    states["tried"] = ExerciseProgress("01.a", attempts=1, passed=False, last_status="incorrect")
    for way in ("unaided", "hint", "solution"):
        states[way] = ExerciseProgress("01.a", 1, True, "correct", passed_with=way)
    view = ProgressView(
        (LessonProgress("01_jnp_as_numpy", 5, attempted=2, passed=1, passed_with_help=1),),
        {f"01.{state}": progress for state, progress in states.items()},
        "01_jnp_as_numpy",
        "footer",
    )
    pages["progress"] = view.html() + view.text()
    return {c: name for name, page in pages.items() for c in page if ord(c) > 127}


def test_every_symbol_the_panel_and_progress_show_has_a_glyph_in_a_default_font():
    """Issue 22: the timeout's stopwatch emoji was a missing-glyph box in Debian's Chromium,
    which has no emoji font. Every symbol must be in an installed (default) font."""
    if not Path(CHROMIUM).exists() or shutil.which("fc-list") is None:
        _unavailable("Chromium and fontconfig (fc-list) are needed to know its fonts")
    missing = {
        f"U+{ord(c):04X} {c} ({where})"
        for c, where in _symbols_shown().items()
        if not subprocess.run(
            ["fc-list", f":charset={ord(c):x}", "family"], capture_output=True, text=True
        ).stdout.strip()
    }
    assert not missing, f"no installed font draws: {sorted(missing)}"


def test_a_russian_lesson_answers_in_russian(lab, page):
    """Issue 24: a wrong answer, a hint and a right one in the Russian edition, in Russian
    (every text expected is the Russian catalog's translation of the English message)."""
    try:
        _walk_through_russian_lesson_01(lab, page)
    except BaseException:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=ARTIFACTS / "ru-failure.png")
        raise


def _russian(message: str) -> str:
    found = translate(message, "ru")
    assert found != message, f"no Russian for {message!r}"
    return found


def _walk_through_russian_lesson_01(lab, page) -> None:
    from jaxtour.exercises import lesson01

    _open_and_run_all(page, lab, f"ru/{LESSON}", through="def odds_down(n):")
    check_label = re.compile(rf"^\s*{_russian('Check')}\s*$")
    cells = page.locator(f"{VISIBLE_NOTEBOOK} .jp-CodeCell")
    texts = cells.all_inner_texts()
    index = next(i for i, text in enumerate(texts) if "def odds_down(n):" in text)
    exercise, check_cell = cells.nth(index), cells.nth(index + 1)
    check_cell.locator("button.widget-button", has_text=check_label).wait_for(timeout=30_000)
    assert f"[{_russian('Not attempted')}]" in check_cell.inner_text()

    stops_early = next(m.message for m in lesson01.EXERCISES[0].mistakes if m.id == "stops-early")
    _replace_cell_source(page, exercise, "odds_down = lambda n: jnp.arange(n, 1, -2)")
    check_cell.locator("button.widget-button", has_text=check_label).click()
    # the message's opening words, before its first value (the variant's {after})
    opening = _russian(stops_early).split(":")[0].split("{")[0].strip()
    check_cell.get_by_text(opening).wait_for(timeout=15_000)
    hint = _russian("Hint")
    check_cell.locator("button.widget-button", has_text=re.compile(rf"^\s*{hint}\s*$")).click()
    first_hint = _russian("Hint {number} of {count} for {id}").format(
        number=1, count=len(lesson01.EXERCISES[0].hints), id="01.arange"
    )
    check_cell.get_by_text(first_hint).wait_for(timeout=15_000)
    _shot(page, check_cell, "ru-02-wrong-answer-and-hint")

    _replace_cell_source(page, exercise, "odds_down = lambda n: jnp.arange(n, 0, -2)")
    check_cell.locator("button.widget-button", has_text=check_label).click()
    check_cell.get_by_text(f"[{_russian('Correct')}] 01.arange").wait_for(timeout=15_000)
    shown = check_cell.inner_text()
    assert "[Correct]" not in shown and "Hint 1" not in shown, shown
    _shot(page, check_cell, "ru-03-right-answer")
