"""A per-user text classifier: which category a transaction's text belongs to.

Trained on one user's categorized transactions only (the caller passes that user's
examples), kept for one import or request, never stored. Texts are the description plus
the merchant name (`example_text`), case-folded with digits and punctuation removed, so
references, dates and amounts do not count; what counts are the character 2- to 4-grams of the
words (TF-IDF, sublinear tf; ngrams.py), which recognise a merchant through store numbers,
abbreviations and spelling variants. The model is a multinomial logistic regression: its
probabilities are the confidence recorded on each transaction.
"""

from __future__ import annotations

import re
import uuid
import warnings
from collections import Counter
from collections.abc import Sequence

import numpy as np
from scipy.sparse import csr_matrix
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import LogisticRegression

from services.analytics.learning.ngrams import CharNgramTfidf

# Fewer examples than this (or a single category) teach nothing worth trusting.
MIN_EXAMPLES = 10
# Predictions less probable than this are not applied (method "none"). Chosen on simulated
# histories (tests/services/analytics/learning/threshold_table.py, table in
# docs/categorization.md): at 0.55 what the classifier categorized was at least 97.7%
# right in every history, and at most 11% of merchants the user never categorized got a
# category; 0.45 lets up to 24% through, 0.65 categorizes 8 to 13 points fewer.
MIN_CONFIDENCE = 0.55
# Inverse regularization strength, chosen in the same runs: weak regularization lets two
# or three examples of a merchant carry a confident prediction (C=10 categorized up to 15
# points fewer), while C=50 made unknown merchants confident too (up to 28% through).
REGULARIZATION_C = 20.0
MAX_ITERATIONS = 300

# What of a text is read: the start of a description says what it is, and a hostile
# file's megabyte-long cell costs no more than a normal one.
MAX_DESCRIPTION = 500
MAX_TEXT = 1000

_NOISE = re.compile(r"[\W\d_]+")


def example_text(description: str, merchant_name: str | None) -> str:
    """The text the model learns from and predicts on: the same for both, always."""
    description = description[:MAX_DESCRIPTION]
    return f"{description} {merchant_name}" if merchant_name else description


def _clean(text: str) -> str:
    return _NOISE.sub(" ", text[:MAX_TEXT].casefold()).strip()


class CategoryModel:
    """A trained model; `predict` is safe to call on any batch of texts."""

    def __init__(
        self, vectorizer: CharNgramTfidf, model: LogisticRegression, classes: list[uuid.UUID]
    ) -> None:
        self._vectorizer = vectorizer
        self._model = model
        self.classes = classes

    @classmethod
    def train(
        cls, examples: Sequence[tuple[str, uuid.UUID]], *, seed: int = 0
    ) -> CategoryModel | None:
        """A model of `examples` (text, category id); None when they are too few (under
        MIN_EXAMPLES usable texts) or name fewer than two categories.

        Identical (text, category) pairs train once with their count as weight — the same
        optimum as repeating them, at the cost of the distinct texts only. The pairs are
        sorted first, so the model depends on the examples and the seed, not their order.
        """
        counted = Counter((_clean(text), category) for text, category in examples)
        usable = [pair for pair in counted if pair[0]]
        categories = sorted({category for _, category in usable})
        if sum(counted[pair] for pair in usable) < MIN_EXAMPLES or len(categories) < 2:
            return None
        usable.sort(key=lambda pair: (pair[0], pair[1].int))
        index = {category: i for i, category in enumerate(categories)}
        vectorizer = CharNgramTfidf()
        features = vectorizer.fit_transform([text for text, _ in usable])
        labels = np.array([index[category] for _, category in usable])
        weights = np.array([counted[pair] for pair in usable], dtype=np.float64)
        model = LogisticRegression(C=REGULARIZATION_C, max_iter=MAX_ITERATIONS, random_state=seed)
        with warnings.catch_warnings():
            # Stopping at MAX_ITERATIONS still ranks categories well; training time is
            # bounded instead.
            warnings.simplefilter("ignore", ConvergenceWarning)
            model.fit(features, labels, sample_weight=weights)
        return cls(vectorizer, model, categories)

    def predict(self, texts: Sequence[str]) -> list[tuple[uuid.UUID, float]]:
        """The most probable category of each text and its probability (0 to 1), in order.

        Each distinct text is vectorized and scored once for the whole batch. A text with
        nothing but digits and punctuation gets confidence 0.0.
        """
        if not texts:
            return []
        # Batches repeat texts, and texts that differ only in numbers clean to the same.
        raw: dict[str, int] = {}
        raw_slots = [raw.setdefault(text, len(raw)) for text in texts]
        distinct: dict[str, int] = {}
        slots = [distinct.setdefault(_clean(text), len(distinct)) for text in raw]
        cleaned = list(distinct)
        best, confidence = self._score(cleaned)
        if "" in distinct:
            confidence[distinct[""]] = 0.0
        classes = self.classes
        answers = [(classes[b], float(c)) for b, c in zip(best, confidence, strict=True)]
        return [answers[slots[slot]] for slot in raw_slots]

    def _score(self, cleaned: list[str]) -> tuple[list[int], np.ndarray]:
        features: csr_matrix = self._vectorizer.transform(cleaned)
        probabilities = self._model.predict_proba(features)
        best = probabilities.argmax(axis=1)
        return best.tolist(), probabilities[np.arange(len(cleaned)), best]
