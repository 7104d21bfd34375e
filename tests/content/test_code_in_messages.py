"""How learner_path finds the code a message hands over (tests/content/code_in_messages.py):
the expressions in a message's prose, and the cells a learner pasting one would run."""

from __future__ import annotations

from tests.content.code_in_messages import fragments, names_free, pastes

CLIP = "def clip_negative(x):\n    return jnp.where(x < 0, 0.0, x)"
PLACEHOLDER = "def clip_negative(x):\n    ...  # your code here"
BUGGY = "def clip_negative(x):\n    return jnp.minimum(x, 0.0)  # fix me"


def test_the_code_at_the_end_of_a_clause_is_found_and_the_prose_around_it_is_not():
    message = (
        "A NumPy function needs concrete values, and under jit x is a tracer. "
        "Its jnp twin works: jnp.where(x < 0, 0.0, x), element by element."
    )
    assert "jnp.where(x < 0, 0.0, x)" in fragments(message)
    assert not any("twin" in found or "tracer" in found for found in fragments(message))


def test_code_followed_by_prose_is_found():
    assert "jnp.maximum(x, 0.0)" in fragments("jnp.maximum(x, 0.0) is the fix.")


def test_commas_inside_brackets_do_not_cut_the_code():
    found = fragments("Step against the gradient: jax.tree.map(lambda p, g: p - lr * g, a, b).")
    assert "jax.tree.map(lambda p, g: p - lr * g, a, b)" in found


def test_an_expression_is_pasted_for_the_placeholder_and_for_an_expression_with_its_names():
    want = "def clip_negative(x):\n    return jnp.maximum(x, 0.0)"
    assert pastes(PLACEHOLDER, "jnp.maximum(x, 0.0)", CLIP) == [want]
    assert pastes(BUGGY, "jnp.maximum(x, 0.0)", CLIP) == [want]
    assert pastes("y = ...  # your code here", "x.at[0].set(9.0)", "y = x.at[0].set(9.0)") == [
        "y = x.at[0].set(9.0)"
    ]


def test_an_assignment_is_pasted_as_the_whole_cell():
    assert pastes("y = ...", "y = x.at[0].set(9.0)", "y = x.at[0].set(9.0)") == [
        "y = x.at[0].set(9.0)"
    ]


def test_code_about_other_values_or_a_switch_of_the_whole_kernel_is_not_pasted():
    assert pastes(PLACEHOLDER, "jnp.where(cond, a, b)", CLIP) == []  # names nobody has
    assert pastes(PLACEHOLDER, 'jax.config.update("jax_enable_x64", True)', CLIP) == []


def test_names_bound_inside_the_code_are_not_free():
    assert names_free("f = lambda p, g: p - lr * g") == {"lr"}
    assert names_free("[y * 2 for y in ys]") == {"ys"}
