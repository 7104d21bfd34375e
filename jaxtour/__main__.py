"""``python -m jaxtour``: the ``jaxtour`` command (``python -m jaxtour doctor``), for a
machine where the command's script is not on PATH (a Colab or Kaggle runtime, a venv
that is not activated)."""

from __future__ import annotations

import sys

from jaxtour.cli import main

if __name__ == "__main__":
    sys.exit(main())
