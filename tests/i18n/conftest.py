"""Each i18n test starts and ends with no language chosen (``checks.use_language``)."""

from __future__ import annotations

import pytest

from jaxtour import i18n


@pytest.fixture(autouse=True)
def no_language_chosen(monkeypatch):
    monkeypatch.delenv(i18n.ENV_LANG, raising=False)
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    i18n._chosen[0] = None
    yield
    i18n._chosen[0] = None
