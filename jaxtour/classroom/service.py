"""The classroom's web service, run by JupyterHub (``python -m jaxtour.classroom``).

Pages, under the service's prefix (``/services/<name>/``):

- ``/``: the table (``table.page``), sortable (``?sort=<column>&order=asc|desc``),
  reloading itself every ``--refresh`` seconds;
- ``/classroom.csv``: the same rows as CSV (``table.to_csv``);
- ``/mistakes.csv``: the mistake board under the table as CSV (``table.mistakes_csv``).

Both need a hub login with the scope ``access:services!service=<name>``: the example
``jupyterhub_config.py`` gives it to the teachers' group by a role; any other user gets
403. The students are the hub's users outside the teachers' group, listed through the
hub's REST API with the service's own token (scopes ``list:users``,
``read:users:name``, ``read:users:groups``). Each student's store is found by
``--store`` (a path with ``{username}``) and read in isolation (``reader``) off the
event loop; no link is followed below the student's folder: ``--home``, by default the
part of ``--store`` up to the first folder named with ``{username}``.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import secrets
import sys
from pathlib import Path
from urllib.parse import urlparse

from jupyterhub.services.auth import HubOAuthCallbackHandler, HubOAuthenticated
from jupyterhub.utils import url_path_join
from tornado import ioloop, web
from tornado.httpclient import AsyncHTTPClient, HTTPRequest

from jaxtour import catalog
from jaxtour.classroom import table, with_hub

DEFAULT_STORE = "/home/jupyter-{username}/.local/share/jaxtour/progress.sqlite3"  # TLJH's homes
log = logging.getLogger("jaxtour.classroom")


async def hub_users(api_url: str, token: str) -> list[dict]:
    """Every user the hub knows, page by page."""
    client = AsyncHTTPClient()
    users: list[dict] = []
    offset = 0
    while True:
        request = HTTPRequest(
            f"{api_url}/users?offset={offset}&limit=200",
            headers={
                "Authorization": f"token {token}",
                "Accept": "application/jupyterhub-pagination+json",
            },
        )
        reply = json.loads((await client.fetch(request)).body)
        users += reply["items"]
        following = (reply.get("_pagination") or {}).get("next")
        if not following:
            return users
        offset = following["offset"]


class _Base(HubOAuthenticated, web.RequestHandler):
    def initialize(self, classroom: table.Classroom, options: argparse.Namespace) -> None:
        self.classroom = classroom
        self.options = options

    async def student_rows(self) -> list[table.StudentRow]:
        users = await hub_users(self.hub_auth.api_url, self.hub_auth.api_token)
        students = sorted(
            u["name"] for u in users if self.options.teachers not in (u.get("groups") or [])
        )
        rows = await self.classroom.rows_async(students)
        sort = self.get_argument("sort", "student")
        if sort not in table.SORT_KEYS and sort not in self.classroom.exercise_ids:
            sort = "student"
        self.sort, self.descending = sort, self.get_argument("order", "asc") == "desc"
        return table.sort_rows(rows, sort, self.descending)


class PageHandler(_Base):
    @web.authenticated
    async def get(self) -> None:
        rows = await self.student_rows()
        lessons = list(self.classroom.exercise_ids)
        prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/")
        self.set_header("Cache-Control", "no-store")
        lines = self.classroom.board(rows)
        self.finish(
            table.page(
                rows,
                lessons,
                prefix,
                self.sort,
                self.descending,
                self.options.refresh,
                lines=lines,
            )
        )


class CsvHandler(_Base):
    @web.authenticated
    async def get(self) -> None:
        rows = await self.student_rows()
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", 'attachment; filename="classroom.csv"')
        self.set_header("Cache-Control", "no-store")
        self.finish(table.to_csv(rows, list(self.classroom.exercise_ids)))


class MistakesCsvHandler(_Base):
    @web.authenticated
    async def get(self) -> None:
        rows = await self.student_rows()
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", 'attachment; filename="mistakes.csv"')
        self.set_header("Cache-Control", "no-store")
        self.finish(table.mistakes_csv(self.classroom.board(rows)))


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python -m jaxtour.classroom", description=__doc__)
    top.add_argument(
        "--store",
        default=DEFAULT_STORE,
        help="each student's progress store; {username} is replaced (default: %(default)s)",
    )
    top.add_argument(
        "--home",
        default=None,
        help="each student's own folder, {username} replaced (default: --store up to "
        "its first folder named with {username})",
    )
    limits = table.reader.Limits()
    top.add_argument(
        "--max-store-mb",
        type=float,
        default=limits.bytes / 2**20,
        help="a larger store shows as 'too large' (default: %(default)g)",
    )
    top.add_argument(
        "--max-checks",
        type=int,
        default=limits.rows,
        help="a store with more checks shows as 'too large' (default: %(default)s)",
    )
    top.add_argument(
        "--read-seconds",
        type=float,
        default=limits.seconds,
        help="one store read longer shows as 'no data' (default: %(default)g)",
    )
    top.add_argument("--teachers", default="teachers", help="the teachers' group, not listed")
    top.add_argument("--refresh", type=int, default=30, help="seconds between page reloads")
    return top


def make_app(options: argparse.Namespace) -> web.Application:
    ids = catalog.declared_exercise_ids()
    if ids is None:  # the service imports no exercise module (no JAX in the hub)
        raise SystemExit(
            "jaxtour.classroom: an exercise module declares EXERCISES in a way "
            "catalog.literal_exercise_ids cannot read; write each Exercise(id=...) out"
        )
    home = options.home or table.reader.home_template(options.store)
    classroom = table.Classroom(
        ids,
        lambda name: Path(options.store.format(username=name)),
        lambda name: Path(home.format(username=name)),
        table.reader.Limits(
            seconds=options.read_seconds,
            bytes=int(options.max_store_mb * 2**20),
            rows=options.max_checks,
        ),
    )
    table.declared_mistakes()  # read once, at the start, not by the first page
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/")
    given = {"classroom": classroom, "options": options}
    return web.Application(
        [
            (prefix, PageHandler, given),
            (url_path_join(prefix, "classroom.csv"), CsvHandler, given),
            (url_path_join(prefix, "mistakes.csv"), MistakesCsvHandler, given),
            (url_path_join(prefix, "oauth_callback"), HubOAuthCallbackHandler),
        ],
        cookie_secret=secrets.token_bytes(32),
    )


HUB_CHECK_S = 2.0  # how often the service checks that its hub still runs (with_hub)
# The service's port is on the hub's machine, where the students' kernels run too: any
# of them can connect to it, no login needed to hold a connection open. The service
# answers GETs only, so a request body is refused past a few KiB (tornado's default,
# 100 MB, let four unfinished bodies grow the service from 80 to 436 MiB); a connection
# that sends nothing, or a body that never ends, is closed after a minute; and the
# service may hold as many connections as the system allows it (its hard limit on open
# files), not the usual 1024: 1100 connections held by one kernel made the page time
# out for the teacher (tests/classroom/test_service_port.py).
SERVER_OPTIONS = {
    "max_body_size": 64 * 1024,
    "idle_connection_timeout": 60,
    "body_timeout": 60,
}


def as_many_files_as_allowed() -> tuple[int, int]:
    """Raise this process's limit on open files (sockets) to its hard limit; the limits
    now (soft, hard)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        wanted = 1 << 20 if hard == resource.RLIM_INFINITY else hard
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (ValueError, OSError):
            pass
    return resource.getrlimit(resource.RLIMIT_NOFILE)


def main(argv: list[str] | None = None) -> int:
    options = parser().parse_args(argv)
    with_hub.die_with_hub()  # a hub killed with -9 takes the service (and its port) along
    logging.basicConfig(
        stream=sys.stderr, level=logging.INFO, format="[%(levelname)s %(asctime)s] %(message)s"
    )
    url = urlparse(os.environ["JUPYTERHUB_SERVICE_URL"])
    files, _ = as_many_files_as_allowed()
    make_app(options).listen(url.port, url.hostname, **SERVER_OPTIONS)
    log.info(
        "jaxtour.classroom: listening on %s (up to %d open files), stores at %s",
        url.geturl(),
        files,
        options.store,
    )
    loop = ioloop.IOLoop.current()

    def hub_gone() -> None:  # where the kernel cannot be asked to (not Linux)
        if with_hub.hub_is_gone():
            log.error("jaxtour.classroom: the hub that started this service is gone: stopping")
            loop.stop()

    ioloop.PeriodicCallback(hub_gone, HUB_CHECK_S * 1000).start()
    try:
        loop.start()
    except KeyboardInterrupt:  # the hub stops its services with SIGINT
        pass
    return 0
