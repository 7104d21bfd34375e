"""How learner_path finds the code a message hands over (tests/content/code_in_messages.py):
the expressions in a message's prose, and the cells a learner pasting one would run."""

from __future__ import annotations

from tests.content.code_in_messages import fragments, names_free, pastes

CLIP = "def clip_negative(x):\n    return jnp.where(x < 0, 0.0, x)"


def test_the_code_at_the_end_of_a_clause_is_found_and_the_prose_around_it_is_not():
    message = (
        "A NumPy function needs concrete values, and under jit x is a tracer. "
        "Its jnp twin works: jnp.where(x < 0, 0.0, x), element by element."
    )
    assert "jnp.where(x < 0, 0.0, x)" in fragments(message)
    assert not any("twin" in found or "tracer" in found for found in fragments(message))


def test_commas_inside_brackets_do_not_cut_the_code():
    found = fragments("Step against the gradient: jax.tree.map(lambda p, g: p - lr * g, a, b).")
    assert found == {"jax.tree.map(lambda p, g: p - lr * g, a, b)"}


def test_an_expression_is_pasted_in_place_of_the_solutions_expression_that_shares_its_names():
    assert pastes(CLIP, "jnp.maximum(x, 0.0)") == [
        "def clip_negative(x):\n    return jnp.maximum(x, 0.0)"
    ]


def test_an_assignment_is_pasted_as_the_whole_cell():
    assert pastes("y = x.at[0].set(9.0)", "y = x.at[0].set(9.0)") == ["y = x.at[0].set(9.0)"]


def test_code_about_other_values_or_a_switch_of_the_whole_kernel_is_not_pasted():
    assert pastes(CLIP, "jnp.where(cond, a, b)") == []  # names the solution never has
    assert pastes(CLIP, 'jax.config.update("jax_enable_x64", True)') == []


def test_names_bound_inside_the_code_are_not_free():
    assert names_free("f = lambda p, g: p - lr * g") == {"lr"}
    assert names_free("[y * 2 for y in ys]") == {"ys"}
