"""A prediction is settled only by the learner (CONTRIBUTING, "Predictions come first").

test_lessons.py holds the shape of a prediction: its check, then a reveal cell and the
explanation folded in `<details>`. This file holds what is on the page without a
click: nothing there may state a prediction's answer, neither before its check nor in
the lesson's "On your own" and "In practice" lists, nor in the lesson's line of the
index (README.md, lessons/README.md, from jaxtour/catalog.py), in either edition.

What it can check mechanically: a choice exercise is a prediction (so it gets a reveal
and a fold); the text of a choice's right option appears in none of those places; and
the sentences that once gave answers away (GIVEAWAYS) appear nowhere on the page outside
the folds and the question itself. An answer can be given in other words, so a new
prediction's giveaways belong in GIVEAWAYS too.
"""

from __future__ import annotations

import re

import pytest

from jaxtour import catalog, checks
from jaxtour.exercises import by_lesson
from jaxtour.grader.rules import Choice
from jaxtour.i18n import translate
from tests.helpers import LESSONS, RUSSIAN, cell_check, read_notebook

COLLAPSED = re.compile(r"<details>\s*<summary>.+?</summary>.*?</details>", re.S)
# The lists at a lesson's end that a learner reads before the exercises too.
SUMMARIES = {
    "en": ("## On your own", "## In practice"),
    "ru": ("## Самостоятельно", "## На практике"),
}

# Sentences that stated an answer where the learner sees it without a click; each is
# matched with its whitespace collapsed, in its edition only.
GIVEAWAYS = {
    "01.default_dtype": (
        "32-bit defaults",
        "32 бита по умолчанию",
        "32-битные типы по умолчанию",
        "It is a default, not a limit",
        "Это значение по умолчанию, а не предел",
        "JAX stores floats in 32 bits by default",
        "по умолчанию хранит числа с плавающей точкой в 32 битах",
    ),
    "02.which_dispatch": (
        "`.shape` is known before the work",
        "`.shape` известна до работы",
    ),
    "02.first_calls": (
        "not per number of elements",
        "не для числа элементов",
        "compiled per shape, not per size",
    ),
    "03.gradient": (
        "tensor([2., 4., 6., 8.])",
        "[2., 4., 6., 8.]",
        "The sum is part of what `grad` differentiates",
        "Сумма — часть того, что дифференцирует `grad`",
        "four outputs have a Jacobian, not a gradient",
        "у четырёх выходов есть якобиан, а не градиент",
        "scalar output",
        "скалярный выход",
    ),
    "04.predict_value_and_grad": (
        "exactly like `grad`",
        "точно так же, как `grad`",
        "in the same order",
        "в том же порядке",
    ),
    "05.predict_aux_structure": (
        "The result is a pair too, `(gradient, aux)`",
        "Результат — тоже пара, `(gradient, aux)`",
        "a tuple of one position is still a tuple",
        "кортеж из одной позиции всё равно кортеж",
        "`grad` returns no value",
        "`grad` не возвращает значения",
        "the value part is the whole pair",
        "часть «значение» — это вся пара",
        "((value, aux), gradient)",
    ),
    "06.out_of_bounds": (
        "one write per index",
        "по одной записи на индекс",
        ".at[].set` drops",
        ".at[i].set` drops",
        ".at[].set` отбрасывает",
        ".at[i].set` отбрасывает",
    ),
    "07.count_traces": (
        "`jnp.array(5.0)` is weak",
        "`jnp.array(5.0)` слабо типизирован",
        "`jnp.float32(2.5) * 2.0` is strong",
        "`jnp.float32(2.5) * 2.0` сильно типизирован",
    ),
    "07.debug_print": (
        "`print` runs once",
        "`print` срабатывает один раз",
        "waits until everything it prints is out",
        "ждёт, пока всё, что она печатает",
    ),
    "10.predict_sums": (
        "no row is copied",
        "ни одна строка не копируется",
        "must talk (an all-reduce)",
        "обмениваться данными (all-reduce)",
        "the all-reduce in a gradient",
        "all-reduce в градиенте",
    ),
    "11.fori_predict": (
        "But Python ran the body once",
        "Но Python выполнил тело один раз",
    ),
    "11.fails_under_jit": (
        "3 programs in all",
        "всего 3 программы",
        "are traced anew",
    ),
    "12.jacobian_shapes": (
        "with no transposing to line anything up",
        "ничего не приходится переставлять",
        "jacrev` compute the same Jacobian",
        "the output's axes first",
        "сначала оси выхода",
    ),
    "12.cheaper": (
        "`jacfwd` when there are fewer inputs",
        "`jacfwd` costs one JVP per **input**",
        "`jacfwd`, когда входов меньше",
        "`jacfwd` стоит один JVP на каждый **вход**",
        "only by chance",
        "лишь случайно",
    ),
    "13.first_nan": (
        "the checker sees only what it returns",
        "проверка видит только то, что она возвращает",
        "a NaN that a `where` throws away is found only without `jit`",
        "находится только без `jit`",
    ),
    "13.float32_gap": (
        "float32 keeps about 7",
        "(big + b) - big` not 0",
        "float32 хранит около 7",
        "`(big + b) - big` не равно 0",
        "are 8 apart",
        "отстоят друг от друга на 8",
        "turns NumPy's float64 into a float32",
        "превращает float64 из NumPy во float32",
    ),
    "14.predict_view": (
        "an all-reduce of `f32[]`",
        "all-reduce над `f32[]`",
    ),
    "14.predict_death": (
        "the heartbeat timeout, not the sum, decides when",
        "решает тайм-аут контрольных сигналов, а не сумма",
        "the heartbeat timeout decides when",
        "default heartbeat timeout is 100 s",
    ),
    "15.bound": (
        "1024 flops per 768 bytes",
        "1024 флопа на 768 байт",
        "8 flops per 8 bytes",
        "8 флопов на 8 байт",
        "each matrix element once",
        "каждый элемент матрицы один раз",
    ),
    "15.donate": (
        "A, C and E",
        "A, C и E",
        "result ends up in the donated buffer",
        "результат оказывается в переданном буфере",
    ),
    "16.block_owner": (
        "the grid is (3, 2)",
        "сетка — (3, 2)",
        "the program (2, 1) writes 21",
        "программа (2, 1) записывает 21",
    ),
    "16.naive_matmul": (
        "the last partial product stays",
        "остаётся последнее частичное произведение",
        "each k step overwrites",
        "каждый шаг k перезаписывает",
    ),
}


