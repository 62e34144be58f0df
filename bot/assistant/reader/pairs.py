"""Every record paired with every other: "160 cláusulas ... cada exemplo é um par, todas contra
todas, sem repetir" is 160 x 159 / 2 = 12.720 pairs; "every product against every other one in
both orders" is 90 x 89 = 8.010. Each pair holds two records, so its length is twice one record's.
The count and the length are said again as pairs, for the quantity reader. Works on folded text."""

import re

from bot.assistant.reader.spans import number

_ALL_PAIRS = re.compile(
    r"\b(?:tod[oa]s contra tod[oa]s|cada (?:um|uma) contra (?:cada )?(?:um|uma)?\s?(?:d[oa]s )?"
    r"outr[oa]s|comparad[oa]s? com cada (?:um|uma) d[oa]s outr[oa]s|"
    r"(?:every|each) (?:\w+ ){0,2}(?:against|vs\.?|with) every other|"
    r"all (?:possible )?pairs|pairwise|todos os pares (?:possiveis)?|"
    r"todas as combinacoes (?:de|em) (?:2|dois|duas|pares))"
)
_ORDERED = re.compile(
    r"\b(?:both orders|both directions|nas duas ordens|em ambas as ordens|nos dois sentidos|"
    r"a vs b (?:e|and) b vs a|a ordem importa|order matters)"
)
_COUNT = re.compile(
    r"\b(?P<n>\d+(?:[.,]\d{3})*) (?!palavras|words|tokens|caracteres|characters|paginas|pages)"
    r"(?P<noun>[a-z][a-z-]+)"
)
_BETWEEN = re.compile(
    r"\s+(?:entre|among|between|de|dos|das|of)\s+(?:os |as |the |nossos |nossas )?"
    r"(?P<n>\d+(?:[.,]\d{3})*) (?P<noun>[a-z][a-z-]+)"
)
_LENGTH = re.compile(
    r"(?P<n>\d+(?:[.,]\d+)?) (?P<unit>palavras|words|tokens|caracteres|characters)\b"
)


def as_pairs(folded: str) -> str:
    """`folded` with a count of records paired all against all said as the pairs it makes."""
    cue = _ALL_PAIRS.search(folded)
    counts = list(_COUNT.finditer(folded, 0, cue.start())) if cue else []
    # "todos os pares possíveis entre os 120 notebooks": the set named after the pairs
    after = _BETWEEN.match(folded, cue.end()) if cue else None
    if cue is None or not (counts or after):
        return folded
    count = after or counts[-1]
    n = number(count["n"]) or 0
    if not 2 <= n <= 5000:  # all pairs of a large set are no training plan
        return folded
    pairs = n * (n - 1) if _ORDERED.search(folded) else n * (n - 1) / 2
    length = _LENGTH.search(folded, count.end())
    # each record's length doubles ("90 descrições (~60 palavras cada)", "cada cláusula tem ~90"),
    # not one said of the pair ("texto de ~180 palavras por comparação")
    of_record = length is not None and (
        length.start() < cue.start()
        or re.search(
            rf"\b(?:cada|each) {re.escape(count['noun'][:4])}\w*[^.;!?\d]{{0,25}}$",
            folded[: length.start()],
        )
    )
    if length is not None and of_record and (size := number(length["n"])):
        doubled = f"{2 * size:g} {length['unit']}"
        folded = folded[: length.start()] + doubled + folded[length.end() :]
    return folded[: count.start("n")] + f"{pairs:.0f} pares de" + folded[count.end("n") :]
