"""Conversations that depend on the job reader, the intent classifier and the field last asked or
changed: real retrieval, real engine, real SQLite."""

import uuid
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
import time_machine

from bot.assistant.assistant import Assistant
from bot.assistant.reply import Reply
from bot.assistant.state import ConversationStore
from knowledge.retriever import KnowledgeRetriever


@pytest.fixture
def store(tmp_path: Path) -> ConversationStore:
    return ConversationStore(f"sqlite:///{tmp_path / 'conversas.db'}")


@pytest.fixture
def assistant(
    indexed_home: Path, use_home: Callable[[Path], None], store: ConversationStore
) -> Assistant:
    use_home(indexed_home)
    return Assistant(KnowledgeRetriever.load(dense="off"), store)


def talk(assistant: Assistant, *messages: str) -> Reply:
    conversation = f"teste-{uuid.uuid4().hex}"
    reply = None
    for message in messages:
        reply = assistant.reply(conversation, message)
    assert reply is not None
    return reply


def job_of(reply: Reply) -> dict[str, object]:
    assert reply.intent == "quote", reply.answer
    assert reply.quote is not None
    job: dict[str, object] = reply.quote["job"]
    return job


JOB = "LoRA de um Llama 3 8B com 20 mil exemplos"


@pytest.mark.parametrize(
    ("messages", "field", "value"),
    [
        ((JOB, "tenho só 150 reais", "e com 1.500?"), "budget_brl", 1500),
        ((JOB, "orçamento de R$ 500", "e se eu aumentar pra 2 mil?"), "budget_brl", 2000),
        ((JOB, "e se forem 30 mil exemplos?", "e com 50 mil?"), "examples", 50000),
        ((JOB, "e se eu aumentar pra 40 mil?"), "examples", 40000),
        ((JOB, "e com 5 épocas?", "e 2?"), "epochs", 2),
        ((JOB, "prazo de 48 horas", "e com 24?"), "deadline_hours", 24),
        (("quanto custa um treino com 20 mil exemplos?", "13"), "params", 13e9),
    ],
)
def test_a_bare_number_changes_the_field_last_asked_or_changed(
    assistant: Assistant, messages: tuple[str, ...], field: str, value: float
) -> None:
    job = job_of(talk(assistant, *messages))
    assert float(str(job[field])) == value


@pytest.mark.parametrize(
    ("messages", "field", "value"),
    [
        # 80 thousand tokens per example is no example anyone trains on: it is the examples.
        ((f"{JOB} de 512 tokens", "e se forem 80 mil?"), "examples", 80000),
        ((JOB, "ops, na verdade são uns 35 mil"), "examples", 35000),
        ((JOB, "o cliente mudou o escopo, agora são 100k"), "examples", 100000),
        ((JOB, "e se for só um quarto dos exemplos?"), "examples", 5000),
        ((f"{JOB}, 2 épocas, orçamento de R$ 900", "e se dobrar o número de épocas?"), "epochs", 4),
        ((JOB, "e o dobro?"), "examples", 40000),
        (("LoRA do Llama 3 8B, 2 GB de texto", "e se for a metade?"), "dataset_tokens", 250e6),
        ((JOB, "orçamento de R$ 800", "e com a metade disso?"), "budget_brl", 400),
        ((f"{JOB}, 2 épocas", "e se eu cortar os exemplos pela metade?"), "examples", 10000),
        ((f"{JOB} de 500 tokens", "ops, são 80 mil, não 8 mil"), "examples", 80000),
        # The number taken back is the count on the table, whatever the last field said was.
        (
            (
                "LoRA no Mistral 7B, 40 mil laudos de ~900 palavras. Quanto fica?",
                "Atualizando: depois da deduplicação sobraram 28 mil, não 40 mil. Recalcula pfv",
            ),
            "examples",
            28000,
        ),
        (
            (f"{JOB} de 500 tokens", "conseguimos juntar mais dados: agora são 30 mil"),
            "examples",
            30000,
        ),
        (
            ("Llama 3.2 3B full, 100 milhões de tokens", "e se dobrar o dataset?"),
            "dataset_tokens",
            2e8,
        ),
        (
            ("QLoRA no Mistral 7B, ~600 tokens cada, temos uma A6000 de 48GB", "9000"),
            "examples",
            9000,
        ),
        (("LoRA num Mistral 7B, 25 mil exemplos", "3"), "epochs", 3),
        # The quote supposed the count; the bare number that follows is the count.
        (("LoRA do Llama 3 8B, 3 épocas, exemplos de uns 600 tokens", "30000"), "examples", 30000),
        (("quero LoRA do Mistral 7B com exemplos de atendimento", "20000"), "examples", 20000),
        (
            ("mistral 7b qlora, 5k exemplos, azure", "triplica o dataset e qualquer nuvem serve"),
            "examples",
            15000,
        ),
        # A bare scale after a whole job, or after talk of cutting the data, scales the data.
        ((f"{JOB}, 2 épocas", "e se for o dobro?"), "examples", 40000),
        (
            (
                f"{JOB}, orçamento de R$ 900",
                "to pensando em cortar o dataset",
                "e se fosse metade?",
            ),
            "examples",
            10000,
        ),
    ],
)
def test_a_number_or_a_share_of_the_last_one_changes_the_job(
    assistant: Assistant, messages: tuple[str, ...], field: str, value: float
) -> None:
    job = job_of(talk(assistant, *messages))
    assert float(str(job[field])) == value


