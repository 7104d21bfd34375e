"""Keep a check from changing the learner's world.

``preserved_world()`` snapshots what the learner's code could change behind their
back (JAX's configuration, including x64 and the default device; NumPy's global
random state; matplotlib's current figure and rcParams; the functions of the modules
the grader reads, which an answer could rebind, ``gettext`` and ``jaxtour.i18n`` among
them) and restores it afterwards; the language of the messages is held for the check
(only ``checks.use_language`` changes it, not ``$JAXTOUR_LANG`` set by the answer); what the
answer rebound is reported, so that the judge can refuse the check. Inside it,
``jit`` is on, whatever the learner set: a rule that applies ``jax.jit`` must jit.
``protected(answer)`` hands the grader a copy or a read-only view of the answer, so
nothing the learner passed in is ever mutated.
"""

from __future__ import annotations

import contextlib
import copy
import sys
from collections.abc import Iterator
from operator import is_, itemgetter
from typing import Any

import numpy as np

from jaxtour.grader.pristine import IGNORED, pristine_namespaces
from jaxtour.i18n import held


def protected(answer: Any) -> Any:
    """A read-only view of a NumPy array, a deep copy of a container, else the answer."""
    if isinstance(answer, np.ndarray):
        view = answer.view()
        view.flags.writeable = False
        return view
    if isinstance(answer, list | dict | set | bytearray):
        try:
            return copy.deepcopy(answer)
        except Exception:  # an uncopyable container is checked as it is
            return answer
    return answer


def _jax_config_snapshot() -> dict[str, Any] | None:
    jax = sys.modules.get("jax")
    if jax is None:
        return None
    try:
        return dict(jax.config.values)
    except Exception:
        return None


def _restore_jax_config(before: dict[str, Any] | None) -> None:
    if before is None:
        return
    jax = sys.modules["jax"]
    after = _jax_config_snapshot() or {}
    for name, value in before.items():
        try:
            if after.get(name) != value:
                jax.config.update(name, value)
        except Exception:  # a flag that cannot be set back is left as it is
            continue


@contextlib.contextmanager
def _matplotlib_preserved() -> Iterator[None]:
    if "matplotlib.pyplot" not in sys.modules:
        yield
        return
    import matplotlib
    import matplotlib.pyplot as plt
    from matplotlib._pylab_helpers import Gcf

    active = Gcf.get_active()
    before = set(plt.get_fignums())
    # What matplotlib.rc_context keeps and puts back (all but the backend), read and
    # written as the dict it is: rc_context copies it through a validating RcParams,
    # about 0.13 ms a check; this, 0.01 ms.
    params = matplotlib.rcParams
    settings = dict(dict.items(params))  # dict.copy would go through its __iter__
    settings.pop("backend", None)
    try:
        yield
    finally:
        dict.update(params, settings)
        for number in set(plt.get_fignums()) - before:
            plt.close(number)
        if active is not None and Gcf.has_fignum(active.num):
            Gcf.set_active(active)


def _install(values: dict[str, dict[str, Any]]) -> None:
    """Set every attribute of a guarded module to its value in ``values`` where it is
    another; delete those whose value is ``_MISSING`` (deleted when they were read)."""
    for name, attributes in values.items():
        module = sys.modules.get(name)
        if module is None:
            continue
        namespace = vars(module)
        for attribute, value in attributes.items():
            if value is _MISSING:
                namespace.pop(attribute, None)
            elif attribute not in IGNORED and namespace.get(attribute, _MISSING) is not value:
                namespace[attribute] = value


_MISSING = object()


