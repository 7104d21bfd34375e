"""Which running Jupyter servers have a notebook open, so ``reset`` never races one.

Every Jupyter server writes ``jpserver-<pid>.json`` (its URL, token and root folder,
readable by its user only) into Jupyter's runtime folder while it runs; its REST API
``GET /api/sessions`` lists the open notebooks, each with a kernel, by their path
relative to that root. A tab closed with its kernel left running still counts: the
session stays until the kernel is shut down (by the learner, or culled when idle).
"""

from __future__ import annotations

import http.client
import json
import os
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ASK_TIMEOUT_S = 3


@dataclass(frozen=True)
class Server:
    url: str  # e.g. http://127.0.0.1:8888/ (its base URL, no token)
    token: str
    root: Path
    pid: int


def runtime_dir() -> Path | None:
    """Jupyter's runtime folder (``JUPYTER_RUNTIME_DIR`` or the platform's default)."""
    try:
        from jupyter_core.paths import jupyter_runtime_dir
    except ImportError:  # no Jupyter here, so no Jupyter server either
        return None
    return Path(jupyter_runtime_dir())


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True  # someone's process; its URL will say whether it is a server
    return True


def running_servers(folder: Path | None = None) -> list[Server]:
    """The servers whose runtime file is in ``folder`` (default: Jupyter's) and whose
    process is alive."""
    folder = runtime_dir() if folder is None else folder
    if folder is None or not folder.is_dir():
        return []
    servers = []
    for path in sorted(folder.glob("jpserver-*.json")):
        try:
            info = json.loads(path.read_text(encoding="utf-8"))
            server = Server(
                str(info["url"]), str(info.get("token") or ""), Path(info["root_dir"]), info["pid"]
            )
        except (OSError, ValueError, KeyError, TypeError):
            continue  # being written, or not a server's
        if isinstance(server.pid, int) and _alive(server.pid):
            servers.append(server)
    return servers


def _open_paths(server: Server) -> list[str] | None:
    """The paths of the notebooks open in ``server``; None when it does not answer."""
    url = server.url if server.url.endswith("/") else server.url + "/"
    headers = {"Authorization": f"token {server.token}"} if server.token else {}
    request = urllib.request.Request(url + "api/sessions", headers=headers)
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # never a proxy
    try:
        with opener.open(request, timeout=ASK_TIMEOUT_S) as response:
            sessions = json.loads(response.read())
    except (OSError, ValueError, http.client.HTTPException):
        return None
    paths = []
    for session in sessions if isinstance(sessions, list) else []:
        path = session.get("path") or (session.get("notebook") or {}).get("path")
        if isinstance(path, str):
            paths.append(path)
    return paths


def _inside(path: Path, root: Path) -> bool:
    try:
        path.relative_to(root)
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class Answer:
    open_in: list[str]  # URLs of the servers where the file is open
    unasked: list[str]  # URLs of servers that serve its folder but did not answer


def where_open(path: Path, runtime: Path | None = None) -> Answer:
    """The running servers that have ``path`` open, and those that could not be asked."""
    target = Path(path).resolve()
    open_in, unasked = [], []
    for server in running_servers(runtime):
        root = server.root.expanduser().resolve()
        if not _inside(target, root):
            continue
        paths = _open_paths(server)
        if paths is None:
            unasked.append(server.url)
        elif any((root / p).resolve() == target for p in paths):
            open_in.append(server.url)
    return Answer(open_in, unasked)
