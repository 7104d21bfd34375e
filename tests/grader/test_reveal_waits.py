"""A reveal cell waits for its prediction's answer (issue 34: Run All must not settle a
prediction before its first Check).

``checks.reveal(id)`` runs a reveal's body only once the exercise is passed or its answer
was shown: a judged prediction naming an option (right or wrong), or its solution; in
this kernel or in the progress store (a later session). A slip, the placeholder, another
exercise's answer or an unreadable store leave it closed, and a closed reveal says so in
one line and runs nothing.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from jaxtour import checks
from jaxtour.exercises import all_exercises
from jaxtour.learner import progress_store as progress
from tests.grader.test_prediction_reveal import _wrong_option

PREDICTIONS = sorted(e.id for e in all_exercises().values() if e.prediction)
ONE = "05.predict_aux_structure"


@pytest.fixture
def fresh(monkeypatch, tmp_path):
    """A kernel that has answered nothing, with an empty store of its own."""
    monkeypatch.setattr(checks, "_revealed", set())
    monkeypatch.setattr(checks, "_reveals_shown", set())
    monkeypatch.delenv(checks.ENV_REVEALS, raising=False)
    monkeypatch.setenv(progress.ENV_DIR, str(tmp_path))
    monkeypatch.setenv(progress.ENV_SWITCH, "on")
    return tmp_path


def _shown(exercise_id: str, capsys) -> tuple[bool, str]:
    ran = []

    @checks.reveal(exercise_id)
    def demo():
        ran.append(True)

    assert demo is None  # the decorated name is no demo a later cell could call
    return bool(ran), capsys.readouterr().out


@pytest.mark.parametrize("exercise_id", PREDICTIONS)
def test_closed_until_an_option_is_named_then_open(exercise_id, fresh, capsys):
    ran, out = _shown(exercise_id, capsys)
    assert not ran and exercise_id in out and "first" in out
    for slip in (..., "ZZ", None):  # predicts nothing: still closed
        checks.check(exercise_id, slip)
        assert _shown(exercise_id, capsys)[0] is False
    checks.check(exercise_id, _wrong_option(exercise_id))  # wrong, but told what happened
    assert _shown(exercise_id, capsys) == (True, "")


def test_a_pass_or_the_solution_opens_it_and_nothing_else_does(fresh, capsys):
    other = next(p for p in PREDICTIONS if p != ONE)
    checks.check(other, checks._reference(other))
    checks.hint(ONE, 1)
    assert _shown(ONE, capsys)[0] is False  # another exercise's pass, a hint
    checks.solution(ONE)
    assert _shown(ONE, capsys)[0] is True
    assert _shown(other, capsys)[0] is True


def test_once_the_reveal_has_shown_what_jax_does_no_verdict_sends_the_learner_to_it(fresh, capsys):
    from jaxtour.grader.judge import REVEAL_MESSAGE

    wrong = checks.check(ONE, _wrong_option(ONE))
    assert wrong.message.endswith("\n" + REVEAL_MESSAGE)  # the reveal has not run open yet
    assert _shown(ONE, capsys)[0] is True
    for answer in (_wrong_option(ONE), checks._reference(ONE)):
        feedback = checks.check(ONE, answer)
        assert REVEAL_MESSAGE not in feedback.message, feedback.message
        assert feedback.explanation  # what happened is still said
    other = next(p for p in PREDICTIONS if p != ONE)  # another prediction's still is
    assert checks.check(other, checks._reference(other)).message.endswith(REVEAL_MESSAGE)


def _reveal_in_a_new_process(store_dir, env_switch: str = "on") -> str:
    code = textwrap.dedent(f"""
        from jaxtour import checks
        @checks.reveal({ONE!r})
        def demo():
            print("RAN")
    """)
    env = {progress.ENV_DIR: str(store_dir), progress.ENV_SWITCH: env_switch, "PATH": ""}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_later_session_reads_the_store(fresh, capsys):
    checks.check(ONE, "ZZ")  # a slip is stored, and opens nothing
    assert "RAN" not in _reveal_in_a_new_process(fresh)
    checks.check(ONE, _wrong_option(ONE))  # a named wrong option records the solution
    assert "RAN" in _reveal_in_a_new_process(fresh)
    assert "RAN" not in _reveal_in_a_new_process(fresh, env_switch="off")


def test_an_unreadable_store_leaves_it_closed_without_an_error(fresh, capsys):
    (fresh / progress.STORE_NAME).write_bytes(b"not a database at all" * 100)
    ran, out = _shown(ONE, capsys)
    assert not ran and ONE in out


def test_the_build_opens_every_reveal(fresh, monkeypatch, capsys):
    monkeypatch.setenv(checks.ENV_REVEALS, "open")
    assert _shown(ONE, capsys) == (True, "")


def test_the_value_returned_is_displayed_and_an_error_is_the_cell_s(fresh, capsys):
    checks.solution(ONE)

    @checks.reveal(ONE)
    def demo():
        return {"nesting": 2}

    assert "{'nesting': 2}" in capsys.readouterr().out
    with pytest.raises(ZeroDivisionError):  # the lesson's own code: its error shows as usual

        @checks.reveal(ONE)
        def demo():
            return 1 / 0
