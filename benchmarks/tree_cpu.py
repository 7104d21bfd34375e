"""Wall time and CPU time of a command and every process it starts, however deep.

    PYTHONPATH=. .venv/bin/python -m benchmarks.tree_cpu -- COMMAND...

``time`` counts only the children that were waited for, up the whole chain; a test that
starts a JupyterHub whose servers start kernels loses most of them. This samples the
command's process tree every 0.2 s (psutil) and adds each process's last CPU time seen,
so a process that lives under 0.2 s may be missed.
"""

from __future__ import annotations

import subprocess
import sys
import time

import psutil


def main(argv: list[str]) -> int:
    command = argv[1:] if argv and argv[0] == "--" else argv
    start = time.perf_counter()
    process = subprocess.Popen(command)
    root = psutil.Process(process.pid)
    seen: dict[tuple[int, float], float] = {}  # (pid, its start time) -> CPU seconds
    while process.poll() is None:
        try:
            tree = [root, *root.children(recursive=True)]
        except psutil.NoSuchProcess:
            tree = []
        for p in tree:
            try:
                cpu = p.cpu_times()
                seen[(p.pid, p.create_time())] = cpu.user + cpu.system
            except psutil.Error:
                continue
        time.sleep(0.2)
    wall = time.perf_counter() - start
    print(
        f"tree_cpu: {wall:.1f} s wall, {sum(seen.values()):.1f} s CPU over {len(seen)} "
        f"processes, exit status {process.returncode}",
        file=sys.stderr,
    )
    return process.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
