"""Counts said the way people talk or number things, rewritten as the count they mean, on folded
text before numbers are read: "uns 40, 50 mil e-mails" (about 45 mil), "IDs de 100.001 a 148.000"
(48.000 of them, not their midpoint), "2^15 diálogos", "faltam 1.500 pra fechar 50 mil"."""

import re

from bot.assistant.reader.spans import number

# "40, 50 mil", "200, 300 palavras", "3, 5 páginas": a spoken range, the comma for "or"
_SPOKEN_RANGE = re.compile(
    r"(?<![\d.,])(?P<low>\d{1,3}), (?P<high>\d{1,3})(?= (?:mil|k)\b| [a-z]{4,})(?! (?:e|ou)\b)"
)
# "chamados com ID de 100.001 a 148.000", "da nº 2.501 até a nº 9.500": numbered, so counted
_NUMBER = r"\d{1,3}(?:\.\d{3})+|\d+"
# ("nº" folds to "no", the preposition too: said so, it must number both ends)
_NUMBERED_RUN = re.compile(
    rf"\b(?:ids?|numeracao|numeros?|#)\s*(?:de |da |do )?(?P<first>{_NUMBER})\s*"
    rf"(?:a|ao|ate|to|-)\s+(?:a |o )?(?:#\s*)?(?P<last>{_NUMBER})\b|"
    rf"\bn[o°]\.?\s*(?P<first_no>{_NUMBER})\s*(?:a|ao|ate|to|-)\s+(?:a |o )?n[o°]\.?\s*"
    rf"(?P<last_no>{_NUMBER})\b|"
    # "do LAB-000001 ao LAB-036000": one code's prefix at both ends
    rf"\b(?P<prefix>[a-z]{{2,6}})[- ]?(?P<first_code>{_NUMBER})\s*(?:a|ao|ate|to|-)\s+(?:a |o )?"
    rf"(?P=prefix)[- ]?(?P<last_code>{_NUMBER})\b|"
    # "os laudos têm ID sequencial, vão de 10.001 a 58.000": thousands written out at both ends
    r"\bids?\b[^.;!?\d]{0,30}?\bde (?P<first_said>\d{1,3}(?:\.\d{3})+) (?:a|ate|to) "
    r"(?P<last_said>\d{1,3}(?:\.\d{3})+)\b"
)
_POWER = re.compile(r"(?<![\d^])(?P<base>[2-9]|1[0-6])\s?\^\s?(?P<exp>\d{1,2})\b")
# "faltam 1.500 pra fechar 50 mil", "estamos a 3 mil de bater 100 mil": the count still short
_SHORT_OF = re.compile(
    r"\b(?:faltam|falta|estamos a|tamos a|ta a) (?P<gap>\d+(?:[.,]\d+)*)(?P<gap_mil> mil)? "
    r"(?:pra|para|de) (?:fechar|bater|chegar a|chegar nos|completar) (?:os )?"
    r"(?P<goal>\d+(?:[.,]\d+)*)(?P<goal_mil> mil)?"
)


def spoken(folded: str) -> str:
    """`folded` with each spoken range, numbered run, power and shortfall said as its count."""

    def ranged(found: re.Match[str]) -> str:
        low, high = int(found["low"]), int(found["high"])
        return f"entre {low} e {high}" if low < high <= 3 * low else found[0]

    def counted(found: re.Match[str]) -> str:
        first = found["first"] or found["first_no"] or found["first_code"] or found["first_said"]
        last = found["last"] or found["last_no"] or found["last_code"] or found["last_said"]
        first, last = number(first) or 0, number(last) or 0
        return f"{int(last - first + 1)} registros" if 1 < last - first < 10_000_000 else found[0]

    def powered(found: re.Match[str]) -> str:
        value = int(found["base"]) ** int(found["exp"])
        return str(value) if value < 10**13 else found[0]

    def short_of(found: re.Match[str]) -> str:
        gap = (number(found["gap"]) or 0) * (1000 if found["gap_mil"] else 1)
        goal = (number(found["goal"]) or 0) * (1000 if found["goal_mil"] else 1)
        return f"temos {int(goal - gap)}" if 0 < gap < goal else found[0]

    folded = _SPOKEN_RANGE.sub(ranged, folded)
    folded = _NUMBERED_RUN.sub(counted, folded)
    folded = _POWER.sub(powered, folded)
    return _SHORT_OF.sub(short_of, folded)
