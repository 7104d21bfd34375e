"""round 14 judged as round 4 is (round4/measure.py says how), from the repository root::

JAXTOUR_PROGRESS=off .venv/bin/python -m tests.content.wrong_answers.round14.measure [NN ...]
"""

from __future__ import annotations

import sys

from tests.content.wrong_answers.round4.measure import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], round_number=14))
