"""14.global_mean cannot be passed without JAX carrying the values across the processes
(issue 35): every answer here once passed, and each is refused now.

Each process gets only its own values and weights, new at every run and never shown (on
its stdin, read and closed by the grader's code before JAX starts); the grader's code in
the worker signs what the function returned with a key only it and the kernel know; an
audit hook refuses files, sockets and other processes while the function runs; and the
check launches with the ``hosts.run`` this exercise found at import, not one rebound
later. The answers below are judged in two launches (a few seconds each)."""

# ruff: noqa: F821

from __future__ import annotations

import socket
import subprocess

from jaxtour import checks, hosts
from jaxtour.exercises import lesson14


def argv_values(local_values, local_weights):
    import json
    import sys

    values, weights = json.loads(sys.argv[1])  # the old check's data: every process's
    values, weights = np.array(values), np.array(weights)
    return float((values * weights).sum() / weights.sum()) + 0 * local_values.sum()


def hard_coded(local_values, local_weights):
    return 5.0 + 0 * len(local_values)  # the old data's mean, shown by its messages


def through_tmp(local_values, local_weights):
    import os
    import time

    me = jax.process_index()
    np.save(f"/tmp/jaxtour-test-14-{me}.npy", np.stack([local_values, local_weights]))
    other = f"/tmp/jaxtour-test-14-{1 - me}.npy"
    for _ in range(100):
        if os.path.exists(other):
            break
        time.sleep(0.05)
    time.sleep(0.2)
    both = np.concatenate([np.stack([local_values, local_weights]), np.load(other)], axis=1)
    return float((both[0] * both[1]).sum() / both[1].sum())


def through_socket(local_values, local_weights):
    import socket

    with socket.socket() as s:
        s.connect(("127.0.0.1", 9))
    return float(local_values.mean())


def through_subprocess(local_values, local_weights):
    import subprocess

    subprocess.run(["true"], check=False)
    return float(local_values.mean())


def through_key_value_store(local_values, local_weights):
    """Round 20: the sums shared through JAX's coordination service, its module's name
    built at run time."""
    import importlib
    import json

    module = importlib.import_module("jax." + "_" + "src.distributed")
    client = getattr(module, "global" + "_state").client
    me, count = jax.process_index(), jax.process_count()
    part = [float(np.sum(local_values * local_weights)), float(np.sum(local_weights))]
    client.key_value_set(f"test-mean-{me}", json.dumps(part))
    parts = [
        json.loads(client.blocking_key_value_get(f"test-mean-{p}", 20_000)) for p in range(count)
    ]
    return sum(p[0] for p in parts) / sum(p[1] for p in parts)


def prints_result_and_exits(local_values, local_weights):
    import sys

    print('RESULT 0 {"shape": [], "values": [5.0]}', flush=True)
    sys.exit(0)
    return local_values


def prints_result_and_ends_the_process(local_values, local_weights):  # last: nothing runs after
    import os

    print('RESULT 0 {"shape": [], "values": [5.0]}', flush=True)
    print('RESULT 7 {"shape": [], "values": [5.0]}', flush=True)
    getattr(os, "_ex" + "it")(0)
    return local_values


CHEATS = (
    argv_values,
    hard_coded,
    through_tmp,
    through_socket,
    through_subprocess,
    through_key_value_store,
    prints_result_and_exits,
    prints_result_and_ends_the_process,
)


NAMED = {
    through_tmp: "not through files",
    through_socket: "not through sockets",
    through_subprocess: "reached another process",
    through_key_value_store: "coordination service",
    prints_result_and_exits: "raised SystemExit",
    prints_result_and_ends_the_process: "A process ended before your function returned",
}


def test_an_answer_that_does_not_go_through_jax_is_refused_and_told_why():
    """One test, so that one xdist worker makes the two launches: one that ends its
    process takes along what would run after it, in both processes (the other is ended
    by JAX when the first's heartbeats stop), so it runs alone, last."""
    import glob
    import os

    for left in glob.glob("/tmp/jaxtour-test-14-*"):  # from a run where the write went through
        os.remove(left)
    lesson14.run_in_processes(list(CHEATS[:-1]))
    lesson14.run_in_processes(list(CHEATS[-1:]))
    for cheat in CHEATS:
        feedback = checks.check("14.global_mean", cheat)
        assert feedback.status == "incorrect", (cheat.__name__, feedback.message)
        assert NAMED.get(cheat, "") in feedback.message, (cheat.__name__, feedback.message)
    assert not glob.glob("/tmp/jaxtour-test-14-*")  # the refused write wrote nothing


