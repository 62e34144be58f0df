"""A quote reply in English: the same figures, in English words, with each total in reais shown
beside its dollars at the quote's own exchange rate; the Portuguese reply stays in reais only."""

from decimal import Decimal

from bot.assistant.composer import quote_text
from locales import speaking
from quoting.jobspec import JobSpec, normalize
from quoting.quote import build_quote
from quoting.units import format_brl, format_number


def _dollars(brl: Decimal, rate: Decimal) -> str:
    return f"US$ {format_number((brl / rate).quantize(Decimal('0.01')), 2)}"


def test_english_shows_dollars_beside_each_total_and_portuguese_does_not() -> None:
    job = normalize(JobSpec(model="llama-3-8b", method="lora", dataset_tokens=30e6))
    quote = build_quote(job)
    assert quote.alternatives, "the job should have alternatives to show"
    rate = quote.fx.usd_brl_quoted

    with speaking("en"):
        english = quote_text(quote, job)
        total = format_brl(quote.total_brl)
        dollars = _dollars(quote.total_brl, rate)  # English figures: "US$ 72.88"
        alternatives = [
            (format_brl(alt.total_brl), _dollars(alt.total_brl, rate)) for alt in quote.alternatives
        ]

    assert total.startswith("R$ ") and "." in total[-3:]  # English figures: R$ 1,234.56
    assert f"Total: {total} (≈ {dollars}; valid until" in english  # the headline
    assert f"= Total: {total} (≈ {dollars})" in english  # the last line of what is paid
    for brl, usd in alternatives:
        assert f"({brl}, ≈ {usd})" in english
    assert "Recommended GPU:" in english and "What you pay:" in english
    assert "Recomendo" not in english and "O que você paga" not in english

    portuguese = quote_text(quote, job)
    assert "US$" not in portuguese
    assert f"Total: {format_brl(quote.total_brl)} (válido até" in portuguese
    assert "Recomendo GPU:" in portuguese
