"""The PDF proposal as the buyer's finance team reads it: who sells, the offer and the price first,
conditions, an acceptance section, numbered pages, and nothing internal."""

import re
from decimal import Decimal
from pathlib import Path

import pytest
from pypdf import PdfReader

from bot.assistant.state import ConversationStore
from bot.sales.book import QuoteBook, QuoteRecord, Staff
from bot.sales.company import load_company
from bot.sales.launch import plan_for_record
from bot.sales.proposal_pdf import write_proposal
from quoting.jobspec import JobSpec
from quoting.units import format_brl, format_number

STAFF = Staff(roles={"local": "vendas", "slack:Ana": "gerente"}, discount_limit_pct=Decimal(10))


@pytest.fixture
def sent(tmp_path: Path) -> QuoteRecord:
    book = QuoteBook(ConversationStore(f"sqlite:///{tmp_path / 'c.db'}").engine, STAFF)
    created = book.create(
        JobSpec(model="llama-3-8b", method="qlora", examples=5000),
        "ACME Indústria Ltda",
        "slack:Ana",
        contact="joana@acme.com.br",
        discount_pct=Decimal(5),
    )
    return book.send(created.number, "local")


def _pages(record: QuoteRecord, path: Path) -> list[str]:
    write_proposal(record, path)
    return [page.extract_text() for page in PdfReader(path).pages]


def test_the_proposal_opens_with_who_sells_and_the_price(
    sent: QuoteRecord, tmp_path: Path, company_file: Path
) -> None:
    pages = _pages(sent, tmp_path / "p.pdf")
    first = pages[0]
    identity = load_company().identity
    for fact in (identity.legal_name, identity.cnpj, identity.email, identity.phone):
        assert fact is not None and fact in first
    assert "Rua Augusta, 500" in first and "Responsável: Ana" in first
    assert all(f"CNPJ {identity.cnpj}" in page for page in pages)  # every page's footer
    assert "ACME Indústria Ltda" in first and "joana@acme.com.br" in first
    assert f"Valor total: {format_brl(sent.total_brl)}" in first
    text = "\n".join(pages)
    assert text.index("Valor total") < text.index("Anexo: premissas técnicas")
    for section in ("O que está incluído", "O que não está incluído", "Condições comerciais"):
        assert section in text
    assert "Pagamento:" in text and "Nota fiscal:" in text and "(7 dias)" in text
    assert "Falhas e atendimento:" in text and "retomamos do último" in text


def test_without_the_deploys_identity_no_placeholder_reaches_the_proposal(
    sent: QuoteRecord, tmp_path: Path
) -> None:
    text = "\n".join(_pages(sent, tmp_path / "p.pdf"))
    assert load_company().identity.legal_name in text
    assert "CNPJ 0" not in text and "provisório" not in text and "00.000.000" not in text


def test_a_quote_made_at_the_terminal_names_the_team_not_the_system_account(
    tmp_path: Path,
) -> None:
    book = QuoteBook(ConversationStore(f"sqlite:///{tmp_path / 'c.db'}").engine, STAFF)
    record = book.create(JobSpec(model="llama-3-8b", method="qlora"), "ACME", "local:root")
    first = _pages(record, tmp_path / "p.pdf")[0]
    assert "Responsável: Equipe comercial" in first and "root" not in first


def test_the_proposal_has_an_acceptance_section_and_numbered_pages(
    sent: QuoteRecord, tmp_path: Path
) -> None:
    pages = _pages(sent, tmp_path / "p.pdf")
    text = "\n".join(pages)
    assert "Aceite" in text and "Assinatura do responsável por ACME Indústria Ltda" in text
    assert "Nome:" in text and "CPF/CNPJ:" in text and "Data:" in text
    for number, page in enumerate(pages, start=1):
        assert f"Página {number} de {len(pages)}" in page


