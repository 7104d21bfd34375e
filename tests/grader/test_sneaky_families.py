"""Round 19's and 20's sneaky families, each tested as a class: the red team's member and
members it did not write, made another way to the same end, are all refused, and right
answers are not."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import pytest

from jaxtour import checks
from jaxtour.grader.key_uses import key_uses

# --- 1. keys laundered: a new key object with the same bits is the same key -------------


def _same_key_ways():
    """Ways to make a new key object from a key, with its bits (none of them a split)."""
    return {
        "clone": jax.random.clone,
        "wrap(key_data)": lambda k: jax.random.wrap_key_data(jax.random.key_data(k)),
        "wrap(key_data + 0)": lambda k: jax.random.wrap_key_data(jax.random.key_data(k) + 0),
        "wrap(key_data ^ 0) in jit": jax.jit(
            lambda k: jax.random.wrap_key_data(jax.random.key_data(k) ^ 0)
        ),
        "raw uint32 key": jax.random.key_data,
        "indexed from a stack": lambda k: jnp.stack([k, k])[1],
    }


def _walk(fresh):
    """Each key split for the next one and then drawn from again, through ``fresh``."""

    def random_walk(key, steps):
        position, path = jnp.float32(0.0), []
        for _ in range(steps):
            _, k_next = jax.random.split(fresh(key))
            position = position + jax.random.normal(fresh(key))
            key = k_next
            path.append(position)
        return jnp.stack(path)

    return random_walk


def _walk_split_twice(fresh):
    """The right numbers: each key split twice, once for the draw and once to carry."""

    def random_walk(key, steps):
        position, path = jnp.float32(0.0), []
        for _ in range(steps):
            position = position + jax.random.normal(jax.random.split(fresh(key))[0])
            key = jax.random.split(fresh(key))[1]
            path.append(position)
        return jnp.stack(path)

    return random_walk


def _scanned_walk(fresh):
    def random_walk(key, steps):
        def body(k, _):
            step = jax.random.normal(fresh(k))
            return jax.random.split(k)[0], step

        return jnp.cumsum(jax.lax.scan(body, key, length=steps)[1])

    return random_walk


@pytest.mark.parametrize("way", list(_same_key_ways()))
def test_a_key_used_again_through_a_new_key_object_is_a_key_used_twice(way):
    fresh = _same_key_ways()[way]
    key = jax.random.key(7)
    for walk in (_walk(fresh), _scanned_walk(fresh)):
        uses = key_uses(jax.make_jaxpr(lambda k, w=walk: w(k, 6))(key), key)
        assert uses is not None and uses.drawn_and_split(), way


_KEY_REUSED = {"draws-from-split-key", "drawn-and-split", "key-split-twice", "key-drawn-twice"}


@pytest.mark.parametrize("way", ["clone", "wrap(key_data + 0)", "raw uint32 key"])
def test_a_laundered_key_reuse_is_refused_in_the_walk_and_a_right_walk_is_not(way):
    for walk in (_walk, _walk_split_twice):
        feedback = checks.check("09.random_walk", walk(_same_key_ways()[way]))
        assert not feedback.passed and feedback.mistake in _KEY_REUSED, feedback.text()
    assert checks.check("09.random_walk", checks._reference("09.random_walk")).passed


def test_keys_with_other_bits_are_other_keys():
    """A split's children, fold_in's children for distinct data and a batch of split keys
    under vmap are all different keys: none counts as a use of another."""
    key = jax.random.key(3)

    def fine(k):
        a, b, c = jax.random.split(k, 3)
        folded = [jax.random.normal(jax.random.fold_in(a, i)) for i in range(3)]
        batch = jax.vmap(jax.random.normal)(jax.random.split(b, 4))
        return jnp.stack(folded).sum() + batch.sum() + jax.random.normal(jax.random.clone(c))

    uses = key_uses(jax.make_jaxpr(fine)(key), key)
    assert uses is not None and not uses.reused()

    def same_data_folded_twice(k):
        return jax.random.normal(jax.random.fold_in(k, 1)) + jax.random.normal(
            jax.random.fold_in(k, 1)
        )

    uses = key_uses(jax.make_jaxpr(same_data_folded_twice)(key), key)
    assert uses is not None and uses.most_draws() == 2


def test_a_view_drawn_from_a_cloned_key_that_is_also_split_is_refused():
    std = checks.variant_values("09.two_views")["std"]

    def two_views(key, xs, ids):
        def one(i, x):
            k = jax.random.fold_in(key, i)
            k_a, _ = jax.random.split(k)
            noise_b = jax.random.normal(jax.random.clone(k), x.shape)
            return x + std * jax.random.normal(k_a, x.shape), x + std * noise_b

        return jax.vmap(one)(ids, xs)

    feedback = checks.check("09.two_views", two_views)
    assert not feedback.passed and feedback.mistake == "drawn-and-split", feedback.text()
    assert checks.check("09.two_views", checks._reference("09.two_views")).passed


# --- 2. 12.hvp: n x n work, in whatever pieces ------------------------------------------


def _energy(x, k):
    return 0.5 * k * jnp.sum((x[1:] - x[:-1]) ** 2) - jnp.sum(jnp.cos(x))


def _gradient_at(x, k):
    return lambda y: jax.grad(_energy)(y, k)


def _column(x, k, e):
    return jax.jvp(_gradient_at(x, k), (x,), (e,))[1]


def _in_quarters(x, v, k):
    n, total = x.shape[0], jnp.zeros_like(x)
    for start in range(0, n, n // 4):
        block = jax.vmap(lambda e: _column(x, k, e))(jnp.eye(n)[start : start + n // 4])
        total = total + block.T @ v[start : start + n // 4]
    return total


def _column_per_pass(x, v, k):
    n = x.shape[0]
    return sum(_column(x, k, jnp.zeros(n).at[i].set(1.0)) * v[i] for i in range(n))


def _scanned_columns(x, v, k):
    n = x.shape[0]

    def body(total, i):
        return total + _column(x, k, jax.nn.one_hot(i, n)) * v[i], None

    return jax.lax.scan(body, jnp.zeros(n), jnp.arange(n))[0]


def _while_columns(x, v, k):
    n = x.shape[0]

    def body(state):
        i, total = state
        return i + 1, total + _column(x, k, jax.nn.one_hot(i, n)) * v[i]

    return jax.lax.while_loop(lambda state: state[0] < n, body, (0, jnp.zeros(n)))[1]


def _rows_of_the_hessian(x, v, k):
    """Each row of H, by reverse mode, a row at a time under lax.map."""
    return jax.lax.map(
        lambda e: jnp.vdot(jax.vjp(_gradient_at(x, k), x)[1](e)[0], v), jnp.eye(x.shape[0])
    )


def _right_forward(x, v, k):
    return _column(x, k, v)


def _right_reverse(x, v, k):
    return jax.grad(lambda y: jnp.vdot(_gradient_at(y, k)(y), v))(x)


@pytest.mark.parametrize(
    "answer",
    [_in_quarters, _column_per_pass, _scanned_columns, _while_columns, _rows_of_the_hessian],
)
def test_a_hessian_built_in_pieces_grows_as_n_squared(answer):
    from jaxtour.grader.growth import grows_quadratically

    def args(n):
        return jnp.linspace(-1.0, 1.0, n), jnp.ones(n), 1.5

    assert grows_quadratically(answer, args, (64, 128))
    assert not grows_quadratically(_right_forward, args, (64, 128))
    assert not grows_quadratically(jax.jit(_right_reverse), args, (64, 128))


@pytest.mark.parametrize("answer", [_in_quarters, _while_columns])
def test_12_hvp_refuses_a_hessian_in_pieces_and_accepts_a_product(answer):
    feedback = checks.check("12.hvp", answer)
    assert not feedback.passed and feedback.mistake in {"builds-hessian", "hessian-in-pieces"}
    for right in (_right_forward, _right_reverse):
        assert checks.check("12.hvp", right).passed


# --- 3. a forbidden timing helper, called from where no code can be read -----------------


def _forbidden_timers():
    import functools
    import time

    from jaxtour import timing
    from jaxtour.timing import measure as kept_measure

    class Instance:
        def __call__(self, f, *args):
            return kept_measure(f, *args).median_s

    class Partial:
        measure = staticmethod(functools.partial(timing.measure, budget_s=0.2))

        def __call__(self, f, *args):
            return self.measure(f, *args).median_s

    class ThroughMap:
        def __call__(self, f, *args):
            return next(map(lambda t: t.median_s, map(timing.measure, [f], *[[a] for a in args])))

    class NotBlocked:
        def __call__(self, f, *args):
            timing.dispatch_only(f, *args)  # called and thrown away, then a hand-made time
            start = time.perf_counter()
            jax.block_until_ready(f(*args))
            return time.perf_counter() - start

    return {
        "instance": Instance,
        "partial": Partial,
        "map": ThroughMap,
        "dispatch_only": NotBlocked,
    }


@pytest.mark.parametrize("kind", list(_forbidden_timers()))
def test_a_timing_helper_called_from_an_object_is_refused_in_02_time_call(kind):
    feedback = checks.check("02.time_call", _forbidden_timers()[kind]())
    assert not feedback.passed and feedback.mistake == "used-timing", feedback.text()


def test_a_timing_helper_inside_08_speedup_s_object_is_refused_and_the_grader_s_own_is_not():
    from jaxtour.timing import measure

    class Meter:
        def __call__(self, step, *args):
            return measure(step, *args).median_s / measure(jax.jit(step), *args).median_s

    feedback = checks.check("08.speedup", Meter())
    assert not feedback.passed and feedback.mistake == "used-timing", feedback.text()
    assert checks.check("08.speedup", checks._reference("08.speedup")).passed
    assert checks.check("02.time_call", checks._reference("02.time_call")).passed


def test_the_helpers_outside_a_check_note_nothing():
    from jaxtour import timing
    from jaxtour.grader import rules

    timing.measure(lambda: jnp.ones(3), budget_s=0.01, min_calls=3)
    assert not rules._this_check


# --- 5. the roof a check judges against is out of the answer's reach ---------------------


def _slow_copy(roof):
    import dataclasses

    slowed = dataclasses.replace(roof.copy, samples=tuple(s * 1e6 for s in roof.copy.samples))
    object.__setattr__(roof, "copy", slowed)


def _fast_matmul_by_dict(roof):
    import dataclasses

    faster = dataclasses.replace(roof.matmul, samples=tuple(s / 1e6 for s in roof.matmul.samples))
    vars(roof)["matmul"] = faster  # no __setattr__ at all


def _every_roof_in_the_heap(roof):
    import gc

    from jaxtour import timing

    for obj in gc.get_objects():
        if type(obj) is timing.Roofline:
            _slow_copy(obj)


@pytest.mark.parametrize("forge", [_slow_copy, _fast_matmul_by_dict, _every_roof_in_the_heap])
def test_a_roof_changed_by_an_answer_does_not_move_the_ridge_the_check_judges(forge, monkeypatch):
    from jaxtour import timing
    from jaxtour.exercises import lesson15
    from tests import stand_ins

    learners = stand_ins.roofline()  # what roofline() returned to the learner, kept by value
    backend = jax.default_backend()
    monkeypatch.setitem(timing._ROOFLINES, backend, learners)
    monkeypatch.setitem(timing._ROOF_VALUES, backend, timing._values(learners))
    monkeypatch.setattr(lesson15, "device_roofline", timing.measured_roofline)
    right = checks._reference("15.bound")
    ridge = learners.ridge

    def forging(x, lengths):
        forge(learners)
        return checks._reference("15.fixed_shape")(x, lengths)

    checks.check("15.fixed_shape", forging)
    assert learners.ridge != ridge and timing.roof_changed()  # the learner's roof moved
    assert timing.measured_roofline().ridge == ridge  # what the check reads did not
    assert checks.check("15.bound", right).passed
    assert not checks.check("15.bound", "ABCDE").passed
    assert checks.check("15.estimate", checks._reference("15.estimate")).passed
    wrong = "".join(sorted(set(right) ^ {"D", "E"}))
    feedback = checks.check("15.bound", wrong)
    assert not feedback.passed
    if feedback.mistake is None:  # the rule's own sentence: the changed roof is named
        assert "timing.roofline() returned was changed" in feedback.message


# --- 4. 15.fixed_shape computed on the host ------------------------------------------------


def _host_answers():
    import numpy as np

    def by_asarray(x, lengths):
        values = np.asarray(x, dtype=np.float64)
        n = np.asarray(lengths)
        return jnp.asarray((np.cumsum(values)[n - 1] / n).astype(np.float32))

    def by_tolist(x, lengths):
        values = x.tolist()
        return jnp.array([sum(values[:n]) / n for n in lengths], dtype=jnp.float32)

    def by_numpy_function(x, lengths):
        sums = np.cumsum(x)  # NumPy's function on the jax array: a copy to the host
        return jnp.asarray(np.array([sums[n - 1] / n for n in lengths], dtype=np.float32))

    def by_callback(x, lengths):
        def host(v):
            return np.array([np.mean(v[:n]) for n in lengths], dtype=np.float32)

        shape = jax.ShapeDtypeStruct((len(lengths),), jnp.float32)
        return jax.pure_callback(host, shape, x)

    return {
        "asarray": by_asarray,
        "tolist": by_tolist,
        "np.cumsum": by_numpy_function,
        "pure_callback": by_callback,
    }


@pytest.mark.parametrize("kind", list(_host_answers()))
def test_prefix_means_computed_on_the_host_is_refused_by_name(kind):
    feedback = checks.check("15.fixed_shape", _host_answers()[kind])
    assert not feedback.passed and feedback.mistake == "computed-on-the-host", feedback.text()


def test_prefix_means_in_jax_are_not_called_host_work():
    def by_cumsum(x, lengths):
        n = jnp.asarray(lengths)
        return jnp.take(jnp.cumsum(x), n - 1) / n

    assert checks.check("15.fixed_shape", checks._reference("15.fixed_shape")).passed
    assert checks.check("15.fixed_shape", by_cumsum).passed


# --- 6. the grader's arrays: neither read nor destroyed by an answer ---------------------


def _newest_twin(found, shape, dtype, given):
    """The newest of ``found`` of this shape and dtype that is not ``given`` and differs
    from it: the expected value, if the grader held one while the answer ran."""
    for candidate in reversed(found):
        try:
            if (
                tuple(candidate.shape) == tuple(shape)
                and candidate.dtype == dtype
                and candidate is not given
                and not (hasattr(candidate, "is_deleted") and candidate.is_deleted())
                and not bool(jnp.array_equal(candidate, given))
            ):
                return jnp.asarray(candidate)
        except Exception:  # noqa: BLE001, S112 - a tracer, a deleted buffer
            continue
    return given


def _from_live_arrays(x):
    return _newest_twin(jax.live_arrays(), x.shape, x.dtype, x)


def _from_the_heap(x):
    """Every jax or NumPy array any Python object holds (gc), not only live device arrays."""
    import gc

    import numpy as np

    found = [o for o in gc.get_objects() if isinstance(o, jax.Array | np.ndarray)]
    return _newest_twin(found, x.shape, x.dtype, x)


@pytest.mark.parametrize("read", [_from_live_arrays, _from_the_heap])
@pytest.mark.parametrize("exercise_id", ["01.center", "06.set_first", "07.clip_negative"])
def test_an_answer_that_reads_the_expected_value_off_the_heap_finds_none(read, exercise_id):
    right = checks._reference(exercise_id)
    assert checks.check(exercise_id, right).passed  # the grader has made what it compares with
    feedback = checks.check(exercise_id, read)
    assert not feedback.passed, feedback.text()
    assert checks.check(exercise_id, right).passed


def test_an_answer_that_deletes_every_array_leaves_every_later_check_its_arrays(tmp_path):
    """Every live array deleted, by array.delete() and by donating them all to a jitted
    function: the grader's kept inputs, outputs and references are built again, and the
    checks after it judge as before (in a process of its own: the test's arrays go too)."""
    import os
    import subprocess
    import sys
    import textwrap

    script = textwrap.dedent(
        """
        import jax
        import jax.numpy as jnp
        from jaxtour import checks

        IDS = ["01.center", "06.set_first", "04.sgd_step", "12.fixed_target", "09.random_walk"]
        for i in IDS:
            assert checks.check(i, checks._reference(i)).passed, i

        def deletes(*args):
            for a in jax.live_arrays():
                if not a.is_deleted():
                    a.delete()
            return args[0] if args else None

        def donates(*args):
            arrays = [a for a in jax.live_arrays() if not a.is_deleted()]
            jax.jit(lambda *xs: None, donate_argnums=tuple(range(len(arrays))))(*arrays)
            return args[0] if args else None

        for damage, where in ((deletes, "12.fixed_target"), (donates, "01.center")):
            checks.check(where, damage)
            for i in IDS:
                feedback = checks.check(i, checks._reference(i))
                print("AFTER", damage.__name__, i, feedback.status, feedback.message[:120])
            print("WRONG", checks.check("01.center", lambda x: x).status)
        """
    )
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = {
        **os.environ,
        "JAXTOUR_VARIANT": "0",
        "JAXTOUR_DATA_DIR": str(tmp_path),
        "PYTHONPATH": root,
    }
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=600
    )
    assert done.returncode == 0, done.stderr[-2000:]
    after = [line for line in done.stdout.splitlines() if line.startswith("AFTER")]
    assert len(after) == 10 and all(" correct " in line for line in after), done.stdout
    assert done.stdout.count("WRONG incorrect") == 2, done.stdout


