"""Diagnoses are facts about the answer, and right answers in unusual forms pass.

The wrong-answer corpus holds what learners write; these hold the other side of each
family found in issue 21: an answer that looks like a mistake's case but is not it gets
no mistake's message, and what the grader records (a wait) cannot be set by the answer.
"""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from jaxtour import checks


def mean_loss_polling(f, xs):
    """A busy wait: ask each loss until it says ready, after the last call. That is
    waiting, after every batch was dispatched: allowed."""
    losses = [f(x) for x in xs]
    for loss in losses:
        while not loss.is_ready():
            pass
    return float(jnp.mean(jnp.stack(losses)))


def mean_loss_polling_in_loop(f, xs):
    """The same busy wait, inside the loop: a wait per batch."""
    losses = []
    for x in xs:
        losses.append(f(x))
        while not losses[-1].is_ready():
            pass
    return float(jnp.mean(jnp.stack(losses)))


def mean_loss_sets_the_record(f, xs):
    """A float per batch, after trying to rebind what the stand-in notes with."""
    total = 0.0
    for x in xs:
        loss = f(x)
        for name in ("_note", "_polled", "sources", "value", "syncs"):
            try:
                setattr(loss, name, 0)
            except (AttributeError, TypeError):
                pass
        total += float(loss)
    return total / len(xs)


def test_polling_is_ready_until_true_is_a_wait():
    assert checks.check("02.mean_loss", mean_loss_polling).passed
    feedback = checks.check("02.mean_loss", mean_loss_polling_in_loop)
    assert feedback.mistake == "wait-per-batch", feedback.text()


def test_a_sync_is_observed_not_an_attribute_the_answer_sets():
    feedback = checks.check("02.mean_loss", mean_loss_sets_the_record)
    assert not feedback.passed
    assert feedback.mistake == "float-per-batch", feedback.text()


def _inside(loss, name):
    return object.__getattribute__(loss, name)


def mean_loss_reads_the_public_slot(f, xs):
    """Round 18's sneaky answer: the slow helper, each loss read out of a slot of the
    stand-in, past every method that notes a wait or a conversion."""
    return sum(float(np.asarray(f(x).value)) for x in xs) / len(xs)


def mean_loss_reads_a_slot_by_name(f, xs):
    slots = type(f(xs[0])).__slots__  # one call too many, but the loss is read anyway
    total = 0.0
    for x in xs:
        loss = f(x)
        total += next(_inside(loss, n) for n in slots if isinstance(_inside(loss, n), float))
    return total / len(xs)


def mean_loss_reads_the_stacked_value_in_numpy(f, xs):
    """Right: JAX reads every loss (jnp.stack); the one conversion, NumPy's, is unseen."""
    return float(np.asarray(jnp.mean(jnp.stack([f(x) for x in xs]))))


def test_a_loss_read_out_of_the_stand_in_is_refused():
    """Round 18: a loss that never left its stand-in through a conversion or JAX was read
    out of its insides, whatever the way; the check cannot see that read wait."""
    feedback = checks.check("02.mean_loss", mean_loss_reads_the_public_slot)
    assert not feedback.passed and "stand-in's insides" in feedback.message, feedback.text()
    feedback = checks.check("02.mean_loss", mean_loss_reads_a_slot_by_name)
    assert not feedback.passed, feedback.text()
    assert checks.check("02.mean_loss", mean_loss_reads_the_stacked_value_in_numpy).passed


def mean_loss_reduce(f, xs):
    return float(functools.reduce(jnp.add, [f(x) for x in xs]) / len(xs))


def mean_loss_hstack(f, xs):
    return float(jnp.mean(jnp.hstack([f(x) for x in xs])))


def mean_loss_sum_from_zeros(f, xs):
    return float(sum([f(x) for x in xs], jnp.zeros(())) / len(xs))


def mean_loss_jitted_mean(f, xs):
    return float(jax.jit(lambda *losses: sum(losses) / len(losses))(*[f(x) for x in xs]))


def mean_loss_waits_after_dispatch(f, xs):
    """The wait comes after every batch was dispatched (the lead's case c)."""
    losses = [jnp.asarray(f(x)) for x in xs]
    jax.block_until_ready(losses[0])
    return float(jnp.mean(jnp.stack(losses)))


def mean_loss_item_at_end(f, xs):
    return jnp.mean(jnp.stack([f(x) for x in xs])).item()


