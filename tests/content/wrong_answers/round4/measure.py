"""Round 4 judged by checks.check as this tree has it, from the repository root::

    JAXTOUR_PROGRESS=off .venv/bin/python -m tests.content.wrong_answers.round4.measure [NN ...]

One line per answer (kind, exercise, what the learner did, verdict, the message's first
line), then the figures: wrong answers accepted, generic messages among the refused
(``is_generic``, as the corpus test counts them), right answers refused, and the
exercises with more than one in eight generic. Judged as the test session judges: 8 CPU
devices, 08.speedup against the stand-in timings (so a right 08.speedup answer, which
times this machine for real, can be refused on a loaded machine: read its REFUSED line
with the load in mind).

With ``JAXTOUR_MEASURE_MESSAGES=FILE`` set, every refused wrong answer's whole message (and
the explanation shown after it) is written there too, one block per answer, for an audit:
``=== exercise | what the learner did | mistake=id``.
"""

from __future__ import annotations

import importlib
import sys
from collections import Counter


def shipped_roofs() -> dict[str, float]:
    """The copy bandwidth and flop rate lessons/15_why_slow.ipynb printed (its roof table:
    the first figures in GB/s and GFLOP/s), in bytes and flops per second."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[4] / "lessons" / "15_why_slow.ipynb").read_text()
    bandwidth = float(re.search(r"([\d.]+) GB/s", text).group(1))
    flop_rate = float(re.search(r"([\d.]+) GFLOP/s", text).group(1))
    return {"bandwidth": bandwidth * 1e9, "flop_rate": flop_rate * 1e9}


def main(lessons: list[str], round_number: int = 4) -> int:
    """Judge round ``round_number`` (its lessonNN modules' ROUND_N and RIGHT_N)."""
    import os

    import jax

    # the answers were written for the page, which shows variant 0 of every exercise
    os.environ.setdefault("JAXTOUR_VARIANT", "0")

    jax.config.update("jax_num_cpu_devices", 8)

    from jaxtour import catalog, checks, timing
    from jaxtour.exercises import lesson08, lesson15
    from tests import stand_ins
    from tests.content.wrong_answers import is_generic

    lesson08.measure_band = stand_ins.speedup_band
    # 15.bound and 15.estimate judge against the roofs the learner's page printed: the
    # shipped notebook's, read from it (it is rebuilt when the lesson changes)
    shipped = stand_ins.roofline(**shipped_roofs())
    lesson15.device_roofline = lambda: shipped
    timing._ROOFLINES[jax.default_backend()] = shipped  # what measured_roofline() reads
    # and what the learner's `roof = timing.roofline()` gave: the page's (round 21's
    # answers call it; a measurement here, under load, was 8 times slower than the page's)
    timing.roofline = lambda budget_s=0.3: shipped
    messages_path = os.environ.get("JAXTOUR_MEASURE_MESSAGES")
    messages = open(messages_path, "w", encoding="utf-8") if messages_path else None  # noqa: SIM115
    count: Counter[str] = Counter()
    generic_in: Counter[str] = Counter()
    wrong_in: Counter[str] = Counter()
    for number in lessons or [lesson.number for lesson in catalog.LESSONS]:
        package = f"tests.content.wrong_answers.round{round_number}"
        module = importlib.import_module(f"{package}.lesson{number}")
        wrong = getattr(module, f"ROUND_{round_number}")
        right = getattr(module, f"RIGHT_{round_number}")
        for kind, answers in (("wrong", wrong), ("right", right)):
            for answer in answers:
                try:
                    value = answer.answer()
                except Exception as exc:  # the exercise cell itself would fail
                    verdict, first = "CELL-FAILS", repr(exc)[:80]
                else:
                    feedback = checks.check(answer.exercise_id, value)
                    first = feedback.message.splitlines()[0][:160] if feedback.message else ""
                    verdict = _verdict(kind, feedback, is_generic)
                    if messages is not None and kind == "wrong" and not feedback.passed:
                        _write_message(messages, answer, feedback)
                count[f"{kind} {verdict if verdict.isupper() or verdict == 'generic' else ''}"] += 1
                if kind == "wrong" and verdict != "ACCEPTED":
                    wrong_in[answer.exercise_id] += 1
                    generic_in[answer.exercise_id] += verdict == "generic"
                print(f"{kind}\t{answer.exercise_id}\t{answer.what[:60]}\t{verdict}\t{first}")
    refused = sum(wrong_in.values())
    generic = sum(generic_in.values())
    print(f"# {dict(count)}")
    print(
        f"# generic: {generic} of {refused} refused wrong answers ({generic / max(1, refused):.1%})"
    )
    crowded = {e: f"{n}/{wrong_in[e]}" for e, n in generic_in.items() if 8 * n > wrong_in[e]}
    print(f"# exercises above 1 in 8 generic: {crowded or 'none'}")
    return 0


def _write_message(out, answer, feedback) -> None:
    out.write(f"=== {answer.exercise_id} | {answer.what} | mistake={feedback.mistake}\n")
    out.write((feedback.message or "") + "\n")
    if getattr(feedback, "explanation", None):
        out.write(f"[shown after it] {feedback.explanation}\n")
    out.write("\n")
    out.flush()


def _verdict(kind: str, feedback, is_generic) -> str:
    if kind == "right":
        return "ok" if feedback.passed else "REFUSED"
    if feedback.passed:
        return "ACCEPTED"
    if is_generic(feedback):
        return "generic"
    return feedback.mistake or f"rule:{feedback.status}"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
