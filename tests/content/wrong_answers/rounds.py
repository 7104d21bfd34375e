"""The generic share of one round of wrong answers, as checks.check judges them now.

A round is a tuple named in every lesson module (``ROUND_2``: written from the lessons'
text alone for issue 21). Run from the repository root::

    .venv/bin/python -m tests.content.wrong_answers.rounds ROUND_2

It prints each answer's verdict (mistake id, or "generic", or the rule's own message),
then the share of generic messages, and the exercises with more than two. It judges as
the test session does: 8 CPU devices for lesson 10, and 08.speedup against the stand-in
timings (tests/stand_ins.py).
"""

from __future__ import annotations

import importlib
import sys
from collections import Counter


def main(round_name: str = "ROUND_2") -> int:
    import jax

    jax.config.update("jax_num_cpu_devices", 8)

    from jaxtour import catalog, checks
    from jaxtour.exercises import lesson08
    from tests import stand_ins
    from tests.content.wrong_answers import is_generic

    lesson08.measure_band = stand_ins.speedup_band
    answers = []
    for lesson in catalog.LESSONS:
        module = importlib.import_module(f"tests.content.wrong_answers.lesson{lesson.number}")
        answers += getattr(module, round_name, ())
    generic: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for wrong in answers:
        total[wrong.exercise_id] += 1
        try:
            answer = wrong.answer()
        except Exception as exc:  # the exercise cell itself would fail: not an answer
            print(f"{wrong.exercise_id:26} {wrong.what[:40]:40} CELL FAILS: {exc!r:.100}")
            continue
        feedback = checks.check(wrong.exercise_id, answer)
        if feedback.passed:
            verdict = "PASSED"
        elif is_generic(feedback):
            verdict = "generic"
            generic[wrong.exercise_id] += 1
        else:
            verdict = feedback.mistake or "rule"
        first_line = feedback.message.splitlines()[0] if feedback.message else ""
        print(f"{wrong.exercise_id:26} {wrong.what[:40]:40} {verdict:22} {first_line[:150]}")
    share = sum(generic.values()) / max(1, len(answers))
    print(f"\n{round_name}: {len(answers)} answers, {sum(generic.values())} generic ({share:.1%})")
    crowded = {e: n for e, n in generic.items() if n > 2}
    print(f"exercises with more than 2 generic: {crowded or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