def _flat(text: str) -> str:
    return " ".join(text.split())


def _outputs(cell) -> list[str]:
    texts = []
    for output in cell.get("outputs", []):
        texts.append(output.get("text", ""))
        data = output.get("data", {})
        texts.extend(str(data.get(kind, "")) for kind in ("text/plain", "text/markdown"))
    return texts


def _shown(cell) -> list[str]:
    """What a cell shows without a click: its source (a markdown cell's outside its
    collapsed blocks) and its stored outputs."""
    source = COLLAPSED.sub("", cell.source) if cell.cell_type == "markdown" else cell.source
    return [_flat(text) for text in (source, *_outputs(cell)) if text]


def _question_start(cells, exercise_id: str) -> tuple[int, int]:
    """The cell and character offset where the exercise's heading begins."""
    heading = re.compile(rf"^###\s+\S+\s+{re.escape(exercise_id)}\b", re.M)
    for index, cell in enumerate(cells):
        found = heading.search(cell.source) if cell.cell_type == "markdown" else None
        if found:
            return index, found.start()
    raise AssertionError(f"no heading names {exercise_id}")


def _summaries(cells, lang: str) -> list[str]:
    """The text of the lesson's "On your own" and "In practice" sections."""
    texts = []
    for cell in cells:
        if cell.cell_type != "markdown":
            continue
        for part in re.split(r"(?m)^(?=## )", cell.source):
            if part.startswith(SUMMARIES[lang]):
                texts.append(_flat(part))
    return texts


def _lang(notebook) -> str:
    return "ru" if notebook.parent == RUSSIAN else "en"


def _index_line(notebook) -> str:
    lesson = next(lesson for lesson in catalog.LESSONS if lesson.notebook == notebook.name)
    return _flat(translate(lesson.teaches, _lang(notebook)))


