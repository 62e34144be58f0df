"""Paper counted in bulk: reams ("12 resmas de processos" = 6.000 folhas, a ream being 500
sheets) and a total of pages split into the documents they hold ("cada processo ocupa umas 40
folhas": 6.000 ÷ 40 = 150 processos, each an example 40 pages long)."""

import re

from bot.assistant.reader.measured import SizeFields
from bot.assistant.reader.quantity_arithmetic import (
    TIMES,
    Mention,
    said_amount,
    said_result,
    to_tokens,
)
from bot.assistant.reader.spans import amount
from locales import _

SHEETS_PER_REAM = 500  # the paper trade's ream (ABNT and ISO 216 packs: 500 folhas)
_REAMS = re.compile(
    r"(?<![\d.,])(?P<number>\d+(?:,\d+)?)\s+(?:resmas?|reams?)(?P<half>\s+(?:e meia|and a half))?"
)
# "cada processo ocupa umas 40 folhas", "each contract has 5 pages"
_PAGES_EACH = re.compile(
    r"\b(?:cada|each) (?P<noun>[a-z]+) (?:ocupa|tem|com|has|takes|is|e de|de)\s+"
    r"(?:umas? |uns |cerca de |about |around |~)?(?P<pages>\d{1,4}) "
    r"(?:folhas|paginas|pages|sheets|laudas)"
)


# "questionnaires, one single-sided sheet each"
_ONE_SHEET_EACH = re.compile(
    r"\b(?:one|uma|1) (?:single[- ]sided |double[- ]sided |so )?(?:sheet|page|folha|pagina) "
    r"(?:each|cada)\b|"
    # "uma ficha por folha"
    r"\b(?:um|uma|one|1) [a-z]+ (?:por|per) (?:folha|pagina|sheet|page)\b"
)
# "cada ficha é curtinha, meia página": the document fills half of its sheet
_HALF_PAGE = re.compile(r"\b(?:meia pagina|half a page|0[.,]5 pagina)\b")
_BOTH_SIDES = re.compile(r"\b(?:frente e verso|double[- ]sided|both sides)\b")


def _sheets(found: re.Match[str]) -> str:
    reams = amount(found["number"], None) + (0.5 if found["half"] else 0.0)
    return f"{reams * SHEETS_PER_REAM:g} folhas"


def in_sheets(folded: str) -> str:
    """ "7 resmas e meia" as "3750 folhas": the reader counts pages."""
    return _REAMS.sub(_sheets, folded)


def documents_of_pages(size: SizeFields, text: str, pages: Mention | None) -> None:
    """A total said in pages, with the pages each document takes: the documents are the
    examples, in place."""
    said = _PAGES_EACH.search(text) or _ONE_SHEET_EACH.search(text)
    if said is None or pages is None or size.examples or not size.dataset_tokens:
        return
    each = float(said.groupdict().get("pages") or 1)
    if _BOTH_SIDES.search(text):  # the total was counted on both sides of each sheet already
        each *= 2
    if not 1 <= each < pages.value:
        return
    filled = 0.5 * each if _HALF_PAGE.search(text) else each
    tokens, steps = to_tokens([Mention(filled, "page", "paginas", said.start(), said.end())])
    size.examples = pages.value / each
    size.tokens_per_example = round(tokens, 1)
    size.dataset_tokens = None
    split = _("{pages} páginas ÷ {each} por documento = {count} documentos").format(
        pages=said_amount(pages.value), each=said_amount(each), count=said_amount(size.examples)
    )
    size.arithmetic = f"{split} {TIMES} {said_result(tokens, steps, 'each')}"
