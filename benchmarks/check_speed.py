"""The first Check of every exercise, in a fresh process, for a right and a wrong answer,
and the warm Check after it.

    .venv/bin/python -m benchmarks.check_speed               # every exercise, 3 processes each
    .venv/bin/python -m benchmarks.check_speed --only 09.random_walk,01.center --repeats 5
    .venv/bin/python -m benchmarks.run --only check_speed --merge   # as a section of make bench
    .venv/bin/python -m benchmarks.check_speed --jobs 6 --cores 2  # 6 at once, 2 CPUs each

``--jobs N --cores C`` runs N fresh processes at once, each pinned to C CPUs of its own
(``os.sched_setaffinity``): on a machine of at least N * C otherwise idle CPUs, a whole run
in 1/N of the time, each process seeing the C cores of a small machine (memory bandwidth
and the last-level cache are still shared, so such figures are a little high, never low).

For each exercise and each answer (the right one: the exercise's own ``solution`` run as
its cell would run it, by tests/solutions.py, else ``reference_answer``; the wrong one:
the first realistic wrong answer of ``tests/content/wrong_answers``, else the first
mistake's example), a fresh Python process imports JAX and ``jaxtour.checks`` (timed
apart), builds the answer (the learner's cell: not timed), then times its first
``checks.check`` (with finding the exercise, which imports its lesson's exercise module)
and 20 more. The table gives the median over the processes. The targets (issue 21): the
first Check at most 1 s on a 2-core machine, a warm one at most 10 ms. The load average
is printed beside the figures: the machine is shared, so compare figures within one run.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import platform
import queue
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRST_TARGET_S = 1.0
WARM_TARGET_MS = 10.0
WARM_CALLS = 20
KINDS = ("right", "wrong")
SECTION_START = "<!-- check_speed: written by python -m benchmarks.check_speed -->"
SECTION_END = "<!-- /check_speed -->"

# --- in the fresh process -------------------------------------------------------------


def _right_answer(exercise_id: str) -> tuple[object, str]:
    """The exercise's solution as a learner's cell runs it (``tests/solutions.py``: with the
    setup statements of the lesson it reads, this learner's variant, its source in
    linecache as IPython keeps a cell's), or the reference where the solution cannot run
    apart from its notebook."""
    from jaxtour import checks
    from jaxtour.exercises import all_exercises
    from tests import solutions

    exercise = all_exercises()[exercise_id]
    number = checks.variant_number(exercise) if exercise.variants is not None else None
    try:  # the learner's own modules, as a cell's imports bind them
        return solutions.answer(exercise, number, solutions.given_names(learners=True)), "solution"
    except Exception:
        return checks._reference(exercise_id), "reference"


def _wrong_answer(exercise_id: str) -> tuple[object, str]:
    import importlib

    from jaxtour.exercises import all_exercises

    try:
        corpus = importlib.import_module(f"tests.content.wrong_answers.lesson{exercise_id[:2]}")
        for wrong in corpus.WRONG_ANSWERS:
            if wrong.exercise_id == exercise_id:
                return wrong.answer(), "corpus"
    except ImportError:
        pass
    return all_exercises()[exercise_id].mistakes[0].example(), "mistake example"


def _worker_server_ready() -> None:
    """Lesson 14's setup cell (``hosts.scratch_folder()``) starts the worker server, which
    imports JAX while the learner reads on: a first Check comes minutes later, so the
    server is ready by then. Waited for here, off the clock."""
    from jaxtour import hosts

    server = hosts._server()
    if server is not None:
        server.wait_until_ready()


# What a lesson's setup leaves running for its exercises, by lesson number.
LESSON_SETUP = {"14": _worker_server_ready}


def child(exercise_id: str, kind: str) -> dict:
    """One fresh process's figures for one exercise and one kind of answer."""
    start = time.perf_counter()
    import jax
    import jax.numpy  # noqa: F401

    from jaxtour import checks

    imported = time.perf_counter() - start
    # What the first check does first: find the exercise (importing its lesson's module).
    # Building the answer below may import that module too, so it is timed here, as part
    # of the first check.
    start = time.perf_counter()
    checks._lookup(exercise_id)
    lookup = time.perf_counter() - start
    answer, source = (_right_answer if kind == "right" else _wrong_answer)(exercise_id)
    jax.block_until_ready(answer) if not callable(answer) else None
    if exercise_id[:2] in LESSON_SETUP:
        LESSON_SETUP[exercise_id[:2]]()
    start = time.perf_counter()
    feedback = checks.check(exercise_id, answer)
    first = lookup + time.perf_counter() - start
    warm = []
    for _ in range(WARM_CALLS):
        start = time.perf_counter()
        again = checks.check(exercise_id, answer)
        warm.append(time.perf_counter() - start)
    return {
        "import_s": imported,
        "first_s": first,
        "lookup_s": lookup,
        "warm_ms": 1e3 * statistics.median(warm),
        "status": feedback.status,
        "warm_status": again.status,
        "source": source,
    }


# --- in the parent --------------------------------------------------------------------


def machine() -> dict:
    import jax

    model = ""
    cpuinfo = Path("/proc/cpuinfo")
    for line in cpuinfo.read_text().splitlines() if cpuinfo.exists() else []:
        if line.startswith("model name"):
            model = line.split(":", 1)[1].strip()
            break
    return {
        "cpu": model or platform.processor(),
        "cores": _cores_per_process or os.cpu_count(),
        "jobs": _jobs,
        "jax": jax.__version__,
        "python": platform.python_version(),
    }


_jobs = 1
_cores_per_process: int | None = None  # None: each process may use every CPU


def _cpu_sets(jobs: int, cores: int | None) -> list[set[int] | None]:
    """The CPUs each of ``jobs`` parallel processes is pinned to (None: not pinned)."""
    if cores is None:
        return [None] * jobs
    available = sorted(os.sched_getaffinity(0))
    if jobs * cores > len(available):
        raise SystemExit(
            f"--jobs {jobs} --cores {cores} needs {jobs * cores} CPUs, "
            f"this process may use {len(available)}"
        )
    return [set(available[i * cores : (i + 1) * cores]) for i in range(jobs)]


def load() -> float:
    """The one-minute load average (what `uptime` shows first)."""
    return os.getloadavg()[0]


def _environment(data_dir: str) -> dict[str, str]:
    """A learner's kernel: no persistent compilation cache, progress recorded (elsewhere:
    each check writes its row, as a learner's does), one CPU device."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("JAX_COMPILATION_CACHE")}
    env.pop("JAXTOUR_TEST_COMPILE_CACHE", None)
    env.pop("XLA_FLAGS", None)
    env.pop("JAXTOUR_VARIANT", None)  # the learner's own variant, drawn from their id
    env.update(JAXTOUR_DATA_DIR=data_dir, JAXTOUR_PROGRESS="on", JAX_PLATFORMS="cpu")
    return env


def _devices_for(exercise_id: str, env: dict[str, str]) -> dict[str, str]:
    """Lesson 10's kernel splits the CPU into eight devices (its first cell does); the
    other lessons' kernels have one, and eight would slow every compile down."""
    if exercise_id.startswith("10."):
        return dict(env, XLA_FLAGS="--xla_force_host_platform_device_count=8")
    return env


def _run_child(
    exercise_id: str,
    kind: str,
    env: dict[str, str],
    root: Path = ROOT,
    cpus: set[int] | None = None,
) -> dict:
    """One fresh process, with the jaxtour (and wrong answers) of checkout ``root``, pinned
    to ``cpus`` when given."""
    command = [sys.executable, str(Path(__file__).resolve()), "--child", exercise_id, kind]
    inherited = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    path = os.pathsep.join([str(root), *inherited])  # root's jaxtour first; installs kept
    env = dict(_devices_for(exercise_id, env), PYTHONPATH=path)
    pin = (lambda: os.sched_setaffinity(0, cpus)) if cpus is not None else None
    out = subprocess.run(
        command, cwd=root, env=env, capture_output=True, text=True, timeout=600, preexec_fn=pin
    )
    if out.returncode != 0:
        raise RuntimeError(f"{exercise_id} {kind}: {out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def bench_check_speed(
    repeats: int,
    only: list[str] | None = None,
    baseline: Path | None = None,
    baseline_for: list[str] | None = None,
    after_round: Callable[[dict], None] | None = None,
) -> dict:
    """Every exercise (or ``only``), each kind of answer in ``repeats`` fresh processes,
    interleaved so that every exercise sees the same load. With ``baseline`` (another
    checkout, e.g. ``git worktree add /tmp/before COMMIT``), each process of this checkout
    is followed by the same one of the baseline's (for ``baseline_for`` only, when given),
    and the table shows both. ``after_round`` gets the figures so far after each round."""
    from jaxtour import checks

    ids = only or checks.list_exercises()
    runs: dict[str, dict[str, list[dict]]] = {i: {k: [] for k in KINDS} for i in ids}
    before: dict[str, dict[str, list[dict]]] = {i: {k: [] for k in KINDS} for i in ids}
    loads = [load()]
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="jaxtour-check-speed-") as data_dir:
        env = _environment(data_dir)
        free: queue.Queue = queue.Queue()
        for cpus in _cpu_sets(_jobs, _cores_per_process):
            free.put(cpus)

        def measure(exercise_id: str) -> None:
            cpus = free.get()
            try:
                for kind in KINDS:
                    runs[exercise_id][kind].append(_run_child(exercise_id, kind, env, cpus=cpus))
                    if baseline is not None and exercise_id in (baseline_for or ids):
                        before[exercise_id][kind].append(
                            _run_child(exercise_id, kind, env, baseline, cpus)
                        )
            finally:
                free.put(cpus)
            loads.append(load())

        for round_number in range(repeats):
            with concurrent.futures.ThreadPoolExecutor(_jobs) as pool:
                list(pool.map(measure, ids))
            print(f"round {round_number + 1} of {repeats} done, load {load():.2f}", flush=True)
            if after_round is not None:
                after_round(_summary(runs, before, loads, round_number + 1, started, baseline))
    return _summary(runs, before, loads, repeats, started, baseline)


