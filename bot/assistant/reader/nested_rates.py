"""Lengths said as a chain of rates, each unit inside the one before: "~6 balões por página e ~11
palavras por balão" is 66 palavras por página; "estrofes de 6 versos, uns 7 palavras por verso"
is estrofes de 42 palavras; "3 colunas, ~70 linhas por coluna, ~8 palavras por linha" is 3
colunas de 560 palavras. Each link is folded into the one before it, so the quantity reader sees
one length per unit it knows. A part said as a count of pieces beside another part ("26
versículos de ~25 palavras + comentário de ~350") is folded into its length the same way, and a
total said as its equivalent in another collection ("o equivalente a 40 livros de 300 páginas") is
that collection's total. Works on folded text."""

import re

from bot.assistant.reader.quantity_arithmetic import record_nouns
from bot.assistant.reader.spans import number

_NUMBER = r"(?:~|uns |umas |cerca de |about )?(?P<{}>\d+(?:[.,]\d+)?)"
_PERIODS = r"(?:mes|meses|semanas?|dias?|anos?|horas?|minutos?|months?|weeks?|days?|years?|hours?)"
_LENGTH = r"palavras|words|linhas|lines|caracteres|characters|tokens"
# "~6 balões por página e ~11 palavras por balão": pieces of a unit, then each piece's length
_RATE_CHAIN = re.compile(
    rf"{_NUMBER.format('a')} (?P<pieces>[a-z]+) (?:por|per|/|em cada|in each) (?P<unit>[a-z]+)"
    rf"(?P<gap>[^.;!?\d]{{0,12}}?){_NUMBER.format('b')} (?P<length>{_LENGTH}) "
    r"(?:por|per|/|em cada|in each|cada|each) (?P<piece>[a-z]+)"
)
# "estrofes de 6 versos (sextilha), uns 7 palavras por verso": pieces of a part, then their length
_OF_CHAIN = re.compile(
    rf"\b(?P<of>de|of|com|with) {_NUMBER.format('a')} (?P<pieces>[a-z]+)(?: \([^)]{{0,30}}\))?"
    rf"(?P<gap>[^.;!?\d]{{0,12}}?){_NUMBER.format('b')} (?P<length>{_LENGTH}) "
    r"(?:por|per|/|cada|each) (?P<piece>[a-z]+)"
)

# A few pieces of one example, not a count of records (fewer still when named as records).
_FEW = 40
_FEW_RECORDS = 10
# "40 campos (resposta curtinha, umas 3 palavras por campo)": the pieces' length in parentheses
_PAREN_CHAIN = re.compile(
    rf"{_NUMBER.format('a')} (?P<pieces>[a-z]+) \([^)\d]{{0,30}}?{_NUMBER.format('b')} "
    rf"(?P<length>{_LENGTH}) (?:(?:por|per|cada|each|em cada) (?P<piece>[a-z]+)|cada|each)\)|"
    # "4 campos de texto livre (histórico, exame, conduta) de ~25 palavras cada": named, then long
    rf"(?<![\d.,]){_NUMBER.format('a2')} (?P<pieces2>[a-z]+)[^.;!?\d()]{{0,20}}"
    rf"\([^)\d]{{3,80}}\)\s*(?:de|com|of|with) {_NUMBER.format('b2')} (?P<length2>{_LENGTH}) "
    r"(?:cada|each)\b"
)
# "em média 2,5 itens e o título de cada item tem ~16 palavras": pieces, then each one's field
_EACH_FIELD = re.compile(
    r"(?<![\d.,])(?P<a>\d{1,3}(?:[.,]\d)?) (?P<pieces>[a-z]+),? (?:e|and) (?:o|a|the) [a-z]+"
    r"(?: [a-z]+){0,2} (?:de|of) (?:cada|each) (?P<piece>[a-z]+) (?:tem|com|de|has|is) "
    rf"(?:~|uns |umas |cerca de |about )?(?P<b>\d+(?:[.,]\d+)?) (?P<length>{_LENGTH})\b"
)
# "uma tabela de 12 linhas x 4 colunas, umas 2 palavras por célula": its cells times their length
_TABLE_CELLS = re.compile(
    r"\b(?P<rows>\d{1,3}) ?(?:linhas|rows) ?(?:x|por|by|e|and) ?(?P<columns>\d{1,2}) ?"
    rf"(?:colunas|columns)[^.;!?\d]{{0,25}}?{_NUMBER.format('b')} (?P<length>{_LENGTH}) "
    r"(?:por|per|em cada|cada|each|in each) (?:celula|cell)\b"
)
# "~2 balões por quadro de ~12 palavras": pieces of a unit, each piece's length after it
_RATE_OF = re.compile(
    rf"{_NUMBER.format('a')} (?P<pieces>[a-z]+) (?:por|per|/|em cada|in each) "
    # not "15 contratos por mês de ~3.000 palavras": a rate in time, each contract that long
    rf"(?!{_PERIODS}\b)(?P<unit>[a-z]+) (?:de|of|com|with) {_NUMBER.format('b')} "
    rf"(?P<length>{_LENGTH})\b"
)


def _same_noun(one: str, other: str) -> bool:
    """ "balões" and "balão", "versos" and "verso", "lines" and "line": one noun."""
    return one[:3] == other[:3]


# Messages in a chat have a reader of their own, which shows their arithmetic.
_TURNS = re.compile(r"mensage|msg|messag|turno|turn|fala")


def _examples_of(pieces: str) -> re.Pattern[str]:
    """ "e cada capítulo vai ser um exemplo": the pieces are the examples, not a length."""
    return re.compile(rf"\b{re.escape(pieces[:3])}\w*\b[^.;!?]{{0,25}}\b(?:exemplo|example)")


