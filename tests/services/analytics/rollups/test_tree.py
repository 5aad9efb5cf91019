"""The category tree the roll-ups' readers sum leaves into (pure)."""

from __future__ import annotations

import uuid
from dataclasses import replace

from services.analytics.categories.domain import Category
from services.analytics.rollups.tree import CategoryTree
from tests.services.analytics.categories.support import ALICE, NOW


def a_category(name: str, parent: Category | None = None, color: str = "#123456") -> Category:
    return Category(
        id=uuid.uuid4(),
        user_id=ALICE,
        name=name,
        parent_id=None if parent is None else parent.id,
        color=color,
        icon_name=None,
        is_default=False,
        default_key=None,
        created_at=NOW,
        updated_at=NOW,
    )


FOOD = a_category("Food", color="#FF9800")
GROCERIES = a_category("Groceries", FOOD)
ORGANIC = a_category("Organic", GROCERIES)
COFFEE = a_category("coffee", FOOD)
RENT = a_category("Rent")
TREE = CategoryTree([ORGANIC, RENT, GROCERIES, FOOD, COFFEE])


def test_every_category_belongs_to_its_top_level() -> None:
    assert TREE.root_of(ORGANIC.id) == TREE.root_of(GROCERIES.id) == FOOD.id
    assert TREE.root_of(RENT.id) == RENT.id
    assert TREE.top_level(ORGANIC.id) == FOOD.id
    assert TREE.roots() == [FOOD.id, RENT.id]


def test_descendants_include_the_category_itself() -> None:
    assert TREE.descendants(FOOD.id) == {FOOD.id, GROCERIES.id, ORGANIC.id, COFFEE.id}
    assert TREE.descendants(GROCERIES.id) == {GROCERIES.id, ORGANIC.id}
    assert TREE.descendants(RENT.id) == {RENT.id}


def test_names_and_colours_for_display() -> None:
    assert (TREE.name(FOOD.id), TREE.color(FOOD.id)) == ("Food", "#FF9800")
    assert (TREE.name(None), TREE.color(None)) == ("Uncategorized", None)


def test_an_unknown_category_is_uncategorized() -> None:
    gone = uuid.uuid4()
    assert gone not in TREE
    assert TREE.root_of(gone) == gone
    assert TREE.top_level(gone) is None and TREE.top_level(None) is None
    assert TREE.name(gone) == "Uncategorized"


def test_a_category_whose_parent_is_gone_is_top_level() -> None:
    orphan = CategoryTree([GROCERIES, ORGANIC])
    assert orphan.root_of(ORGANIC.id) == GROCERIES.id
    assert orphan.roots() == [GROCERIES.id]


def test_a_corrupt_cycle_does_not_hang() -> None:
    a = a_category("A")
    b = replace(a_category("B"), parent_id=a.id)
    looped = CategoryTree([replace(a, parent_id=b.id), b])
    assert looped.root_of(a.id) in {a.id, b.id}
    assert looped.descendants(a.id) == {a.id, b.id}


def test_the_signature_changes_with_what_readers_show() -> None:
    renamed = CategoryTree([replace(FOOD, name="Meals"), GROCERIES, ORGANIC, COFFEE, RENT])
    assert renamed.signature() != TREE.signature()
    assert CategoryTree([RENT, COFFEE, FOOD, GROCERIES, ORGANIC]).signature() == TREE.signature()
