"""How tests are shared among xdist workers (tests/scheduling.py): what stays together."""

from __future__ import annotations

from types import SimpleNamespace

from tests.scheduling import WAITING, TogetherWhereNeeded, next_unit, priority, scope

CORPUS = "tests/content/test_wrong_answers.py"


def test_the_tests_that_judge_one_lessons_exercises_go_together_and_others_one_by_one():
    fit = [
        f"{CORPUS}::test_wrong_answer_gets_its_message[08.fit:typed-in]",
        f"{CORPUS}::test_in_russian_the_same_verdict_is_said_in_russian[08.update:x]",
        "tests/content/test_exercises.py::test_each_mistake_gets_its_own_message[08.fit:a-b]",
        "tests/content/test_exercises.py::test_reference_answer_passes[08.speedup]",
        "tests/grader/test_isolation.py::test_checking_reference_and_mistakes_changes_nothing[08.fit]",
        "tests/grader/test_integrity.py::test_every_reference_is_still_right_after_the_sneaky_answers[08.fit]",
        "tests/grader/test_bad_answers.py::test_generated_answers_never_raise[08.every_exercise]",
        "tests/grader/test_bad_answers.py::test_odd_answer_gets_feedback[08.every_exercise]",
        "tests/grader/test_x64.py::test_a_reference_passes_with_x64_on_and_again_after_it_is_switched_back_off[08.fit]",
    ]
    assert {scope(nodeid) for nodeid in fit} == {"by-lesson 08"}
    assert scope(fit[0].replace("08.fit", "09.two_views")) == "by-lesson 09"
    alone = [f"{CORPUS}::test_generic_share", "tests/grader/test_engine.py::test_a[08.fit]"]
    assert [scope(nodeid) for nodeid in alone] == alone


def test_notebooks_and_the_colab_venv_stay_whole_and_the_rest_goes_one_by_one():
    assert scope("lessons/03_grad.ipynb::Cell 4") == scope("lessons/03_grad.ipynb::Cell 9")
    assert scope("tests/paths/test_colab.py::test_a") == scope("tests/paths/test_colab.py::b")
    assert scope("tests/grader/test_engine.py::test_a[01.arange]") != scope(
        "tests/grader/test_engine.py::test_a[01.center]"
    )


def test_the_long_units_start_first():
    assert priority(scope(f"{CORPUS}::test_wrong_answer_gets_its_message[08.fit:x]")) < priority(
        "tests/grader/test_engine.py::test_a"
    )


def test_a_long_single_test_starts_before_the_short_ones():
    install = "tests/learner/test_venv_install.py::test_each_step_of_the_install_is_one_line"
    assert priority(scope("lessons/ru/00_welcome.ipynb::Cell 0")) < priority(scope(install))
    assert priority(scope(install)) < priority("tests/learner/test_cli.py::test_a")


def test_the_russian_notebooks_start_after_every_english_one_and_before_the_rest():
    english = priority(scope("lessons/14_many_hosts.ipynb::Cell 0"))
    russian = priority(scope("lessons/ru/00_welcome.ipynb::Cell 0"))
    assert english < russian < priority("tests/grader/test_engine.py::test_a")


def test_the_tests_that_wait_go_to_one_worker_while_the_others_take_the_rest():
    hub = "tests/paths/test_classroom_hub.py"
    queue = ["tests/paths/test_journey.py", "tests/paths/test_colab.py", hub, CORPUS, "lessons/a"]
    assert next_unit(queue, waiter=True) == "tests/paths/test_journey.py"
    assert next_unit(queue, waiter=False) == "tests/paths/test_colab.py"
    assert next_unit([hub, "lessons/a"], waiter=True) == hub
    assert next_unit(["lessons/a", "lessons/b"], waiter=True) == "lessons/a"  # none left
    assert next_unit([hub], waiter=False) == hub  # nothing else left: any worker takes it
    assert all(priority(scope(unit)) < priority("by-lesson 08") for unit in WAITING)


class _Worker:
    """What the scheduler reads of an xdist worker, and the tests it was sent."""

    shutting_down = False

    def __init__(self, name):
        self.gateway, self.sent = SimpleNamespace(id=name), []

    def send_runtest_some(self, indices):
        self.sent += indices

    def shutdown(self):
        self.shutting_down = True


def test_a_worker_that_replaces_a_crashed_one_gets_work_once_it_has_collected():
    """A second worker crashes while the first one's replacement is still collecting: the
    replacement is given nothing until its collection is in (it had raised KeyError and lost
    the unit), then every test the crashed workers left is run."""
    options = {"tx": ["popen"] * 2, "numprocesses": 2}
    config = SimpleNamespace(option=SimpleNamespace(loadscopereorder=False))
    config.getvalue = options.get
    tests = [f"tests/grader/test_{n}.py::test_{i}" for n in "abcdef" for i in range(3)]
    scheduler = TogetherWhereNeeded(config, None)
    first, second = _Worker("gw0"), _Worker("gw1")
    for worker in (first, second):
        scheduler.add_node(worker)
        scheduler.add_node_collection(worker, tests)
    scheduler.schedule()
    assert scheduler.remove_node(first) in tests  # crashed with tests pending
    replacement = _Worker("gw2")
    scheduler.add_node(replacement)
    assert scheduler.remove_node(second) in tests  # crashed while gw2 collects
    assert replacement.sent == []
    scheduler.add_node_collection(replacement, tests)
    scheduler.schedule()
    finished: list[int] = []
    while not replacement.shutting_down:  # gw2 reports each test it was sent as done
        finished.append(next(i for i in replacement.sent if i not in finished))
        scheduler.mark_test_complete(replacement, finished[-1])
    assert set(replacement.sent) == set(range(len(tests)))
