"""Guidance answers: the answer card that matches a question, when it can be trusted, or the topics
to ask the client about; documents a user added are answered by their own sentences."""

from typing import Any

from pydantic import BaseModel, Field

from bot.assistant import card_choice, composer
from bot.assistant.language import language_of
from knowledge.cards import packaged_card, shown_text
from knowledge.retriever import CardMatch, Passage, SearchResult
from locales import SOURCE_LANGUAGE, current

# When the best answer card is trusted: its dense similarity (mean cosine of the two packaged
# models) is at least MIN_CARD_SIMILARITY and either both rankings put it among their first two
# cards or the similarity alone reaches SURE_CARD_SIMILARITY. Otherwise the client gets a question
# back. Measured on the 109 questions of the retrieval tuning sets and 20 vague or unrelated
# messages: 79 of the 85 right cards are kept, 15 of 24 wrong ones and 6 of 20 vague ones (the
# similarity alone at 0.53 kept 80, 24 and 9).
MIN_CARD_SIMILARITY = 0.53
SURE_CARD_SIMILARITY = 0.60
# Documents that come with the product and have answer cards; anything else was added by a user.
_PACKAGED_SOURCES = ("corpus/", "catalogo/")


class GuidanceAnswer(BaseModel):
    """A guidance reply: its text and the passages cited, or the topics to offer instead."""

    text: str = ""
    used: list[Passage] = Field(default_factory=list)
    notice: str | None = None
    options: list[str] = Field(default_factory=list)


def _trusted(card: CardMatch) -> bool:
    if card.similarity is None or card.exact:  # no dense half to measure, or asked verbatim
        return True
    agree = all(rank is not None and rank <= 1 for rank in (card.lexical_rank, card.dense_rank))
    return card.similarity >= MIN_CARD_SIMILARITY and (
        agree or card.similarity >= SURE_CARD_SIMILARITY
    )


def compose_answer(retrieved: dict[str, Any]) -> GuidanceAnswer:
    """The answer card that matches, or, for a document a user added, a few of its sentences; when
    no card matches well enough, the closest topics to ask the client about."""
    result: SearchResult = retrieved["result"]
    passages = result.passages
    if passages and not passages[0].source.startswith(_PACKAGED_SOURCES):
        text, used = composer.answer_from_passages(retrieved["question"], passages)
        if text:
            return GuidanceAnswer(text=text, used=used, notice=result.notice)
    cards = card_choice.reordered(retrieved["question"], result.cards)
    card = cards[0] if cards else None
    if card and _trusted(card):
        score = next((p.score for p in passages if p.source == card.source), 0.0)
        cited = Passage(title=card.title, source=card.source, text=card.text, score=score)
        return GuidanceAnswer(
            text=shown_text(card.id, card.text), used=[cited], notice=result.notice
        )
    return GuidanceAnswer(notice=result.notice, options=[_offered(card) for card in cards])


def _offered(card: CardMatch) -> str:
    """A topic to offer, as a question in the reply's language: the one retrieval matched, or in
    another language the card's first question written in it."""
    language = current()
    if language == SOURCE_LANGUAGE or language_of(card.asked) == language:
        return card.asked
    packaged = packaged_card(card.id)
    asked = [q for q in packaged.questions if language_of(q) == language] if packaged else []
    return asked[0] if asked else card.asked
