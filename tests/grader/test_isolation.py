"""check() leaves the learner's world as it found it (snapshots before and after)."""

from __future__ import annotations

import io
import sys

import jax
import jax.numpy as jnp
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from jaxtour import checks  # noqa: E402
from tests import verdicts  # noqa: E402


def _snapshot():
    state = np.random.get_state()
    return {
        "jax_config": dict(jax.config.values),
        "random": (state[0], state[1].copy(), *state[2:]),
        "rc": dict(matplotlib.rcParams),
        "figures": plt.get_fignums(),
        "current_figure": plt.gcf().number if plt.get_fignums() else None,
        "stdout": sys.stdout,
        "stderr": sys.stderr,
    }


def _assert_same(before, after):
    assert after["jax_config"] == before["jax_config"]
    assert after["random"][0] == before["random"][0]
    assert np.array_equal(after["random"][1], before["random"][1])
    assert after["random"][2:] == before["random"][2:]
    assert after["rc"] == before["rc"]
    assert after["figures"] == before["figures"]
    assert after["current_figure"] == before["current_figure"]
    assert after["stdout"] is before["stdout"] and after["stderr"] is before["stderr"]


@pytest.fixture
def a_figure():
    figure = plt.figure()
    yield figure
    plt.close("all")


def meddling_center(x):
    """Right answer, bad neighbour: changes every piece of global state it can reach."""
    jax.config.update("jax_enable_x64", True)
    jax.config.update("jax_default_device", jax.devices()[0])
    np.random.seed(1234)
    np.random.random(5)
    matplotlib.rcParams["lines.linewidth"] = 9.0
    plt.figure()
    sys.stdout = io.StringIO()
    sys.stderr = io.StringIO()
    return x - jnp.mean(x, axis=-1, keepdims=True)


def test_meddling_answer_changes_nothing_outside_the_check(a_figure):
    np.random.seed(7)
    before = _snapshot()
    feedback = checks.check("01.center", meddling_center)
    _assert_same(before, _snapshot())
    assert not jax.config.jax_enable_x64
    assert feedback.status in ("correct", "incorrect")


@pytest.mark.parametrize("exercise_id", checks.list_exercises())
def test_checking_reference_and_mistakes_changes_nothing(exercise_id):
    """The world before and after the reference and every mistake's example were checked,
    in English and in Russian, with a figure open: judged once per process, for this test
    and tests/content/test_exercises.py (tests/verdicts.py)."""
    judged = verdicts.judged(exercise_id)
    _assert_same(judged.before, judged.after)


def test_arrays_lists_and_dicts_given_are_not_mutated():
    array = np.arange(10, dtype=np.int32)
    nested = [np.arange(3), {"a": [1, 2]}]
    mapping = {"w": np.ones(3), "b": [0.0]}
    copies = (array.copy(), [nested[0].copy(), {"a": [1, 2]}], {"w": np.ones(3), "b": [0.0]})
    for exercise_id in checks.list_exercises():
        for answer in (array, nested, mapping):
            checks.check(exercise_id, answer)
    assert np.array_equal(array, copies[0]) and array.flags.writeable
    assert np.array_equal(nested[0], copies[1][0]) and nested[1] == copies[1][1]
    assert np.array_equal(mapping["w"], copies[2]["w"]) and mapping["b"] == [0.0]


def test_a_check_that_is_the_sessions_first_jax_work_judges_the_answer():
    """Starting JAX's backend registers its own monitoring listeners and a gc callback:
    where a check was a fresh kernel's first JAX work (a restart, then the check cell),
    they were taken for the answer's doing and a right answer was refused. The grader
    starts the backend before it watches (judge._backend_started)."""
    import subprocess

    code = (
        "from jaxtour import checks\n"
        "import sys\n"
        "assert 'jax._src.xla_bridge' not in sys.modules or not "
        "sys.modules['jax._src.xla_bridge']._backends\n"
        "print(checks.check('01.arange', checks._reference('01.arange')).status)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.stdout.strip() == "correct", done.stdout + done.stderr[-2000:]
