from __future__ import annotations

import random
import statistics
import time
import uuid

import pytest

from services.analytics.learning.classifier import (
    MIN_CONFIDENCE,
    MIN_EXAMPLES,
    CategoryModel,
    example_text,
)
from tests.services.analytics.learning import samples

GROCERIES = samples.CATEGORIES["groceries"]
FUEL = samples.CATEGORIES["fuel"]


@pytest.fixture(scope="module")
def model() -> CategoryModel:
    # 5 renderings of each of 45 merchants in 10 categories: 225 examples.
    trained = CategoryModel.train(samples.labelled(per_merchant=5, seed=1))
    assert trained is not None
    return trained


def test_predicts_new_variants_of_known_merchants_with_high_confidence(
    model: CategoryModel,
) -> None:
    held_out = samples.labelled(per_merchant=10, seed=99)  # other numbers, dates, styles
    predictions = model.predict([text for text, _ in held_out])
    correct = [p[0] == category for p, (_, category) in zip(predictions, held_out, strict=True)]
    confidences = [confidence for _, confidence in predictions]
    assert sum(correct) / len(correct) >= 0.98
    assert statistics.median(confidences) >= 0.8
    applied = [ok for ok, (_, c) in zip(correct, predictions, strict=True) if c >= MIN_CONFIDENCE]
    assert len(applied) / len(held_out) >= 0.9
    assert all(applied)


def test_merchants_never_categorized_stay_below_the_threshold(model: CategoryModel) -> None:
    rng = random.Random(7)
    unseen = [text for m in samples.UNSEEN for text in samples.descriptions(m, 10, rng)]
    confidences = [confidence for _, confidence in model.predict(unseen)]
    assert sum(c >= MIN_CONFIDENCE for c in confidences) / len(confidences) <= 0.05


def test_the_merchant_name_is_part_of_the_text() -> None:
    assert example_text("SEPA-LASTSCHRIFT EREF+ 1234", "Stadtwerke") == (
        "SEPA-LASTSCHRIFT EREF+ 1234 Stadtwerke"
    )
    assert example_text("TESCO STORES 3412", None) == "TESCO STORES 3412"


def test_a_huge_text_is_read_from_its_start(model: CategoryModel) -> None:
    huge = example_text("SHELL OIL 57442651 " + "Z" * 1_000_000, "Shell Oil")
    assert huge.endswith(" Shell Oil")
    assert len(huge) < 1000
    started = time.perf_counter()
    [(category, _)] = model.predict(["SHELL OIL " + "Z" * 5_000_000])
    assert time.perf_counter() - started < 0.5
    assert category == FUEL


def test_refuses_too_few_examples() -> None:
    examples = samples.labelled(per_merchant=1, seed=1)[: MIN_EXAMPLES - 1]
    assert len({category for _, category in examples}) >= 2
    assert CategoryModel.train(examples) is None
    assert CategoryModel.train([]) is None


def test_texts_without_letters_do_not_count_as_examples() -> None:
    examples = samples.labelled(per_merchant=1, seed=1)[: MIN_EXAMPLES - 1]
    assert CategoryModel.train([*examples, ("12/01 4711", GROCERIES), ("", FUEL)]) is None


def test_refuses_a_single_category() -> None:
    rng = random.Random(1)
    examples = [(text, GROCERIES) for text in samples.descriptions("TESCO STORES", 50, rng)]
    assert CategoryModel.train(examples) is None


def test_deterministic_for_a_seed_and_independent_of_example_order() -> None:
    examples = samples.labelled(per_merchant=3, seed=4)
    shuffled = examples[:]
    random.Random(0).shuffle(shuffled)
    texts = [text for text, _ in samples.labelled(per_merchant=2, seed=5)]
    first = CategoryModel.train(examples, seed=3)
    again = CategoryModel.train(shuffled, seed=3)
    assert first is not None and again is not None
    assert first.predict(texts) == again.predict(texts)


def test_repeated_texts_in_a_batch_get_the_answers_they_get_alone(model: CategoryModel) -> None:
    texts = ["CB CARREFOUR MARKET 12/01", "SHELL OIL 1234", "CB CARREFOUR MARKET 12/01"]
    batch = model.predict(texts)
    assert batch == [model.predict([text])[0] for text in texts]
    assert batch[0] == batch[2]
    assert batch[0][0] == GROCERIES
    assert batch[1][0] == FUEL


def test_a_text_with_nothing_to_read_has_no_confidence(model: CategoryModel) -> None:
    [(_, confidence)] = model.predict(["12/01 4711 ***"])
    assert confidence == 0.0
    assert model.predict([]) == []


def test_predictions_name_only_trained_categories(model: CategoryModel) -> None:
    predicted = {category for category, _ in model.predict(["ANYTHING AT ALL", "TESCO"])}
    assert predicted <= set(samples.CATEGORIES.values())
    assert isinstance(next(iter(predicted)), uuid.UUID)
