"""Hours of transcribed speech said with one recording's length: "800 horas de ligações
transcritas, as ligações duram ~4 minutos" is 12.000 examples of ~4 minutes each, not one
undivided total."""

from bot.assistant.reader.quantity_arithmetic import (
    TIMES,
    Mention,
    said_amount,
    said_result,
    to_tokens,
)
from locales import _


def recordings(chains: list[list[Mention]]) -> tuple[float, float, str] | None:
    """The examples, each one's tokens and the arithmetic, where `chains` hold hours of speech
    in all and the minutes of one recording; None otherwise."""
    hours = next((c[0] for c in chains if c[0].unit == "audio_hour"), None)
    each = next((c[0] for c in chains if c[0].unit == "minute"), None)
    if hours is None or each is None or not 0 < each.value < hours.value * 60:
        return None
    examples = hours.value * 60 / each.value
    tokens, steps = to_tokens([each])
    said = _("{hours} h ÷ ~{minutes} min por gravação = {count} gravações").format(
        hours=said_amount(hours.value),
        minutes=said_amount(each.value),
        count=said_amount(examples),
    )
    return examples, tokens, f"{said} {TIMES} {said_result(tokens, steps, 'each')}"
