"""Who asks for each XLA compile of a first Check: a count per exercise, not a timing.

    .venv/bin/python -m benchmarks.first_compiles                    # every exercise
    .venv/bin/python -m benchmarks.first_compiles --only 01.center,04.sgd_step --jobs 2
    .venv/bin/python -m benchmarks.first_compiles --json out.json   # the figures, for diffs

Each exercise and answer (right and wrong, as ``benchmarks.check_speed`` builds them) in
a fresh process: JAX and ``jaxtour.checks`` imported, the answer built (not counted),
then one ``checks.check`` with a ``jax.monitoring`` listener that, at each backend
compile, reads the Python stack and names who asked for it:

- ``answer``: the learner's answer ran (its own code, or the grader calling it);
- ``reference``: the reference built, or its outputs computed (with its warm-up);
- ``inputs``: the cases built (for the reference, or for this check);
- ``mistakes``: a declared mistake's predicate or example (its outputs too);
- ``rule``: the rule's own work on the outputs (comparisons, the explainer);
- ``lookup``: finding the exercise; ``other``: anything else (named by its function).

Counts are exact where times are noise (the machine is shared): the compile seconds
are the backend compile's and the lowering's as JAX reports them.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KINDS = ("right", "wrong")
WHO = ("answer", "reference", "inputs", "mistakes", "rule", "lookup", "other")


def _codes(fn: object) -> set[types.CodeType]:
    """The code objects of the answer's own functions (nested ones too)."""
    found: set[types.CodeType] = set()
    seen: set[int] = set()

    def visit(value: object, depth: int) -> None:
        if id(value) in seen or depth > 4:
            return
        seen.add(id(value))
        code = getattr(value, "__code__", None)
        if isinstance(code, types.CodeType):
            stack = [code]
            while stack:
                c = stack.pop()
                found.add(c)
                stack += [k for k in c.co_consts if isinstance(k, types.CodeType)]
            for cell in getattr(value, "__closure__", None) or ():
                try:
                    visit(cell.cell_contents, depth + 1)
                except ValueError:
                    pass
        wrapped = getattr(value, "__wrapped__", None)
        if wrapped is not None:
            visit(wrapped, depth + 1)

    visit(fn, 0)
    return found


class Attribution:
    """The monitoring listener: each compile's event, named by the stack that asked."""

    def __init__(self, answer: object) -> None:
        self.answer_codes = _codes(answer)
        self.on = False
        self.compiles: list[dict] = []
        self.lowering_s = {w: 0.0 for w in WHO}
        self.trace_s = {w: 0.0 for w in WHO}

    def who(self) -> str:
        frame = sys._getframe(2)
        names = []  # (file stem, function), innermost first
        while frame is not None:
            code = frame.f_code
            if (
                code in self.answer_codes
                or code.co_filename.startswith(("<jaxtour-solution", "<jaxtour-setup"))
                or "wrong_answers" in code.co_filename
            ):
                return "answer"
            names.append((Path(code.co_filename).stem, code.co_name, frame))
            frame = frame.f_back
        outer = [(stem, name) for stem, name, _ in names]
        for index, (stem, name, frame) in enumerate(names):
            rest = outer[index + 1 :]
            if stem == "learner_code" and name in ("raw_call", "call_learner", "transformed"):
                return "answer"
            if (
                stem == "rules"
                and name == "_inputs"
                or (stem == "rules" and name == "cases_of_this_check")
            ):
                return "inputs"
            if stem == "rules" and name == "__getitem__" and "self" in frame.f_locals:
                if not hasattr(frame.f_locals["self"], "_fn"):
                    continue
                if ("judge", "makes") in rest or ("judge", "_built_example") in rest:
                    continue  # named by the mistake, further out
                return "reference"
            if stem == "judge" and name == "_warm_up":
                if ("judge", "_built_example") in rest:
                    continue
                return "reference"
            if stem == "judge" and name in ("makes", "_built_example", "unsafe_when_compiled"):
                mistake = frame.f_locals.get("mistake")
                return "mistakes:" + str(getattr(mistake, "id", name))
            if stem == "judge" and name == "_by_the_rule":
                return "rule"
            if stem == "judge" and name == "_judge":
                line = frame.f_lineno
                source = _line(frame.f_code.co_filename, line)
                if "reference()" in source:
                    return "reference"
                return f"other:_judge:{source.strip()[:40]}"
            if stem == "checks" and name == "_lookup":
                return "lookup"
        jaxtour_frames = [
            f"{stem}.{name}"
            for stem, name, f in names
            if "/jaxtour/" in f.f_code.co_filename and "site-packages" not in f.f_code.co_filename
        ]
        return "other:" + (jaxtour_frames[0] if jaxtour_frames else "?")

    def listener(self, event: str, duration: float, **kwargs: object) -> None:
        if not self.on:
            return
        if event == "/jax/core/compile/backend_compile_duration":
            self.compiles.append(
                {"who": self.who(), "s": duration, "name": str(kwargs.get("fun_name", ""))}
            )
        elif event == "/jax/core/compile/jaxpr_to_mlir_module_duration":
            who = self.who().split(":")[0]
            self.lowering_s[who if who in WHO else "other"] += duration
        elif event == "/jax/core/compile/jaxpr_trace_duration":
            who = self.who().split(":")[0]
            self.trace_s[who if who in WHO else "other"] += duration


