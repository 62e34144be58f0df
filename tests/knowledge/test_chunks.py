from knowledge.chunks import CHUNK_SIZE, split
from knowledge.sources import SourceDocument, load_corpus


def _document(text: str, questions: list[str] | None = None) -> SourceDocument:
    return SourceDocument(
        source="x.md",
        root="corpus",
        title="Título",
        text=text,
        questions=questions or [],
        markdown=True,
    )


def test_markdown_is_split_by_section_with_title_and_section_in_each_chunk() -> None:
    chunks = split(_document("# Título\n\n## Preço\n\nCusta pouco.\n\n## Prazo\n\nLeva dias."))
    texts = [c.page_content for c in chunks]
    assert texts == ["Título — Preço\n\nCusta pouco.", "Título — Prazo\n\nLeva dias."]


def test_questions_become_their_own_chunk() -> None:
    chunks = split(_document("Texto.", ["Quanto custa?", "Demora?"]))
    asked = [c for c in chunks if c.metadata["kind"] == "perguntas"]
    assert len(asked) == 1 and "Quanto custa?" in asked[0].page_content


def test_ids_are_stable_and_change_with_the_content() -> None:
    first = [c.id for c in split(_document("## A\n\nUm."))]
    assert first == [c.id for c in split(_document("## A\n\nUm."))]
    assert first != [c.id for c in split(_document("## A\n\nDois."))]


# A card's whole chunk (title, every question, answer) grows with its questions; it must still fit
# the embedding models' 512-token window: about 2,000 characters of Portuguese (~4 per e5 token).
CARD_CHUNK_LIMIT = 1_800


def test_corpus_chunks_stay_small() -> None:
    for document in load_corpus():
        for chunk in split(document):
            limit = CARD_CHUNK_LIMIT if chunk.metadata["kind"] == "cartao" else CHUNK_SIZE + 200
            assert len(chunk.page_content) <= limit, chunk.metadata.get("card")
