"""Sales quotes on SQLite and on PostgreSQL (INFRABOT_TEST_DATABASE_URL, set by .ci/run)."""

import os
import uuid
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from pypdf import PdfReader
from sqlalchemy import update

from bot.assistant.state import ConversationStore
from bot.db.tables import QuoteRow
from bot.sales.book import QuoteBook, Staff
from bot.sales.errors import QuoteBookError, QuoteConflict
from bot.sales.proposal_pdf import write_proposal
from quoting.fx import FxRate
from quoting.jobspec import JobSpec, normalize
from quoting.quote import build_quote
from quoting.units import format_brl

STAFF = Staff(
    roles={"local": "vendas", "ana": "gerente", "telegram:7": "vendas"},
    discount_limit_pct=Decimal(10),
)
JOB = JobSpec(model="llama-3-8b", method="qlora", examples=5000)


@pytest.fixture(params=["sqlite", "postgresql"])
def book(request: pytest.FixtureRequest, tmp_path: Path) -> QuoteBook:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'cotacoes.db'}"
    else:
        url = os.environ.get("INFRABOT_TEST_DATABASE_URL", "")
        if not url:
            pytest.skip("INFRABOT_TEST_DATABASE_URL não definido (o .ci/run define)")
    return QuoteBook(ConversationStore(url).engine, STAFF)


def _client() -> str:
    return f"Cliente {uuid.uuid4().hex[:8]}"


def test_create_revise_send_accept_keeps_every_version_and_the_trail(book: QuoteBook) -> None:
    created = book.create(JOB, _client(), "local", contact="ana@cliente.com.br")
    assert created.status == "rascunho" and created.revision == 1
    assert created.number.startswith(f"COT-{datetime.now(UTC).year}-")
    assert len(created.token) >= 20
    revised = book.revise(created.number, "local", JobSpec(examples=50_000))
    assert revised.revision == 2 and revised.total_brl > created.total_brl
    assert revised.spec["examples"] == 50_000 and revised.spec["method"] == "qlora"
    assert book.send(created.number, "local").status == "enviada"
    accepted = book.accept(created.number, "local")
    assert accepted.status == "aceita"
    assert [event["acao"] for event in accepted.history] == [
        "criada",
        "revisada",
        "enviada",
        "aceita",
    ]
    assert all(event["por"] == "local" for event in accepted.history)
    with pytest.raises(QuoteBookError, match="aceita"):
        book.revise(created.number, "local", JobSpec(epochs=1))


def test_reject_and_list_by_status(book: QuoteBook) -> None:
    first = book.create(JOB, _client(), "local")
    second = book.create(JOB, _client(), "local")
    book.send(second.number, "local")
    book.reject(second.number, "local")
    drafts = {r.number for r in book.find("rascunho")}
    refused = {r.number for r in book.find("recusada")}
    assert first.number in drafts and second.number not in drafts
    assert second.number in refused


def test_a_quote_past_its_validity_expires_and_cannot_be_accepted(book: QuoteBook) -> None:
    record = book.create(JOB, _client(), "local")
    book.send(record.number, "local")
    with book.engine.begin() as connection:
        connection.execute(
            update(QuoteRow)
            .where(QuoteRow.number == record.number)
            .values(valid_until=datetime.now(UTC) - timedelta(days=1))
        )
    assert book.get(record.number).status == "expirada"
    assert record.number in {r.number for r in book.find("expirada")}
    with pytest.raises(QuoteBookError, match="expirada"):
        book.accept(record.number, "local")


def test_two_concurrent_revisions_one_is_refused(book: QuoteBook) -> None:
    record = book.create(JOB, _client(), "local")
    seen = book.get(record.number).version  # both staff members opened the same version
    book.revise(record.number, "local", JobSpec(epochs=1), expected_version=seen)
    with pytest.raises(QuoteConflict, match="recarregue"):
        book.revise(record.number, "ana", JobSpec(epochs=5), expected_version=seen)
    assert book.get(record.number).spec["epochs"] == 1


def test_a_client_never_sees_another_clients_quote(book: QuoteBook) -> None:
    mine = book.create(JOB, _client(), "local", client_ref=f"telegram:{uuid.uuid4().int % 10**9}")
    other_ref = f"telegram:{uuid.uuid4().int % 10**9}"
    assert book.by_token(mine.token, other_ref) is None
    assert book.for_client(other_ref) == []
    assert mine.client_ref is not None
    assert book.by_token(mine.token, mine.client_ref) is not None


def test_discounts_follow_roles(book: QuoteBook) -> None:
    record = book.create(JOB, _client(), "local")
    with pytest.raises(QuoteBookError, match="limite de 10%"):
        book.revise(record.number, "local", discount_pct=Decimal(15))
    assert book.get(record.number).revision == 1  # nothing changed
    discounted = book.revise(record.number, "ana", discount_pct=Decimal(15))
    assert discounted.total_brl == sum(i.total_brl for i in discounted.quote.line_items)
    assert discounted.total_brl < record.total_brl
    # The discount comes off the price before the company's own taxes, which are then due on the
    # discounted invoice: 15% off the pre-tax subtotal, each own tax its rate on the new invoice.
    items = discounted.quote.line_items
    descriptions = [item.description for item in items]
    at = descriptions.index("Desconto comercial (15%)")
    own = [tax for tax in discounted.quote.taxes if tax.applies_to == "invoice"]
    assert own and len(items) == at + 1 + len(own)
    subtotal = sum((item.total_brl for item in items[:at]), Decimal(0))
    assert items[at].total_brl == -(subtotal * Decimal("0.15")).quantize(Decimal("0.01"))
    invoice = discounted.total_brl
    for tax, item in zip(own, items[at + 1 :], strict=True):
        assert item.description.startswith(tax.name) and item.total_brl == tax.total_brl
        assert abs(tax.total_brl - invoice * tax.rate) <= Decimal("0.02")
    undiscounted = [t.total_brl for t in record.quote.taxes if t.applies_to == "invoice"]
    assert sum(t.total_brl for t in own) < sum(undiscounted)


def test_people_outside_the_staff_are_refused(book: QuoteBook) -> None:
    with pytest.raises(QuoteBookError, match="equipe comercial"):
        book.create(JOB, _client(), "telegram:999")


def test_the_pdf_proposal_holds_the_number_and_the_total(book: QuoteBook, tmp_path: Path) -> None:
    record = book.create(JOB, "Clínica São José", "local", contact="contato@clinica.com.br")
    path = tmp_path / "proposta.pdf"
    write_proposal(record, path)
    text = "".join(page.extract_text() for page in PdfReader(path).pages)
    assert record.number in text
    assert format_brl(record.total_brl) in text
    assert "Clínica São José" in text and "Condições" in text


def test_quotes_created_at_the_same_time_get_distinct_numbers(book: QuoteBook) -> None:
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=6) as pool:
        records = list(pool.map(lambda _: book.create(JOB, _client(), "local"), range(12)))
    assert len({r.number for r in records}) == 12
    assert all(r.number.startswith("COT-") for r in records)


def test_a_quote_shown_in_chat_is_recorded_as_shown_even_if_the_rate_moved(
    book: QuoteBook,
) -> None:
    # Priced a moment ago at a dollar far from today's rate: the record keeps that total.
    shown = build_quote(
        normalize(JOB), fx=FxRate(usd_brl=Decimal("9.99"), as_of=date.today(), source="teste")
    )
    record = book.create(JOB, _client(), "local", priced=shown)
    assert record.total_brl == shown.total_brl
    assert record.quote.total_brl == shown.total_brl
    assert book.create(JOB, _client(), "local").total_brl != shown.total_brl