def _line(filename: str, lineno: int) -> str:
    import linecache

    return linecache.getline(filename, lineno)


def child(exercise_id: str, kind: str) -> dict:
    import jax
    import jax.numpy  # noqa: F401
    from jax import monitoring

    from benchmarks import check_speed
    from jaxtour import checks

    answer, source = (check_speed._right_answer if kind == "right" else check_speed._wrong_answer)(
        exercise_id
    )
    jax.block_until_ready(answer) if not callable(answer) else None
    if exercise_id[:2] in check_speed.LESSON_SETUP:
        check_speed.LESSON_SETUP[exercise_id[:2]]()
    attribution = Attribution(answer)
    monitoring.register_event_duration_secs_listener(attribution.listener)
    attribution.on = True
    start, cpu = time.perf_counter(), time.process_time()
    feedback = checks.check(exercise_id, answer)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    attribution.on = False
    by: dict[str, dict[str, float]] = {}
    for compile_ in attribution.compiles:
        who = compile_["who"].split(":")[0]
        who = who if who in WHO else "other"
        row = by.setdefault(who, {"count": 0, "s": 0.0})
        row["count"] += 1
        row["s"] += compile_["s"]
    return {
        "status": feedback.status,
        "mistake": feedback.mistake,
        "source": source,
        "wall_s": wall,
        "cpu_s": cpu,
        "by": by,
        "lowering_s": attribution.lowering_s,
        "trace_s": attribution.trace_s,
        "compiles": attribution.compiles,
    }


def _run_child(exercise_id: str, kind: str, root: Path, env: dict[str, str]) -> dict:
    from benchmarks import check_speed

    command = [sys.executable, "-m", "benchmarks.first_compiles", "--child", exercise_id, kind]
    inherited = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    path = os.pathsep.join([str(root), *inherited])  # root's jaxtour first; installs kept
    env = dict(check_speed._devices_for(exercise_id, env), PYTHONPATH=path)
    out = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True, timeout=900)
    if out.returncode != 0:
        return {"error": out.stderr[-1500:]}
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="comma-separated exercise ids")
    parser.add_argument("--jobs", type=int, default=1, help="fresh processes run at once")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to measure")
    parser.add_argument("--json", type=Path, help="write every figure here")
    parser.add_argument("--child", nargs=2, metavar=("ID", "KIND"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(*args.child)))
        return 0
    from benchmarks import check_speed
    from jaxtour import checks

    ids = [i for i in args.only.split(",") if i] or checks.list_exercises()
    results: dict[str, dict[str, dict]] = {i: {} for i in ids}
    with tempfile.TemporaryDirectory(prefix="jaxtour-first-compiles-") as data_dir:
        env = check_speed._environment(data_dir)
        env["JAXTOUR_PROGRESS"] = "off"
        jobs = [(i, k) for i in ids for k in KINDS]
        with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
            done = pool.map(lambda job: (job, _run_child(*job, args.root, env)), jobs)
            for (exercise_id, kind), result in done:
                results[exercise_id][kind] = result
                print(_row(exercise_id, kind, result), flush=True)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n")
    return 0


def _row(exercise_id: str, kind: str, result: dict) -> str:
    if "error" in result:
        return f"{exercise_id} {kind}: ERROR {result['error'][-300:]}"
    total = sum(r["count"] for r in result["by"].values())
    seconds = sum(r["s"] for r in result["by"].values())
    parts = " ".join(
        f"{w}={result['by'][w]['count']}/{result['by'][w]['s']:.2f}s"
        for w in WHO
        if w in result["by"]
    )
    return (
        f"{exercise_id} {kind} [{result['status']}] wall {result['wall_s']:.2f}s "
        f"cpu {result.get('cpu_s', 0):.2f}s "
        f"compiles {total} ({seconds:.2f}s): {parts}"
    )


if __name__ == "__main__":
    os.environ.setdefault("JAXTOUR_PROGRESS", "off")
    raise SystemExit(main())
