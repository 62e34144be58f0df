"""Guidance replies state the answer: each of the seed article's six FAQs, asked as written and in
two paraphrases, gets the FAQ's answer from one card and one source; documents added with
`infrabot index PATH` are answered from their own text, lists with their lead-in."""

import shutil
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.assistant.assistant import Assistant
from bot.assistant.state import ConversationStore
from knowledge.indexer import build_index
from knowledge.retriever import KnowledgeRetriever

# FAQ -> (the article's question and two paraphrases, facts the reply must state). Each fact is a
# tuple of accepted wordings.
FAQS: dict[str, tuple[list[str], list[tuple[str, ...]]]] = {
    "gpu-integrada": (
        [
            "Posso fazer fine-tuning com uma GPU integrada ou básica?",
            "Dá pra treinar no chip gráfico do meu notebook?",
            "minha máquina só tem o vídeo onboard, consigo ajustar um LLM nela?",
        ],
        [("não recomendamos",), ("VRAM", "memória de vídeo")],
    ),
    "inferencia": (
        [
            "Qual a diferença prática entre inferência e fine-tuning?",
            "usar o modelo pronto e treinar o modelo são coisas diferentes em custo de máquina?",
            "gerar respostas com o modelo pede o mesmo hardware que ensinar o modelo?",
        ],
        [("inferência",), ("CPU",), ("GPU ou TPU", "GPU (ou TPU)")],
    ),
    "dados-sensiveis": (
        [
            "É seguro fazer fine-tuning com dados sensíveis na nuvem?",
            "tenho dados confidenciais de clientes, posso treinar o modelo com eles na cloud?",
            "é arriscado subir dados financeiros dos clientes pra treinar IA num servidor alugado?",
        ],
        [("Sim",), ("LGPD",), ("criptografia",)],
    ),
    "tpu-modelo-pequeno": (
        [
            "Preciso de uma TPU se meu modelo for pequeno?",
            "meu modelo é pequenininho, tenho que usar aquele chip do Google?",
            "tenho um modelo pequeno, faz sentido alugar TPU pra ajustar ele?",
        ],
        [("não",), ("GPU",)],
    ),
    "infraestrutura-saturada": (
        [
            "Como saber se minha infraestrutura está saturada durante o treino?",
            "como eu vejo se a máquina está no limite enquanto o modelo treina?",
            "durante o fine-tuning, como identificar que a GPU está sobrecarregada?",
        ],
        [("nvidia-smi",), ("batch",)],
    ),
    "migrar-gpu-tpu": (
        [
            "Posso migrar meu projeto de GPU para TPU depois?",
            "se eu começar com placa da NVIDIA, dá pra trocar pro chip do Google mais tarde?",
            "daqui a um ano consigo levar meu treino de GPU pra TPU?",
        ],
        [("possível", "Sim", "Dá"), ("trabalh", "adaptação")],
    ),
}


@pytest.fixture
def assistant(indexed_home: Path, use_home: Callable[[Path], None], tmp_path: Path) -> Assistant:
    use_home(indexed_home)
    store = ConversationStore(f"sqlite:///{tmp_path / 'conversas.db'}")
    return Assistant(KnowledgeRetriever.load(dense="now"), store)


def _ask(assistant: Assistant, text: str) -> tuple[str, list[str], str]:
    reply = assistant.reply(f"teste-{uuid.uuid4().hex}", text)
    return reply.answer, [source.source for source in reply.sources], reply.intent


@pytest.mark.parametrize(
    ("faq", "question"),
    [(faq, question) for faq, (questions, _) in FAQS.items() for question in questions],
)
def test_each_faq_and_its_paraphrases_get_the_faqs_answer(
    assistant: Assistant, faq: str, question: str
) -> None:
    answer, sources, intent = _ask(assistant, question)
    assert intent == "question", answer
    for wordings in FAQS[faq][1]:
        assert any(w.lower() in answer.lower() for w in wordings), f"faltou {wordings}: {answer}"
    assert len(sources) == 1, sources  # one card, no padding from a second document


def test_out_of_memory_gets_what_to_do(assistant: Assistant) -> None:
    answer, sources, _ = _ask(assistant, "Deu CUDA out of memory, e agora?")
    for step in ("batch", "gradient checkpointing", "QLoRA", "mais VRAM"):
        assert step.lower() in answer.lower(), answer
    assert sources == ["corpus/oom-falta-de-memoria.md"]


@pytest.mark.parametrize(
    ("question", "facts"),
    [
        ("vale a pena TPU pra um bert base?", [("não",), ("GPU",)]),
        ("sou uma PME com um modelinho de 3B, TPU ou GPU?", [("GPU",)]),
        ("Quero testar uma arquitetura experimental nova. TPU é uma boa?", [("GPU",)]),
    ],
)
def test_asking_which_accelerator_suits_gets_guidance_not_a_quote(
    assistant: Assistant, question: str, facts: list[tuple[str, ...]]
) -> None:
    answer, _, intent = _ask(assistant, question)
    assert intent == "question", answer
    for wordings in facts:
        assert any(w.lower() in answer.lower() for w in wordings), f"faltou {wordings}: {answer}"