def test_code_that_cannot_depend_on_the_data_or_reaches_private_names_is_refused_unrun():
    def typed_in(local_values, local_weights):
        return 5.0

    def private(local_values, local_weights):
        import os

        os._exit(0)
        return local_values

    assert "never reads local_values" in checks.check("14.global_mean", typed_in).message
    assert "private name" in checks.check("14.global_mean", private).message
    assert lesson14._key(typed_in) not in lesson14._RUNS


def test_every_run_draws_new_data_and_no_message_shows_it():
    drawn = {lesson14.fresh_data() for _ in range(20)}
    assert len(drawn) == 20
    assert all(data.telling() for data in drawn)
    exercise = lesson14.EXERCISES[-1]
    for mistake in exercise.mistakes:
        assert not any(ch.isdigit() and ch not in "12348" for ch in mistake.message), mistake.id


def fresh_reference(local_values, local_weights):
    both = np.stack([local_values * local_weights, local_weights]).sum(axis=1)
    totals = multihost_utils.process_allgather(both).sum(axis=0)
    return float(totals[0] / totals[1])  # fresh: not run by another test


def wrong_but_forged(local_values, local_weights):
    return float(local_values.mean())


def test_a_rebound_hosts_run_or_popen_is_not_the_one_the_check_uses(monkeypatch):
    """Rebinding jaxtour.hosts.run or subprocess.Popen (from a cell, or an answer's code
    mid-check) changes nothing: the exercise launches with what it found at import."""
    called = []

    def forged_run(*args, **kwargs):
        called.append(args)
        raise AssertionError("the check used a rebound hosts.run")

    class ForgedPopen:
        def __init__(self, *args, **kwargs):
            called.append(args)
            raise AssertionError("the check used a rebound subprocess.Popen")

    monkeypatch.setattr(hosts, "run", forged_run)
    monkeypatch.setattr(subprocess, "Popen", ForgedPopen)
    lesson14.run_in_processes([fresh_reference, wrong_but_forged])
    assert checks.check("14.global_mean", fresh_reference).status == "correct"
    assert checks.check("14.global_mean", wrong_but_forged).status == "incorrect"
    assert not called


def test_where_no_socket_can_be_opened_the_check_blames_the_machine(monkeypatch):
    def refused(*args, **kwargs):
        raise OSError(97, "Address family not supported by protocol")

    monkeypatch.setattr(socket, "socket", refused)
    feedback = checks.check("14.global_mean", lesson14.reference_mean)
    assert feedback.status == "unattempted"
    assert "It is the machine, not your code" in feedback.message
    assert "Errno 97" in feedback.message


def gather_pair(pair):  # a learner's helper, beside the function that calls it
    return multihost_utils.process_allgather(np.asarray(pair, np.float32))


def with_helper(local_values, local_weights):
    sums = gather_pair([np.sum(local_values * local_weights), np.sum(local_weights)])
    return float(sums[:, 0].sum() / sums[:, 1].sum())


def exits_quietly(pair):
    import os

    os._exit(0)


def with_private_helper(local_values, local_weights):
    return exits_quietly([local_values.sum(), local_weights.sum()])


def test_a_helper_goes_to_the_processes_with_the_function_and_is_held_to_its_rules():
    """Round 11 wrote a right global_mean that calls a helper of its own: the processes
    raised NameError, as only global_mean's source went. Now its helpers go with it, and
    each is read as global_mean is (here a private name, refused before any launch)."""
    source, name = lesson14._key(with_helper)
    assert name == "with_helper" and "def gather_pair(pair):" in source
    assert lesson14._source_problem(with_helper) is None
    assert "private name" in lesson14._source_problem(with_private_helper)
    assert lesson14._helpers(hard_coded) == []  # np and jax are the worker's, not helpers
