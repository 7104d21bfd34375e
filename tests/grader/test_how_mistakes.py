"""Mistake predicates that look at HOW a function computes, not only at what it returns:
a Python loop where vmap was asked (same values, a longer traced program), a sequential
lax.map, a hidden random state, arguments ignored in favour of notebook variables."""

from __future__ import annotations

import functools
import time

import jax
import jax.numpy as jnp
import numpy as np

from jaxtour import timing
from jaxtour.grader.mistakes import (
    differentiates_with_jax,
    equation_count,
    grows_with_batch,
    host_callback,
    ignores_arguments,
    ignores_one_argument,
    loops_in_python,
    not_repeatable,
    primitive_names,
    runs_python_per_element,
    traces_primitive,
    uses_module,
)
from jaxtour.grader.rules import Choice


def _one(w, x):
    return jnp.tanh(jnp.dot(w, x))


def _vmapped(w, xs):
    return jax.vmap(_one, in_axes=(None, 0))(w, xs)


def _looped(w, xs):
    return jnp.stack([_one(w, x) for x in xs])


def _lax_mapped(w, xs):
    return jax.lax.map(lambda x: _one(w, x), xs)


def _batches():
    return [(jnp.ones(3), jnp.ones((n, 3))) for n in (2, 5)]


def test_equation_count_looks_inside_nested_programs():
    flat = jax.make_jaxpr(_looped)(*_batches()[0])
    nested = jax.make_jaxpr(jax.jit(_looped))(*_batches()[0])
    assert len(nested.jaxpr.eqns) == 1  # one jit call, the loop inside it
    assert equation_count(nested) == equation_count(flat) + 1
    assert {"dot_general", "tanh"} <= primitive_names(nested)


def test_a_python_loop_grows_with_the_batch_and_vmap_does_not():
    loop = grows_with_batch(_batches)
    assert loop(_looped)
    assert loop(jax.jit(_looped))  # jit does not hide the unrolled loop
    assert not loop(_vmapped)
    assert not loop(jax.jit(_vmapped))
    assert not loop(_lax_mapped)  # a scan: one body, whatever the length
    assert not loop(np.ones(3))  # a value, not a function


def test_a_sequential_map_shows_its_scan():
    sequential = traces_primitive(("scan", "while"), _batches)
    assert sequential(_lax_mapped)
    assert not sequential(_vmapped)
    assert not sequential(_looped)


def _count_with_numpy_loop(labels, n):
    counts = np.zeros(n, dtype=int)
    for label in labels:
        counts[label] += 1
    return counts


def _wraps_a_looping_helper(labels, n):
    return jnp.asarray(_count_with_numpy_loop(np.asarray(labels), n), dtype=jnp.int32)


def _counted_in_a_while_loop(labels, n):
    counts, i = jnp.zeros(n, dtype=jnp.int32), 0
    while i < len(labels):
        counts, i = counts.at[labels[i]].add(1), i + 1
    return counts


def _no_loop(labels, n):
    try:  # branches, a try and a conditional jump forward only
        size = n if n > 0 and labels is not None else 1
    except TypeError:
        size = 1
    return jnp.zeros(size, dtype=jnp.int32).at[labels].add(1)


def test_a_python_loop_shows_in_the_bytecode_even_where_a_trace_cannot_see_it():
    assert loops_in_python(_looped)  # a comprehension
    assert loops_in_python(jax.jit(_looped))
    assert loops_in_python(_counted_in_a_while_loop)
    assert loops_in_python(_wraps_a_looping_helper)  # the loop is in a helper beside it
    assert loops_in_python(lambda w, xs: sum(_one(w, x) for x in xs))  # a generator
    assert not loops_in_python(_no_loop)
    assert not loops_in_python(_vmapped)
    assert not loops_in_python(jnp.bincount)  # JAX's own loops do not count
    assert not loops_in_python(np.ones(3))


def _labels_by_length():
    return [(jnp.array([1, 1, 1, 0]), 3), (jnp.array([0, 2, 2, 3, 2]), 5)]


