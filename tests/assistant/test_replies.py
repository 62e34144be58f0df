"""What a client reads in a quote reply: constraints first, every line paid, premises changed in
words, honest TPU refusals, commercial questions answered from the company's data file."""

import re
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest

from bot.assistant.assistant import Assistant
from bot.assistant.commercial import ABUSE_REPLY, no_team_online
from bot.assistant.composer import proposal_text, quote_text
from bot.assistant.fixed_replies import no_one_to_call
from bot.assistant.reply import ACTION_GPU, ACTION_QLORA, Reply
from bot.assistant.state import ConversationStore
from bot.sales.book import QuoteBook, Staff
from bot.sales.company import load_company
from knowledge.retriever import KnowledgeRetriever
from quoting.jobspec import JobSpec, normalize
from quoting.quote import build_quote
from quoting.units import format_brl

_MONEY = re.compile(r"R\$ ([\d.]+,\d{2})")


@pytest.fixture
def assistant(indexed_home: Path, use_home: Callable[[Path], None], tmp_path: Path) -> Assistant:
    use_home(indexed_home)
    store = ConversationStore(f"sqlite:///{tmp_path / 'conversas.db'}")
    return Assistant(KnowledgeRetriever.load(dense="off"), store)


def _talk(assistant: Assistant, *messages: str) -> list[Reply]:
    conversation = f"teste-{uuid.uuid4().hex}"
    return [assistant.reply(conversation, message) for message in messages]


def _last(assistant: Assistant, *messages: str) -> Reply:
    return _talk(assistant, *messages)[-1]


def _brl(text: str) -> Decimal:
    return Decimal(text.replace(".", "").replace(",", "."))


def _section(answer: str, title: str) -> list[str]:
    """The bullet lines under a title, up to the next blank line."""
    block = answer.split(f"{title}\n", 1)[1].split("\n\n", 1)[0]
    return block.splitlines()


# --- constraints first ----------------------------------------------------------------------------


def test_a_budget_the_fixed_fees_exceed_is_said_before_the_machine(assistant: Assistant) -> None:
    reply = _last(assistant, "LoRA de llama 3 8b com 20 mil exemplos, orçamento de R$ 100")
    answer = reply.answer
    assert answer.index("Orçamento de R$ 100,00") < answer.index("Recomendo")
    assert "passa do orçamento" in answer
    fee = min(tier.brl for tier in load_company().setup_fees)
    assert "menor taxa de configuração" in answer and format_brl(fee) in answer


def test_an_unmet_budget_says_what_would_fit_it(assistant: Assistant) -> None:
    full = _last(assistant, "LoRA de llama 3 8b com 20 mil exemplos")
    assert full.quote is not None
    budget = Decimal(str(full.quote["total_brl"])) - 20
    reply = _last(
        assistant,
        f"LoRA de llama 3 8b com 20 mil exemplos, orçamento de R$ {budget:.0f}".replace(".", ","),
    )
    line = next(line for line in reply.answer.splitlines() if "Orçamento de" in line)
    assert "passa do orçamento" in line
    # Either a cheaper offer fits ("A opção mais barata cabe") or a change to the job would.
    marker = "mais barata cabe" if "mais barata cabe" in line else "Caberia"
    assert marker in line
    offered = [_brl(amount) for amount in _MONEY.findall(line.split(marker, 1)[1])]
    assert offered and all(amount <= budget for amount in offered)


def test_a_cheaper_offer_that_fits_the_budget_is_named(assistant: Assistant) -> None:
    first = _last(assistant, "QLoRA do llama 3 8b com 5 mil exemplos")
    assert first.quote is not None
    cheapest = min(alt["total_brl"] for alt in first.quote["alternatives"])
    assert cheapest < first.quote["total_brl"]
    budget = int(cheapest) + 1
    reply = _last(assistant, f"QLoRA do llama 3 8b com 5 mil exemplos, orçamento de R$ {budget}")
    assert "A opção mais barata cabe" in reply.answer


