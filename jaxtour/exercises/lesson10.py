"""Exercises for lessons/10_many_devices.ipynb: PartitionSpecs, the sharding a computation
produces, and a loss that must not depend on how many devices share the batch.

The grader itself needs one device: a PartitionSpec and a letter are checked as values,
and the loss on unsharded inputs (a correct loss gives the same number however its input
is laid out). The learner's answers need the lesson's eight: with one device, the
lesson's ``n_devices`` is 1, and a loss divided by the device count is the right mean;
a PartitionSpec cannot be tried 8 examples to a device, nor a layout predicted for rows
that are not split. So every exercise declares ``needs=EightDevices(why)``: until the
kernel has them, a check says why that exercise cannot be judged, how to get them, and
judges nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from jaxtour.exercises.common import jax, jnp
from jaxtour.exercises.lesson08 import model
from jaxtour.grader.compare import describe
from jaxtour.grader.learner_code import call_learner
from jaxtour.grader.mistakes import behaves_like, ignores_arguments
from jaxtour.grader.rules import Choice, JaxArray, is_python_float, outputs_on
from jaxtour.grader.spec import Exercise, Mistake
from jaxtour.i18n import N_, _, ngettext
from jaxtour.lazy import is_jax_array

DEVICES = 8  # the lesson's devices: its n_devices, 8 in every kernel that follows it


def _lesson_devices() -> list[Any]:
    """The devices the lesson uses, chosen as its cell does: the default backend's, or the
    CPU's when that is a single device (one GPU)."""
    devices = jax.devices()
    if len(devices) == 1:
        devices = jax.devices("cpu")
    return devices


@dataclass(frozen=True)
class EightDevices:
    """An exercise's ``needs``: None when this kernel has the lesson's devices (8 CPU
    devices, or several accelerators), else the message that says why nothing can be
    judged and what to do. ``why`` (marked with N_, translated where shown) is the
    sentence that says what fewer devices would do to this exercise."""

    why: str

    def __call__(self) -> str | None:
        devices = _lesson_devices()
        if devices[0].platform != "cpu" or len(devices) >= DEVICES:
            return None
        count = ngettext("{n} CPU device", "{n} CPU devices", len(devices)).format(n=len(devices))
        return _(
            "Lesson 10's checks judge answers on its {DEVICES} devices, and JAX in "
            "this kernel has {count}: the lesson's first code cell ran after JAX "
            "had started, so its setting could not apply. {why} Restart the kernel "
            "(Kernel > Restart Kernel; on Colab, Runtime > Restart session), run "
            "the first code cell before any other, then the lesson from the top, "
            "and check again."
        ).format(DEVICES=DEVICES, count=count, why=_(self.why))


# --- 10.column_spec ---------------------------------------------------------------------

# The readings of 10.column_spec: shape (3, 64), 3 channels in rows, 64 examples in columns.
READINGS_AXES = (N_("the 3 channels"), N_("the 64 examples"))  # translated where shown


def spec(*entries: Any) -> Any:
    return jax.sharding.PartitionSpec(*entries)


def spec_text(entries: tuple[Any, ...]) -> str:
    """``P(None, 'batch')``, the same on every JAX version (whose reprs differ)."""
    return "P(" + ", ".join(repr(e) for e in entries) + ")"


def _entry_names(entry: Any) -> tuple[Any, ...]:
    if entry is None:
        return ()
    if isinstance(entry, tuple):
        return entry
    return (entry,)


