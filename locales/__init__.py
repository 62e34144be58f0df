"""Client text in the client's language: gettext catalogs, one per language, read with Babel.

The source text is the Portuguese itself (the clients' language, and the tests' reference), so
Portuguese needs no catalog and a new language is a new `<lang>/LC_MESSAGES/messages.po`. The
language is chosen per message (`speaking`), and every `_()` below that call answers in it; channels
that render after the reply was built use `translate` with the reply's language.

Catalogs are kept as .po only and compiled in memory when first used: no build step, no binary
file in git. `scripts/i18n.sh` extracts the messages and updates the catalogs.
"""

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Literal

Language = Literal["pt", "en"]
LANGUAGES: tuple[Language, ...] = ("pt", "en")
SOURCE_LANGUAGE: Language = "pt"
# Babel's locale for each language: number, currency and date formats.
LOCALES: dict[Language, str] = {"pt": "pt_BR", "en": "en_US"}
DOMAIN = "messages"
LOCALE_DIR = Path(__file__).parent

_current: ContextVar[Language] = ContextVar("language", default=SOURCE_LANGUAGE)


def catalog_path(language: Language) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def translations(language: Language) -> gettext.NullTranslations:
    """The compiled catalog of `language` (no catalog for the source language: its text is the
    message itself). Fuzzy entries are left out, so an unreviewed guess never reaches a client."""
    if language == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    from babel.support import Translations

    with catalog_path(language).open("rb") as po:
        catalog = read_po(po, locale=LOCALES[language], domain=DOMAIN)
    compiled = BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


def current() -> Language:
    return _current.get()


def locale() -> str:
    """Babel's locale name for the current language."""
    return LOCALES[_current.get()]


@contextmanager
def speaking(language: Language) -> Iterator[None]:
    """Every `_()` inside the block answers in `language`."""
    token = _current.set(language)
    try:
        yield
    finally:
        _current.reset(token)


def _(message: str) -> str:
    """`message` (Portuguese source text) in the current language."""
    return translations(_current.get()).gettext(message)


def N_(message: str) -> str:
    """Marks a constant for extraction; it is translated where it is shown, with `_()`."""
    return message


def translate(message: str, language: Language) -> str:
    """`message` in `language`, for text rendered outside the reply that chose it (buttons)."""
    return translations(language).gettext(message)
