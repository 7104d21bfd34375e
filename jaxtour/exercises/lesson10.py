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

import inspect
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from jaxtour.exercises.common import jax, jnp
from jaxtour.exercises.lesson08 import model
from jaxtour.grader.compare import describe
from jaxtour.grader.learner_code import call_learner
from jaxtour.grader.mistakes import behaves_like, fails_with, ignores_arguments, primitive_names
from jaxtour.grader.rules import Choice, JaxArray, outputs_on
from jaxtour.grader.spec import Exercise, Mistake
from jaxtour.grader.variants import Variants
from jaxtour.grader.variants import key as variant_key
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

# The readings of 10.column_spec: 3 channels and 64 examples, laid out on the lesson's (4, 2)
# mesh, axes ("batch", "model"). A variant chooses the examples' axis (1: shape (3, 64), as
# the page has it; 0: shape (64, 3)) and how many ways they are split (8: over both mesh
# axes, 4: over "batch", 2: over "model"), so how many devices hold each example.
MESH_2D = (("batch", 4), ("model", 2))
_SPLITS = {8: ("batch", "model"), 4: "batch", 2: "model"}  # ways -> the examples' entry


def _readings_values(axis: int, ways: int) -> dict[str, Any]:
    """A variant's values: the shape, the examples' and channels' axes, the examples a
    device holds, on how many devices each is, and the spec's entries as the solution
    writes them."""
    entry = _SPLITS[ways]
    entries = (None, entry) if axis == 1 else (entry,)
    return {
        "shape": "(3, 64)" if axis == 1 else "(64, 3)",
        "axis": axis,
        "channels_axis": 1 - axis,
        "per_device": 64 // ways,
        "copies": 8 // ways,
        "ways": ways,
        "spec": ", ".join(repr(e) for e in entries),
    }


READINGS_VARIANTS = Variants(
    # _readings_values(1, 8), written out: the teacher's board reads it from this source
    default={
        "shape": "(3, 64)",
        "axis": 1,
        "channels_axis": 0,
        "per_device": 8,
        "copies": 1,
        "ways": 8,
        "spec": "None, ('batch', 'model')",
    },
    draw=lambda rng: _readings_values(rng.choice((0, 1)), rng.choice((8, 4, 2))),
    shown="readings has shape {shape}, its 64 examples along axis {axis}; each device holds "
    "all 3 channels of {per_device} examples, and each example is on {copies} of the 8 "
    "devices.",
)


def _readings() -> dict[str, Any]:
    """The learner's variant of 10.column_spec (variant 0: the page's)."""
    return READINGS_VARIANTS.current("10.column_spec")


def _readings_shape() -> tuple[int, int]:
    return (3, 64) if _readings()["axis"] == 1 else (64, 3)


def _readings_rule() -> SameSpec:
    axis = _readings()["axis"]
    axes = (N_("the 3 channels"), N_("the 64 examples"))  # translated where shown
    return SameSpec(axes if axis == 1 else axes[::-1], _readings_shape(), MESH_2D, axis)


def _readings_spec() -> Any:
    values = _readings()
    entry = _SPLITS[values["ways"]]
    return spec(None, entry) if values["axis"] == 1 else spec(entry)


