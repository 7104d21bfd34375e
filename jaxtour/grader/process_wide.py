"""What an answer can change for the whole process, beside what ``isolation.py`` keeps.

Each of these reaches every later check, from outside the grader's modules:

- **audit hooks** (``sys.addaudithook``): none can be taken off. One added inside a check
  is refused (``isolation._audit`` makes CPython drop it) and named; one added outside a
  check (a finalizer of an earlier answer, a cell) is named by every later check as
  lasting damage (``lasting``): it may raise in, or watch, anything the grader does.
- **the import machinery**: a finder put before Python's own ``PathFinder`` in
  ``sys.meta_path``, a path hook, a finder cached for jaxtour's folders, a folder put on a
  jaxtour package's ``__path__``, a stand-in in ``sys.modules`` for a jaxtour module. The
  grader imports its lessons' modules lazily, so each made every later check fail.
- **resource limits** (``resource.setrlimit``): a soft limit is raised back to what the
  check began with; a hard limit lowered cannot be raised again without root, and is
  lasting damage.
- **faulthandler's later dump** (``dump_traceback_later(exit=True)`` ends the process):
  one armed inside a check is cancelled at its end.
- **SIGALRM blocked between checks** (a finalizer's ``pthread_sigmask``): the time limit
  needs it, so the next check unblocks it and says so.
- **the process's memory, from outside Python** (``/proc/self/mem``, ``/proc/<pid>/mem``,
  ``/proc/self/task/<tid>/mem``, a link or a descriptor to one): opened inside a check, it
  is refused (PermissionError, round 21's red team wrote the grader's kept inputs and
  expected values through it, and an input in place past the "input unchanged" test);
  a descriptor to one opened outside a check is closed at the next check's start.
- **other processes**: a process started inside a check (``subprocess``, ``os.posix_spawn``,
  ``os.exec*``, ``os.spawn*``, ``os.system``, ``pty.spawn``, ``multiprocessing``'s spawn
  through ``_posixsubprocess.fork_exec``) or a signal sent to another process (``os.kill``,
  ``os.killpg``, ``os.pidfd_open``): refused, but for ``jaxtour.hosts``'s own (lesson 14's
  workers and worker server). A stopped worker server timed out a later 14.global_mean.
- **measurements a lesson keeps** (``timing.roofline``), taken inside a check: returned,
  not kept, and the check refused (``kept_outside_checks``).
- **file descriptors left open** (``os.pipe()`` in a loop, up to the limit): more than
  ``FDS_LEFT`` pipes, sockets or files a check leaves open are closed and named.

``taken()`` / ``put_back()`` bracket the judge's world (``isolation.grader_state``): what
the body changed is put back and named, which refuses the check. ``since_last_check()``
runs at the start of every check: what changed in the process while no check ran (an
answer's finalizer) is put right for the grader and named in the feedback.
"""

from __future__ import annotations

import contextlib
import errno
import faulthandler
import importlib.machinery
import os
import signal
import sys
from typing import Any

from jaxtour.grader.pristine import _Snapshotter  # the grader's own finder, first

try:
    import resource
except ImportError:  # Windows: no resource limits to keep
    resource = None  # type: ignore[assignment]

_JAXTOUR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_PathFinder = importlib.machinery.PathFinder
_FileFinder = importlib.machinery.FileFinder
_modules = sys.modules
_meta_path = sys.meta_path  # the lists the import system reads, even if rebound in sys
_path_hooks = sys.path_hooks
_importer_cache = sys.path_importer_cache


# --- audit hooks -----------------------------------------------------------------------

# One entry per hook added outside a check since the grader was imported.
_hooks_added: list[int] = []


def hook_added_outside_a_check() -> None:
    _hooks_added.append(1)


# --- the import machinery --------------------------------------------------------------


def _own_module_names() -> tuple[tuple[str, str], ...]:
    """Every module of jaxtour, by name, with the file it must come from."""
    found = []
    for folder, subfolders, files in os.walk(_JAXTOUR):
        subfolders[:] = [name for name in subfolders if name.isidentifier()]
        relative = os.path.relpath(folder, os.path.dirname(_JAXTOUR))
        package = relative.replace(os.sep, ".")
        for file in files:
            if file.endswith(".py"):
                stem = file[:-3]
                name = package if stem == "__init__" else f"{package}.{stem}"
                found.append((name, os.path.join(folder, file)))
    return tuple(sorted(found))