# --- round 21: the NumPy code run whole in a host callback (#37-39) ------------------------


def _by_callback_ways():
    """The page's NumPy fill of 07.clip_negative, handed to the host in several ways."""
    import numpy as np
    from jax.experimental import io_callback

    low = checks.variant_values("07.clip_negative").get("low", 0.0)

    def on_host(x):
        x = np.array(x)
        kept = x >= low
        x[~kept] = x[kept].mean()
        return x

    def shape(x):
        return jax.ShapeDtypeStruct(x.shape, x.dtype)

    def per_row(x):  # a callback per element of a vmap
        return jax.vmap(
            lambda r: jax.pure_callback(on_host, shape(r), r, vmap_method="sequential")
        )(x[None])[0]

    return {
        "pure_callback": lambda x: jax.pure_callback(on_host, shape(x), x),
        "jitted pure_callback": jax.jit(lambda x: jax.pure_callback(on_host, shape(x), x)),
        "io_callback": lambda x: io_callback(on_host, shape(x), x),
        "vmapped": per_row,
        "inside a scan": lambda x: jax.lax.scan(
            lambda c, _: (jax.pure_callback(on_host, shape(x), c), None), x, length=1
        )[0],
    }


@pytest.mark.parametrize("way", list(_by_callback_ways()))
def test_work_computed_in_a_host_callback_is_refused_whatever_the_exercise(way):
    feedback = checks.check("07.clip_negative", _by_callback_ways()[way])
    assert not feedback.passed and feedback.mistake == "host-callback", feedback.text()