def _pristine_of(modules: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The pristine namespaces of ``modules`` (module names), to ``_install`` them."""
    return {name: pristine_namespaces()[name] for name in modules}


@contextlib.contextmanager
def _jit_enabled() -> Iterator[None]:
    """Turn jax_disable_jit off for the check (the config snapshot turns it back)."""
    jax = sys.modules.get("jax")
    if jax is not None:
        with contextlib.suppress(Exception):
            if jax.config.values.get("jax_disable_jit"):
                jax.config.update("jax_disable_jit", False)
    yield


# One entry per outermost preserved_world being run: JAX's configuration as it began.
_depth: list[dict[str, Any] | None] = []


@contextlib.contextmanager
def _nested(changed: list[str] | None) -> Iterator[None]:
    """A world inside a world: the guarded modules are pristine already; say (and undo)
    what the body rebound, and leave the rest to the outer world."""
    try:
        yield
    finally:
        rebound = _rebound_now()
        if rebound:
            if changed is not None:
                changed.extend(
                    f"{name}.{attribute}" for name in rebound for attribute in rebound[name]
                )
            _install(_pristine_of(rebound))


@contextlib.contextmanager
def preserved_world(changed: list[str] | None = None) -> Iterator[None]:
    """Restore JAX config, NumPy's random state, matplotlib state, stdout and stderr,
    and every function of the guarded modules.

    Inside, the guarded modules are pristine (``pristine.py``): a function the notebook
    rebound is set aside for the check and put back after it. Every attribute the body
    rebound or deleted is appended to ``changed`` as ``module.attribute``. Inside another
    preserved world the modules are pristine already: a nested one only names and undoes
    what its body rebound (the outer one puts the notebook's own rebindings back).
    """
    jax_config = _jax_config_snapshot()
    random_state = np.random.get_state()
    stdout, stderr = sys.stdout, sys.stderr
    modules = _nested(changed) if _depth else _outermost(changed, jax_config)
    # matplotlib's state is the outermost world's to put back (copying rcParams twice
    # per check cost more than the rest of a world).
    plots = contextlib.nullcontext() if _depth else _matplotlib_preserved()
    try:
        with modules, plots, _jit_enabled():
            yield
    finally:
        sys.stdout, sys.stderr = stdout, stderr
        np.random.set_state(random_state)
        _restore_jax_config(jax_config)


@contextlib.contextmanager
def _outermost(changed: list[str] | None, jax_config: dict[str, Any] | None) -> Iterator[None]:
    """The guarded modules pristine for the body; the notebook's own bindings after it."""
    notebooks = _rebound_now()  # what the notebook rebound: set aside, then put back
    _install(_pristine_of(notebooks))
    _depth.append(jax_config)
    try:
        with held():  # the language: changed by checks.use_language alone
            yield
    finally:
        _depth.pop()
        rebound = _rebound_now()
        if changed is not None:
            changed.extend(f"{name}.{attribute}" for name in rebound for attribute in rebound[name])
        _install(_pristine_of(rebound))
        _install(notebooks)


def _rebound_now() -> dict[str, dict[str, Any]]:
    """Module -> attribute -> its value now (``_MISSING`` if deleted), for every attribute
    of a guarded module that is not its pristine value. Reading costs far less than
    copying every namespace (3,000 attributes) on every check, and a module whose every
    attribute is its pristine one is told in one pass in C (``_unchanged``)."""
    rebound: dict[str, dict[str, Any]] = {}
    for name, attributes in pristine_namespaces().items():
        module = sys.modules.get(name)
        if module is None:
            continue
        namespace = _vars(module)
        if _unchanged(name, attributes, namespace):
            continue
        for attribute, value in attributes.items():
            now = namespace.get(attribute, _MISSING)
            if now is not value and attribute not in IGNORED:
                rebound.setdefault(name, {})[attribute] = now
    return rebound


# The built-ins and operator functions _rebound_now uses, bound when the grader is
# imported: it runs before the pristine values are put back, so it must not read a
# ``builtins.all`` the notebook rebound.
_all, _map, _vars = all, map, vars


def _unchanged(name: str, attributes: dict[str, Any], namespace: dict[str, Any]) -> bool:
    """Whether every watched attribute of the module is its pristine value: read by one
    ``itemgetter`` and compared by identity, never by a value's own ``__eq__``."""
    held = _watched.get(name)
    if held is None or held[0] is not attributes:
        keys = tuple(key for key in attributes if key not in IGNORED)
        if len(keys) < 2:  # itemgetter of one key returns the value, not a tuple
            return False
        held = (attributes, itemgetter(*keys), tuple(attributes[key] for key in keys))
        _watched[name] = held
    try:
        now = held[1](namespace)
    except KeyError:  # deleted
        return False
    return _all(_map(is_, now, held[2]))


# Module -> (its pristine namespace, a getter of its watched attributes, their values).
_watched: dict[str, tuple[dict[str, Any], Any, tuple[Any, ...]]] = {}


@contextlib.contextmanager
def graders_own() -> Iterator[None]:
    """The grader's own computation (a reference's or a mistake example's output, kept
    for the session), run in a world the learner's code has not touched, even in the
    middle of a check, after the answer has run: the guarded modules pristine, JAX's
    configuration as the check began, NumPy's floating-point errors at their defaults.
    What the answer changed is put back afterwards, so that the check still sees it, and
    refuses it by name. Without this, an answer that rebound ``jnp.mean`` during its
    call poisoned every output the grader computed later in that check, and kept them."""
    rebound = _rebound_now()
    if rebound:
        _install(_pristine_of(rebound))
    answers_config = None
    if _depth and _depth[-1] is not None:
        answers_config = _jax_config_snapshot()
        _restore_jax_config(_depth[-1])
    try:
        with np.errstate(divide="warn", over="warn", under="ignore", invalid="warn"):
            yield
    finally:
        if answers_config is not None:
            _restore_jax_config(answers_config)
        _install(rebound)
