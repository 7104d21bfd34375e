"""Unit tests of the grading engine: outcomes, messages, tolerances, robustness."""

from __future__ import annotations

import dataclasses

import jax.numpy as jnp
import numpy as np
import pytest

from jaxtour import checks
from jaxtour.grader.compare import compare_arrays, tolerances
from jaxtour.grader.feedback import STATUSES, Feedback
from jaxtour.grader.judge import PLACEHOLDER_MESSAGE, REVEAL_MESSAGE, judge
from jaxtour.grader.rules import Choice, ExactInteger, JaxArray, Number, SameFunction, SamePytree
from jaxtour.grader.spec import Exercise, Mistake


def test_list_exercises_is_in_lesson_order_and_unique():
    ids = checks.list_exercises()
    assert ids[0] == "00.first_array"
    assert len(ids) == len(set(ids))
    assert [i.split(".")[0] for i in ids] == sorted(i.split(".")[0] for i in ids)


def test_correct_answer_passes_and_is_truthy():
    feedback = checks.check("00.first_array", jnp.array([1.0, 2.0, 3.0]))
    assert feedback.status == "correct"
    assert feedback.passed and bool(feedback)
    assert feedback.status in STATUSES


def test_incorrect_answer_is_falsy_with_a_message():
    feedback = checks.check("00.first_array", jnp.arange(5.0))
    assert feedback.status == "incorrect"
    assert not feedback
    assert "shape (5,)" in feedback.message and "(3,)" in feedback.message


def test_placeholder_is_unattempted_not_incorrect():
    assert checks.check("00.first_array", ...).status == "unattempted"


def test_function_with_placeholder_body_is_unattempted():
    def center(x):
        """Docstrings do not count as an attempt."""
        ...

    def center_pass(x):
        pass

    assert checks.check("01.center", center).status == "unattempted"
    assert checks.check("01.center", center_pass).status == "unattempted"


def test_function_returning_none_is_attempted():
    def center(x):
        x - jnp.mean(x, axis=-1, keepdims=True)  # forgot the return

    feedback = checks.check("01.center", center)
    assert feedback.status == "incorrect"
    assert "None" in feedback.message


def test_shape_and_dtype_mismatches_have_their_own_messages():
    shape = checks.check("00.first_array", jnp.arange(1.0, 5.0))
    dtype = checks.check("00.first_array", jnp.array([1.0, 2.0, 3.0], dtype=jnp.float16))
    assert "shape" in shape.message and "dtype" not in shape.message
    assert "dtype float16" in dtype.message and "float32" in dtype.message


def test_values_are_compared_with_dtype_aware_tolerance():
    assert tolerances(np.int32) == (0.0, 0.0)
    assert tolerances(np.float16)[0] > tolerances(np.float32)[0] > tolerances(np.float64)[0]
    base = np.array([1.0, 2.0, 3.0], dtype=np.float32)
    assert compare_arrays(base * (1 + 1e-7), base) is None
    message = compare_arrays(base + np.float32([0, 0, 0.5]), base)
    assert message is not None and "index (2,)" in message and "1 of 3" in message
    assert compare_arrays(np.array([1, 2]), np.array([1, 3])) is not None  # ints are exact


def test_nan_in_the_same_place_compares_equal():
    a = np.array([1.0, np.nan], dtype=np.float32)
    assert compare_arrays(a, a.copy()) is None
    assert compare_arrays(np.array([1.0, 2.0], dtype=np.float32), a) is not None


def test_exception_in_learner_code_is_one_line_with_the_input_and_traceback():
    def center(x):
        return x / undefined_name  # noqa: F821

    feedback = checks.check("01.center", center)
    assert feedback.status == "error"
    assert "\n" not in feedback.message
    assert feedback.message.startswith("center([1., 2., 3., 4.]) raised NameError")
    assert "Traceback" in feedback.details and "undefined_name" in feedback.details
    assert "rules.py" not in feedback.details  # the traceback starts in the learner's code
    assert "<details>" in feedback._repr_html_()


def test_unknown_id_lists_close_matches():
    feedback = checks.check("00.first_aray", jnp.arange(10))
    assert feedback.status == "error"
    assert "'00.first_array'" in feedback.message
    assert "00.first_array" in checks.hint("00.first_aray").text()
    assert "00.first_array" in checks.solution("00.first_array ").text()
    with pytest.raises(checks.UnknownExercise, match="00.first_array"):
        checks._reference("00.first_aray")


