"""Counts listed by category, said again as sets added to each other: "jurídico: 4 mil; RH: 2,5
mil; TI: 2 mil" → "4 mil documentos e mais 2,5 mil e mais 2 mil"; "a de cartões tem 8 mil pares, a
de crédito 6 mil, a de seguros 3 mil" → "8 mil pares, e mais 6 mil, e mais 3 mil".

Works on folded text, before the quantity reader composes counts and lengths.
"""

import re
from functools import cache, partial

from bot.assistant.reader.quantity_arithmetic import record_nouns
from bot.assistant.reader.spans import number

_AMOUNT = r"(?:~|uns |umas |cerca de )?\d+(?:[.,]\d+)*(?: ?(?:mil|k)\b)?(?!\s*%)"
# "jurídico: 4 mil", "RH = 2.500": a category's label, then its count.
_LABELLED = rf"[a-z][a-z /&-]{{0,25}}?\s*[:=]\s*{_AMOUNT}"
# One per line, too ("Falta de energia: 48 mil\nFatura: 22 mil").
_LABELLED_RUN = re.compile(
    rf"(?:{_LABELLED}\s*(?:[;,]|\n)\s*(?:e\s+)?){{1,}}{_LABELLED}(?=\s*[.;\n]|$)"
)
# "Vendas (12 mil linhas), Suporte (8 mil linhas) e RH (2 mil linhas)": a sheet's tabs.
_PAREN = rf"[a-z][a-z /&-]{{0,25}}?\s*\(\s*{_AMOUNT} (?P<noun>[a-z-]+)\s*\)"
_PAREN_RUN = re.compile(
    rf"(?:{_PAREN.replace('?P<noun>', '')}\s*(?:,|\be\b|\band\b)\s*){{1,}}{_PAREN}"
)
# "contratos (1.800 arquivos), aditivos (600) e distratos (200)": the noun said once.
_PAREN_ONCE = re.compile(
    rf"{_PAREN}(?:\s*(?:,|\be\b|\band\b)\s*[a-z][a-z /&-]{{0,25}}?\s*\(\s*{_AMOUNT}\s*\)){{1,}}"
)
_ONE_PAREN = re.compile(rf"\(\s*(?P<amount>{_AMOUNT})(?: [a-z-]+)?\s*\)")
# "Mercado Livre, com 120 mil anúncios; Shopee, 80 mil; e Amazon, 50 mil": a list by semicolons.
# Not "12 mil, não, 14 mil tickets; em inglês, ~500 palavras cada": a correction, then a length.
_SEMI = rf"\b(?!(?:mil|k)\b)[a-z][a-z /&-]{{0,25}}?,\s*(?:com |tem |with |has )?{_AMOUNT}"
_SEMI_RUN = re.compile(
    rf"{_SEMI} (?P<noun>[a-z-]+)(?:\s*;\s*(?:e\s+|and\s+)?{_SEMI}(?: [a-z-]+)?"
    r"(?!\d|[.,]\d|[ a-z-]*\b(?:cada|each)\b)){1,}"
)
# "Portuguese has 55k, Spanish 31k, English 12k and Italian 4k": three or more by commas.
_COMMA = rf"(?:[oa]s? )?[a-z]+(?: [a-z]+)?\s(?:(?:has|have|tem|com|with) )?(?:so |only )?{_AMOUNT}"
_COMMA_RUN = re.compile(
    rf"{_COMMA}(?: (?P<noun>[a-z-]+))?(?:\s*,\s*{_COMMA}){{1,}}\s*(?:,|\be\b|\band\b)\s*{_COMMA}"
    r"(?=\s*[.;\n]|$)"
)
# "30 mil tickets de suporte, 12 mil de vendas e 4 mil de RH": the noun once, each category after.
_OF = r"(?:de|do|da|dos|das|of|from) [a-z]+(?: [a-z]+)?"
_OF_RUN = re.compile(
    rf"(?P<amount>{_AMOUNT}) (?P<noun>[a-z-]+) {_OF}(?:\s*,\s*{_AMOUNT} {_OF})*"
    rf"\s*(?:,|\be\b|\band\b)\s*{_AMOUNT} {_OF}\b"
)
_ONE_OF = re.compile(rf"(?P<amount>{_AMOUNT}) (?:[a-z-]+ )?{_OF}")
_ONE_COMMA = re.compile(rf"\s(?:(?:has|have|tem|com|with) )?(?:so |only )?(?P<amount>{_AMOUNT})")
# "limitar em no máximo 10 mil por categoria", "cap each language at 20k examples": each listed
# category gives at most that many.
_CAP = re.compile(
    r"\b(?:no maximo|limit\w*(?: (?:em|a))?(?: no maximo)?|teto de|at most|maximo de|max\.?)\s+"
    rf"(?P<amount>{_AMOUNT})(?: [a-z]+)?\s+(?:por|per|each|cada|em cada)\s+"
    r"(?:categoria|classe|class|lingua|idioma|language|tipo|type|category|fonte|source|assunto|"
    r"topic|rotulo|label)s?\b|"
    rf"\bcap\w* (?:each|every|per) [a-z]+ (?:at|to) (?P<amount_after>{_AMOUNT})(?: [a-z]+)?"
)
_ONE_SEMI = re.compile(rf",\s*(?:com |tem |with |has )?(?P<amount>{_AMOUNT})")
_ONE_LABELLED = re.compile(rf"[:=]\s*(?P<amount>{_AMOUNT})")
# ", a de crédito 6 mil": a category named after a first count of records.
_NAMED_AFTER = re.compile(
    r"(?P<join>\s*[,;]\s*(?:e\s+)?|\s+e\s+)(?:a|o|as|os) (?:de|do|da|dos|das) [a-z]+"
    r"(?: [a-z]+)?\s+"
    rf"(?:com |tem )?(?P<amount>{_AMOUNT})(?=\s*[,;.]|\s+e\b|$)"
)
# "2024 teve 41 mil, 2025 teve 58 mil e 2026 até agora 36 mil", "41 mil em 2024, 58 mil em
# 2025": counts by year, the years no counts.
_IN_YEAR = r"(?:19|20)\d\d\b"
_BY_YEAR = (
    rf"(?:(?:em |in )?{_IN_YEAR}\s*(?:teve|tem|foram|deu|had|:|=|-|com)?\s*"
    rf"(?:ate agora |ate hoje |so far )?{_AMOUNT}|{_AMOUNT}(?: [a-z-]+)? (?:em|in) {_IN_YEAR})"
)
_BY_YEAR_RUN = re.compile(rf"{_BY_YEAR}(?:\s*(?:,|;|\be\b|\band\b)\s*{_BY_YEAR}){{1,}}")
_ONE_BY_YEAR = re.compile(rf"(?<![\d.,])(?!{_IN_YEAR})(?P<amount>{_AMOUNT})")
_RECORDS_BEFORE = 60
_FILES = frozenset({"arquivos", "files", "pdfs"})  # "contratos (1.800 arquivos)": one file each
_SETTING = re.compile(
    r"\b(?:rank|alpha|batch|lr|learning|epoc\w*|epochs?|seq\w*|max\w*|context\w*|janela|steps?|"
    r"warmup|gpus?|vram|memoria|memory|orcamento|budget|prazo|deadline|anos?|years?|r\$|us\$|"
    # a unit as the label ("exemplos: 5000; tokens: 800"): one dataset's figures, read as such
    r"tokens?|palavras|words|paginas|pages|caracteres|chars|exemplos|examples|linhas|rows|"
    r"registros|records|media|mean|avg|total)\b"
)