def test_every_constraint_leads_and_no_reason_is_cut(assistant: Assistant) -> None:
    reply = _last(
        assistant,
        "LoRA de um Llama 3 8B com 20 mil exemplos usando spot, em 48 horas, já usamos Azure, "
        "orçamento de R$ 100",
    )
    answer = reply.answer
    machine = answer.index("Recomendo")
    for said in ("Orçamento de R$ 100,00", "Prazo de 48 h", "Spot:", "Nuvem Azure"):
        assert answer.index(said) < machine, said
    assert reply.quote is not None
    for reason in reply.quote["recommendation"]["reasons"]:
        assert reason in answer


def test_a_device_limit_is_honoured_and_said_first() -> None:
    job = normalize(
        JobSpec(model="llama-3-8b", method="qlora", examples=5000, max_device_memory_gb=24)
    )
    quote = build_quote(job)
    assert quote.recommendation.device_memory_gb <= 24
    assert all(alt.device_memory_gb <= 24 for alt in quote.alternatives)
    answer = quote_text(quote, job)
    assert answer.index("Placas de até 24 GB") < answer.index("Recomendo")


# --- the cheapest and the São Paulo preference ----------------------------------------------------


def test_not_the_cheapest_says_why_and_the_cheapest_wins_when_asked(assistant: Assistant) -> None:
    preferred, cheapest = _talk(
        assistant, "QLoRA do llama 3 8b com 5 mil exemplos", "quero o mais barato possível"
    )
    assert preferred.quote is not None and cheapest.quote is not None
    assert preferred.quote["recommendation"]["country"] == "BR"
    assert "Não é a opção mais barata" in preferred.answer
    assert preferred.answer.index("Não é a opção mais barata") < preferred.answer.index("Recomendo")
    assert cheapest.quote["total_brl"] < preferred.quote["total_brl"]
    assert all(
        cheapest.quote["total_brl"] <= alt["total_brl"] for alt in cheapest.quote["alternatives"]
    )
    assert "Não é a opção mais barata" not in cheapest.answer


def test_the_cheapest_in_the_first_message_beats_sao_paulo(assistant: Assistant) -> None:
    reply = _last(assistant, "QLoRA do llama 3 8b com 5 mil exemplos, o mais barato possível")
    assert reply.quote is not None
    assert reply.quote["recommendation"]["country"] != "BR"
    assert "Menor preço" in reply.answer


# --- hidden money ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "message",
    [
        "LoRA de um Llama 3 8B com 20 mil exemplos",
        "QLoRA do llama 3 8b com 5 mil exemplos",
        "ajuste completo de um 70B em JAX, 2 bilhões de tokens, já usamos GCP",
    ],
)
def test_the_lines_paid_add_up_to_the_total(assistant: Assistant, message: str) -> None:
    reply = _last(assistant, message)
    assert reply.quote is not None
    lines = _section(reply.answer, "O que você paga:")
    paid = [line for line in lines if line.startswith("•") and _MONEY.search(line)]
    total = sum((_brl(_MONEY.findall(line)[-1]) for line in paid), Decimal(0))
    assert total == Decimal(str(reply.quote["total_brl"])).quantize(Decimal("0.01"))
    assert lines[-1] == f"= Total: {format_brl(total)}"
    text = "\n".join(lines)
    for item in ("Máquina", "Armazenamento", "Tributos", "Taxa de configuração", "Gestão"):
        assert item in text
    assert load_company().setup_fee.short in text


def test_a_proposal_with_a_discount_still_adds_up(tmp_path: Path) -> None:
    staff = Staff(roles={"local": "vendas"}, discount_limit_pct=Decimal(10))
    book = QuoteBook(ConversationStore(f"sqlite:///{tmp_path / 'cotacoes.db'}").engine, staff)
    record = book.create(
        JobSpec(model="llama-3-8b", method="qlora", examples=5000),
        "Cliente Teste",
        "local",
        discount_pct=Decimal(5),
    )
    lines = _section(proposal_text(record), "O que você paga:")
    paid = [line for line in lines if line.startswith("•") and _MONEY.search(line)]
    amounts = [_brl(_MONEY.findall(line)[-1]) * (-1 if "-R$" in line else 1) for line in paid]
    assert any("Desconto comercial" in line for line in paid)
    assert sum(amounts, Decimal(0)) == record.quote.total_brl


