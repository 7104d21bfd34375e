"""The language jaxtour speaks, and each message in it.

Messages are written in English in the code (the English text is the gettext ``msgid``)
and translated through the catalogs in ``jaxtour/locale/<lang>/LC_MESSAGES/jaxtour.mo``,
compiled from the ``.po`` files beside them (``make messages``; CONTRIBUTING says how).

- ``_("…")`` translates a message into the language in use; a message with values names
  them, so a translation can reorder them: ``_("you have {got}, expected {want}").format(
  got=…, want=…)``.
- ``N_("…")`` only marks a message for extraction (data declared at import time); the
  code that shows it translates it with ``_``. ``N_plural("…", "…")`` marks a pair that
  ``ngettext`` shows.

The language in use, first found of: ``use_language`` (a lesson's setup cell calls
``checks.use_language("ru")``, so a Russian lesson gets Russian feedback whatever the
system's language), ``$JAXTOUR_LANG``, the system locale (``$LANGUAGE``, ``$LC_ALL``,
``$LC_MESSAGES``, ``$LANG``), else English. An unknown language is English.
"""

from __future__ import annotations

import contextlib
import gettext
import os
from collections.abc import Iterator
from functools import cache
from pathlib import Path

LANGUAGES = {"en": "English", "ru": "Русский"}
DEFAULT = "en"
ENV_LANG = "JAXTOUR_LANG"
DOMAIN = "jaxtour"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
_LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # gettext's own order

# Mutable, never rebound: the grader verifies that this module's names are unchanged after
# each check (grader/pristine.py), and puts them back; the choice itself is state.
_chosen: list[str | None] = [None]  # set by use_language only
_held: list[str | None] = [None]  # the language held through a check (held())


def supported(code: object) -> str | None:
    """The supported language ``code`` names ('ru', 'ru_RU.UTF-8', 'RU'), else None."""
    if not isinstance(code, str):
        return None
    short = code.strip().replace("-", "_").split(".")[0].split("_")[0].lower()
    return short if short in LANGUAGES else None


def system_language() -> str | None:
    """The first supported language the environment's locale variables name."""
    for variable in _LOCALE_VARIABLES:
        value = os.environ.get(variable, "")
        for part in value.split(":"):  # $LANGUAGE is a list: "ru:en"
            if part and part not in ("C", "POSIX") and (found := supported(part)):
                return found
        if value and variable != "LANGUAGE":
            return None  # the first locale variable set decides, as in gettext
    return None


def language() -> str:
    """The language in use now."""
    return (
        _chosen[0]
        or _held[0]
        or supported(os.environ.get(ENV_LANG))
        or system_language()
        or DEFAULT
    )


@contextlib.contextmanager
def held() -> Iterator[str]:
    """The language in use now, held for the body: code run inside (a learner's answer
    under check) changes it only through ``use_language``, not through the environment."""
    previous = _held[0]
    _held[0] = language()
    try:
        yield _held[0]
    finally:
        _held[0] = previous


def use_language(code: str) -> None:
    """Speak ``code`` ('en' or 'ru') from now on in this process."""
    found = supported(code)
    if found is None:
        choices = ", ".join(f'"{c}" ({name})' for c, name in LANGUAGES.items())
        raise ValueError(
            _("jaxtour speaks {choices}, not {code}.").format(choices=choices, code=repr(code))
        )
    _chosen[0] = found


def choose(code: str | None) -> None:
    """Put back what ``chosen`` returned (None: nothing chosen); the grader's, after a
    check whose answer called ``use_language``."""
    _chosen[0] = supported(code) if code is not None else None


def chosen() -> str | None:
    """The language ``use_language`` chose, if any."""
    return _chosen[0]


@cache
def _catalog(code: str) -> gettext.NullTranslations:
    if code == DEFAULT:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[code], fallback=True)


def _(message: str) -> str:
    """``message`` in the language in use (itself where no translation exists)."""
    return _catalog(language()).gettext(message)


def translate(message: str, code: str) -> str:
    """``message`` in language ``code``, whatever the language in use (the tools that
    write each edition's lesson index and navigation)."""
    return _catalog(supported(code) or DEFAULT).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` (Russian has three plural forms)."""
    return _catalog(language()).ngettext(singular, plural, count)


def N_(message: str) -> str:
    """Mark ``message`` for extraction; it is translated where it is shown."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with a count for extraction, as ``ngettext`` would be marked; shown
    with ``ngettext(*pair, count)``."""
    return singular, plural