@pytest.mark.parametrize(
    "answer",
    [
        mean_loss_reduce,
        mean_loss_hstack,
        mean_loss_sum_from_zeros,
        mean_loss_jitted_mean,
        mean_loss_waits_after_dispatch,
        mean_loss_item_at_end,
    ],
)
def test_right_mean_loss_through_jitted_jnp_functions_passes(answer):
    """Issue 35: a jitted jnp function given a stand-in raised in JAX 0.10."""
    feedback = checks.check("02.mean_loss", answer)
    assert feedback.passed, feedback.text()


def _array_impl_boundary():
    from jax._src import array as jax_array
    from jax._src.lib import xla_client

    impl = vars(jax_array.ArrayImpl)
    names = ("_value", "item", "block_until_ready", "is_ready")
    return [impl[name] for name in names] + [xla_client.batched_block_until_ready]


KEPT = []


def mean_loss_keeps_the_watch(f, xs):
    from jax._src import array as jax_array

    KEPT.append(vars(jax_array.ArrayImpl)["_value"])
    return float(jnp.mean(jnp.stack([f(x) for x in xs])))


def mean_loss_restores_the_read(f, xs):
    """A float per batch, after putting back what it saw before the check (or kept)."""
    from jax._src import array as jax_array

    jax_array.ArrayImpl._value = KEPT[0]
    return float(sum(float(jnp.asarray(f(x))) for x in xs) / len(xs))


def test_the_watch_on_jax_arrays_is_put_back_and_cannot_be_kept():
    before = _array_impl_boundary()
    assert checks.check("02.mean_loss", mean_loss_keeps_the_watch).passed
    assert _array_impl_boundary() == before
    kept = KEPT[0]
    assert kept is not before[0]  # the grader's watch, kept by the answer
    assert float(kept.fget(jnp.ones(()))) == 1.0  # called later, it only reads
    feedback = checks.check("02.mean_loss", mean_loss_restores_the_read)
    assert not feedback.passed and "changed how JAX reads" in feedback.message, feedback.text()
    assert _array_impl_boundary() == before
    assert checks.check("02.mean_loss", mean_loss_item_at_end).passed


def test_without_jax_boundary_the_stand_ins_still_judge(monkeypatch):
    """A JAX laid out otherwise (Colab runs another): the stand-ins' own syncs only."""
    from jaxtour.exercises import lesson02

    monkeypatch.setattr(lesson02, "_array_boundary", lambda run: [])
    assert checks.check("02.mean_loss", mean_loss_item_at_end).passed
    feedback = checks.check("02.mean_loss", mean_loss_polling_in_loop)
    assert feedback.mistake == "wait-per-batch", feedback.text()


def _fill_by_mean_where(x):
    kept = x >= 0
    return jax.numpy.where(kept, x, jax.numpy.mean(x, where=kept))


def _fill_by_weights(x):  # no where at all: the mask as 0/1 weights
    kept = (x >= 0).astype(x.dtype)
    return x * kept + (1 - kept) * jax.numpy.sum(x * kept) / jax.numpy.sum(kept)


@pytest.mark.parametrize("answer", [_fill_by_mean_where, _fill_by_weights])
def test_a_right_masked_fill_is_not_told_python_if(answer):
    assert checks.check("07.clip_negative", answer).passed


def test_an_if_on_a_shape_is_fine_and_not_named():
    def fill(x):
        if x.ndim == 0:
            return x
        return _fill_by_mean_where(x)

    assert checks.check("07.clip_negative", fill).passed


def test_a_central_difference_with_a_division_by_two_steps_passes():
    def central(f, x, eps=1e-3):
        x = float(x)  # the points in Python's floats: a float32 x would round them
        half = (f(x + eps) - f(x - eps)) / 2
        return half / eps

    assert checks.check("03.central_difference", central).passed


@pytest.mark.parametrize("params", [{"a": 2.9746723, "b": -1.9786578, "c": 0.5153902}])
def test_trained_looking_parameters_are_not_called_typed_in(params):
    feedback = checks.check("08.fit", params)
    assert feedback.mistake != "typed-in", feedback.text()


def _views_stacked(key, xs, ids):  # round 11: one (2, N, D) array, which unpacks as the pair
    def pair(i, x):
        key_a, key_b = jax.random.split(jax.random.fold_in(key, i))
        return jax.numpy.stack([x + 0.1 * jax.random.normal(k, x.shape) for k in (key_a, key_b)])

    return jax.numpy.moveaxis(jax.vmap(pair)(ids, xs), 1, 0)


