"""Merchant names from bank descriptions: a matching key, and one display name per merchant.

`merchant_key` strips what a bank adds around a merchant's name (transaction-type words,
card and reference numbers, dates, store numbers, domain endings, legal forms) and folds
case and accents, so "CARD PAYMENT TO TESCO STORES 3412 ON 02 JAN" and "Tesco Stores
Ltd" both give "tesco stores". `MerchantNormalizer` then clusters keys that still differ
("tesco store" / "tesco stores") onto one display name with rapidfuzz.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import _CacheInfo, lru_cache

from rapidfuzz import fuzz, process

from services.analytics.learning import boilerplate as words

# Clustering: a new key joins the most similar representative whose token_set_ratio is at
# least SIMILARITY (0 to 100). 90 merges spelling variants ("tesco store" ~ "tesco stores",
# 96) and keeps different merchants of one brand apart ("amazon prime video" ~ "amazon
# prime music", 80). token_set_ratio scores 100 whenever one key's words are a subset of
# the other's, so such a merge also needs the shared words to hold at least MIN_SHARED
# letters: "sainsburys" + "sainsburys s mkts" merge, "uber" / "uber eats" and "shell" /
# "shell energy" do not (a rule learned on one must not categorize the other).
SIMILARITY = 90
MIN_SHARED = 6
# A new key is compared only with the representatives that share the first BLOCK_PREFIX
# letters of one of its words (blocking, as record linkage does): a pair scoring 90 or more
# shares such a prefix in practice, and the cost of a new merchant no longer grows with
# the number of merchants (token_set_ratio costs ~0.2 us a pair).
BLOCK_PREFIX = 3
# Bounds that keep a huge or hostile import's memory and cost flat: descriptions cached,
# keys remembered, representatives kept, and representatives per block (past these a new
# merchant is still named, just not offered to later ones as a cluster).
CACHE_SIZE = 65_536
MAX_KEYS = 262_144
MAX_CLUSTERS = 100_000
MAX_BLOCK = 1_000
# A number after the merchant's name ends it when at most this many words follow: they
# are the place ("TESCO STORES 3412 LONDON", "STARBUCKS STORE 12345 SAN FRANCISCO CA").
MAX_PLACE_WORDS = 3
MAX_NAME = 200
# Only the start of a description is read: a name is never further in (SEPA's purpose
# text, the latest, starts within the first ~150 characters), and a hostile file's
# megabyte-long cell costs no more than a normal one.
MAX_TEXT = 500

_I = re.IGNORECASE


def _words(vocabulary: tuple[str, ...]) -> str:
    return rf"(?<![\w&])(?:{words.alternation(vocabulary)})(?![\w&])"


_DOMAIN = re.compile(
    r"(?<![\w.@])(?:https?://)?(?:[\w-]+\.)*?([\w-]+)\."
    rf"(?:{words.alternation(words.TLDS)})(?!\w)(?:/\S*)?",
    _I,
)
# "E.ON", "S.A.R.L.", "J.D." → "EON", "SARL.", "JD.": single letters joined by dots.
_INITIAL_DOT = re.compile(r"(?<=\b[^\W\d_])\.(?=[^\W\d_])")
_PROCESSOR = re.compile(rf"(?<![\w&])(?:{words.alternation(words.PROCESSORS)})\s*\*", _I)
_TAG_VALUE = re.compile(rf"{_words(words.TAGS)}(?:\s*[/+]\s*\S+|\s*[:.#]*\s*(?=\S*\d)\S+)", _I)
_MONTH_NEAR = words.alternation(words.MONTHS_NEAR_A_DAY)
_DATES = re.compile(
    "|".join(
        (
            r"\d{4}-\d{2}-\d{2}(?:[T ]\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?Z?)?",
            r"\d{1,2}[./-]\d{1,2}(?:[./-]\d{2,4})?\.?",
            r"\d{1,2}[:h]\d{2}(?::\d{2})?",
            rf"(?<!\d)\d{{1,2}}(?!\d)\.?\s*(?:{_MONTH_NEAR})(?![^\W\d_])\.?(?:\s*\d{{2,4}}(?!\d))?",
            rf"(?<![\w&])(?:{_MONTH_NEAR})\.?\s*\d{{1,2}}(?!\d)",
            _words(words.MONTHS_ALONE),
        )
    ),
    _I,
)
_PHRASE = re.compile(_words(words.PHRASES), _I)
# Words keep "&", "'" and "-" inside them: "M&S", "McDonald's", "T-Mobile".
_SEPARATORS = re.compile(r"[^\w&'-]+|_")
_MASKED = re.compile(r"[x*]{3,}", _I)
_VOWELS = frozenset("aeiouyäöüéèêàâîôû")
_TRANSLITERATE = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
_DISPLAY_FORMS = {
    "ltd": "Ltd", "gmbh": "GmbH", "mbh": "mbH", "plc": "PLC", "llc": "LLC", "llp": "LLP",
    "inc": "Inc", "ag": "AG", "kg": "KG", "se": "SE", "sa": "SA", "sas": "SAS", "sarl": "SARL",
    "bv": "BV", "nv": "NV", "uk": "UK", "us": "US", "usa": "USA",
}  # fmt: skip


def merchant_key(description: str) -> str:
    """The normalized matching key of a description or name; "" when nothing is left."""
    return _key(_tokens(description))


def _tokens(text: str) -> list[str]:
    """The words of `text` that can be a merchant's name, in the bank's own case."""
    text = unicodedata.normalize("NFKC", text[:MAX_TEXT])
    text = _DOMAIN.sub(r" \1 ", text)
    text = _INITIAL_DOT.sub("", text)
    text = _PROCESSOR.sub(" ", text)
    # Phrases before tags: "CHECK CARD 1234" is wording, then "CARD 1234" is a tag.
    text = _PHRASE.sub(" ", text)
    text = _TAG_VALUE.sub(" ", text)
    text = _DATES.sub(" ", text)
    kept: list[str] = []
    seen: set[str] = set()
    place: int | None = None  # where a number after the name was
    for raw in _SEPARATORS.split(text):
        token = raw.strip("'-")
        if not token:
            continue
        if any(_is_reference(part) for part in _parts(token)):
            if place is None and not all(_is_edge_noise(t) for t in kept):
                place = len(kept)
            continue
        folded = _fold(token)
        if folded in seen and folded != "&":
            continue  # "NETFLIX.COM NETFLIX.COM", "AMZN MKTP UK*… AMZN.CO.UK"
        seen.add(folded)
        kept.append(token)
    if place is not None and len(kept) - place <= MAX_PLACE_WORDS:
        del kept[place:]
    while kept and _is_edge_noise(kept[0]):
        del kept[0]
    while kept and (_is_edge_noise(kept[-1]) or _fold(kept[-1]) in words.TRAILING_PLACES):
        del kept[-1]
    return kept


def _parts(token: str) -> list[str]:
    """The pieces of a hyphenated word, a lone digit joined to the rest ("7-ELEVEN")."""
    parts = token.split("-")
    return [p for p in parts if not (len(p) == 1 and p.isdigit())] if len(parts) > 1 else parts


def _is_edge_noise(token: str) -> bool:
    folded = _fold(token).strip("&")
    return len(folded) <= 1 or folded in words.EDGE_WORDS


def _is_reference(token: str) -> bool:
    """Card, reference, store and phone numbers; masked card numbers ("XXXX")."""
    digits = sum(c.isdigit() for c in token)
    if digits:
        # One digit inside letters is part of a name: "O2", "7up", "B2B".
        return digits == len(token) or digits >= 2 or len(token) >= 8
    return _MASKED.fullmatch(token) is not None


def _fold(token: str) -> str:
    """Case- and accent-insensitive form: "Müller" and "MUELLER" both → "mueller"."""
    folded = token.casefold().translate(_TRANSLITERATE)
    if folded.isascii():
        return folded.replace("'", "")
    decomposed = unicodedata.normalize("NFKD", folded)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).replace("'", "")


def _key(tokens: list[str]) -> str:
    folded = [f for f in (_fold(t).replace("-", " ").strip("& ") for t in tokens) if f]
    while len(folded) > 1 and folded[-1] in words.LEGAL_SUFFIXES:
        del folded[-1]
    return " ".join(folded)[:MAX_NAME]


def _display_name(tokens: list[str]) -> str:
    """Readable casing: the bank's own when it mixed cases ("McDonald's"), else title case
    with acronyms kept ("TFL", "M&S", "BP") and legal forms spelled as usual ("GmbH")."""
    text = " ".join(tokens)
    if any(c.isupper() for c in text) and any(c.islower() for c in text):
        return text[:MAX_NAME]
    return " ".join(_pretty(t) for t in tokens)[:MAX_NAME]


def _pretty(token: str) -> str:
    lower = token.lower()
    if lower in _DISPLAY_FORMS:
        return _DISPLAY_FORMS[lower]
    if "&" in lower or (len(lower) <= 4 and not _VOWELS.intersection(lower)):
        return token.upper()
    return "-".join(part.capitalize() for part in lower.split("-"))


_ZEROED = str.maketrans("123456789", "000000000")
_UNSEEN = object()


class MerchantNormalizer:
    """One user's merchant names during one import (or one request).

    Remembers every key it has named, so each variant of a merchant gets the name the
    first one got (or the user's existing name for it). Not thread-safe: one per import.
    """

    def __init__(self, known: Iterable[str] = ()) -> None:
        self._names: dict[str, str] = {}
        # Cluster representatives: their keys (what rapidfuzz compares), their names, and
        # which of them each block (a word's first letters) holds.
        self._cluster_keys: list[str] = []
        self._cluster_names: list[str] = []
        self._blocks: dict[str, list[int]] = {}
        for name in known:
            key = merchant_key(name)
            if key and key not in self._names:
                self._names[key] = name
                self._add_cluster(key, name)
        # Bank descriptions repeat (the same shop, the same direct debit), so almost every
        # row of a big import is answered here; lru_cache is C code, one dict lookup.
        self._cached = lru_cache(maxsize=CACHE_SIZE)(self._resolve)
        self._by_shape: dict[tuple[str, str | None], str | object | None] = {}

    def name_for(self, description: str, payee: str | None = None) -> str | None:
        """The display name for a transaction; the payee (when the format gives one) is
        the better source. None when neither holds anything but bank wording and numbers."""
        # Most distinct descriptions differ only in their digits (card, store and
        # reference numbers, dates: 40k distinct became 5k shapes in a 100k-row
        # statement), and digits never make a merchant's key. So a description is first
        # looked up by its shape, digits zeroed: one C-level translate and dict lookup.
        shape = (description.translate(_ZEROED), payee.translate(_ZEROED) if payee else None)
        name = self._by_shape.get(shape, _UNSEEN)
        if name is _UNSEEN:
            name = self._cached(description, payee)
            if len(self._by_shape) < CACHE_SIZE:
                self._by_shape[shape] = name
        return name  # type: ignore[return-value]

    def cache_info(self) -> _CacheInfo:
        """Hits, misses and size of the description cache (for benchmarks and tests)."""
        return self._cached.cache_info()

    def _resolve(self, description: str, payee: str | None) -> str | None:
        tokens = _tokens(payee) if payee else []
        key = _key(tokens)
        if not key:
            tokens = _tokens(description)
            key = _key(tokens)
            if not key:
                return None
        name = self._names.get(key)
        if name is None:
            name = self._cluster(key, _display_name(tokens))
            if len(self._names) < MAX_KEYS:
                self._names[key] = name
        return name

    def _cluster(self, key: str, display: str) -> str:
        blocks = [self._blocks.get(block, []) for block in _blocks_of(key)]
        # Sorted: among equal scores the earliest representative wins, whatever the order
        # of the blocks.
        candidates = sorted(set().union(*blocks))
        found = process.extract(
            key,
            [self._cluster_keys[i] for i in candidates],
            scorer=fuzz.token_set_ratio,
            score_cutoff=SIMILARITY,
            limit=3,
        )
        for choice, score, position in found:
            if score < 100 or _shares_enough(key, choice):
                return self._cluster_names[candidates[position]]
        self._add_cluster(key, display)
        return display

    def _add_cluster(self, key: str, name: str) -> None:
        if len(self._cluster_keys) >= MAX_CLUSTERS:
            return
        index = len(self._cluster_keys)
        self._cluster_keys.append(key)
        self._cluster_names.append(name)
        for block in _blocks_of(key):
            members = self._blocks.setdefault(block, [])
            if len(members) < MAX_BLOCK:
                members.append(index)


def _blocks_of(key: str) -> set[str]:
    return {word[:BLOCK_PREFIX] for word in key.split()}


def _shares_enough(key: str, other: str) -> bool:
    """Whether a subset match (score 100) is one merchant rather than a shared word."""
    mine, theirs = set(key.split()), set(other.split())
    if mine == theirs:
        return True
    return sum(len(w) for w in mine & theirs) >= MIN_SHARED
