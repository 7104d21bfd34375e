"""Keep a check from changing the learner's world.

``preserved_world()`` snapshots what the learner's code could change behind their
back (JAX's configuration, including x64 and the default device; NumPy's global
random state; matplotlib's current figure and rcParams; the functions of the modules
the grader reads, which an answer could rebind, ``gettext`` and ``jaxtour.i18n`` among
them) and restores it afterwards; the language of the messages is held for the check
(only ``checks.use_language`` changes it, not ``$JAXTOUR_LANG`` set by the answer); what the
answer rebound is reported, so that the judge can refuse the check. Inside it,
``jit`` is on, whatever the learner set: a rule that applies ``jax.jit`` must jit.

The grader's own state is held the same way, but as the session left it rather than as
imported (a test's monkeypatch, a notebook's own choice stay): jaxtour's modules and the
attributes of its classes and exercise records (``checks.check``, ``Feedback.passed``),
the profile and trace hooks, the time limit and the language. What a world's body
changed of it is put back and named (``grader_state``); the hooks also right after each
call of the learner's code (``back_from_learner``), before the grader's own code runs
under them.
``protected(answer)`` hands the grader a copy or a read-only view of the answer, so
nothing the learner passed in is ever mutated.
"""

from __future__ import annotations

import _signal
import contextlib
import copy
import ctypes
import gc
import os
import signal
import sys
import threading
from collections.abc import Iterator
from itertools import chain
from operator import call, is_, itemgetter, methodcaller
from typing import Any

import numpy as np

from jaxtour import i18n
from jaxtour.grader import limits, process_wide
from jaxtour.grader.dict_versions import Tags
from jaxtour.grader.pristine import IGNORED, generation, holder, pristine_namespaces
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
    with contextlib.suppress(Exception):  # a value's own __eq__ may raise: then one by one
        if after == before:  # the usual check: nothing switched (compared in C)
            return
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
        module = holder(name)
        if module is None:
            continue
        namespace = vars(module)
        if isinstance(module, type):  # a JAX class (pristine._jax_classes): no dict to write
            for attribute, value in attributes.items():
                if namespace.get(attribute, _MISSING) is not value:
                    if value is _MISSING:
                        with contextlib.suppress(Exception):
                            type.__delattr__(module, attribute)
                    else:
                        _set_attribute(module, attribute, value)
            continue
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
# Beside it: whether that world found every guarded module pristine (nothing set aside).
_outer_pristine: list[bool] = []
# One entry per nested world being run inside it (a check inside an answer adds two).
_inner: list[list[str] | None] = []


def config_as_checked(name: str) -> Any:
    """JAX's setting ``name`` as the check began (what ``graders_own`` restores it to), or
    as it is now outside any check: read from the world's snapshot, without the scan of
    the guarded modules that entering ``graders_own`` costs (``rules.outputs_on`` asks it
    for every grader function the rule reads, on every check)."""
    if _depth and _depth[-1] is not None and name in _depth[-1]:
        return _depth[-1][name]
    jax = sys.modules.get("jax")
    return None if jax is None else jax.config.values.get(name)


@contextlib.contextmanager
def _nested(changed: list[str] | None) -> Iterator[None]:
    """A world inside a world: the guarded modules are as the enclosing world left them
    (pristine, unless the enclosing answer rebound one and then called the grader). What
    the body rebound is named and put back as it was at entry; with no ``changed`` list,
    it is left for the enclosing world to name (a reference computed inside an answer),
    and nothing is read at entry either.

    Directly inside an outermost world that found nothing of the notebook's to set aside
    (``_outer_pristine``: the judge's world inside ``checks.check``), the modules are
    taken to be pristine at entry rather than read again: only the grader's code ran since
    that world read them. Whatever else was rebound meanwhile (the answer's own
    ``__eq__`` as the exercise is looked up, a thread) is then the body's: named at exit,
    and put back to pristine, where reading it at entry had let the check run with it in
    place (one scan of the ~8,200 guarded attributes fewer per check, ~0.5-1.5 ms)."""
    if changed is None:
        before: dict[str, dict[str, Any]] = {}
    elif not _inner and _outer_pristine and _outer_pristine[-1]:
        before = {}
    else:
        before = _rebound_now()
    _inner.append(changed)
    try:
        yield
    finally:
        _inner.pop()
        if changed is not None:
            after = _rebound_now()
            rebound = {
                name: {
                    attribute: value
                    for attribute, value in attributes.items()
                    if before.get(name, {}).get(attribute, _MISSING) is not value
                }
                for name, attributes in after.items()
            }
            rebound = {name: attributes for name, attributes in rebound.items() if attributes}
            if rebound:
                changed.extend(
                    f"{name}.{attribute}" for name in rebound for attribute in rebound[name]
                )
                _install(_pristine_of(rebound))
                _install(before)
                _forget_what_jax_traced()


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
        # The grader's own state, in the world that runs the answer (the judge's, which
        # names what changed); the outer one of checks.check runs none of its code.
        own = grader_state(changed) if changed is not None else contextlib.nullcontext()
        with own, modules, plots, _jit_enabled():
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
    if notebooks:
        _forget_what_jax_traced()
    _depth.append(jax_config)
    _outer_pristine.append(not notebooks)  # _install may fail on a class: not assumed then
    try:
        with held():  # the language: changed by checks.use_language alone
            yield
    finally:
        _outer_pristine.pop()
        _depth.pop()
        rebound = _rebound_now()
        if changed is not None:
            changed.extend(f"{name}.{attribute}" for name in rebound for attribute in rebound[name])
        _install(_pristine_of(rebound))
        _install(notebooks)
        if rebound:
            _forget_what_jax_traced()


