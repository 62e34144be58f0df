"""What the quote book refuses or cleans before it records: a discount with more decimals than
its column keeps, control characters in a client's name."""

from decimal import Decimal
from pathlib import Path

import pytest

from bot.assistant.state import ConversationStore
from bot.sales.book import QuoteBook, Staff
from bot.sales.errors import QuoteBookError
from quoting.jobspec import JobSpec

JOB = JobSpec(model="llama-3-8b", method="qlora", examples=5000)


@pytest.fixture
def book(tmp_path: Path) -> QuoteBook:
    engine = ConversationStore(f"sqlite:///{tmp_path / 'cotacoes.db'}").engine
    return QuoteBook(engine, Staff(roles={"ana": "gerente"}, discount_limit_pct=Decimal(10)))


def test_a_discount_with_three_decimals_is_refused(book: QuoteBook) -> None:
    with pytest.raises(QuoteBookError, match="duas casas"):
        book.create(JOB, "Cliente", "ana", discount_pct=Decimal("7.555"))
    record = book.create(JOB, "Cliente", "ana", discount_pct=Decimal("7.55"))
    with pytest.raises(QuoteBookError, match="duas casas"):
        book.revise(record.number, "ana", discount_pct=Decimal("7.555"))
    again = book.revise(record.number, "ana", terms="Pagamento em 30 dias.")
    assert again.total_brl == record.total_brl  # the stored discount is the one computed


def test_control_characters_leave_the_clients_name(book: QuoteBook) -> None:
    record = book.create(JOB, "Jo\x00ana\x1b Silva\u200b", "ana", contact="ana\x00@x.com")
    assert record.client == "Joana Silva"
    assert record.contact == "ana@x.com"
