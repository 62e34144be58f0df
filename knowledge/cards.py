"""Answer cards: reviewed pt-BR answers, one per claim of the guidance, validated on load.

Each corpus document has a card file (`knowledge/cards/<document>.toml`). A card states the direct
answer first (sim / não / depende and the key fact, 2 to 4 sentences), then optional detail, the
questions clients ask it with, and where the guidance says it. The assistant answers with a card;
sentence extraction is only for documents a user indexes with `infrabot index PATH`.
"""

import re
import tomllib
from collections.abc import Callable
from datetime import date
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from knowledge.settings import CORPUS_DIR
from locales import _

CARDS_DIR = Path(__file__).parent / "cards"
# A sentence ends at . ! or ? followed by a space and a capital letter, a quote or a digit.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"A-ZÀ-Ý0-9])")
_LEADS = {"sim": "Sim", "não": "Não", "depende": "Depende"}


def sentences(text: str) -> list[str]:
    return [part for part in _SENTENCE_END.split(text.strip()) if part]


class Card(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    verdict: Literal["sim", "não", "depende"] | None = None
    answer: str
    detail: str = ""
    questions: list[str] = Field(min_length=3)
    source: str = Field(min_length=3)
    # Filled from the file and its document, not written per card.
    document: str = ""  # the indexed source, "corpus/oom-falta-de-memoria.md"
    title: str = ""  # the document's title

    @field_validator("answer")
    @classmethod
    def _two_to_four_sentences(cls, answer: str) -> str:
        count = len(sentences(answer))
        if not 2 <= count <= 4:
            raise ValueError(f"a resposta deve ter de 2 a 4 frases, tem {count}")
        if not answer.rstrip().endswith((".", "!", "?")):
            raise ValueError("a resposta deve terminar com pontuação")
        return answer.strip()

    @model_validator(mode="after")
    def _verdict_first(self) -> "Card":
        if self.verdict and not self.answer.startswith(_LEADS[self.verdict]):
            raise ValueError(f"a resposta deve começar com {_LEADS[self.verdict]!r}")
        if len(set(self.questions)) != len(self.questions):
            raise ValueError("perguntas repetidas")
        return self

    def text(self, say: Callable[[str], str] = str) -> str:
        """The answer, then the detail: as indexed (Portuguese, the corpus' language), or passed
        through `say` (`shown`)."""
        detail = self.detail.strip()
        return f"{say(self.answer)}\n\n{say(detail)}" if detail else say(self.answer)

    def shown(self) -> str:
        """`text()` as the client reads it, in the reply's language."""
        return self.text(_)

    def search_text(self) -> str:
        """What retrieval matches a question against: how clients ask it, and the answer."""
        asked = "\n".join(f"- {question}" for question in self.questions)
        return f"{self.title}\n\n{asked}\n\n{self.answer}"


class CardFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    document: str
    reviewed: date
    card: list[Card] = Field(min_length=1)


class InvalidCards(Exception):
    """A card file that does not validate; the message names the file and the problem."""


def load_card_file(path: Path, corpus_dir: Path = CORPUS_DIR) -> list[Card]:
    try:
        with path.open("rb") as handle:
            parsed = CardFile.model_validate(tomllib.load(handle))
    except (tomllib.TOMLDecodeError, ValidationError) as error:
        raise InvalidCards(f"{path.name}: {error}") from error
    document = corpus_dir / parsed.document
    if Path(parsed.document).stem != path.stem or not document.exists():
        raise InvalidCards(f"{path.name}: documento {parsed.document!r} não existe no corpus")
    return [
        card.model_copy(update={"document": f"corpus/{parsed.document}"}) for card in parsed.card
    ]


def load_cards(cards_dir: Path = CARDS_DIR, corpus_dir: Path = CORPUS_DIR) -> list[Card]:
    """Every card, validated; ids are unique across files."""
    cards = [
        card
        for path in sorted(cards_dir.glob("*.toml"))
        for card in load_card_file(path, corpus_dir)
    ]
    seen: set[str] = set()
    for card in cards:
        if card.id in seen:
            raise InvalidCards(f"cartão repetido: {card.id}")
        seen.add(card.id)
    return cards


@cache
def packaged_cards() -> tuple[Card, ...]:
    """The packaged cards (read once per process)."""
    return tuple(load_cards())


def packaged_card(card_id: str) -> Card | None:
    """The packaged card with this id (None for one an index has and this build does not)."""
    return next((card for card in packaged_cards() if card.id == card_id), None)


def shown_text(card_id: str, indexed: str) -> str:
    """What the client reads of the card an index returned: the packaged card in the reply's
    language, or the indexed text of a card this build does not have."""
    card = packaged_card(card_id)
    return card.shown() if card else indexed
