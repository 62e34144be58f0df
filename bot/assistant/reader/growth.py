"""A count that grew by the same step each period: "em janeiro tivemos 1.000 atendimentos e o
volume cresceu certinho 200 por mês até novembro (11 meses no total)" is 1.000 + 1.200 + ... +
3.000 = 22.000; "na primeira semana 50 posts, e a cada semana 10 a mais, durante 20 semanas" is
2.900. The first count is said again as the whole series' sum, for the quantity reader. Works on
folded text."""

import re

from bot.assistant.reader.spans import number

_PERIOD = r"(?:mes|semana|dia|ano|month|week|day|year)"
_STEP = re.compile(
    r"\b(?:cresc\w*|aument\w*|sub\w*|grew|increased|went up|rose)(?: certinho| sempre| exatamente)?"
    r"(?: de| by)? (?P<d>\d+(?:[.,]\d+)*)(?!\s*%| ?mil| ?k\b) (?:[a-z]+ )?"
    rf"(?:por|a cada|ao|per|a|every) {_PERIOD}\b|"
    rf"\b(?:a cada|cada|every|each) {_PERIOD}[^.;!?\d]{{0,15}}?(?P<d2>\d+(?:[.,]\d+)*) "
    r"(?:[a-z]+ )?(?:a mais|more)\b"
)
_PERIODS = re.compile(r"\b(?P<t>\d{1,3}) (?:meses|semanas|dias|anos|months|weeks|days|years)\b")
_COUNT = re.compile(
    r"\b(?P<n>\d+(?:[.,]\d{3})*) (?!(?:palavras|words|tokens|caracteres|mensagens|messages|meses|"
    r"semanas|dias|anos|months|weeks|days|years|por|a|ao|per|mais|more)\b)(?P<noun>[a-z][a-z-]+)"
)


def series_sum(folded: str) -> str:
    """`folded` with a count that grew by a fixed step said as the sum over every period."""
    step = _STEP.search(folded)
    periods = _PERIODS.search(folded, step.end()) if step else None
    counts = list(_COUNT.finditer(folded, 0, step.start())) if step else []
    if step is None or periods is None or not counts:
        return folded
    first, d = number(counts[-1]["n"]), number(step["d"] or step["d2"])
    t = int(periods["t"])
    if not first or not d or not 2 <= t <= 120:
        return folded
    total = t * first + d * t * (t - 1) / 2
    said = f"{total:.0f} {counts[-1]['noun']}"
    rest = folded[counts[-1].end() : step.start()] + folded[step.end() : periods.start()]
    after = folded[periods.end() :]
    return folded[: counts[-1].start()] + said + rest + after
