"""What an answer can change for the whole process is put back, or named for good (round
20's red team: an audit hook, the import machinery, resource limits, a later dump or a
blocked alarm left by a finalizer, rows forged in the progress store).

Each family, by more than the one mechanism the red team used: the check that changes it
is refused by name and everything is put back; a change made between checks (an earlier
answer's ``__del__``) is put right at the next check and named there; what no check can
undo (an audit hook added outside a check, a hard limit lowered) makes every later check
say so, and none raises. Those run in a process of their own, which they damage for good.
"""

from __future__ import annotations

import gc
import importlib.machinery
import os
import resource
import signal
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
import types

import jax.numpy as jnp
import pytest

from jaxtour import checks
from jaxtour.grader import judge as judge_module
from jaxtour.grader.limits import Limit
from jaxtour.learner import progress_store

EXERCISE = "01.center"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def right(x):
    return x - jnp.mean(x, axis=-1, keepdims=True)


class _Refuses:
    def find_spec(self, name, path=None, target=None):
        if name.startswith("jaxtour."):
            raise ImportError(f"{name} refused")
        return None


def _refusing_path_hook(path):
    raise ImportError("no finder")


def inserts_a_finder(x):
    sys.meta_path.insert(0, _Refuses())
    return right(x)


def empties_sys_meta_path(x):
    sys.meta_path.clear()
    return right(x)


def inserts_a_path_hook(x):
    sys.path_hooks.insert(0, _refusing_path_hook)
    sys.path_importer_cache.clear()
    return right(x)


def caches_a_finder_for_jaxtour(x):
    import jaxtour.exercises as package

    sys.path_importer_cache[package.__path__[0]] = _Refuses()
    return right(x)


def puts_a_folder_on_a_package_path(x):
    import jaxtour.exercises as package

    package.__path__.insert(0, tempfile.mkdtemp())
    return right(x)


def stubs_a_module_not_imported_yet(x):
    sys.modules.setdefault("jaxtour.classroom.with_hub", types.ModuleType("stub"))
    return right(x)


def replaces_a_loaded_module(x):
    sys.modules["jaxtour.exercises.lesson01"] = types.ModuleType("stub")
    return right(x)


def lowers_the_open_files(x):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (12, hard))
    return right(x)


def lowers_the_file_size(x):
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (1, hard))
    return right(x)


def lowers_the_stack(x):
    soft, hard = resource.getrlimit(resource.RLIMIT_STACK)
    resource.setrlimit(resource.RLIMIT_STACK, (64 * 1024, hard))
    return right(x)


def lowers_the_cpu_time(x):
    soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
    used = resource.getrusage(resource.RUSAGE_SELF)
    # Below what was used, SIGXCPU would end the process at once: an answer can end its
    # own kernel (os._exit does as much); it cannot bend a verdict so.
    resource.setrlimit(resource.RLIMIT_CPU, (int(used.ru_utime + used.ru_stime) + 3600, hard))
    return right(x)


def arms_a_later_dump(x):
    import faulthandler

    faulthandler.dump_traceback_later(3600, exit=True, file=open(os.devnull, "w"))  # noqa: SIM115
    return right(x)


CHANGES = {
    "a finder first on sys.meta_path": (inserts_a_finder, "sys.meta_path"),
    "sys.meta_path emptied": (empties_sys_meta_path, "sys.meta_path"),
    "a path hook": (inserts_a_path_hook, "sys.path_hooks"),
    "a finder cached for jaxtour": (caches_a_finder_for_jaxtour, "sys.path_importer_cache"),
    "a package's __path__": (puts_a_folder_on_a_package_path, "jaxtour.exercises.__path__"),
    "a stand-in module": (stubs_a_module_not_imported_yet, "jaxtour.classroom.with_hub"),
    "a loaded module replaced": (replaces_a_loaded_module, "jaxtour.exercises.lesson01"),
    "open files": (lowers_the_open_files, "RLIMIT_NOFILE"),
    "file size": (lowers_the_file_size, "RLIMIT_FSIZE"),
    "stack": (lowers_the_stack, "RLIMIT_STACK"),
    "CPU time": (lowers_the_cpu_time, "RLIMIT_CPU"),
    "a later dump": (arms_a_later_dump, "faulthandler.dump_traceback_later()"),
}