def _forget_what_jax_traced() -> None:
    """Drop every program JAX traced and cached: one traced while a guarded function was
    rebound keeps what the rebinding did after the function is put back (an
    ``operator.index`` that returned 0 made jnp.mean's cached program for axis=-1 average
    axis 0, and every later check of 01.center read it). Only after a world in which
    something was rebound, so an ordinary check keeps its compiled programs."""
    jax = sys.modules.get("jax")
    if jax is not None:
        jax.clear_caches()


def _rebound_now() -> dict[str, dict[str, Any]]:
    """Module -> attribute -> its value now (``_MISSING`` if deleted), for every attribute
    of a guarded module that is not its pristine value. Reading costs far less than
    copying every namespace (3,000 attributes) on every check, and a module whose every
    attribute is its pristine one is told in one pass in C (``_unchanged``)."""
    rebound: dict[str, dict[str, Any]] = {}
    if _all_unchanged():
        return rebound
    for name, attributes in pristine_namespaces().items():
        module = holder(name)
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
_all, _map, _vars, _len = all, map, vars, len


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


def _all_unchanged() -> bool:
    """Whether every guarded module is the one first seen and every watched attribute its
    pristine value: one pass in C over them all (some 8,300 attributes: NumPy's modules,
    the guarded ones, and the JAX functions and classes a check reaches), for the usual
    check, in which nothing was rebound."""
    pristine = pristine_namespaces()
    held = _flat.get("held")
    if held is None or held[0] != generation():
        names, modules, namespaces, getters, values = [], [], [], [], []
        always: tuple[list[Any], list[Any], list[Any]] = ([], [], [])
        for name, attributes in pristine.items():
            module = holder(name)
            keys = tuple(key for key in attributes if key not in IGNORED)
            if module is None or _len(keys) < 2:
                continue
            if not isinstance(module, type):  # a class is its own holder: never replaced
                names.append(name)
                modules.append(module)
            namespaces.append(_vars(module))
            getters.append(itemgetter(*keys))
            values.extend(attributes[key] for key in keys)
            if name in _READ_ALWAYS:
                always[0].append(getters[-1])
                always[1].append(namespaces[-1])
                always[2].extend(attributes[key] for key in keys)
        tagged_namespaces = [n for n in namespaces if not any(n is a for a in always[1])]
        held = _flat["held"] = (
            generation(),
            tuple(names),
            tuple(modules),
            tuple(namespaces),
            tuple(getters),
            tuple(values),
            Tags.of((sys.modules, *tagged_namespaces)),
            tuple(tuple(part) for part in always),
        )
        _flat["clean"] = None
    _, names, modules, namespaces, getters, values, tags, always = held
    # The fast path: no write to sys.modules or to any of the namespaces since the scan
    # that last found them all pristine (their dicts' version tags, read before that scan,
    # are the same: ``dict_versions``), so every attribute is still the object it was;
    # builtins' few are read at every scan (IPython writes to that dict at every cell).
    tagged = tags.now() if tags is not None and sys.modules is tags.dicts[0] else None
    if tagged is not None and tagged == _flat["clean"]:
        try:
            return _all(_map(is_, chain.from_iterable(_map(call, always[0], always[1])), always[2]))
        except KeyError:  # an attribute deleted
            return False
    try:
        unchanged = _all(_map(is_, _map(sys.modules.get, names), modules)) and _all(
            _map(is_, chain.from_iterable(_map(call, getters, namespaces)), values)
        )
    except KeyError:  # an attribute deleted
        return False
    if unchanged:
        _flat["clean"] = tagged
    return unchanged


