"""The one list of lessons: number, slug, title, minutes, and what each needs.

Everything that needs to know which lessons exist reads it from here: the exercise
registry (``jaxtour/exercises/lessonNN.py``), the progress table, ``jaxtour doctor``,
the error explanations, the learner's workspace, the tools, benchmarks and tests.
A lesson's files are ``lessons/<stem>.md`` (source) and ``lessons/<stem>.ipynb``.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["LESSONS", "Lesson", "UnknownLesson", "find", "numbers_text"]


@dataclass(frozen=True)
class Lesson:
    number: str  # two digits, "03"
    slug: str  # "grad"
    title: str  # the notebook's heading, after "NN · "
    minutes: int  # time to work through it
    plots: bool = False  # draws figures with matplotlib
    measures_device: bool = False  # prints timings of the learner's own device

    @property
    def stem(self) -> str:
        """``03_grad``: the file name without its suffix."""
        return f"{self.number}_{self.slug}"

    @property
    def notebook(self) -> str:
        return f"{self.stem}.ipynb"

    @property
    def source(self) -> str:
        return f"{self.stem}.md"

    @property
    def exercise_module(self) -> str:
        return f"jaxtour.exercises.lesson{self.number}"


LESSONS: tuple[Lesson, ...] = (
    Lesson("00", "welcome", "Start the tour: run cells, check answers", 5),
    Lesson("01", "jnp_as_numpy", "Use `jnp` as a drop-in NumPy", 20, plots=True),
    Lesson("02", "timing_honestly", "Time JAX honestly", 25, plots=True, measures_device=True),
    Lesson("03", "grad", "Differentiate with `jax.grad`", 25, plots=True),
    Lesson(
        "04",
        "argnums_and_pytrees",
        "Choose what to differentiate: `argnums`, `value_and_grad`, pytrees",
        20,
    ),
    Lesson("05", "has_aux", "Return extra outputs with `has_aux`", 15),
    Lesson(
        "06",
        "immutability_and_purity",
        "Update arrays without mutation, and keep functions pure",
        30,
    ),
    Lesson(
        "07",
        "putting_it_together",
        "Fit a model with `grad`, `jit` and a training loop",
        25,
        plots=True,
        measures_device=True,
    ),
)


class UnknownLesson(LookupError):
    """No lesson answers to the name given."""


def find(name: str) -> Lesson:
    """The lesson named by its number (``3``, ``03``), stem (``03_grad``) or file name."""
    key = str(name).strip().removesuffix(".ipynb").removesuffix(".md")
    if key.isdigit():
        key = key.zfill(2)
    for lesson in LESSONS:
        if key in (lesson.number, lesson.stem):
            return lesson
    raise UnknownLesson(f"no lesson {name!r}")


def numbers_text(lessons: tuple[Lesson, ...] | list[Lesson]) -> str:
    """``01 02 03 07``: lesson numbers as a learner reads them."""
    return " ".join(lesson.number for lesson in lessons)
