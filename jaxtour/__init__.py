"""jaxtour: an interactive tour of JAX for NumPy users.

Importing the package is cheap: JAX, ipywidgets and matplotlib load only when a
check or a widget needs them. Start with ``from jaxtour import checks``.
"""

__version__ = "0.1.0"
__all__ = ["__version__"]
