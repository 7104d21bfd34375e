"""A warm check reuses what the grader compiled for a learner's function, and only while
the function and what it reads are unchanged (``plain._returning_plain``,
``learner_code.transformed``); a right answer runs only the mistakes declared
``also_accepted``; a warm check of every exercise's reference compiles no program."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from jaxtour import checks
from jaxtour.exercises import all_exercises
from jaxtour.grader.plain import plain
from tests import verdicts

EXERCISE = "07.clip_negative"  # SameFunction under jax.jit


def _define(source: str) -> dict:
    names: dict = {}
    exec(source, names)  # noqa: S102 - a notebook cell
    return names


def _counting_traces():
    """A right answer to 07.clip_negative (the masked-mean fill), as a cell defines it,
    that counts how often it is traced."""
    names = _define(
        "import jax.numpy as jnp\n"
        "def clip_negative(x):\n"
        "    next(TRACES)\n"
        "    return jnp.where(x >= 0, x, jnp.mean(x, where=x >= 0))\n"
    )
    names["TRACES"] = itertools.count()
    return names["clip_negative"], names["TRACES"]


def test_a_warm_check_traces_the_function_once():
    clip_negative, traces = _counting_traces()
    assert checks.check(EXERCISE, clip_negative).status == "correct"
    after_first = next(traces)
    for _ in range(3):
        assert checks.check(EXERCISE, clip_negative).status == "correct"
    assert next(traces) == after_first + 1  # nothing traced again (the +1 is our own next)


def test_a_kernel_binding_input_anew_for_each_cell_keeps_what_jax_compiled(monkeypatch):
    """ipykernel binds builtins.input to a fresh bound method for every cell it runs; a
    check must not read that as the notebook rebinding a guarded function (which makes
    it forget every program JAX traced, so every later cell and check compiled again)."""
    import builtins

    clip_negative, traces = _counting_traces()
    monkeypatch.setattr(builtins, "input", lambda prompt="": "")
    assert checks.check(EXERCISE, clip_negative).status == "correct"
    after_first = next(traces)
    for _ in range(3):
        monkeypatch.setattr(builtins, "input", lambda prompt="": "")  # the next cell
        assert checks.check(EXERCISE, clip_negative).status == "correct"
    assert next(traces) == after_first + 1


def test_a_rebound_global_is_read_again():
    names = _define(
        "import jax.numpy as jnp\nFLOOR = 0.0\ndef clip_negative(x):\n"
        "    return jnp.where(x >= FLOOR, x, jnp.mean(x, where=x >= FLOOR))\n"
    )
    clip = names["clip_negative"]
    assert checks.check(EXERCISE, clip).status == "correct"
    names["FLOOR"] = -1.0
    assert checks.check(EXERCISE, clip).status == "incorrect"
    names["FLOOR"] = 0.0
    assert checks.check(EXERCISE, clip).status == "correct"


def test_a_helper_redefined_is_read_again():
    names = _define(
        "import jax.numpy as jnp\n"
        "def floor_of(x):\n    return 0.0\n"
        "def clip_negative(x):\n"
        "    return jnp.where(x >= floor_of(x), x, jnp.mean(x, where=x >= floor_of(x)))\n"
    )
    clip = names["clip_negative"]
    assert checks.check(EXERCISE, clip).status == "correct"
    exec("def floor_of(x):\n    return -1.0\n", names)  # noqa: S102 - the helper's cell run again
    assert checks.check(EXERCISE, clip).status == "incorrect"


def test_a_global_dict_changed_in_place_is_read_again():
    names = _define(
        "import jax.numpy as jnp\nSETTINGS = {'floor': 0.0}\n"
        "def clip_negative(x):\n"
        "    kept = x >= SETTINGS['floor']\n"
        "    return jnp.where(kept, x, jnp.mean(x, where=kept))\n"
    )
    clip = names["clip_negative"]
    assert checks.check(EXERCISE, clip).status == "correct"
    names["SETTINGS"]["floor"] = -1.0
    assert checks.check(EXERCISE, clip).status == "incorrect"


def test_a_small_global_array_changed_in_place_gets_a_new_wrapper():
    names = _define("import numpy as np\nOFFSET = np.zeros(3)\ndef f(x):\n    return x + OFFSET\n")
    first = plain(names["f"])
    names["OFFSET"][0] = 1.0
    assert plain(names["f"]) is not first


def test_coming_back_after_every_other_function_exercise_traces_nothing_again():
    """A learner who checks one function, then a function for every other exercise of
    the tour, and comes back: the first one's wrapper, and the jit made of it, are still
    kept (there was room for 16: the benchmark's round of every reference answer
    compiled 09.two_views again on every pass, 828 ms a check)."""
    clip_negative, traces = _counting_traces()
    assert checks.check(EXERCISE, clip_negative).status == "correct"
    after_first = next(traces)
    functions = sum(callable(e.reference()) for e in all_exercises().values())
    others = [_define(f"def other_{n}(x):\n    return x\n")[f"other_{n}"] for n in range(functions)]
    for other in others:  # what checking each would keep: its wrapper, its jit
        checks.check(EXERCISE, other)
    assert checks.check(EXERCISE, clip_negative).status == "correct"
    assert next(traces) == after_first + 1  # not traced again


def test_one_wrapper_while_nothing_changes():
    names = _define("SCALE = 2.0\ndef f(x):\n    return SCALE * x\n")
    first = plain(names["f"])
    assert plain(names["f"]) is first
    assert plain(first) is first  # a wrapper is never wrapped again
    names["SCALE"] = 3.0
    assert plain(names["f"]) is not first
    assert plain(names["f"])(np.float32(1.0)) == 3.0


def test_also_accepted_only_with_matches():
    for exercise in all_exercises().values():
        for mistake in exercise.mistakes:
            assert not mistake.also_accepted or mistake.matches is not None


WALK = "09.random_walk"  # its rule draws 32 walks for their statistics, step by step


def _counting_walk():
    """A right random_walk, as a cell defines it, counting its calls, each step scaled
    by CONFIG.scale: an attribute, which plain reads by the object's identity alone."""
    names = _define(
        "import itertools, types\n"
        "import jax, jax.numpy as jnp\n"
        "CONFIG = types.SimpleNamespace(scale=1.0)\n"
        "CALLS = itertools.count()\n"
        "def random_walk(key, steps):\n"
        "    next(CALLS)\n"
        "    position = 0.0\n"
        "    path = []\n"
        "    for _ in range(steps):\n"
        "        key, subkey = jax.random.split(key)\n"
        "        position = position + CONFIG.scale * jax.random.normal(subkey)\n"
        "        path.append(position)\n"
        "    return jnp.stack(path)\n"
    )
    return names


