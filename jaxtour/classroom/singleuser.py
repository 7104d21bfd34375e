"""A student's server on the hub: copy the lessons in, then become jupyterhub-singleuser.

``c.Spawner.cmd = ["python3", "-m", "jaxtour.classroom.singleuser"]`` (the example
``classroom/jupyterhub_config.py``): in the student's home (the spawner's working
folder), ``workspace.sync`` copies every shipped lesson missing from ``jaxtour-lessons/``
(never overwriting a student's file, as ``jaxtour lab`` does), says on stderr what it
kept, then this process execs ``jupyterhub-singleuser`` with the spawner's arguments.
Needs only jaxtour and JupyterHub's single-user package in the students' environment;
a folder it cannot write is said and the server starts anyway.

First, where the hub names the classroom service's system user (``JAXTOUR_CLASSROOM_USER``
in the server's environment: the example config sets it when the service runs as that
user), the student's server grants it, as the student, the ACLs ``access.grant_store``
describes on the student's own folders: pass through the home down to the progress
store's folder, read the store there. Made here, not by the hub before the spawn, it
takes effect at a student's first server start on TLJH too (whose spawner creates the
student's system user and home after the hub's pre-spawn hook), and root never runs
setfacl in a folder a student controls: the student can grant only on what is theirs.
A grant that fails is said on stderr (the server's log) and the server starts anyway.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from jaxtour.classroom import access
from jaxtour.learner import progress_store, workspace

SERVICE_USER_VARIABLE = "JAXTOUR_CLASSROOM_USER"


def grant_the_classroom(setfacl: str = "setfacl") -> None:
    """The classroom service's user may read this student's store (the module's doc)."""
    service_user = os.environ.get(SERVICE_USER_VARIABLE)
    if not service_user:
        return
    store = progress_store.store_path()
    try:
        access.grant_store(store, Path.home(), service_user, setfacl=setfacl)
    except (ValueError, OSError, access.NotGranted, subprocess.SubprocessError) as error:
        print(
            f"jaxtour: the classroom service ({service_user}) cannot read {store}: {error}",
            file=sys.stderr,
        )


def main(argv: list[str]) -> None:
    grant_the_classroom()
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
