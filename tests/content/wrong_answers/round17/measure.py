"""round 17 judged as round 4 is (round4/measure.py says how), from the repository root::

JAXTOUR_PROGRESS=off .venv/bin/python -m tests.content.wrong_answers.round17.measure [NN ...]

Written from the English lessons alone by three writers who never read the grader, the
corpus or the tests (2026-12-07, ninth session). 15.bound and 15.estimate are judged
against the roofs the shipped notebook printed, which the writers read (round 4's measure
reads them from it).

before.tsv: main at 7a3b211, before any fix made after reading them, on a frozen tree
(645 wrong, 184 right lines: 11 of 617 refused wrong answers generic, 1.8 %; above 1 in
8: 08.update 2/11; 28 accepted, 21 of them letter formats the letter rule reads; 1 right
refused: 08.update's result as a list, where the task asks for a tuple). The audit
(read only by the session's fixers; not in the tree): 7 wrong diagnoses, no recipe.

after.tsv: main at adf195b, after this session's fixes, judged on the device machine's
CPU (JAX_PLATFORMS=cpu, lessons 00-13 and 15-16; lesson 14, which needs sockets, on this
machine at aec8ac2): 0 of 620 refused wrong answers generic; 25 accepted, 21 of them
letter formats, 2 of 15.fixed_shape's lengths of another count (a new output shape, which
retraces any answer), 16.row_sums' interpret=True written in (no CPU run can tell); 1 right
refused (08.update's list). round16/after_s53.tsv: round 16 judged the same way (0 of 673
generic).
"""

from __future__ import annotations

import sys

from tests.content.wrong_answers.round4.measure import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], round_number=17))
