"""Which running Jupyter servers have a notebook open, so ``reset`` never races one.

Every Jupyter server writes ``jpserver-<pid>.json`` (its URL, token and root folder,
readable by its user only) into Jupyter's runtime folder while it runs; its REST API
``GET /api/sessions`` lists the open notebooks, each with a kernel, by their path
relative to that root. A tab closed with its kernel left running still counts: the
session stays until the kernel is shut down (by the learner, or culled when idle).

A tab whose kernel is gone (culled when idle, or shut down) has no session, yet may hold
unsaved edits; JupyterLab keeps the tabs it has open in its workspace state, which its
REST API ``GET /lab/api/workspaces`` lists (jupyterlab_server's workspaces handler): each
workspace's ``data`` has a key ``<namespace>:<path>`` (``notebook:03_grad.ipynb``) whose
value names the file (``{"data": {"path": "03_grad.ipynb", "factory": "Notebook"}}``)
for every document open in a tab, and drops it when the tab is closed.
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


def _ask(server: Server, endpoint: str) -> object | None:
    """The JSON that ``server`` answers at ``endpoint``; None when it does not answer."""
    url = server.url if server.url.endswith("/") else server.url + "/"
    headers = {"Authorization": f"token {server.token}"} if server.token else {}
    request = urllib.request.Request(url + endpoint, headers=headers)
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # never a proxy
    try:
        with opener.open(request, timeout=ASK_TIMEOUT_S) as response:
            return json.loads(response.read())
    except (OSError, ValueError, http.client.HTTPException):
        return None


def _session_paths(server: Server) -> list[str] | None:
    """The paths of the notebooks with a kernel in ``server``; None when it does not answer."""
    sessions = _ask(server, "api/sessions")
    if sessions is None:
        return None
    paths = []
    for session in sessions if isinstance(sessions, list) else []:
        if not isinstance(session, dict):
            continue
        path = session.get("path") or (session.get("notebook") or {}).get("path")
        if isinstance(path, str):
            paths.append(path)
    return paths


def _tab_paths(server: Server) -> list[str]:
    """The paths of the documents open in a JupyterLab tab of ``server``, in any of its
    workspaces; none when it has no JupyterLab or does not answer (its sessions decide)."""
    answer = _ask(server, "lab/api/workspaces")
    workspaces = answer.get("workspaces") if isinstance(answer, dict) else None
    values = workspaces.get("values") if isinstance(workspaces, dict) else None
    paths = []
    for state in values if isinstance(values, list) else []:
        data = state.get("data") if isinstance(state, dict) else None
        for key, value in (data if isinstance(data, dict) else {}).items():
            named = value.get("data") if isinstance(value, dict) else None
            path = named.get("path") if isinstance(named, dict) else None
            if isinstance(path, str):
                paths.append(path)
            elif ":" in key and not key.endswith(":data"):  # `notebook:<path>`, no value
                paths.append(key.split(":", 1)[1])
    return paths


def _inside(path: Path, root: Path) -> bool:
    try:
        path.relative_to(root)
    except ValueError:
        return False
    return True


def _names(target: Path, root: Path, paths: list[str]) -> bool:
    """Whether one of ``paths`` (relative to the server's ``root``) is ``target``."""
    return any((root / path.lstrip("/")).resolve() == target for path in paths)


@dataclass(frozen=True)
class Answer:
    open_in: list[str]  # URLs of the servers where the file is open
    unasked: list[str]  # URLs of servers that serve its folder but did not answer


def where_open(path: Path, runtime: Path | None = None) -> Answer:
    """The running servers that have ``path`` open (with a kernel, or in a JupyterLab tab),
    and those that could not be asked."""
    target = Path(path).resolve()
    open_in, unasked = [], []
    for server in running_servers(runtime):
        root = server.root.expanduser().resolve()
        if not _inside(target, root):
            continue
        paths = _session_paths(server)
        if paths is None:
            unasked.append(server.url)
            continue
        if _names(target, root, paths) or _names(target, root, _tab_paths(server)):
            open_in.append(server.url)  # a tab whose kernel is gone may hold unsaved edits
    return Answer(open_in, unasked)
