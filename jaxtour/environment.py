"""A short report of where the lessons are running: Python, JAX, the backend and devices."""

from __future__ import annotations

import platform
import sys

from jaxtour.feedback import Note


def report() -> Note:
    """Versions, backend and devices, as a displayable Note."""
    import jax
    import jaxlib
    import numpy as np

    devices = jax.devices()
    lines = [
        f"Python   {platform.python_version()} ({sys.platform})",
        f"JAX      {jax.__version__}",
        f"jaxlib   {jaxlib.__version__}",
        f"NumPy    {np.__version__}",
        f"backend  {jax.default_backend()}",
        "devices  " + ", ".join(f"{d} ({d.device_kind})" for d in devices),
    ]
    return Note("Your environment", "\n".join(lines), code=True)