@pytest.mark.parametrize("bad_id", [None, 42, ["00.first_array"], ""])
def test_ids_of_the_wrong_type_get_feedback(bad_id):
    assert checks.check(bad_id, 1).status == "error"


def test_hints_are_numbered_and_clamped():
    first, last = checks.hint("00.first_array", 1), checks.hint("00.first_array", 3)
    assert first.heading == "Hint 1 of 3 for 00.first_array"
    assert first.body != last.body
    assert checks.hint("00.first_array", 0).heading == first.heading
    beyond = checks.hint("00.first_array", 9)
    assert beyond.heading == last.heading and "only 3 hints" in beyond.body
    assert checks.hint("00.first_array", "two").heading == first.heading


def test_solution_is_code():
    note = checks.solution("00.first_array")
    assert note.code and "jnp.array([1.0, 2.0, 3.0])" in note.body
    assert "<pre " in note._repr_html_()  # code keeps its layout


def test_check_never_raises_even_when_the_answer_misbehaves():
    class Hostile:
        def __eq__(self, other):
            raise RuntimeError("no comparing me")

        def __array__(self, *args, **kwargs):
            raise RuntimeError("no converting me")

        def __repr__(self):
            raise RuntimeError("no repr either")

    for exercise_id in checks.list_exercises():
        feedback = checks.check(exercise_id, Hostile())
        assert isinstance(feedback, Feedback)
        assert feedback.status in ("incorrect", "error")


def test_timeout_status(short_time_limit):
    def center(x):
        while True:
            pass

    feedback = checks.check("01.center", center)
    assert feedback.status == "timeout"
    assert "0.5 s" in feedback.message


def test_printing_and_warnings_are_captured_not_leaked(capfd):
    def center(x):
        print("debugging", x.shape)
        import warnings

        warnings.warn("careful", stacklevel=1)
        return x - jnp.mean(x, axis=-1, keepdims=True)

    feedback = checks.check("01.center", center)
    out, err = capfd.readouterr()
    assert feedback.status == "correct"
    assert out == "" and err == ""
    assert "debugging" in feedback.details and "careful" in feedback.details


def test_reading_an_undefined_answer_is_an_error_not_an_exception():
    feedback = checks.read_and_check("00.first_array", lambda: name_never_defined)  # noqa: F821
    assert feedback.status == "error"
    assert "NameError" in feedback.message


def test_feedback_text_is_deterministic():
    first = checks.check("00.first_array", np.arange(10)).text()
    second = checks.check("00.first_array", np.arange(10)).text()
    assert first == second


def test_two_different_numbers_never_print_alike():
    from jaxtour.grader.rules import Number

    message = Number(rtol=1e-9, atol=0)(12.000123, 12.000124)
    got, want = (
        message.removeprefix("You have ").removesuffix(".").split(", but the expected value is ")
    )
    assert got != want, message


@pytest.mark.parametrize(
    ("got", "expected", "says"),
    [
        (np.arange(1, 11), np.arange(10), "off by the same amount, +1"),
        (np.arange(11), np.arange(10), "1 value too many at the end"),
        (np.arange(1, 10), np.arange(10), "1 value too few at the start"),
        (np.float32([[1, 2, 3]]), np.float32([1, 2, 3]), "the values are right, arranged"),
        (np.float32([[1, 2, 3], [4, 5, 6]]).T, np.float32([[1, 2, 3], [4, 5, 6]]), "transpose"),
        (np.int32([1, 2, 3]), np.float32([1, 2, 3]), "Integers where floats"),
        (np.float64([1, 2, 3]), np.float32([1, 2, 3]), "float64 comes from NumPy"),
        (np.float32([0.5, 1, 1.5]), np.float32([1, 2, 3]), "half the expected one"),
        (np.float32([-1, -2, 3]), np.float32([1, 2, -3]), "opposite sign"),
        (np.float32([3, 1, 2]), np.float32([1, 2, 3]), "in a different order"),
        (np.float32(6), np.float32([1, 2, 3]), "one number where an array was expected"),
        (np.arange(0, 10, 2), np.arange(10), "every second expected value, a step of 2"),
        (np.linspace(0, 9, 50), np.arange(10.0), "from 0.0 to 9.0 like the expected array"),
    ],
)
def test_a_difference_with_a_plain_shape_is_named(got, expected, says):
    assert says in compare_arrays(got, expected)