def _before_check(cells, exercise_id: str) -> list[str]:
    """Everything shown before the exercise's question, then the question, up to its check,
    left out: the question lists every option."""
    start, offset = _question_start(cells, exercise_id)
    shown = [text for cell in cells[:start] for text in _shown(cell)]
    shown.append(_flat(COLLAPSED.sub("", cells[start].source[:offset])))
    return shown


def _outside_folds_and_question(cells, exercise_id: str) -> list[str]:
    start, offset = _question_start(cells, exercise_id)
    check = next(i for i, cell in enumerate(cells) if cell_check(cell) == exercise_id)
    shown = []
    for index, cell in enumerate(cells):
        if index == start:
            shown.append(_flat(COLLAPSED.sub("", cell.source[:offset])))
        elif not start < index <= check:
            shown.extend(_shown(cell))
    return shown


EDITIONS = [
    (folder / lesson.notebook, exercise)
    for lesson in catalog.LESSONS
    for exercise in by_lesson()[lesson.stem]
    if exercise.prediction
    for folder in (LESSONS, RUSSIAN)
]


def _id(case) -> str:
    notebook, exercise = case
    return f"{_lang(notebook)}-{exercise.id}"


@pytest.fixture(params=EDITIONS, ids=[_id(case) for case in EDITIONS])
def prediction(request):
    return request.param


def test_a_choice_is_a_prediction():
    """A question answered by a letter is answered by reasoning first: it gets a reveal and
    a fold like every prediction (test_lessons.py), so its answer is not on the page."""
    choices = [
        exercise.id
        for exercises in by_lesson().values()
        for exercise in exercises
        if isinstance(exercise.rule, Choice) and not exercise.prediction
    ]
    assert not choices, f"declare these prediction=True and fold their answers: {choices}"


def test_no_visible_text_states_a_choices_answer(prediction):
    notebook, exercise = prediction
    if not isinstance(exercise.rule, Choice) or not exercise.rule.texts:
        pytest.skip("not a choice with option texts")
    lang = _lang(notebook)
    right = exercise.rule.texts[exercise.rule.options.index(exercise.reference())]
    right = _flat(translate(right, lang))
    cells = read_notebook(notebook).cells
    pattern = re.compile(rf"(?<!\w){re.escape(right)}(?!\w)")
    places = {
        "before the question": _before_check(cells, exercise.id),
        "On your own / In practice": _summaries(cells, lang),
        "the lesson index": [_index_line(notebook)],
    }
    for where, texts in places.items():
        for text in texts:
            assert not pattern.search(text), (
                f"{lang} {exercise.id}: the right option's text, {right!r}, is on the page "
                f"{where}: {text[:200]!r}"
            )


# A result shorter than this ("3", "0.0") is a number any page prints for other reasons.
SHORTEST_RESULT = 8


def test_no_text_above_the_question_shows_the_right_result(prediction):
    """Settled, not transferred (CONTRIBUTING, "Predictions come first"): an option that
    gives a result and its reason ("((value, aux), (grad_x, grad_y)): the function's own pair
    ...") is settled when the page above the question shows that result, in prose or in a
    cell's stored output, whatever the reason. The full option text is tested above; this
    tests the result alone, the part before the reason's colon."""
    notebook, exercise = prediction
    if not isinstance(exercise.rule, Choice) or not exercise.rule.texts:
        pytest.skip("not a choice with option texts")
    lang = _lang(notebook)
    right = _flat(
        translate(exercise.rule.texts[exercise.rule.options.index(exercise.reference())], lang)
    )
    result = right.split(": ", 1)[0] if ": " in right else ""
    if len(result) < SHORTEST_RESULT:
        pytest.skip("no reason after the result, or a result too short to tell")
    pattern = re.compile(rf"(?<!\w){re.escape(result)}(?!\w)")
    for text in _before_check(read_notebook(notebook).cells, exercise.id):
        assert not pattern.search(text), (
            f"{lang} {exercise.id}: the right option's result, {result!r}, is shown above the "
            f"question, which settles it: {text[:200]!r}"
        )