# "held": what the scan reads; "clean": the version tags read before the last scan that
# found every guarded attribute pristine (None: none since ``held`` was built).
_flat: dict[str, Any] = {"clean": None}
# Read attribute by attribute at every scan, never answered from a version tag: the session
# writes to their dicts all the time (ipykernel binds builtins.input anew for every cell).
_READ_ALWAYS = frozenset({"builtins"})


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


# The grader's own state: what a check's body must leave as the session had it.


def _settings_now() -> tuple[Any, ...]:
    """The session's settings an answer could change for every later check."""
    return (
        _getpid(),
        _forks["count"],
        sys.getprofile(),
        sys.gettrace(),
        getattr(threading, "_profile_hook", None),
        getattr(threading, "_trace_hook", None),
        _handlers(),
        _timers(),
        _sigmask(),
        tuple(_gc_callbacks),
        _gc_isenabled(),
        _getrecursionlimit(),
        _environment(),
        limits.default_time_limit(),
        i18n.chosen(),
        _listeners(),
    )


# What reaches the whole process from outside the grader's code, read through names taken
# at import (an answer could rebind the signal module's): a signal handler or a CPU timer
# (SIGPROF's default ends the process; a handler that raises lands in a later check), a
# blocked signal, a gc callback, a fork (its child would run the rest of the check, and
# every later one, beside the kernel). SIGALRM and the real timer are the limit's
# (``limits.alarm_kept``).
# _signal's own functions: signal's wrap what they return in enums, which read
# builtins.isinstance (an answer may have rebound it while this runs).
_getpid, _getsignal, _setsignal = os.getpid, _signal.getsignal, _signal.signal
_getitimer, _setitimer = getattr(signal, "getitimer", None), getattr(signal, "setitimer", None)
_sigmask_fn = getattr(_signal, "pthread_sigmask", None)
_SIGNALS = tuple(
    number
    for number in sorted(signal.valid_signals())
    if number
    not in {signal.SIGALRM, getattr(signal, "SIGKILL", None), getattr(signal, "SIGSTOP", None)}
)
_TIMERS = tuple(
    getattr(signal, name) for name in ("ITIMER_VIRTUAL", "ITIMER_PROF") if hasattr(signal, name)
)
_NAMES = {int(number): number.name for number in signal.Signals}
_gc_callbacks = gc.callbacks  # the list the collector reads, even if gc.callbacks is rebound
_forks = {"count": 0}


def _fork_child() -> None:
    """A child forked inside a check (``os.fork``, ``multiprocessing``'s fork) ends at once,
    before any of the answer's code runs in it: left running, a child that called JAX hung
    for ever (JAX's threads do not survive a fork), and one could write the progress store
    or race the kernel for the accelerator."""
    if _states:
        os._exit(0)


if hasattr(os, "register_at_fork"):
    os.register_at_fork(
        after_in_parent=lambda: _forks.__setitem__("count", _forks["count"] + 1),
        after_in_child=_fork_child,
    )


def _handlers() -> tuple[Any, ...]:
    handlers = []
    for number in _SIGNALS:
        try:
            handlers.append(_getsignal(number))
        except (OSError, ValueError):  # not a signal this platform lets Python read
            handlers.append(None)
    return tuple(handlers)


def _handlers_back(was: tuple[Any, ...]) -> None:
    for number, handler, now in zip(_SIGNALS, was, _handlers(), strict=True):
        if now is not handler:
            with contextlib.suppress(OSError, ValueError, TypeError):
                _setsignal(number, signal.SIG_DFL if handler is None else handler)


def _handlers_named(was: tuple[Any, ...], now: tuple[Any, ...]) -> str:
    changed = [
        _NAMES.get(number, str(number))
        for number, before, after in zip(_SIGNALS, was, now, strict=True)
        if before is not after
    ]
    return f"signal.signal({', '.join(changed)})"


def _timers() -> tuple[bool, ...]:
    """Whether each CPU timer is armed (its time left differs from one read to the next)."""
    return tuple(_getitimer(which) != (0.0, 0.0) for which in _TIMERS) if _getitimer else ()


def _timers_back(was: tuple[bool, ...]) -> None:
    for which, armed in zip(_TIMERS, was, strict=False):
        if not armed:
            _setitimer(which, 0)


def _sigmask() -> Any:
    if _sigmask_fn is None or threading.current_thread() is not threading.main_thread():
        return None
    return frozenset(_sigmask_fn(signal.SIG_BLOCK, ()))


def _sigmask_back(was: Any) -> None:
    if was is not None and _sigmask_fn is not None:
        if signal.SIGALRM not in was:  # an alarm the answer's block held back is dropped
            process_wide.discard_pending_alarm()
        _sigmask_fn(signal.SIG_SETMASK, was)


