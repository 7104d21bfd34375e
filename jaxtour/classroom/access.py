"""Least privilege for the classroom service: it runs as its own unprivileged user, which
may read the students' stores and nothing else; the hub's database is its owner's alone.

- ``grant_store``: run by each student's server as it starts, as the student
  (``jaxtour.classroom.singleuser``, where the example ``jupyterhub_config.py`` names the
  service's user; the hub's pre-spawn hook came too early on TLJH, where the student's
  home is made at the start, and had root run setfacl in a folder a student controls;
  as root it still works, for a grant made by hand): creates the student's
  store folder if missing (owned by the student, mode 0700), and gives the service's user,
  by POSIX ACLs (``setfacl``, package ``acl``), ``x`` on every folder from the student's
  home down (pass through, never list) and ``r-x`` plus a default ``r`` on the store's
  folder, so the store SQLite creates there later is readable by it alone. A link or a
  folder not owned by the student on the way stops it: nothing is granted.
- ``private_database``: an existing hub database (SQLite) taken back to 0600; the example
  config also sets the hub's umask to 077, so a new one is created 0600 (a student's
  server inherits it: their files are their own; the store's folder's default ACL, not
  the umask, decides what the service may read there).
"""

from __future__ import annotations

import os
import stat
import subprocess
from pathlib import Path


class NotGranted(Exception):
    """The student's folders are not as expected; the message says which and why."""


def grant_store(store: Path, home: Path, service_user: str, setfacl: str = "setfacl") -> None:
    """``service_user`` may pass through ``home`` down to ``store``'s folder and read the
    store there (now and once created), nothing more. Run as the student (or root)."""
    info = os.lstat(home)
    if not stat.S_ISDIR(info.st_mode):
        raise NotGranted(f"{home} is not a folder")
    owner, group = info.st_uid, info.st_gid
    parts = store.parent.relative_to(home).parts
    folders = [home]
    for part in parts:
        folder = folders[-1] / part
        try:
            there = os.lstat(folder)
        except FileNotFoundError:
            os.mkdir(folder, 0o700)
            os.chown(folder, owner, group, follow_symlinks=False)
            there = os.lstat(folder)
        if not stat.S_ISDIR(there.st_mode) or there.st_uid != owner:
            raise NotGranted(f"{folder} is a link or not the student's own folder")
        folders.append(folder)
    entry = f"u:{service_user}"
    run = [setfacl, "-P"]  # -P: never follows a link
    for folder in folders[:-1]:
        subprocess.run([*run, "-m", f"{entry}:x", str(folder)], check=True)
    subprocess.run([*run, "-m", f"{entry}:rx,d:{entry}:r,d:m::r", str(folders[-1])], check=True)
    for name in (store.name, store.name + "-journal"):
        beside = folders[-1] / name
        if os.path.lexists(beside) and stat.S_ISREG(os.lstat(beside).st_mode):
            subprocess.run([*run, "-m", f"{entry}:r", str(beside)], check=True)


def private_database(db_url: str, folder: Path) -> Path | None:
    """The hub's database file for a ``sqlite:///`` URL (relative to ``folder``), set to
    0600 if it exists; None for another database, or none yet."""
    if not db_url.startswith("sqlite:///") or db_url == "sqlite:///:memory:":
        return None
    path = folder / db_url.removeprefix("sqlite:///")
    if not path.is_file() or path.is_symlink():
        return None
    os.chmod(path, 0o600)
    return path
