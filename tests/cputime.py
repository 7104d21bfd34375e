"""Where the suite's CPU goes: an opt-in pytest plugin that records each test's CPU.

    JAXTOUR_CPU_LOG=/tmp/cpu python -m pytest -p tests.cputime ...
    python -m tests.cputime /tmp/cpu          # the table: per file, then per test
    python -m tests.cputime /tmp/cpu --tail   # how the run ended: each worker's last tests

Per test (setup, call and teardown together, so a module fixture counts where it is
built): the CPU of the process that runs it (``time.process_time``) plus that of the
children it waited for in the meantime (subprocesses, kernels, hubs: RUSAGE_CHILDREN),
and the wall time. Each process (an xdist worker, or the one process with ``-n 0``)
appends JSON lines to its own file in the folder ``JAXTOUR_CPU_LOG`` names. Compare CPU,
not wall: on a shared machine the wall time says how busy the others were.
"""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from collections import defaultdict
from pathlib import Path

import pytest


def _children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    folder = os.environ.get("JAXTOUR_CPU_LOG")
    if not folder:
        yield
        return
    own, children, wall = time.process_time(), _children(), time.perf_counter()
    yield
    record = {
        "id": item.nodeid,
        "own": time.process_time() - own,
        "children": _children() - children,
        "wall": time.perf_counter() - wall,
        "end": time.time(),  # when it ended (the epoch's seconds): the run's tail (``tail``)
    }
    Path(folder).mkdir(parents=True, exist_ok=True)
    with open(Path(folder) / f"{os.getpid()}.jsonl", "a") as log:
        log.write(json.dumps(record) + "\n")


def pytest_sessionfinish(session):
    """Each process's whole CPU (collection, imports and start-up included): what the
    per-test records leave out. The xdist controller's children are its workers, which
    record their own: its ``children`` is left out of the totals."""
    folder = os.environ.get("JAXTOUR_CPU_LOG")
    if folder:
        config = session.config
        controller = bool(config.getoption("numprocesses", None)) and not hasattr(
            config, "workerinput"
        )
        record = {
            "process": os.getpid(),
            "own": time.process_time(),
            "children": 0.0 if controller else _children(),
        }
        Path(folder).mkdir(parents=True, exist_ok=True)
        with open(Path(folder) / f"{os.getpid()}.jsonl", "a") as log:
            log.write(json.dumps(record) + "\n")


def table(folder: str, top: int = 25) -> str:
    """The ``top`` files and tests by CPU (own + children), with the totals."""
    tests = []
    for path in Path(folder).glob("*.jsonl"):
        tests += [json.loads(line) for line in path.read_text().splitlines()]
    processes = [t for t in tests if "process" in t]
    tests = [t for t in tests if "id" in t]
    files: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0])
    for test in tests:
        row = files[test["id"].split("::")[0]]
        row[0] += test["own"] + test["children"]
        row[1] += test["children"]
        row[2] += test["wall"]
        row[3] += 1
    total = sum(t["own"] + t["children"] for t in tests)
    whole = sum(p["own"] + p["children"] for p in processes)
    lines = [
        f"{len(tests)} tests, {total:.0f} s of CPU in them; {len(processes)} processes,"
        f" {whole:.0f} s of CPU in all (children included)",
        "",
        "cpu_s  children_s  wall_s  n  file",
    ]
    for name, (cpu, kids, wall, n) in sorted(files.items(), key=lambda kv: -kv[1][0])[:top]:
        lines.append(f"{cpu:6.1f} {kids:8.1f} {wall:8.1f} {n:5d}  {name}")
    lines += ["", "cpu_s  children_s  wall_s  test"]
    for t in sorted(tests, key=lambda t: -(t["own"] + t["children"]))[:top]:
        cpu = t["own"] + t["children"]
        lines.append(f"{cpu:6.1f} {t['children']:8.1f} {t['wall']:8.1f}  {t['id']}")
    return "\n".join(lines)


def tail(folder: str, last: int = 4) -> str:
    """Each worker's last ``last`` tests, with when each started and ended (seconds since
    the first test of the run started), the workers that went idle first at the top: how
    the run ended, and who ended it alone."""
    workers = []
    for path in Path(folder).glob("*.jsonl"):
        tests = [json.loads(line) for line in path.read_text().splitlines()]
        tests = [t for t in tests if "end" in t]
        if tests:
            workers.append(tests)
    if not workers:
        return "no test records an end time (a log written before tests.cputime did)"
    zero = min(t["end"] - t["wall"] for tests in workers for t in tests)
    lines = ["start_s   end_s  wall_s  cpu_s  test (each worker's last, the first idle first)"]
    for tests in sorted(workers, key=lambda tests: tests[-1]["end"]):
        lines.append("")
        for t in tests[-last:]:
            end, cpu = t["end"] - zero, t["own"] + t["children"]
            start = end - t["wall"]
            lines.append(f"{start:7.1f} {end:7.1f} {t['wall']:7.1f} {cpu:6.1f}  {t['id']}")
    return "\n".join(lines)


if __name__ == "__main__":
    if "--tail" in sys.argv:
        print(tail(sys.argv[1], int(sys.argv[3]) if len(sys.argv) > 3 else 4))
    else:
        print(table(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 25))