_OWN = _own_module_names()
_OWN_NAMES = tuple(name for name, _file in _OWN)
_OWN_FILES = dict(_OWN)
_OWN_FOLDERS = tuple(
    sorted({os.path.dirname(file) for _name, file in _OWN if file.endswith("__init__.py")})
)
# The package's __path__ each jaxtour package must have: its own folder.
_PACKAGE_PATHS = {
    name: [os.path.dirname(file)] for name, file in _OWN if file.endswith("__init__.py")
}


def _genuine(name: str, module: Any) -> bool:
    expected = _OWN_FILES.get(name)
    file = getattr(module, "__file__", None)
    if expected is None or not isinstance(file, str):
        return False
    with contextlib.suppress(OSError, ValueError):
        return os.path.samefile(file, expected)
    return False


# The jaxtour modules in sys.modules as last found genuine (None: not imported).
_known = {"modules": tuple(map(_modules.get, _OWN_NAMES))}


def _own_modules_put_right() -> list[str]:
    """Every jaxtour entry of ``sys.modules`` that is not jaxtour's own module taken out
    (the one last known put back); the packages' ``__path__`` their own folder again; a
    finder cached for jaxtour's folders that is not Python's own dropped. Their names."""
    names: list[str] = []
    now = tuple(map(_modules.get, _OWN_NAMES))
    known = _known["modules"]
    if not _same(now, known):
        for name, module, was in zip(_OWN_NAMES, now, known, strict=True):
            if module is was:
                continue
            if module is not None and (was is None and _genuine(name, module)):
                continue  # imported since: jaxtour's own
            names.append(f"sys.modules[{name!r}]")
            if was is not None:
                _modules[name] = was
            else:
                _modules.pop(name, None)
        _known["modules"] = tuple(map(_modules.get, _OWN_NAMES))
    for name, path in _PACKAGE_PATHS.items():
        package = _modules.get(name)
        if package is None:
            continue
        held = getattr(package, "__path__", None)
        if type(held) is list and held == path:
            continue
        names.append(f"{name}.__path__")
        if type(held) is list:
            held[:] = path
        else:
            with contextlib.suppress(Exception):
                package.__path__ = list(path)
    for folder in _OWN_FOLDERS:
        finder = _importer_cache.get(folder)
        if finder is not None and type(finder) is not _FileFinder:
            names.append("sys.path_importer_cache")
            del _importer_cache[folder]
    return names


def _finders_first() -> tuple[Any, ...]:
    """The finders asked before Python's own PathFinder (which finds jaxtour's modules):
    one appended after it (six's, a library's own) cannot shadow or refuse them."""
    first = []
    for finder in _meta_path:
        if finder is _PathFinder:
            break
        first.append(finder)
    return tuple(first)


def _finders_after() -> tuple[Any, ...]:
    """The finders after PathFinder (all of them where it was taken out)."""
    after: list[Any] = []
    found = False
    for finder in _meta_path:
        if found:
            after.append(finder)
        found = found or finder is _PathFinder
    return tuple(after)


def _finders() -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    return _finders_first(), _finders_after()


def _finders_put_back(was: tuple[tuple[Any, ...], tuple[Any, ...]]) -> list[str]:
    """The finders before PathFinder as they were, then PathFinder, then those after it
    that were there, then those appended since (a library imported meanwhile); named
    when any before it changed, or any was taken out."""
    first, after = was
    now = _finders_first()
    present = any(finder is _PathFinder for finder in _meta_path)
    after_now = _finders_after() if present else ()
    if _same(now, first) and present and all(any(f is g for g in after_now) for f in after):
        return []
    own = [finder for finder in now if type(finder) is _Snapshotter and finder not in first]
    added = [finder for finder in after_now if not any(finder is old for old in after)]
    _meta_path[:] = [*own, *first, _PathFinder, *after, *added]
    return ["sys.meta_path"]


def _is(a: Any, b: Any) -> bool:
    return a is b


def _same(now: tuple[Any, ...], was: tuple[Any, ...]) -> bool:
    """The same objects, by identity (never an object's own ``__eq__``)."""
    return len(now) == len(was) and all(map(_is, now, was))


# --- resource limits --------------------------------------------------------------------