def _gc_callbacks_back(was: tuple[Any, ...]) -> None:
    _gc_callbacks[:] = was


_LISTENERS = (
    "_event_listeners",
    "_event_duration_secs_listeners",
    "_event_time_span_listeners",
    "_scalar_listeners",
)


def _listeners() -> tuple[Any, ...]:
    """JAX's monitoring listeners (``jax.monitoring.register_*``): called inside every
    later check, from JAX's own code. The limit's own is registered first."""
    monitoring = sys.modules.get("jax._src.monitoring")
    if monitoring is None:
        return ()
    limits.listen_to_jax()
    return tuple(tuple(getattr(monitoring, name, ())) for name in _LISTENERS)


def _listeners_back(was: tuple[Any, ...]) -> None:
    monitoring = sys.modules.get("jax._src.monitoring")
    for name, listeners in zip(_LISTENERS, was, strict=False):
        held = getattr(monitoring, name, None)
        if type(held) is list:
            held[:] = listeners


# The environment a later check reads (``JAXTOUR_*``: the variant, the time limit, the
# store) or that the processes the grader starts inherit (lesson 14's workers: a
# ``PYTHONPATH`` to a ``sitecustomize`` that ends them, a preloaded library). Read from
# ``os.environ``'s own dict through names taken at import.
_ENVIRONMENT_PREFIXES = ("JAXTOUR_", "PYTHON", "LD_")
_getrecursionlimit = sys.getrecursionlimit
_environ = os.environ


def _environment() -> tuple[tuple[str, str], ...]:
    # os.environ decodes every variable on each read (about 40 us, and this runs after
    # every call of the learner's code): while the dict beneath it was not written to
    # since the last read (its version tag, ``dict_versions``), that reading still holds.
    data = getattr(_environ, "_data", None)
    tags = _environ_read["tags"]
    if tags is None or tags.dicts[0] is not data:
        tags = _environ_read["tags"] = Tags.of([data]) if type(data) is dict else None
        _environ_read["tagged"] = None
    tagged = tags.now() if tags is not None else None
    if tagged is not None and tagged == _environ_read["tagged"]:
        return _environ_read["read"]
    read = tuple(
        (key, value) for key, value in _environ.items() if key.startswith(_ENVIRONMENT_PREFIXES)
    )
    _environ_read.update(tagged=tagged, read=read)
    return read


# The last reading of the environment, and the version tag of os.environ's dict before it.
_environ_read: dict[str, Any] = {"tags": None, "tagged": None, "read": ()}


def _environment_named(was: tuple[tuple[str, str], ...], now: tuple[tuple[str, str], ...]) -> str:
    changed = sorted({key for key, _value in set(was) ^ set(now)})
    return ", ".join(f"os.environ[{key!r}]" for key in changed[:3])


def _environment_back(was: tuple[tuple[str, str], ...]) -> None:
    wanted = dict(was)
    for key, _value in _environment():
        if key not in wanted:
            del _environ[key]
    for key, value in wanted.items():
        if _environ.get(key) != value:
            _environ[key] = value


def _leave_the_fork(was: int) -> None:
    """In a child whose fork ran no at-fork hook (libc's own, through ctypes; the others
    end in ``_fork_child``): end it now, before it runs the grader any further."""
    os._exit(0)


# How each setting is named in a refusal (a call the answer made, or a function of the
# value before and after), and put back.
_SETTINGS: tuple[tuple[Any, Any], ...] = (
    ("os.fork()", _leave_the_fork),
    ("os.fork()", lambda was: None),  # the parent: the check is refused, nothing to undo
    ("sys.setprofile()", sys.setprofile),
    ("sys.settrace()", sys.settrace),
    ("threading.setprofile()", threading.setprofile),
    ("threading.settrace()", threading.settrace),
    (_handlers_named, _handlers_back),
    ("signal.setitimer()", _timers_back),
    ("signal.pthread_sigmask()", _sigmask_back),
    ("gc.callbacks", _gc_callbacks_back),
    ("gc.enable()", lambda was: None if was else _gc_disable()),
    ("sys.setrecursionlimit()", sys.setrecursionlimit),
    (_environment_named, _environment_back),
    ("checks.set_time_limit()", limits.set_time_limit),
    ("checks.use_language()", i18n.choose),
    # Last, after the world only: a rule registers its own while it calls the answer.
    ("jax.monitoring.register_*()", _listeners_back),
)
# The recursion limit as the world began (``grader_state``): a caller of the learner's code
# puts it back with ``room_back`` as the first thing after the call, a statement of builtin
# calls only (an answer may have left no room for one more Python frame: a limit of 40
# failed every later check), and back_from_learner names it.
room: list[int] = []
room_changed: list[int] = []
_setrecursionlimit = sys.setrecursionlimit
_HOOKS = 13  # all but the last three: put back after every call of the learner's code


