"""The intent classifier's saved weights: numpy gives scikit-learn's answers, a bot that finds
them never imports scikit-learn, and missing, stale or broken weights are refitted."""

import os
import random
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pytest

from bot.assistant.intent import WEIGHTS_FILE, load_examples
from bot.assistant.intent_weights import (
    fitted_pipeline,
    load,
    load_or_fit,
    training_key,
    weights_of,
)
from bot.assistant.reader.text import normalize

if TYPE_CHECKING:
    from sklearn.pipeline import Pipeline

EXAMPLES = load_examples()
TEXTS = [normalize(text) for _, text in EXAMPLES]
LABELS = [label for label, _ in EXAMPLES]


def _varied(count: int) -> list[str]:
    """Messages the classifier never saw: words of the data file shuffled and recombined, with
    odd case, spacing, accents, digits, emoji, words shorter than every n-gram, and nothing."""
    pick = random.Random(17)
    words = sorted({word for text in TEXTS for word in text.split()})
    extras = ["", " ", "x", "é", "TPU", "GPU!!", "R$ 1.500,00", "🚀", "zzzzqqq", "ação", "\t\n"]
    found = ["", "   ", "a", "ok", "🚀🚀", "qqqqqqqq wwwww", "ÁÉÍ óú ç", "1 2 3 4 5 6 7 8 9"]
    while len(found) < count:
        chosen = pick.sample(words, pick.randint(1, 12)) + pick.sample(extras, pick.randint(0, 2))
        pick.shuffle(chosen)
        separator = pick.choice([" ", "  ", " \t ", "\n"])
        text = separator.join(chosen)
        found.append(text.upper() if pick.random() < 0.2 else text)
    return found


@pytest.fixture(scope="module")
def pipeline() -> "Pipeline":
    return fitted_pipeline(TEXTS, LABELS)


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory, pipeline: "Pipeline") -> Path:
    path = tmp_path_factory.mktemp("home") / WEIGHTS_FILE
    weights_of(pipeline, training_key(TEXTS, LABELS)).save(path)
    return path


def test_numpy_gives_the_labels_and_scores_of_scikit_learn(
    saved: Path, pipeline: "Pipeline"
) -> None:
    weights = load(saved, training_key(TEXTS, LABELS))  # as a bot reads them
    assert weights is not None
    messages = TEXTS + [normalize(text) for text in _varied(400)] + _varied(100)
    expected = pipeline.decision_function(messages)
    got = np.array([weights.decision(text) for text in messages])
    assert np.abs(got - expected).max() < 1e-9
    labels = [weights.classes[int(row.argmax())] for row in got]
    assert labels == [str(label) for label in pipeline.predict(messages)]
    assert list(weights.classes) == [str(label) for label in pipeline.classes_]


def test_a_bot_with_saved_weights_never_imports_scikit_learn(saved: Path) -> None:
    script = (
        "import sys\n"
        "from bot.assistant.intent import classify\n"
        "print(classify('quanto custa treinar um llama 8b com 20 mil exemplos?').label)\n"
        "print('sklearn' in sys.modules)\n"
    )
    env = {**os.environ, "INFRABOT_HOME": str(saved.parent)}
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == ["job", "False"]


def test_missing_weights_are_fitted_and_saved(tmp_path: Path) -> None:
    path = tmp_path / "new" / WEIGHTS_FILE
    weights = load_or_fit(TEXTS, LABELS, path)
    assert path.exists()
    again = load(path, training_key(TEXTS, LABELS))
    assert again is not None and again.vocabulary == weights.vocabulary


def test_weights_of_other_data_are_refitted(tmp_path: Path) -> None:
    path = tmp_path / WEIGHTS_FILE
    load_or_fit(TEXTS[:-1], LABELS[:-1], path)  # the data file before its last line
    weights = load_or_fit(TEXTS, LABELS, path)
    assert weights.key == training_key(TEXTS, LABELS)
    assert load(path, training_key(TEXTS, LABELS)) is not None
    assert load(path, training_key(TEXTS[:-1], LABELS[:-1])) is None


@pytest.mark.parametrize("content", [b"", b"not a zip file", b"PK\x03\x04broken"])
def test_broken_weights_are_refitted_not_a_crash(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / WEIGHTS_FILE
    path.write_bytes(content)
    weights = load_or_fit(TEXTS, LABELS, path)
    assert weights.classes[int(weights.decision(normalize("oi, bom dia!")).argmax())] == "greeting"
    assert load(path, weights.key) is not None
