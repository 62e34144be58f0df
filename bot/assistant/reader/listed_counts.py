"""Counts listed by category, said again as sets added to each other: "jurídico: 4 mil; RH: 2,5
mil; TI: 2 mil" → "4 mil documentos e mais 2,5 mil e mais 2 mil"; "a de cartões tem 8 mil pares, a
de crédito 6 mil, a de seguros 3 mil" → "8 mil pares, e mais 6 mil, e mais 3 mil".

Works on folded text, before the quantity reader composes counts and lengths.
"""

import re
from functools import cache

from bot.assistant.reader.quantity_arithmetic import load_quantities
from bot.assistant.reader.spans import number

_AMOUNT = r"(?:~|uns |umas |cerca de )?\d+(?:[.,]\d+)*(?: ?(?:mil|k)\b)?(?!\s*%)"
# "jurídico: 4 mil", "RH = 2.500": a category's label, then its count.
_LABELLED = rf"[a-z][a-z /&-]{{0,25}}?\s*[:=]\s*{_AMOUNT}"
_LABELLED_RUN = re.compile(rf"(?:{_LABELLED}\s*[;,]\s*(?:e\s+)?){{1,}}{_LABELLED}(?=\s*[.;\n]|$)")
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
_SEMI = rf"[a-z][a-z /&-]{{0,25}}?,\s*(?:com |tem |with |has )?{_AMOUNT}"
_SEMI_RUN = re.compile(
    rf"{_SEMI} (?P<noun>[a-z-]+)(?:\s*;\s*(?:e\s+|and\s+)?{_SEMI}(?: [a-z-]+)?){{1,}}"
)
_ONE_SEMI = re.compile(rf",\s*(?:com |tem |with |has )?(?P<amount>{_AMOUNT})")
_ONE_LABELLED = re.compile(rf"[:=]\s*(?P<amount>{_AMOUNT})")
# ", a de crédito 6 mil": a category named after a first count of records.
_NAMED_AFTER = re.compile(
    rf"(?P<join>\s*[,;]\s*(?:e\s+)?)(?:a|o|as|os) (?:de|do|da|dos|das) [a-z]+(?: [a-z]+)?\s+"
    rf"(?P<amount>{_AMOUNT})(?=\s*[,;.]|\s+e\b|$)"
)
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
    nouns = sorted(load_quantities().units["record"].split(), key=len, reverse=True)
    return re.compile(rf"\b(?P<noun>{'|'.join(map(re.escape, nouns))})\b")


def listed(folded: str) -> str:
    """`folded` with each list of counts by category said as one set added to the next."""
    folded = _LABELLED_RUN.sub(_labelled, folded)
    for run in (_PAREN_RUN, _PAREN_ONCE):
        folded = run.sub(lambda found: _listed(found, _ONE_PAREN), folded)
    folded = _SEMI_RUN.sub(lambda run: _listed(run, _ONE_SEMI), folded)
    return _named_after(folded)


def _labelled(run: re.Match[str]) -> str:
    amounts = [item["amount"] for item in _ONE_LABELLED.finditer(run[0])]
    # "rank: 64, alpha: 128", "batch: 16, épocas: 3": settings, never counts of data
    if _SETTING.search(run[0]) or any(_small(amount) for amount in amounts):
        return run[0]
    before = run.string[max(0, run.start() - _RECORDS_BEFORE) : run.start()]
    nouns = list(_records().finditer(before))
    noun = nouns[-1]["noun"] if nouns else "registros"
    return f"{amounts[0]} {noun} " + " ".join(f"e mais {amount}" for amount in amounts[1:])


def _listed(run: re.Match[str], one: re.Pattern[str]) -> str:
    amounts = [item["amount"] for item in one.finditer(run[0])]
    counted = _records().fullmatch(run["noun"]) or run["noun"] in _FILES
    if any(_small(amount) for amount in amounts) or not counted:
        return run[0]
    return f"{amounts[0]} {run['noun']} " + " ".join(f"e mais {amount}" for amount in amounts[1:])


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
