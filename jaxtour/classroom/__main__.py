"""``python -m jaxtour.classroom``: the teachers' service (``service.main``)."""

import sys

from jaxtour.classroom.service import main

sys.exit(main())