def test_no_visible_text_gives_a_prediction_away(prediction):
    notebook, exercise = prediction
    phrases = [_flat(phrase) for phrase in GIVEAWAYS.get(exercise.id, ())]
    if not phrases:
        pytest.skip("no giveaways recorded")
    cells = read_notebook(notebook).cells
    shown = _outside_folds_and_question(cells, exercise.id) + [_index_line(notebook)]
    for text in shown:
        for phrase in phrases:
            assert phrase not in text, (
                f"{_lang(notebook)} {exercise.id}: {phrase!r} gives the answer away outside "
                f"the fold: {text[:200]!r}"
            )


# "as a string, e.g. `"B"`" / "например `"B"`": the example a question gives of the form
EXAMPLE = re.compile(r'(?:e\.g\.|for example|например,?)\s+`"([^"`]+)"`')


def test_a_questions_example_of_the_form_is_not_its_answer(prediction):
    """A question shows the form of an answer with an example; the example must not be the
    answer (14.predict_view's "e.g. `"B"`" was: a held-out reader passed by copying it)."""
    notebook, exercise = prediction
    cells = read_notebook(notebook).cells
    start, _ = _question_start(cells, exercise.id)
    check = next(i for i, cell in enumerate(cells) if cell_check(cell) == exercise.id)
    question = " ".join(_flat(c.source) for c in cells[start:check] if c.cell_type == "markdown")
    question += " " + " ".join(c.source for c in cells[start:check] if c.cell_type == "code")
    examples = EXAMPLE.findall(question) + re.findall(r'#\s*e\.g\.\s*"([^"]+)"', question)
    right = exercise.reference()
    for example in examples:
        assert not checks.check(exercise.id, example).passed, (
            f"{_lang(notebook)} {exercise.id}: the question's example {example!r} is the answer "
            f"({right!r})"
        )


# --- how a prediction's letters are read: one rule for every prediction (CONTRIBUTING,
# "How a prediction's letters are read"), tried on each one's right answer ------------------

PREDICTIONS = [e for exercises in by_lesson().values() for e in exercises if e.prediction]


def _forms(right: str, names: tuple[str, ...]) -> list:
    """The right letters, written as learners write them: every form must pass (in lower
    case too, unless the question calls things a, b, c: ``Choice.names``)."""
    return [
        right,
        *([] if names else [str.lower(right)]),
        f" {right} ",
        f"({right})",
        f"{right}.",
        f"option {right}",
        ", ".join(right),
        f"{right}  # because it waits for nothing",  # a reason inside the string
        f"{right} # see the JAX docs",  # capitals that are no option's letters
    ]


@pytest.mark.parametrize("exercise", PREDICTIONS, ids=lambda e: e.id)
def test_every_prediction_reads_its_letters_by_one_rule(exercise):
    right = exercise.reference()
    assert isinstance(right, str) and str.isupper(right), f"{exercise.id}: {right!r}"
    for form in _forms(right, getattr(exercise.rule, "names", ())):
        feedback = checks.check(exercise.id, form)
        assert feedback.status == "correct", f"{exercise.id} {form!r}: {feedback.text()}"
    other = next(letter for letter in "ABCDE" if letter not in right)
    # a list or tuple of the letters is no string: refused, saying its letters are right or
    # not (round 20, the lead's decision: a trailing comma's ("C",) included)
    wrong = other if len(right) == 1 else right[1:]
    for form, verdict in ((right, "right one"), (wrong, "not the right one")):
        for container in (list(form), tuple(form)):
            feedback = checks.check(exercise.id, container)
            assert feedback.status == "incorrect" and not feedback.explanation, feedback.text()
            said = "not a string" in feedback.message and verdict in feedback.message
            if verdict == "right one":
                said = said and "not the right" not in feedback.message
            assert said, f"{exercise.id} {container!r}: {feedback.text()}"
    # the comment names an option: which letters are chosen is not clear, so asked again
    feedback = checks.check(exercise.id, f"{right} # not {other}")
    assert feedback.status == "incorrect" and not feedback.explanation, feedback.text()
    assert "names options after its #" in feedback.message, feedback.text()
    assert "in capitals" in feedback.message  # and says what a reason may hold
    if len(right) == 1:  # several letters where one is asked: a slip, not a choice
        feedback = checks.check(exercise.id, [right, other])
        assert feedback.status == "incorrect" and not feedback.explanation, feedback.text()
        assert "names 2 options" in feedback.message, feedback.text()