def test_no_relation_is_claimed_where_none_holds():
    message = compare_arrays(np.float32([1, 2, 4]), np.float32([1, 2, 3]))
    assert message.endswith("expected 3.0.")  # one value off: nothing more to say
    assert "opposite" not in compare_arrays(np.float32([0, 0]), np.float32([0, 1]))


def test_one_number_is_called_a_multiple_only_for_a_small_whole_factor():
    assert "twice" in Number()(24.0, 12.0)
    assert "1/34" not in Number()(0.0625, 2.125)  # some multiple of anything: says nothing


def test_parts_of_an_array_are_named_only_where_they_are_its_rows_or_pieces():
    """What a container of arrays is, said only where its parts show it, and never as the
    code that joins them (the fix is the hints')."""
    rule = JaxArray()
    expected = jnp.zeros((2, 3))
    rows = "shape of the expected array's rows"
    assert rows in rule([jnp.zeros(3), jnp.zeros(3)], expected)
    assert rows in rule((jnp.zeros(3), jnp.zeros(3)), expected)
    assert "end to end" in rule((jnp.zeros(2), jnp.zeros(4)), jnp.zeros(6))
    assert rows not in rule((jnp.zeros(3), jnp.zeros(2)), expected)  # unique's pair
    # parts whose stack has another shape than expected: they are not its rows
    assert rows not in rule((jnp.ones(3), jnp.ones(3)), jnp.full(3, 2.0))
    assert rows not in rule([jnp.ones(4), jnp.ones(4), jnp.ones(4)], expected)
    # one array in a 1-tuple (a trailing comma, grad's tuple for argnums=(1,)): no join
    one = rule((jnp.zeros((2, 3)),), expected)
    assert "tuple of one array" in one and "end to end" not in one
    for message in (rule((jnp.zeros(3), jnp.zeros(3)), expected), one):
        assert "jnp." not in message


def test_terms_returned_with_a_comma_are_said_to_be_kept_apart():
    rule = JaxArray()
    x = jnp.linspace(-2.0, 2.0, 5)
    u, v = 2 * x * jnp.cos(x), -(x**2) * jnp.sin(x)
    assert "2 parts add up" in rule((u, v), u + v)
    assert "3 parts add up" in rule((u, v, x), u + v + x)
    assert "add up" not in rule((u, v), u - v)  # parts that do not add up: nothing said


def test_a_relation_seen_on_one_input_is_named_only_if_it_holds_on_every_input():
    inputs = lambda: [(2.0, 0.5), (3.0, 0.25), (1.0, 0.125)]  # noqa: E731
    rule = SameFunction(inputs=inputs, output=Number())
    reference = lambda a, b: a * b  # noqa: E731
    assert "twice" in rule(lambda a, b: 2 * a * b, reference)  # twice on every input
    # half the expected on the first input only (0.5 against 1.0), not on the others
    chance = rule(lambda a, b: a + b - 2.0, reference)
    assert "half" not in chance and "factor" not in chance
    assert "opposite sign" in rule(lambda a, b: -a * b, reference)
    # an offset is a fact about the numbers shown, not a guessed cause: it stays
    assert "off by one" in SameFunction(inputs=inputs, output=ExactInteger())(
        lambda a, b: int(a) + 1, lambda a, b: int(a)
    )


def test_a_structure_difference_with_a_plain_shape_is_named():
    rule = SamePytree()
    params = {"w": jnp.ones(2), "b": jnp.zeros(())}
    expected = (params, jnp.float32(3.0))
    assert "a list where a tuple" in rule([params, jnp.float32(3.0)], expected)
    assert "opposite order" in rule((jnp.float32(3.0), params), expected)
    assert "1 item where 2" in rule((params,), expected)
    assert rule(expected, expected) is None


def _toy(**fields) -> Exercise:
    return Exercise(
        id="99.toy",
        title="A toy",
        reference=lambda: 4,
        rule=ExactInteger(),
        hints=("First hint.", "Second hint."),
        solution="answer = 4",
        mistakes=(Mistake(id="five", message="Five is one too many.", example=lambda: 5),),
        **fields,
    )