def test_two_views_as_one_stacked_array_is_refused_as_not_the_pair():
    """Round 11 accepted one array holding both views; since round 16 the task's pair is
    asked for, as 04.grad_last_two asks its tuple: refused, not passed."""
    feedback = checks.check("09.two_views", _views_stacked)
    assert feedback.status == "incorrect", feedback.text()


def _walk_folded(key, steps):  # a key per step from its index, as the lesson recommends
    position, path = 0.0, []
    for i in range(steps):
        position = position + jax.random.normal(jax.random.fold_in(key, i))
        path.append(position)
    return jax.numpy.stack(path)


def test_a_walk_with_fold_in_per_step_passes():
    assert checks.check("09.random_walk", _walk_folded).passed


def test_a_walk_whose_scan_compiles_per_call_passes_in_few_calls(monkeypatch):
    """Round 21: an eager lax.scan whose step is made anew at every call compiles at every
    call; the check drew its 32 statistics walks one by one and ran past its time limit on
    a right answer. They are drawn in one vmapped call: the answer is called a few times."""
    from jaxtour.grader.variants import ENV_VARIANT

    monkeypatch.setenv(ENV_VARIANT, "0")
    calls = []

    def random_walk(key, steps):
        calls.append(steps)

        def one_step(carry, _):  # made anew on every call
            key, position = carry
            key, draw_key = jax.random.split(key)
            position = position + jax.random.normal(draw_key)
            return (key, position), position

        return jax.lax.scan(one_step, (key, jnp.float32(0.0)), None, length=steps)[1]

    feedback = checks.check("09.random_walk", random_walk)
    assert feedback.passed, feedback.text()
    assert len(calls) <= 12, calls


def _walk_page_join(key, steps, scale):
    """The page's half-fixed loop with the jitted step's split line pasted in (issue 34)."""
    position, path = 0.0, []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        position = position + scale * jax.random.normal(subkey)
        path.append(position)
    return jax.numpy.stack(path)


def test_a_resting_variant_refuses_the_page_join_and_passes_its_solution(monkeypatch):
    from jaxtour.exercises import all_exercises
    from jaxtour.grader.variants import ENV_VARIANT

    exercise = all_exercises()["09.random_walk"]
    number = next(n for n in range(1, 20) if exercise.variants.values(n)["rest"])
    values = exercise.variants.values(number)
    monkeypatch.setenv(ENV_VARIANT, str(number))
    joined = checks.check(
        "09.random_walk", lambda key, steps: _walk_page_join(key, steps, values["scale"])
    )
    assert not joined.passed, joined.text()
    assert "never rests" in joined.message, joined.text()
    assert checks.check("09.random_walk", checks._reference("09.random_walk")).passed


def outliers_counted_in_int16(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > 0.5, dtype=jnp.int16)


def outliers_counted_in_uint8(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), (jnp.abs(errors) > 0.5).sum().astype(jnp.uint8)


def test_05_outlier_count_in_any_integer_dtype_passes():
    """The task asks for the count in an integer dtype (round 14: int16 was refused)."""
    feedback = checks.check("05.loss_and_outliers", outliers_counted_in_int16)
    assert feedback.passed, feedback.text()


def test_05_outlier_count_that_wraps_is_refused():
    """One that cannot hold the check's 280 outliers of 300 points wraps (round 16: uint8
    passed on three points)."""
    feedback = checks.check("05.loss_and_outliers", outliers_counted_in_uint8)
    assert feedback.mistake == "count-wraps", feedback.text()


def _right_for_small(limit, size):
    """Round 18's sneaky family: right while the count (or the labels) is as small as a
    page's, all zeros beyond."""

    def count_labels(labels, n):
        if size(labels, n) <= limit:
            return jnp.zeros(n, jnp.int32).at[jnp.where(labels < 0, n, labels)].add(1)
        return jnp.zeros(n, jnp.int32)

    return count_labels


@pytest.mark.parametrize(
    "answer",
    [
        _right_for_small(8, lambda labels, n: n),
        _right_for_small(16, lambda labels, n: n),
        _right_for_small(8, lambda labels, n: labels.shape[0]),
    ],
)
def test_a_count_right_only_for_a_page_s_sizes_is_refused(answer):
    assert not checks.check("06.count_labels", answer).passed


