"""Every client message exists in every language, reads as that language, and carries nothing meant
for an operator: the catalogs are checked against the messages the code and the data hold today."""

import re
import string
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from bot.assistant.language import language_of
from locales import LANGUAGES, SOURCE_LANGUAGE, catalog_path, speaking, translate

ROOT = Path(__file__).resolve().parents[1]

# What must never reach a client in any language: file names, settings, CLI flags, placeholders of
# a company not yet configured, notes for the operator about prices and rates.
OPERATOR_TEXT = re.compile(
    r"\.(?:toml|py|json|csv|npz|po)\b|INFRABOT_|(?<![\w-])--[a-z]|provis[óo]ri|provisional"
    r"|00\.000\.000|(?-i:\bTODO\b|\bFIXME\b|\bXXX\b)|lorem|EMAIL@ADDRESS|confirme o valor atual"
    r"|Banco Central não respondeu|Sem PTAX guardada|`infrabot\b",
    re.IGNORECASE,
)
# Shorter messages ("{days} dias", "LoRA") say too little for a language detector.
DETECTABLE_WORDS = 8


@cache
def extracted() -> dict[str, list[str]]:
    """Every message the code (_() and N_()) and the data files hold, with where."""
    with (ROOT / "locales" / "babel.cfg").open(encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found: dict[str, list[str]] = {}
    for filename, _line, message, _comments, _context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords={"_": None, "N_": None}
    ):
        found.setdefault(message, []).append(filename)
    return found


@cache
def catalog(language: str) -> Catalog:
    with catalog_path(language).open("rb") as po:  # type: ignore[arg-type]
        return read_po(po)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


OTHER_LANGUAGES = [language for language in LANGUAGES if language != SOURCE_LANGUAGE]


def test_the_code_has_client_messages_to_translate() -> None:
    assert len(extracted()) > 300


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_every_client_message_is_translated(language: str) -> None:
    missing = []
    for message, files in extracted().items():
        entry = catalog(language).get(message)
        if entry is None or entry.fuzzy or not entry.string:
            missing.append(f"{files[0]}: {message[:60]!r}")
    assert missing == [], "run scripts/i18n.sh and translate these"


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_the_catalog_holds_no_message_the_code_dropped(language: str) -> None:
    stale = [entry.id for entry in catalog(language) if entry.id and entry.id not in extracted()]
    assert stale == []


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_a_translation_fills_the_same_blanks(language: str) -> None:
    """A placeholder lost or renamed in translation would crash the reply (or show braces)."""
    wrong = []
    for entry in catalog(language):
        if not entry.id:
            continue
        if entry.string and _fields(entry.string) != _fields(entry.id):
            wrong.append(entry.id[:60])
    assert wrong == []


# Engine messages the terminal shows as they are and the chat through `without_flags` (the CLI's
# flags are a terminal's words): checked as the chat shows them.
THROUGH_WITHOUT_FLAGS = {"quoting/jobspec.py"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_operator_note_file_name_or_placeholder_reaches_a_client(language: str) -> None:
    from bot.assistant.composer import without_flags

    leaks = []
    for message, files in extracted().items():
        shown = message if language == SOURCE_LANGUAGE else translate(message, language)
        if set(files) <= THROUGH_WITHOUT_FLAGS:
            shown = without_flags(shown)
        if OPERATOR_TEXT.search(shown):
            leaks.append(shown[:80])
    assert leaks == []


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_a_translation_reads_as_its_language(language: str) -> None:
    unread = []
    for entry in catalog(language):
        if not entry.id:
            continue
        # Placeholders, table headers and names in brackets ("AWS Serviços Brasil") are not the
        # translation's own words.
        prose = re.sub(r"\{\w+\}|^\|.*\|$|\([^)]*\)", "", entry.string, flags=re.MULTILINE)
        if len(prose.split()) >= DETECTABLE_WORDS and language_of(prose) != language:
            unread.append(entry.string[:80])
    assert unread == []


def test_a_reply_built_in_a_language_uses_its_catalog() -> None:
    from quoting.units import format_duration

    assert format_duration(240) == "10 dias"
    with speaking("en"):
        assert format_duration(240) == translate("{days} dias", "en").format(days="10")
        assert format_duration(240) != "10 dias"
