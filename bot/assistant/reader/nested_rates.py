"""Lengths said as a chain of rates, each unit inside the one before: "~6 balões por página e ~11
palavras por balão" is 66 palavras por página; "estrofes de 6 versos, uns 7 palavras por verso"
is estrofes de 42 palavras; "3 colunas, ~70 linhas por coluna, ~8 palavras por linha" is 3
colunas de 560 palavras. Each link is folded into the one before it, so the quantity reader sees
one length per unit it knows. Works on folded text."""

import re

from bot.assistant.reader.spans import number

_NUMBER = r"(?:~|uns |umas |cerca de |about )?(?P<{}>\d+(?:[.,]\d+)?)"
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
    a, b = number(found["a"]), number(found["b"])
    pieces = found["pieces"]
    if not a or not b or not _same_noun(pieces, found["piece"]) or _TURNS.match(pieces):
        return found[0]
    if _examples_of(pieces).search(found.string):
        return found[0]
    if "unit" in found.re.groupindex:
        return f"{a * b:g} {found['length']} por {found['unit']}"
    return f"{found['of']} {a * b:g} {found['length']}"


def chained_rates(folded: str) -> str:
    """`folded` with each chain of rates folded into one length per outer unit."""
    for _ in range(3):  # a chain of three links folds in two steps
        folded = _OF_CHAIN.sub(_folded, _RATE_CHAIN.sub(_folded, folded))
    return folded