def _summary(runs, before, loads, repeats, started, baseline) -> dict:
    """The medians of the rounds done so far."""
    exercises = {}
    for exercise_id, kinds in runs.items():
        row = {}
        for kind, results in kinds.items():
            if not results:
                continue
            row[kind] = {
                "first_s": statistics.median(r["first_s"] for r in results),
                "warm_ms": statistics.median(r["warm_ms"] for r in results),
                "status": sorted({r[key] for r in results for key in ("status", "warm_status")}),
                "source": results[0]["source"],
            }
            was = before[exercise_id][kind]
            if was:
                row[kind]["before_first_s"] = statistics.median(r["first_s"] for r in was)
                row[kind]["before_warm_ms"] = statistics.median(r["warm_ms"] for r in was)
                row[kind]["before_status"] = sorted(
                    {r[key] for r in was for key in ("status", "warm_status")}
                )
        if row:
            exercises[exercise_id] = row
    imports = [r["import_s"] for kinds in runs.values() for rs in kinds.values() for r in rs]
    firsts = [row[k]["first_s"] for row in exercises.values() for k in KINDS]
    warms = [row[k]["warm_ms"] for row in exercises.values() for k in KINDS]
    return {
        "machine": machine(),
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "load_min": min(loads),
        "load_median": statistics.median(loads),
        "load_max": max(loads),
        "repeats": repeats,
        "wall_s": time.perf_counter() - started,
        "import_s": statistics.median(imports),
        "first_s_max": max(firsts),
        "warm_ms_max": max(warms),
        "over_first_target": sorted(
            f"{i} ({k})"
            for i, row in exercises.items()
            for k in KINDS
            if row[k]["first_s"] > FIRST_TARGET_S
        ),  # fmt: skip
        "over_warm_target": sorted(
            f"{i} ({k})"
            for i, row in exercises.items()
            for k in KINDS
            if row[k]["warm_ms"] > WARM_TARGET_MS
        ),  # fmt: skip
        "baseline": str(baseline) if baseline is not None else None,
        "exercises": exercises,
    }


