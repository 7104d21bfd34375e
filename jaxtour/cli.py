"""The ``jaxtour`` command: lab, doctor, progress, next, reset.

The one place that wires the learner's tooling (``jaxtour/learner/``) to the exercise
registry, as ``checks`` does for notebooks.

Every failure a learner can fix prints one line starting with ``jaxtour:`` and exits
with status 2 (usage) or 1 (anything else), never a traceback.

``jaxtour lab`` starts JupyterLab with lesson 00 open and nothing else in the way: the
server's log goes to ``<workspace>/.jaxtour-lab/jupyterlab.log`` (``--verbose`` shows it
instead), and once the server answers, the last line printed is lesson 00's URL with
its token. The token reaches JupyterLab through ``learner/lab_launch.py``, which keeps it
out of the environment that kernels and terminals inherit; the environment's ``bin``
folder comes first on their ``PATH``, so ``jaxtour`` works in a JupyterLab terminal.

The language: ``--lang ru`` on any command, else ``$JAXTOUR_LANG``, else the system
locale (``jaxtour.i18n``). Every command speaks it; ``jaxtour lab`` copies that
language's lessons (``workspace``: the Russian ones into the workspace's ``ru/``) and
opens its lesson 00, and falls back to the English lessons, saying so, where this
jaxtour has none in that language yet. ``jaxtour reset 03 --lang ru`` resets the Russian
copy. The classroom pages (``jaxtour.classroom``) stay English.

``jaxtour reset`` refuses while the lesson is open in a running Jupyter server
(``learner/lab_servers.py``): JupyterLab would save the open copy over the fresh one.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import errno
import http.client
import importlib.util
import io
import json
import math
import os
import re
import secrets
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import typing
import urllib.request
from pathlib import Path

from jaxtour import catalog, i18n
from jaxtour.i18n import N_, N_plural, _
from jaxtour.learner import lab_launch, lab_servers, workspace

DEFAULT_PORT = 8888
PORT_TRIES = 20  # without --port: 8888, 8889, ... 8907, the first one that is free
# Without --port, how many times JupyterLab is started when another program (not a
# jaxtour: those hold their ports) binds the port picked before JupyterLab does: each
# time on the next free port.
LAB_STARTS = 3
FIRST_LESSON = catalog.LESSONS[0].notebook  # 00_welcome.ipynb
# Kernels idle this long are shut down, even with their tab open (never while running
# code). Each lesson's kernel holds JAX, about 250 MB after one jitted call and far more
# in lesson 02, so a learner who leaves lessons open outgrows Binder's 1 to 2 GB within
# a few lessons. 20 minutes is longer than anyone reads between two cells of a lesson
# (the longest takes 30 minutes in all), so a lesson in use keeps its kernel. In a culled
# lesson's tab the next cell run starts a fresh kernel (tried in JupyterLab 4.6), and
# Run > Run All Above Selected Cell brings the state back. Binder: binder/postBuild.
CULL_AFTER_MINUTES = 20
# The longest idle time Jupyter's culler can count (its timedelta), in whole minutes.
MOST_CULL_AFTER_MINUTES = int(datetime.timedelta.max.total_seconds() // 60)
CULL_INTERVAL_S = 60
START_TIMEOUT_S = 90  # how long `jaxtour lab` waits for the server to answer
STOP_TIMEOUT_S = 15  # after Ctrl+C: how long JupyterLab gets to shut its kernels down
LOG_NAME = "jupyterlab-{port}.log"  # one per server: two on one folder never share one


def log_name(port: int) -> str:
    """The log of the server on ``port``: its own, as the port is (``choose_port``)."""
    return LOG_NAME.format(port=port)


# JupyterLab's defaults for this workspace (the learner's own Settings still win): no
# "Would you like to get notified about official Jupyter news?" pop-up over lesson 00,
# and no "a newer JupyterLab is available" (jaxtour pins the version it tests).
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension:notification": {
        "fetchNews": "false",
        "checkForUpdates": False,
    }
}


class CommandError(Exception):
    """One line for the learner, and the exit status."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message)
        self.status = status


class _Stop(Exception):
    """SIGTERM or SIGHUP reached ``jaxtour lab``: stop JupyterLab, then exit."""


class _PortTaken(Exception):
    """JupyterLab exited at its start because another program had bound its port."""