@pytest.mark.parametrize(
    ("question", "facts"),
    [
        ("Is renting hardware better for our budget, financially?", [("OPEX",)]),
        ("How do I stop wasting money on idle GPUs?", [("shut it down",), ("automatic",)]),
    ],
)
def test_questions_in_english_find_the_portuguese_card_and_read_it_in_english(
    assistant: Assistant, question: str, facts: list[tuple[str, ...]]
) -> None:
    answer, _, intent = _ask(assistant, question)
    assert intent == "question", answer
    for wordings in facts:
        assert any(w.lower() in answer.lower() for w in wordings), f"faltou {wordings}: {answer}"


@pytest.mark.parametrize(
    ("first", "follow_up", "fact"),
    [
        ("Estourou a memória da GPU no treino, como resolvo?", "e sem mudar de placa?", "batch"),
        ("Vale a pena usar H100 pra um modelo pequeno?", "e a L4?", "custo-benefício"),
    ],
)
def test_a_short_follow_up_is_read_with_the_previous_question(
    assistant: Assistant, first: str, follow_up: str, fact: str
) -> None:
    conversation = f"teste-{uuid.uuid4().hex}"
    assistant.reply(conversation, first)
    reply = assistant.reply(conversation, follow_up)
    assert reply.intent == "question", reply.answer
    assert fact.lower() in reply.answer.lower(), reply.answer


@pytest.mark.parametrize(
    ("question", "fact"),
    [
        ("Um servidor comum serve pra fazer fine-tuning?", "paralelo"),
        ("Por que um computador comum não dá conta de treinar um modelo?", "paralelo"),
    ],
)
def test_colloquial_words_find_the_card_that_answers(
    assistant: Assistant, question: str, fact: str
) -> None:
    answer, _, intent = _ask(assistant, question)
    assert intent == "question", answer
    assert fact in answer.lower(), answer


def test_a_card_is_found_by_one_of_its_questions_reworded(assistant: Assistant) -> None:
    answer, _, _ = _ask(assistant, "O que é uma TPU?")
    assert "Google" in answer and "chip" in answer, answer


def test_the_direct_answer_comes_first(assistant: Assistant) -> None:
    answer, _, _ = _ask(assistant, "Dá pra treinar no chip gráfico do meu notebook?")
    assert answer.startswith("Não recomendamos"), answer


def test_a_question_no_card_answers_gets_a_question_back(assistant: Assistant) -> None:
    reply = assistant.reply("teste-vago", "tenho uma dúvida")
    assert reply.intent == "clarify" and not reply.sources, reply.answer
    assert "especialista" in reply.answer


def test_an_added_document_is_answered_from_its_text_with_lists_whole(
    indexed_home: Path, tmp_path: Path, use_home: Callable[[Path], None]
) -> None:
    home = tmp_path / "home"
    shutil.copytree(indexed_home, home)
    use_home(home)
    docs = tmp_path / "politicas"
    docs.mkdir()
    (docs / "reembolso.md").write_text(
        "# Política de reembolso de créditos\n\n## Como pedir\n\n"
        "Para pedir o reembolso dos créditos não usados:\n"
        "- envie o número do contrato ao financeiro;\n"
        "- informe os dados bancários da empresa;\n"
        "- aguarde a análise em até 10 dias úteis.\n\n"
        "O reembolso é feito na mesma conta que pagou.\n",
        encoding="utf-8",
    )
    build_index([docs])
    store = ConversationStore(f"sqlite:///{tmp_path / 'conversas.db'}")
    assistant = Assistant(KnowledgeRetriever.load(dense="now"), store)
    answer, sources, intent = _ask(assistant, "como peço reembolso dos créditos não usados?")
    assert intent == "question" and sources == [str((docs / "reembolso.md").resolve())]
    assert (
        "Para pedir o reembolso dos créditos não usados: envie o número do contrato ao "
        "financeiro; informe os dados bancários da empresa; aguarde a análise em até 10 dias "
        "úteis." in answer
    ), answer


def test_topics_offered_to_an_english_client_are_asked_in_english() -> None:
    from bot.assistant.guidance import compose_answer
    from knowledge.retriever import CardMatch, SearchResult
    from locales import speaking

    found = CardMatch(
        id="spot-o-que-e",
        title="Instâncias spot",
        source="corpus/instancias-spot.md",
        text="",
        asked="O que é instância spot?",
        similarity=0.2,  # too far to answer with: the client is asked which topic it meant
        lexical_rank=3,
        dense_rank=3,
    )
    retrieved = {
        "question": "hmm spot?",
        "result": SearchResult(passages=[], fallback=False, cards=[found]),
    }
    assert compose_answer(retrieved).options == ["O que é instância spot?"]
    with speaking("en"):
        assert compose_answer(retrieved).options == ["What are preemptible instances?"]