_LIMITS = tuple(
    (name, getattr(resource, name))
    for name in (
        "RLIMIT_CPU",
        "RLIMIT_FSIZE",
        "RLIMIT_DATA",
        "RLIMIT_STACK",
        "RLIMIT_NOFILE",
        "RLIMIT_AS",
        "RLIMIT_NPROC",
        "RLIMIT_MEMLOCK",
    )
    if resource is not None and hasattr(resource, name)
)
_getrlimit = resource.getrlimit if resource is not None else None
_setrlimit = resource.setrlimit if resource is not None else None


def _limits() -> tuple[tuple[int, int], ...]:
    if _getrlimit is None:
        return ()
    return tuple(_getrlimit(number) for _name, number in _LIMITS)


_FIRST_LIMITS = _limits()  # as the grader found them: a hard limit never comes back up


def _limits_put_back(was: tuple[tuple[int, int], ...]) -> list[str]:
    """Each limit that differs from ``was`` set back as far as it can be (a soft limit
    up to the hard limit now); their names."""
    now = _limits()
    if now == was:
        return []
    names = []
    for (name, number), before, after in zip(_LIMITS, was, now, strict=True):
        if before == after:
            continue
        names.append(f"resource.setrlimit({name})")
        soft, hard = before
        hard_now = after[1]
        if _lower(hard_now, hard):  # cannot be raised: the soft limit as close as it can
            hard = hard_now
            if _lower(hard, soft):
                soft = hard
        with contextlib.suppress(ValueError, OSError):
            _setrlimit(number, (soft, hard))
    return names


def _lower(a: int, b: int) -> bool:
    """Whether limit ``a`` is lower than ``b`` (RLIM_INFINITY, -1, is the highest)."""
    infinity = resource.RLIM_INFINITY if resource is not None else -1
    if a == b:
        return False
    if a == infinity:
        return False
    return b == infinity or a < b


# --- faulthandler's later dump ------------------------------------------------------------

_dump_later = faulthandler.dump_traceback_later
_cancel_later = faulthandler.cancel_dump_traceback_later
_armed: list[int] = []  # one entry per dump_traceback_later inside a check


# Whether a check's world is running: isolation.inside_a_check, which isolation.py (which
# imports this module) puts here when it is imported.
_inside_a_check: list[Any] = [lambda: False]


def _dump_traceback_later(*args: Any, **kwargs: Any) -> None:
    if _inside_a_check[0]():
        _armed.append(1)
    return _dump_later(*args, **kwargs)


_dump_traceback_later.__doc__ = _dump_later.__doc__
if not getattr(faulthandler.dump_traceback_later, "_jaxtour", False):
    _dump_traceback_later._jaxtour = True  # type: ignore[attr-defined]
    faulthandler.dump_traceback_later = _dump_traceback_later


def _dump_cancelled() -> list[str]:
    if not _armed:
        return []
    _armed.clear()
    _cancel_later()
    return ["faulthandler.dump_traceback_later()"]


# --- SIGALRM, blocked between checks -------------------------------------------------------

_sigmask = getattr(signal, "pthread_sigmask", None)
_sigpending = getattr(signal, "sigpending", None)
_SIGALRM = getattr(signal, "SIGALRM", None)
_getsignal, _setsignal = signal.getsignal, signal.signal


def discard_pending_alarm() -> None:
    """Before SIGALRM is unblocked: an alarm that fired while it was blocked (by an answer
    or a finalizer) is pending, and unblocking would deliver it to whatever handler is in
    place then; the default one ends the process (a kernel, a test worker). Setting the
    action to SIG_IGN discards a pending signal (POSIX), then the handler is put back.
    Main thread only, where handlers can be set."""
    if _sigpending is None or _SIGALRM is None or _SIGALRM not in _sigpending():
        return
    previous = _getsignal(_SIGALRM)
    _setsignal(_SIGALRM, signal.SIG_IGN)
    if previous is not None:  # None: a handler set outside Python, which cannot be put back
        _setsignal(_SIGALRM, previous)


def _alarm_unblocked() -> list[str]:
    if _sigmask is None or _SIGALRM is None:
        return []
    import threading

    if threading.current_thread() is not threading.main_thread():
        return []
    if _SIGALRM not in _sigmask(signal.SIG_BLOCK, ()):
        return []
    discard_pending_alarm()
    _sigmask(signal.SIG_UNBLOCK, (_SIGALRM,))
    return ["signal.pthread_sigmask(SIGALRM)"]