@dataclass(frozen=True)
class SameSpec:
    """The answer is a PartitionSpec laying out an array with the expected one's layout.

    ``axes`` says what each array axis holds (for the messages); ``mesh_axes`` are the
    mesh's axis names. Trailing Nones do not matter: P('batch') and P('batch', None) lay
    out a 2-D array alike, as do P() and P(None, None).
    """

    axes: tuple[str, ...]
    mesh_axes: tuple[str, ...] = ("batch",)

    def layout(self, answer: Any) -> tuple[Any, ...] | str:
        """One entry per array axis (a mesh axis name or None), or why there is none."""
        if not isinstance(answer, jax.sharding.PartitionSpec):
            return _not_a_spec(answer)
        entries = tuple(answer)
        ndim = len(self.axes)
        if len(entries) > ndim:
            return _(
                "{spec_text} has {count} entries, but the array has {ndim} axes: a "
                "PartitionSpec has one entry per array axis, in order."
            ).format(spec_text=spec_text(entries), count=len(entries), ndim=ndim)
        used: list[str] = []
        layout = []
        for entry in entries + (None,) * (ndim - len(entries)):
            names = _entry_names(entry)
            for name in names:
                if not isinstance(name, str):
                    return _(
                        "Each entry of a PartitionSpec is None or a mesh axis name such as "
                        "'batch', not {what}."
                    ).format(what=describe(name))
                if name not in self.mesh_axes:
                    return _("The mesh has no axis named {name}; its axis is {join}.").format(
                        name=f"{name!r}", join=" and ".join(map(repr, self.mesh_axes))
                    )
                used.append(name)
            layout.append(names[0] if len(names) == 1 else (names or None))
        twice = sorted({name for name in used if used.count(name) > 1})
        if twice:
            return _(
                "{twice} appears twice: one mesh axis can split only one array axis "
                "(JAX refuses such a sharding)."
            ).format(twice=f"{twice[0]!r}")
        return tuple(layout)

    def describe_layout(self, layout: tuple[Any, ...]) -> str:
        split = [
            _("{what} (axis {i}) over {name}").format(what=_(what), i=i, name=repr(name))
            for i, (what, name) in enumerate(zip(self.axes, layout, strict=True))
            if name is not None
        ]
        whole = [
            _("{what} (axis {i})").format(what=_(what), i=i)
            for i, (what, name) in enumerate(zip(self.axes, layout, strict=True))
            if name is None
        ]
        both = _(" and ")  # joins the axes named: "the 3 channels (axis 0) and ..."
        if not split:
            return _("{spec_text} splits nothing: every device holds the whole array.").format(
                spec_text=spec_text(layout)
            )
        if whole:
            return _("{spec} splits {split}, and keeps {whole} whole on every device.").format(
                spec=spec_text(layout), split=both.join(split), whole=both.join(whole)
            )
        return _("{spec} splits {split}.").format(spec=spec_text(layout), split=both.join(split))

    def __call__(self, answer: Any, expected: Any) -> str | None:
        got = self.layout(answer)
        if isinstance(got, str):
            return got
        want = self.layout(expected)
        if got == want:
            return None
        return self.describe_layout(got) + " " + _("That is not the layout asked for.")


def _not_a_spec(answer: Any) -> str:
    if isinstance(answer, str):
        return _(
            "{answer} is a string: it can name a mesh axis, but not which array "
            "axis it splits. Give a PartitionSpec, P(...), with one entry per array"
            " axis."
        ).format(answer=f"{answer!r}")
    return _("Expected a PartitionSpec such as P('batch'), but this is {what}.").format(
        what=describe(answer)
    )


def _is_named_sharding(answer: Any) -> bool:
    return isinstance(answer, jax.sharding.NamedSharding)


def _is_plain_tuple(answer: Any) -> bool:
    return isinstance(answer, tuple | list) and all(
        entry is None or isinstance(entry, str) for entry in answer
    )


def _laid_out_readings():
    mesh = jax.make_mesh((1,), ("batch",), devices=jax.devices()[:1])
    return jax.device_put(jnp.zeros((3, 64)), jax.sharding.NamedSharding(mesh, spec(None, "batch")))


def _whole_sharding():
    mesh = jax.make_mesh((1,), ("batch",), devices=jax.devices()[:1])
    return jax.sharding.NamedSharding(mesh, spec(None, "batch"))


# --- 10.fix_loss ------------------------------------------------------------------------


def mean_abs_error(params, x, y):
    return jnp.mean(jnp.abs(model(params, x) - y))


def _per_device(params, x, y):  # the lesson's bug, as it behaves with 8 devices
    per_device = x.shape[0] // DEVICES
    return jnp.sum(jnp.abs(model(params, x) - y)) / per_device


def _mean_times_devices(params, x, y):  # the same bug, written with jnp.mean
    return jnp.mean(jnp.abs(model(params, x) - y)) * DEVICES


def _divides_by_a_device_share(answer: Any) -> bool:
    """The lesson's bug in either spelling: the sum over one device's share of the batch,
    ``x.shape[0] // 8`` or ``x.shape[0] / 8`` (which is the mean times 8). They agree on
    a batch that 8 divides and differ on the grader's other one."""
    return behaves_like(_per_device, _loss_inputs)(answer) or behaves_like(
        _mean_times_devices, _loss_inputs
    )(answer)


