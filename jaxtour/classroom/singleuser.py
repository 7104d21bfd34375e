"""A student's server on the hub: copy the lessons in, then become jupyterhub-singleuser.

``c.Spawner.cmd = ["python3", "-m", "jaxtour.classroom.singleuser"]`` (the example
``classroom/jupyterhub_config.py``): in the student's home (the spawner's working
folder), ``workspace.sync`` copies every shipped lesson missing from ``jaxtour-lessons/``
(never overwriting a student's file, as ``jaxtour lab`` does), says on stderr what it
kept, then this process execs ``jupyterhub-singleuser`` with the spawner's arguments.
Needs only jaxtour and JupyterHub's single-user package in the students' environment;
a folder it cannot write is said and the server starts anyway.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from jaxtour.learner import workspace


def main(argv: list[str]) -> None:
    folder = Path(os.environ.get("JAXTOUR_WORKSPACE", workspace.DEFAULT_DIR))
    try:
        report = workspace.sync(folder)
        print(
            f"jaxtour: {len(report.copied)} lesson files copied into {report.folder.resolve()}, "
            f"{len(report.kept)} of the student's kept as they are",
            file=sys.stderr,
        )
    except workspace.WorkspaceError as error:
        print(f"jaxtour: the lessons were not copied: {error}", file=sys.stderr)
    # this environment's, whatever PATH says (the spawner's cmd named its python)
    beside = Path(sys.executable).parent / "jupyterhub-singleuser"
    command = str(beside) if beside.exists() else shutil.which("jupyterhub-singleuser")
    sys.stderr.flush()
    if command is None:
        os.execv(sys.executable, [sys.executable, "-m", "jupyterhub.singleuser", *argv])
    os.execv(command, [command, *argv])


if __name__ == "__main__":
    main(sys.argv[1:])
