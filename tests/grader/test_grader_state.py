"""The grader's own state is out of an answer's reach (issue 35's sneaky family).

An answer runs in the learner's interpreter, beside the grader: it can rebind
``checks.check``, patch ``Feedback.passed`` or an exercise record, set a profile hook
that rewrites what the grader returns, change the time limit or the language, ignore
the alarm that stops it, or catch the stop. Each such answer is refused (or timed out)
and named, whatever it returned; everything is put back; and the checks after it are
judged as if it had never run.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import threading
import time

import jax.numpy as jnp
import pytest

from jaxtour import checks, i18n
from jaxtour.exercises import exercise as find_exercise
from jaxtour.grader import feedback as feedback_module
from jaxtour.grader import limits, rules
from jaxtour.grader.feedback import Feedback

EXERCISE = "01.center"


def right(x):
    return x - jnp.mean(x, axis=-1, keepdims=True)


def wrong(x):
    return x


def _always_correct(exercise_id, answer):
    return Feedback(exercise_id, "correct", "ok")


def rebinds_check(x):
    checks.check = _always_correct
    return right(x)


def patches_feedback_passed(x):
    Feedback.passed = property(lambda self: True)
    return wrong(x)


def patches_a_rule_method(x):
    rules.SameFunction.__call__ = lambda self, answer, expected: None
    return wrong(x)


def patches_the_exercise_record(x):
    record = find_exercise(EXERCISE)
    object.__setattr__(record, "rule", lambda answer, expected: None)
    return wrong(x)


def rebinds_a_grader_function(x):
    feedback_module.Feedback = dict  # the module's name for the class, not the class
    return right(x)


def shortens_the_time_limit(x):
    checks.set_time_limit(1e-3)
    return right(x)


def changes_the_language(x):
    checks.use_language("ru" if i18n.language() == "en" else "en")
    return right(x)


def _rewrite_feedback(frame, event, arg):
    if event == "return" and type(arg) is Feedback:
        object.__setattr__(arg, "status", "correct")


def sets_a_profile_hook(x):
    sys.setprofile(_rewrite_feedback)
    return wrong(x)


def _tracer(frame, event, arg):
    return None


def sets_a_trace_hook(x):
    sys.settrace(_tracer)
    return right(x)


def sets_a_thread_profile_hook(x):
    threading.setprofile(_rewrite_feedback)
    return right(x)


def arms_a_cpu_timer(x):
    signal.setitimer(signal.ITIMER_PROF, 5.0)  # SIGPROF's default ends the kernel
    return right(x)


def _interrupt(signum, frame):
    raise KeyboardInterrupt


def sets_a_handler_for_a_later_check(x):
    signal.signal(signal.SIGVTALRM, _interrupt)
    return right(x)


def blocks_the_alarm(x):
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
    return right(x)


def _patches_isclose(*args):
    import numpy as np

    np.isclose = lambda *args, **kwargs: np.True_


def adds_a_gc_callback(x):
    gc.callbacks.append(_patches_isclose)
    return right(x)


def registers_a_jax_listener(x):
    from jax import monitoring

    monitoring.register_event_duration_secs_listener(_patches_isclose)
    return right(x)


def forks(x):
    if os.fork() == 0:
        return wrong(x)  # the child leaves at once; only the parent's verdict counts
    return right(x)


def rewrites_the_rule_s_cases(x):
    rule = find_exercise(EXERCISE).rule
    object.__setattr__(rule, "inputs", lambda: [(jnp.zeros((2, 3)),)])
    return right(x)


def leaves_no_room_for_a_call(x):
    """Round 19's red team: the lowest recursion limit Python allows here; every later
    check then failed before its first comparison."""
    for limit in range(40, 3000, 10):
        try:
            sys.setrecursionlimit(limit)
            break
        except RecursionError:
            continue
    return right(x)


def sets_the_environment(x):
    """The variant every later check reads, and a PYTHONPATH lesson 14's workers inherit."""
    os.environ["JAXTOUR_VARIANT"] = "3"
    os.environ["PYTHONPATH"] = "/nowhere"
    return right(x)


