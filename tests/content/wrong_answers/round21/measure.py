"""round 21 judged as round 4 is (round4/measure.py says how), from the repository root::

JAXTOUR_PROGRESS=off .venv/bin/python -m tests.content.wrong_answers.round21.measure [NN ...]

Written from the English lessons alone by five writers who never read the grader, the
corpus or the tests (2026-12-07, thirteenth session); 15.bound and 15.estimate are judged
against the roofs the shipped notebook printed, which the writers read.
"""

from __future__ import annotations

import sys

from tests.content.wrong_answers.round4.measure import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], round_number=21))
