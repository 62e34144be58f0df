"""When a quoted job ends if it starts when the client says: the start plus the quote's hours."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import time_machine

from bot.assistant.assistant import Assistant
from tests.assistant.chat import talk

SAO_PAULO = ZoneInfo("America/Sao_Paulo")
JOB = "Queremos um QLoRA no Qwen 2.5 14B com 12 mil contratos de ~2 mil palavras. Quanto sai?"


def test_a_start_named_after_a_quote_gets_the_day_and_hour_it_ends(assistant: Assistant) -> None:
    with time_machine.travel(datetime(2026, 12, 3, 10, 0, tzinfo=SAO_PAULO), tick=False):
        quote, reply = talk(assistant, JOB, "se eu der o start sexta às 20h, termina quando?")
    assert quote.quote is not None
    hours = quote.quote["recommendation"]["hours"]
    ends = datetime(2026, 12, 4, 20, 0) + timedelta(hours=hours)
    weekday = ["segunda", "terça", "quarta", "quinta", "sexta", "sábado", "domingo"]
    said = f"{weekday[ends.weekday()]}-feira" if ends.weekday() < 5 else weekday[ends.weekday()]
    assert reply.answer.startswith("Começando sexta-feira, 04/12 às 20h"), reply.answer
    assert f"termina por volta de {said}, {ends:%d/%m} às {ends.hour}h" in reply.answer, (
        reply.answer
    )
    assert reply.quote is None  # no new quote: the one on the table


def test_a_new_job_with_its_start_is_quoted_not_timed(assistant: Assistant) -> None:
    (reply,) = talk(assistant, f"{JOB} Se começar segunda, termina quando?")
    assert reply.quote is not None, reply.answer
