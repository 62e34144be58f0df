"""Answer cards: every topic of the guidance has one, and a bad card file is refused on load."""

import re
from pathlib import Path

import pytest

from knowledge.cards import CARDS_DIR, InvalidCards, load_cards, sentences
from knowledge.catalog_docs import catalog_documents
from knowledge.lexical import fold
from knowledge.settings import CORPUS_DIR
from knowledge.sources import load_corpus

ARTICLE = Path(__file__).parents[1] / "data" / "guidance_article.txt"

# The seed article's six FAQs, the card that answers each and the article's verdict.
FAQ_VERDICTS = {
    "gpu-integrada": "não",
    "inferencia-vs-fine-tuning": None,
    "dados-sensiveis": "sim",
    "tpu-modelo-pequeno": "não",
    "infraestrutura-saturada": None,
    "migrar-gpu-tpu": "sim",
}


def test_every_corpus_document_has_reviewed_cards() -> None:
    for document in load_corpus():
        assert document.cards, f"{document.source} não tem cartão"
        for card in document.cards:
            assert card.title == document.title and card.document == document.source
            assert 2 <= len(sentences(card.answer)) <= 4
            assert len(card.questions) >= 3 and card.source


def test_every_catalog_accelerator_has_a_card_from_the_catalog() -> None:
    for document in catalog_documents():
        (card,) = document.cards
        assert "GB de memória" in card.answer and card.document == document.source


def test_the_seed_faqs_have_cards_with_the_articles_verdict() -> None:
    cards = {card.id: card for card in load_cards()}
    for card_id, verdict in FAQ_VERDICTS.items():
        assert cards[card_id].verdict == verdict
        assert "pergunta frequente" in cards[card_id].source


def test_no_card_pastes_the_article() -> None:
    words = re.findall(r"\w+", fold(ARTICLE.read_text(encoding="utf-8")))
    article_runs = {" ".join(words[i : i + 10]) for i in range(len(words) - 9)}
    for card in load_cards():
        own = re.findall(r"\w+", fold(f"{card.answer} {card.detail}"))
        for i in range(len(own) - 9):
            assert " ".join(own[i : i + 10]) not in article_runs, card.id


def _write(folder: Path, body: str) -> Path:
    folder.mkdir(exist_ok=True)
    (folder / "faq-gpu-integrada.toml").write_text(body, encoding="utf-8")
    return folder


CARD = """document = "faq-gpu-integrada.md"
reviewed = 2026-12-03

[[card]]
id = "teste"
verdict = "{verdict}"
answer = "{answer}"
questions = ["Uma?", "Duas?", "Três?"]
source = "teste"
"""


def test_a_valid_card_file_loads(tmp_path: Path) -> None:
    folder = _write(tmp_path / "ok", CARD.format(verdict="não", answer="Não dá. Falta VRAM."))
    (card,) = load_cards(folder, CORPUS_DIR)
    assert card.document == "corpus/faq-gpu-integrada.md"


@pytest.mark.parametrize(
    ("verdict", "answer", "problem"),
    [
        ("não", "Não dá.", "de 2 a 4 frases"),
        ("não", "Não. Um. Dois. Três. Quatro.", "de 2 a 4 frases"),
        ("não", "Sim, dá. Com VRAM.", "deve começar com 'Não'"),
        ("talvez", "Talvez. Depende.", "verdict"),
    ],
)
def test_a_bad_card_is_refused_with_the_reason(
    tmp_path: Path, verdict: str, answer: str, problem: str
) -> None:
    folder = _write(tmp_path / "ruim", CARD.format(verdict=verdict, answer=answer))
    with pytest.raises(InvalidCards, match=problem):
        load_cards(folder, CORPUS_DIR)


def test_a_card_file_for_a_missing_document_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "sem-documento"
    folder.mkdir()
    body = CARD.format(verdict="não", answer="Não dá. Falta VRAM.").replace(
        "faq-gpu-integrada.md", "nao-existe.md"
    )
    (folder / "nao-existe.toml").write_text(body, encoding="utf-8")
    with pytest.raises(InvalidCards, match="não existe no corpus"):
        load_cards(folder, CORPUS_DIR)


def test_card_ids_are_unique_across_files(tmp_path: Path) -> None:
    folder = _write(tmp_path / "dup", CARD.format(verdict="não", answer="Não dá. Falta VRAM."))
    other = CARD.format(verdict="sim", answer="Sim, dá. Com cuidado.").replace(
        "faq-gpu-integrada.md", "faq-dados-sensiveis-nuvem.md"
    )
    (folder / "faq-dados-sensiveis-nuvem.toml").write_text(other, encoding="utf-8")
    with pytest.raises(InvalidCards, match="cartão repetido: teste"):
        load_cards(folder, CORPUS_DIR)


def test_the_packaged_card_folder_matches_the_corpus() -> None:
    assert {p.stem for p in CARDS_DIR.glob("*.toml")} == {p.stem for p in CORPUS_DIR.glob("*.md")}
