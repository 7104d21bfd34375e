"""The modules the grader reads, as they were before any learner code could touch them.

A learner's code can rebind ``np.isclose``, ``jnp.mean``, ``time.perf_counter``,
``functools.reduce``, ``operator.add``, ``jax.nn.relu`` or ``builtins.isinstance`` (by
accident or on purpose); the grader must still judge with the real ones. Every guarded
module's namespace is snapshotted once: those already loaded when the grader is imported
at once, and those imported later (``import jax`` after ``from jaxtour import checks``)
the moment their import finishes, through an import hook, so even a notebook that
rebinds ``jnp.mean`` before its first check cannot poison the snapshot.
``isolation.preserved_world`` puts these values in place for each check and compares
afterwards.

``np`` is NumPy's namespace as it was when jaxtour was imported: grader modules write
``from jaxtour.grader.pristine import np``.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
import types
from typing import Any

import numpy

__all__ = ["IGNORED", "differences", "guarded", "np", "pristine_namespaces"]

GUARDED = (
    "builtins",
    "time",
    "math",
    "operator",
    "functools",
    "numpy",
    "jax",
    "jax.numpy",
    "jax.lax",
    "jax.tree",
    "jax.tree_util",
    "jax.random",
    "jax.nn",
    # Read by rules at check time: lesson 13's checkify exercise, lesson 14's workers.
    "jax.experimental.checkify",
    "subprocess",
    # The language of the messages: a check speaks the language it started in, whatever
    # the answer rebinds (only checks.use_language changes it; isolation.preserved_world).
    "gettext",
    "jaxtour.i18n",
)

# Names a session itself rebinds as it runs: IPython's _ and Out, help and exit, and
# input, which ipykernel binds anew (a fresh bound method) for every cell it runs: read as
# a rebinding, it made every check in a kernel forget every program JAX had compiled.
IGNORED = frozenset(
    {"_", "__", "___", "_ih", "_oh", "_dh", "In", "Out", "exit", "quit", "display", "input"}
    | {"get_ipython", "__IPYTHON__", "help", "copyright", "credits", "license"}
)


def guarded(name: str) -> bool:
    """The modules the grader reads: GUARDED, and every NumPy submodule, private ones too:
    ``np.isclose`` reads ``less_equal`` from ``numpy._core.numeric`` when it is called;
    rebinding that made every comparison the grader makes true, ``np.isclose`` untouched.
    (JAX's private modules are not watched: some 10,000 more attributes a check.)"""
    return name in GUARDED or name.split(".")[0] == "numpy"


_pristine: dict[str, dict[str, Any]] = {}


def _take(name: str, module: Any) -> None:
    if name not in _pristine and isinstance(module, types.ModuleType):
        namespace = dict(vars(module))
        if name not in GUARDED and any(part.startswith("_") for part in name.split(".")):
            # A private module's functions, classes and modules only: JAX sets its own
            # state there as it runs (``xla_bridge._default_backend`` at the first
            # compile, ``compilation_cache._cache_used``), which is no learner's doing.
            namespace = {k: v for k, v in namespace.items() if isinstance(v, _CODE)}
        _pristine[name] = namespace


_CODE = (
    types.FunctionType,
    types.BuiltinFunctionType,
    types.ModuleType,
    type,
    getattr(numpy, "ufunc", type),
)


# len(sys.modules) at the last scan: no new module, nothing to take. A dict, not a
# global rebound: the grader's modules are themselves watched for rebinding (isolation).
_modules_seen = {"count": 0}


def pristine_namespaces() -> dict[str, dict[str, Any]]:
    """Each guarded module's namespace as first seen (a module first seen now is taken now)."""
    if len(sys.modules) != _modules_seen["count"]:
        for name, module in list(sys.modules.items()):
            if guarded(name):
                _take(name, module)
        _modules_seen["count"] = len(sys.modules)
    return _pristine


def differences(name: str) -> list[str]:
    """``module.attribute`` for every attribute of a guarded module rebound or deleted
    since its snapshot (new attributes do not count: JAX adds submodules as it loads)."""
    before = _pristine.get(name)
    module = sys.modules.get(name)
    if before is None or module is None:
        return []
    now = vars(module)
    missing = object()
    return [
        f"{name}.{attribute}"
        for attribute, value in before.items()
        if attribute not in IGNORED and now.get(attribute, missing) is not value
    ]


class _Loader(importlib.abc.Loader):
    """A guarded module's own loader; the snapshot is taken when its code has run."""

    def __init__(self, loader: Any) -> None:
        self._loader = loader

    def create_module(self, spec: Any) -> Any:
        return self._loader.create_module(spec)

    def exec_module(self, module: Any) -> None:
        self._loader.exec_module(module)
        _take(module.__name__, module)

    def __getattr__(self, name: str) -> Any:  # get_source, get_resource_reader, ...
        return getattr(self._loader, name)


class _Snapshotter(importlib.abc.MetaPathFinder):
    """Finds nothing itself: wraps the loader of a guarded module not yet snapshotted."""

    def find_spec(self, name: str, path: Any, target: Any = None) -> Any:
        if not guarded(name) or name in _pristine:
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                if spec.loader is not None and hasattr(spec.loader, "exec_module"):
                    spec.loader = _Loader(spec.loader)
                return spec
        return None


if not any(isinstance(finder, _Snapshotter) for finder in sys.meta_path):
    sys.meta_path.insert(0, _Snapshotter())
pristine_namespaces()


class _Namespace(types.SimpleNamespace):
    """The copy; a submodule NumPy loads lazily (``np.random``) is read from NumPy itself."""

    def __getattr__(self, name: str):
        return getattr(numpy, name)


np = _Namespace(**_pristine["numpy"])