def test_the_proposal_prints_nothing_internal_nor_twice(sent: QuoteRecord, tmp_path: Path) -> None:
    text = "\n".join(_pages(sent, tmp_path / "p.pdf"))
    folded = " ".join(text.split()).lower()
    for internal in ("situação", "enviada", "rascunho", "código de acesso", sent.token.lower()):
        assert internal not in folded
    assert folded.count("código em pytorch") == 1
    assert not re.search(r"\d{4}-\d{2}-\d{2}", text)  # one date format: dd/mm/aaaa
    assert re.search(r"Válida até \d{2}/\d{2}/\d{4}", text)


def test_a_long_items_table_repeats_its_header_on_the_next_page(
    sent: QuoteRecord, tmp_path: Path
) -> None:
    quote = sent.quote
    long_quote = quote.model_copy(update={"line_items": quote.line_items * 5})
    pages = _pages(sent.model_copy(update={"quote": long_quote}), tmp_path / "p.pdf")
    with_items = [page for page in pages if "Taxa de configuração do ambiente" in page]
    assert len(with_items) >= 2  # the table did split
    for page in with_items:
        assert "Descrição" in page and "Preço unit." in page


def _folded(pages: list[str]) -> str:
    return " ".join("\n".join(pages).split())


def test_the_proposal_ends_with_the_launch_plans_summary(sent: QuoteRecord, tmp_path: Path) -> None:
    text = _folded(_pages(sent, tmp_path / "p.pdf"))
    assert text.index("Anexo: premissas técnicas") < text.index("Anexo: plano de execução")
    annex = text[text.index("Anexo: plano de execução") :]
    plan = plan_for_record(sent)
    rec = sent.quote.recommendation
    assert f"plano-{sent.number}.yaml" in annex
    assert (
        f"Máquina: {rec.count}x {rec.accelerator_name}, {plan.accelerators} no SkyPilot, "
        "sob demanda; disco de" in annex
    )
    assert f"Região: {rec.provider} {rec.region} ({rec.country})" in annex
    assert f"{plan.checkpoint_bucket} ficam na mesma região" in annex
    assert f"Checkpoints a cada {plan.settings.save_steps} passos" in annex
    assert f"após {plan.idle_minutes} min ociosa" in annex
    assert "Limpeza: ao terminar, apaga checkpoints intermediários" in annex
    # The plan asks for the memory the quote priced, and the annex says so in the quote's words.
    assert f"QLoRA, sequência {plan.settings.seq_len}" in annex
    assert f"{format_number(rec.memory_per_device_gb)} GB por dispositivo, como na cotação" in annex


def test_a_tpu_proposal_never_opens_a_bracket_right_after_the_machines_own(
    tmp_path: Path,
) -> None:
    book = QuoteBook(ConversationStore(f"sqlite:///{tmp_path / 'c.db'}").engine, STAFF)
    spec = JobSpec(params=70e9, method="full", framework="jax", kind="tpu", dataset_tokens=2e9)
    record = book.create(spec, "ACME", "slack:Ana")
    rec = record.quote.recommendation
    assert rec.accelerator_name == "Google TPU v6e (Trillium)"
    text = _folded(_pages(record, tmp_path / "p.pdf"))
    machine = f"Máquina: {rec.count}x {rec.accelerator_name},"
    assert f"{machine} TPU, instância {rec.instance_type}" in text  # the offer
    assert f"{machine} {plan_for_record(record).accelerators} no SkyPilot" in text  # the plan
    assert ") (" not in text


def test_an_option_skypilot_cannot_run_says_so_in_the_annex(
    sent: QuoteRecord, tmp_path: Path
) -> None:
    quote = sent.quote
    own = quote.recommendation.model_copy(update={"provider": "infrabot"})
    record = sent.model_copy(update={"quote": quote.model_copy(update={"recommendation": own})})
    annex = _folded(_pages(record, tmp_path / "p.pdf")).split("Anexo: plano de execução")[1]
    assert "Não há plano de execução automático para esta opção" in annex
    assert "AWS, Google Cloud, Azure, Lambda ou RunPod" in annex and "Máquina:" not in annex