def _agrees(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return True


def swaps_a_function_s_code(x):
    """The same function object with another body: no rebinding for a scan of the modules
    to see (round 19's red team; numpy.allclose then agreed with every later answer)."""
    import numpy as np

    np.allclose._implementation.__code__ = _agrees.__code__  # noqa: SLF001
    return wrong(x)


def swaps_a_function_s_defaults(x):
    import numpy as np

    implementation = np.isclose._implementation  # noqa: SLF001
    implementation.__defaults__ = (1e9, 1e9, False)  # rtol, atol, equal_nan
    return wrong(x)


SNEAKY = {
    "leaves no room for a call": (leaves_no_room_for_a_call, "sys.setrecursionlimit()"),
    "sets the environment": (sets_the_environment, "os.environ['JAXTOUR_VARIANT']"),
    "swaps a function's code": (swaps_a_function_s_code, "allclose.__code__"),
    "swaps a function's defaults": (swaps_a_function_s_defaults, "isclose.__defaults__"),
    "arms a CPU timer": (arms_a_cpu_timer, "signal.setitimer()"),
    "sets a signal handler": (sets_a_handler_for_a_later_check, "signal.signal(SIGVTALRM)"),
    "blocks the alarm": (blocks_the_alarm, "signal.pthread_sigmask()"),
    "adds a gc callback": (adds_a_gc_callback, "gc.callbacks"),
    "registers a JAX listener": (registers_a_jax_listener, "jax.monitoring"),
    "forks": (forks, "os.fork()"),
    "rewrites the rule's cases": (rewrites_the_rule_s_cases, "01.center.rule.inputs"),
    "rebinds checks.check": (rebinds_check, "jaxtour.checks.check"),
    "patches Feedback.passed": (patches_feedback_passed, "Feedback.passed"),
    "patches a rule's method": (patches_a_rule_method, "SameFunction.__call__"),
    "patches the exercise record": (patches_the_exercise_record, "01.center.rule"),
    "rebinds a grader module's name": (rebinds_a_grader_function, "feedback.Feedback"),
    "shortens the time limit": (shortens_the_time_limit, "checks.set_time_limit()"),
    "changes the language": (changes_the_language, "checks.use_language()"),
    "sets a profile hook": (sets_a_profile_hook, "sys.setprofile()"),
    "sets a trace hook": (sets_a_trace_hook, "sys.settrace()"),
    "sets a thread profile hook": (sets_a_thread_profile_hook, "threading.setprofile()"),
}


def _process():
    """What an answer could leave to act inside a later check, outside the grader."""
    from jax._src import monitoring

    limits.listen_to_jax()  # the grader's own, registered at its first check
    return (
        tuple(signal.getsignal(number) for number in (signal.SIGVTALRM, signal.SIGPROF)),
        signal.getitimer(signal.ITIMER_PROF)[0] == 0,
        signal.pthread_sigmask(signal.SIG_BLOCK, ()),
        list(gc.callbacks),
        list(monitoring._event_duration_secs_listeners),  # noqa: SLF001
        vars(find_exercise(EXERCISE).rule).copy(),
    )


def _state():
    import numpy as np

    return (
        sys.getrecursionlimit(),
        {key: os.environ.get(key) for key in ("JAXTOUR_VARIANT", "PYTHONPATH")},
        np.allclose._implementation.__code__,  # noqa: SLF001
        np.isclose._implementation.__defaults__,  # noqa: SLF001
        checks.check,
        Feedback.__dict__["passed"],
        rules.SameFunction.__dict__["__call__"],
        vars(find_exercise(EXERCISE)).copy(),
        feedback_module.Feedback,
        limits.default_time_limit(),
        i18n.chosen(),
        sys.getprofile(),
        sys.gettrace(),
        threading._profile_hook,  # noqa: SLF001 - what threading.setprofile sets
    )


@pytest.mark.parametrize("kind", SNEAKY, ids=list(SNEAKY))
def test_an_answer_that_changes_the_grader_is_refused_and_everything_is_put_back(kind):
    answer, named = SNEAKY[kind]
    before, process = _state(), _process()
    feedback = checks.check(EXERCISE, answer)
    after = _state()
    assert _process() == process
    assert feedback.status == "error" and not feedback.passed, feedback.message
    assert named in feedback.message
    assert after[:7] == before[:7] and after[8:] == before[8:]
    assert after[7] == before[7]  # the exercise record's attributes, by value
    assert not checks.check(EXERCISE, wrong).passed
    assert checks.check(EXERCISE, right).passed


def test_a_hook_is_taken_off_before_the_grader_s_own_code_runs_under_it():
    """The profile hook would rewrite the Feedback the grader returns (a refusal into
    'correct'): it is put back right after the learner's call, so it never sees one."""
    seen = []

    def watch(frame, event, arg):
        if event == "return" and type(arg) is Feedback:
            seen.append(arg)

    def answer(x):
        sys.setprofile(watch)
        return wrong(x)

    feedback = checks.check(EXERCISE, answer)
    assert not feedback.passed
    assert seen == []


def test_an_answer_that_ignores_the_alarm_is_refused_by_name(short_time_limit):
    # the grader's own programs compiled first, under the usual limit: the 0.5 s is the
    # answer's (a loaded CI run spent it compiling 01.center's cases and said timeout)
    limits.set_time_limit(limits.DEFAULT_TIME_LIMIT_S)
    assert checks.check(EXERCISE, right).passed
    limits.set_time_limit(short_time_limit)

    def answer(x):
        signal.signal(signal.SIGALRM, signal.SIG_IGN)
        signal.setitimer(signal.ITIMER_REAL, 0)
        end = time.monotonic() + 4 * short_time_limit
        while time.monotonic() < end:
            pass
        return right(x)

    handler = signal.getsignal(signal.SIGALRM)
    feedback = checks.check(EXERCISE, answer)
    assert feedback.status == "error" and "signal.signal(SIGALRM)" in feedback.message
    assert signal.getsignal(signal.SIGALRM) is handler
    # the grader still judges, under the usual limit: 0.5 s is the answer's, and a
    # first check of 01.center's 1-3-D cases can take longer on a loaded machine
    limits.set_time_limit(limits.DEFAULT_TIME_LIMIT_S)
    assert checks.check(EXERCISE, right).passed


def test_an_answer_that_disarms_the_alarm_is_timed_out_by_the_clock(short_time_limit):
    def answer(x):
        signal.setitimer(signal.ITIMER_REAL, 0)
        end = time.monotonic() + 4 * short_time_limit
        while time.monotonic() < end:
            pass
        return right(x)

    feedback = checks.check(EXERCISE, answer)
    assert feedback.status == "timeout", feedback.message


def test_an_answer_that_catches_the_stop_is_timed_out_and_told_so(short_time_limit):
    def answer(x):
        end = time.monotonic() + 4 * short_time_limit
        while time.monotonic() < end:
            try:
                while time.monotonic() < end:
                    pass
            except BaseException:  # noqa: BLE001, S110 - the sneaky part
                pass
        return right(x)

    feedback = checks.check(EXERCISE, answer)
    assert feedback.status == "timeout" and feedback.mistake == "caught-the-stop"
    # the grader still judges, under the usual limit: 0.5 s is the answer's, and a
    # first check of 01.center's 1-3-D cases can take longer on a loaded machine
    limits.set_time_limit(limits.DEFAULT_TIME_LIMIT_S)
    assert checks.check(EXERCISE, right).passed


class ClaimsToBeAnArray:
    """Whatever isinstance asks, the answer: ``__class__`` is a property."""

    @property
    def __class__(self):  # noqa: D401
        import jax

        return jax.Array

    def __array__(self, dtype=None, copy=None):
        import numpy as np

        return np.array([1.0, 2.0, 3.0], dtype=np.float32)


def test_an_object_whose_class_claims_a_jax_array_is_not_one():
    feedback = checks.check("00.first_array", ClaimsToBeAnArray())
    assert not feedback.passed
    assert "__class__" in feedback.message


def test_a_cached_record_an_answer_swapped_in_is_not_kept():
    """Clearing the registry's cache while the lesson's EXERCISES is swapped keeps the
    swapped records after EXERCISES is put back, unless the registry reads them again."""
    import dataclasses

    import jaxtour.exercises as registry
    from jaxtour.exercises import lesson01

    def swaps_the_records(x):
        declared = lesson01.EXERCISES
        lesson01.EXERCISES = tuple(
            dataclasses.replace(e, rule=type(e.rule)(inputs=lambda: [(jnp.zeros((1, 2)),)]))
            if e.id == EXERCISE
            else e
            for e in declared
        )
        registry._of_lesson.cache_clear()  # noqa: SLF001
        registry.exercise(EXERCISE)
        lesson01.EXERCISES = declared
        return right(x)

    checks.check(EXERCISE, swaps_the_records)
    assert not checks.check(EXERCISE, wrong).passed
    assert checks.check(EXERCISE, right).passed


@pytest.mark.parametrize("exercise_id", ["08.update", "04.sgd_step", "12.fixed_target"])
def test_an_answer_that_donates_its_inputs_leaves_later_checks_their_inputs(exercise_id):
    """``jax.jit(step, donate_argnums=0)`` deletes the arrays it is given: the grader's
    kept inputs are built again, and donating is not called assigning into a dict."""
    import jax

    reference = checks._reference(exercise_id)
    donating = jax.jit(reference, donate_argnums=0)
    assert checks.check(exercise_id, donating).passed
    assert checks.check(exercise_id, reference).passed
    assert checks.check(exercise_id, donating).passed


def test_a_donating_step_is_never_called_a_mutation_however_many_checks_came_before():
    """08.update tells a step that assigned into its params dict by what each dict held
    when built; that record was once emptied every few checks, and a check that emptied it
    between building its cases and reading them called a donating step (whose deleted
    arrays had been built again) a mutation: one check in six, so a whole run's verdict
    hung on how many 08.update checks came before. Twenty in a row cross every such
    boundary."""
    import jax

    donating = jax.jit(checks._reference("08.update"), donate_argnums=0)
    verdicts = [checks.check("08.update", donating) for _ in range(20)]
    assert [feedback.mistake for feedback in verdicts if not feedback.passed] == []


def rebinds_checkify(prices):
    from jax.experimental import checkify

    checkify.checkify = lambda f, errors=None: f
    return prices


def rebinds_popen(prices):
    import subprocess

    subprocess.Popen = None
    return checks._reference("13.check_prices")(prices)


@pytest.mark.parametrize("answer", [rebinds_checkify, rebinds_popen], ids=["checkify", "Popen"])
def test_the_modules_a_rule_reads_at_check_time_are_the_grader_s(answer):
    import subprocess

    from jax.experimental import checkify

    before = (checkify.checkify, subprocess.Popen)
    feedback = checks.check("13.check_prices", answer)
    assert feedback.status == "error" and "rebound by your code" in feedback.message
    assert (checkify.checkify, subprocess.Popen) == before
    assert checks.check("13.check_prices", checks._reference("13.check_prices")).passed


def test_a_child_an_answer_forks_ends_before_it_runs_a_line(tmp_path):
    """A child forked inside a check ran the rest of the answer beside the kernel: one that
    called JAX hung for ever (JAX's threads do not survive a fork), one could write the
    progress store. It ends in the fork itself; the parent's check is refused by name."""
    marker = tmp_path / "the child ran"

    def forks_and_runs_on(x):
        pid = os.fork()
        if pid == 0:
            marker.write_text("here a child would call jnp and hang")
            os._exit(0)
        os.waitpid(pid, 0)
        return right(x)

    feedback = checks.check(EXERCISE, forks_and_runs_on)
    assert feedback.status == "error" and "os.fork()" in feedback.message, feedback.message
    assert not marker.exists()
    assert checks.check(EXERCISE, right).passed


def _kept_outputs_in_reach():
    """Every output sequence the grader keeps that an answer finds by reading jaxtour's
    module namespaces, and one level into the dicts, lists and tuples they hold."""
    found = []
    for name, module in list(sys.modules.items()):
        if not name.startswith("jaxtour") or module is None:
            continue
        for value in list(vars(module).values()):
            inner = value.values() if isinstance(value, dict) else value
            items = list(inner) if isinstance(inner, list | tuple | type({}.values())) else []
            found += [item for item in [value, *items] if isinstance(item, rules._Outputs)]
    return found


def poisons_the_kept_outputs(x):
    """Every kept output of the grader becomes its case's input: the reference of
    01.center then says x, so the answer x passes (issue 35, family 2)."""
    for outputs in _kept_outputs_in_reach():
        for index in range(len(outputs)):
            args = outputs._inputs()[index]
            outputs._done[index] = args[0] if args else None
    return right(x)


def test_no_output_the_grader_keeps_is_in_an_answers_reach():
    assert checks.check(EXERCISE, right).passed  # the reference's outputs are kept
    checks.check(EXERCISE, poisons_the_kept_outputs)
    assert not checks.check(EXERCISE, wrong).passed
    assert checks.check(EXERCISE, right).passed
    assert _kept_outputs_in_reach() == []


def _swap_then_delete(x):
    """Round 18's sneaky answer: the right swap, then the array it was given deleted."""
    out = x.at[0].set(x[-1]).at[-1].set(x[0])
    try:
        out.block_until_ready()
        x.delete()
    except Exception:  # noqa: BLE001, S110 - a tracer has no buffer to delete
        pass
    return out


def _swap_then_delete_a_copy(x):
    out = x.at[0].set(x[-1]).at[-1].set(x[0])
    try:
        jnp.array(x, copy=True).delete()  # its own array: the caller's x is left as it was
    except Exception:  # noqa: BLE001, S110 - a tracer has no buffer to delete
        pass
    return out


def test_an_answer_that_deletes_the_array_it_was_given_is_refused_by_name():
    """Its values are right, but the caller's array is gone: named, and the checks after
    it are judged as before (the grader's inputs are built for each check)."""
    feedback = checks.check("06.set_first", _swap_then_delete)
    assert not feedback.passed and feedback.mistake == "deletes-input", feedback.text()
    assert checks.check("06.set_first", _swap_then_delete_a_copy).passed
    assert checks.check("06.set_first", checks._reference("06.set_first")).passed


def test_an_answer_cannot_ask_for_a_new_variant_inside_a_check(monkeypatch):
    """checks.new_variant inside an answer would change the variant every later check of
    the exercise judges (round 19's red team): inside a check it changes nothing."""
    monkeypatch.delenv("JAXTOUR_VARIANT", raising=False)
    exercise = find_exercise("01.arange")
    before = checks.variant_number(exercise)
    notes = []

    def answer(x):
        notes.append(checks.new_variant("01.arange"))
        return right(x)

    checks.check(EXERCISE, answer)
    assert checks.variant_number(exercise) == before
    assert notes and "inside a check" in notes[0].text()


def test_an_audit_hook_left_by_an_answer_is_named_and_no_later_check_raises(tmp_path):
    """An audit hook can never be taken off: the check that added it is refused by name,
    and a later check whose own steps it makes fail says so instead of raising (in a
    process of its own, which the hook stays in)."""
    import subprocess
    import textwrap

    script = textwrap.dedent(
        """
        import sys
        import jax.numpy as jnp
        from jaxtour import checks

        def right(x):
            return x - jnp.mean(x, axis=-1, keepdims=True)

        def hook(event, args):
            if event in ("open", "compile", "exec", "sqlite3.connect"):
                raise RuntimeError("audited " + event)

        def answer(x):
            sys.addaudithook(hook)
            return right(x)

        first = checks.check("01.center", answer)
        print("FIRST", first.status, "sys.addaudithook()" in first.message)
        for _ in range(2):
            later = checks.check("01.center", right)  # must not raise
            print("LATER", later.status)
        """
    )
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = {
        **os.environ,
        "JAXTOUR_VARIANT": "0",
        "JAXTOUR_DATA_DIR": str(tmp_path),
        "PYTHONPATH": root,  # this tree's jaxtour, whatever the environment installed
    }
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "FIRST error True" in done.stdout, done.stdout
    assert done.stdout.count("LATER ") == 2, done.stdout


def test_a_type_registered_as_a_pytree_node_is_named_and_later_checks_say_so(tmp_path):
    """JAX cannot take a registration off: the check that made one is refused by name, and
    every later check says that nothing here can be trusted (in a process of its own)."""
    import subprocess
    import textwrap

    script = textwrap.dedent(
        """
        import jax
        import jax.numpy as jnp
        from jaxtour import checks

        def right(x):
            return x - jnp.mean(x, axis=-1, keepdims=True)

        def answer(x):
            jax.tree_util.register_pytree_node(float, lambda v: ((), None), lambda a, c: 0.0)
            return right(x)

        print("BEFORE", checks.check("01.center", right).status)
        first = checks.check("01.center", answer)
        print("FIRST", first.status, "register_pytree_node(float)" in first.message)
        later = checks.check("01.center", right)
        print("LATER", later.status, "Restart the kernel" in later.message)
        """
    )
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = {
        **os.environ,
        "JAXTOUR_VARIANT": "0",
        "JAXTOUR_DATA_DIR": str(tmp_path),
        "PYTHONPATH": root,  # this tree's jaxtour, whatever the environment installed
    }
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "BEFORE correct" in done.stdout, done.stdout
    assert "FIRST error True" in done.stdout, done.stdout
    assert "LATER error True" in done.stdout, done.stdout