def _imports():
    import jaxtour.exercises as package

    cached = type(sys.path_importer_cache.get(package.__path__[0]))
    return (
        list(sys.meta_path),
        list(sys.path_hooks),
        list(package.__path__),
        {name: module for name, module in sys.modules.items() if name.startswith("jaxtour")},
        cached in (type(None), importlib.machinery.FileFinder),  # None: found again
    )


def _same_imports(now, before):
    """The same, jaxtour's modules imported since aside (the check's own)."""
    modules = now[3]
    return (
        now[:3] == before[:3]
        and now[4] == before[4]
        and all(modules.get(name) is module for name, module in before[3].items())
    )


def _limits():
    return [
        resource.getrlimit(getattr(resource, name))
        for name in ("RLIMIT_NOFILE", "RLIMIT_FSIZE", "RLIMIT_STACK", "RLIMIT_CPU")
    ]


@pytest.mark.parametrize("kind", CHANGES, ids=list(CHANGES))
def test_a_process_wide_change_is_refused_by_name_and_put_back(kind):
    answer, named = CHANGES[kind]
    checks._reference("14.fix_rows")  # a lesson module imported before, to be found again
    imports, limits = _imports(), _limits()
    try:
        feedback = checks.check(EXERCISE, answer)
        assert feedback.status == "error" and named in feedback.message, feedback.message
        assert _same_imports(_imports(), imports)
        assert _limits() == limits
        assert checks.check(EXERCISE, right).passed
        assert checks.check("14.fix_rows", checks._reference("14.fix_rows")).passed
    finally:
        import faulthandler

        faulthandler.cancel_dump_traceback_later()


def _finalizer_changes():
    import jaxtour.exercises as package

    folder = tempfile.mkdtemp()
    with open(os.path.join(folder, "lesson14.py"), "w") as file:
        file.write("raise ImportError('replaced')\n")
    sys.meta_path.insert(0, _Refuses())
    package.__path__.insert(0, folder)
    sys.modules["jaxtour.exercises.lesson14"] = types.ModuleType("stub")
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (12, hard))


class _AfterTheCheck:
    def __call__(self, x):
        return right(x)

    def __del__(self):
        _finalizer_changes()


def test_what_a_finalizer_changes_after_its_check_is_put_right_and_named_at_the_next():
    reference = checks._reference("14.fix_rows")
    imports, limits = _imports(), _limits()
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, ())
    answer = _AfterTheCheck()
    assert checks.check(EXERCISE, answer).passed
    del answer
    gc.collect()  # the finalizer has run: between two checks
    feedback = checks.check("14.fix_rows", reference)
    assert feedback.passed, feedback.message
    for named in ("sys.meta_path", "__path__", "lesson14", "SIGALRM", "RLIMIT_NOFILE"):
        assert named in feedback.message, feedback.message
    assert _same_imports(_imports(), imports) and _limits() == limits
    assert signal.pthread_sigmask(signal.SIG_BLOCK, ()) == mask


def test_an_answer_cannot_add_an_audit_hook():
    """CPython drops a hook that another hook refuses: the grader's refuses every one
    added inside a check. (Were it added, it would raise in this worker's every check.)"""
    heard = []

    def answer(x):
        sys.addaudithook(lambda event, args: heard.append(event))
        return right(x)

    feedback = checks.check(EXERCISE, answer)
    assert feedback.status == "error" and "sys.addaudithook()" in feedback.message
    open(os.devnull).close()
    assert heard == []
    assert checks.check(EXERCISE, right).passed


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv(progress_store.ENV_DIR, str(tmp_path))
    monkeypatch.setenv(progress_store.ENV_SWITCH, "on")
    assert checks.check(EXERCISE, right).passed  # the store made, one row
    return progress_store.store_path()


def _forge(connection):
    connection.execute(
        "INSERT INTO checks (at, exercise, status) VALUES (0, '01.arange', 'correct')"
    )


def writes_the_store(path):
    def answer(x):
        db = sqlite3.connect(path, timeout=0.1)
        _forge(db)
        db.commit()
        return x

    return answer