def test_printing_from_the_program_is_no_work_on_the_host():
    reference = checks._reference("07.clip_negative")

    def printed(x):
        jax.debug.callback(lambda v: None, x)
        return reference(x)

    assert checks.check("07.clip_negative", printed).passed


# --- round 21: derivatives behind a rule of one's own, or by hand through a grad (#16, #20) --


def _while_behind_rules():
    import functools

    capacity = checks.variant_values("11.while_grad").get("capacity", 1)

    def grow_while(r, x0, cap, max_steps):
        def one_step(state):
            k, x = state
            return k + 1, x + r * x * (1 - x / capacity)

        return jax.lax.while_loop(lambda s: (s[0] < max_steps) & (s[1] < cap), one_step, (0, x0))[1]

    @functools.partial(jax.custom_vjp, nondiff_argnums=(3,))
    def by_vjp(r, x0, cap, max_steps):
        return grow_while(r, x0, cap, max_steps)

    def forward(r, x0, cap, max_steps):
        jac = jax.jacfwd(grow_while, argnums=(0, 1, 2))(r, x0, cap, max_steps)
        return grow_while(r, x0, cap, max_steps), jac

    by_vjp.defvjp(forward, lambda max_steps, jac, g: tuple(g * j for j in jac))

    @functools.partial(jax.custom_jvp, nondiff_argnums=(3,))
    def by_jvp(r, x0, cap, max_steps):
        return grow_while(r, x0, cap, max_steps)

    @by_jvp.defjvp
    def _(max_steps, primals, tangents):
        return jax.jvp(lambda *p: grow_while(*p, max_steps), primals, tangents)

    return {"custom_vjp(jacfwd)": by_vjp, "custom_jvp(jvp)": by_jvp}