def _small(amount: str) -> bool:
    """Under 50: a setting or a handful, not a category's count of records."""
    digits = re.search(r"\d+(?:[.,]\d+)*", amount)
    scaled = bool(re.search(r"mil|k", amount))
    return digits is not None and not scaled and (number(digits[0]) or 0.0) < 50


@cache
def _records() -> re.Pattern[str]:
    nouns = sorted(record_nouns(), key=len, reverse=True)
    return re.compile(rf"\b(?P<noun>{'|'.join(map(re.escape, nouns))})\b")


# A tool's status line, cells split by pipes ("Tarefas 30.000 | Concluídas 21.400 | Puladas
# 1.600"): each cell read as "label: count".
_PIPED_CELLS = re.compile(
    r"(?m)^(?=[^\n]*\|[^\n]*\|)(?:[^\n|]*?)[a-z][a-z ]{1,25}\s+\d[\d.,]*"
    r"(?:\s*\|\s*[a-z][a-z ]{1,25}\s+\d[\d.,]*){2,}"
)


def _piped(found: re.Match[str]) -> str:
    return re.sub(r"([a-z])\s+(?=\d)", r"\1: ", found[0]).replace("|", ";")


# A panel's counts by status ("Todos (2.404) | Publicados (2.340) | Rascunhos (64)") of which the
# client keeps one ("só os publicados entram"): that one's count alone.
_ITEM = rf"[a-z][a-z ]{{0,20}}?\s*(?:\(\s*{_AMOUNT}\s*\)|:\s*{_AMOUNT})"
_ITEM_RUN = re.compile(rf"{_ITEM}(?:\s*[|;,]\s*{_ITEM}){{2,}}")
_ONE_ITEM = re.compile(rf"(?P<label>[a-z][a-z ]{{0,20}}?)\s*(?:\(\s*|:\s*)(?P<amount>{_AMOUNT})")
_ONLY = re.compile(r"\b(?:so|apenas|somente|only)\s+(?:os |as |the )?(?P<label>[a-z]{4,})")