def _smooth(x, weights, same):
    kernel = jnp.array(weights)
    total = sum(weights)
    kernel = kernel / total if total != 0 else kernel
    return jnp.convolve(x, kernel, mode="same" if same else "valid")


def _all_static_clearing_its_cache():
    """Round 18's sneaky answer: weights static, each trace emptying the jitted
    function's cache, so that the cache never grows past one program."""

    def smooth(x, weights, same):
        fast.clear_cache()
        return _smooth(x, weights, same)

    fast = jax.jit(smooth, static_argnames=("weights", "same"))
    return fast


def _all_static_clearing_every_cache():
    def smooth(x, weights, same):
        jax.clear_caches()
        return _smooth(x, weights, same)

    return jax.jit(smooth, static_argnums=(1, 2))


@pytest.mark.parametrize(
    "build", [_all_static_clearing_its_cache, _all_static_clearing_every_cache]
)
def test_static_weights_are_named_whatever_the_cache_says(build, corpus_time_limit):
    feedback = checks.check("07.static_window", build())
    assert not feedback.passed and feedback.mistake == "weights-static", feedback.text()
    assert checks.check("07.static_window", checks._reference("07.static_window")).passed


def _prefix_means_per_length(x, lengths):
    return jnp.stack([_mean_of(x[:n]) for n in lengths])


@jax.jit
def _mean_of(v):
    return jnp.mean(v)


def _listeners_emptied_in_place(x, lengths):
    """Round 20's sneaky answer: a trace per new length, JAX's duration listeners taken
    out of their list for the call and put back, the list unchanged."""
    from jax._src import monitoring

    listeners = monitoring._event_duration_secs_listeners
    saved = list(listeners)
    listeners.clear()
    try:
        return _prefix_means_per_length(x, lengths)
    finally:
        listeners.extend(saved)


def _listeners_list_rebound(x, lengths):
    """The same family, another mechanism: the module's list swapped for an empty one."""
    from jax._src import monitoring

    saved = monitoring._event_duration_secs_listeners
    monitoring._event_duration_secs_listeners = []
    try:
        return _prefix_means_per_length(x, lengths)
    finally:
        monitoring._event_duration_secs_listeners = saved


def _listeners_and_cache_emptied(x, lengths):
    """... and jit's own cache of traced signatures emptied as well."""
    from jax._src import pjit

    try:
        return _listeners_list_rebound(x, lengths)
    finally:
        pjit._infer_params_cached.cache_clear()


@pytest.mark.parametrize(
    "answer",
    [_listeners_emptied_in_place, _listeners_list_rebound, _listeners_and_cache_emptied],
)
def test_a_trace_per_length_is_counted_whatever_listens(answer):
    """Round 20's family (15.fixed_shape): the trace count does not rest on listeners an
    answer can take out of JAX's list and put back, nor on jit's cache, which it can empty
    (then it compiles on every call, and is told so)."""
    feedback = checks.check("15.fixed_shape", answer)
    assert not feedback.passed, feedback.text()
    assert feedback.mistake in ("compiles-per-length", "jit-per-call"), feedback.text()
    assert checks.check("15.fixed_shape", checks._reference("15.fixed_shape")).passed


def _g(x, a):
    return x**2 * jnp.cos(a * x)


def _dg_da_hand(x, a):
    return -(x**3) * jnp.sin(a * x)


def _decoy_grad_unused(x, a):
    """Round 20's sneaky answer: a jax.grad call on something else, its result unused."""
    jax.grad(lambda q: q * 2.0)(1.0)
    return _dg_da_hand(x, a)


def _decoy_grad_times_zero(x, a):
    """The same family: JAX's own derivative computed, and added in times 0."""
    return _dg_da_hand(x, a) + 0.0 * jax.grad(_g, argnums=1)(x[0], a)


def _decoy_grad_discarded_by_where(x, a):
    own = jax.vmap(jax.grad(_g, argnums=1), in_axes=(0, None))(x, a)
    return jnp.where(True, _dg_da_hand(x, a), own)


@pytest.mark.parametrize(
    "answer", [_decoy_grad_unused, _decoy_grad_times_zero, _decoy_grad_discarded_by_where]
)
def test_a_derivative_by_hand_beside_a_decoy_grad_is_refused(answer):
    """Round 20's family (03.derivative_by_hand): the values must come out of JAX's
    differentiation, not merely sit beside a call of it."""
    feedback = checks.check("03.derivative_by_hand", answer)
    assert not feedback.passed and feedback.mistake == "decoy-grad", feedback.text()


