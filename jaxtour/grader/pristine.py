"""NumPy as it was when jaxtour was imported, for the grader's own comparisons.

A learner's code can rebind ``np.isclose`` or ``np.asarray`` (by accident or on
purpose); the grader must still judge with the real ones. Grader modules therefore write
``from jaxtour.grader.pristine import np`` and read every NumPy function from this copy
of its namespace, taken once at import. ``isolation`` puts the live modules back after
each check, so the learner's session is repaired too.
"""

from __future__ import annotations

import types

import numpy

__all__ = ["np"]


class _Namespace(types.SimpleNamespace):
    """The copy; a submodule NumPy loads lazily (``np.random``) is read from NumPy itself."""

    def __getattr__(self, name: str):
        return getattr(numpy, name)


np = _Namespace(**vars(numpy))