def _settings_put_back(before: tuple[Any, ...], count: int = len(_SETTINGS)) -> list[str]:
    """Put back each of the first ``count`` settings that differs from ``before``; their
    names."""
    now = _settings_now()
    names = []
    for (name, put), was, value in zip(_SETTINGS[:count], before, now, strict=False):
        if value is not was and value != was:
            names.append(name if isinstance(name, str) else name(was, value))
            put(was)
    return names


def _own_modules() -> list[tuple[str, dict[str, Any]]]:
    """jaxtour's loaded modules and their namespaces (found again when modules were
    loaded since)."""
    if _own["seen"] != len(sys.modules):
        _own["modules"] = [
            (name, vars(module))
            for name, module in list(sys.modules.items())
            if (name == "jaxtour" or name.startswith("jaxtour.")) and module is not None
        ]
        _own["watched"] = None
        _own["seen"] = len(sys.modules)
    return _own["modules"]


# Names, the objects, their live attributes, and the version tags of those (None where
# they cannot be read: ``dict_versions``).
_Watched = tuple[tuple[str, ...], tuple[Any, ...], tuple[Any, ...], Tags | None]


def _watched_now() -> _Watched:
    """Every namespace an answer could change for later checks: jaxtour's modules and
    the classes they define. Names, the objects, their live attributes. (Exercise
    records are kept by ``record_kept``, one per check.)"""
    modules = _own_modules()
    held = _own["watched"]
    if held is None:
        names: list[str] = []
        things: list[Any] = []
        mappings: list[Any] = []
        for name, namespace in modules:
            names.append(name)
            things.append(namespace)
            mappings.append(namespace)
            for value in list(namespace.values()):
                if isinstance(value, type) and value.__module__ == name:
                    names.append(f"{name}.{value.__qualname__}")
                    things.append(value)
                    mappings.append(value.__dict__)  # a live view of the class's dict
        held = _own["watched"] = (
            tuple(names),
            tuple(things),
            tuple(mappings),
            Tags.of(mappings),
        )
    return held


def record_kept(record: Any) -> list[str]:
    """An exercise record and its mistakes' attributes as the grader first saw them
    (``object.__setattr__`` gets past a frozen dataclass): what differs is put back and
    named. The judge asks before a check (an earlier answer's doing: put back) and after
    it (this answer's: refused)."""
    parts = [(record, record.id)]
    parts += [(mistake, f"{record.id}.{mistake.id}") for mistake in record.mistakes]
    # The rule and the objects it is made of (a SameFunction's output check): frozen
    # dataclasses too, whose fields object.__setattr__ rewrites (the cases a rule draws).
    rule = getattr(record, "rule", None)
    if rule is not None:
        parts.append((rule, f"{record.id}.rule"))
        fields = getattr(rule, "__dict__", None)
        if type(fields) is dict:
            parts += [
                (value, f"{record.id}.rule.{key}")
                for key, value in fields.items()
                if _is_dataclass_instance(value)
            ]
    names: list[str] = []
    for thing, name in parts:
        attributes = getattr(thing, "__dict__", None)
        if type(attributes) is not dict:
            continue
        kept = _records.get(id(thing))
        if kept is None or kept[0] is not thing:
            _records[id(thing)] = (thing, tuple(attributes), tuple(attributes.values()))
            continue
        _, keys, values = kept
        if len(attributes) != len(values) or not _all(_map(is_, attributes.values(), values)):
            names += _put_back_one(name, thing, attributes, keys, values)
    return names


def _is_dataclass_instance(value: Any) -> bool:
    return hasattr(type(value), "__dataclass_fields__") and not isinstance(value, type)


# id -> (record or mistake, its attribute names, their values), as first seen.
_records: dict[int, tuple[Any, tuple[str, ...], tuple[Any, ...]]] = {}


# "clean": a snapshot and the version tags read before it was last found unchanged.
_own: dict[str, Any] = {"seen": -1, "modules": [], "watched": None, "clean": (None, None)}
_values = methodcaller("values")
_Snapshot = tuple[_Watched, tuple[int, ...], tuple[str, ...], tuple[Any, ...]]


def _own_snapshot() -> _Snapshot:
    """The watched namespaces with their lengths, keys and values, flat, built in C. The
    last one is kept: while nothing changed between checks, it is only compared."""
    watched = _watched_now()
    held = _own.get("snapshot")
    if held is not None and held[0] is watched and _unchanged_since(held):
        return held
    mappings, tags = watched[2], watched[3]
    tagged = tags.now() if tags is not None else None  # read before the values are
    held = _own["snapshot"] = (
        watched,
        tuple(_map(len, mappings)),
        tuple(chain.from_iterable(mappings)),
        tuple(chain.from_iterable(_map(_values, mappings))),
    )
    _own["clean"] = (held, tagged)
    return held