def test_a_token_count_too_small_for_a_dataset_is_the_length_of_each_example(
    assistant: Assistant,
) -> None:
    job = job_of(
        talk(assistant, "Mistral 7B QLoRA, 6 mil exemplos de 4096 tokens", "e se reduzir pra 2048?")
    )
    assert (job["examples"], job["tokens_per_example"]) == (6000, 2048)
    job = job_of(
        talk(
            assistant,
            "Mistral 7B QLoRA, 6 mil exemplos de 4096 tokens",
            "e se cortar os textos pra 1024 tokens?",
        )
    )
    assert (job["examples"], job["tokens_per_example"]) == (6000, 1024)


@pytest.mark.parametrize(
    ("message", "field"),
    [
        ("pode esquecer o orçamento", "budget_brl"),
        ("sem limite de orçamento, quero o melhor", "budget_brl"),
        ("não temos pressa, tira o prazo", "deadline_hours"),
    ],
)
def test_a_term_taken_back_leaves_the_job(assistant: Assistant, message: str, field: str) -> None:
    job = job_of(talk(assistant, f"{JOB}, orçamento de R$ 900, prazo de 48 horas", message))
    assert job[field] is None


def test_a_bare_number_that_fits_no_field_gets_a_question(assistant: Assistant) -> None:
    reply = talk(assistant, "Quanto custa um fine-tuning de um llama 3 8b?", "e com 1.500?")
    assert reply.intent == "clarify", reply.answer
    assert "1.500 exemplos" in reply.answer


def test_the_field_last_changed_survives_a_restart(
    assistant: Assistant, store: ConversationStore
) -> None:
    assistant.reply("reinicio", JOB)
    assistant.reply("reinicio", "tenho só 150 reais")
    again = Assistant(assistant.retriever, ConversationStore(str(store.engine.url)))
    assert float(str(job_of(again.reply("reinicio", "e com 1.500?"))["budget_brl"])) == 1500


def test_a_new_job_replaces_the_old_one(assistant: Assistant) -> None:
    job = job_of(
        talk(
            assistant,
            "LoRA de llama 3 8b com 20 mil exemplos, orçamento de R$ 5 mil, dados de saúde",
            "QLoRA do mistral 7b com 5 mil exemplos",
        )
    )
    assert job["model"] == "mistral-7b-v0-3"
    assert job["budget_brl"] is None
    assert job["data_residency"] == "any"


def test_a_change_keeps_the_rest_of_the_job(assistant: Assistant) -> None:
    job = job_of(talk(assistant, f"{JOB}, dados de saúde", "e com o mistral 7b?"))
    assert job["model"] == "mistral-7b-v0-3"
    assert job["data_residency"] == "br"
    assert job["examples"] == 20000


@pytest.mark.parametrize(
    "message",
    [
        "qlora de llama 3.2 3b com 15 mil laudos, só temos placas de 16 GB",
        "LoRA de um modelo de 1B com 10 mil exemplos, só temos uma 4090",
        "QLoRA do mistral 7b com 5 mil tickets numa GPU de 24 GB",
    ],
)
def test_a_device_limit_is_honoured(assistant: Assistant, message: str) -> None:
    reply = talk(assistant, message)
    limit = float(str(job_of(reply)["max_device_memory_gb"]))
    assert reply.quote is not None
    assert reply.quote["recommendation"]["device_memory_gb"] <= limit


def test_a_job_too_big_for_the_clients_cards_says_what_would_fit(assistant: Assistant) -> None:
    reply = talk(assistant, "ajuste completo de llama 3 8b com 15 mil laudos, só temos uma 4090")
    assert reply.quote is None
    assert "placas com mais memória" in reply.answer