def _port_is_free(port: int) -> bool:
    """Whether JupyterLab could listen on 127.0.0.1:``port`` now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        if os.name == "posix":  # as the server binds: a port left in TIME_WAIT is free
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


_held: dict[int, typing.IO[str]] = {}  # port -> its lock, held until this process ends


def _hold(port: int) -> bool:
    """Claim ``port`` among this user's jaxtours: a lock held until this process ends,
    so that two ``jaxtour lab`` started at the same moment never pick the same port in
    the time between the check and JupyterLab's bind. False if another jaxtour has it.
    (Without ``fcntl``, on Windows, every port is claimed: the bind check is what there is.)"""
    if port in _held:
        return False  # this process has it already (for another server)
    try:
        import fcntl
    except ImportError:
        return True
    folder = Path(tempfile.gettempdir()) / f"jaxtour-ports-{os.getuid()}"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        handle = open(folder / f"{port}.lock", "a")  # noqa: SIM115 - held past this call
    except OSError:
        return True  # nowhere to keep locks: the bind check is what there is
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        return False
    _held[port] = handle
    return True


def _release_ports() -> None:
    """Give back every port claimed (tests; a process's end does it by itself)."""
    while _held:
        _held.popitem()[1].close()


def choose_port(requested: int | None, *, hold: bool = True, after: int | None = None) -> int:
    """``--port N`` exactly, or the first free port from 8888 on (or above ``after``);
    one-line errors. The port is held (``_hold``) until this process ends: another
    jaxtour picks the next. A dry run (``hold=False``) starts no server, so it claims
    nothing."""
    claim = _hold if hold else (lambda port: True)
    if requested is not None:
        if not 0 < requested < 65536:
            raise CommandError(
                _("--port must be between 1 and 65535, not {port}").format(port=requested), 2
            )
        if not (_port_is_free(requested) and claim(requested)):
            raise CommandError(
                _("port {port} is in use; pick another with --port").format(port=requested)
            )
        return requested
    first = DEFAULT_PORT if after is None else after + 1
    for port in range(first, DEFAULT_PORT + PORT_TRIES):
        if _port_is_free(port) and claim(port):
            return port
    last = DEFAULT_PORT + PORT_TRIES - 1
    raise CommandError(
        _("ports {first} to {last} are all in use; pick another with --port").format(
            first=DEFAULT_PORT, last=last
        )
    )


def _installed_app_settings_dir() -> Path | None:
    """JupyterLab's own app settings folder (``<prefix>/share/jupyter/lab/settings``).

    The rule of ``jupyterlab.commands.get_app_dir``, without importing it (seconds).
    """
    if os.environ.get("JUPYTERLAB_DIR"):
        return Path(os.environ["JUPYTERLAB_DIR"]).resolve() / "settings"
    spec = importlib.util.find_spec("jupyterlab")
    prefixes = [Path(sys.prefix), Path("/usr/local")]
    package = Path(spec.origin).absolute().parent if spec and spec.origin else None
    if package is not None and len(package.parents) > 3:
        # <prefix>/lib/python3.X/site-packages/jupyterlab: a venv, or a user install
        prefixes.insert(0, package.parents[3])
    for prefix in prefixes:
        app_dir = prefix / "share" / "jupyter" / "lab"
        if app_dir.is_dir():
            return app_dir / "settings"
    return None


def _read_settings_file(path: Path) -> dict:
    try:
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".json5":
            import json5  # a dependency of jupyterlab_server

            data = json5.loads(text)
        else:
            data = json.loads(text)
    except Exception:  # noqa: BLE001 - a broken file JupyterLab itself would skip
        return {}
    return data if isinstance(data, dict) else {}


def _write_if_changed(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` unless it holds them already (a full disk lets a later
    `jaxtour lab` start with the settings the first one wrote)."""
    try:
        if path.read_bytes() == data:
            return
    except OSError:
        pass
    path.write_bytes(data)


def lab_settings(folder: Path) -> Path:
    """The workspace's JupyterLab app settings folder, for ``--LabApp.app_settings_dir``.

    It holds the installation's own overrides (``overrides.d/``, ``overrides.json``) and
    page config, with ``LAB_SETTINGS`` on top. Defaults change for this server only:
    nothing global is written, and what the learner sets in Settings still wins.
    """
    target = workspace.lab_dir(folder) / "settings"
    installed = _installed_app_settings_dir()
    overrides: dict = {}
    if installed is not None:
        for path in [
            *sorted((installed / "overrides.d").glob("*.json*")),
            installed / "overrides.json",
            installed / "overrides.json5",
        ]:
            if path.suffix in (".json", ".json5") and path.is_file():
                for schema, values in _read_settings_file(path).items():
                    if isinstance(values, dict):
                        overrides.setdefault(schema, {}).update(values)
    for schema, values in LAB_SETTINGS.items():
        overrides.setdefault(schema, {}).update(values)
    try:
        target.mkdir(exist_ok=True)
        text = json.dumps(overrides, indent=1, sort_keys=True)
        _write_if_changed(target / "overrides.json", text.encode())
        for name in ("page_config.json", "page_config.json5"):
            source, copy = (installed / name if installed else None), target / name
            if source is not None and source.is_file():
                _write_if_changed(copy, source.read_bytes())
            else:
                copy.unlink(missing_ok=True)
    except OSError as exc:
        raise CommandError(
            _("cannot write to {folder}: {error}").format(folder=target, error=exc.strerror or exc)
        ) from None
    return target


def lab_command(
    folder: Path,
    port: int,
    open_browser: bool,
    settings: Path | None = None,
    cull_after_minutes: float = CULL_AFTER_MINUTES,
    first_lesson: str = FIRST_LESSON,
) -> list[str]:
    """The JupyterLab command line for ``folder``: localhost only, lesson 00 open.

    The token is not on it (other users of the machine can read a command line):
    ``lab_env`` passes it to ``lab_launch``, which keeps it from kernels and terminals.
    """
    cull_s = max(0, round(cull_after_minutes * 60))
    command = [
        sys.executable,
        "-m",
        "jaxtour.learner.lab_launch",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--ServerApp.root_dir={folder}",
        f"--LabApp.default_url=/lab/tree/{first_lesson}",
        f"--MappingKernelManager.cull_idle_timeout={cull_s}",
    ]
    if cull_s:
        command += [
            f"--MappingKernelManager.cull_interval={min(CULL_INTERVAL_S, cull_s)}",
            "--MappingKernelManager.cull_connected=True",  # a tab left open still counts
            "--MappingKernelManager.cull_busy=False",  # never a kernel that is running code
        ]
    if settings is not None:
        command.append(f"--LabApp.app_settings_dir={settings}")
    if not open_browser:
        command.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    return command


def lab_env(token: str, lang: str | None = None) -> dict[str, str]:
    """The server's environment: the token for ``lab_launch`` only (no ``JUPYTER_TOKEN``,
    which kernels and terminals would inherit), and this Python's ``bin`` folder first
    on ``PATH``, so a terminal in JupyterLab finds ``jaxtour`` and this ``python``.
    ``lang``: ``JAXTOUR_LANG`` for kernels and terminals (a lesson's own
    ``checks.use_language`` still decides its feedback)."""
    env = {**os.environ, lab_launch.TOKEN_VARIABLE: token}
    if lang is not None:
        env[i18n.ENV_LANG] = lang
    env.pop("JUPYTER_TOKEN", None)
    env.pop("JUPYTER_TOKEN_FILE", None)
    here = str(Path(sys.executable).parent)  # not resolved: a venv's bin is a link's folder
    rest = [part for part in env.get("PATH", "").split(os.pathsep) if part and part != here]
    env["PATH"] = os.pathsep.join([here, *rest])
    if not env.get("SHELL") and (shell := terminal_shell()):
        env["SHELL"] = shell  # JupyterLab's terminals run $SHELL, or else a bare ``sh``
    return env


def terminal_shell() -> str | None:
    """The shell for JupyterLab's terminals when ``SHELL`` is unset (as in many
    containers): the user's login shell, else ``bash``; ``None`` leaves JupyterLab's
    default, ``sh``, which has no history or completion."""
    try:
        import pwd

        login = pwd.getpwuid(os.getuid()).pw_shell
    except (ImportError, KeyError, OSError):
        login = ""
    if login and Path(login).name not in {"nologin", "false", "sh"} and os.access(login, os.X_OK):
        return login
    return shutil.which("bash")


def first_lesson(lang: str) -> str:
    """Lesson 00's path in the workspace for ``lang``: ``00_welcome.ipynb``, ``ru/00_…``."""
    return FIRST_LESSON if lang == i18n.DEFAULT else f"{lang}/{FIRST_LESSON}"


def lesson_url(port: int, token: str, lesson: str = FIRST_LESSON) -> str:
    return f"http://127.0.0.1:{port}/lab/tree/{lesson}?token={token}"


def _answers(port: int, token: str) -> bool:
    """True when our server (it knows the token) answers on ``port``."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/status", headers={"Authorization": f"token {token}"}
    )
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # never a proxy
    try:
        with opener.open(request, timeout=2) as response:
            return response.status == 200
    except (OSError, http.client.HTTPException):
        return False


def _wait_until_ready(server: subprocess.Popen, port: int, token: str, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            return False
        if _answers(port, token):
            return True
        time.sleep(0.2)
    return False


def _stop(server: subprocess.Popen) -> None:
    """SIGTERM: JupyterLab shuts its kernels down and exits; SIGKILL if it hangs."""
    if server.poll() is not None:
        return
    try:
        server.terminate()
        server.wait(STOP_TIMEOUT_S)
    except (subprocess.TimeoutExpired, KeyboardInterrupt, _Stop):
        server.kill()
        server.wait()


@contextlib.contextmanager
def _stop_on_signals():
    """SIGTERM and SIGHUP (a closed terminal) raise ``_Stop`` while JupyterLab runs."""

    def handler(signum, frame):
        raise _Stop

    names = ("SIGTERM", "SIGHUP")
    before = {}
    for name in names:
        if hasattr(signal, name):
            number = getattr(signal, name)
            before[number] = signal.signal(number, handler)
    try:
        yield
    finally:
        for number, previous in before.items():
            signal.signal(number, previous)


def _last_log_line(log: Path) -> str:
    """The log's last line without Jupyter's ``[E 2025-01-01 12:00:00.000 ServerApp]``."""
    try:
        lines = [line.strip() for line in log.read_text(errors="replace").splitlines()]
    except OSError:
        return ""
    lines = [line for line in lines if line]
    if not lines:
        return ""
    line = re.sub(r"^\[[A-Z] [^\]]*\]\s*", "", lines[-1])
    return line if len(line) <= 200 else line[:197] + "..."


def serve(
    command: list[str],
    env: dict[str, str],
    port: int,
    token: str,
    log: Path | None,
    cwd: Path | None = None,
    lesson: str = FIRST_LESSON,
    port_taken: bool = False,
) -> int:
    """Run JupyterLab until Ctrl+C; print lesson 00's URL once the server answers.

    ``log`` None: JupyterLab writes to this terminal (``--verbose``). ``cwd``: where the
    server runs, and so where its terminals open (the workspace, beside the lessons).
    ``port_taken``: a server that exits before it answers while another program has
    ``port`` raises ``_PortTaken`` (the caller starts one on another port).
    """
    where = _("(log: {log})").format(log=log) if log is not None else _("(see its output above)")
    with contextlib.ExitStack() as stack:
        try:
            output = stack.enter_context(open(log, "w")) if log is not None else None
            stack.enter_context(_stop_on_signals())
            server = subprocess.Popen(
                command,
                env=env,
                cwd=cwd,
                stdin=subprocess.DEVNULL,  # no "Shutdown this Jupyter server (y/[n])?"
                stdout=output,
                stderr=subprocess.STDOUT if output is not None else None,
                start_new_session=True,  # Ctrl+C reaches jaxtour only; jaxtour stops it
            )
        except OSError as exc:
            raise CommandError(
                _("cannot start JupyterLab: {error}").format(error=exc.strerror or exc)
            ) from None
        try:
            if not _wait_until_ready(server, port, token, START_TIMEOUT_S):
                status = server.poll()
                _stop(server)
                if status is not None and port_taken and not _port_is_free(port):
                    raise _PortTaken(port)
                if status is None:
                    raise CommandError(
                        _(
                            "JupyterLab did not answer on port {port} within {seconds} s, so "
                            "jaxtour stopped it {where}"
                        ).format(port=port, seconds=START_TIMEOUT_S, where=where)
                    )
                reason = _last_log_line(log) if log is not None else ""
                if reason:
                    message = _("JupyterLab did not start (exit status {status}): {reason} {where}")
                else:
                    message = _("JupyterLab did not start (exit status {status}) {where}")
                raise CommandError(message.format(status=status, reason=reason, where=where))
            url = lesson_url(port, token, lesson)
            print("jaxtour: " + _("lesson 00 is open at {url}").format(url=url), flush=True)
            status = server.wait()
        except (KeyboardInterrupt, _Stop):
            _stop(server)
            print("jaxtour: " + _("JupyterLab stopped"), flush=True)
            return 0
    if status != 0:
        raise CommandError(
            _("JupyterLab stopped with exit status {status} {where}").format(
                status=status, where=where
            )
        )
    print("jaxtour: " + _("JupyterLab stopped"), flush=True)
    return 0


def cmd_lab(args: argparse.Namespace) -> int:
    try:
        return _lab(args)
    finally:
        _release_ports()  # JupyterLab has stopped (or never started): the port is free


def _lab(args: argparse.Namespace) -> int:
    if importlib.util.find_spec("jupyterlab") is None:
        raise CommandError(
            _("JupyterLab is not installed: {command}").format(
                command=f"{sys.executable} -m pip install jupyterlab"
            )
        )
    if not math.isfinite(args.cull_after):
        raise CommandError(
            _("--cull-after must be a number of minutes (0 = never), not {value}").format(
                value=args.cull_after
            ),
            2,
        )
    if args.cull_after < 0:
        raise CommandError(
            _("--cull-after must be 0 (off) or more, not {value}").format(
                value=f"{args.cull_after:g}"
            ),
            2,
        )
    if args.cull_after > MOST_CULL_AFTER_MINUTES:  # its seconds would overflow the culler
        raise CommandError(
            _("--cull-after must be at most {most} minutes (0 = never), not {value}").format(
                most=MOST_CULL_AFTER_MINUTES, value=f"{args.cull_after:g}"
            ),
            2,
        )
    port = choose_port(args.port, hold=not args.dry_run)
    lang = getattr(args, "edition", None) or i18n.language()
    if lang != i18n.DEFAULT and not workspace.has_edition(lang):
        print(
            "jaxtour: "
            + _("this jaxtour has no lessons in {language} yet: opening the English ones").format(
                language=i18n.LANGUAGES[lang]
            )
        )
        lang = i18n.DEFAULT
    top = Path(args.dir)
    report = workspace.sync(top, lang)
    folder = report.folder.resolve()
    root = top.resolve()  # JupyterLab's root: every language's copies in reach
    say = lambda line: print("jaxtour: " + line)  # noqa: E731
    reset_lang = "" if lang == i18n.DEFAULT else f" --lang {lang}"
    if report.copied:
        say(
            _("copied {count} lesson files into {folder}").format(
                count=len(report.copied), folder=folder
            )
        )
    if report.kept:
        say(
            _("kept your {count} existing files in {folder} as they are").format(
                count=len(report.kept), folder=folder
            )
        )
    for name in report.blocked:
        say(_("{path} is a folder, not a lesson: move or rename it").format(path=folder / name))
    for name, why in report.broken:
        say(
            _(
                "your {name} cannot be opened as a notebook: {why}. {command} moves it to "
                "backups/ and restores a fresh copy."
            ).format(name=name, why=why, command=f"`{reset_command(name, args.dir)}{reset_lang}`")
        )
    for name in report.stale:
        if name in dict(report.broken):
            continue
        say(
            _(
                "a newer {name} ships with this jaxtour; your copy is unchanged. {command} gets "
                "the new one (your file is moved to backups/ first)."
            ).format(name=name, command=f"`{reset_command(name, args.dir)}{reset_lang}`")
        )
    from jaxtour.learner import doctor

    if doctor.tpu_present():  # checked without opening the chip, which the kernels need
        say("TPU: " + doctor.one_kernel_per_tpu())
    settings = lab_settings(root)
    lesson = first_lesson(lang)
    command = lab_command(root, port, args.browser, settings, args.cull_after, lesson)
    token = secrets.token_hex(24)
    url = f"http://127.0.0.1:{port}"
    busy = DEFAULT_PORT
    moved = args.port is None and port != DEFAULT_PORT
    if args.dry_run:
        if moved:
            line = _("would start JupyterLab on {url} (port {busy} is in use; dry run)")
        else:
            line = _("would start JupyterLab on {url} (dry run)")
        say(line.format(url=url, busy=DEFAULT_PORT))
        say(_("lesson 00 would open: {lesson}").format(lesson=root / lesson))
        print(shlex.join([f"{lab_launch.TOKEN_VARIABLE}={token}", *command]))
        return 0
    starts = 1 if args.port is not None else LAB_STARTS  # --port N means that port
    for start in range(1, starts + 1):
        if moved:
            line = _("starting JupyterLab on {url} (port {busy} is in use; Ctrl+C stops it)")
        else:
            line = _("starting JupyterLab on {url} (Ctrl+C stops it)")
        say(line.format(url=url, busy=busy))
        sys.stdout.flush()
        log = None if args.verbose else workspace.lab_dir(root) / log_name(port)
        try:
            return serve(
                command,
                lab_env(token, lang),
                port,
                token,
                log,
                cwd=root,
                lesson=lesson,
                port_taken=start < starts,
            )
        except _PortTaken:
            # Another program bound the port between the check and JupyterLab's bind:
            # the next free one (its log stays, naming the port in use).
            busy, moved = port, True
            port = choose_port(None, after=port)
            command = lab_command(root, port, args.browser, settings, args.cull_after, lesson)
            url = f"http://127.0.0.1:{port}"
    raise AssertionError("unreachable: the last start raises no _PortTaken")


def cmd_doctor(args: argparse.Namespace) -> int:
    from jaxtour.learner import doctor

    lines, status = doctor.report()
    print("\n".join(lines))
    return status


_literal_exercise_ids = catalog.literal_exercise_ids


def declared_exercise_ids() -> dict[str, list[str]]:
    """Lesson stem -> its exercise ids, as ``jaxtour.exercises.ids_by_lesson`` gives them,
    read from each lesson module's source (``catalog.declared_exercise_ids``), so that
    ``jaxtour progress`` imports neither the exercises nor NumPy or JAX. A module
    declared another way is imported after all."""
    table = catalog.declared_exercise_ids()
    if table is None:
        from jaxtour.exercises import ids_by_lesson

        return ids_by_lesson()
    return table


def cmd_progress(args: argparse.Namespace) -> int:
    from jaxtour.learner import progress_store, progress_view

    try:
        ids = declared_exercise_ids()
        if args.format == "bars":
            text = progress_view.progress_view(ids, args.lesson).text()
            if not _encodes(progress_view.GLYPHS, sys.stdout):
                text = progress_view.plain(text)  # cp1252, ASCII: no bar characters there
            print(text)
            return 0
        if args.lesson is not None:
            stem = catalog.find(args.lesson).stem
            ids = {stem: ids.get(stem, [])}
        from jaxtour.learner import review

        reviews = review.reviews(ids, progress_store.history())
        rows = progress_view.exercise_rows(ids, progress_store.read(), reviews, review.now())
        if args.lesson is not None:
            rows = [row for row in rows if row["lesson"] == stem]
        write = progress_view.rows_json if args.format == "json" else progress_view.rows_csv
        sys.stdout.write(write(rows) + ("\n" if args.format == "json" else ""))
    except progress_store.StoreProblem as exc:
        raise CommandError(str(exc)) from None
    return 0


def lab_url(folder: Path, relative: str) -> str | None:
    """The URL of ``relative`` (a lesson copy, ``03_grad.ipynb`` or ``ru/03_grad.ipynb``)
    in a running Jupyter server whose root holds it: the workspace ``folder``'s copy, or
    the server's own; None when no running server has it."""
    from urllib.parse import quote

    for server in lab_servers.running_servers():
        root = server.root.expanduser().resolve()
        for candidate in ((folder / relative).resolve(), root / relative):
            try:
                inside = candidate.relative_to(root)
            except ValueError:
                continue
            if candidate.is_file():
                token = f"?token={server.token}" if server.token else ""
                base = server.url if server.url.endswith("/") else server.url + "/"
                return f"{base}lab/tree/{quote(inside.as_posix())}{token}"
    return None


def cmd_next(args: argparse.Namespace) -> int:
    from jaxtour.learner import progress_store, review

    now = review.now()
    try:
        ids = declared_exercise_ids()
        steps = review.plan(ids, progress_store.history(), now)
        if not steps:
            reviews = review.reviews(ids, progress_store.history())
    except progress_store.StoreProblem as exc:
        raise CommandError(str(exc)) from None
    say = lambda line: print("jaxtour: " + line)  # noqa: E731
    if not steps:
        say(review.nothing_left(reviews, now))
        return 0
    step = steps[0]
    lang = i18n.language()
    if lang != i18n.DEFAULT and not workspace.has_edition(lang):
        lang = i18n.DEFAULT  # as `jaxtour lab` does: the English lessons
    notebook = catalog.find(step.lesson).notebook
    relative = notebook if lang == i18n.DEFAULT else f"{lang}/{notebook}"
    say(review.why(step, now))
    say(review.where(step, relative))
    if step.kind == "review":  # a review comes as a fresh variant (imports the exercises)
        from jaxtour import checks

        fresh = checks.review_variant(step.exercise)
        if fresh:
            say(fresh)
    url = lab_url(Path(args.dir), relative)
    if url is not None:
        say(_("JupyterLab is running: open {url}").format(url=url))
    else:
        command = "jaxtour lab"
        if args.dir != workspace.default_dir():
            command += " " + shlex.quote(args.dir)
        if lang != i18n.DEFAULT:
            command += f" --lang {lang}"
        say(
            _("To open it: {command}, then {notebook} in JupyterLab's file browser.").format(
                command=f"`{command}`", notebook=relative
            )
        )
    more = review.more_due(steps)
    if more:
        say(more)
    return 0


def _speaks_english_instead(lang: str) -> bool:
    """Where stdout or stderr cannot write ``lang``'s letters (``PYTHONIOENCODING=ascii``,
    a Latin-1 locale), jaxtour's own messages are English, so that they are read and not
    seen as ``\\u0430`` escapes or question marks; one English line on stderr says why and
    how to get them in ``lang``. The lessons' language stays ``lang``. True if so."""
    if lang == i18n.DEFAULT:
        return False
    letters = i18n.LANGUAGES[lang]  # its own name, in its own letters: "Русский"
    lacking = [s for s in (sys.stderr, sys.stdout) if not _encodes(letters, s)]
    if not lacking:
        return False
    i18n.use_language(i18n.DEFAULT)
    encoding = getattr(lacking[0], "encoding", None) or "?"
    print(
        f"jaxtour: this terminal's encoding ({encoding}) has no {LANGUAGE_NAMES[lang]} "
        "letters, so jaxtour speaks English here; for "
        f"{LANGUAGE_NAMES[lang]}, use a UTF-8 locale (LANG=C.UTF-8) or PYTHONIOENCODING=utf-8.",
        file=sys.stderr,
    )
    return True


LANGUAGE_NAMES = {"ru": "Russian"}  # each language's English name, for that line


def _encodes(text: str, stream: typing.TextIO) -> bool:
    """Whether ``stream`` can write ``text`` in its encoding."""
    try:
        text.encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _output_gone() -> None:
    """The reader of stdout has gone (``| head -1``, ``| true``): what is left to write
    goes nowhere, so that Python's own flush at exit raises nothing either."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def reset_command(notebook: str, folder: str) -> str:
    """The ``jaxtour reset`` line for one lesson of the workspace ``folder``, quoted."""
    number = notebook.split("_", 1)[0]
    # One word, "--dir=PATH", quoted whole: a folder that starts with "-" is not taken for
    # an option, and one with spaces or quotes pastes as it is.
    where = "" if folder == workspace.default_dir() else " " + shlex.quote(f"--dir={folder}")
    return f"jaxtour reset {number}{where}"


def cmd_reset(args: argparse.Namespace) -> int:
    lang = args.lang or i18n.DEFAULT  # the copies reset: English unless --lang names one
    target = workspace.lesson_copy(Path(args.dir), args.lesson, lang)
    again = reset_command(target.name, args.dir) + (
        "" if lang == i18n.DEFAULT else f" --lang {lang}"
    )
    if target.exists():
        answer = lab_servers.where_open(target)
        if answer.open_in:
            raise CommandError(
                _(
                    "{name} is open in JupyterLab ({where}): save it there (File > Save "
                    "Notebook), close it with File > Close and Shut Down Notebook, then run "
                    "{command} again. Nothing was changed."
                ).format(name=target.name, where=answer.open_in[0], command=f"`{again}`")
            )
        for url in answer.unasked:
            print(
                "jaxtour: "
                + _(
                    "the Jupyter server at {url} did not say whether {name} is open in it; if "
                    "it is, close it without saving, or it will save the old copy over the "
                    "fresh one"
                ).format(url=url, name=target.name),
                file=sys.stderr,
            )
    report = workspace.reset(Path(args.dir), target.name, lang)
    fresh = report.fresh
    if report.unchanged:
        print(
            "jaxtour: "
            + _("your {name} is the shipped lesson as it is: nothing to do").format(name=fresh.name)
        )
        return 0
    if report.backup is not None:
        print(
            "jaxtour: "
            + _("moved your {name} to {backup}").format(
                name=fresh.name, backup=report.backup.relative_to(fresh.parent)
            )
        )
    print(
        "jaxtour: "
        + _("restored a fresh {name} in {folder}").format(name=fresh.name, folder=fresh.parent)
    )
    return 0


def _minutes(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a number of minutes: {text}").format(text=repr(text))
        ) from None


def _port(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a port number: {text}").format(text=repr(text))
        ) from None


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's help, its "usage: " in the language in use."""

    def add_usage(self, usage, actions, groups, prefix=None):
        return super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


class _Parser(argparse.ArgumentParser):
    """Usage errors in one line, as every other error: ``jaxtour: ...``, status 2. The
    help's own words (usage, the section titles, -h) in the language in use."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", _HelpFormatter)
        add_help, parents = kwargs.pop("add_help", True), kwargs.pop("parents", [])
        super().__init__(*args, add_help=False, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        if add_help:
            self.add_argument(
                "-h", "--help", action="help", help=_("show this help message and exit")
            )
        for parent in parents:  # after -h, as argparse itself orders them
            self._add_container_actions(parent)
            defaults = getattr(parent, "_defaults", {})
            self._defaults.update(defaults)

    def error(self, message: str) -> typing.NoReturn:
        line = _("{message} (see {help})").format(message=message, help=f"`{self.prog} --help`")
        self.exit(2, f"jaxtour: {line}\n")


# argparse's own messages that a typo in a command line shows (a wrong command or option,
# a missing or extra argument, a value of the wrong kind), marked so the catalogs hold
# them. argparse looks each up through its module's ``_`` and ``ngettext`` (gettext's,
# reading no jaxtour catalog): ``_argparse_speaking`` points those at jaxtour's while a
# command line is parsed. A Python whose argparse words one differently shows it in English.
ARGPARSE_MESSAGES = (
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_plural("expected %s argument", "expected %s arguments"),
)


@contextlib.contextmanager
def _argparse_speaking() -> typing.Iterator[None]:
    """argparse's messages in the language in use, for the body (put back after)."""
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._, argparse.ngettext = i18n._, i18n.ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


def _language(text: str) -> str:
    found = i18n.supported(text)
    if found is None:
        choices = ", ".join(i18n.LANGUAGES)
        raise argparse.ArgumentTypeError(
            _("not a language jaxtour speaks: {text} (choose from {choices})").format(
                text=repr(text), choices=choices
            )
        )
    return found


def language_in(argv: list[str]) -> str | None:
    """The language ``--lang X`` (or ``--lang=X``) names in ``argv``, read before parsing
    so that the help and the usage errors speak it too."""
    for index, word in enumerate(argv):
        if word == "--lang" and index + 1 < len(argv):
            return i18n.supported(argv[index + 1])
        if word.startswith("--lang="):
            return i18n.supported(word.split("=", 1)[1])
    return None


def parser() -> argparse.ArgumentParser:
    top = _Parser(prog="jaxtour", description=_("An interactive tour of JAX for NumPy users."))
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    speaking = argparse.ArgumentParser(add_help=False)
    speaking.add_argument(
        "--lang",
        type=_language,
        default=None,
        metavar="LANG",
        help=_(
            "the language: {choices} (default: $JAXTOUR_LANG, else the system's language)"
        ).format(choices=", ".join(i18n.LANGUAGES)),
    )
    # Before the command too (`jaxtour --lang ru progress`), as the help is asked for:
    # its own name, so that a command's default None does not overwrite it.
    top.add_argument(
        "--lang",
        dest="lang_first",
        type=_language,
        default=None,
        metavar="LANG",
        help=speaking._actions[0].help,
    )

    lab = commands.add_parser(
        "lab",
        parents=[speaking],
        help=_("copy the lessons into a workspace and open JupyterLab"),
    )
    lab.add_argument(
        "dir", nargs="?", default=workspace.default_dir(), help=_("the workspace folder")
    )
    lab.add_argument(
        "--port",
        type=_port,
        default=None,
        help=_("this port or fail (default: {port}, or the next free one)").format(
            port=DEFAULT_PORT
        ),
    )
    lab.add_argument("--no-browser", dest="browser", action="store_false")
    lab.add_argument(
        "--cull-after",
        type=_minutes,
        default=CULL_AFTER_MINUTES,
        metavar="MINUTES",
        help=_(
            "shut down kernels idle this long, to free memory; 0 = never (default: {minutes})"
        ).format(minutes=CULL_AFTER_MINUTES),
    )
    lab.add_argument(
        "--verbose",
        action="store_true",
        help=_("show JupyterLab's log here (otherwise it goes to {log})").format(
            log=f"DIR/{workspace.LAB_DIR}/{LOG_NAME.format(port='PORT')}"
        ),
    )
    lab.add_argument("--dry-run", action="store_true", help=_("prepare, print the command, stop"))
    lab.set_defaults(run=cmd_lab)

    doctor = commands.add_parser(
        "doctor", parents=[speaking], help=_("versions, devices, and what to fix")
    )
    doctor.set_defaults(run=cmd_doctor)

    progress = commands.add_parser(
        "progress",
        parents=[speaking],
        help=_("exercises passed, per lesson, as bars (or --json, --csv)"),
    )
    progress.add_argument(
        "lesson",
        nargs="?",
        help=_('also list one lesson\'s exercises, e.g. "03"'),
    )
    table = progress.add_mutually_exclusive_group()
    formats = _("one row per exercise (columns: {columns})").format(
        columns="jaxtour.learner.progress_view.COLUMNS"
    )
    table.add_argument(
        "--json", dest="format", action="store_const", const="json", help=f"JSON, {formats}"
    )
    table.add_argument(
        "--csv", dest="format", action="store_const", const="csv", help=f"CSV, {formats}"
    )
    progress.set_defaults(format="bars")
    progress.set_defaults(run=cmd_progress)

    following = commands.add_parser(
        "next",
        parents=[speaking],
        help=_("the next exercise to do: the first unfinished one, or one due for review"),
    )
    following.add_argument("--dir", default=workspace.default_dir(), help=_("the workspace folder"))
    following.set_defaults(run=cmd_next)

    reset = commands.add_parser(
        "reset", parents=[speaking], help=_("restore a fresh copy of one lesson")
    )
    reset.add_argument(
        "lesson",
        help=_('a lesson number or name, e.g. "03" or "03_grad"'),
    )
    reset.add_argument("--dir", default=workspace.default_dir(), help=_("the workspace folder"))
    reset.set_defaults(run=cmd_reset)
    return top


_FULL = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    for name in ("stdout", "stderr"):  # closed (`>&-`): what it would say goes nowhere
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115
    for stream in (sys.stdout, sys.stderr):  # a character the encoding lacks: "?"
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")
    early = language_in(argv)
    if early is not None:
        i18n.use_language(early)
    edition = i18n.language()  # the lessons' language: a terminal cannot change it
    english = _speaks_english_instead(edition)
    with _argparse_speaking():
        args = parser().parse_args(argv)
    args.lang = getattr(args, "lang", None) or args.lang_first
    args.edition = args.lang or edition
    if args.lang and not english:
        i18n.use_language(args.lang)
    try:
        status = args.run(args)
        sys.stdout.flush()  # here, where a closed pipe is caught, not at exit
        return status
    except BrokenPipeError:
        _output_gone()
        return 141  # as a command ended by SIGPIPE: the reader wanted no more
    except OSError as exc:
        if exc.errno not in _FULL or exc.filename is not None:
            raise
        # the output's disk is full (`> /dev/full`), over quota, or failing: the system's
        # own words, one line, instead of a traceback
        _output_gone()
        print(f"jaxtour: {os.strerror(exc.errno)}", file=sys.stderr)
        return 1
    except (CommandError, workspace.WorkspaceError, catalog.UnknownLesson) as exc:
        print(f"jaxtour: {exc}", file=sys.stderr)
        return getattr(exc, "status", 1)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