@pytest.mark.parametrize("way", list(_while_behind_rules()))
def test_a_while_loop_behind_a_rule_of_ones_own_is_refused(way):
    feedback = checks.check("11.while_grad", _while_behind_rules()[way])
    assert not feedback.passed and feedback.mistake == "while-behind-a-rule", feedback.text()


def _dg_da_laundered():
    """03.derivative_by_hand's formula by hand, passed through a differentiation of a
    linear function (grad, vjp, jvp): the values come from the hand."""

    def by_hand(x, a):
        return -(x**3) * jnp.sin(a * x)

    def through_grad(x, a):
        h = by_hand(x, a)
        return jax.grad(lambda s: jnp.sum(s * h))(jnp.ones_like(h))

    def through_jvp(x, a):
        h = by_hand(x, a)
        return jax.jvp(lambda s: s * h, (jnp.ones_like(h),), (jnp.ones_like(h),))[1]

    def through_vjp(x, a):
        h = by_hand(x, a)
        return jax.vjp(lambda s: s * h, jnp.ones_like(h))[1](jnp.ones_like(h))[0]

    return {"grad": through_grad, "jvp": through_jvp, "vjp": through_vjp}


@pytest.mark.parametrize("way", list(_dg_da_laundered()))
def test_a_hand_formula_passed_through_a_differentiation_is_refused(way):
    feedback = checks.check("03.derivative_by_hand", _dg_da_laundered()[way])
    assert not feedback.passed and feedback.mistake == "decoy-grad", feedback.text()


