"""round 16 judged as round 4 is (round4/measure.py says how), from the repository root::

JAXTOUR_PROGRESS=off .venv/bin/python -m tests.content.wrong_answers.round16.measure [NN ...]

Written from the English lessons alone by three writers who never read the grader, the
corpus or the tests (2026-12-06, eighth session). Their 15.bound and 15.estimate answers
read the roofs the learner's kernel measured (``timing.measured_roofline()``): here those
are the shipped notebook's, the same the grader judges against (round4/measure.py).
"""

from __future__ import annotations

import sys

from tests.content.wrong_answers.round4.measure import main


def _the_pages_roofs() -> None:
    import jax

    from jaxtour import timing
    from tests import stand_ins

    jax.config.update("jax_num_cpu_devices", 8)  # as main() does, before the backend starts
    shipped = stand_ins.roofline(bandwidth=8.99e9, flop_rate=162.74e9)
    timing._ROOFLINES[jax.default_backend()] = shipped  # what measured_roofline() reads


if __name__ == "__main__":
    _the_pages_roofs()
    sys.exit(main(sys.argv[1:], round_number=16))