def _hard_coded_batch(params, x, y):
    return jnp.sum(jnp.abs(model(params, x) - y)) / 64


def _sum(params, x, y):
    return jnp.sum(jnp.abs(model(params, x) - y))


def _mean_over_devices(params, x, y):
    return jnp.mean(jnp.abs(model(params, x) - y)) / DEVICES


def _squared(params, x, y):
    return jnp.mean((model(params, x) - y) ** 2)


def _per_example(params, x, y):
    return jnp.abs(model(params, x) - y)


def _sum_over_devices(params, x, y):
    return jnp.sum(jnp.abs(model(params, x) - y)) / DEVICES


def _signed(params, x, y):
    return jnp.mean(model(params, x) - y)


def _sample_mean(params, x, y):
    return jnp.sum(jnp.abs(model(params, x) - y)) / (x.shape[0] - 1)


def _root_mean_square(params, x, y):
    return jnp.sqrt(jnp.mean((model(params, x) - y) ** 2))


def _numpy_mean(params, x, y):
    return np.mean(np.abs(np.asarray(model(params, x)) - np.asarray(y)))


def _abs_of_mean(params, x, y):
    return jnp.abs(jnp.mean(model(params, x) - y))


def _abs_of_prediction(params, x, y):
    return jnp.mean(jnp.abs(model(params, x)) - y)


def _lesson_batch(params, x, y):  # reads a notebook's 64-point data, not its arguments
    xs = jnp.linspace(-1.0, 1.0, 64)
    return jnp.mean(jnp.abs(model(params, xs) - 2.0 * xs))


def _loss_inputs():
    """Batches of 24 and 30 (not the lesson's 64), fresh each call: "any batch size", so
    one that 8 devices do not divide (a loss that rounds the batch to a multiple of the
    device count is right only on the first)."""
    rng = np.random.default_rng(10)
    cases = []
    for n, params in ((24, (1.0, -0.5, 0.25)), (30, (0.0, 2.0, -1.0))):
        x = np.linspace(-1.0, 1.0, n, dtype=np.float32)
        y = (3.0 * x**2 - 2.0 * x + 0.5 + 0.3 * rng.normal(size=n)).astype(np.float32)
        p = {name: jnp.float32(v) for name, v in zip("abc", params, strict=True)}
        cases.append((p, jnp.asarray(x), jnp.asarray(y)))
    return cases


def _data_changed():
    """The same params with two different batches: a loss that reads globals gives one number."""
    (params, x, y), (_, other_x, other_y) = _loss_inputs()
    return [(params, x, y), (params, other_x, other_y)]


@dataclass(frozen=True)
class SameLoss:
    """The answer is a loss function ``(params, x, y) -> number`` that agrees with the
    reference on batches other than the lesson's; a wrong value says how far off it is."""

    def warm_up(self, expected: Any) -> None:
        outputs_on(_loss_inputs, expected)

    def __call__(self, answer: Any, expected: Any) -> str | None:
        if not callable(answer):
            return _("Expected a function (params, x, y) -> loss, but this is {what}.").format(
                what=describe(answer)
            )
        wanted = outputs_on(_loss_inputs, expected)
        for args, want in zip(_loss_inputs(), wanted, strict=True):
            got = call_learner(answer, args)
            if got is None:
                return _("Your function returns None: did you forget the return?")
            if is_python_float(got):
                return _(
                    "Your function returns a Python float: float(...) or .item() ends the "
                    "computation, and jax.grad and jit need a jax array. Return the jnp value."
                )
            problem = JaxArray()(got, want)
            if problem is None:
                continue
            batch = _("On a batch of {count} points").format(count=args[1].shape[0])
            if is_jax_array(got) and got.shape == () and want.shape == ():
                value, right = float(got), float(want)
                if right and np.isfinite(value):
                    return _(
                        "{batch} your loss is {value}, {value2} times the mean absolute error "
                        "({right}). The loss is the mean, over every example in x, of "
                        "jnp.abs(model(params, x) - y)."
                    ).format(
                        batch=batch,
                        value=f"{value:.6g}",
                        value2=f"{value / right:.4g}",
                        right=f"{right:.6g}",
                    )
            return f"{batch}: {problem}"
        return None


