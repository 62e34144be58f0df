"""What a quote reply must warn the client about is in the reply itself; what staff must confirm
before closing (an old exchange rate, an old catalog price) is not."""

from datetime import date
from decimal import Decimal

from bot.assistant.composer import quote_text
from quoting.fx import PTAX_SOURCE, assess
from quoting.jobspec import JobSpec, normalize
from quoting.quote import build_quote


def test_the_reply_says_spot_is_unavailable_and_dates_the_rate_without_operator_notes() -> None:
    job = normalize(JobSpec(model="llama-3-8b", method="qlora", data_residency="br", spot=True))
    # a month-old PTAX, as a long outage would leave in the cache
    old = assess(Decimal("5.30"), date(2026, 11, 2), PTAX_SOURCE, date(2026, 12, 3))
    quote = build_quote(job, fx=old)
    reply = quote_text(quote, job)
    assert "Atenção: Spot não está disponível" in reply
    assert "câmbio de 02/11/2026" in reply
    assert any("precisa ser confirmada" in notice for notice in quote.staff_notices)
    assert "precisa ser confirmada" not in reply and "há mais de 90 dias" not in reply


def test_the_reply_dates_the_providers_price_and_never_asks_the_client_to_check_it() -> None:
    job = normalize(JobSpec(model="llama-3-8b", method="qlora", data_residency="br"))
    quote = build_quote(job)
    reply = quote_text(quote, job)
    offer_day = quote.recommendation.price_as_of
    assert offer_day is not None
    assert f"Preço do provedor de {offer_day:%d/%m/%Y}." in reply
    assert "confirme" not in reply.lower() and "provedor antes de fechar" not in reply
