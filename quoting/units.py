"""Parsing of sizes people type ("7B", "110M", "20 mil") and formatting of money and dates in the
client's language (pt-BR unless the reply speaks English, see `locales`)."""

import math
import re
from datetime import UTC, date, datetime, time
from decimal import ROUND_HALF_UP, Decimal
from zoneinfo import ZoneInfo

from locales import N_, _, current

CENT = Decimal("0.01")
# Clients and staff read dates in Brasília time: at 21h there, UTC is already tomorrow.
SAO_PAULO = ZoneInfo("America/Sao_Paulo")

_SUFFIXES = {
    "k": 1e3,
    "mil": 1e3,
    "m": 1e6,
    "mi": 1e6,
    "milhao": 1e6,
    "milhoes": 1e6,
    "million": 1e6,
    "b": 1e9,
    "bi": 1e9,
    "bilhao": 1e9,
    "bilhoes": 1e9,
    "billion": 1e9,
    "t": 1e12,
    "tri": 1e12,
    "trilhao": 1e12,
    "trilhoes": 1e12,
    "trillion": 1e12,
}
_FOLD = str.maketrans("ãõáéíóúâêôç", "aoaeiouaeoc")
_NUMBER = re.compile(r"^\s*(-?[0-9]+(?:[.,][0-9]+)?(?:e[+-]?[0-9]+)?)\s*([a-z]*)\s*$")


def parse_count(text: str) -> float:
    """Parse a count such as '7B', '110M', '7e9', '1,5 bilhão', '20 mil' or '50k'.

    Raises ValueError with a pt-BR message when the text is not a count.
    """
    folded = text.strip().lower().translate(_FOLD)
    match = _NUMBER.match(folded)
    if match is None or match.group(2) not in ("", *_SUFFIXES):
        raise ValueError(f"'{text}' não é um número reconhecido (exemplos: 7B, 110M, 7e9, 20 mil)")
    number = float(match.group(1).replace(",", ".")) * _SUFFIXES.get(match.group(2), 1.0)
    if not math.isfinite(number):
        raise ValueError(f"'{text}' é grande demais para ser uma contagem")
    return number


def round_brl(value: Decimal) -> Decimal:
    """Round to centavos, half up, as invoices do."""
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def format_brl(value: Decimal) -> str:
    """R$ 12.345,67 (R$ 12,345.67 in English), with a normal space, which reads better in chats
    and terminals; plain str.format, not Babel's format_currency (~230 µs a call, a dozen calls
    per quote reply)."""
    sign = "-" if value < 0 else ""
    return f"{sign}R$ {format_number(round_brl(abs(Decimal(value))), 2)}"


_PT_BR_SEPARATORS = str.maketrans({",": ".", ".": ","})


def format_number(value: float | Decimal, decimals: int = 1) -> str:
    """1.234,5 — pt-BR grouping and decimal comma; 1,234.5 in English (plain str.format: Babel's
    general number formatter costs ~90 µs a call, and a quote formats dozens of numbers)."""
    plain = f"{value:,.{decimals}f}"
    return plain if current() == "en" else plain.translate(_PT_BR_SEPARATORS)


def tenths_up(hours: float) -> float:
    """Hours rounded up to the tenth, as quotes bill (float noise below 1e-6 tenth ignored)."""
    return math.ceil(round(hours * 10, 6)) / 10


def format_duration(hours: float) -> str:
    """'21,0 h' up to two days, '25 dias' beyond: how long a run takes, as a person says it."""
    if hours <= 48:
        return f"{format_number(hours)} h"
    days = hours / 24
    return _("{days} dias").format(days=format_number(days, 0 if days >= 10 else 1))


def aside(text: str, detail: str) -> str:
    """'text (detail)', or 'text, detail' when the text already ends in brackets ("Google TPU
    v6e (Trillium)", "GPT-2 (124M)"): never ") (" in a row."""
    return f"{text}, {detail}" if text.endswith(")") else f"{text} ({detail})"


def plural(count: float | Decimal, one: str, many: str) -> str:
    """'1 cotação', '3 cotações', '0,5 job', '0 jobs': the count and its noun, singular between
    0 and 2 as pt-BR says it (never "cotação(ões)"); in English singular for exactly one. The
    nouns come translated."""
    number = format_number(count, 0 if float(count).is_integer() else 1)
    size = abs(float(count))
    singular = size == 1 if current() == "en" else 0 < size < 2
    return f"{number} {one if singular else many}"


def format_date(value: date) -> str:
    """dd/mm/aaaa ("06 Dec 2026" in English: day and month never swap); a moment in time is read
    in Brasília time (a naive one is UTC, as stored)."""
    if isinstance(value, datetime):
        aware = value if value.tzinfo else value.replace(tzinfo=UTC)
        value = aware.astimezone(SAO_PAULO)
    return value.strftime("%d %b %Y" if current() == "en" else "%d/%m/%Y")


def format_clock(moment: time) -> str:
    """A time of day as the client's language says it: "18h", "9h30"; "6 PM", "9:30 AM"."""
    if current() == "en":
        minutes = f":{moment.minute:02d}" if moment.minute else ""
        return f"{moment.hour % 12 or 12}{minutes} {'AM' if moment.hour < 12 else 'PM'}"
    return f"{moment.hour}h{moment.minute:02d}" if moment.minute else f"{moment.hour}h"


def today_in_brazil() -> date:
    """Today's date in Brasília (not the server's UTC date)."""
    return datetime.now(SAO_PAULO).date()


_LARGE = (
    (1e12, N_("trilhão"), N_("trilhões")),
    (1e9, N_("bilhão"), N_("bilhões")),
    (1e6, N_("milhão"), N_("milhões")),
)


def short_number(value: float) -> str:
    """A bound as people read it: "1 milhão", "10 bilhões", "2,5 trilhões", "4.096"."""
    for size, one, many in _LARGE:
        if abs(value) >= size:
            scaled = value / size
            number = format_number(scaled, 0 if value % size == 0 else 1)
            return f"{number} {_(many) if abs(scaled) >= 2 else _(one)}"
    return format_number(value, 0 if float(value).is_integer() else 2)