def _unchanged_since(taken: _Snapshot) -> bool:
    """Whether every watched attribute is the one in ``taken``, by identity, in C. At once
    where none of the namespaces was written to since they were last found so (their
    version tags, read before, are the same: ``dict_versions``)."""
    (_, _, mappings, tags), lengths, _, values = taken
    tagged = tags.now() if tags is not None else None
    clean = _own["clean"]
    if tagged is not None and clean[0] is taken and clean[1] == tagged:
        return True
    unchanged = tuple(_map(len, mappings)) == lengths and _all(
        _map(is_, chain.from_iterable(_map(_values, mappings)), values)
    )
    if unchanged:
        _own["clean"] = (taken, tagged)
    return unchanged


def _own_put_back(taken: _Snapshot) -> list[str]:
    """Every attribute of jaxtour's modules and classes the body rebound or deleted (and,
    for classes, added), put back; their names."""
    if _unchanged_since(taken):
        return []
    (names, things, mappings, _), lengths, keys, values = taken
    changed: list[str] = []
    start = 0
    for name, thing, attributes, length in zip(names, things, mappings, lengths, strict=True):
        end = start + length
        was = values[start:end]
        if len(attributes) != length or not _all(_map(is_, attributes.values(), was)):
            changed += _put_back_one(name, thing, attributes, keys[start:end], was)
        start = end
    _own["snapshot"] = None  # taken anew at the next check
    return changed


def _put_back_one(
    name: str, thing: Any, attributes: Any, keys: tuple[str, ...], values: tuple[Any, ...]
) -> list[str]:
    """The slow path, for one namespace that changed: which keys, and put them back.
    A module may gain attributes (JAX and jaxtour import submodules as they go); a class
    or a record may not."""
    module = thing is attributes
    names = []
    for key, was in zip(keys, values, strict=True):
        if key in IGNORED or attributes.get(key, _MISSING) is was:
            continue
        names.append(f"{name}.{key}")
        if module:
            attributes[key] = was
        else:
            _set_attribute(thing, key, was)
    if not module:
        known = set(keys)
        for key in [key for key in attributes if key not in known]:
            names.append(f"{name}.{key}")
            with contextlib.suppress(Exception):
                if isinstance(thing, type):
                    type.__delattr__(thing, key)
                else:
                    object.__delattr__(thing, key)
    return names


def _set_attribute(thing: Any, key: str, value: Any) -> None:
    with contextlib.suppress(Exception):
        if isinstance(thing, type):
            type.__setattr__(thing, key, value)
        else:
            object.__setattr__(thing, key, value)


@contextlib.contextmanager
def grader_state(changed: list[str] | None) -> Iterator[None]:
    """The grader's own state (module docstring) as the body found it: what the body
    changed is put back and appended to ``changed``."""
    collecting = _gc_isenabled()
    _gc_disable()  # no earlier answer's finalizer runs in this check (see below)
    taken = _own_snapshot()
    process = process_wide.taken()
    threads = _threads_now()
    world = (_settings_now(), [])
    _states.append(world)
    room.append(_getrecursionlimit())
    try:
        yield
    finally:
        room.pop()
        _states.pop()
        names = world[1] + _settings_put_back(world[0]) + _own_put_back(taken)
        names += _parts_put_back()
        names += _threads_stopped(threads)
        names += process_wide.put_back(process)
        names += _guarded_named()
        names += lasting_damage()  # none when the check began (checks.check said so then)
        if collecting:
            _gc_enable()
        if names and changed is not None:
            changed.extend(names)


# What an answer leaves to act in a later check, unseen by it: garbage whose finalizer
# (``__del__``, ``weakref.finalize``) the collector would run whenever it next collects,
# and a thread (a ``threading.Timer``) that could signal the process or rebind a function
# in the middle of it. The collector waits while a check runs (a finalizer then runs in
# the notebook's time, between checks, where the next check sets aside what it rebound);
# a thread the answer left running is stopped and the check refused by name.
_gc_isenabled, _gc_disable, _gc_enable = gc.isenabled, gc.disable, gc.enable
_enumerate, _Timer, _Dummy = threading.enumerate, threading.Timer, threading._DummyThread
_current_frames = sys._current_frames
_async_exc = getattr(getattr(ctypes, "pythonapi", None), "PyThreadState_SetAsyncExc", None)