def _folded(found: re.Match[str]) -> str:
    """The two links of `found` as one length: "66 palavras por página", "de 42 palavras"."""
    said = {k: v for k, v in found.groupdict().items() if v is not None}
    a, b = number(said.get("a") or said["a2"]), number(said.get("b") or said["b2"])
    pieces = said.get("pieces") or said["pieces2"]
    piece = said.get("piece") or pieces
    length = said.get("length") or said["length2"]
    if not a or not b or not _same_noun(pieces, piece) or _TURNS.match(pieces):
        return found[0]
    if found.re is _PAREN_CHAIN and a > _FEW:  # "200 laudos (~300 palavras cada)": records
        return found[0]
    if _examples_of(pieces).search(found.string):
        return found[0]
    if "unit" in found.re.groupindex:
        return f"{a * b:g} {length} por {found['unit']}"
    if "of" not in found.re.groupindex:
        return f"{a * b:g} {length}"
    return f"{found['of']} {a * b:g} {length}"


# "26 versículos de ~25 palavras + comentário de ~350", "abertura (~200 palavras) + ~14 atos, de
# ~120 palavras cada", "+ a correção (5 comentários de ~40 palavras)": a few pieces, each of a
# length, that are one part of an example beside another part.
_PIECES = (
    # not "16 mil user stories de ~80 palavras + ...": a count of examples
    # "3,5 apontamentos dos técnicos, ~40 palavras cada apontamento": a mean count of pieces
    r"(?<![\d.,])(?P<n>(?:[2-9]|[1-9]\d|1\d\d)(?:[.,]\d)?) (?!(?:mil|k|milh\w*|bilh\w*)\b)"
    rf"(?!{_LENGTH}\b)(?P<pieces>[a-z]+)[^.;!?\d+(),]{{0,40}}?"
    rf"(?:(?:,[^.;!?\d+(),]{{0,30}}?)?\s(?:de|com|of|with) |,\s*){_NUMBER.format('b')} "
    rf"(?P<length>{_LENGTH})"
    r"(?: cada| each)?(?: [a-z]+(?= *[.;!?\n]))?"
)
_PLUS_BEFORE = re.compile(
    r"(?:\+|(?<=\)) (?:e|and))"
    r"\s*(?:[a-z]+\s+){0,5}?\(?\s*(?:~|uns |umas |cerca de |about )?" + _PIECES
)
_PLUS_AFTER = re.compile(r"\b" + _PIECES + r"(?=\s*\)?\s*\+)")


def _pieces_folded(found: re.Match[str]) -> str:
    n, b = number(found["n"]), number(found["b"])
    if not n or not b or _TURNS.match(found["pieces"]):
        return found[0]
    # "150 contratos de ~2.000 palavras + 40 laudos de ~500": two sets of records, not pieces
    records = found["pieces"] in record_nouns()
    if n > _FEW or (records and n >= _FEW_RECORDS):
        return found[0]
    before = found.string[found.start() : found.start("n")]
    # "... de ~100 palavras e os 15 incisos, cada um com ~40": one part added to the other
    before = " + " if re.match(r"\s*(?:e|and)\b", before) else before
    return before + f"{n * b:g} {found['length']}"


# "em volume dá o equivalente a uns 40 livros de 300 páginas": a total said in another collection
_EQUIVALENT = re.compile(
    r"\b(?:equivalente?|equivalem|equivalent to|the same as) (?:a |to )?"
    r"(?:uns |umas |cerca de |~|about )?(?P<n>\d+(?:[.,]\d+)?) (?P<what>[a-z]+) "
    r"(?:de|of|com|with) (?:uns |umas |~|about )?"
    rf"(?P<m>\d+(?:[.,]\d+)*) (?P<length>paginas|pages|{_LENGTH})\b"
)


# "o limite do campo é 2.000 caracteres, mas em média elas usam uns 40% disso": that share of it
_SHARE_OF_LENGTH = re.compile(
    rf"(?P<n>\d+(?:[.,]\d+)*) (?P<length>{_LENGTH})\b[^.;!?\d]{{0,40}}?\b(?:usam|ocupam|preenchem|"
    r"use|fill|take up)\s+(?:uns |umas |~|about )?(?P<p>\d{1,2})\s*% (?:disso|dele|do limite|"
    r"do maximo|of that|of it|of the limit)"
)


def _share_of(found: re.Match[str]) -> str:
    n, p = number(found["n"]), number(found["p"])
    return f"em media {n * p / 100:g} {found['length']}" if n and p else found[0]


def _in_all(found: re.Match[str]) -> str:
    n, m = number(found["n"]), number(found["m"])
    return f"{n * m:g} {found['length']} no total" if n and m else found[0]


def chained_rates(folded: str) -> str:
    """`folded` with each chain of rates folded into one length per outer unit, and each part
    said as a count of pieces folded into its length."""
    for _ in range(3):  # a chain of three links folds in two steps
        folded = _OF_CHAIN.sub(_folded, _RATE_CHAIN.sub(_folded, _RATE_OF.sub(_folded, folded)))
        folded = _EACH_FIELD.sub(_folded, _PAREN_CHAIN.sub(_folded, folded))
    folded = _TABLE_CELLS.sub(
        lambda m: f"{int(m['rows']) * int(m['columns']) * (number(m['b']) or 0):g} {m['length']}",
        folded,
    )
    folded = _SHARE_OF_LENGTH.sub(_share_of, _EQUIVALENT.sub(_in_all, folded))
    folded = _PLUS_AFTER.sub(_pieces_folded, _PLUS_BEFORE.sub(_pieces_folded, folded))
    return folded
