"""Deadlines set by when the client's business opens: "antes do expediente de segunda" is Monday at
the start of business hours (9h); "antes da loja abrir amanhã, a gente abre às 7h30" is tomorrow at
7h30; "before the market opens on Monday (NYSE, 9:30 ET)" is Monday 9:30 in New York. Each cue is
rewritten in place as the hour it means, padded to its length, so the deadline reader reads it as
any "segunda às 9h" and the positions it reports still point at the client's words."""

import re

# Where the client does not say when they open: commercial hours, from 9h.
_BEFORE_OPENING = re.compile(
    # "antes da abertura do pregão de segunda": B3's trading session opens at 10h
    r"\bantes da abertura d[oa] (?:pregao|mercado|bolsa|b3|loja|agencia|expediente)\b|"
    r"\b(?:antes (?:do (?:inicio do )?expediente|do horario comercial|de comecar o expediente)|"
    r"before (?:business|office|working) hours|before (?:the )?(?:start of )?business)\b|"
    r"\b(?:antes (?:de|da|do) (?:(?:a |o )?(?:loja|clinica|escritorio|agencia|mercado|bolsa|"
    r"padaria|farmacia|restaurante|fabrica|empresa|banco) )?(?:abrir|abertura|abrirmos|abrir as "
    r"portas)|before (?:the \w+ |we |it |our \w+ )?opens?)\b"
)
# B3's regular session opens at 10h (Brasília time).
_TRADING = re.compile(r"\b(?:pregao|bolsa|b3)\b")
# "a gente abre às 7h30", "a loja abre às 8h", "NYSE, 9:30 ET", "opens at 9:30am"
_OPENS_AT = re.compile(
    r"\b(?:abr(?:e|imos|em)|abertura|opens?|opening)\b[^.;!?\d]{0,25}?"
    r"(?P<hour>\d{1,2})(?:\s*(?:h|:)\s*(?P<minute>\d{2})?|\s*am\b)\s*(?P<zone>et|est|edt|brt|utc)?\b"
)


def opening_as_hour(text: str) -> str:
    """`text` with "antes de abrir" and "antes do expediente" written as the hour they mean."""
    cue = _BEFORE_OPENING.search(text)
    if cue is None:
        return text
    opens = _OPENS_AT.search(text)
    english = cue.group().startswith("before")
    hour, minute, zone = (10 if _TRADING.search(cue.group()) else 9), "00", ""
    if opens is not None:
        hour = int(opens["hour"])
        minute = opens["minute"] or "00"
        zone = f" {opens['zone']}" if opens["zone"] else ""
    # "by 9:30am ET", "as 7h30": as the deadline reader reads an hour before its day
    said = f"by {hour}:{minute}am{zone}" if english else f"as {hour}h{minute}"
    width = cue.end() - cue.start()
    if len(said) > width:
        return text
    return text[: cue.start()] + said.rjust(width) + text[cue.end() :]
