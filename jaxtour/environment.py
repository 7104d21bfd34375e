"""Where the lessons are running, for lesson 00: the facts ``jaxtour doctor`` gathers."""

from __future__ import annotations

from jaxtour.grader.feedback import Note
from jaxtour.i18n import _
from jaxtour.learner.doctor import gather


def report() -> Note:
    """Versions, backend and devices, as a displayable Note."""
    facts = gather()
    lines = [
        f"Python   {facts.python} ({facts.platform})",
        f"JAX      {facts.jax or _('not importable')}",
        f"jaxlib   {facts.jaxlib}",
        f"NumPy    {facts.numpy}",
        f"backend  {facts.backend or facts.jax_problem}",
        "devices  " + ", ".join(facts.devices),
    ]
    return Note(_("Your environment"), "\n".join(lines), code=True)