def _threads_now() -> tuple[frozenset[Any], frozenset[int]]:
    """The threading module's threads, and the idents of every thread Python runs in
    (one started by ``_thread.start_new_thread`` too, which ``threading`` lists only once
    it asks for its current thread, and then as a stand-in, a ``_DummyThread``)."""
    return frozenset(_enumerate()), frozenset(_current_frames())


def _threads_stopped(before: tuple[frozenset[Any], frozenset[int]]) -> list[str]:
    """Stop every thread started since ``before`` that still runs: a Timer is cancelled,
    and any thread gets SystemExit at its next Python step (a sleeping one, when it
    wakes); the call that started them, named. A ``_DummyThread`` new to ``threading``
    is not a thread new to the process: a thread that ran before the check (an xdist
    worker's channel reader, started by ``_thread``) that first asks for its current
    thread in the check gets one; such a thread is stopped only if its ident is new."""
    objects, idents = before
    mine = threading.get_ident()
    started = {
        thread.ident
        for thread in _enumerate()
        if thread not in objects and not isinstance(thread, _Dummy) and thread.is_alive()
    }
    started |= set(_current_frames()) - idents
    started.discard(mine)
    started.discard(None)
    for thread in _enumerate():
        if thread.ident in started and isinstance(thread, _Timer):
            thread.cancel()
    if _async_exc is not None:
        for ident in started:
            _async_exc(ctypes.c_ulong(ident), ctypes.py_object(SystemExit))
    return ["threading.Thread().start()"] if started else []


# A function's code, defaults or keyword defaults replaced in place (``f.__code__ = g.__code__``):
# the object stays the same, so the pristine modules still hold it, and NumPy's isclose
# swapped that way agreed with every answer and every later one (round 19's red team).
# CPython audits each such assignment ("object.__setattr__"): the grader's hook, added once,
# keeps what was there when one happens inside a check, to a function the notebook did not
# define; it is put back after the learner's call and named. A hook an answer adds
# (``sys.addaudithook``) can never be taken off: inside a check it is refused (CPython
# drops it) and named; outside one, every later check names it (``process_wide.lasting``).
_FUNCTION_PARTS = frozenset({"__code__", "__defaults__", "__kwdefaults__"})
_replaced: list[tuple[Any, str, Any]] = []
_audit_hooks_added: list[int] = []
_restoring: list[int] = []  # the grader's own putting back, which the hook lets pass
_getframe = sys._getframe  # noqa: SLF001 - the frame that made the assignment
_JAXTOUR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if event == "object.__setattr__":
        if _states and not _restoring and len(args) > 1 and args[1] in _FUNCTION_PARTS:
            function = args[0]
            # not the grader's own doing (lesson 02 lends an answer's clock defaults its
            # watched clocks, and takes them back), nor a function of the notebook's
            by = _getframe(1).f_code.co_filename
            if not by.startswith(_JAXTOUR) and getattr(function, "__module__", None) != "__main__":
                _replaced.append((function, args[1], getattr(function, args[1], None)))
    elif event in _FILE_EVENTS and _states and _guarded_files and args:
        _refuse_a_guarded_file(event, args[0])
        process_wide.audited(event, args, True)
    elif event in _PROCESS_EVENTS:
        process_wide.audited(event, args, bool(_states))
    elif event == "sys.addaudithook":
        if _states:  # refused: CPython adds no hook when a hook raises a RuntimeError here
            _audit_hooks_added.append(1)
            raise RuntimeError("jaxtour: no audit hook may be added while a check runs")
        process_wide.hook_added_outside_a_check()  # for good: every later check says so


# Files no answer may open, connect to, move or remove while it is checked (``checks``
# guards the progress store: round 20's answer inserted "correct" rows into it). The
# opening fails at once (PermissionError) and the check is refused by name.
_FILE_EVENTS = frozenset({"open", "sqlite3.connect", "os.rename", "os.remove", "os.truncate"})
# What process_wide refuses inside a check: another process started or signalled, the
# process's memory opened (this last outside a check too: its descriptor is closed later).
_PROCESS_EVENTS = frozenset(
    {"open", "os.symlink", "os.kill", "os.killpg", "subprocess.Popen", "os.posix_spawn"}
    | {"os.exec", "os.spawn", "os.system", "pty.spawn", "os.forkpty"}
)
_guarded_files: list[tuple[str, str]] = []  # (the folder, as realpath; the file name's start)
_guarded_opened: list[str] = []
_fspath, _realpath, _split = os.fspath, os.path.realpath, os.path.split


def guard_file(path: str | os.PathLike[str]) -> None:
    """Refuse ``path`` (and its journals: any name it begins) to the learner's code while a
    check runs."""
    folder, name = _split(_realpath(_fspath(path)))
    if (folder, name) not in _guarded_files:
        _guarded_files.append((folder, name))