def markdown(result: dict) -> list[str]:
    """The section's lines for RESULTS.md."""
    m = result["machine"]
    lines = [
        SECTION_START,
        "## First and warm Check of every exercise (fresh process)",
        "",
        f"Measured {result['date']} by `.venv/bin/python -m benchmarks.check_speed` "
        f"({result['repeats']} fresh processes per answer, {result['wall_s']:.0f} s): "
        f"{m['cpu']}, {m['cores']} cores"
        + (f" for each of {m['jobs']} processes run at once" if m.get("jobs", 1) > 1 else "")
        + f", Python {m['python']}, JAX {m['jax']}; load average "
        f"(1 min) {result['load_min']:.2f} to {result['load_max']:.2f}, median "
        f"{result['load_median']:.2f}. Importing JAX and `jaxtour.checks` (not counted "
        f"below): {result['import_s']:.2f} s. Right answer: the exercise's solution run as "
        "its cell (else the reference); wrong: the first realistic wrong answer of "
        "`tests/content/wrong_answers` (else the first mistake's example). Medians over "
        f"the processes; warm: median of {WARM_CALLS} checks after the first. Lesson 14's "
        "setup cell starts `jaxtour.hosts`' worker server (JAX imported, for forking "
        "workers): its first checks start once the server is ready, as a learner's do."
        + (
            f" (was X): the baseline checkout `{result['baseline']}`, its process run right "
            "after each of this one's."
            if result.get("baseline")
            else ""
        ),
        "",
        f"| exercise | first, right (≤ {FIRST_TARGET_S:g} s) | first, wrong "
        f"| warm, right (≤ {WARM_TARGET_MS:g} ms) | warm, wrong | verdicts (right / wrong) |",
        "|---|---|---|---|---|---|",
    ]
    for exercise_id, row in result["exercises"].items():
        right, wrong = row["right"], row["wrong"]
        lines.append(
            f"| {exercise_id} | {_figure(right, 'first_s', FIRST_TARGET_S, '.2f', ' s')} "
            f"| {_figure(wrong, 'first_s', FIRST_TARGET_S, '.2f', ' s')} "
            f"| {_figure(right, 'warm_ms', WARM_TARGET_MS, '.1f', ' ms')} "
            f"| {_figure(wrong, 'warm_ms', WARM_TARGET_MS, '.1f', ' ms')} "
            f"| {_verdicts(right)} ({right['source']}) / {_verdicts(wrong)} ({wrong['source']}) |"
        )
    lines += [
        "",
        f"Slowest first check: **{result['first_s_max']:.2f} s**; slowest warm median: "
        f"**{result['warm_ms_max']:.1f} ms**. Over the first-check target: "
        f"{', '.join(result['over_first_target']) or 'none'}. Over the warm target: "
        f"{', '.join(result['over_warm_target']) or 'none'}.",
        SECTION_END,
    ]
    return lines


