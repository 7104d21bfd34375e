"""jaxtour: an interactive tour of JAX for NumPy users.

Importing the package is cheap: JAX, ipywidgets and matplotlib load only when a
check or a widget needs them. Start with ``from jaxtour import checks``.
"""

import os as _os

__version__ = "0.1.0"
__all__ = ["__version__"]

# On a TPU, libtpu pins a host buffer for transfers when the chip opens: 4 GiB by default,
# 9-10 s of the first JAX call on a TPU v5e we measured (benchmarks/GPU.md). The tour's
# transfers are small: with 256 MiB the chip opened in 2.3 s there. A learner's own value
# wins; the variable means nothing to a CPU or a GPU.
_os.environ.setdefault("TPU_PREMAPPED_BUFFER_SIZE", str(256 * 2**20))