def _kept_item(folded: str) -> str:
    only = _ONLY.search(folded)
    run = _ITEM_RUN.search(folded) if only else None
    if only is None or run is None:
        return folded
    for item in _ONE_ITEM.finditer(run[0]):
        if item["label"].split()[-1][:5] == only["label"][:5]:
            kept = f"{item['amount']} registros"
            return folded[: run.start()] + kept + folded[run.end() :]
    return folded


def listed(folded: str) -> str:
    """`folded` with each list of counts by category said as one set added to the next, each
    category at most the cap the client sets; of a panel's counts, the one the client keeps."""
    folded = _kept_item(folded)
    said = _CAP.search(folded)
    cap = _value(said["amount"] or said["amount_after"]) if said else None
    folded = _PIPED_CELLS.sub(_piped, folded)
    listing = _LABELLED_RUN.sub(partial(_labelled, cap=cap), folded)
    listing = _BY_YEAR_RUN.sub(partial(_labelled, cap=cap, one=_ONE_BY_YEAR), listing)
    for run, one in (
        (_PAREN_RUN, _ONE_PAREN),
        (_PAREN_ONCE, _ONE_PAREN),
        (_SEMI_RUN, _ONE_SEMI),
        (_OF_RUN, _ONE_OF),
    ):
        listing = run.sub(partial(_listed, one=one, cap=cap), listing)
    listing = _COMMA_RUN.sub(
        partial(_listed, one=_ONE_COMMA, cap=cap, default="registros"), listing
    )
    if said and listing != folded:  # the cap is no count of its own
        listing = listing.replace(said[0], " ")
    return _named_after(listing)


def _value(amount: str) -> float:
    digits = re.search(r"\d+(?:[.,]\d+)*", amount)
    scale = 1000.0 if re.search(r"mil|k", amount) else 1.0
    return (number(digits[0]) or 0.0) * scale if digits else 0.0


def _capped(amounts: list[str], cap: float | None) -> list[str]:
    if cap is None:
        return amounts
    return [f"{min(_value(amount), cap):.0f}" for amount in amounts]


# A contact center's or a labelling tool's report: "Oferecidas: 84.500 | Atendidas: 71.200 |
# Abandonadas: 13.300". Only what was answered (or done) holds a conversation to train on.
_DONE = re.compile(r"\b(?:atendidas|answered|acd calls|handled|concluidas|completed|done)\s*[:=]")
_NOT_DONE = re.compile(
    r"\b(?:oferecidas|offered|abandon\w*|perdidas|lost|puladas|skipped|pendentes|pending)\s*[:=]"
)


def _labelled(run: re.Match[str], cap: float | None, one: re.Pattern[str] = _ONE_LABELLED) -> str:
    if (done := _DONE.search(run[0])) and _NOT_DONE.search(run[0]):
        amount = one.match(run[0], done.end() - 1)
        if amount:
            return f"{amount['amount']} {done[0].rstrip(':= ')}"
    amounts = [item["amount"] for item in one.finditer(run[0])]
    # "rank: 64, alpha: 128", "batch: 16, épocas: 3": settings, never counts of data
    if _SETTING.search(run[0]) or any(_small(amount) for amount in amounts):
        return run[0]
    before = run.string[max(0, run.start() - _RECORDS_BEFORE) : run.start()]
    nouns = list(_records().finditer(before))
    noun = nouns[-1]["noun"] if nouns else "registros"
    return _said(_capped(amounts, cap), noun)


def _listed(run: re.Match[str], one: re.Pattern[str], cap: float | None, default: str = "") -> str:
    amounts = [item["amount"] for item in one.finditer(run[0])]
    noun = run["noun"] or default
    counted = _records().fullmatch(noun) or noun in _FILES
    if any(_small(amount) for amount in amounts) or not counted:
        return run[0]
    return _said(_capped(amounts, cap), noun)


def _said(amounts: list[str], noun: str) -> str:
    return f"{amounts[0]} {noun} " + " ".join(f"e mais {amount}" for amount in amounts[1:])


def _named_after(folded: str) -> str:
    """ "a de cartões tem 8 mil pares, a de crédito 6 mil": each later category is more records
    of the first one's kind, where a count of records comes just before."""
    out: list[str] = []
    last = 0
    for item in _NAMED_AFTER.finditer(folded):
        before = folded[max(0, item.start() - _RECORDS_BEFORE) : item.start()]
        if not re.search(rf"\d(?: ?(?:mil|k))? (?:[a-z]+ )?{_records().pattern}", before):
            continue
        out.append(f"{folded[last : item.start()]}, e mais {item['amount']}")
        last = item.end()
    return "".join(out) + folded[last:]
