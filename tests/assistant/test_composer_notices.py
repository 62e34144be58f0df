"""What a quote reply must warn about is in the reply itself, not only in the JSON."""

from datetime import date
from decimal import Decimal

from bot.assistant.composer import quote_text
from quoting.fx import PTAX_SOURCE, assess
from quoting.jobspec import JobSpec, normalize
from quoting.quote import build_quote


def test_the_reply_says_spot_is_unavailable_and_that_an_old_rate_must_be_confirmed() -> None:
    job = normalize(JobSpec(model="llama-3-8b", method="qlora", data_residency="br", spot=True))
    # a month-old PTAX, as a long outage would leave in the cache
    old = assess(Decimal("5.30"), date(2026, 11, 2), PTAX_SOURCE, date(2026, 12, 3))
    reply = quote_text(build_quote(job, fx=old), job)
    assert "Atenção: Spot não está disponível" in reply
    assert "precisa ser confirmada" in reply and "02/11/2026" in reply