def _toy_prediction(**fields) -> Exercise:
    declared = {
        "reference": lambda: "C",
        "rule": Choice(("A", "B", "C", "D")),
        "prediction": True,
        "explanation": "C: a list, as `f` builds one.",
    }
    return Exercise(
        id="99.toy_prediction",
        title="A toy prediction",
        hints=("First hint.", "Second hint."),
        solution='answer = "C"',
        mistakes=(Mistake(id="dict", message="B is a dict.", example=lambda: "B"),),
        **(declared | fields),
    )


def test_a_judged_prediction_is_explained_and_sent_to_the_reveal_and_nothing_else_is():
    prediction = _toy_prediction()
    for answer in ("C", "B", "A", " b "):  # right or wrong, an option was named
        feedback = judge(prediction, answer)
        assert feedback.message.endswith(REVEAL_MESSAGE)
        assert feedback.explanation == "C: a list, as `f` builds one."
    for slip in (..., "E", "AB", 3, None):  # no prediction made: nothing to explain yet
        feedback = judge(prediction, slip)
        assert REVEAL_MESSAGE not in feedback.message and feedback.explanation == ""
    assert judge(prediction, "B").mistake == "dict"
    assert REVEAL_MESSAGE not in judge(_toy(), 5).message
    assert judge(_toy(), 5).explanation == ""


@pytest.mark.parametrize(
    "fields",
    [{"explanation": ""}, {"prediction": False}, {"rule": ExactInteger(), "reference": lambda: 4}],
    ids=["no explanation", "explained but no prediction", "a rule that cannot read"],
)
def test_a_prediction_declares_its_explanation_and_a_rule_that_reads(fields):
    with pytest.raises(ValueError, match="explanation|reads an answer"):
        _toy_prediction(**fields)


def test_an_unmet_need_judges_nothing_and_says_what_is_missing():
    missing = {"devices": 1}
    toy = _toy(needs=lambda: None if missing["devices"] >= 8 else "Needs 8 devices; restart.")
    for answer in (4, 5):  # right and wrong alike: nothing can be judged yet
        feedback = judge(toy, answer)
        assert (feedback.status, feedback.message) == ("unattempted", "Needs 8 devices; restart.")
    assert judge(toy, ...).message == PLACEHOLDER_MESSAGE
    missing["devices"] = 8
    assert judge(toy, 4).status == "correct" and judge(toy, 5).mistake == "five"


CHOICE = Choice(("A", "B", "C", "D"), texts=("a tuple", "a dict", "a list", "None"))


@pytest.mark.parametrize(
    "answer",
    [
        "C", " c ", "(C)", "C.", "c)", "option C", "a list", "C: a list",
        # a letter with its reason, as a learner types it: the article "a" names no option
        "C - split is a pure function", "because a list is ordered: C", "c: a key is a value",
        "c - a list keeps its order",
        "c - split is a pure function",  # set off by a dash with spaces around it
        # the letter with a reason after a # that names no option in capitals
        "C  # a list keeps its order", "c # because a dict is a pytree",
    ],
)  # fmt: skip
def test_a_choice_reads_the_letter_however_it_is_written(answer):
    assert CHOICE(answer, "C") is None
    assert CHOICE(answer, "B") == "C is not the one."


@pytest.mark.parametrize(
    ("answer", "says"),
    [
        (("C",), "is a tuple of one item, not a string"),
        (["c"], "is a list of letters, not a string"),
        ({"C"}, "is a set of letters, not a string"),
    ],
)
def test_a_choice_refuses_its_letter_in_a_list_or_tuple_saying_whether_it_is_right(answer, says):
    """Round 20, the lead's decision: the check reads one string; a trailing comma's tuple
    is refused even when its letter is right, and the message says whether it is."""
    right, wrong = CHOICE(answer, "C"), CHOICE(answer, "B")
    assert says in right and "The letter in it is the right one." in right
    assert says in wrong and "The letter in it is not the right one either." in wrong
    assert CHOICE.read(answer) is None  # no option named: a slip, not a prediction


