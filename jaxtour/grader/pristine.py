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

JAX's private modules are too many to watch whole (some 25,000 functions); a check reads
only the functions its public API reaches by name (``jnp.mean`` reads ``_mean`` from
``jax._src.numpy.reductions``, which reads ``lax.div``): found once, when ``jax.numpy`` is
loaded, by reading which global names each reached function's code uses (``_reached``),
about 1,800 in 80 modules, with their values as JAX's import left them (``_early``). The
classes of JAX's arrays and tracers are watched the same way, attribute by attribute
(``ArrayImpl.__sub__``, ``Tracer.__sub__``, ``ShapedArray._sub``): their namespaces are
named ``module.Class`` here, and ``holder`` finds the class.

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

__all__ = ["IGNORED", "differences", "generation", "guarded", "holder", "np", "pristine_namespaces"]

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
    (JAX's private modules are watched only where the public API reaches: ``_reach_jax``.)"""
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
    if name == "jax" or name.startswith("jax."):
        _keep_jax_as_imported()  # JAX's modules, as its import (now finished) left them


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
    """Each guarded module's namespace as first seen (a module first seen now is taken now),
    and the JAX functions and classes the grader reaches (``_reach_jax``)."""
    if len(sys.modules) != _modules_seen["count"]:
        for name, module in list(sys.modules.items()):
            if guarded(name):
                _take(name, module)
        _keep_jax_as_imported()
        _reach_jax()
        _modules_seen["count"] = len(sys.modules)
    return _pristine


def holder(name: str) -> Any:
    """The module, or the JAX class, whose namespace ``_pristine[name]`` is."""
    module = sys.modules.get(name)
    return module if module is not None else _classes.get(name)


# --- JAX: the functions and classes a check reaches ------------------------------------

# Each JAX module's namespace as first seen once JAX's import had finished: the values the
# reached names are watched for. A copy of each dict, once (about 2 ms for 600 modules).
_early: dict[str, dict[str, Any]] = {}
# "module.Class" -> the class, for the watched classes of JAX's arrays and tracers.
_classes: dict[str, type] = {}
# The guarded public modules the reach was last computed from, and the classes seen.
_reached_from: dict[str, Any] = {"roots": (), "classes": 0, "generation": 0}

_JAX_ROOTS = tuple(name for name in GUARDED if name == "jax" or name.startswith("jax."))


def _keep_jax_as_imported() -> None:
    """Copy every JAX module not copied yet, unless one is still being imported (its
    namespace half made: ``import jax`` runs its submodules first)."""
    if "jax" not in sys.modules or "jax" not in _pristine and _importing():
        return
    for name, module in list(sys.modules.items()):
        if (
            name not in _early
            and (name == "jax" or name.startswith(("jax.", "jaxlib")))
            and isinstance(module, types.ModuleType)
            and not _initializing(module)
        ):
            _early[name] = dict(vars(module))


def _importing() -> bool:
    return _initializing(sys.modules.get("jax"))


def _initializing(module: Any) -> bool:
    spec = getattr(module, "__spec__", None)
    return bool(getattr(spec, "_initializing", False))


def _jax_classes() -> list[type]:
    """The classes whose attributes JAX's arrays and tracers read on every operation:
    jax.Array's implementation and its bases, Tracer and every subclass of it loaded, and
    the abstract values a tracer forwards its operators to (``ShapedArray._sub``)."""
    core = sys.modules.get("jax._src.core")
    array = sys.modules.get("jax._src.array")
    if core is None or array is None:
        return []
    found: list[type] = []
    for root in (getattr(array, "ArrayImpl", None), getattr(core, "ShapedArray", None)):
        if isinstance(root, type):
            found += [cls for cls in root.__mro__ if cls is not object]
    tracer = getattr(core, "Tracer", None)
    stack = [tracer] if isinstance(tracer, type) else []
    while stack:
        cls = stack.pop()
        found.append(cls)
        stack += type.__subclasses__(cls)
    return found


def _reach_jax() -> None:
    """Watch the JAX functions the public API reaches by name, and JAX's array classes.

    Computed once ``jax.numpy`` is loaded, and again when another guarded JAX module or a
    new tracer class has been loaded: about 30 ms. Each reached name of a private module
    is watched with its value from ``_early`` (as JAX's import left it); a name JAX itself
    binds later (no such name was found rebinding a function in 2026-12's JAX) would be
    refused as a rebinding."""
    if "jax.numpy" not in sys.modules or _importing():
        return
    roots = tuple(name for name in _JAX_ROOTS if name in _pristine)
    classes = _jax_classes()
    if roots == _reached_from["roots"] and len(classes) == _reached_from["classes"]:
        return
    _reached_from.update(roots=roots, classes=len(classes))
    for cls in classes:
        name = f"{cls.__module__}.{cls.__qualname__}"
        if name not in _pristine and name not in sys.modules:
            _classes[name] = cls
            _pristine[name] = {
                key: value for key, value in vars(cls).items() if key not in _CLASS_OWN
            }
    todo = [v for root in roots for v in _pristine[root].values() if _is_code(v)]
    for name in _classes:
        todo += [v for v in _pristine[name].values() if _is_code(v)]
    reached: dict[str, dict[str, Any]] = {}
    seen: set[int] = set()
    while todo:
        value = todo.pop()
        if id(value) in seen:
            continue
        seen.add(id(value))
        function, code = _code_of(value)
        if code is None:
            continue
        module = function.__globals__.get("__name__", "")
        if not isinstance(module, str) or not module.startswith("jax"):
            continue
        names = _names(code)
        spaces = [(module, _early.get(module, function.__globals__))]
        for name in names:
            used = function.__globals__.get(name)
            if isinstance(used, types.ModuleType) and used.__name__.startswith("jax"):
                spaces.append((used.__name__, _early.get(used.__name__, vars(used))))
        for space, namespace in spaces:
            if space in GUARDED:
                continue  # watched whole already
            for name in names:
                if name not in namespace:
                    continue
                found = namespace[name]
                if isinstance(found, types.ModuleType) or not (
                    callable(found) or _is_primitive(found)
                ):
                    continue
                reached.setdefault(space, {})[name] = found
                if _is_code(found):
                    todo.append(found)
    for space, attributes in reached.items():
        if space in sys.modules:
            _pristine[space] = {**_pristine.get(space, {}), **attributes}
    _reached_from["generation"] += 1


def generation() -> tuple[int, int]:
    """Changes whenever the watched namespaces do (a module taken, the reach recomputed)."""
    return len(_pristine), _reached_from["generation"]


# A class's own bookkeeping: not what an operation reads.
_CLASS_OWN = frozenset({"__dict__", "__weakref__", "__doc__", "__abstractmethods__", "_abc_impl"})


def _is_code(value: Any) -> bool:
    return callable(value) and not isinstance(value, type | types.ModuleType)


def _is_primitive(value: Any) -> bool:
    """A JAX primitive (``lax.add_p``), by its class's name: ``lax.add`` binds it by name."""
    return any(cls.__name__ == "Primitive" for cls in type(value).__mro__)


def _code_of(value: Any) -> tuple[Any, types.CodeType | None]:
    """The Python function behind ``value`` (a jitted function's, a custom_jvp's), and
    its code."""
    for _ in range(6):
        code = getattr(value, "__code__", None)
        if isinstance(code, types.CodeType) and hasattr(value, "__globals__"):
            return value, code
        if isinstance(value, property | staticmethod | classmethod):
            value = getattr(value, "fget", None) or getattr(value, "__func__", None)
            continue
        value = getattr(value, "__wrapped__", None) or getattr(value, "fun", None)
        if value is None:
            break
    return None, None


def _names(code: types.CodeType) -> set[str]:
    """The names a function's code reads (globals and attributes alike), nested code too."""
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _names(const)
    return names


def differences(name: str) -> list[str]:
    """``module.attribute`` for every attribute of a guarded module rebound or deleted
    since its snapshot (new attributes do not count: JAX adds submodules as it loads)."""
    before = _pristine.get(name)
    module = holder(name)
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
