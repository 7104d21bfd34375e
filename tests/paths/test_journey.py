"""The learner's journey in a real browser, from the command a learner types.

`jaxtour lab` on a fresh workspace, its printed URL opened in headless Chromium: lesson 00
is the open tab; it runs at 800 px wide in the dark theme (screenshots under
artifacts/browser/); a terminal runs `jaxtour progress`, and `jaxtour reset` refuses
while the lesson holds unsaved work; each lesson's next-lesson link leads to the next
one, and the last back to the start; the kernels the walk started are culled after a
short idle time.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from jaxtour import catalog
from tests.helpers import with_ctrl_c
from tests.paths.test_browser import (
    ARTIFACTS,
    CHECK_LABEL,
    POLL_MS,
    VISIBLE_NOTEBOOK,
    _free_port,
    browser,
    page,
)

pytestmark = [pytest.mark.slow, pytest.mark.browser]
__all__ = ["browser", "page"]  # the Chromium fixtures, shared with test_browser

CULL_MINUTES = 1.0  # 60 s idle, checked every 60 s: the walk and the run fit inside
URL_LINE = re.compile(r"lesson 00 is open at (\S+)")


def _kernel_rss_mib(kernel_ids: list[str]) -> float:
    """Resident memory of the kernel processes, found by their connection file names."""
    total = 0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes().decode(errors="replace")
            if not any(f"kernel-{k}.json" in cmdline for k in kernel_ids):
                continue
            status = (proc / "status").read_text()
        except OSError:
            continue
        total += int(re.search(r"VmRSS:\s+(\d+)", status).group(1))
    return total / 1024


@pytest.fixture
def jaxtour_lab(tmp_path):
    """`jaxtour lab` as a learner starts it; yields the URL it printed and the server's base."""
    settings = tmp_path / "user-settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True)
    (settings / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    env = dict(
        os.environ,
        JAX_PLATFORMS="cpu",
        JUPYTERLAB_SETTINGS_DIR=str(tmp_path / "user-settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(tmp_path / "workspaces"),
        JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
    )
    command = [
        sys.executable, "-m", "jaxtour.cli", "lab", str(tmp_path / "ws"), "--no-browser",
        "--port", str(_free_port()), "--cull-after", str(CULL_MINUTES),
    ]  # fmt: skip
    server = subprocess.Popen(
        with_ctrl_c(command), env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True, start_new_session=True,
    )  # fmt: skip
    try:
        deadline, url = time.monotonic() + 120, None
        for line in server.stdout:
            found = URL_LINE.search(line)
            if found:
                url = found.group(1)
                break
            if time.monotonic() > deadline:
                break
        if url is None:
            pytest.fail("jaxtour lab printed no URL for lesson 00")
        base = url.split("/lab/")[0]
        token = url.split("token=")[1]
        yield {"url": url, "base": base, "token": token, "ws": tmp_path / "ws"}
    finally:
        os.killpg(server.pid, signal.SIGINT)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)


def _active_tab(page) -> str:
    return page.locator(".jp-mod-current.lm-TabBar-tab .lm-TabBar-tabLabel").first.inner_text()


def _wait_for_tab(page, notebook: str) -> None:
    page.wait_for_function(
        """(name) => [...document.querySelectorAll('.jp-mod-current.lm-TabBar-tab')]
                .some(t => t.textContent.trim() === name)""",
        arg=notebook,
        polling=POLL_MS,
        timeout=60_000,
    )
    page.wait_for_selector(f"{VISIBLE_NOTEBOOK} .jp-CodeCell", timeout=60_000)


def _kernels(lab) -> list[str]:
    with urllib.request.urlopen(f"{lab['base']}/api/kernels?token={lab['token']}") as reply:
        return [kernel["id"] for kernel in json.load(reply)]


def _kernels_now(lab) -> list[str]:
    """The kernels running, asked during the walk: the server answered 500 once while
    kernels were starting and being culled (a fresh-clone run under load), so ask again."""
    for attempt in range(5):
        try:
            return _kernels(lab)
        except urllib.error.HTTPError:
            if attempt == 4:
                raise
            time.sleep(1)
    return []


def _shot(page, name: str, locator=None) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    (locator or page).screenshot(path=path)
    print(f"screenshot: {path}")


def test_from_jaxtour_lab_through_every_lesson_and_back(jaxtour_lab, page):
    try:
        _journey(jaxtour_lab, page)
    except BaseException:
        _shot(page, "journey-failure")
        raise


UNSAVED = "# my answer, typed and not saved"


def _terminal_and_reset_with_the_lesson_open(lab, page) -> None:
    """What lesson 00 tells a learner to do in a terminal: `jaxtour progress` works there,
    and `jaxtour reset` refuses while the lesson is open, so typed work stays."""
    editor = page.locator(f"{VISIBLE_NOTEBOOK} .jp-CodeCell .cm-content").last
    editor.click()
    page.keyboard.press("Control+End")
    page.keyboard.type("\n" + UNSAVED)
    page.keyboard.press("Control+Shift+c")
    page.keyboard.type("New Terminal")
    page.keyboard.press("Enter")
    terminal = page.locator(".jp-Terminal").last
    terminal.wait_for(timeout=30_000)
    terminal.click()
    ws = lab["ws"]
    page.keyboard.type(
        "jaxtour progress > progress-seen.txt 2>&1; echo rc=$? >> progress-seen.txt; "
        "jaxtour reset 00 > reset-seen.txt 2>&1; echo rc=$? >> reset-seen.txt\n"
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and "rc=" not in _read(ws / "reset-seen.txt"):
        time.sleep(0.5)
    _shot(page, "journey-terminal")
    progress, reset = _read(ws / "progress-seen.txt"), _read(ws / "reset-seen.txt")
    assert progress.endswith("rc=0\n") and "00" in progress and "Traceback" not in progress
    assert reset.endswith("rc=1\n") and "is open in JupyterLab" in reset, reset
    assert not (ws / "backups").exists()
    page.locator(".lm-TabBar-tab", has_text=catalog.LESSONS[0].notebook).first.click()
    assert UNSAVED in page.locator(f"{VISIBLE_NOTEBOOK}").inner_text()


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8") if path.exists() else ""


def _journey(lab, page) -> None:
    page.goto(lab["url"])
    first = catalog.LESSONS[0].notebook
    _wait_for_tab(page, first)
    assert _active_tab(page) == first
    _shot(page, "journey-00-landing")

    # Lesson 00 at 800 px in the dark theme, run while its kernel is fresh: under load the
    # walk outlasts the idle time, and a kernel culled meanwhile left no restart to confirm
    # (the fresh-clone run of 2026-12-07 waited for that dialog, and failed). Then a check
    # and a hint, and the terminal.
    page.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"\|\s*Idle")).first.wait_for(
        timeout=90_000
    )
    page.set_viewport_size({"width": 800, "height": 900})
    page.keyboard.press("Control+Shift+c")
    page.keyboard.type("Use Theme: JupyterLab Dark")
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-jp-theme-light='false']", state="attached", timeout=30_000)
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Kernel$")).click()
    page.locator(".lm-Menu-itemLabel", has_text="Restart Kernel and Run All Cells").click()
    page.locator(".jp-Dialog-button.jp-mod-accept").click()
    check = page.locator(f"{VISIBLE_NOTEBOOK} button.widget-button", has_text=CHECK_LABEL).first
    check.wait_for(timeout=90_000)
    panel = page.locator(f"{VISIBLE_NOTEBOOK} .jaxtour-panel").first
    panel.locator("button.widget-button", has_text="Hint").click()
    panel.get_by_text("Hint 1 of").wait_for(timeout=15_000)
    check.click()
    panel.get_by_text("[Not attempted]").wait_for(timeout=15_000)
    _shot(page, "journey-800px-dark-panel", panel)
    _shot(page, "journey-800px-dark-page")
    widths = panel.evaluate(
        "p => [...p.querySelectorAll('button')].map(b => b.scrollWidth <= b.clientWidth + 1)"
    )
    assert all(widths), "a button's label is cut at 800 px"
    _terminal_and_reset_with_the_lesson_open(lab, page)
    page.set_viewport_size({"width": 1400, "height": 1000})  # the page fixture's, for the walk

    # Follow each lesson's next-lesson link to the end, then the last one's link back. The
    # kernels are counted as the walk goes: under load the walk outlasts the idle time, and
    # the culler may stop the first lessons' kernels before it ends (a flaky count before).
    started = set(_kernels_now(lab))
    for lesson, after in zip(
        catalog.LESSONS, catalog.LESSONS[1:] + catalog.LESSONS[:1], strict=True
    ):
        # The generated link names the lesson: "01 · Use jnp as a drop-in NumPy".
        link = page.locator(
            f"{VISIBLE_NOTEBOOK} .jp-MarkdownOutput a", has_text=f"{after.number} · "
        ).last
        link.scroll_into_view_if_needed()
        link.click()
        _wait_for_tab(page, after.notebook)
        assert _active_tab(page) == after.notebook, f"{lesson.notebook}'s link"
        started.update(_kernels_now(lab))

    # Every lesson the walk opened started a kernel (the last ones may still be starting
    # when their tab shows: each is asked for again until all are seen); idle ones are culled.
    deadline = time.monotonic() + 60
    while len(started) < len(catalog.LESSONS) and time.monotonic() < deadline:
        time.sleep(1)
        started.update(_kernels_now(lab))
    assert len(started) == len(catalog.LESSONS), sorted(started)
    opened = _kernels(lab)
    before_mib = _kernel_rss_mib(opened)

    deadline = time.monotonic() + 4 * CULL_MINUTES * 60 + 30
    while len(_kernels(lab)) > 1 and time.monotonic() < deadline:
        time.sleep(2)
    left = _kernels(lab)
    after_mib = _kernel_rss_mib(left)
    print(
        f"kernels the walk started: {len(started)}, alive after it {len(opened)} "
        f"({before_mib:.0f} MiB); "
        f"after {CULL_MINUTES * 60:.0f} s idle culling: {len(left)} ({after_mib:.0f} MiB)"
    )
    assert len(left) <= 1, f"{len(left)} kernels still running after culling"