def _verdicts(figures: dict) -> str:
    """The verdicts given; a baseline that gave others is named (a verdict changed)."""
    shown = "/".join(figures["status"])
    before = figures.get("before_status")
    if before is not None and before != figures["status"]:
        shown += f" (baseline: {'/'.join(before)}: CHANGED)"
    return shown


def _figure(figures: dict, name: str, target: float, digits: str, unit: str) -> str:
    """A figure, and the baseline's beside it when there is one."""
    shown = _mark(figures[name], target, digits, unit)
    if f"before_{name}" in figures:
        shown += f" (was {figures[f'before_{name}']:{digits}})"
    return shown


def _mark(value: float, target: float, digits: str, unit: str) -> str:
    """A figure, in bold when it misses its target."""
    text = f"{value:{digits}}{unit}"
    return f"**{text}**" if value > target else text


def write_results(result: dict, out: Path = ROOT / "benchmarks") -> None:
    """Into results.json (key ``check_speed``) and RESULTS.md: this section replaced in
    place, or added at the end; every other table is kept as it is."""
    results_json = out / "results.json"
    stored = json.loads(results_json.read_text()) if results_json.exists() else {}
    stored["check_speed"] = result
    results_json.write_text(json.dumps(stored, indent=1) + "\n")
    results_md = out / "RESULTS.md"
    text = results_md.read_text() if results_md.exists() else "# Benchmark results\n"
    section = "\n".join(markdown(result))
    pattern = re.compile(re.escape(SECTION_START) + r".*?" + re.escape(SECTION_END), re.S)
    if pattern.search(text):
        text = pattern.sub(lambda _: section, text)
    else:
        text = text.rstrip("\n") + "\n\n" + section + "\n"
    results_md.write_text(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="fresh processes per answer")
    parser.add_argument("--only", default="", help="comma-separated exercise ids")
    parser.add_argument("--no-write", action="store_true", help="print only")
    parser.add_argument("--baseline", type=Path, help="another checkout, measured alongside")
    parser.add_argument("--baseline-for", default="", help="exercise ids the baseline measures")
    parser.add_argument("--jobs", type=int, default=1, help="fresh processes run at once")
    parser.add_argument("--cores", type=int, help="CPUs each process is pinned to")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks", help="results folder")
    parser.add_argument("--child", nargs=2, metavar=("ID", "KIND"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(*args.child)))
        return 0
    global _jobs, _cores_per_process
    _jobs, _cores_per_process = max(1, args.jobs), args.cores
    _cpu_sets(_jobs, _cores_per_process)  # enough CPUs, before anything runs
    print(f"load average before: {load():.2f} (1 min)", flush=True)
    only = [i for i in args.only.split(",") if i] or None
    baseline_for = [i for i in args.baseline_for.split(",") if i] or None
    write = (
        None if args.no_write else (lambda r: write_results(r, args.out))
    )  # a stopped run keeps them
    result = bench_check_speed(args.repeats, only, args.baseline, baseline_for, write)
    print("\n".join(markdown(result)))
    missed = result["over_first_target"] + result["over_warm_target"]
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