@dataclass(frozen=True)
class ReadingsSpec:
    """SameSpec for the learner's variant of the readings."""

    def __call__(self, answer: Any, expected: Any) -> str | None:
        return _readings_rule()(answer, expected)


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
    """The answer is a PartitionSpec that lays the array out as the expected one does: the
    same block on each device, held by as many devices. Judged by that effect, so every
    spec with it passes (P(None, ('batch', 'model')) and P(None, ('model', 'batch'))
    alike), and a wrong one is told what it does: the block each device holds, how many
    devices hold each block, or why JAX refuses it.

    ``axes`` says what each array axis holds (for the messages), ``shape`` is the array's,
    ``mesh`` the mesh's (name, size) pairs. Trailing Nones do not matter.
    """

    axes: tuple[str, ...]
    shape: tuple[int, ...]
    mesh: tuple[tuple[str, int], ...]
    examples_axis: int = 1

    @property
    def _mesh_names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.mesh)

    def layout(self, answer: Any) -> tuple[Any, ...] | str:
        """One tuple of mesh axis names per array axis, or why there is none."""
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
                        "Each entry of a PartitionSpec is None, a mesh axis name such as "
                        "'batch', or a tuple of them, not {what}."
                    ).format(what=describe(name))
                if name not in self._mesh_names:
                    return _("The mesh has no axis named {name}; its axes are {join}.").format(
                        name=f"{name!r}", join=" and ".join(map(repr, self._mesh_names))
                    )
                used.append(name)
            layout.append(tuple(names))
        twice = sorted({name for name in used if used.count(name) > 1})
        if twice:
            return _(
                "{twice} appears twice: one mesh axis can split only one array axis "
                "(JAX refuses such a sharding)."
            ).format(twice=f"{twice[0]!r}")
        return tuple(layout)

    def effect(self, layout: tuple[Any, ...]) -> tuple[tuple[int, ...], int] | str:
        """(the block each device holds, how many devices hold each block), or why JAX
        refuses the layout (an axis its mesh axes do not divide)."""
        sizes = dict(self.mesh)
        block = []
        for what, dim, names in zip(self.axes, self.shape, layout, strict=True):
            ways = int(np.prod([sizes[name] for name in names], dtype=int))
            if dim % ways:
                return _(
                    "{spec} splits {what} {ways} ways, and {dim} cannot be split evenly "
                    "{ways} ways: JAX refuses that sharding."
                ).format(spec=self.spec_of(layout), what=_(what), ways=ways, dim=dim)
            block.append(dim // ways)
        used = {name for names in layout for name in names}
        copies = int(np.prod([size for name, size in self.mesh if name not in used], dtype=int))
        return tuple(block), copies

    @staticmethod
    def spec_of(layout: tuple[Any, ...]) -> str:
        entries = [None if not n else n[0] if len(n) == 1 else n for n in layout]
        while entries and entries[-1] is None:
            entries.pop()
        return spec_text(tuple(entries))

    def describe_effect(self, layout: tuple[Any, ...], block: tuple[int, ...], copies: int) -> str:
        shape = "(" + ", ".join(map(str, block)) + ")"
        if copies == 1:
            return _(
                "{spec} gives each device a block of shape {shape}, on no other device."
            ).format(spec=self.spec_of(layout), shape=shape)
        return ngettext(
            "{spec} gives each device a block of shape {shape}, and the same block is on "
            "{copies} device.",
            "{spec} gives each device a block of shape {shape}, and the same block is on "
            "{copies} devices.",
            copies,
        ).format(spec=self.spec_of(layout), shape=shape, copies=copies)

    def __call__(self, answer: Any, expected: Any) -> str | None:
        got = self.layout(answer)
        if isinstance(got, str):
            return got
        got_effect = self.effect(got)
        if isinstance(got_effect, str):
            return got_effect
        want = self.layout(expected)
        want_effect = self.effect(want)
        if got_effect == want_effect:
            return None
        block, copies = got_effect
        want_block, want_copies = want_effect
        return (
            self.describe_effect(got, block, copies)
            + " "
            + _(
                "The task asks for each device to hold all {channels} channels of {examples} "
                "examples, each example on {copies} of the {devices} devices."
            ).format(
                channels=want_block[1 - self.examples_axis],
                examples=want_block[self.examples_axis],
                copies=want_copies,
                devices=DEVICES,
            )
        )


def _not_a_spec(answer: Any) -> str:
    if isinstance(answer, str) and re.search(r"\b(P|PartitionSpec)\s*\(", answer):
        # "P(None, ('batch', 'model'))": the spec's text, which says its axes (round 19)
        return _(
            "{answer} is the text of a PartitionSpec, not a PartitionSpec: JAX takes the "
            "object that this text would make when run, not the text itself."
        ).format(answer=f"{answer!r}")
    if isinstance(answer, str):
        return _(
            "{answer} is a string: it can name a mesh axis, but not which array "
            "axis it splits, and JAX takes a PartitionSpec, not its text."
        ).format(answer=f"{answer!r}")
    return _("Expected a PartitionSpec (jax.sharding.PartitionSpec), but this is {what}.").format(
        what=describe(answer)
    )


def _is_named_sharding(answer: Any) -> bool:
    return isinstance(answer, jax.sharding.NamedSharding)


def _is_plain_tuple(answer: Any) -> bool:
    return isinstance(answer, tuple | list) and all(
        entry is None or isinstance(entry, str | tuple) for entry in answer
    )


def _one_device_mesh():
    return jax.make_mesh((1, 1), ("batch", "model"), devices=jax.devices()[:1])


def _laid_out_readings():
    sharding = jax.sharding.NamedSharding(_one_device_mesh(), _readings_spec())
    return jax.device_put(jnp.zeros(_readings_shape()), sharding)


def _whole_sharding():
    return jax.sharding.NamedSharding(_one_device_mesh(), _readings_spec())


def _wrong_ways():
    """A spec that splits the examples, and only them, another number of ways: one mesh
    axis where both are asked, or both where one is."""
    ways = 4 if _readings()["ways"] == 8 else 8
    return spec(None, _SPLITS[ways]) if _readings()["axis"] == 1 else spec(_SPLITS[ways])


def _splits_examples_wrong_ways(answer: Any) -> bool:
    """Matches a spec that keeps the channels whole and splits the examples over mesh axes
    of another number of devices than the variant asks."""
    rule = _readings_rule()
    layout = rule.layout(answer)
    if isinstance(layout, str):
        return False
    effect = rule.effect(layout)
    axis = _readings()["axis"]
    return (
        not isinstance(effect, str)
        and layout[1 - axis] == ()
        and layout[axis] != ()
        and effect != rule.effect(rule.layout(_readings_spec()))
    )


def _channels_split():
    return spec("batch") if _readings()["axis"] == 1 else spec(None, "batch")


def _splits_channels(answer: Any) -> bool:
    """A spec whose channels' entry names a mesh axis: it splits the 3 channels."""
    layout = _readings_rule().layout(answer)
    return not isinstance(layout, str) and layout[_readings()["channels_axis"]] != ()


# --- 10.predict_sums --------------------------------------------------------------------

SUMS_OPTIONS = ("A", "B", "C", "D", "E")
SUMS_TEXTS = (
    'split over "batch"; split over "batch"',
    'split over "batch"; replicated: each device adds its own 2 rows, then the devices add '
    "up their 8 partial sums (an all-reduce)",
    'split over "batch"; replicated: the devices first copy all 16 rows to every device (an '
    "all-gather), then each adds them",
    'replicated; split over "batch"',
    "replicated; replicated",
)


# --- 10.fix_loss ------------------------------------------------------------------------
# The program ONE device runs under jax.shard_map, on its slice of a padded batch: it
# returns the mean absolute error over the real points of the whole batch. The check's
# batches put different numbers of real points on the devices, so that a mean of the
# devices' own means (what pmean of a per-device mean gives) is not the batch's mean.

AXIS = "batch"

# Issue 38: each point's error is its absolute error less a tolerance, the learner's
# variant, and 0 within it (an epsilon-insensitive loss; 0 on the page: the plain absolute
# error), so that a neighbour's loss, or the page's, gives another number. Every point
# of the check's batches lies farther off the curve than some variant's tolerance.
TOL_VARIANTS = Variants(
    default={"tol": 0.0},
    draw=lambda rng: {"tol": rng.choice((0.1, 0.2, 0.3, 0.5))},
    shown="Each real point's error is max(|model(params, x) - y| - {tol}, 0): its absolute "
    "error less {tol}, and 0 where that is below 0.",
)


def _tol() -> float:
    """The tolerance of this learner's variant (variant 0: 0.0, the absolute error)."""
    return TOL_VARIANTS.current("10.fix_loss")["tol"]


def masked_mae_device(params, x, y, valid):
    errors = _errors(params, x, y)
    total = jax.lax.psum(jnp.sum(jnp.where(valid, errors, 0.0)), AXIS)
    count = jax.lax.psum(jnp.sum(valid), AXIS)
    return total / count


def _errors(params, x, y):
    return jnp.maximum(jnp.abs(model(params, x) - y) - _tol(), 0.0)


def _device_mean(params, x, y, valid):
    return jnp.sum(jnp.where(valid, _errors(params, x, y), 0.0)) / jnp.sum(valid)


def _mean_of_means(params, x, y, valid):  # the unpadded demo's pmean, with the mask
    return jax.lax.pmean(_device_mean(params, x, y, valid), AXIS)


def _no_collective(params, x, y, valid):  # the global formula, on one device's slice
    return _device_mean(params, x, y, valid)


def _three_arguments(params, x, y):
    return jax.lax.pmean(jnp.mean(_errors(params, x, y)), AXIS)


def _cannot_take(count: int):
    """Matches a function whose own signature cannot take ``count`` positional arguments."""

    def matches(answer: Any) -> bool:
        if not callable(answer):
            return False
        try:
            inspect.signature(answer).bind(*range(count))
        except TypeError:
            return True
        except ValueError:
            return False
        return False

    return matches


def _counts_padding(params, x, y, valid):  # the unpadded demo, kept as it is
    return jax.lax.pmean(jnp.mean(_errors(params, x, y)), AXIS)


def _padding_errors_kept(params, x, y, valid):
    return jax.lax.psum(jnp.sum(_errors(params, x, y)), AXIS) / jax.lax.psum(jnp.sum(valid), AXIS)


def _divides_by_batch(params, x, y, valid):
    total = jax.lax.psum(jnp.sum(jnp.where(valid, _errors(params, x, y), 0.0)), AXIS)
    return total / jax.lax.psum(x.shape[0], AXIS)


def _mask_inverted(params, x, y, valid):
    return masked_mae_device(params, x, y, ~valid)


def _padding_summed(params, x, y, valid):
    total = jax.lax.psum(jnp.sum(jnp.where(valid, 0.0, _errors(params, x, y))), AXIS)
    return total / jax.lax.psum(jnp.sum(valid), AXIS)


def _inputs_zeroed(params, x, y, valid):
    """The padding's x and y set to 0, every error then summed: the model at x = 0 is c,
    so each padded point still adds |c|."""
    x0, y0 = jnp.where(valid, x, 0.0), jnp.where(valid, y, 0.0)
    total = jax.lax.psum(jnp.sum(_errors(params, x0, y0)), AXIS)
    return total / jax.lax.psum(jnp.sum(valid), AXIS)


def _x_zeroed(params, x, y, valid):  # round 21: the padding cell's zeroed x, y kept
    """The padding's x set to 0, its y kept, every error then summed over the real count:
    each padded point still adds |c - y|."""
    x0 = jnp.where(valid, x, 0.0)
    total = jax.lax.psum(jnp.sum(_errors(params, x0, y)), AXIS)
    return total / jax.lax.psum(jnp.sum(valid), AXIS)


def _inputs_zeroed_mean(params, x, y, valid):  # round 20: zeroed inputs, the demo's mean
    """The padding's x and y set to 0, then the unpadded demo's mean over every point."""
    x0, y0 = jnp.where(valid, x, 0.0), jnp.where(valid, y, 0.0)
    return jax.lax.pmean(jnp.mean(_errors(params, x0, y0)), AXIS)


def _means_added(params, x, y, valid):  # round 20: psum of the devices' own means
    """Each device's masked sum over its own slice's size, added up over the devices."""
    return jax.lax.psum(jnp.sum(jnp.where(valid, _errors(params, x, y), 0.0)) / x.shape[0], AXIS)


def _real_means_added(params, x, y, valid):
    """Each device's mean over its own real points, added up over the devices."""
    return jax.lax.psum(_device_mean(params, x, y, valid), AXIS)


def _means_added_any(answer: Any) -> bool:
    """The devices' own means (over their slice, or over their real points) added up."""
    return _like(_means_added)(answer) or _like(_real_means_added)(answer)


def _masked_sum(params, x, y, valid):
    return jax.lax.psum(jnp.sum(jnp.where(valid, _errors(params, x, y), 0.0)), AXIS)


def _squared(params, x, y, valid):
    errors = (model(params, x) - y) ** 2
    total = jax.lax.psum(jnp.sum(jnp.where(valid, errors, 0.0)), AXIS)
    return total / jax.lax.psum(jnp.sum(valid), AXIS)


def _signed(params, x, y, valid):
    errors = model(params, x) - y
    total = jax.lax.psum(jnp.sum(jnp.where(valid, errors, 0.0)), AXIS)
    return total / jax.lax.psum(jnp.sum(valid), AXIS)


def _boolean_index(params, x, y, valid):
    return jax.lax.pmean(jnp.mean(_errors(params, x, y)[valid]), AXIS)


def _numpy_mean(params, x, y, valid):
    errors = np.maximum(np.abs(np.asarray(model(params, x)) - np.asarray(y)) - _tol(), 0.0)
    return np.mean(errors[np.asarray(valid)])


def _hard_coded_count(params, x, y, valid):
    return jax.lax.psum(jnp.sum(jnp.where(valid, _errors(params, x, y), 0.0)), AXIS) / 60


def _pmean_times_devices(params, x, y, valid):  # round 15: the mean of the sums, times 8
    total = jax.lax.pmean(jnp.sum(jnp.where(valid, _errors(params, x, y), 0.0)), AXIS)
    return total * len(_lesson_devices()) / jax.lax.psum(jnp.sum(valid), AXIS)


def _lesson_batch(params, x, y, valid):  # reads a notebook's data, not its arguments
    xs = jnp.linspace(-1.0, 1.0, 64)
    return jnp.mean(_errors(params, xs, 2.0 * xs))


def _mesh(count: int | None = None):
    """The lesson's mesh: its devices along one axis, "batch" (the first ``count`` of
    them when given: a smaller mesh, where a loss with the device count in its maths
    changes)."""
    devices = _lesson_devices()[:count]
    return jax.make_mesh(
        (len(devices),),
        (AXIS,),
        axis_types=(jax.sharding.AxisType.Explicit,),
        devices=devices,
    )


_PROGRAMS: dict[tuple[Any, ...], Callable[..., Any]] = {}  # the 64 latest
_KEPT_PROGRAMS = 64


def on_devices(device_fn: Callable[..., Any], count: int | None = None) -> Callable[..., Any]:
    """``device_fn`` as the lesson runs it: jitted, under jax.shard_map over "batch", the
    parameters replicated, x, y and valid split, one number out, the same on every device.
    Kept per function and x64 setting, the 64 latest (a learner's function keeps its
    wrapper while it is unchanged), so that the rule and each mistake reuse one compiled
    program. (No functools cache: tests/grader/test_x64.py keeps them out of exercises.)"""
    # per variant too: a grader's function (the reference, a mistake's example) reads its
    # variant's tolerance while traced
    key = (bool(jax.config.jax_enable_x64), device_fn, variant_key(), count)
    program = _PROGRAMS.pop(key, None)
    if program is None:
        specs = jax.sharding.PartitionSpec
        # JAX keeps what it traced per function object: a function of its own per variant
        traced = device_fn
        if key[2]:

            def traced(*args: Any) -> Any:
                return device_fn(*args)

        program = jax.jit(
            jax.shard_map(
                traced,
                mesh=_mesh(count),
                in_specs=(specs(), specs(AXIS), specs(AXIS), specs(AXIS)),
                out_specs=specs(),
            )
        )
    _PROGRAMS[key] = program  # the latest last
    while len(_PROGRAMS) > _KEPT_PROGRAMS:
        del _PROGRAMS[next(iter(_PROGRAMS))]
    return program


def _batch(params, x, y, valid, count: int | None = None):
    """One case laid out as the lesson lays out its batch: params replicated, the rest
    split over "batch" (on the first ``count`` devices when given)."""
    mesh = _mesh(count)
    specs = jax.sharding.PartitionSpec
    replicated = jax.sharding.NamedSharding(mesh, specs())
    split = jax.sharding.NamedSharding(mesh, specs(AXIS))
    # from NumPy, sliced on the host: a jax array on one device would be split by a compiled
    # program per array and shape (16 of the first check's 1.0 s of CPU)
    p = jax.device_put({k: np.float32(v) for k, v in params.items()}, replicated)
    x, y, valid = jax.device_put((np.asarray(x), np.asarray(y), np.asarray(valid)), split)
    return p, x, y, valid


def _loss_inputs():
    """Padded batches (not the lesson's), 4 points to a device: the padding at the end, so
    the last device holds 1 real point and the others 4; the padding scattered, so the
    devices hold 1 to 4 real points; and all points real. The padding holds values far
    off the curve, so that it changes any loss that lets it in."""
    n = len(_lesson_devices())
    rng = np.random.default_rng(10)
    cases = []
    for where, params in (
        ("end", {"a": 1.0, "b": -0.5, "c": 0.25}),
        ("scattered", {"a": 0.0, "b": 2.0, "c": -1.0}),
        ("none", {"a": 0.5, "b": 0.5, "c": 0.5}),
    ):
        size = 4 * n
        x = np.linspace(-1.0, 1.0, size, dtype=np.float32)
        y = (3.0 * x**2 - 2.0 * x + 0.5 + 0.3 * rng.normal(size=size)).astype(np.float32)
        valid = np.ones(size, dtype=bool)
        if where == "end":
            valid[-3:] = False
        elif where == "scattered":  # device d keeps 1 + d % 4 of its 4 points
            for d in range(n):
                valid[4 * d + 1 + d % 4 : 4 * d + 4] = False
        x = np.where(valid, x, np.float32(4.0)).astype(np.float32)
        y = np.where(valid, y, np.float32(-7.0)).astype(np.float32)
        cases.append(_batch(params, x, y, valid))
    return cases


def _fewer_devices() -> int:
    """The smaller mesh's devices: half the lesson's (4 of the 8 CPU devices)."""
    return max(1, len(_lesson_devices()) // 2)


def _fewer_inputs():
    """A padded batch on half the lesson's devices, 4 points to a device, device d
    keeping 1 + d % 4 of its points: the loss of these points is the same whatever the
    number of devices, so a loss that holds the device count as a fixed number (8
    written out, the notebook's len(devices)) is off here and right on the full mesh."""
    n = _fewer_devices()
    rng = np.random.default_rng(11)
    size = 4 * n
    x = np.linspace(-1.0, 1.0, size, dtype=np.float32)
    y = (3.0 * x**2 - 2.0 * x + 0.5 + 0.3 * rng.normal(size=size)).astype(np.float32)
    valid = np.ones(size, dtype=bool)
    for d in range(n):
        valid[4 * d + 1 + d % 4 : 4 * d + 4] = False
    x = np.where(valid, x, np.float32(4.0)).astype(np.float32)
    y = np.where(valid, y, np.float32(-7.0)).astype(np.float32)
    return [_batch({"a": -0.5, "b": 1.0, "c": 0.75}, x, y, valid, n)]


def _device_count_in_maths(answer: Any) -> bool:
    """Right on the lesson's mesh, wrong on half of it: the loss depends on the number
    of devices (round 15: pmean of the masked sum times a hard-coded 8)."""
    if not callable(answer) or not _like(masked_mae_device)(answer):
        return False
    run = on_devices(answer, _fewer_devices())
    return not behaves_like(on_devices(masked_mae_device, _fewer_devices()), _fewer_inputs)(run)


def _zero_inputs():
    """A padded batch where a value cannot tell a filler: real points at x = 0 (y = 0
    too), fillers at 0 and fillers that are not 0, 2 points to a device."""
    n = len(_lesson_devices())
    x = np.resize(np.array([-1.0, 0.0, 0.5, 1.0, 0.0, 4.0, 0.0, 2.0], np.float32), 2 * n)
    y = np.resize(np.array([2.0, 0.0, -1.0, 3.0, 0.0, -7.0, 0.0, 1.0], np.float32), 2 * n)
    valid = np.resize(np.array([True, True, True, True, False, False, False, True]), 2 * n)
    # c, the model's value at x = 0, is larger than every variant's tolerance: a point at
    # 0 has an error, whichever
    return [_batch({"a": 1.0, "b": -0.5, "c": 1.0}, x, y, valid)]


def _mask_from_x(params, x, y, valid):
    """The padding guessed from the data, valid unread: a point is real where x is not 0
    (the lesson's fillers are 0)."""
    real = x != 0.0
    total = jax.lax.psum(jnp.sum(jnp.where(real, _errors(params, x, y), 0.0)), AXIS)
    return total / jax.lax.psum(jnp.sum(real), AXIS)


def _mask_from_y(params, x, y, valid):
    real = y != 0.0
    total = jax.lax.psum(jnp.sum(jnp.where(real, _errors(params, x, y), 0.0)), AXIS)
    return total / jax.lax.psum(jnp.sum(real), AXIS)


def _data_changed():
    """The same params with two different batches: a loss that reads globals gives one number."""
    (params, x, y, valid), (_, other_x, other_y, other_valid), _ = _loss_inputs()
    return [(params, x, y, valid), (params, other_x, other_y, other_valid)]


def _run(answer: Any) -> Any:
    """The learner's per-device function as the lesson runs it, or None if it is none."""
    return on_devices(answer) if callable(answer) else None


def _like(wrong: Callable[..., Any], inputs: Callable[[], Any] = _loss_inputs):
    """Matches a per-device function that gives ``wrong``'s numbers under shard_map."""

    def matches(answer: Any) -> bool:
        return callable(answer) and behaves_like(on_devices(wrong), inputs)(_run(answer))

    return matches


def _pmean_over_psum(params, x, y, valid):  # round 19: the total averaged, the count added
    total = jax.lax.pmean(jnp.sum(jnp.where(valid, _errors(params, x, y), 0.0)), AXIS)
    return total / jax.lax.psum(jnp.sum(valid), AXIS)


def _psum_over_pmean(params, x, y, valid):
    total = jax.lax.psum(jnp.sum(jnp.where(valid, _errors(params, x, y), 0.0)), AXIS)
    return total / jax.lax.pmean(jnp.sum(valid), AXIS)


def _averaged_and_added(answer: Any) -> bool:
    """One of the mean's two totals combined with pmean, the other with psum: the loss
    is the right one divided (or multiplied) by the number of devices."""
    return _like(_pmean_over_psum)(answer) or _like(_psum_over_pmean)(answer)


def _with_tolerance(tol: float) -> Callable[..., Any]:
    def loss(params, x, y, valid):
        errors = jnp.maximum(jnp.abs(model(params, x) - y) - tol, 0.0)
        total = jax.lax.psum(jnp.sum(jnp.where(valid, errors, 0.0)), AXIS)
        return total / jax.lax.psum(jnp.sum(valid), AXIS)

    return loss


def _other_tolerance(answer: Any) -> bool:
    """The right loss with another variant's tolerance (or none, or the page's 0)."""
    return callable(answer) and any(
        _like(_with_tolerance(tol))(answer) for tol in (0.0, 0.1, 0.2, 0.3, 0.5) if tol != _tol()
    )


def _per_point_errors(params, x, y, valid):  # round 19: no sum, no count
    return jnp.where(valid, _errors(params, x, y), 0.0)


def _returns_per_point(answer: Any) -> bool:
    """A per-device function whose result is an array with an axis (one number per point
    of the slice), not one loss: seen per device under vmap, which binds the axis name."""
    if not callable(answer):
        return False
    n = len(_lesson_devices())
    params = {k: np.float32(0.5) for k in "abc"}
    x = np.zeros((n, 4), np.float32)
    valid = np.ones((n, 4), bool)
    try:
        out = jax.eval_shape(
            jax.vmap(answer, in_axes=(None, 0, 0, 0), axis_name=AXIS), params, x, x, valid
        )
    except Exception:
        return False
    leaves = jax.tree.leaves(out)
    return bool(leaves) and any(len(leaf.shape) > 1 for leaf in leaves)


def _mask_from_data(answer: Any) -> bool:
    """A loss that picks its real points by a value of x or y, not by valid."""
    return any(_like(wrong, _zero_inputs)(answer) for wrong in (_mask_from_x, _mask_from_y))


def _fails_on_devices(error: str, pattern: str = ""):
    """Matches a per-device function that raises ``error`` (by class name) when the
    lesson's shard_map traces it: boolean indexing, NumPy on tracers, a result that
    differs between devices where out_specs=P() says they all return the same."""

    def matches(answer: Any) -> bool:
        return callable(answer) and fails_with(error, pattern, _loss_inputs)(_run(answer))

    return matches


def _other_axis(answer: Any) -> bool:
    """A collective over an axis name the mesh lacks (round 13: psum over "model"). Under
    shard_map JAX then fails with a bare AssertionError; traced with the mesh's one axis
    bound, the same function names the axis it could not find."""
    if not callable(answer) or not _fails_on_devices("AssertionError")(answer):
        return False
    params, x, y, valid = jax.tree.map(np.asarray, _loss_inputs()[0])
    share = x.shape[0] // len(_lesson_devices())
    try:
        jax.make_jaxpr(answer, axis_env=[(AXIS, len(_lesson_devices()))])(
            params, x[:share], y[:share], valid[:share]
        )
    except NameError as exc:
        found = re.search(r"unbound axis name: (\S+?)\.", str(exc))
        return found is not None and found.group(1) != AXIS
    except Exception:
        return False
    return False


COLLECTIVES = frozenset({"psum", "pmax", "pmin", "all_gather", "all_to_all", "ppermute"})


def _collective_and_local(answer: Any) -> bool:
    """A result that differs between devices (shard_map refuses it) from a function that
    does combine the devices somewhere: part of it collective, part the device's own (round
    14: the psum'd sum of the errors over the device's own count)."""
    if not callable(answer) or not _fails_on_devices("ValueError", "out_specs")(answer):
        return False
    params, x, y, valid = jax.tree.map(np.asarray, _loss_inputs()[0])
    share = x.shape[0] // len(_lesson_devices())
    try:
        program = jax.make_jaxpr(answer, axis_env=[(AXIS, len(_lesson_devices()))])(
            params, x[:share], y[:share], valid[:share]
        )
    except Exception:
        return False
    return bool(primitive_names(program) & COLLECTIVES)


def _local_count(params, x, y, valid):  # the errors summed over the devices, counted here
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.psum(jnp.sum(err), AXIS) / jnp.sum(valid)


def _psum_over_model(params, x, y, valid):
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.psum(jnp.sum(err), "model") / jax.lax.psum(jnp.sum(valid), "model")


def _ignores_data(answer: Any) -> bool:
    return callable(answer) and ignores_arguments(_data_changed)(_run(answer))


@dataclass(frozen=True)
class SameLoss:
    """The answer is the program one device runs, ``(params, x, y, valid) -> number``,
    judged as the lesson runs it (``on_devices``: under jax.shard_map, jitted) on padded
    batches other than the lesson's, whose real points are spread unevenly over the
    devices; a wrong value says how far off it is."""

    def warm_up(self, expected: Any) -> None:
        outputs_on(_loss_inputs, on_devices(expected))

    def __call__(self, answer: Any, expected: Any) -> str | None:
        if not callable(answer):
            return _(
                "Expected a function (params, x, y, valid) -> loss, but this is {what}."
            ).format(what=describe(answer))
        run = on_devices(answer)
        wanted = outputs_on(_loss_inputs, on_devices(expected))
        for args, want in zip(_loss_inputs(), wanted, strict=True):
            got = call_learner(run, args)
            problem = JaxArray()(got, want)
            if problem is None:
                continue
            real = int(np.sum(np.asarray(args[3])))
            batch = _("On a batch of {count} points, {real} of them real,").format(
                count=args[1].shape[0], real=real
            )
            if is_jax_array(got) and got.shape == () and want.shape == ():
                value, right = float(got), float(want)
                if right and np.isfinite(value):
                    return _(
                        "{batch} your loss is {value}, {value2} times the mean absolute error "
                        "of the real points ({right})."
                    ).format(
                        batch=batch,
                        value=f"{value:.6g}",
                        value2=f"{value / right:.4g}",
                        right=f"{right:.6g}",
                    )
            return f"{batch} {problem}"
        # the same loss on a smaller mesh: the device count is no part of the maths
        fewer = _fewer_devices()
        run = on_devices(answer, fewer)
        wanted = outputs_on(_fewer_inputs, on_devices(expected, fewer))
        for args, want in zip(_fewer_inputs(), wanted, strict=True):
            got = call_learner(run, args)
            problem = JaxArray()(got, want)
            if problem is None:
                continue
            batch = _(
                "On a mesh of {devices} devices, a batch of {count} points, {real} of them real,"
            ).format(devices=fewer, count=args[1].shape[0], real=int(np.sum(np.asarray(args[3]))))
            if is_jax_array(got) and got.shape == () and want.shape == ():
                value, right = float(got), float(want)
                if right and np.isfinite(value):
                    return _(
                        "{batch} your loss is {value}, {value2} times the mean absolute error "
                        "of the real points ({right})."
                    ).format(
                        batch=batch,
                        value=f"{value:.6g}",
                        value2=f"{value / right:.4g}",
                        right=f"{right:.6g}",
                    )
            return f"{batch} {problem}"
        return None


EXERCISES = (
    Exercise(
        id="10.column_spec",
        title="Choose the PartitionSpec that spreads examples over a 2-D mesh",
        reference=_readings_spec,
        rule=ReadingsSpec(),
        hints=(
            "A PartitionSpec has one entry per array axis, in order: what splits that axis,"
            " or None to keep it whole. Your examples are axis {axis} of the {shape} array; "
            "the channels, axis {channels_axis}, stay whole.",
            "{per_device} of the 64 examples on each device: they are split {ways} ways. An "
            "entry splits its axis as many ways as the sizes of the mesh axes it names "
            "multiply to ('batch' 4, 'model' 2; a tuple names several), and the devices "
            "along a mesh axis that no entry names hold the same block.",
            "P({spec}).",
        ),
        solution="readings_spec = P({spec})",
        mistakes=(
            Mistake(
                id="split-count",
                message="Your spec keeps the channels whole and splits the examples, but not "
                "{ways} ways, so a device does not hold {per_device} of them: an entry splits "
                "its array axis as many ways as the sizes of the mesh axes it names multiply "
                "to, and the devices along a mesh axis that no entry names hold the same "
                "block.",
                example=_wrong_ways,
                matches=_splits_examples_wrong_ways,
            ),
            Mistake(
                id="rows",
                message="Your spec splits axis {channels_axis}, the 3 channels, over the devices: "
                "each device would hold a part of every example's channels, and no device a"
                " whole example. (JAX would refuse anyway: 3 channels cannot be split "
                "evenly over a mesh axis of 2 or 4 devices.)",
                example=_channels_split,
                matches=_splits_channels,
            ),
            Mistake(
                id="replicated",
                message="That spec splits nothing: every device would hold all 64 examples "
                "and repeat the same work.",
                example=lambda: spec(),
            ),
            Mistake(
                id="whole-sharding",
                message="That is a whole NamedSharding (a mesh and a spec), where the exercise "
                "asks for a PartitionSpec.",
                example=_whole_sharding,
                matches=_is_named_sharding,
            ),
            Mistake(
                id="laid-out-array",
                message="That is an array (the readings after jax.device_put?), not a "
                "PartitionSpec.",
                example=_laid_out_readings,
                matches=is_jax_array,
            ),
            Mistake(
                id="plain-tuple",
                message="A plain tuple is not a PartitionSpec (jax.sharding.PartitionSpec), "
                "the type NamedSharding takes as its spec.",
                example=lambda: tuple(_readings_spec()),
                matches=_is_plain_tuple,
            ),
        ),
        success="The channels stay whole, and the examples are split {ways} ways: "
        "{per_device} examples on each device, each on {copies} of the 8 devices.",
        needs=EightDevices(
            N_(
                "With fewer, the lesson's (4, 2) mesh cannot be made, and show_shards cannot "
                "show your PartitionSpec putting the examples on the devices."
            )
        ),
        variants=READINGS_VARIANTS,
    ),
    Exercise(
        id="10.predict_sums",
        title="Predict the sharding of two sums, and what the devices exchange",
        reference=lambda: "B",
        rule=Choice(SUMS_OPTIONS, texts=SUMS_TEXTS),
        hints=(
            "Each device holds 2 whole rows of x_rows. Which sum can a device finish with only "
            "its own rows?",
            "x_rows.sum(axis=1) adds within each row; x_rows.sum(axis=0) adds the 16 rows "
            "together, so it needs a row from every device.",
            "Two options share the layouts. What does a device need from the others to "
            "finish a sum over the rows: their rows, or only what their rows add up to? "
            "Which is less to send?",
        ),
        solution='sums_layout = "B"',
        mistakes=(
            Mistake(
                id="both-split",
                message="x_rows.sum(axis=0) adds all 16 rows, and they live on 8 devices: each "
                "of its 2 results needs a row from every device, so it cannot stay split over "
                "'batch' like the rows.",
                example=lambda: "A",
            ),
            Mistake(
                id="gathers-rows",
                message="Right layouts, wrong exchange: copying all 16 rows to every device "
                "sends far more than the sum needs, and no device needs another's rows "
                "themselves, only what they add up to.",
                example=lambda: "C",
            ),
            Mistake(
                id="swapped",
                message="Swapped: axis=1 sums within each row, and a device holds whole rows, "
                "so it needs no other device's data for those sums.",
                example=lambda: "D",
            ),
            Mistake(
                id="both-replicated",
                message="x_rows.sum(axis=1) needs no other device's data: each device sums its own "
                "2 rows, and the 16 sums stay split over 'batch' like the rows they came from.",
                example=lambda: "E",
            ),
        ),
        success="The row sums stay split like the rows; the column sums need every device, so "
        "the devices add up their partial sums (an all-reduce) and each one gets the result.",
        prediction=True,
        explanation=(
            "A type without `@` is replicated. Summing along a row needs only the "
            "device's own rows, so the 16 row sums stay split like the rows, and nothing "
            "is exchanged. Summing over the rows needs every device, but not every row: "
            "each adds its 2 rows, then the devices add up the 8 partial sums, 2 numbers "
            "from each, and every device gets both results. That is an all-reduce, the "
            "one exchange in the compiled program; no row is copied (no all-gather). The "
            "gradient below is exchanged the same way, and the section on it shows how to "
            "read a compiled program's exchanges."
        ),
        needs=EightDevices(
            N_(
                "With fewer, x_rows is not split 2 rows to a device, as the question says, so "
                "this kernel does not compute the sums the question is about."
            )
        ),
    ),
    Exercise(
        id="10.fix_loss",
        title="Write a padded batch's loss as the program one device runs",
        reference=lambda: masked_mae_device,
        rule=SameLoss(),
        hints=(
            "Under shard_map each device sees only its own slice: its x, y and valid hold "
            "4 of the batch's points here, and how many of them are real differs from "
            "device to device. A mean is a sum over a count: which of the two can a device "
            "compute from its own slice, and what must the devices then combine?",
            "A device's own mean is its slice's sum over its slice's count. Averaging those "
            "means gives a device with 1 real point as much weight as one with 4. Combine "
            "the two parts apart instead: the devices' sums added up, over their counts "
            "added up.",
            "errors = jnp.maximum(jnp.abs(model(params, x) - y) - {tol}, 0.0)\n"
            'total = jax.lax.psum(jnp.sum(jnp.where(valid, errors, 0.0)), "batch")\n'
            'return total / jax.lax.psum(jnp.sum(valid), "batch")',
        ),
        solution=(
            "def masked_mae_device(params, x, y, valid):\n"
            "    errors = jnp.maximum(jnp.abs(model(params, x) - y) - {tol}, 0.0)\n"
            '    total = jax.lax.psum(jnp.sum(jnp.where(valid, errors, 0.0)), "batch")\n'
            '    return total / jax.lax.psum(jnp.sum(valid), "batch")'
        ),
        mistakes=(
            Mistake(
                id="three-arguments",
                message="Your function takes (params, x, y), as the lesson's mae_device does; "
                "the check runs masked_mae_device(params, x, y, valid), with the mask as a "
                "fourth argument: without it, the loss cannot tell the padding from the data.",
                example=lambda: _three_arguments,
                matches=_cannot_take(4),
            ),
            Mistake(
                id="collective-and-local",
                message="Your function combines the devices for part of its result and not "
                "for the rest: what it takes from the device's own slice alone (a count, a "
                "sum, a mean) differs from device to device, so the result does too, and "
                "shard_map refuses it: out_specs=P() promises one number, the same on every "
                "device.",
                example=lambda: _local_count,
                matches=_collective_and_local,
            ),
            Mistake(
                id="per-point",
                message="Your function returns one error per point of the device's slice, an "
                "array, not one loss: nothing sums the errors or counts the real points, so "
                "there is no mean, and shard_map refuses it: out_specs=P() promises one number, "
                "the same on every device.",
                example=lambda: _per_point_errors,
                matches=_returns_per_point,
            ),
            Mistake(
                id="no-collective",
                message="Your function returns a number computed from the device's own slice "
                "alone, so it differs from device to device, and shard_map refuses it: "
                "out_specs=P() promises one number, the same on every device. A device sees "
                "only its 4 points; the loss is about all of them.",
                example=lambda: _no_collective,
                matches=_fails_on_devices("ValueError", "out_specs"),
            ),
            Mistake(
                id="other-axis",
                message="Your collective combines the devices over an axis the mesh does not "
                'have: the lesson\'s mesh has one axis, "batch", the one x, y and valid are '
                "split over, and a psum (or pmean) over another name finds no devices to "
                "combine, where JAX fails with a bare AssertionError.",
                example=lambda: _psum_over_model,
                matches=_other_axis,
            ),
            Mistake(
                id="mean-of-means",
                message="Your loss is the mean of the devices' own means. That is the batch's "
                "mean only when every device holds as many real points, as in the unpadded "
                "batch above. Here the padding is not spread evenly: a device with 1 real "
                "point has as much say as one with 4, so each of its points counts 4 times "
                "as much.",
                example=lambda: _mean_of_means,
                matches=_like(_mean_of_means),
            ),
            Mistake(
                id="mask-from-data",
                message="Your loss decides which points are real from the data (a point where "
                "x, or y, is 0 counts as padding) and never reads valid: a value cannot tell a "
                "filler from a real point. The check's fillers are not 0, so they count as "
                "real points, and a real point at 0 is dropped.",
                example=lambda: _mask_from_x,
                matches=_mask_from_data,
            ),
            Mistake(
                id="counts-padding",
                message="Your loss averages over every point of the batch, the padding "
                "included: the padded points are not data, and their errors are counted as "
                "if they were.",
                example=lambda: _counts_padding,
                matches=_like(_counts_padding),
            ),
            Mistake(
                id="padding-errors-kept",
                message="You divide by the number of real points, but the sum still holds "
                "the padding's errors: the padded x and y are not zeros, and their errors "
                "are added in.",
                example=lambda: _padding_errors_kept,
                matches=_like(_padding_errors_kept),
            ),
            Mistake(
                id="divides-by-batch",
                message="The padding's errors are left out of the sum, but you divide by "
                "every point of the batch, padding included, so the loss is too small by "
                "the share of padding.",
                example=lambda: _divides_by_batch,
                matches=_like(_divides_by_batch),
            ),
            Mistake(
                id="mask-inverted",
                message="Your loss averages over the padding and leaves out the real points: "
                "valid is True for a real point.",
                example=lambda: _mask_inverted,
                matches=_like(_mask_inverted),
            ),
            Mistake(
                id="padding-summed",
                message="Your sum holds the padding's errors and leaves out the real points' "
                "(the mask the wrong way round, where you divide by the real points' count): "
                "valid is True for a real point.",
                example=lambda: _padding_summed,
                matches=_like(_padding_summed),
            ),
            Mistake(
                id="inputs-zeroed",
                message="You set the padding's x and y to 0, but its errors still count: at "
                "x = 0 the model gives c, not 0, so each padded point adds the error of c to the "
                "sum. Zeroing a point's inputs does not zero its error.",
                example=lambda: _inputs_zeroed,
                matches=_like(_inputs_zeroed),
            ),
            Mistake(
                id="x-zeroed",
                message="You set the padding's x to 0, but a padded point is still in your "
                "sum: its error, the distance from the model's c at x = 0 to its y, counts as "
                "a real point's does. Zeroing a point's input does not take it out of the "
                "loss; its error has to be left out of the sum.",
                example=lambda: _x_zeroed,
                matches=_like(_x_zeroed),
            ),
            Mistake(
                id="inputs-zeroed-mean",
                message="You set the padding's x and y to 0, but its errors still count: at "
                "x = 0 the model gives c, not 0, so each padded point keeps the error of c. "
                "And your mean is over every point of the batch, padding included, where the "
                "loss is over the real points alone.",
                example=lambda: _inputs_zeroed_mean,
                matches=_like(_inputs_zeroed_mean),
            ),
            Mistake(
                id="means-added",
                message="Your loss adds up the devices' own means (a psum of means): a sum of "
                "8 means, which grows with the number of devices, not the mean of the real "
                "points. A mean is one total over another: the devices' error sums added "
                "up, over their counts of real points added up.",
                example=lambda: _means_added,
                matches=_means_added_any,
            ),
            Mistake(
                id="boolean-index",
                message="Indexing with the mask keeps as many points as valid has True, a "
                "shape that depends on the values: under jit, as the lesson runs shard_map, "
                "that fails.",
                example=lambda: _boolean_index,
                matches=_fails_on_devices("NonConcreteBooleanIndexError"),
            ),
            Mistake(
                id="device-count-in-maths",
                message="Your loss is right on the lesson's mesh only: on a mesh of half as "
                "many devices, the same kind of padded batch gets another loss. The number of "
                "devices went into your maths as a number fixed when you wrote it (8 written "
                "out, or the notebook's len(devices)), while the mean over the real points "
                "does not change with how many devices hold them.",
                example=lambda: _pmean_times_devices,
                matches=_device_count_in_maths,
            ),
            Mistake(
                id="hard-coded-count",
                message="Dividing by 60 is right for the lesson's batch only; the check's "
                "batches hold other numbers of real points.",
                example=lambda: _hard_coded_count,
                matches=_like(_hard_coded_count),
            ),
            Mistake(
                id="averaged-and-added",
                message="Your loss is the right one scaled by the number of devices: of the "
                "mean's two totals, one was averaged over the devices (pmean, which divides the "
                "devices' sum by their count) and the other added up (psum). The sum of the "
                "errors and the count of the points must be combined alike.",
                example=lambda: _pmean_over_psum,
                matches=_averaged_and_added,
            ),
            Mistake(
                id="other-tolerance",
                message="Your errors are lowered by another tolerance than this page's: here "
                "each real point's error is its absolute error less {tol}, and 0 where that is "
                "below 0 (other variants of this exercise ask for other tolerances).",
                example=lambda: _with_tolerance(0.1 if _tol() != 0.1 else 0.2),
                matches=_other_tolerance,
            ),
            Mistake(
                id="sum-not-mean",
                message="That is the sum of the real points' errors; the loss is their mean.",
                example=lambda: _masked_sum,
                matches=_like(_masked_sum),
            ),
            Mistake(
                id="squared",
                message="That is the mean squared error, lesson 08's loss. This one is the "
                "mean of each point's absolute error less {tol} (0 where that is below 0).",
                example=lambda: _squared,
                matches=_like(_squared),
            ),
            Mistake(
                id="signed-errors",
                message="Without the absolute value, errors above and below the curve cancel:"
                " that is the mean error, not the mean absolute error.",
                example=lambda: _signed,
                matches=_like(_signed),
            ),
            Mistake(
                id="numpy-inside",
                message="NumPy functions (np.abs, np.mean) turn the jax arrays into NumPy "
                "ones: under jit and shard_map the arrays are traced, and NumPy cannot read "
                "them.",
                example=lambda: _numpy_mean,
                matches=_fails_on_devices("TracerArrayConversionError"),
            ),
            Mistake(
                id="ignores-data",
                message="Your function gives the same loss for two different batches: it "
                "reads notebook variables (such as the lesson's data) instead of its "
                "arguments.",
                example=lambda: _lesson_batch,
                matches=_ignores_data,
            ),
        ),
        success="Each device adds up its own real points' errors and counts them; the "
        "devices add up both, and every device divides the same two totals, however "
        "unevenly the padding falls.",
        needs=EightDevices(
            N_(
                "With one device, its own mean is the batch's mean, so a mean of the devices' "
                "means would pass the check."
            )
        ),
        variants=TOL_VARIANTS,
    ),
)