def test_the_cheapest_possible_wins_over_every_preference(assistant: Assistant) -> None:
    reply = talk(assistant, f"{JOB}, o mais barato possível, já usamos Azure")
    assert reply.quote is not None
    labels = [alternative["label"] for alternative in reply.quote["alternatives"]]
    assert "mais barata" not in labels
    total = reply.quote["recommendation"]["total_brl"]
    assert all(total <= alternative["total_brl"] for alternative in reply.quote["alternatives"])


def test_asking_for_the_cheapest_after_a_quote_requotes_it(assistant: Assistant) -> None:
    reply = talk(assistant, f"{JOB}, os dados ficam no Brasil", "qual sai mais barato?")
    assert job_of(reply)["cheapest"] is True


@pytest.mark.parametrize(
    "message",
    [
        "na verdade os dados podem ir pra fora do Brasil, tudo anonimizado",
        "os dados podem ir para fora do país",
        "e se puderem sair do país? o jurídico liberou",
        "e se não precisar ficar no brasil? o cliente liberou",
    ],
)
def test_data_allowed_abroad_changes_the_job(assistant: Assistant, message: str) -> None:
    reply = talk(assistant, f"{JOB}, dados de saúde", message)
    assert job_of(reply)["data_residency"] == "any"


def test_data_that_cannot_leave_the_country_stays(assistant: Assistant) -> None:
    reply = talk(assistant, JOB, "esqueci: os dados não podem sair do país")
    assert job_of(reply)["data_residency"] == "br"


@pytest.mark.parametrize(
    ("message", "field", "value"),
    [
        ("llama 3 8b, lora, 12 mil exemplos, 3 épocas, 2 dias", "deadline_hours", 48),
        ("gemma 2 9b lora, 70 mil ex., 2 epocas", "examples", 70000),
    ],
)
def test_a_job_as_clients_write_it(
    assistant: Assistant, message: str, field: str, value: float
) -> None:
    job = job_of(talk(assistant, JOB, message))
    assert float(str(job[field])) == pytest.approx(value, abs=1)


@time_machine.travel(datetime(2026, 12, 3, 19, 0, tzinfo=ZoneInfo("America/Sao_Paulo")), tick=False)
def test_a_calendar_deadline_counts_from_the_clients_clock(assistant: Assistant) -> None:
    reply = talk(assistant, JOB, "preciso pra amanhã às 8h")
    assert float(str(job_of(reply)["deadline_hours"])) == 13
    assert "sexta-feira, 04/12 às 8h" in reply.answer


@pytest.mark.parametrize(
    "message",
    [
        "a A100 sai a R$ 2 a hora, quanto fica um llama 3 8b com 20 mil exemplos?",
        "vi H100 por R$ 15/h; quanto sai LoRA do mistral 7b com 10 mil pares?",
    ],
)
def test_a_price_per_hour_is_not_a_budget(assistant: Assistant, message: str) -> None:
    assert job_of(talk(assistant, message))["budget_brl"] is None


@pytest.mark.parametrize(
    "message",
    [
        "Um BERT large de 340 milhões de parâmetros com 250 mil exemplos de 768 tokens",
        "250 mil exemplos de 768 tokens num llama 3 8b",
        "LoRA de um modelo de 7B com 8 mil transcrições",
        "fine-tuning de um deberta v3 base com 15 mil laudos",
        "quanto custa um flan-t5 large com 20 mil resumos?",
        "tinyllama com 5 mil instruções, até sexta",
    ],
)
def test_natural_phrasings_get_a_quote_not_an_error(assistant: Assistant, message: str) -> None:
    reply = talk(assistant, message)
    assert reply.intent == "quote", reply.answer
    assert "não os dois" not in reply.answer


@pytest.mark.parametrize(
    ("message", "said"),
    [
        ("LoRA de um modelo de 3B com uns 800 MB de texto", "800 MB ÷ 4 bytes por token"),
        ("fine-tuning do whisper small com 100 horas de áudio", "30 s"),
        ("Um llama 3 8b de 70 bilhões de parâmetros com 5 mil exemplos", "não bate"),
    ],
)
def test_what_the_reader_assumed_is_said(assistant: Assistant, message: str, said: str) -> None:
    reply = talk(assistant, message)
    assert reply.intent == "quote", reply.answer
    assert said in reply.answer


def test_a_question_that_mentions_data_is_answered(assistant: Assistant) -> None:
    assert talk(assistant, "quantas épocas eu uso com 5 mil exemplos?").intent == "question"