# --- the process's memory, other processes, descriptors left open ------------------------

_STDLIB = os.path.dirname(os.__file__) + os.sep
_HOSTS = os.path.join(_JAXTOUR, "hosts.py")
_SPAWNS = {
    "subprocess.Popen": "subprocess.Popen()",
    "os.posix_spawn": "os.posix_spawn()",
    "os.exec": "os.exec*()",
    "os.spawn": "os.spawn*()",
    "os.system": "os.system()",
    "pty.spawn": "pty.spawn()",
    "os.forkpty": "os.forkpty()",
}
_KILLS = {"os.kill": "os.kill()", "os.killpg": "os.killpg()"}
_MEMORY = ("/dev/mem", "/dev/kmem", "/dev/port")
_refused: list[str] = []  # what the audit hook refused inside this check, by name
_memory_outside: list[int] = []  # a memory file opened outside a check: look for its fd


def _is_memory(path: Any) -> bool:
    """Whether opening ``path`` reaches a process's memory: ``/proc/<pid>/mem`` or a
    thread's, by any spelling, link or ``/proc/self/fd/N``, or a relative ``mem`` (a
    ``dir_fd`` on /proc the audit event does not carry)."""
    if type(path) is not str:
        try:
            path = os.fsdecode(os.fspath(path))
        except TypeError:  # a descriptor
            return False
    if path[:1] == "/":
        if path[-3:] != "mem" and "/proc" not in path and "/fd/" not in path:
            return False
    elif path.rsplit("/", 1)[-1] == "mem":
        return True
    elif not _getcwd().startswith("/proc"):
        return False
    real = _realpath(path)
    parts = real.split("/")
    return real in _MEMORY or (
        len(parts) in (4, 6)
        and parts[1] == "proc"
        and parts[-1] == "mem"
        and (len(parts) == 4 or parts[3] == "task")
    )


_getcwd, _realpath = os.getcwd, os.path.realpath


def _hosts_own(depth: int) -> bool:
    """Whether the first caller (from ``depth`` frames up) outside Python's own library
    is ``jaxtour.hosts`` (lesson 14's workers and server, started and stopped by the
    lesson's own code)."""
    frame: Any = sys._getframe(depth)  # noqa: SLF001
    while frame is not None:
        file = frame.f_code.co_filename
        if not file.startswith(_STDLIB) or "site-packages" in file:
            return file == _HOSTS
        frame = frame.f_back
    return False


def audited(event: str, args: tuple[Any, ...], inside: bool) -> None:
    """The grader's audit hook's part here (``isolation._audit``): inside a check, a
    process started or signalled, or the process's memory opened, is refused by name."""
    if event == "open":
        if args and _is_memory(args[0]):
            if not inside:
                _memory_outside.append(1)
                return
            _refused.append("open(/proc/self/mem)")
            raise PermissionError("jaxtour: no answer may open a process's memory")
        return
    if not inside:
        return
    name = _SPAWNS.get(event)
    if name is None and event in _KILLS and len(args) > 1:
        pid = args[0]
        if event == "os.killpg" or not isinstance(pid, int) or pid != os.getpid():
            name = _KILLS[event]
    elif event == "os.symlink" and args and _is_memory(args[0]):
        name = "os.symlink(/proc/self/mem)"
    if name is not None and not _hosts_own(3):  # past audited and the hook
        _refused.append(name)
        raise PermissionError(f"jaxtour: {name} is refused while a check runs")


def _refusing(module: Any, attribute: str, name: str) -> None:
    """``module.attribute`` (a C function no audit event reports) refused inside a check,
    but for ``jaxtour.hosts``'s own calls."""
    original = getattr(module, attribute, None)
    if original is None or getattr(original, "_jaxtour", False):
        return

    def refusing(*args: Any, **kwargs: Any) -> Any:
        if _inside_a_check[0]() and not _hosts_own(2):
            _refused.append(name)
            raise PermissionError(f"jaxtour: {name} is refused while a check runs")
        return original(*args, **kwargs)

    refusing._jaxtour = True  # type: ignore[attr-defined]
    refusing.__doc__ = original.__doc__
    setattr(module, attribute, refusing)


