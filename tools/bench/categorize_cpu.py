"""CPU cost of merchant names and categories on a big import, in one thread.

    python -m tools.bench.categorize_cpu [--rows 1000000] [--distinct 2000]
        [--examples 20000] [--rounds 3]

Synthetic bank descriptions (UK, US, German and French styles around a few hundred
made-up merchants in 20 categories) stand in for a statement: `--rows` rows drawn from
`--distinct` distinct descriptions, as a real statement repeats its shops and direct
debits. Prints, each the best of `--rounds`:

- merchant names: the cold cost of a distinct description (normalize + cluster against
  the names so far), then rows/s over all rows with the cache warm;
- classifier: training on `--examples` examples; prediction texts/s in batches of 10,000,
  for texts repeating as in a statement and for texts that all differ, each holding a word
  never seen before (with scikit-learn's own char_wb TfidfVectorizer on the same texts,
  for scale);
- categorizer: rows/s through rules then classifier in the importer's batches of 5,000.
"""

from __future__ import annotations

import argparse
import random
import textwrap
import time
import uuid
from collections.abc import Callable

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer  # type: ignore[import-untyped]

from services.analytics.learning import (
    Categorizer,
    CategoryModel,
    MerchantNormalizer,
    Rule,
    RuleBook,
    example_text,
    rule_pattern,
)

PREDICT_BATCH = 10_000
IMPORT_BATCH = 5_000
CATEGORIES = [uuid.UUID(int=n + 1) for n in range(20)]
SYLLABLES = textwrap.wrap("kalominerotusavedipogazufebaxiqureantola", 2)  # made-up brands
KINDS = ("MARKT", "STORES", "CAFE", "SHOP", "ENERGY", "TRAVEL", "PHARMACY", "LTD", "", "")
CITIES = ("LONDON", "MANCHESTER", "BERLIN", "MUENCHEN", "PARIS", "LYON", "SEATTLE", "AUSTIN")
STYLES = (
    "CARD PAYMENT TO {m} {n} ON {d:02d} JAN",
    "{m} {n} {city} GB",
    "DD {m} REF {ref}",
    "POS DEBIT VISA CHECK CARD {n} {m} #{n} {city} WA",
    "ACH DEBIT {m} PPD ID: {ref}",
    "KARTENZAHLUNG {d:02d}.01.2024 12:{d:02d} {m} {n} {city}",
    "SEPA-LASTSCHRIFT {m} EREF+ {ref} MREF+ M-{n} CRED+ DE98ZZZ{ref}",
    "PAIEMENT PAR CARTE X{n} {m} {city} {d:02d}/01",
    "PRLV SEPA {m} ECH/{d:02d}0124 ID EMETTEUR/FR12ZZZ{ref} MDT/{ref}",
)


class Statement:
    def __init__(self, rng: random.Random, merchants: int = 400) -> None:
        self.rng = rng
        names = {self._name() for _ in range(merchants)}
        self.category = {name: rng.choice(CATEGORIES) for name in sorted(names)}
        self.merchants = list(self.category)

    def _name(self) -> str:
        word = "".join(self.rng.sample(SYLLABLES, self.rng.randint(2, 3))).upper()
        return f"{word} {self.rng.choice(KINDS)}".strip()

    def description(self, merchant: str) -> str:
        rng = self.rng
        return rng.choice(STYLES).format(
            m=merchant,
            n=rng.randint(10, 9999),
            d=rng.randint(1, 28),
            city=rng.choice(CITIES),
            ref=rng.randint(10**8, 10**10),
        )

    def labelled(self, count: int) -> list[tuple[str, uuid.UUID]]:
        picks = (self.rng.choice(self.merchants) for _ in range(count))
        return [(self.description(m), self.category[m]) for m in picks]


def made_up(rng: random.Random) -> str:
    return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(8))


def best_of(rounds: int, work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return best


def predict_seconds(examples: list[tuple[str, uuid.UUID]], texts: list[str], rounds: int) -> float:
    """Best time to predict `texts` in batches, each round on a freshly trained model (so
    no word is cached from an earlier round)."""
    best = float("inf")
    for _ in range(rounds):
        model = CategoryModel.train(examples)
        assert model is not None
        started = time.perf_counter()
        in_batches(texts, PREDICT_BATCH, model.predict)
        best = min(best, time.perf_counter() - started)
    return best


def in_batches(items: list[str], size: int, work: Callable[[list[str]], object]) -> None:
    for start in range(0, len(items), size):
        work(items[start : start + size])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--distinct", type=int, default=2_000)
    parser.add_argument("--examples", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(0)
    statement = Statement(rng)
    pool = [statement.description(rng.choice(statement.merchants)) for _ in range(args.distinct)]
    rows = [rng.choice(pool) for _ in range(args.rows)]
    print(f"{args.rows:,} rows from {len(set(pool)):,} distinct descriptions")

    # Merchant names.
    def name_all_once() -> None:
        fresh = MerchantNormalizer()
        for description in pool:
            fresh.name_for(description)

    cold = best_of(args.rounds, name_all_once)
    normalizer = MerchantNormalizer()
    name_for = normalizer.name_for
    named = [(d, name_for(d, None)) for d in rows]
    warm = best_of(args.rounds, lambda: [name_for(d, None) for d in rows])
    print(
        f"merchant names: cold {cold / len(pool) * 1e6:,.1f} us per distinct description "
        f"({len({n for _, n in named}):,} names); warm {args.rows / warm:,.0f} rows/s"
    )

    # Classifier.
    examples = statement.labelled(args.examples)
    train = best_of(args.rounds, lambda: CategoryModel.train(examples))
    print(f"classifier: train on {args.examples:,} examples {train:.2f} s")
    model = CategoryModel.train(examples)
    assert model is not None
    repeating = [example_text(d, n) for d, n in named[:100_000]]
    # A made-up word in every text: nothing alike after cleaning, no word cached.
    distinct = [
        f"{rng.choice(statement.merchants)} {rng.choice(CITIES)} {made_up(rng)}".lower()
        for _ in range(50_000)
    ]
    for label, texts in (("repeating", repeating), ("all distinct", distinct)):
        seconds = predict_seconds(examples, texts, args.rounds)
        print(f"classifier: predict {label}: {len(texts) / seconds:,.0f} texts/s")
    reference = TfidfVectorizer(
        analyzer="char_wb", ngram_range=(2, 4), sublinear_tf=True, dtype=np.float32
    ).fit([text for text, _ in examples])
    seconds = best_of(1, lambda: in_batches(distinct, PREDICT_BATCH, reference.transform))
    print(f"  (scikit-learn TfidfVectorizer alone, all distinct: {len(distinct) / seconds:,.0f}/s)")

    # Categorizer: rules learned from one correction of a tenth of the merchants.
    corrected = statement.merchants[::10]
    rules = RuleBook(
        Rule(rule_pattern(statement.description(m), None), statement.category[m]) for m in corrected
    )

    def categorize_all() -> None:
        categorizer = Categorizer(rules, model, CATEGORIES)
        for start in range(0, len(named), IMPORT_BATCH):
            categorizer.categorize(named[start : start + IMPORT_BATCH])

    seconds = best_of(args.rounds, categorize_all)
    decided = Categorizer(rules, model, CATEGORIES).categorize(named[:IMPORT_BATCH])
    methods = {m: sum(d.method == m for d in decided) for m in ("rule", "classifier", "none")}
    print(
        f"categorizer: {args.rows / seconds:,.0f} rows/s in batches of {IMPORT_BATCH:,} "
        f"({len(rules)} rules; first batch {methods})"
    )


if __name__ == "__main__":
    main()