def writes_the_store_through_a_link(path):
    def answer(x):
        link = os.path.join(tempfile.mkdtemp(), "elsewhere.db")
        os.symlink(path, link)
        try:
            db = sqlite3.connect(link, timeout=0.1)
            _forge(db)
            db.commit()
        except sqlite3.OperationalError:  # database is locked: the grader holds it
            pass
        return x

    return answer


def commits_through_the_grader_s_connection(path):
    def answer(x):
        for thing in gc.get_objects():
            if isinstance(thing, sqlite3.Connection):
                try:
                    _forge(thing)
                    thing.execute("COMMIT")
                except sqlite3.Error:
                    continue
        return x

    return answer


def replaces_the_store(path):
    def answer(x):
        os.replace(path, str(path) + ".old")
        return x

    return answer


def records_through_the_grader(path):
    def answer(x):
        progress_store.record("01.arange", "correct")
        checks.check("01.arange", checks._reference("01.arange"))
        return x

    return answer


@pytest.mark.parametrize(
    "writer",
    [
        records_through_the_grader,
        writes_the_store,
        writes_the_store_through_a_link,
        commits_through_the_grader_s_connection,
        replaces_the_store,
    ],
)
def test_an_answer_cannot_record_progress(store, writer):
    feedback = checks.check(EXERCISE, writer(store))
    assert not feedback.passed
    assert store.exists()
    assert _passed(store) == {EXERCISE}
    assert checks.check("01.arange", checks._reference("01.arange")).passed
    assert _passed(store) == {EXERCISE, "01.arange"}


def _passed(store):
    return {name for name, progress in progress_store.read(store).items() if progress.passed}


def test_a_stop_held_up_by_one_call_says_so():
    """A 20 s C loop against a 10 s limit was late by the limit itself and was told to
    look for a slow Python loop: a stop held up seconds waited for one call."""
    limit = Limit(seconds=10.0, started=0.0)
    limit.late_s, limit.fired = 10.0, True
    exercise = checks._lookup("03.central_difference")
    assert judge_module.too_slow(exercise, limit, 10.0).mistake == "uninterruptible"
    limit.late_s = 0.05  # a handler as late as a loaded machine makes it: Python's loop
    assert judge_module.too_slow(exercise, limit, 10.0).mistake == "slow-python"


def test_what_no_check_can_undo_is_named_by_every_later_check_and_none_raises(tmp_path):
    """In a process of its own: an audit hook added outside a check (an earlier answer's
    finalizer) that raises on whatever the grader does, and a hard limit lowered. Every
    later check names it and says to restart; none raises. A later dump armed in a
    check is cancelled: the process lives past it."""
    script = textwrap.dedent(
        """
        import resource, sys, time
        import jax.numpy as jnp
        from jaxtour import checks

        def right(x):
            return x - jnp.mean(x, axis=-1, keepdims=True)

        def dumps_later(x):
            import faulthandler
            faulthandler.dump_traceback_later(2, exit=True)
            return right(x)

        print("DUMP", checks.check("01.center", dumps_later).status)
        time.sleep(3)
        print("ALIVE")
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        lower = soft + 100 if hard == resource.RLIM_INFINITY else hard - 1
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(soft, lower), lower))
        print("HARD", checks.check("01.center", right).message)

        def hook(event, args):
            if event in ("open", "compile", "exec", "import", "sqlite3.connect"):
                raise SystemExit("audited " + event)

        sys.addaudithook(hook)
        for exercise in ("01.center", "14.fix_rows", "05.fix_aux_order"):
            feedback = checks.check(exercise, right)  # must not raise
            print("LATER", feedback.status, "sys.addaudithook()" in feedback.message)
        feedback = checks.read_and_check("14.fix_rows", lambda: right)
        print("LATER", feedback.status, "sys.addaudithook()" in feedback.message)
        """
    )
    env = {
        **os.environ,
        "JAXTOUR_VARIANT": "0",
        "JAXTOUR_DATA_DIR": str(tmp_path),
        "PYTHONPATH": ROOT,
    }
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "DUMP error" in done.stdout and "ALIVE" in done.stdout, done.stdout
    assert "resource.setrlimit(RLIMIT_NOFILE)" in done.stdout, done.stdout
    assert done.stdout.count("LATER error True") == 4, done.stdout