def test_a_random_walk_checked_again_draws_its_statistics_once():
    names = _counting_walk()
    walk, calls = names["random_walk"], names["CALLS"]
    assert checks.check(WALK, walk).status == "correct"
    first = next(calls)
    assert checks.check(WALK, walk).status == "correct"
    again = next(calls) - first - 1
    # The case walks drawn again, the statistics' walks not (drawn in one vmapped call
    # since round 21: a few calls of the walk, where the 32 walks one by one made 32).
    assert 0 < again < first


def test_kept_walk_statistics_follow_what_the_walk_draws():
    """A change plain cannot see (an attribute of an object the walk reads) changes the
    walks drawn from the cases' keys: the statistics are drawn again, both ways."""
    names = _counting_walk()
    walk = names["random_walk"]
    assert checks.check(WALK, walk).status == "correct"
    names["CONFIG"].scale = 3.0
    refused = checks.check(WALK, walk)
    assert refused.status == "incorrect"
    assert "standard deviation" in refused.message
    names["CONFIG"].scale = 1.0
    assert checks.check(WALK, walk).status == "correct"


@pytest.mark.parametrize("exercise_id", checks.list_exercises())
def test_a_warm_check_of_the_reference_compiles_nothing(exercise_id):
    """The reference checked again, as the same object, in the same process: JAX compiles
    no program (tests/verdicts.py counts them in its second check). A grader function
    jitted or transformed anew at each check (05.loss_and_outliers' reference under
    jax.jit(jax.value_and_grad(...)): 2 programs a check), or its outputs recomputed on
    cases whose shapes change at each check (06.set_first's drawn lengths: 4), fails here.
    Counted, never timed."""
    judged = verdicts.judged(exercise_id)
    assert judged.warm.status == judged.reference.status == "correct"
    assert judged.warm_compiles == 0, (
        f"{exercise_id}: a warm check of its reference compiled {judged.warm_compiles} "
        f"programs ({judged.warm_traces} functions traced)"
    )
