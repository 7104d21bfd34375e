"""What a first Check compiles of the grader's own code: counted, never timed.

A reference's case is one program, compiled with XLA's cheaper CPU passes
(``rules.graders_compile_options``), never the learner's code; an example is compiled whole
where the predicate or the rule asks (``whole=True``), else op by op; the grader's
inputs are copied and built without compiling (``mistakes.fresh_copy``,
``exercises.common.device_array``); a predicate that compares an answer with the reference
on the notebook's values (``uses_notebook_values``) reads the reference only as far as the
answer agrees with it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import jax
import jax.numpy as jnp
import numpy as np

from jaxtour.exercises.common import default_float, device_array
from jaxtour.grader import rules
from jaxtour.grader.mistakes import fresh_copy, uses_notebook_values
from jaxtour.grader.rules import cold_outputs, outputs_on
from jaxtour.timing import unregister_duration_listener

BACKEND_COMPILE = "/jax/core/compile/backend_compile_duration"


@contextlib.contextmanager
def compiles() -> Iterator[list[str]]:
    """The names of the programs compiled in the body. The listener is taken off after
    it: one left registered runs a test file's code at every later compile, which the
    grader's count of the learner's Python steps (``mistakes.PythonSteps``) would read."""
    names: list[str] = []

    def listener(event: str, duration: float, **kwargs: object) -> None:
        if event == BACKEND_COMPILE:
            names.append(str(kwargs.get("fun_name", "")))

    jax.monitoring.register_event_duration_secs_listener(listener)
    try:
        yield names
    finally:
        unregister_duration_listener(listener)


def test_the_graders_programs_compile_cheaply_on_a_cpu():
    assert rules.graders_compile_options() == rules.CHEAP_CPU_COMPILE


def test_a_reference_case_compiles_one_program():
    """Four cases of three shapes: three programs, none of them op by op."""

    def reference(x):  # a function of its own: no program of it is compiled yet
        return jnp.tanh(x) * jnp.sum(x**2) - jnp.mean(x, axis=-1, keepdims=True) / 3.0

    def cases():
        return [(jnp.ones(3),), (jnp.ones((2, 3)),), (jnp.arange(3.0),), (jnp.ones((4,)),)]

    rules.graders_compile_options()  # probed once per process, before counting
    cases()  # the inputs' own operations, compiled before counting
    with cold_outputs(), compiles() as names:
        outputs = outputs_on(cases, reference)
        for index in range(len(outputs)):
            outputs[index]
    assert names == ["jit(reference)"] * 3


def test_an_example_runs_op_by_op_unless_asked_whole():
    """After the reference, a function on the same cases runs op by op (the answer's own
    operations serve it), and ``whole`` asks for one program."""

    def cases():
        return [(jnp.full((5, 7, 3), 2.0),)]  # a shape no other test compiles for

    def reference(x):
        return x * 3.0

    def op_by_op(x):
        return jnp.sin(x) * 3.0

    def asked(x):
        return jnp.cos(x) - 1.0

    rules.graders_compile_options()
    cases()
    with cold_outputs(), compiles() as names:
        outputs_on(cases, reference)[0]
        outputs_on(cases, op_by_op)[0]
        outputs_on(cases, asked, whole=True)[0]
    assert "jit(op_by_op)" not in names and "jit(sin)" in names
    assert "jit(asked)" in names and "jit(cos)" not in names


def test_the_graders_inputs_are_copied_and_built_without_compiling():
    x = jax.device_put(np.linspace(0.0, 1.0, 7, dtype=np.float32))
    weak = jnp.asarray(2.0)
    args = ({"x": x, "rest": [weak, np.ones(2)]}, 0.5)
    with compiles() as names:
        copied = fresh_copy(args)
        built = device_array([[1.0, -2.5, 0.1]])
        shifted = device_array(np.asarray([0.3, -0.7], default_float()) + np.float32(0.25))
    assert names == []
    assert copied[0]["x"] is not x and copied[0]["rest"][1] is not args[0]["rest"][1]
    assert copied[0]["x"].unsafe_buffer_pointer() != x.unsafe_buffer_pointer()
    assert copied[0]["rest"][0].weak_type and np.array_equal(copied[0]["x"], x)
    want = jnp.array([[1.0, -2.5, 0.1]])
    assert built.dtype == want.dtype and not built.weak_type
    assert np.array_equal(np.asarray(built), np.asarray(want))
    assert np.array_equal(np.asarray(shifted), np.asarray(jnp.array([0.3, -0.7]) + 0.25))


def test_notebook_values_reads_the_reference_only_as_far_as_the_answer_agrees():
    """An answer that differs from the reference on the first case, with or without the
    notebook's value: one output of each (the old predicate computed every case of every
    choice first, and compiled the reference op by op on every input's shapes)."""
    calls: list[tuple[float, float]] = []

    def reference(x, scale):  # Python numbers alone: called plainly, as it is written
        calls.append((x, scale))
        return x * scale

    def inputs():
        return [(1.0, 2.0), (2.0, 3.0), (3.0, 5.0)]

    matches = uses_notebook_values(reference, inputs, lambda: {1: 10.0})
    assert not matches(lambda x, scale: x + scale)
    assert len(calls) == 2  # case 0 as given, case 0 with the notebook's scale
    calls.clear()
    assert matches(lambda x, scale: x * 10.0)  # the notebook's scale on every case
    assert calls == [(2.0, 10.0), (3.0, 10.0)]  # the rest of that choice, nothing again
