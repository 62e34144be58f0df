"""Which answer card a question asks for, learned from the cards' own questions: a character
n-gram classifier (the intent classifier's kind, weights under INFRABOT_HOME) reorders the cards
retrieval found when it is sure, because retrieval's word overlap and embeddings confuse
neighbouring cards ("a TPU é um chip do Google?" found the card on TPU advantages)."""

from bot.assistant.intent_weights import SavedClassifier, Weights
from bot.assistant.reader.text import normalize
from knowledge.cards import packaged_cards
from knowledge.retriever import CardMatch

WEIGHTS_FILE = "card-classifier.npz"
# Lead over the runner-up card from which the classifier's pick goes first. Measured on the tuning
# sets (150 guidance paraphrases; 52 guidance cases of the evaluation's tuning part): no
# reordering 122/150 and 50/52; any lead 130/150 but 46/52; 0.15: 128/150 and 50/52; 0.3: 125/150.
MIN_LEAD = 0.15
# Lead in meaning (the dense similarity) from which a card goes before the fused first: English
# questions share few words with the Portuguese cards, so word overlap ranked a neighbour first
# ("what's a TPU exactly?" found the GPU-or-TPU card at 0.75, the TPU card at 0.95).
DENSE_LEAD = 0.15


def _training_set() -> tuple[list[str], list[str]]:
    cards = packaged_cards()
    texts = [normalize(question) for card in cards for question in card.questions]
    labels = [card.id for card in cards for _ in card.questions]
    return texts, labels


_CLASSIFIER = SavedClassifier(_training_set, WEIGHTS_FILE)


def classifier() -> Weights:
    return _CLASSIFIER.weights()


def build() -> None:
    _CLASSIFIER.build()


def ready() -> bool:
    return _CLASSIFIER.ready()


def reordered(question: str, cards: list[CardMatch]) -> list[CardMatch]:
    """`cards` with the one the classifier is sure of first, when retrieval found it; a question
    asked word for word keeps its card."""
    if len(cards) < 2 or cards[0].exact:
        return cards
    cards = _closest_in_meaning(cards)
    weights = classifier()
    scores = weights.decision(normalize(question))
    first, second = sorted(scores, reverse=True)[:2]
    best = weights.classes[int(scores.argmax())]
    if first - second < MIN_LEAD:
        return cards
    chosen = [card for card in cards if card.id == best]
    return chosen + [card for card in cards if card.id != best]


def _closest_in_meaning(cards: list[CardMatch]) -> list[CardMatch]:
    if cards[0].similarity is None:  # no dense half to compare
        return cards
    closest = max(cards, key=lambda card: card.similarity or 0.0)
    if (closest.similarity or 0.0) - cards[0].similarity < DENSE_LEAD:
        return cards
    return [closest, *(card for card in cards if card is not closest)]
