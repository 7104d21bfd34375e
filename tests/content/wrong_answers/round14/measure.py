"""round 14 judged as round 4 is (round4/measure.py says how), from the repository root::

JAXTOUR_PROGRESS=off .venv/bin/python -m tests.content.wrong_answers.round14.measure [NN ...]

before.tsv: its lines before any fix (main at 129b119, 2026-12-06; lessons 04-07, 09-11,
15 and 16 judged again once their answers were complete); after.tsv: at f0de253, after
the session's fixes (07.stale_global's task was asked anew in between: its round-14
answers are to the old one).
"""

from __future__ import annotations

import sys

from tests.content.wrong_answers.round4.measure import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], round_number=14))