def test_an_alarm_held_back_by_a_blocked_sigalrm_does_not_end_the_process(tmp_path):
    """An alarm that fires while every thread blocks SIGALRM waits, pending; unblocking it
    delivers it to the handler in place then, and the default one ends the process (a
    kernel). The grader unblocks SIGALRM at a check's start: such an alarm is dropped
    first. (Every thread blocks it here: blocked before JAX starts its threads, which
    inherit the mask; where one thread does not, the alarm goes to that one at once.)"""
    script = textwrap.dedent(
        """
        import signal, time
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
        import jax.numpy as jnp
        from jaxtour import checks

        def right(x):
            return x - jnp.mean(x, axis=-1, keepdims=True)

        assert signal.getsignal(signal.SIGALRM) is signal.SIG_DFL
        signal.setitimer(signal.ITIMER_REAL, 0.001)
        time.sleep(0.05)
        print("PENDING", signal.SIGALRM in signal.sigpending())
        feedback = checks.check("01.center", right)
        print("NEXT", feedback.status, "SIGALRM" in feedback.message)
        print("LATER", checks.check("01.center", right).status)
        """
    )
    env = {
        **os.environ,
        "JAXTOUR_VARIANT": "0",
        "JAXTOUR_DATA_DIR": str(tmp_path),
        "PYTHONPATH": ROOT,
    }
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, (done.returncode, done.stdout[-2000:], done.stderr[-2000:])
    assert "PENDING True" in done.stdout, done.stdout
    assert "NEXT correct True" in done.stdout, done.stdout
    assert "LATER correct" in done.stdout, done.stdout


# Round 21's red team: what reaches beyond the process's Python. Each family by several
# mechanisms: the process's memory opened (it wrote the grader's kept inputs and expected
# values, and an input in place past the "input unchanged" test), another process started
# or signalled (a SIGINT-sending shell; lesson 14's worker server stopped), descriptors
# left open, a measurement a lesson keeps taken inside a check.


def _opens_the_memory(x):
    with open("/proc/self/mem", "r+b", buffering=0):
        pass
    return right(x)


def _opens_a_thread_s_memory(x):
    task = os.listdir("/proc/self/task")[0]
    os.close(os.open(f"/proc/{os.getpid()}/task/{task}/mem", os.O_RDONLY))
    return right(x)


def _opens_the_memory_beside_a_folder(x):
    folder = os.open("/proc/self", os.O_RDONLY)
    try:
        os.close(os.open("mem", os.O_RDONLY, dir_fd=folder))
    finally:
        os.close(folder)
    return right(x)


def _opens_the_memory_through_a_link(x):
    link = os.path.join(tempfile.mkdtemp(), "memory")
    os.symlink(f"/proc/{os.getpid()}/mem", link)
    with open(link, "rb"):
        pass
    return right(x)


def _posix_spawns(x):
    os.posix_spawn("/bin/true", ["true"], dict(os.environ))
    return right(x)


def _runs_a_subprocess(x):
    subprocess.run(["true"], check=False)
    return right(x)


def _calls_os_system(x):
    os.system("true")  # noqa: S605, S607
    return right(x)


def _spawns_a_multiprocessing_process(x):
    import multiprocessing

    process = multiprocessing.get_context("spawn").Process(target=print)
    process.start()
    process.join()
    return right(x)


def _signals_the_parent(x):
    os.kill(os.getppid(), 0)  # signal 0: asks only whether it may
    return right(x)


def _signals_its_group(x):
    os.killpg(os.getpgid(0), 0)
    return right(x)


def _opens_a_pidfd(x):
    os.close(os.pidfd_open(os.getppid()))
    return right(x)


_left_open: list[int] = []


def _leaves_pipes_open(x):
    if not _left_open:
        for _ in range(64):
            _left_open.extend(os.pipe())
    return right(x)


def _remeasures_the_roof(x):
    from jaxtour import timing

    timing.roofline(budget_s=0.01)
    return right(x)