# --- premises changed in words --------------------------------------------------------------------


def test_data_residency_can_be_relaxed_in_words(assistant: Assistant) -> None:
    strict, relaxed = _talk(
        assistant,
        "QLoRA do llama 3 8b com 5 mil exemplos, dados de saúde",
        "pode ser fora do Brasil?",
    )
    assert strict.quote is not None and strict.quote["job"]["data_residency"] == "br"
    assert "LGPD" in strict.answer
    assert relaxed.intent == "quote" and relaxed.quote is not None
    assert relaxed.quote["job"]["data_residency"] == "any"
    assert "LGPD" not in relaxed.answer


def test_spot_is_switched_on_and_off_in_words(assistant: Assistant) -> None:
    replies = _talk(
        assistant, "LoRA de um Llama 3 8B com 20 mil exemplos", "e se for spot?", "sem spot"
    )
    spots = [reply.quote["job"]["spot"] if reply.quote else None for reply in replies]
    assert spots == [False, True, False]
    assert "Spot:" in replies[1].answer


# --- TPU refusals and QLoRA -----------------------------------------------------------------------


def test_no_tpu_in_brazil_keeps_the_data_here_and_offers_the_gpu(assistant: Assistant) -> None:
    refused, on_gpu = _talk(
        assistant,
        "ajuste completo de um 70B em JAX em TPU, 2 bilhões de tokens, dados de saúde",
        ACTION_GPU,
    )
    assert refused.quote is None
    assert "Não há TPU em região brasileira" in refused.answer
    assert "GPU no Brasil" in refused.answer
    assert "Nenhuma máquina" not in refused.answer
    assert "fora do Brasil" not in refused.answer
    assert ACTION_GPU in refused.actions
    assert on_gpu.quote is not None
    assert on_gpu.quote["recommendation"]["kind"] == "gpu"
    assert on_gpu.quote["recommendation"]["country"] == "BR"


def test_a_tpu_refusal_for_pytorch_has_no_command_line_words(assistant: Assistant) -> None:
    reply = _last(assistant, "LoRA de um Llama 3 8B com 20 mil exemplos em PyTorch", "e em TPU?")
    assert "PyTorch/XLA" in reply.answer
    assert "Cotar em GPU" in reply.answer
    assert "--" not in reply.answer


def test_qlora_is_never_offered_or_quoted_on_tpu(assistant: Assistant) -> None:
    on_tpu = _last(assistant, "ajuste completo de um 70B em JAX, 2 bilhões de tokens, no GCP")
    assert on_tpu.quote is not None and on_tpu.quote["recommendation"]["kind"] == "tpu"
    assert ACTION_QLORA not in on_tpu.actions
    refused = _last(assistant, "QLoRA de um modelo de 70B em JAX em TPU com 2 bilhões de tokens")
    assert refused.quote is None
    assert "bitsandbytes" in refused.answer


def test_qlora_after_lora_says_when_it_does_not_pay(assistant: Assistant) -> None:
    lora, qlora = _talk(assistant, "LoRA de um Llama 3 8B com 20 mil exemplos", "e com QLoRA?")
    assert lora.quote is not None and qlora.quote is not None
    comparison = qlora.answer.split("\n", 1)[0]
    assert format_brl(Decimal(str(lora.quote["total_brl"]))) in comparison
    assert format_brl(Decimal(str(qlora.quote["total_brl"]))) in comparison
    slower_and_dearer = (
        qlora.quote["recommendation"]["hours"] >= lora.quote["recommendation"]["hours"]
        and qlora.quote["total_brl"] >= lora.quote["total_brl"]
    )
    assert ("não compensa" in comparison) is slower_and_dearer


