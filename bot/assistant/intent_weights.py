"""The intent classifier's weights: fitted by scikit-learn at build time (`infrabot index`, or the
first start without them), saved under INFRABOT_HOME, and applied with numpy alone, because
importing scikit-learn takes over a second that a bot's first answer must not wait for.

`Weights.decision` reproduces the fitted pipeline exactly: TfidfVectorizer's `char_wb` analyzer
(lowercase, no accent stripping), sublinear tf, smoothed idf and l2 normalisation, then LinearSVC's
one-vs-rest decision function. The saved file carries a key, a hash of the training messages and of
these settings: weights from other data or settings are refitted, never used."""

import hashlib
import logging
import os
import re
import tempfile
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from bot.ops.paths import home

if TYPE_CHECKING:
    from sklearn.pipeline import Pipeline

log = logging.getLogger(__name__)

NGRAMS = (2, 5)
C = 0.5
# Any change here, or in how `decision` reads the weights, must change this line: it is in the key.
SETTINGS = f"char_wb {NGRAMS} sublinear_tf l2 LinearSVC(C={C}) weights-v1"
_SPACES = re.compile(r"\s\s+")


def char_ngrams(text: str) -> list[str]:
    """TfidfVectorizer(analyzer="char_wb") step for step: each word padded with one space on
    each side; a word shorter than a size gives itself once and no larger sizes."""
    low, high = NGRAMS
    grams: list[str] = []
    for word in _SPACES.sub(" ", text.lower()).split():
        padded = f" {word} "
        for size in range(low, high + 1):
            offset = 0
            grams.append(padded[:size])
            while offset + size < len(padded):
                offset += 1
                grams.append(padded[offset : offset + size])
            if offset == 0:
                break
    return grams


def training_key(texts: Sequence[str], labels: Sequence[str]) -> str:
    digest = hashlib.sha256(SETTINGS.encode())
    for label, text in zip(labels, texts, strict=True):
        digest.update(f"{label}\t{text}\n".encode())
    return digest.hexdigest()


@dataclass(frozen=True)
class Weights:
    key: str
    classes: tuple[str, ...]
    vocabulary: dict[str, int]
    idf: NDArray[np.float64]
    coef: NDArray[np.float64]  # one row per class
    intercept: NDArray[np.float64]

    def decision(self, text: str) -> NDArray[np.float64]:
        """One score per class, as the pipeline's `decision_function` gives for this text."""
        counts: dict[int, int] = {}
        for gram in char_ngrams(text):
            column = self.vocabulary.get(gram)
            if column is not None:
                counts[column] = counts.get(column, 0) + 1
        if not counts:
            return self.intercept.copy()
        columns = np.fromiter(counts.keys(), dtype=np.intp, count=len(counts))
        tf = np.fromiter(counts.values(), dtype=np.float64, count=len(counts))
        values = (np.log(tf) + 1.0) * self.idf[columns]
        values /= np.sqrt(values @ values)
        scores: NDArray[np.float64] = self.coef[:, columns] @ values + self.intercept
        return scores

    def save(self, path: Path) -> None:
        """Written whole or not at all: replicas sharing INFRABOT_HOME may read it meanwhile."""
        path.parent.mkdir(parents=True, exist_ok=True)
        terms = sorted(self.vocabulary, key=self.vocabulary.__getitem__)
        handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".npz")
        try:
            with os.fdopen(handle, "wb") as file:
                np.savez(
                    file,
                    key=np.array(self.key),
                    classes=np.array(self.classes),
                    terms=np.array(terms),
                    idf=self.idf,
                    coef=self.coef,
                    intercept=self.intercept,
                )
            os.chmod(temporary, 0o644)  # mkstemp's 0600 would hide them from the bot's user
            os.replace(temporary, path)
        finally:
            if os.path.exists(temporary):
                os.unlink(temporary)


def load(path: Path, key: str) -> Weights | None:
    """The saved weights when they were fitted on this data with these settings; else None
    (missing, stale or unreadable: the caller refits)."""
    try:
        with np.load(path, allow_pickle=False) as saved:
            if str(saved["key"]) != key:
                return None
            terms = saved["terms"].tolist()
            weights = Weights(
                key=key,
                classes=tuple(saved["classes"].tolist()),
                vocabulary={term: column for column, term in enumerate(terms)},
                idf=saved["idf"].astype(np.float64),
                coef=saved["coef"].astype(np.float64),
                intercept=saved["intercept"].astype(np.float64),
            )
    except FileNotFoundError:
        return None
    except Exception as error:  # a truncated or foreign file is refitted, not a crash
        log.warning(
            "pesos do classificador ilegíveis (%s): treinando de novo", type(error).__name__
        )
        return None
    consistent = weights.coef.shape == (len(weights.classes), len(weights.vocabulary))
    return weights if consistent and weights.idf.shape == (len(terms),) else None


def fitted_pipeline(texts: Sequence[str], labels: Sequence[str]) -> "Pipeline":
    """The scikit-learn pipeline the weights come from (imported here only: it is slow)."""
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.pipeline import make_pipeline
    from sklearn.svm import LinearSVC

    pipeline = make_pipeline(
        TfidfVectorizer(analyzer="char_wb", ngram_range=NGRAMS, sublinear_tf=True),
        LinearSVC(C=C),
    )
    pipeline.fit(list(texts), list(labels))
    return pipeline


def weights_of(pipeline: "Pipeline", key: str) -> Weights:
    vectorizer: Any = pipeline.steps[0][1]
    svm: Any = pipeline.steps[-1][1]
    return Weights(
        key=key,
        classes=tuple(str(label) for label in svm.classes_),
        vocabulary={str(term): int(column) for term, column in vectorizer.vocabulary_.items()},
        idf=np.asarray(vectorizer.idf_, dtype=np.float64),
        coef=np.asarray(svm.coef_, dtype=np.float64),
        intercept=np.asarray(svm.intercept_, dtype=np.float64),
    )


def fit(texts: Sequence[str], labels: Sequence[str], path: Path) -> Weights:
    """Fit and save; a home that cannot be written only costs the next start its fit."""
    weights = weights_of(fitted_pipeline(texts, labels), training_key(texts, labels))
    try:
        weights.save(path)
    except OSError as error:
        log.warning("não consegui salvar os pesos do classificador em %s (%s)", path, error)
    return weights


def load_or_fit(texts: Sequence[str], labels: Sequence[str], path: Path) -> Weights:
    return load(path, training_key(texts, labels)) or fit(texts, labels, path)


TrainingSet = tuple[list[str], list[str]]


class SavedClassifier:
    """A classifier whose weights live in INFRABOT_HOME under `file_name`: loaded once per process
    in milliseconds, fitted first (about 1.5 s with scikit-learn's import) when they are missing
    or were fitted on other data."""

    def __init__(self, training_set: Callable[[], TrainingSet], file_name: str) -> None:
        self._training_set = training_set
        self._file_name = file_name
        self._lock = threading.Lock()
        self._weights: Weights | None = None

    def weights(self) -> Weights:
        if self._weights is not None:  # every message comes here: no lock once loaded
            return self._weights
        with self._lock:
            if self._weights is None:
                self._weights = load_or_fit(*self._training_set(), self._path())
            return self._weights

    def build(self) -> None:
        """Fit and save (`infrabot index`): a bot that finds these weights never imports
        scikit-learn."""
        fit(*self._training_set(), self._path())

    def ready(self) -> bool:
        return self._weights is not None

    def _path(self) -> Path:
        return home() / self._file_name  # read when used: tests and the CLI change the home