BEYOND_PYTHON = {
    "memory": (_opens_the_memory, "open(/proc/self/mem)"),
    "thread's memory": (_opens_a_thread_s_memory, "open(/proc/self/mem)"),
    "memory by dir_fd": (_opens_the_memory_beside_a_folder, "open(/proc/self/mem)"),
    "memory by a link": (_opens_the_memory_through_a_link, "/proc/self/mem)"),
    "posix_spawn": (_posix_spawns, "os.posix_spawn()"),
    "subprocess": (_runs_a_subprocess, "subprocess.Popen()"),
    "os.system": (_calls_os_system, "os.system()"),
    "multiprocessing": (_spawns_a_multiprocessing_process, "fork_exec()"),
    "os.kill": (_signals_the_parent, "os.kill()"),
    "os.killpg": (_signals_its_group, "os.killpg()"),
    "pidfd": (_opens_a_pidfd, "os.pidfd_open()"),
    "pipes left open": (_leaves_pipes_open, "os.pipe()"),
    "roofline": (_remeasures_the_roof, "timing.roofline()"),
}


@pytest.mark.parametrize("kind", BEYOND_PYTHON, ids=list(BEYOND_PYTHON))
def test_what_reaches_beyond_python_is_refused_by_name(kind):
    from jaxtour import timing

    answer, named = BEYOND_PYTHON[kind]
    fds, roof = len(os.listdir("/proc/self/fd")), timing.measured_roofline()
    feedback = checks.check(EXERCISE, answer)
    assert feedback.status == "error" and named in feedback.message, feedback.message
    assert len(os.listdir("/proc/self/fd")) <= fds + 8  # the pipes closed
    assert repr(timing.measured_roofline()) == repr(roof)  # not kept
    assert checks.check(EXERCISE, right).passed
    _left_open.clear()


def test_a_descriptor_to_the_memory_opened_before_a_check_is_closed_at_its_start():
    fd = os.open("/proc/self/mem", os.O_RDONLY)
    feedback = checks.check(EXERCISE, right)
    assert feedback.passed and "/proc/self/mem" in feedback.message, feedback.message
    with pytest.raises(OSError):
        os.fstat(fd)


def test_lesson_14_s_own_processes_still_start_and_its_server_is_not_stopped(tmp_path):
    """In a process of its own: round 21's entries 1, 9 and 33 (the grader's kept
    inputs, an input in place, the floats of its cases, written through /proc/self/mem),
    26 (hosts.start_server, then SIGSTOP to the server), 30 (pipes until none is left,
    then 8 given back) and 31 (a SIGINT-sending shell by posix_spawn) are refused, and
    pipes until none is left (none to list the descriptors with: each is asked); the
    right answers they aimed at, and a later 14.global_mean, which starts its workers
    through the worker server (stopped by a cell since: hosts continues it), pass."""
    script = textwrap.dedent(
        """
        import os
        import jax.numpy as jnp
        from jaxtour import checks
        from tests.content.wrong_answers.round21.sneaky import SNEAKY_21

        for index in (1, 9, 33, 26, 30, 31):
            entry = SNEAKY_21[index]
            feedback = checks.check(entry.exercise_id, entry.answer())
            print("ENTRY", index, feedback.status)
        held = []

        def leaves_no_descriptor(x):
            try:
                while True:
                    held.extend(os.pipe())
            except OSError:
                return x - jnp.mean(x, axis=-1, keepdims=True)

        feedback = checks.check("01.center", leaves_no_descriptor)
        print("ENTRY none left", feedback.status, "os.pipe()" in feedback.message)
        import signal
        from jaxtour import hosts

        hosts.start_server()  # stopped from a cell, outside any check: continued by hosts
        os.kill(hosts._servers[0].process.pid, signal.SIGSTOP)
        later = ("04.grad_last_two", "06.set_first", "08.update", "06.count_labels")
        for name in (*later, "07.clip_negative", "14.fix_rows", "14.global_mean"):
            print("LATER", name, checks.check(name, checks._reference(name)).status)
        """
    )
    env = {
        **os.environ,
        "JAXTOUR_VARIANT": "0",
        "JAXTOUR_DATA_DIR": str(tmp_path),
        "PYTHONPATH": ROOT,
    }
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, (done.returncode, done.stdout[-2000:], done.stderr[-2000:])
    assert done.stdout.count("ENTRY") == 7 and "correct" not in done.stdout.split("LATER")[0]
    assert "ENTRY none left error True" in done.stdout, done.stdout
    assert done.stdout.count(" correct") == 7, done.stdout
