"""Character n-gram TF-IDF of short texts, computed a word at a time.

The same matrix as scikit-learn's `TfidfVectorizer(analyzer="char_wb",
ngram_range=(2, 4), sublinear_tf=True, lowercase=False)` (a test holds the two equal), about
ten times faster on bank descriptions. `char_wb` n-grams never cross a word boundary, so a
text's counts are the sum of its words' counts: each distinct word's n-gram columns are
worked out once and cached, and a batch becomes (texts by words) @ (words by n-grams), one
sparse product, instead of Python generating every n-gram of every text.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
from scipy.sparse import csr_matrix
from sklearn.feature_extraction.text import TfidfTransformer

Columns = npt.NDArray[np.int64]
# Words seen at prediction time are remembered up to this many (a model lives for one
# import; this bounds what a file of random words could make it hold).
MAX_CACHED_WORDS = 500_000


class CharNgramTfidf:
    def __init__(self, ngram_range: tuple[int, int] = (2, 4)) -> None:
        self._min_n, self._max_n = ngram_range
        self._vocabulary: dict[str, int] = {}
        self._word_columns: dict[str, Columns] = {}
        self._tfidf = TfidfTransformer(sublinear_tf=True)

    @property
    def n_features(self) -> int:
        return len(self._vocabulary)

    def fit_transform(self, texts: Sequence[str]) -> csr_matrix:
        """Learns the n-gram vocabulary and the idf weights of `texts`; their matrix."""
        counts = self._counts(texts, learn=True)
        return csr_matrix(self._tfidf.fit_transform(counts))

    def transform(self, texts: Sequence[str]) -> csr_matrix:
        """The matrix of `texts`; n-grams never seen in training are ignored."""
        if not texts:  # scikit-learn refuses an empty matrix
            return csr_matrix((0, self.n_features), dtype=np.float32)
        return csr_matrix(self._tfidf.transform(self._counts(texts, learn=False)))

    def _counts(self, texts: Sequence[str], *, learn: bool) -> csr_matrix:
        batch_words: dict[str, int] = {}
        indices: list[int] = []
        indptr = [0]
        for text in texts:
            for word in text.split():
                column = batch_words.get(word)
                if column is None:
                    column = batch_words[word] = len(batch_words)
                indices.append(column)
            indptr.append(len(indices))
        words = csr_matrix(
            (np.ones(len(indices), dtype=np.float32), indices, indptr),
            shape=(len(texts), len(batch_words)),
        )
        per_word = [self._columns(word, learn=learn) for word in batch_words]
        word_indptr = np.zeros(len(per_word) + 1, dtype=np.int64)
        np.cumsum([len(c) for c in per_word], out=word_indptr[1:])
        columns = np.concatenate(per_word) if per_word else np.zeros(0, dtype=np.int64)
        ngrams = csr_matrix(
            (np.ones(len(columns), dtype=np.float32), columns, word_indptr),
            shape=(len(per_word), self.n_features),
        )
        return csr_matrix(words @ ngrams)

    def _columns(self, word: str, *, learn: bool) -> Columns:
        cached = self._word_columns.get(word)
        if cached is not None:
            return cached
        grams = self._ngrams(word)
        if learn:
            vocabulary = self._vocabulary
            found = [vocabulary.setdefault(g, len(vocabulary)) for g in grams]
        else:
            found = [c for c in map(self._vocabulary.get, grams) if c is not None]
        columns = np.array(found, dtype=np.int64)
        if len(self._word_columns) < MAX_CACHED_WORDS:
            self._word_columns[word] = columns
        return columns

    def _ngrams(self, word: str) -> list[str]:
        # scikit-learn's char_wb: the word padded with one space each side, every n-gram
        # of each size; a padded word no longer than n is one n-gram and ends the sizes.
        padded = f" {word} "
        length = len(padded)
        grams: list[str] = []
        for n in range(self._min_n, self._max_n + 1):
            if length <= n:
                grams.append(padded)
                break
            grams += [padded[i : i + n] for i in range(length - n + 1)]
        return grams
