"""Card choice: the classifier fitted on the cards' own questions puts the card it is sure of
first among those retrieval found, and leaves retrieval's order otherwise."""

from collections.abc import Callable
from pathlib import Path

from bot.assistant.card_choice import reordered
from knowledge.retriever import CardMatch


def _found(*ids: str, exact: bool = False) -> list[CardMatch]:
    return [
        CardMatch(
            id=card,
            title=card,
            source="corpus/x.md",
            text=card,
            asked=card,
            similarity=0.6,
            lexical_rank=rank,
            dense_rank=rank,
            exact=exact and rank == 0,
        )
        for rank, card in enumerate(ids)
    ]


def test_the_card_the_question_asks_for_goes_first(
    tmp_path: Path, use_home: Callable[[Path], None]
) -> None:
    use_home(tmp_path)
    cards = reordered(
        "pra que serve apagar snapshot velho?", _found("geracao-certa", "armazenamento-snapshots")
    )
    assert [card.id for card in cards] == ["armazenamento-snapshots", "geracao-certa"]


def test_a_question_asked_word_for_word_keeps_its_card(
    tmp_path: Path, use_home: Callable[[Path], None]
) -> None:
    use_home(tmp_path)
    found = _found("geracao-certa", "armazenamento-snapshots", exact=True)
    assert reordered("pra que serve apagar snapshot velho?", found) == found


def test_an_unsure_classifier_keeps_retrievals_order(
    tmp_path: Path, use_home: Callable[[Path], None]
) -> None:
    use_home(tmp_path)
    found = _found("estabilidade-treino", "qlora-qualidade")
    assert reordered("bom dia", found) == found
