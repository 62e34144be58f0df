"""The assistant's rent-or-buy reply: recognises the question, reads jobs per month, and answers
with the engine's numbers."""

from decimal import Decimal

import pytest

from bot.assistant.rent_buy import asks_rent_or_buy, jobs_per_month, rent_or_buy_reply
from quoting.jobspec import JobSpec, normalize
from quoting.quote import build_quote
from quoting.rent_or_buy import compare
from quoting.units import format_brl


@pytest.mark.parametrize(
    "text",
    [
        "Vale a pena comprar uma GPU?",
        "e se a gente comprar um servidor?",
        "Compensa ter máquina própria?",
        "Renting vs buying: which makes sense for us?",
        "melhor imobilizar em hardware ou pagar nuvem por uso (opex)?",
    ],
)
def test_recognises_the_question(text: str) -> None:
    assert asks_rent_or_buy(text)


def test_ignores_other_questions() -> None:
    assert not asks_rent_or_buy("Quanto custa um LoRA do Llama 3 8B?")


def test_reads_jobs_per_month() -> None:
    assert jobs_per_month("rodamos 4 jobs por mês") == Decimal(4)
    assert jobs_per_month("We'd fine-tune a 13B model every two weeks") == Decimal(2)
    assert jobs_per_month("treinamos a cada 15 dias") == Decimal(2)
    assert jobs_per_month("umas 2,5 vezes ao mês") == Decimal("2.5")
    assert jobs_per_month("vale comprar?") is None
    assert jobs_per_month("treinamos toda semana") == jobs_per_month("we fine-tune every week")
    assert jobs_per_month("we fine-tune every week") == Decimal(4)


def test_reply_carries_the_engines_numbers() -> None:
    job = normalize(JobSpec(model="llama-3-8b", method="lora", examples=20_000))
    quote = build_quote(job)
    reply = rent_or_buy_reply(job, quote, Decimal(10))
    result = compare(job, quote, Decimal(10))
    assert format_brl(result.rent_monthly_brl) in reply
    assert "não comporta" in reply  # the 24 GB RTX 4090
    ada = result.options[1]
    assert ada.monthly is not None and format_brl(ada.monthly.total) in reply
    assert "Obsolescência" in reply
    assert f"estimativa de {format_brl(ada.landed_brl)} no Brasil" in reply
    assert "não orçamentos de fornecedor" in reply and "ICMS-SP 18%" in reply
    assert "Considerei 1 job" in rent_or_buy_reply(job, quote, None)


def test_one_job_a_month_reads_as_one_job() -> None:
    job = normalize(JobSpec(model="llama-3-8b", method="lora"))
    answer = rent_or_buy_reply(job, build_quote(job), None)
    assert "Alugando, 1 job por mês" in answer and "(s)" not in answer
