"""round 15 judged as round 4 is (round4/measure.py says how), from the repository root::

JAXTOUR_PROGRESS=off .venv/bin/python -m tests.content.wrong_answers.round15.measure [NN ...]

Written from the English lessons alone by three writers who never read the grader, the
corpus or the tests (2026-12-06, seventh session). before.tsv: its lines on main at
0f044ce, before any fix made after reading them (669 wrong, 180 right: 16 of 615 refused
wrong answers generic, 2.6 %; 54 accepted, most of them loose letter formats; no right
answer refused), lessons 15-16's roofs those the shipped notebook printed.
after.tsv: at 539d744, after this session's fixes (0 of 617 refused generic; 52
accepted: 49 letter formats read by the one letter rule, 08.speedup's single timed
calls, 09.random_walk at steps=0, which the task never names, and 11.while_grad's
jnp.asarray max_steps, right for the eager check the task describes; 1 right refused:
the page's matmul kernel on a transposed copy of y, which 16.fix_scores refuses since
this session).
"""

from __future__ import annotations

import sys

from tests.content.wrong_answers.round4.measure import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], round_number=15))
