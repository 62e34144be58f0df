"""Questions a quote does not answer get their own answer, never a quote on invented data:
training settings, the machines' hardware, how to lay out the data, and a model that is not a
language model (a specialist quotes it)."""

import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.assistant.assistant import Assistant
from bot.assistant.reply import Reply
from bot.assistant.state import ConversationStore
from knowledge.retriever import KnowledgeRetriever
from quoting.catalog import load_catalog


@pytest.fixture
def assistant(indexed_home: Path, use_home: Callable[[Path], None], tmp_path: Path) -> Assistant:
    use_home(indexed_home)
    store = ConversationStore(f"sqlite:///{tmp_path / 'conversas.db'}")
    return Assistant(KnowledgeRetriever.load(dense="off"), store)


def ask(assistant: Assistant, message: str) -> Reply:
    return assistant.reply(f"teste-{uuid.uuid4().hex}", message)


def test_settings_are_answered_with_what_each_changes_not_a_quote(assistant: Assistant) -> None:
    reply = ask(
        assistant,
        "Pra um LoRA no Llama 3.1 8B com 20 mil exemplos, que learning rate e rank você "
        "recomenda? Preço eu vejo depois.",
    )
    assert reply.quote is None
    assert reply.intent == "question"
    assert "Épocas: o tempo de treino" in reply.answer
    assert "Falar com um especialista" in reply.actions


def test_settings_in_english_are_answered_in_english(assistant: Assistant) -> None:
    reply = ask(assistant, "What learning rate and rank would you recommend for a LoRA on 8B?")
    assert reply.quote is None
    assert "Epochs: training time" in reply.answer


def test_a_job_with_its_price_asked_is_quoted_even_with_a_settings_question(
    assistant: Assistant,
) -> None:
    reply = ask(
        assistant,
        "LoRA no Llama 3.1 8B com 20 mil exemplos de 300 tokens: quanto custa? e que learning "
        "rate vocês recomendam?",
    )
    assert reply.quote is not None


def test_hardware_answer_names_the_links_from_the_catalog(assistant: Assistant) -> None:
    reply = ask(
        assistant,
        "As máquinas de 8 GPUs têm NVLink entre as placas ou é tudo via PCIe? Vou fazer full "
        "fine-tuning de um 70B.",
    )
    assert reply.quote is None
    nvlink, pcie = reply.answer.splitlines()[:2]
    catalog = load_catalog()
    for card in catalog.accelerator:
        if card.interconnect == "nvlink":
            assert card.name in nvlink
        elif card.interconnect == "pcie":
            assert card.name in pcie


def test_a_disk_question_with_checkpoint_sizes_is_not_read_as_data(assistant: Assistant) -> None:
    reply = ask(
        assistant,
        "Qual o tamanho do disco NVMe local das máquinas? Cada checkpoint do nosso 70B full "
        "ocupa uns 800 GB e quero guardar pelo menos 3.",
    )
    assert reply.quote is None
    assert "disco local dependem do tipo de instância" in reply.answer


def test_layout_question_explains_the_file_and_what_the_quote_needs(assistant: Assistant) -> None:
    reply = ask(
        assistant,
        "Minha planilha tem as colunas pergunta, resposta, categoria e data_criacao. Quais "
        "colunas entram no treino e como eu monto o arquivo?",
    )
    assert reply.quote is None
    assert "JSONL" in reply.answer
    assert "metadados como categoria" in reply.answer


@pytest.mark.parametrize(
    ("message", "name"),
    [
        (
            "Quero treinar um YOLOv8 pra contar caixas, umas 20 mil imagens. Quanto sai?",
            "YOLOv8",
        ),
        (
            "Quero um LoRA de SDXL com 40 fotos do produto pra gerar anúncio. Roda numa 4090?",
            "SDXL",
        ),
    ],
)
def test_an_image_model_goes_to_a_specialist_with_the_reason(
    assistant: Assistant, message: str, name: str
) -> None:
    reply = ask(assistant, message)
    assert reply.handoff
    assert reply.quote is None
    assert f"O {name} não é um modelo de linguagem" in reply.answer


def test_weights_question_says_what_training_leaves_and_how_to_get_gguf(
    assistant: Assistant,
) -> None:
    reply = ask(
        assistant,
        "No final eu recebo o adapter em safetensors? Dá pra converter pra GGUF pra rodar no "
        "Ollama?",
    )
    assert reply.quote is None
    assert "adapter" in reply.answer and "GGUF" in reply.answer
