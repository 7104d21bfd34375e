"""What a warm Check of every exercise redoes: the programs JAX traces and compiles, and
how often the grader scans the guarded modules (``isolation._all_unchanged``), counted
(exact, unlike a time on a shared machine), for the right and the wrong answer that
``benchmarks.check_speed`` times.

    .venv/bin/python -m benchmarks.warm_counts                     # every exercise
    .venv/bin/python -m benchmarks.warm_counts --only 08.fit,11.scan_ema --checks 5
    .venv/bin/python -m benchmarks.warm_counts --checkout /tmp/base   # another checkout's grader
    .venv/bin/python -m benchmarks.warm_counts --baseline /tmp/base --repeats 3  # side by side

One fresh process per lesson (lesson 10's with eight CPU devices, as its kernel has): each
answer is built, checked twice (the first check, and one that settles what the first one
kept), then ``--checks`` more, counted: JAX's ``jaxpr_trace_duration`` events (a function
traced by jit) and ``backend_compile_duration`` events (an XLA program compiled), by
``jax.monitoring`` listeners registered before any check; the median time of a warm check
is printed beside them, for what it is worth on a shared machine. With ``--baseline``,
each lesson's process is followed by the same one of the other checkout, ``--repeats``
times, alternating: the table gives both sides' counts and median warm times, and their
ratio (this checkout's over the baseline's), the figure to read on a shared machine.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TRACE_EVENT = "/jax/core/compile/jaxpr_trace_duration"
COMPILE_EVENT = "/jax/core/compile/backend_compile_duration"


def child(ids: list[str], checks_counted: int) -> list[dict]:
    """In the fresh process: the counts for each exercise's right and wrong answer."""
    import jax
    from jax import monitoring

    from benchmarks.check_speed import LESSON_SETUP, _right_answer, _wrong_answer
    from jaxtour import checks
    from jaxtour.grader import isolation

    counts = {"traces": 0, "compiles": 0, "scans": 0}

    def listen(event: str, duration: float, **_: object) -> None:
        if event == TRACE_EVENT:
            counts["traces"] += 1
        elif event == COMPILE_EVENT:
            counts["compiles"] += 1

    monitoring.register_event_duration_secs_listener(listen)
    scan = isolation._all_unchanged

    def counted_scan() -> bool:
        counts["scans"] += 1
        return scan()

    isolation._all_unchanged = counted_scan
    rows = []
    for exercise_id in ids:
        if exercise_id[:2] in LESSON_SETUP:
            LESSON_SETUP[exercise_id[:2]]()
        for kind, build in (("right", _right_answer), ("wrong", _wrong_answer)):
            answer, source = build(exercise_id)
            first = checks.check(exercise_id, answer).status
            checks.check(exercise_id, answer)
            before = dict(counts)
            times = []
            for _ in range(checks_counted):
                start = time.perf_counter()
                status = checks.check(exercise_id, answer).status
                times.append(time.perf_counter() - start)
            rows.append(
                {
                    "exercise": exercise_id,
                    "kind": kind,
                    "source": source,
                    "status": f"{first}/{status}",
                    "warm_ms": 1e3 * statistics.median(times),
                    **{k: (counts[k] - before[k]) / checks_counted for k in counts},
                }
            )
            del answer
    jax.clear_caches()
    return rows


def _environment(checkout: Path, lesson: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("JAX_COMPILATION_CACHE")}
    env.pop("JAXTOUR_TEST_COMPILE_CACHE", None)
    env.pop("XLA_FLAGS", None)
    env.pop("JAXTOUR_VARIANT", None)
    env.update(JAXTOUR_PROGRESS="off", JAX_PLATFORMS="cpu")
    if lesson == "10":
        env["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"
    # the checkout's jaxtour first; this script and the answers' builders from ROOT
    env["PYTHONPATH"] = os.pathsep.join([str(checkout), str(ROOT)])
    return env


def _run(checkout: Path, lesson: str, group: list[str], checks: int) -> list[dict]:
    command = [sys.executable, str(Path(__file__).resolve()), "--child"]
    command += [",".join(group), str(checks)]
    out = subprocess.run(
        command,
        cwd=checkout,
        env=_environment(checkout.resolve(), lesson),
        capture_output=True,
        text=True,
        timeout=1200,
    )
    if out.returncode != 0:
        print(f"lesson {lesson} ({checkout}): {out.stderr[-3000:]}", file=sys.stderr)
        return []
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="comma-separated exercise ids")
    parser.add_argument("--checks", type=int, default=3, help="warm checks counted")
    parser.add_argument("--checkout", type=Path, default=ROOT, help="whose jaxtour is run")
    parser.add_argument("--baseline", type=Path, help="another checkout, run alternately")
    parser.add_argument("--repeats", type=int, default=1, help="processes per lesson and side")
    parser.add_argument("--json", type=Path, help="write the rows here too")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(args.child[0].split(","), int(args.child[1]))))
        return 0
    from jaxtour import checks

    ids = [i for i in args.only.split(",") if i] or checks.list_exercises()
    lessons: dict[str, list[str]] = {}
    for exercise_id in ids:
        lessons.setdefault(exercise_id[:2], []).append(exercise_id)
    sides = [args.checkout] + ([args.baseline] if args.baseline else [])
    rows = []
    if args.baseline:
        print("| exercise | answer | traces | compiles | scans | warm ms | ratio |")
    else:
        print("| exercise | answer | verdicts | traces | compiles | scans | warm ms |")
    print("|---|---|---|---|---|---|---|")
    for lesson, group in lessons.items():
        runs: list[list[list[dict]]] = [[] for _ in sides]
        for _ in range(args.repeats):
            for side, checkout in enumerate(sides):
                runs[side].append(_run(checkout, lesson, group, args.checks))
        for index, row in enumerate(runs[0][0] if runs[0] and runs[0][0] else []):
            same = [[r[index] for r in side_runs if len(r) > index] for side_runs in runs]
            row = dict(row, warm_ms=statistics.median(r["warm_ms"] for r in same[0]))
            rows.append(row)
            if not args.baseline:
                print(
                    f"| {row['exercise']} | {row['kind']} ({row['source']}) | {row['status']} "
                    f"| {row['traces']:g} | {row['compiles']:g} | {row['scans']:g} "
                    f"| {row['warm_ms']:.1f} |",
                    flush=True,
                )
                continue
            if not same[1]:
                continue
            base = dict(same[1][0], warm_ms=statistics.median(r["warm_ms"] for r in same[1]))
            row["baseline"] = base
            counted = ("traces", "compiles", "scans")
            pairs = " | ".join(f"{base[k]:g} -> {row[k]:g}" for k in counted)
            print(
                f"| {row['exercise']} | {row['kind']} {row['status']} | {pairs} "
                f"| {base['warm_ms']:.1f} -> {row['warm_ms']:.1f} "
                f"| {row['warm_ms'] / base['warm_ms']:.2f} |",
                flush=True,
            )
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
