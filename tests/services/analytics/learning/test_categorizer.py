from __future__ import annotations

import random

import pytest

from services.analytics.learning import categorizer as categorizer_module
from services.analytics.learning.categorizer import Categorization, Categorizer
from services.analytics.learning.classifier import MIN_CONFIDENCE, CategoryModel
from services.analytics.learning.rules import Rule, RuleBook
from tests.services.analytics.learning import samples

GROCERIES = samples.CATEGORIES["groceries"]
FUEL = samples.CATEGORIES["fuel"]
SHOPPING = samples.CATEGORIES["shopping"]
NONE = Categorization(None, "none", 0.0)


@pytest.fixture(scope="module")
def model() -> CategoryModel:
    trained = CategoryModel.train(samples.labelled(per_merchant=5, seed=1))
    assert trained is not None
    return trained


def test_a_rule_beats_the_classifier(model: CategoryModel) -> None:
    # The classifier says groceries for Tesco; the user taught "tesco petrol" is fuel.
    item = ("CARD PAYMENT TO TESCO PETROL 3412 ON 02 JAN", None)
    assert model.predict(["CARD PAYMENT TO TESCO PETROL 3412 ON 02 JAN"])[0][0] == GROCERIES
    categorizer = Categorizer(RuleBook([Rule("tesco petrol", FUEL)]), model)
    assert categorizer.categorize([item]) == [Categorization(FUEL, "rule", 1.0)]


def test_the_classifier_decides_what_no_rule_covers(model: CategoryModel) -> None:
    categorizer = Categorizer(RuleBook([Rule("tesco petrol", FUEL)]), model)
    [decision] = categorizer.categorize([("CB CARREFOUR MARKET 12/01", "Carrefour Market")])
    assert decision.category_id == GROCERIES
    assert decision.method == "classifier"
    assert MIN_CONFIDENCE <= decision.confidence <= 1.0


def test_an_unsure_prediction_leaves_the_transaction_uncategorized(model: CategoryModel) -> None:
    text = "GYMSHARK 4411"
    assert model.predict([text])[0][1] < MIN_CONFIDENCE
    assert Categorizer(RuleBook([]), model).categorize([(text, None)]) == [NONE]


def test_without_rules_or_model_nothing_is_decided() -> None:
    categorizer = Categorizer(RuleBook([]), None)
    assert categorizer.categorize([("TESCO STORES 3412", "Tesco Stores")]) == [NONE]
    assert categorizer.categorize([]) == []


def test_a_rule_for_a_deleted_category_falls_through_to_the_classifier(
    model: CategoryModel,
) -> None:
    categorizer = Categorizer(
        RuleBook([Rule("tesco stores", SHOPPING)]), model, allowed={GROCERIES, FUEL}
    )
    [decision] = categorizer.categorize([("TESCO STORES 3412", None)])
    assert (decision.category_id, decision.method) == (GROCERIES, "classifier")


def test_a_prediction_of_a_deleted_category_is_ignored(model: CategoryModel) -> None:
    categorizer = Categorizer(RuleBook([]), model, allowed={FUEL})
    assert categorizer.categorize([("TESCO STORES 3412", None)]) == [NONE]
    [fuel] = categorizer.categorize([("SHELL OIL 57442651", None)])
    assert (fuel.category_id, fuel.method) == (FUEL, "classifier")


def test_a_batch_is_answered_in_order_each_distinct_item_once(model: CategoryModel) -> None:
    rng = random.Random(3)
    merchants = ["TESCO STORES", "SHELL OIL", "GYMSHARK"]
    items = [(samples.render(rng.choice(merchants), "{m} {store}", rng), None) for _ in range(300)]
    items += items[:50]
    categorizer = Categorizer(RuleBook([Rule("shell oil", FUEL)]), model)
    batch = categorizer.categorize(items)
    assert batch == [
        Categorizer(RuleBook([Rule("shell oil", FUEL)]), model).categorize([i])[0] for i in items
    ]
    assert {d.method for d in batch} == {"rule", "classifier", "none"}
    # Asked again (the next batch of an import), the answers come from memory.
    assert categorizer.categorize(items[::-1]) == batch[::-1]


def test_a_batch_larger_than_the_memory_is_still_answered(
    model: CategoryModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(categorizer_module, "CACHE_SIZE", 3)
    categorizer = Categorizer(RuleBook([Rule("shell oil", FUEL)]), model)
    items = [(f"SHELL OIL {n}", None) for n in range(5)] + [("TESCO STORES", None)] * 5
    decisions = categorizer.categorize(items)
    assert [d.method for d in decisions] == ["rule"] * 5 + ["classifier"] * 5
