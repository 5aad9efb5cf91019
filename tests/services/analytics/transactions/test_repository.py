"""TransactionRepository on real databases: what categorization learns from (only the
user's own decisions, newest first), merchant names, a document's page, and rules."""

from __future__ import annotations

import uuid
from decimal import Decimal

import pytest

from services.analytics.categories.domain import NewCategory
from services.analytics.categories.usecases import create_category
from services.analytics.learning.classifier import example_text
from services.analytics.learning.rules import Rule
from services.runtime.errors import NotFound, PermissionDenied
from tests.services.analytics.categories.support import ALICE, BOB, NOW, clock
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.transactions.support import a_document, stored


def category(uow: UowFactory, name: str, user: uuid.UUID = ALICE) -> uuid.UUID:
    return create_category(uow(), user, NewCategory(name=name), clock).id


def test_training_examples_are_the_users_own_decisions_newest_first(uow: UowFactory) -> None:
    food, fuel = category(uow, "Food"), category(uow, "Fuel")
    stored(uow, ALICE, "REWE", category=food, method="manual", day=1, merchant="Rewe")
    stored(uow, ALICE, "SHELL 42", category=fuel, method="rule", day=3)
    stored(uow, ALICE, "ARAL", category=fuel, method="classifier", day=4)  # its own guess
    stored(uow, ALICE, "UNKNOWN", day=5)
    stored(uow, BOB, "EDEKA", category=category(uow, "Food", BOB), method="manual", day=6)
    with uow() as unit:
        examples = unit.repos.transactions.training_examples(ALICE)
        assert examples == [("SHELL 42", fuel), (example_text("REWE", "Rewe"), food)]
        assert unit.repos.transactions.training_examples(ALICE, limit=1) == [("SHELL 42", fuel)]


def test_merchant_names_are_distinct_and_most_recent_first(uow: UowFactory) -> None:
    stored(uow, ALICE, "a", merchant="Tesco Stores", day=1)
    stored(uow, ALICE, "b", merchant="Aldi", day=2)
    stored(uow, ALICE, "c", merchant="Tesco Stores", day=3)
    stored(uow, ALICE, "d", day=4)
    stored(uow, BOB, "e", merchant="Lidl", day=5)
    with uow() as unit:
        assert unit.repos.transactions.merchant_names(ALICE) == ["Tesco Stores", "Aldi"]


def test_a_documents_page_is_in_statement_order(uow: UowFactory) -> None:
    document = a_document(uow, ALICE)
    for row in (3, 1, 2):
        stored(uow, ALICE, f"row {row}", document=document, row_number=row)
    stored(uow, ALICE, "manual")
    with uow() as unit:
        page, total = unit.repos.transactions.page_of_document(ALICE, document, 2, 0)
        assert ([t.description for t in page], total) == (["row 1", "row 2"], 3)
        page, total = unit.repos.transactions.page_of_document(ALICE, document, 2, 2)
        assert ([t.description for t in page], total) == (["row 3"], 3)
        # Scoped like everything else: Bob's view of Alice's document is empty.
        assert unit.repos.transactions.page_of_document(BOB, document, 10, 0) == ([], 0)


def test_get_tells_foreign_from_missing_and_keeps_the_amount_exact(uow: UowFactory) -> None:
    mine = stored(uow, ALICE, "Lunch")
    with uow() as unit:
        found = unit.repos.transactions.get(ALICE, mine.id)
        assert found == mine and found.amount == Decimal("-9.9900")
        with pytest.raises(PermissionDenied):
            unit.repos.transactions.get(BOB, mine.id)
        with pytest.raises(NotFound):
            unit.repos.transactions.get(ALICE, uuid.uuid4())


def test_learning_a_rule_counts_hits_and_replaces_a_rule_pointing_elsewhere(
    uow: UowFactory,
) -> None:
    food, fuel = category(uow, "Food"), category(uow, "Fuel")
    with uow() as unit:
        rules = unit.repos.transactions
        assert rules.learn_rule(ALICE, "shell", food, NOW) == Rule("shell", food, 1)
        assert rules.learn_rule(ALICE, "shell", food, NOW) == Rule("shell", food, 2)
        assert rules.learn_rule(ALICE, "shell", fuel, NOW) == Rule("shell", fuel, 1)
        assert rules.learn_rule(ALICE, "rewe", food, NOW) == Rule("rewe", food, 1)
        assert sorted(rules.rules_of(ALICE), key=lambda r: r.pattern) == [
            Rule("rewe", food, 1),
            Rule("shell", fuel, 1),
        ]
        assert rules.rules_of(BOB) == []
        rules.forget_rules_for(ALICE, fuel)
        assert rules.rules_of(ALICE) == [Rule("rewe", food, 1)]