def _refuse_a_guarded_file(event: str, path: Any) -> None:
    try:
        path = _fspath(path)
    except TypeError:  # a file descriptor
        return
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    for folder, name in _guarded_files:
        if name in path and _split(_realpath(path))[0] == folder:
            if _split(path)[1].startswith(name) and not _restoring:
                by = _getframe(2).f_code.co_filename
                if by.startswith(_JAXTOUR):  # the grader's own (none runs in a check)
                    return
                _guarded_opened.append(f"{event}({name})")
                raise PermissionError(f"jaxtour: {name} is the grader's while a check runs")


def _guarded_named() -> list[str]:
    names = list(dict.fromkeys(_guarded_opened))
    _guarded_opened.clear()
    return names


sys.addaudithook(_audit)


def _parts_put_back() -> list[str]:
    """Put back every function part replaced since the last call; their names."""
    names = []
    while _replaced:
        function, part, was = _replaced.pop()
        _restoring.append(1)
        try:
            object.__setattr__(function, part, was)
        except Exception:  # noqa: BLE001, S110 - a part that cannot be set back is still named
            pass
        finally:
            _restoring.pop()
        name = f"{getattr(function, '__module__', '?')}.{getattr(function, '__qualname__', '?')}"
        names.append(f"{name}.{part}")
    if _audit_hooks_added:
        _audit_hooks_added.clear()
        names.append("sys.addaudithook()")
    return names[::-1]


# The settings as each running world began, and what was put back after a call of the
# learner's code inside it.
_states: list[tuple[tuple[Any, ...], list[str]]] = []


@contextlib.contextmanager
def graders_hook() -> Iterator[None]:
    """For a body in which the grader runs a hook of its own (``mistakes.PythonSteps``
    counts the learner's Python lines with ``sys.settrace``): the hooks as they are now
    are the world's, so a call of the learner's code inside keeps the grader's hook
    rather than taking it off; what the learner changed is still named by the world."""
    if not _states:
        yield
        return
    _states.append((_settings_now(), _states[-1][1]))  # the same list of names
    try:
        yield
    finally:
        _states.pop()


# What no check can put back: a type JAX reads as a leaf registered as a pytree node
# (``jax.tree_util.register_pytree_node(float, ...)``: JAX has no way to take it off, and
# from then on every tree the grader flattens loses those values; round 19's red team made
# every later right answer to 07.static_window wrong so). Probed with one value of each.
_probes: list[Any] = []


def lasting_damage() -> list[str]:
    """The types JAX should read as leaves but no longer does, named as the registration;
    and what else no check can undo (``process_wide.lasting``: an audit hook, a hard
    resource limit lowered)."""
    names = process_wide.lasting()
    jax = sys.modules.get("jax")
    if jax is None:
        return names
    if not _probes:
        _probes.extend([1, 1.0, 1j, True, "s", b"b", np.zeros(1), np.float32(1)])
        # a jax array put on the device as it is: jnp.zeros(1) compiled two programs on
        # every kernel's first check (its type is the same, all the probe needs)
        _probes.append(jax.device_put(np.zeros(1, np.float32)))
    for value in _probes:
        try:
            leaves = jax.tree_util.tree_leaves(value)
        except Exception:  # noqa: BLE001 - a flatten that raises is damage too
            leaves = []
        if len(leaves) != 1 or leaves[0] is not value:
            names.append(f"jax.tree_util.register_pytree_node({type(value).__name__})")
    return names


def inside_a_check() -> bool:
    """Whether a check's world is running (the learner's code called from inside it)."""
    return bool(_states)


process_wide._inside_a_check[0] = inside_a_check  # its dump_traceback_later asks it


def back_from_learner(returned: bool = True) -> None:
    """After a call of the learner's code: the profile and trace hooks are the world's
    again before the grader's own code runs (a hook could rewrite what the grader
    returns), and the time limit's alarm is armed. What was changed is named by the
    world (``grader_state``). ``returned``: the call returned or raised an Exception, so
    a stop that fired inside it was caught there (``limits.alarm_kept`` stops it now)."""
    if not _states:
        limits.alarm_kept(returned)
        return
    settings, names = _states[-1]
    if room_changed:  # put back by the caller (``room_back``) before this call
        room_changed.clear()
        names.append("sys.setrecursionlimit()")
    names += _settings_put_back(settings, _HOOKS)  # first: a stop raised next is the grader's
    names += _parts_put_back()  # before the grader compares with what was replaced
    limits.alarm_kept(returned, names)  # names a replaced handler even when it stops the call