@pytest.mark.parametrize(
    "message",
    [
        "quero alugar um servidor",
        "me indica uma placa boa",
        "preciso de uma GPU",
        "quero treinar um modelo",
        "qto custa treinar o meu modelo proprietário?",
        "qual servidor vcs sugerem?",
        "precisamos de GPU pro mês que vem",
        "we need GPUs to fine-tune, what do you offer?",
        "tenho uns 3 mil reais, da pra treinar um modelo de linguagem com isso? qual maquina?",
        "qual a gpu mais barata possivel pra fazer fine tuning?",
        "vcs alugam tpu também? quanto é?",
        "hello, do you guys rent GPUs? what are the prices?",
        "Prezados, gostaríamos de receber um orçamento para o treinamento de um modelo com os "
        "dados da nossa empresa. Fico no aguardo.",
    ],
)
def test_vague_requests_and_prices_without_a_size_get_a_question_back(
    assistant: Assistant, message: str
) -> None:
    reply = talk(assistant, message)
    assert reply.intent == "clarify", reply.answer
    assert ("which model" if reply.language == "en" else "modelo") in reply.answer.lower()


def test_buying_asked_after_a_quote_compares_with_that_job(assistant: Assistant) -> None:
    reply = talk(
        assistant,
        "LoRA de um llama 3 8b com 20 mil exemplos",
        "vale a pena comprar uma GPU? rodamos 4 jobs por mês",
    )
    assert reply.intent == "question"
    assert "por mês" in reply.answer and "R$" in reply.answer
    alone = talk(assistant, "vale a pena comprar uma GPU?")
    assert alone.answer != reply.answer  # with no job on the table: the guidance, not numbers


@pytest.mark.parametrize(
    ("message", "field", "value"),
    [
        ("What if we do 4 epochs instead?", "epochs", 4.0),
        ("pode ser na azure? é onde a gente ta", "cloud", "azure"),
        ("esquece o lora, quero qlora", "method", "qlora"),
        ("e com o mistral?", "model", "mistral-7b-v0-3"),
        ("tem como ficar mais barato?", "cheapest", True),
    ],
)
def test_a_change_worded_as_a_question_or_in_english_changes_the_job(
    assistant: Assistant, message: str, field: str, value: object
) -> None:
    assert job_of(talk(assistant, JOB, message))[field] == value


def test_invoices_a_client_trains_on_are_data_not_a_question_about_ours(
    assistant: Assistant,
) -> None:
    job = job_of(talk(assistant, "QLoRA do llama 3 8b com 8 mil notas fiscais"))
    assert job["examples"] == 8000
    assert "NFS-e" in talk(assistant, "vocês emitem nota fiscal?").answer
    assert "NFS-e" in talk(assistant, "vcs fazem emissão de notas fiscais pra empresa?").answer


def test_doubling_the_records_among_other_changes_applies_both(assistant: Assistant) -> None:
    first = "ajuste completo do Mistral 7B com 20 mil exemplos"
    job = job_of(talk(assistant, first, "esquece o full, faz lora e dobra os exemplos"))
    assert (job["method"], job["examples"]) == ("lora", 40000)


@pytest.mark.parametrize(
    ("messages", "field", "value"),
    [
        (
            ("qlora mistral 7b, 10k tickets, 2 epocas", "na verdade metade dos tickets"),
            "examples",
            5000,
        ),
        (("bert base com 200k frases, 3 epocas", "e o dobro de frases?"), "examples", 400000),
        (
            (f"{JOB}, pode ser spot", "esquece o spot, não pode cair no meio do treino"),
            "spot",
            False,
        ),
        (
            (f"{JOB}, só temos uma placa de 12 GB", "conseguimos uma de 24 GB emprestada"),
            "max_device_memory_gb",
            24,
        ),
        (
            (f"{JOB}, placa de no máximo 24gb", "pode ser placa maior, sem limite de memória"),
            "max_device_memory_gb",
            None,
        ),
        (
            (
                f"{JOB}, o mais barato possível",
                "na vdd o cliente quer rápido, não precisa ser o mais barato",
            ),
            "cheapest",
            False,
        ),
    ],
)
def test_a_follow_up_names_the_field_it_scales_or_takes_back(
    assistant: Assistant, messages: tuple[str, ...], field: str, value: object
) -> None:
    assert job_of(talk(assistant, *messages))[field] == value


@pytest.mark.parametrize(
    ("messages", "model"),
    [
        (("lora num llama 3.1, 50 mil exemplos, 2 epocas", "70"), "llama-3-1-70b"),
        (("whisper small, 10 mil audios, 8 epocas, full", "e se for o medium?"), "whisper-medium"),
        (("bert base, lora, 20 mil frases", "e o large?"), "bert-large-uncased"),
    ],
)
def test_a_size_or_variant_word_keeps_the_family_named_before(
    assistant: Assistant, messages: tuple[str, ...], model: str
) -> None:
    assert job_of(talk(assistant, *messages))["model"] == model