try:
    import _posixsubprocess  # multiprocessing's spawn and forkserver start theirs with it
except ImportError:  # Windows
    _posixsubprocess = None  # type: ignore[assignment]
if _posixsubprocess is not None:
    _refusing(_posixsubprocess, "fork_exec", "_posixsubprocess.fork_exec()")
for _module in (os, sys.modules.get("posix")):
    if _module is not None:
        _refusing(_module, "pidfd_open", "os.pidfd_open()")


def kept_outside_checks(name: str) -> bool:
    """For a measurement a lesson keeps for its later checks (``timing.roofline``): False
    inside a check, which is refused by ``name`` (round 21: a roof measured inside a check,
    under ``jax.debug_nans``, was 15 times too slow, and judged right answers of lesson 15
    wrong); the measurement is then returned, not kept."""
    if not _inside_a_check[0]():
        return True
    _refused.append(name)
    return False


def _refused_named() -> list[str]:
    names = list(dict.fromkeys(_refused))
    _refused.clear()
    return names


_FD_FOLDER = "/proc/self/fd"
FDS_LEFT = 32  # pipes, sockets or files a check may leave open (JAX opens a few)
_listdir, _readlink, _close = os.listdir, os.readlink, os.close


def _fds() -> frozenset[str] | None:
    try:
        return frozenset(_listdir(_FD_FOLDER))
    except OSError as error:  # not Linux; or no descriptor left to list them with
        if error.errno != errno.EMFILE or _getrlimit is None:
            return None
    soft = _getrlimit(resource.RLIMIT_NOFILE)[0]
    top = 1 << 20 if soft == resource.RLIM_INFINITY else min(soft, 1 << 20)
    found = []
    for fd in range(top):  # each one open (a second or so, once)
        with contextlib.suppress(OSError):
            _fstat(fd)
            found.append(str(fd))
    return frozenset(found)


_fstat = os.fstat


def _target(fd: str) -> str:
    try:
        return _readlink(f"{_FD_FOLDER}/{fd}")
    except OSError:
        return ""


def _closable(target: str) -> bool:
    """A pipe, a socket or a file an answer opened: never a device, an eventfd or epoll
    JAX's runtime holds (``anon_inode:``), /proc or /sys."""
    return target.startswith(("pipe:", "socket:")) or (
        target.startswith("/") and not target.startswith(("/dev/", "/proc/", "/sys/"))
    )


def _is_open(fd: int) -> bool:
    try:
        _fstat(fd)
    except OSError:
        return False
    return True


# The descriptors last listed, and the highest of them open then: while that one is
# still the highest open, the listing stands (two fstat calls, not a listing of /proc:
# 40 us, 115 at a load of 15). A descriptor opened and another closed below it meanwhile
# go unseen, which matters only to a check that leaves more than FDS_LEFT open.
_listed: dict[str, Any] = {"fds": None, "top": -1}


def _fds_before() -> tuple[frozenset[str] | None, int]:
    top = _listed["top"]
    if _listed["fds"] is not None and _is_open(top) and not _is_open(top + 1):
        return _listed["fds"], top
    fds = _fds()
    if fds is None:
        return None, -1
    top = max(map(int, filter(str.isdigit, fds)), default=-1)
    while top >= 0 and not _is_open(top):  # the listing's own descriptor, closed since
        top -= 1
    _listed.update(fds=fds, top=top)
    return fds, top


def _fds_closed(before: tuple[frozenset[str] | None, int]) -> list[str]:
    """More than FDS_LEFT pipes, sockets or files opened since ``before`` and still open:
    closed, and named."""
    was, top = before
    if was is None:
        return []
    # Descriptors are numbered lowest free first: the new ones fill the holes below the
    # highest one open before, then go past it; more than FDS_LEFT of them reach this one
    # (one fstat, not a listing). With more holes than that, only a listing can tell (a
    # test process that opened and closed many: the pipes filled its holes unseen).
    holes = top + 1 - sum(1 for fd in was if fd.isdigit() and int(fd) <= top)
    if holes <= FDS_LEFT and not _is_open(top + FDS_LEFT + 1 - max(holes, 0)):
        return []
    _listed["fds"] = None  # listed again at the next check
    now = _fds()
    if now is None or len(now) <= len(was):
        return []
    left = [(fd, _target(fd)) for fd in now - was if fd.isdigit()]
    left = [(fd, target) for fd, target in left if _closable(target)]
    if len(left) <= FDS_LEFT:
        return []
    kinds = set()
    for fd, target in left:
        with contextlib.suppress(OSError):
            _close(int(fd))
        kinds.add(_OPENED_BY.get(target.split(":", 1)[0], "open()"))
    return sorted(kinds)  # what opened them: the check says it put them back (closed)