def test_the_derivative_jax_takes_is_accepted_however_a_is_broadcast():
    def g(x, a):
        return x**2 * jnp.cos(a * x)

    for right in (
        lambda x, a: jax.vmap(jax.grad(g, argnums=1))(x, a * jnp.ones_like(x)),
        lambda x, a: jax.jvp(lambda b: g(x, b), (a,), (1.0,))[1],
        jax.jit(lambda x, a: jax.jacfwd(g, argnums=1)(x, a)),
    ):
        assert checks.check("03.derivative_by_hand", right).passed


# --- round 21: NumPy on the host, the input read however (#18, #21, #23) -----------------


def _center_on_host_ways():
    import numpy as np

    target = checks.variant_values("01.center").get("target", 0.0)

    def centered(host):
        return jnp.asarray(host - host.mean(axis=-1, keepdims=True) + target)

    return {
        "memoryview": lambda x: centered(
            np.frombuffer(memoryview(x), dtype=x.dtype).reshape(x.shape)
        ),
        "asarray": lambda x: centered(np.asarray(x)),
        "tolist": lambda x: centered(np.array(x.tolist(), dtype=np.float32)),
    }


@pytest.mark.parametrize("way", list(_center_on_host_ways()))
def test_numpy_on_the_host_is_refused_however_the_input_is_read(way):
    feedback = checks.check("01.center", _center_on_host_ways()[way])
    assert not feedback.passed and feedback.mistake == "computed-on-the-host", feedback.text()