@pytest.mark.parametrize(
    ("answer", "says"),
    [
        ("AB", "names 2 options"),
        ("B and C", "names 2 options"),
        ("A, C", "names 2 options"),
        (["A", "C"], "names 2 options"),
        ([3], "is a list; write the letter alone"),
        (("C", 3), "is a tuple; write the letter alone"),
        ("C # not B", "names options after its #"),
        (2, "letters, not numbers"),
        ("2", "letters, not numbers"),
        ("E", "is not one of the options"),
        ("a set", "is not one of the options"),
        ("ace", "is not one of the options"),  # a word, not the letters A and C
        ("dab", "names 3 options"),
        # words around two letters: which one is meant is not read out of the prose
        ("A is wrong, B", "is a letter with words around it"),
        ("B: not C, since a dict is a pytree", "is a letter with words around it"),
        (None, "this is None"),
    ],
)
def test_every_slip_in_a_choice_gets_its_own_message_naming_the_options(answer, says):
    message = CHOICE(answer, "C")
    assert says in message and "one of 'A', 'B', 'C' or 'D'" in message and "as a string" in message


def test_a_verdict_only_check_refused_by_the_rule_asks_no_mistake_and_keeps_its_status():
    """tests/content/learner_path.py pastes hundreds of answers and reads only whether each
    passes: once the rule refuses, which declared mistake it is would not be read, so none
    is asked (each asks the answer again, on its own example). A mistake that refuses a
    right value (``also_accepted``) is still asked: it can turn a pass into a refusal."""
    from jaxtour.grader.compare import verdict_only

    asked = []

    def five(answer):
        asked.append(answer)
        return answer == 5

    five_is = Mistake(id="five", message="Five is one too many.", example=lambda: 5, matches=five)
    toy = dataclasses.replace(_toy(), mistakes=(five_is,))
    assert judge(toy, 5).mistake == "five" and asked == [5]
    with verdict_only():
        refused, passed = judge(toy, 5), judge(toy, 4)
    assert (refused.status, refused.mistake, passed.status) == ("incorrect", None, "correct")
    assert asked == [5]  # neither answer was asked about the mistake under verdict_only
    picky = Mistake(
        id="four",
        message="Four, but not so.",
        example=lambda: 4,
        matches=lambda answer: answer == 4,
        also_accepted=True,
    )
    with verdict_only():
        assert judge(dataclasses.replace(_toy(), mistakes=(picky,)), 4).status == "incorrect"


def test_a_dtype_message_blames_no_source_the_answer_cannot_have():
    """float32 where a 16-bit float was asked (a variant's dtype) is jnp's own default: no
    NumPy, dtype= or x64 made it; float64 where float32 was asked may come from those."""
    from jaxtour.grader.compare import dtype_message

    default_kept = dtype_message(np.ones(3, np.float32), np.ones(3, np.float16))
    assert "by default" in default_kept and "NumPy" not in default_kept
    assert "x64" in dtype_message(np.ones(3, np.float64), np.ones(3, np.float32))


NAMED = Choice(("A", "B", "C", "D"), names=("a", "b", "c", "d"))  # "which of b, c and d ..."


@pytest.mark.parametrize("answer", ["b and d", "(b, d)", "b, c, d", "b or c."])
def test_a_choice_whose_question_names_things_a_b_c_reads_those_names_as_names(answer):
    message = NAMED(answer, "C")
    assert NAMED.read(answer) is None and "names what the question calls a, b, c, d" in message
    assert "one of 'A', 'B', 'C' or 'D'" in message


@pytest.mark.parametrize(
    "answer", ["split is deterministic, so b and d match a", "b repeats a, and d does too"]
)
def test_a_reason_in_words_with_the_question_s_names_is_not_several_options(answer):
    """Round 19: a reason typed without a letter was told it named 3 options (the draws a,
    b, d, read as letters); the lower-case letters in it are the question's names."""
    message = NAMED(answer, "C")
    assert NAMED.read(answer) is None and "names what the question calls" in message
    assert "options;" not in message


@pytest.mark.parametrize(
    "answer", ["C", "(C)", "C.", "option c", "c - split is a pure function", "c", " c", "(c)"]
)
def test_the_options_are_still_read_beside_the_question_s_names(answer):
    assert NAMED(answer, "C") is None


@pytest.mark.parametrize("answer", ["d", " d.", "(b)"])
def test_one_lower_case_letter_alone_is_an_option_as_in_every_choice(answer):
    """Round 18: ' c' was refused as the draw c; every other choice reads one letter, in any
    case, as the option, and so does this one."""
    assert NAMED.read(answer) == str.upper(answer.strip(" .()"))
