from __future__ import annotations

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer  # type: ignore[import-untyped]

from services.analytics.learning.ngrams import CharNgramTfidf

TRAIN = [
    "card payment to tesco stores on jan",
    "tesco store",
    "kartenzahlung rewe markt berlin",
    "a bb ccc dddd eeeee",
    "prlv sepa free mobile ech id emetteur",
    "mcdonald s mcdonald s",
    "",
]
LATER = ["tesco express", "rewe city", "zzz unknown qqq", "", "a a a"]


def reference() -> TfidfVectorizer:
    return TfidfVectorizer(
        analyzer="char_wb",
        ngram_range=(2, 4),
        sublinear_tf=True,
        lowercase=False,
        dtype=np.float32,
    )


def as_columns(matrix: object, vocabulary: dict[str, int]) -> list[dict[str, float]]:
    dense = np.asarray(matrix.todense())  # type: ignore[attr-defined]
    names = {column: gram for gram, column in vocabulary.items()}
    return [{names[c]: round(float(v), 5) for c, v in enumerate(row) if v} for row in dense]


def test_the_same_matrix_as_scikit_learns_char_wb_tfidf() -> None:
    ours, theirs = CharNgramTfidf(), reference()
    fitted = ours.fit_transform(TRAIN)
    expected = theirs.fit_transform(TRAIN)
    assert ours.n_features == len(theirs.vocabulary_)
    assert as_columns(fitted, ours._vocabulary) == as_columns(expected, theirs.vocabulary_)
    assert as_columns(ours.transform(LATER), ours._vocabulary) == as_columns(
        theirs.transform(LATER), theirs.vocabulary_
    )


def test_unknown_words_and_empty_texts_give_empty_rows() -> None:
    vectorizer = CharNgramTfidf()
    vectorizer.fit_transform(["tesco stores", "rewe markt"])
    matrix = vectorizer.transform(["qqq", "", "tesco"])
    assert matrix.shape == (3, vectorizer.n_features)
    assert matrix.getrow(0).nnz == 0
    assert matrix.getrow(1).nnz == 0
    assert matrix.getrow(2).nnz > 0


def test_an_empty_batch() -> None:
    vectorizer = CharNgramTfidf()
    vectorizer.fit_transform(["tesco stores"])
    assert vectorizer.transform([]).shape == (0, vectorizer.n_features)