def _counted(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(1)


def _reduced(labels, n):
    return functools.reduce(lambda c, label: c.at[label].add(1), labels, jnp.zeros(n, jnp.int32))


def _mapped(labels, n):
    return sum(map(lambda label: jax.nn.one_hot(label, n, dtype=jnp.int32), labels))


def _executed(labels, n):
    scope = {"jnp": jnp, "labels": labels, "n": n}
    exec("c = jnp.zeros(n, jnp.int32)\nfor k in labels: c = c.at[k].add(1)", scope)
    return scope["c"]


def _via_tolist(labels, n):
    return functools.reduce(lambda c, k: c.at[k].add(1), labels.tolist(), jnp.zeros(n, jnp.int32))


def _callback_loop(labels, n):
    def host(values):
        counts = np.zeros(n, np.int32)
        for k in np.asarray(values):
            counts[k] += 1
        return counts

    return jax.pure_callback(host, jax.ShapeDtypeStruct((n,), jnp.int32), labels)


def test_python_run_once_per_element_is_seen_where_the_bytecode_has_no_loop():
    per_element = runs_python_per_element(_labels_by_length)
    for hidden in (_reduced, _mapped, _executed, _via_tolist):
        assert not loops_in_python(hidden), hidden.__name__
        assert per_element(hidden), hidden.__name__
    jitted = jax.jit(_reduced, static_argnums=1)
    for args in _labels_by_length():
        jitted(*args)  # traced and compiled: called again, its Python would not run
    assert per_element(jitted)
    bincount = functools.partial(jnp.bincount, length=5)
    for whole in (_counted, jax.jit(_counted, static_argnums=1), lambda k, n: bincount(k)):
        assert not per_element(whole)
    assert loops_in_python(_callback_loop)  # its host function's loop is in the bytecode


def test_a_hidden_random_state_is_not_repeatable():
    inputs = lambda: [(jnp.ones(3),)]  # noqa: E731
    hidden = not_repeatable(inputs)
    assert hidden(lambda x: x + np.random.normal(size=3))
    key = jax.random.key(0)
    assert not hidden(lambda x: x + jax.random.normal(key, (3,)))
    assert not hidden("not a function")


def test_a_function_that_ignores_its_arguments():
    inputs = lambda: [(jnp.ones(3),), (jnp.zeros(3),)]  # noqa: E731
    ignores = ignores_arguments(inputs)
    notebook_value = jnp.arange(3.0)
    assert ignores(lambda x: notebook_value)
    assert not ignores(lambda x: x * 2)
    assert not ignores(lambda x: None)  # nothing array-like: another message fits better
    assert not ignores(3.0)


def test_ignoring_an_argument_means_bit_for_bit_the_same_result():
    """A right central difference changes by eps**2 when eps changes, far below float32's
    tolerance; it must not be taken for a function that ignores eps."""
    cube = lambda x: x**3  # noqa: E731
    eps_changed = lambda: [(cube, jnp.float32(2.0), 1e-2), (cube, jnp.float32(2.0), 1e-3)]  # noqa: E731
    ignores = ignores_arguments(eps_changed)
    assert not ignores(lambda f, x, eps: (f(x + eps) - f(x - eps)) / (2 * eps))
    assert ignores(lambda f, x, eps: (f(x + 1e-3) - f(x - 1e-3)) / 2e-3)
    big = 10**30  # Python ints beyond int64 are compared exactly too
    assert ignores_arguments(lambda: [(1,), (2,)])(lambda n: big)
    assert not ignores_arguments(lambda: [(1,), (2,)])(lambda n: big + n)


def test_ignoring_any_one_argument():
    variants = lambda: [  # noqa: E731
        [(1.0, 2.0), (5.0, 2.0)],  # the first argument changed
        [(1.0, 2.0), (1.0, 7.0)],  # the second
    ]
    ignores = ignores_one_argument(variants)
    assert ignores(lambda a, b: jnp.float32(a) * 3)  # ignores b
    assert ignores(lambda a, b: jnp.float32(b) + 1)  # ignores a
    assert not ignores(lambda a, b: jnp.float32(a) * b)


def test_a_choice_answered_with_a_function_asks_whether_to_call_it():
    def my_answer():
        return "B"

    rule = Choice(("A", "B"))
    assert "did you mean to call it?" in rule(my_answer, "B")
    assert rule("z", "B") == (
        "'z' is not one of the options. Answer with one letter, as a string: one of 'A' or 'B'."
    )
    assert rule(2, "B") == (
        "The options are letters, not numbers. Answer with one letter, as a string: "
        "one of 'A' or 'B'."
    )
    assert rule(" b ", "B") is None


# --- what an answer's code reads: JAX's autodiff, a module's timers ----------------------


def _g(x):
    return x**2 * jnp.cos(x)


def _dg_by_hand(x):
    return 2 * x * jnp.cos(x) - x**2 * jnp.sin(x)


def _dg_through_a_helper(x):
    return _slopes(x)


def _slopes(x):
    return jax.vmap(jax.grad(_g))(x)


def _dg_by_jvp(x):
    return jax.jvp(_g, (x,), (jnp.ones_like(x),))[1]


def test_differentiating_with_jax_is_seen_in_every_form_and_a_formula_is_not():
    differentiated = [
        jax.grad(lambda v: jnp.sum(_g(v))),  # made by grad
        jnp.vectorize(jax.grad(_g)),  # wrapped around what grad made
        jax.jit(jnp.vectorize(jax.grad(_g))),
        jax.jacfwd(_g),
        _dg_by_jvp,  # reads jax.jvp
        _dg_through_a_helper,  # a notebook helper reads jax.grad
        functools.partial(lambda x, slope: slope(x), slope=jax.grad(_g)),
    ]
    assert all(differentiates_with_jax(answer) for answer in differentiated)
    assert not differentiates_with_jax(_dg_by_hand)
    assert not differentiates_with_jax(jax.jit(_dg_by_hand))
    assert not differentiates_with_jax(jnp.vectorize(_dg_by_hand))
    assert not differentiates_with_jax(jnp.ones(3))  # a value, not a function


def _timed_by_hand(f, *args):
    jax.block_until_ready(f(*args))
    start = time.perf_counter()
    jax.block_until_ready(f(*args))
    elapsed = time.perf_counter() - start
    print(timing.format_seconds(elapsed))  # formatting is not timing
    return elapsed


def _timed_by_measure(f, *args):
    return timing.measure(f, *args).median_s


def _timed_by_imported_measure(f, *args):
    from jaxtour.timing import measure

    return measure(f, *args).median_s


def _timed_by_a_bound_name(f, *args):
    return _measure(f, *args).median_s


_measure = timing.measure


def test_a_modules_named_functions_are_seen_however_reached():
    timers = uses_module("jaxtour.timing", ("measure", "Timing"))
    assert timers(_timed_by_measure)
    assert timers(_timed_by_imported_measure)
    assert timers(_timed_by_a_bound_name)
    assert timers(jax.jit(_timed_by_measure))
    assert not timers(_timed_by_hand)  # reads timing.format_seconds, not a timer
    assert not timers(0.01)


def _code_only_predicates():
    """Every declared mistake whose predicate reads the answer's code alone (by_code)."""
    from jaxtour.exercises import all_exercises
    from jaxtour.grader.mistakes import reads_code_only

    return [
        (exercise.id, mistake)
        for exercise in all_exercises().values()
        for mistake in exercise.mistakes
        if reads_code_only(mistake.matches)
    ]


def test_a_predicate_that_reads_code_never_runs_the_answer():
    """What lets the judge ask it before the rule: each by_code predicate of the tour,
    given each mistake's example (wrapped to count its calls), never calls it."""
    predicates = _code_only_predicates()
    assert predicates
    for exercise_id, mistake in predicates:
        example = mistake.example() if mistake.example else None
        if not callable(example):
            continue
        calls = []

        @functools.wraps(example)
        def counted(*args, _example=example, _calls=calls, **kwargs):
            _calls.append(args)
            return _example(*args, **kwargs)

        mistake.matches(counted)
        assert calls == [], (exercise_id, mistake.id)


def test_a_mistake_the_code_shows_is_named_without_running_the_answer():
    """A Python loop answered to 11.scan_ema: refused as the loop it is, before the rule
    has run it once (it was run on every case, then refused for its loop)."""
    from jaxtour import checks

    runs = []

    def ema(xs, alpha):
        runs.append(alpha)
        m = xs[0]
        history = []
        for x in xs:
            m = alpha * x + (1 - alpha) * m
            history.append(m)
        return m, jnp.stack(history)

    feedback = checks.check("11.scan_ema", ema)
    assert (feedback.status, feedback.mistake) == ("incorrect", "python-loop")
    assert runs == []


def test_work_handed_to_python_on_the_host_is_seen_in_the_traced_program():
    """Round 18's sneaky family (12.hvp): a callback computes what the exercise asks JAX to
    compute; its values can be right, and only the traced program shows where they came
    from. Printing from the program (jax.debug.callback) hands no work over."""
    from jax.experimental import io_callback

    on_host = host_callback(lambda: [(jnp.arange(4.0),)])
    shape = jax.ShapeDtypeStruct((4,), jnp.float32)

    def squares(x):
        return np.asarray(x) ** 2

    assert on_host(lambda x: jax.pure_callback(squares, shape, x))
    assert on_host(jax.jit(lambda x: io_callback(squares, shape, x)))
    assert on_host(lambda x: jax.jit(lambda y: jax.pure_callback(squares, shape, y))(x) + 0)

    def printed(x):
        jax.debug.callback(lambda y: None, x)
        return x**2

    assert not on_host(printed)
    assert not on_host(lambda x: x**2)
