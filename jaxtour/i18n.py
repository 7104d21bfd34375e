"""The language jaxtour speaks, and each message in it.

Messages are written in English in the code (the English text is the gettext ``msgid``)
and translated through the catalogs in ``jaxtour/locale/<lang>/LC_MESSAGES/jaxtour.mo``,
compiled from the ``.po`` files beside them (``make messages``; CONTRIBUTING says how).

- ``_("…")`` translates a message into the language in use; a message with values names
  them, so a translation can reorder them: ``_("you have {got}, expected {want}").format(
  got=…, want=…)``.
- ``N_("…")`` only marks a message for extraction (data declared at import time); the
  code that shows it translates it with ``_``.

The language in use, first found of: ``use_language`` (a lesson's setup cell calls
``checks.use_language("ru")``, so a Russian lesson gets Russian feedback whatever the
system's language), ``$JAXTOUR_LANG``, the system locale (``$LANGUAGE``, ``$LC_ALL``,
``$LC_MESSAGES``, ``$LANG``), else English. An unknown language is English.
"""

from __future__ import annotations

import gettext
import os
from functools import cache
from pathlib import Path

LANGUAGES = {"en": "English", "ru": "Русский"}
DEFAULT = "en"
ENV_LANG = "JAXTOUR_LANG"
DOMAIN = "jaxtour"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
_LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # gettext's own order

_chosen: str | None = None  # set by use_language


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
    return _chosen or supported(os.environ.get(ENV_LANG)) or system_language() or DEFAULT


def use_language(code: str) -> None:
    """Speak ``code`` ('en' or 'ru') from now on in this process."""
    found = supported(code)
    if found is None:
        choices = ", ".join(f'"{c}" ({name})' for c, name in LANGUAGES.items())
        raise ValueError(f"jaxtour speaks {choices}, not {code!r}.")
    global _chosen
    _chosen = found


@cache
def _catalog(code: str) -> gettext.NullTranslations:
    if code == DEFAULT:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[code], fallback=True)


def _(message: str) -> str:
    """``message`` in the language in use (itself where no translation exists)."""
    return _catalog(language()).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` (Russian has three plural forms)."""
    return _catalog(language()).ngettext(singular, plural, count)


def N_(message: str) -> str:
    """Mark ``message`` for extraction; it is translated where it is shown."""
    return message