@pytest.mark.parametrize(
    "answer",
    [
        lambda x, a: jax.jacobian(lambda b: _g(x, b))(a),
        lambda x, a: jnp.stack([jax.grad(_g, argnums=1)(p, a) for p in x]),
        lambda x, a: jax.jvp(lambda b: _g(x, b), (a,), (1.0,))[1],
        lambda x, a: jax.jacfwd(_g, argnums=1)(x, a),
        lambda x, a: jax.linearize(lambda b: _g(x, b), a)[1](1.0),
        jax.jit(jax.vmap(jax.grad(_g, argnums=1), in_axes=(0, None))),
    ],
    ids=["jacobian", "loop", "jvp", "jacfwd", "linearize", "jit-vmap-grad"],
)
def test_jax_s_derivative_in_any_form_passes(answer):
    feedback = checks.check("03.derivative_by_hand", answer)
    assert feedback.passed, feedback.text()


def _mean_loss_wipes_the_record(reach):
    """Round 20's sneaky family (02.mean_loss): the slow helper, a float per batch, then
    the grader's record of those waits emptied through what the answer was handed."""

    def mean_loss(f, xs):
        losses = [f(x) for x in xs]
        total = sum(float(loss) for loss in losses)
        for record in reach(f, losses):
            record.clear()
        return total / len(xs)

    return mean_loss


def _through_the_bound_method(f, losses):
    run = getattr(f, "__self__", None)
    return [getattr(run, "syncs", [])]


def _through_a_loss_s_noter(f, losses):
    note = object.__getattribute__(losses[0], "_note")
    return [c.cell_contents for c in note.__closure__ if isinstance(c.cell_contents, list)]


@pytest.mark.parametrize("reach", [_through_the_bound_method, _through_a_loss_s_noter])
def test_a_record_the_answer_empties_is_seen(reach):
    feedback = checks.check("02.mean_loss", _mean_loss_wipes_the_record(reach))
    assert not feedback.passed, feedback.text()
    assert "record" in feedback.text(), feedback.text()


def _entropy_buggy(p):
    inside = (p > 0) & (p < 1)
    return jnp.where(inside, -(p * jnp.log(p) + (1 - p) * jnp.log(1 - p)), 0.0)


def _entropy_slope(p):
    return jax.vmap(jax.grad(lambda q: -(q * jnp.log(q) + (1 - q) * jnp.log(1 - q))))(
        p.ravel()
    ).reshape(p.shape)


def _nan_to_num_in_a_custom_jvp(p):
    """Round 20's sneaky answer: the buggy where kept, a custom_jvp whose rule is
    nan_to_num of the NaN gradient."""

    @jax.custom_jvp
    def entropy(q):
        return _entropy_buggy(q)

    @entropy.defjvp
    def entropy_jvp(primals, tangents):
        (q,), (dq,) = primals, tangents
        slope = jnp.nan_to_num(_entropy_slope(q), nan=0.0, posinf=0.0, neginf=0.0)
        return entropy(q), slope * dq

    return entropy(p)


def _isfinite_where_in_a_custom_vjp(p):
    """The same family, another mechanism: a custom_vjp whose backward pass keeps only the
    finite slopes."""

    @jax.custom_vjp
    def entropy(q):
        return _entropy_buggy(q)

    def forward(q):
        return entropy(q), q

    def backward(q, g):
        slope = _entropy_slope(q)
        return (jnp.where(jnp.isfinite(slope), slope, 0.0) * g,)

    entropy.defvjp(forward, backward)
    return entropy(p)


@pytest.mark.parametrize("answer", [_nan_to_num_in_a_custom_jvp, _isfinite_where_in_a_custom_vjp])
def test_a_nan_hidden_after_it_is_made_is_refused(answer):
    """Round 20's family (13.xlogx_gradient): the gradient is 0.0 at the ends only because
    the NaN the unused branch makes is hidden; a fixed where makes none."""
    feedback = checks.check("13.xlogx_gradient", answer)
    assert not feedback.passed and feedback.mistake == "nan-hidden", feedback.text()
    assert checks.check("13.xlogx_gradient", checks._reference("13.xlogx_gradient")).passed
