"""Absurd jobs are refused with a pt-BR reason; nothing the validator accepts is quoted at a
total the records' money columns (numeric(14,2)) cannot hold."""

from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from bot.assistant.state import ConversationStore
from bot.db.tables import QuoteRow
from bot.sales.book import QuoteBook, Staff
from quoting.errors import QuotingError
from quoting.jobspec import JobSpec
from quoting.quote import quote
from quoting.recommend import NoViableOffer

# numeric(14,2): twelve digits before the comma.
COLUMN_LIMIT = Decimal("999999999999.99")
ABSURD = JobSpec(params=1.5e12, method="qlora", dataset_tokens=1e13, epochs=100)


def test_a_job_of_thousands_of_years_is_refused_with_a_reason() -> None:
    with pytest.raises(NoViableOffer) as refused:
        quote(ABSURD)
    assert "passa do que cotamos" in str(refused.value)
    assert "anos de máquina" in str(refused.value)
    assert refused.value.suggestions


def test_an_absurd_job_records_nothing(tmp_path: Path) -> None:
    engine = ConversationStore(f"sqlite:///{tmp_path / 'cotacoes.db'}").engine
    book = QuoteBook(engine, Staff(roles={"local": "gerente"}, discount_limit_pct=Decimal(10)))
    with pytest.raises(QuotingError):
        book.create(ABSURD, "Cliente", "local")
    with engine.connect() as connection:
        assert connection.execute(select(func.count()).select_from(QuoteRow)).scalar_one() == 0


@settings(max_examples=30, deadline=None)
@example(params=1.5e12, tokens=1e13, epochs=100, method="qlora")
@given(
    params=st.floats(1e6, 2e12),
    tokens=st.floats(1e3, 1e13),
    epochs=st.floats(0.01, 100),
    method=st.sampled_from(["full", "lora", "qlora"]),
)
def test_every_accepted_job_fits_the_money_columns(
    params: float, tokens: float, epochs: float, method: str
) -> None:
    spec = JobSpec(params=params, dataset_tokens=tokens, epochs=epochs, method=method)
    try:
        result = quote(spec)
    except QuotingError:
        return
    assert result.total_brl <= COLUMN_LIMIT
    assert all(abs(item.total_brl) <= COLUMN_LIMIT for item in result.line_items)