def test_see_alternatives_typed_in_words_lists_them(assistant: Assistant) -> None:
    quoted, reply = _talk(
        assistant, "LoRA de um Llama 3 8B com 20 mil exemplos", "Ver alternativas"
    )
    assert reply.intent == "quote" and reply.quote == quoted.quote
    assert "além das que a cotação mostrou" in reply.answer.split("\n", 1)[0]
    assert not reply.sources


# --- dates ----------------------------------------------------------------------------------------


def test_the_validity_date_is_in_brasilia_time() -> None:
    job = normalize(JobSpec(model="llama-3-8b", method="lora"))
    # 01:00 UTC on 3 Dec is 22:00 on 2 Dec in Brasília: valid until 9 Dec there, not 10 Dec.
    quote = build_quote(job, now=datetime(2026, 12, 3, 1, 0, tzinfo=UTC))
    answer = quote_text(quote, job)
    assert "válido até 09/12/2026" in answer


# --- commercial questions -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "fact"),
    [
        ("vocês emitem nota fiscal?", "NFS-e"),
        ("Vcs dão nota fiscal?", "NFS-e"),
        ("quanto tempo vale a cotação?", "7 dias"),
        ("a proposta é válida até quando?", "7 dias"),
        ("como pago?", "PIX"),
        ("quais as formas de pagamento?", "boleto"),
        ("como funciona a cobrança?", "PIX"),
        ("o que é essa taxa de R$ 350?", "preparo único"),
        ("pra que serve a taxa de configuração?", "preparo único"),
        ("qual o CNPJ de vocês?", "O CNPJ e o endereço são informados pela equipe comercial"),
        ("preciso assinar algum contrato?", "aceite do responsável"),
        ("e se a máquina cair no meio do treino, quem paga?", "do último checkpoint"),
        ("vcs tem SLA?", "em até 4 horas úteis"),
        ("dá pra parcelar o boleto em 3x?", "Parcelamos em até 3 boletos mensais"),
        ("Can I pay in installments?", "in up to 3 interest-free monthly installments"),
        ("quanto a empresa X pagou?", "Não passamos preços"),
        ("qual o horário de atendimento de vocês?", "das 9h às 18h"),
        ("vocês fazem o treino ou só alugam a máquina?", "acompanhamos o job até o fim"),
        ("o modelo treinado fica com a gente?", "o modelo treinado são da sua empresa"),
        ("posso usar minha própria conta da AWS?", "conta de nuvem da própria empresa"),
        ("Do you run the training or just rent the machine?", "follow the job to the end"),
    ],
)
def test_commercial_questions_are_answered_from_the_company_file(
    assistant: Assistant, question: str, fact: str
) -> None:
    reply = _last(assistant, question)
    assert reply.intent == "question"
    assert fact in reply.answer
    team = "our sales team" if reply.language == "en" else "equipe comercial"
    assert reply.answer.endswith(f"{team}: {load_company().identity.email}.")
    assert [source.source for source in reply.sources] == ["bot/sales/data/company.toml"]


@pytest.mark.parametrize("insult", ["vcs são uns incompetentes", "bot inútil do caralho"])
def test_an_insult_gets_one_calm_line_back_to_the_job(assistant: Assistant, insult: str) -> None:
    reply = _last(assistant, insult)
    assert reply.answer == ABUSE_REPLY and "\n" not in reply.answer
    assert reply.quote is None


@pytest.mark.parametrize(
    "message", ["me conta uma piada", "porra, meu treino deu OOM, diminuo o batch size?"]
)
def test_a_joke_request_or_a_sworn_question_is_no_insult(
    assistant: Assistant, message: str
) -> None:
    assert _last(assistant, message).answer != ABUSE_REPLY


