"""An early pytest plugin (``make test`` loads it with ``-p``, before nbval's): no test
process imports ``rfc3987_syntax``.

nbval imports nbformat, nbformat imports jsonschema, and jsonschema, when
``rfc3987-syntax`` is installed (jupyter-events, which JupyterLab needs, asks for it),
builds that package's IRI grammar at import to offer an ``iri`` format check: 1.3 s of
CPU in the controller and in each xdist worker. nbformat validates notebooks without a
format checker (``Draft4Validator(schema)``, or fastjsonschema, which has no ``iri``), so
no notebook check ever used it: a notebook that breaks the schema still fails to load
(tests/test_layout.py holds both). The servers the tests start (JupyterLab, the hub)
import it as a learner's do; only the pytest processes skip it.
"""

from __future__ import annotations

import sys

if "jsonschema" not in sys.modules:
    sys.modules.setdefault("rfc3987_syntax", None)  # import rfc3987_syntax: ImportError
