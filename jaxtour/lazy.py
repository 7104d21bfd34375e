"""JAX, imported on first use.

``import jaxtour`` must stay cheap (no JAX, matplotlib or ipywidgets), yet the code that
checks answers should read like JAX code. So modules write::

    from jaxtour.lazy import jax, jnp

    def reference():
        return jnp.arange(10)          # jax.numpy is imported here, on first attribute use

``is_jax_array`` answers without importing JAX: if JAX was never imported, no value can
be a jax array.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import Any

__all__ = ["is_jax_array", "is_tracer", "jax", "jnp"]


class LazyModule:
    """Stands for the module ``name``; imports it when an attribute is first read."""

    def __init__(self, name: str) -> None:
        object.__setattr__(self, "_name", name)
        object.__setattr__(self, "_module", None)

    def _load(self) -> ModuleType:
        module = self._module
        if module is None:
            module = importlib.import_module(self._name)
            object.__setattr__(self, "_module", module)
        return module

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self._load(), attribute)

    def __setattr__(self, attribute: str, value: Any) -> None:
        raise AttributeError(f"jaxtour.lazy.{self._name} is read-only")

    def __repr__(self) -> str:
        state = "imported" if self._module is not None else "not imported yet"
        return f"<lazy module {self._name!r} ({state})>"


jax: Any = LazyModule("jax")
jnp: Any = LazyModule("jax.numpy")


def is_jax_array(value: Any) -> bool:
    """True for a jax.Array (tracers included); never imports JAX. Read from the value's
    exact type, never from its ``__class__``, which any object can claim."""
    loaded = sys.modules.get("jax")
    return loaded is not None and issubclass(type(value), loaded.Array)


def is_tracer(value: Any) -> bool:
    """True for a tracer (a value JAX uses while it traces a function); never imports JAX.
    Read from the exact type, as ``is_jax_array``."""
    loaded = sys.modules.get("jax")
    return loaded is not None and issubclass(type(value), loaded.core.Tracer)