def test_a_training_error_is_guidance_not_the_failure_policy(assistant: Assistant) -> None:
    reply = _last(assistant, "o treino falhou por OOM, o que faço?")
    assert load_company().service.failure not in reply.answer


def test_the_deploys_identity_answers_registration_payment_and_contact(
    assistant: Assistant, company_file: Path
) -> None:
    registration = _last(assistant, "qual o CNPJ de vocês?").answer
    assert "Infrabot Tecnologia Ltda., CNPJ 11.222.333/0001-81" in registration
    assert "Rua Augusta, 500" in registration and "informado" not in registration
    payment = _last(assistant, "como pago?").answer
    assert "chave PIX financeiro@infrabot.com.br" in payment and "agência 0001" in payment
    assert payment.endswith("comercial@infrabot.com.br ou +55 11 3333-4444.")


def test_the_fee_question_mid_quote_is_not_read_as_a_budget(assistant: Assistant) -> None:
    quoted, fee = _talk(
        assistant, "LoRA de um Llama 3 8B com 20 mil exemplos", "o que é essa taxa de R$ 350?"
    )
    assert quoted.intent == "quote"
    assert fee.intent == "question" and fee.quote is None
    assert all(format_brl(tier.brl) in fee.answer for tier in load_company().setup_fees)


@pytest.mark.parametrize(
    "question",
    [
        "quanto custa?",
        "o que é IOF?",
        "qual a taxa de câmbio?",
        "como pagar menos por GPU?",
        "o preço spot vale a pena?",
    ],
)
def test_other_questions_are_not_taken_for_commercial_ones(
    assistant: Assistant, question: str
) -> None:
    reply = _last(assistant, question)
    assert "bot/sales/data/company.toml" not in [source.source for source in reply.sources]


def test_asking_for_a_person_with_no_team_online_says_when_the_team_answers() -> None:
    saturday = datetime(2026, 12, 5, 15, tzinfo=UTC)
    wednesday = datetime(2026, 12, 2, 15, tzinfo=UTC)
    email = load_company().identity.email
    weekend = no_team_online(saturday)
    assert email in weekend and "a partir de segunda-feira, 7/12, às 9h" in weekend
    assert "nesse horário" in no_team_online(wednesday)


def test_a_person_asked_for_with_a_whole_job_gets_the_quote_and_the_person(
    assistant: Assistant,
) -> None:
    reply = _last(
        assistant,
        "Quero falar com um consultor. É um LoRA no Llama 3 8B com 20 mil exemplos de 500 tokens",
    )
    assert reply.quote is not None and reply.handoff
    assert reply.answer.startswith("Recomendo") and "especialista" in reply.answer
    alone = no_one_to_call(reply)  # no Slack channel to call anyone through
    assert not alone.handoff and alone.answer.startswith("Recomendo")
    assert "especialista" not in alone.answer and load_company().identity.email in alone.answer


def test_a_job_asked_to_fit_the_clients_own_card_says_yes_or_no_first(assistant: Assistant) -> None:
    said = (
        "Minha RTX 3090 de 24GB dá conta de um QLoRA no Mistral 7B com uns 5 mil exemplos curtos?"
    )
    reply = _last(assistant, said)
    assert reply.answer.startswith("Sim:") and "placa de 24 GB" in reply.answer
    assert reply.quote is not None


def test_one_epoch_reads_as_one_epoch() -> None:
    job = normalize(JobSpec(model="llama-3-8b", method="lora", epochs=1))
    assert "1 época;" in quote_text(build_quote(job), job)


def test_a_figure_the_client_did_not_give_is_marked_on_the_job_line() -> None:
    job = normalize(JobSpec(model="llama-3-8b", method="lora", tokens_per_example=600))
    text = quote_text(build_quote(job), job)
    job_line = next(line for line in text.splitlines() if line.startswith("Job:"))
    assert "10.000 exemplos (suposto) de 600 tokens," in job_line
    assert "épocas (suposto)" in job_line
    assert "10.000 exemplos." in text  # and every premise is listed, none cut
