"""When the quoted job finishes if it starts when the client says ("se eu der o start sexta às 20h,
termina quando?", "a gente só libera os dados segunda 8h; começando aí, fica pronto quando?"):
that moment plus the quote's machine hours, on the São Paulo clock. No new quote is made."""

import re
from datetime import datetime, timedelta

from bot.assistant.reader.calendar_days import CLIENT_ZONE
from bot.assistant.reader.deadline import read_deadline
from bot.assistant.reader.deadline_said import moment_said
from bot.assistant.turn import DATA_SLOTS, Turn
from locales import _
from quoting.units import format_number

_ASKS_FINISH = re.compile(
    r"\b(?:termina|terminaria|acaba|acabaria|fica pronto|ficaria pronto|fica pronta|finaliza|"
    r"conclui|sai)\w* (?:quando|que horas|em que dia|a que horas)\b|"
    r"\bquando (?:termina|acaba|fica pronto|ficaria pronto|sai|finaliza)\w*|"
    r"\b(?:when|what time) (?:would|will|does|should) it (?:finish|be (?:done|ready)|end)\b"
)
# The word after which the client names the start: "dar o start sexta às 20h", "começando
# segunda", "libera os dados segunda 8h", "if we kick it off Monday".
_STARTS = re.compile(
    r"\b(?:start\w*|comec\w*|inici\w*|rod(?:ar|ando|o|amos)|sub(?:ir|indo|o|imos)|libera\w*|"
    r"dispar\w*|kick\w* (?:it )?off|begin\w*|launch\w*)\b"
)


def _start(turn: Turn) -> datetime | None:
    said = _STARTS.search(turn.folded)
    if said is None:
        return None
    # the start read as a deadline would be: the day and hour said after the word
    start = read_deadline(f"prazo: {turn.folded[said.end() :]}", datetime.now(CLIENT_ZONE))
    return start.at if start else None


def asks_finish(turn: Turn) -> bool:
    """ "se eu der o start sexta às 20h, termina quando?", after a quote and with no new job."""
    quoted = turn.state.last_quote is not None and not DATA_SLOTS & turn.slots.keys()
    return quoted and bool(_ASKS_FINISH.search(turn.folded)) and _start(turn) is not None


def finish_answer(turn: Turn) -> str:
    """pt-BR: when the quoted job ends if it starts when the client says."""
    start = _start(turn)
    if start is None or turn.state.last_quote is None:
        return ""
    machine = turn.state.last_quote["recommendation"]
    hours = float(machine["hours"])
    return _(
        "Começando {start}, o treino de ~{hours} h em {count}x {card} termina por volta de "
        "{finish} (horário de Brasília). São as horas de máquina da cotação; a configuração do "
        "ambiente fica pronta antes do início."
    ).format(
        start=moment_said(start),
        hours=format_number(hours, 1),
        count=machine["count"],
        card=machine["accelerator_name"],
        finish=moment_said(start + timedelta(hours=hours)),
    )