_OPENED_BY = {"pipe": "os.pipe()", "socket": "socket.socket()"}


def _memory_fds_closed() -> list[str]:
    """A descriptor to a process's memory opened outside a check, closed."""
    if not _memory_outside:
        return []
    _memory_outside.clear()
    closed = []
    for fd in _fds() or ():
        if fd.isdigit() and _is_memory(f"{_FD_FOLDER}/{fd}"):
            with contextlib.suppress(OSError):
                _close(int(fd))
            closed.append(fd)
    return ["open(/proc/self/mem)"] if closed else []


# --- the brackets ----------------------------------------------------------------------------

_Taken = tuple[Any, tuple[Any, ...], tuple[tuple[int, int], ...], tuple[Any, int]]


def taken() -> _Taken:
    """The process-wide state as a check's body begins."""
    _armed.clear()
    _refused.clear()
    return (_finders(), tuple(_path_hooks), _limits(), _fds_before())


def put_back(was: _Taken) -> list[str]:
    """What the body changed of it, put back; the names (the check is refused for them)."""
    finders, hooks, limits, fds = was
    names = _refused_named()
    names += _finders_put_back(finders)
    if not _same(tuple(_path_hooks), hooks):
        _path_hooks[:] = hooks
        names.append("sys.path_hooks")
    names += _own_modules_put_right()
    names += _limits_put_back(limits)
    names += _dump_cancelled()
    names += _fds_closed(fds)
    return names


# The finders before PathFinder, the path hooks and the limits as the last check left them
# (nothing before the first check ends).
_last: dict[str, Any] = {}


_found: list[str] = []


def take_found() -> list[str]:
    """The names ``since_last_check`` found since they were last taken."""
    names = list(dict.fromkeys(_found))
    _found.clear()
    return names


def since_last_check() -> None:
    """At the start of a check: what changed in the process since the last one ended (an
    earlier answer's finalizer), put right for the grader; the names. A finder or path
    hook added since then is taken out (Python's import system cannot be both the
    session's and the grader's), a jaxtour module or package put back, SIGALRM
    unblocked, and a soft limit lower than the last check left it raised back. The
    names wait in ``_found`` for ``take_found``."""
    names = _own_modules_put_right()
    names += _memory_fds_closed()
    finders = _last.get("finders")
    if finders is not None:
        names += _finders_put_back(finders)
    hooks = _last.get("hooks")
    if hooks is not None and not _same(tuple(_path_hooks), hooks):
        _path_hooks[:] = hooks
        names.append("sys.path_hooks")
    names += _alarm_unblocked()
    limits = _last.get("limits")
    if limits is not None:
        now = _limits()
        if now != limits:
            lowered = [
                (name, number, before)
                for (name, number), before, after in zip(_LIMITS, limits, now, strict=True)
                if _lower(after[0], before[0]) and not _lower(after[1], before[1])
            ]
            for name, number, before in lowered:
                with contextlib.suppress(ValueError, OSError):
                    _setrlimit(number, before)
                names.append(f"resource.setrlimit({name})")
    _found.extend(names)


def check_ended() -> None:
    """What the next check compares with: the state this one leaves."""
    _last["finders"] = _finders()
    _last["hooks"] = tuple(_path_hooks)
    _last["limits"] = _limits()


def lasting() -> list[str]:
    """What no check can put back: an audit hook added outside a check, a hard resource
    limit lowered below what the grader found."""
    names = ["sys.addaudithook()"] if _hooks_added else []
    if _getrlimit is not None:
        now = _limits()
        if now != _FIRST_LIMITS:
            names += [
                f"resource.setrlimit({name})"
                for (name, _number), first, after in zip(_LIMITS, _FIRST_LIMITS, now, strict=True)
                if _lower(after[1], first[1])
            ]
    return names
