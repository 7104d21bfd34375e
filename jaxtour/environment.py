"""Where the lessons are running, for lesson 00: the facts ``jaxtour doctor`` gathers."""

from __future__ import annotations

from jaxtour import i18n
from jaxtour.grader.feedback import Note
from jaxtour.i18n import N_
from jaxtour.learner.doctor import gather


def report(language: str | None = None) -> Note:
    """Versions, backend and devices, as a displayable Note, in ``language`` ('en', 'ru';
    lesson 00 names its own, since it shows this before its checks choose one), else in
    the language in use."""

    def say(message: str) -> str:
        return i18n.translate(message, language) if language else i18n._(message)

    facts = gather()
    rows = [
        ("Python", f"{facts.python} ({facts.platform})"),
        ("JAX", facts.jax or say(N_("not importable"))),
        ("jaxlib", f"{facts.jaxlib}"),
        ("NumPy", f"{facts.numpy}"),
        (say(N_("backend")), f"{facts.backend or facts.jax_problem}"),
        (say(N_("devices")), ", ".join(facts.devices)),
    ]
    width = max(len(label) for label, _value in rows) + 2
    lines = [f"{label:<{width}}{value}" for label, value in rows]
    return Note(say(N_("Your environment")), "\n".join(lines), code=True)
