"""Intent from data: a character n-gram classifier trained on labelled client messages
(bot/assistant/data/intents.tsv) at build time, its weights kept under INFRABOT_HOME
(bot/assistant/intent_weights.py); the assistant's rules decide the sure cases first."""

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, cast

from bot.assistant import card_choice
from bot.assistant.intent_weights import SavedClassifier, Weights
from bot.assistant.reader.text import normalize

Label = Literal[
    "question", "job", "change", "vague", "off_topic", "injection", "handoff", "greeting"
]
LABELS: tuple[Label, ...] = (
    "question", "job", "change", "vague", "off_topic", "injection", "handoff", "greeting"
)  # fmt: skip
DATA_FILE = Path(__file__).parent / "data" / "intents.tsv"
WEIGHTS_FILE = "intent-classifier.npz"


@dataclass(frozen=True)
class Guess:
    label: Label
    # How far the best label's score is ahead of the runner-up's (0 = a tie).
    margin: float


def load_examples(path: Path = DATA_FILE) -> list[tuple[Label, str]]:
    """The labelled messages; a line with an unknown label stops the start-up."""
    examples: list[tuple[Label, str]] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        label, _, text = line.partition("\t")
        if label not in LABELS or not text.strip():
            raise ValueError(f"{path.name}:{number}: rótulo desconhecido ou texto vazio")
        examples.append((label, text.strip()))
    return examples


def warm_up(then: Callable[[], None] | None = None) -> threading.Thread:
    """Load the classifiers in the background (or fit them, when their weights are missing or
    stale) so that a start does not wait for them; then run `then` in the same thread (work the
    first message does not need, started after the work it does need instead of competing with
    it)."""

    def train() -> None:
        try:
            classifier()
            card_choice.classifier()
        finally:  # a classifier that fails to load must not also keep the dense half away
            if then is not None:
                then()

    # A daemon, like the embeddings' loader (knowledge/retriever.py): Assistant.settle waits.
    thread = threading.Thread(target=train, name="intent-warm-up", daemon=True)
    thread.start()
    return thread


def trained() -> bool:
    """Whether the classifiers are ready (a message now would not wait for them)."""
    return _CLASSIFIER.ready() and card_choice.ready()


def _training_set() -> tuple[list[str], list[str]]:
    examples = load_examples()
    return [normalize(text) for _, text in examples], [label for label, _ in examples]


# A linear SVM on character n-grams: the best 5-fold accuracy on the data file among those tried
# (logistic regression, SGD, word n-grams added), and 300 times faster to train than logistic
# regression.
_CLASSIFIER = SavedClassifier(_training_set, WEIGHTS_FILE)


def build() -> None:
    """Fit the intent and answer-card classifiers and save their weights (`infrabot index`)."""
    _CLASSIFIER.build()
    card_choice.build()


def classifier() -> Weights:
    return _CLASSIFIER.weights()


def classify(text: str) -> Guess:
    weights = classifier()
    scores = weights.decision(normalize(text))
    first, second = sorted(scores, reverse=True)[:2]
    return Guess(cast(Label, weights.classes[int(scores.argmax())]), float(first - second))
