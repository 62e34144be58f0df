"""How often records are made, said as an adjective: "um relatório quinzenal", "uma revista
bimestral", "one weekly report". Each is written as one record every few days or months ("1
relatório a cada 15 dias"), which the history reader counts over the period the message gives."""

import re

from bot.assistant.reader.rates import unit_days

_EVERY = {
    "diario": "1 dia", "diaria": "1 dia", "daily": "1 dia", "semanal": "7 dias", "weekly": "7 dias",
    "quinzenal": "15 dias", "biweekly": "14 dias", "fortnightly": "14 dias", "mensal": "1 mes",
    "monthly": "1 mes", "bimestral": "2 meses", "bimonthly": "2 meses", "trimestral": "3 meses",
    "quarterly": "3 meses", "semestral": "6 meses", "anual": "12 meses", "yearly": "12 meses",
    "annual": "12 meses",
}  # fmt: skip
_ADJECTIVES = "|".join(_EVERY)
# "um relatório quinzenal", "uma revista bimestral de 12 artigos", "one weekly newsletter"
# Only what the client makes or gets ("manda um relatório quinzenal"), not what they are ("sou
# editor de uma revista semanal").
_MADE = (
    r"\b(?P<verb>(?:mand|envi|public|fa[cz]|fiz|ger|emit|solt|lanc|produz|receb|entr|sai|escrev|"
    r"send|sent|publish|put out|releas|produc|mak|receiv|get|writ)\w*)\s+"
)
_AFTER_NOUN = re.compile(rf"{_MADE}(?:um|uma|1) (?P<noun>[a-z-]{{3,}}) (?P<often>{_ADJECTIVES})\b")
_BEFORE_NOUN = re.compile(
    rf"{_MADE}(?:one|an?|1) (?P<often>{_ADJECTIVES}) (?P<noun>[a-z-]{{3,}})\b"
)


# "3 anos de atas semanais", "18 meses de relatórios diários": a stretch of history of records
# made that often, counted as the records it holds.
_DAYS_BETWEEN = {"diarios": 1, "diarias": 1, "semanais": 7, "quinzenais": 15, "mensais": 30,
                 "bimestrais": 60, "trimestrais": 90, "semestrais": 180, "anuais": 365}  # fmt: skip
_HISTORY_OF = re.compile(
    r"\b(?P<n>\d{1,3}) (?P<unit>anos?|meses|mes|semanas?) de (?P<noun>[a-z-]{3,}) "
    rf"(?P<often>{'|'.join(_DAYS_BETWEEN)})\b"
)


def _held(found: re.Match[str]) -> str:
    count = int(found["n"]) * unit_days(found["unit"]) / _DAYS_BETWEEN[found["often"]]
    return f"{round(count)} {found['noun']}" if count >= 1 else found[0]


def frequencies_spelled(folded: str) -> str:
    """`folded` with each record made "quinzenal" written as one every 15 days, and a history of
    such records ("3 anos de atas semanais") as the records it holds."""

    def every(found: re.Match[str]) -> str:
        return f"{found['verb']} 1 {found['noun']} a cada {_EVERY[found['often']]}"

    folded = _HISTORY_OF.sub(_held, folded)
    return _BEFORE_NOUN.sub(every, _AFTER_NOUN.sub(every, folded))
