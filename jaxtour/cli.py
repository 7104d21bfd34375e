"""The ``jaxtour`` command: lab, doctor, progress, reset.

The one place that wires the learner's tooling (``jaxtour/learner/``) to the exercise
registry, as ``checks`` does for notebooks.

Every failure a learner can fix prints one line starting with ``jaxtour:`` and exits
with status 2 (usage) or 1 (anything else), never a traceback.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import socket
import subprocess
import sys
from pathlib import Path

from jaxtour.learner import workspace

DEFAULT_PORT = 8888


class CommandError(Exception):
    """One line for the learner, and the exit status."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message)
        self.status = status


def _port_is_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def lab_command(folder: Path, port: int, open_browser: bool) -> list[str]:
    """The JupyterLab command line for ``folder``: localhost only, token auth on."""
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--ServerApp.root_dir={folder}",
    ]
    if not open_browser:
        command.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    return command


def cmd_lab(args: argparse.Namespace) -> int:
    if importlib.util.find_spec("jupyterlab") is None:
        raise CommandError(
            f"JupyterLab is not installed: {sys.executable} -m pip install jupyterlab"
        )
    if not 0 < args.port < 65536:
        raise CommandError(f"--port must be between 1 and 65535, not {args.port}", 2)
    if not _port_is_free(args.port):
        raise CommandError(f"port {args.port} is in use; pick another with --port")
    report = workspace.sync(Path(args.dir))
    folder = report.folder.resolve()
    if report.copied:
        print(f"jaxtour: copied {len(report.copied)} lesson files into {folder}")
    if report.kept:
        print(f"jaxtour: kept your {len(report.kept)} existing files in {folder} as they are")
    for name in report.stale:
        stem = name.removesuffix(".ipynb")
        print(
            f"jaxtour: a newer {name} ships with this jaxtour; your copy is unchanged. "
            f"`jaxtour reset {stem.split('_', 1)[0]} --dir {args.dir}` gets the new one "
            "(your file is backed up first)."
        )
    command = lab_command(folder, args.port, args.browser)
    print(f"jaxtour: starting JupyterLab on http://127.0.0.1:{args.port} (Ctrl+C stops it)")
    sys.stdout.flush()
    if args.dry_run:
        print(" ".join(command))
        return 0
    try:
        return subprocess.call(command)
    except KeyboardInterrupt:
        return 0


def cmd_doctor(args: argparse.Namespace) -> int:
    from jaxtour.learner import doctor

    lines, status = doctor.report()
    print("\n".join(lines))
    return status


def cmd_progress(args: argparse.Namespace) -> int:
    from jaxtour.exercises import ids_by_lesson
    from jaxtour.learner import progress_store

    rows = progress_store.by_lesson(ids_by_lesson())
    print(progress_store.table_text(rows))
    print(f"\n(from {progress_store.store_path()})")
    return 0


def cmd_reset(args: argparse.Namespace) -> int:
    fresh, backup = workspace.reset(Path(args.dir), args.lesson)
    if backup is not None:
        print(f"jaxtour: moved your {fresh.name} to {backup.name}")
    print(f"jaxtour: restored a fresh {fresh.name} in {fresh.parent}")
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="jaxtour", description="An interactive tour of JAX for NumPy users."
    )
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")

    lab = commands.add_parser("lab", help="copy the lessons into a workspace and open JupyterLab")
    lab.add_argument("dir", nargs="?", default=workspace.DEFAULT_DIR, help="the workspace folder")
    lab.add_argument("--port", type=int, default=DEFAULT_PORT)
    lab.add_argument("--no-browser", dest="browser", action="store_false")
    lab.add_argument("--dry-run", action="store_true", help="prepare, print the command, stop")
    lab.set_defaults(run=cmd_lab)

    doctor = commands.add_parser("doctor", help="versions, devices, and what to fix")
    doctor.set_defaults(run=cmd_doctor)

    progress = commands.add_parser("progress", help="exercises attempted and passed, per lesson")
    progress.set_defaults(run=cmd_progress)

    reset = commands.add_parser("reset", help="restore a fresh copy of one lesson")
    reset.add_argument("lesson", help='a lesson number or name, e.g. "03" or "03_grad"')
    reset.add_argument("--dir", default=workspace.DEFAULT_DIR, help="the workspace folder")
    reset.set_defaults(run=cmd_reset)
    return top


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.run(args)
    except (CommandError, workspace.WorkspaceError) as exc:
        print(f"jaxtour: {exc}", file=sys.stderr)
        return getattr(exc, "status", 1)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
