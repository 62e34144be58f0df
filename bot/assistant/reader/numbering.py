"""Counts said by numbering the things counted: "volumes I a XXIV" are 24 volumes, "os tomos III
ao IX" are 7, "do caderno 3 ao 12" are 10. Works on folded text, before "3 a 12" is read as a
range of about 7.5."""

import re

_ROMAN = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100}
_NOUNS = (
    r"volumes?|tomos?|livros?|cadernos?|edicoes|edicao|partes?|capitulos?|fasciculos?|modulos?|"
    r"apostilas?|books?|chapters?|parts?|issues?|incisos?|artigos?|clausulas?|anexos?|secoes|"
    r"secao|articles?|clauses?|sections?|annex(?:es)?"
)
_NUMBERED = re.compile(
    rf"\b(?P<noun>{_NOUNS})\s+(?P<first>[ivxlc]+|\d{{1,3}})\s+(?:a|ao|ate o|ate|to|through|-)\s+"
    r"(?:o |a )?(?P<last>[ivxlc]+|\d{1,3})\b(?![.,]\d|\s*(?:mil|k)\b)"
)


def _number(said: str) -> int:
    if said.isdigit():
        return int(said)
    values = [_ROMAN[letter] for letter in said]
    return sum(-v if v < after else v for v, after in zip(values, [*values[1:], 0], strict=True))


def numbered(folded: str) -> str:
    """`folded` with each numbered run of things said as their count."""

    def counted(found: re.Match[str]) -> str:
        first, last = _number(found["first"]), _number(found["last"])
        if not 0 < first < last:
            return found[0]
        noun = found["noun"]
        plural = noun if noun.endswith("s") else "edicoes" if noun == "edicao" else f"{noun}s"
        return f"{last - first + 1} {plural}"

    return _NUMBERED.sub(counted, folded)