def test_prefix_means_read_through_the_buffer_protocol_are_refused():
    import numpy as np

    def prefix_means(x, lengths):
        host = np.frombuffer(memoryview(x), dtype=np.float32)
        sums = np.cumsum(host.astype(np.float64))
        n = np.asarray(lengths)
        return jnp.asarray((sums[n - 1] / n).astype(np.float32))

    if checks.variant_values("15.fixed_shape").get("code", "x") != "x":
        pytest.skip("the page's variant only")
    feedback = checks.check("15.fixed_shape", prefix_means)
    assert not feedback.passed and feedback.mistake == "computed-on-the-host", feedback.text()


# --- round 21: 08.fit's loss computed again past the check's counting step (#15) ---------


def _fit_recomputing(reach):
    def fit_until(step, params, x, y, lr, target):
        inner = reach(step)
        steps = 0
        while float(inner(params, x, y, lr)[1]) >= target:
            params, _ = step(params, x, y, lr)
            steps += 1
        return params, steps

    return fit_until


@pytest.mark.parametrize(
    "reach",
    [
        lambda step: getattr(step, "step", step),
        lambda step: step.__call__,
        lambda step: next(
            (v for v in vars(step).values() if callable(v)) if hasattr(step, "__dict__") else (),
            step,
        ),
    ],
    ids=["public .step", "__call__", "any callable attribute"],
)
def test_the_loss_computed_again_is_counted_however_the_step_is_reached(reach):
    feedback = checks.check("08.fit", _fit_recomputing(reach))
    assert not feedback.passed and feedback.mistake == "step-called-again", feedback.text()


# --- round 21: 09.two_views' noise keyed on the row's values, ids never read (#19) --------


def _views_keyed_on_values(fingerprint):
    std = checks.variant_values("09.two_views").get("std", 0.1)

    def two_views(key, xs, ids):
        def one(x):
            k_a, k_b = jax.random.split(jax.random.fold_in(key, fingerprint(x)))
            return (
                x + std * jax.random.normal(k_a, x.shape),
                x + std * jax.random.normal(k_b, x.shape),
            )

        return jax.vmap(one)(xs)

    return two_views


@pytest.mark.parametrize(
    "fingerprint",
    [
        lambda x: jnp.sum(jax.lax.bitcast_convert_type(x, jnp.int32)),
        lambda x: (jnp.sum(x) * 1000).astype(jnp.int32),
        lambda x: jax.lax.bitcast_convert_type(x[0], jnp.int32),
    ],
    ids=["bits summed", "values scaled", "first feature's bits"],
)
def test_noise_keyed_on_the_rows_values_is_refused(fingerprint):
    feedback = checks.check("09.two_views", _views_keyed_on_values(fingerprint))
    assert not feedback.passed and feedback.mistake == "noise-from-values", feedback.text()