def _uses_numpy(answer: Any) -> bool:
    """NumPy inside the loss: it returns a NumPy value, or it fails under jit, where a
    traced array cannot become a NumPy one (np.abs inside jnp.mean runs fine unjitted)."""
    if not callable(answer):
        return False
    args = _loss_inputs()[0]
    if isinstance(answer(*args), np.ndarray | np.generic):
        return True
    try:
        jax.jit(answer)(*args)
    except Exception as exc:
        return "TracerArrayConversionError" in {cls.__name__ for cls in type(exc).__mro__}
    return False


EXERCISES = (
    Exercise(
        id="10.column_spec",
        title="Choose the PartitionSpec for examples stored in columns",
        reference=lambda: spec(None, "batch"),
        rule=SameSpec(axes=READINGS_AXES),
        hints=(
            "A PartitionSpec has one entry per array axis, in order: the mesh axis that "
            "splits it, or None to keep that axis whole on every device.",
            "Here the examples are the second axis (axis 1), and the first axis, the "
            "channels, stays whole.",
            "P(None, ...): None for the channels, then the mesh axis for the examples.",
        ),
        solution='readings_spec = P(None, "batch")',
        mistakes=(
            Mistake(
                id="rows",
                message="P('batch') splits the first axis, the 3 channels, not the examples: "
                "the habit from row-major data. Here the 64 examples are the columns, axis 1. "
                "(JAX would refuse anyway: 3 channels cannot be split evenly over 8 devices.)",
                example=lambda: spec("batch"),
            ),
            Mistake(
                id="replicated",
                message="That spec splits nothing: every device would hold all 64 examples "
                "and repeat the same work. Name the mesh axis at the position of the "
                "examples' axis.",
                example=lambda: spec(),
            ),
            Mistake(
                id="whole-sharding",
                message="That is a whole NamedSharding (a mesh and a spec). The exercise asks "
                "for the spec alone: the P(...) you pass as NamedSharding's second argument.",
                example=_whole_sharding,
                matches=_is_named_sharding,
            ),
            Mistake(
                id="laid-out-array",
                message="That is an array (the readings after jax.device_put?), not a "
                "PartitionSpec. readings_spec is the spec itself, the P(...) you pass to "
                "NamedSharding(mesh, readings_spec).",
                example=_laid_out_readings,
                matches=is_jax_array,
            ),
            Mistake(
                id="plain-tuple",
                message="A plain tuple is not a PartitionSpec: JAX wants P(...) "
                "(jax.sharding.PartitionSpec) around the entries.",
                example=lambda: (None, "batch"),
                matches=_is_plain_tuple,
            ),
        ),
        success="P(None, 'batch'): the channels stay whole, the 64 examples go 8 to a device.",
        needs=EightDevices(
            N_(
                "With fewer, show_shards cannot show your PartitionSpec putting 8 of the 64 "
                "examples on each device, as the exercise asks."
            )
        ),
    ),
    Exercise(
        id="10.predict_sums",
        title="Predict the sharding of two sums",
        reference=lambda: "B",
        rule=Choice(("A", "B", "C", "D")),
        hints=(
            "Each device holds 2 whole rows of x_rows. Which sum can a device finish with only "
            "its own rows?",
            "x_rows.sum(axis=1) adds within each row; x_rows.sum(axis=0) adds the 16 rows "
            "together, so it needs a row from every device.",
        ),
        solution='sums_layout = "B"',
        mistakes=(
            Mistake(
                id="both-split",
                message="x_rows.sum(axis=0) adds all 16 rows, and they live on 8 devices: each "
                "device adds its own 2, then the devices combine their partial sums and "
                "every device holds the 2 results. Nothing of it is split.",
                example=lambda: "A",
            ),
            Mistake(
                id="swapped",
                message="Swapped: axis=1 sums within each row, and a device holds whole rows, "
                "so it sums its own rows and its results stay where the rows were. It is "
                "axis=0 that needs a row from every device.",
                example=lambda: "C",
            ),
            Mistake(
                id="both-replicated",
                message="x_rows.sum(axis=1) needs no other device's data: each device sums its own "
                "2 rows, and the 16 sums stay split over 'batch' like the rows they came from.",
                example=lambda: "D",
            ),
        ),
        success="The row sums stay split like the rows; the column sums need every device, so "
        "JAX adds the partial sums across devices and each one gets the result.",
        prediction=True,
        needs=EightDevices(
            N_(
                "With fewer, x_rows is not split 2 rows to a device, as the question says, so "
                "this kernel does not compute the sums the question is about."
            )
        ),
    ),
    Exercise(
        id="10.fix_loss",
        title="Fix a loss that grows with the number of devices",
        reference=lambda: mean_abs_error,
        rule=SameLoss(),
        hints=(
            "Under jit, a function given a sharded array sees the whole array: x.shape[0] "
            "is the global batch, 64, on 1 device or on 8.",
            "So nothing should depend on the number of devices: average over all of x.",
            "return jnp.mean(jnp.abs(model(params, x) - y))",
        ),
        solution=(
            "def fixed_mae_loss(params, x, y):\n    return jnp.mean(jnp.abs(model(params, x) - y))"
        ),
        mistakes=(
            Mistake(
                id="per-device",
                message="Still 8 times the mean: x is not one device's slice. A jax function sees"
                " the whole sharded array, so its shape is the global batch, and no "
                "device count belongs in the loss.",
                example=lambda: _per_device,
                matches=_divides_by_a_device_share,
            ),
            Mistake(
                id="hard-coded-batch",
                message="Dividing by 64 is right for the lesson's batch only; on a batch of 24 it"
                " is wrong. The number of examples must come from the batch the function "
                "is given.",
                example=lambda: _hard_coded_batch,
            ),
            Mistake(
                id="sum-not-mean",
                message="That is the sum of the absolute errors; the loss is their mean, "
                "the sum divided by the number of examples in x.",
                example=lambda: _sum,
            ),
            Mistake(
                id="mean-over-devices",
                message="You divided the mean by the number of devices. jnp.mean already "
                "averages the examples of every device; there is nothing more to average.",
                example=lambda: _mean_over_devices,
            ),
            Mistake(
                id="squared",
                message="That is the mean squared error, lesson 08's loss. This one is the "
                "mean absolute error: keep jnp.abs and only fix the division.",
                example=lambda: _squared,
            ),
            Mistake(
                id="per-example",
                message="That returns one error per example. A loss is one number: take the "
                "mean over the batch.",
                example=lambda: _per_example,
            ),
            Mistake(
                id="sum-over-devices",
                message="You divided the sum by 8, the number of devices. A mean divides by "
                "the number of examples, x.shape[0], which no device count changes.",
                example=lambda: _sum_over_devices,
            ),
            Mistake(
                id="signed-errors",
                message="Without jnp.abs, errors above and below the curve cancel: that is "
                "the mean error, not the mean absolute error.",
                example=lambda: _signed,
            ),
            Mistake(
                id="sample-mean",
                message="You divided by x.shape[0] - 1, as for a sample variance. A mean "
                "divides by all x.shape[0] examples.",
                example=lambda: _sample_mean,
            ),
            Mistake(
                id="abs-of-mean",
                message="jnp.abs is outside the mean: that is the size of the mean error, after "
                "errors above and below the curve have cancelled. The absolute value "
                "belongs to each error, before the average.",
                example=lambda: _abs_of_mean,
            ),
            Mistake(
                id="abs-of-prediction",
                message="jnp.abs wraps only the model's prediction: its parentheses close too "
                "early, so the absolute value is taken of the output, not of each error.",
                example=lambda: _abs_of_prediction,
            ),
            Mistake(
                id="root-mean-square",
                message="That is the root mean squared error. This loss is the mean absolute "
                "error: no squares and no root.",
                example=lambda: _root_mean_square,
            ),
            Mistake(
                id="numpy-inside",
                message="NumPy functions (np.abs, np.mean) turn the jax arrays into NumPy "
                "ones: jax.grad cannot differentiate through NumPy, and under jit it fails. "
                "Use jnp.abs and jnp.mean.",
                example=lambda: _numpy_mean,
                matches=_uses_numpy,
                also_accepted=True,
            ),
            Mistake(
                id="ignores-data",
                message="Your function gives the same loss for two different batches: it "
                "reads notebook variables (such as the lesson's data) instead of its "
                "arguments x and y.",
                example=lambda: _lesson_batch,
                matches=ignores_arguments(_data_changed),
            ),
        ),
        success="jnp.mean over the whole batch: the same loss on 1 device or 8, and on any "
        "batch size.",
        needs=EightDevices(
            N_(
                "With one device, a loss divided by the device count even looks right, so the "
                "check could pass a wrong answer."
            )
        ),
    ),
)
