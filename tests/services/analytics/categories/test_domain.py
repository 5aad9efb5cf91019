"""The category rules without a database: the default set, colours, names, depth, order
and which defaults a user still lacks."""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime

import pytest

from services.analytics.categories import domain
from services.analytics.categories.domain import (
    DEFAULTS,
    Category,
    CategoryChanges,
    CategoryTree,
    NewCategory,
)
from services.runtime.errors import AlreadyExists, InvalidArgument

NOW = datetime(2026, 3, 1, tzinfo=UTC)
USER = uuid.uuid4()


def category(name: str, parent: Category | None = None, key: str | None = None) -> Category:
    return Category(
        id=uuid.uuid4(),
        user_id=USER,
        name=name,
        parent_id=parent.id if parent else None,
        color="#9E9E9E",
        icon_name=None,
        is_default=key is not None,
        default_key=key,
        created_at=NOW,
        updated_at=NOW,
    )


def test_the_default_set_is_a_two_level_tree_with_stable_unique_keys() -> None:
    keys = [d.key for d in DEFAULTS]
    assert len(keys) == len(set(keys))
    top = [d for d in DEFAULTS if d.parent_key is None]
    assert len(top) >= 10
    assert {"income", "housing", "food", "transport", "financial"} <= {d.key for d in top}
    by_key = {d.key: d for d in DEFAULTS}
    for default in DEFAULTS:
        assert re.fullmatch(r"#[0-9A-F]{6}", default.color), default
        assert default.icon_name and len(default.icon_name) <= domain.MAX_ICON
        assert len(default.key) <= 50 and len(default.name) <= domain.MAX_NAME
        if default.parent_key is not None:
            assert by_key[default.parent_key].parent_key is None
    assert by_key["groceries"].parent_key == "food"
    assert by_key["salary"].parent_key == "income"
    # The levels cover the set, parents first.
    assert [d for level in domain.DEFAULT_LEVELS for d in level] == sorted(
        DEFAULTS, key=lambda d: d.parent_key is not None
    )


@pytest.mark.parametrize(
    ("raw", "normal"),
    [("#4caf50", "#4CAF50"), ("#abc", "#AABBCC"), (" #FFF ", "#FFFFFF"), ("#000000", "#000000")],
)
def test_colours_are_normalized(raw: str, normal: str) -> None:
    assert domain.normalize_color(raw) == normal


@pytest.mark.parametrize("raw", ["red", "#12345", "#GGGGGG", "4CAF50", "#4CAF50x", ""])
def test_bad_colours(raw: str) -> None:
    assert domain.normalize_color(raw) is None


def test_a_new_category_is_normalized_and_defaulted() -> None:
    made = domain.validate_new(NewCategory(name="  Pet \t care "), CategoryTree([]))
    assert (made.name, made.color, made.icon_name, made.parent_id) == (
        "Pet care", domain.DEFAULT_COLOR, None, None
    )  # fmt: skip
    styled = domain.validate_new(
        NewCategory(name="Pets", color="#0f0", icon_name=" pets "), CategoryTree([])
    )
    assert (styled.color, styled.icon_name) == ("#00FF00", "pets")


def test_every_bad_field_is_reported_at_once() -> None:
    with pytest.raises(InvalidArgument) as caught:
        domain.validate_new(
            NewCategory(name=" ", color="blue", icon_name="x" * 51, parent_id=uuid.uuid4()),
            CategoryTree([]),
        )
    assert [v.field for v in caught.value.violations] == [
        "name", "color", "icon_name", "parent_id"
    ]  # fmt: skip
    for bad in ("x" * 101, "bell\x07", "zero\u200bwidth"):
        with pytest.raises(InvalidArgument) as caught:
            domain.validate_new(NewCategory(name=bad), CategoryTree([]))
        assert caught.value.violations[0].field == "name"


def test_sibling_names_are_unique_ignoring_case_but_cousins_may_share() -> None:
    food = category("Food")
    snacks = category("Snacks", food)
    tree = CategoryTree([food, snacks, category("Travel")])
    with pytest.raises(AlreadyExists):
        domain.validate_new(NewCategory(name="FOOD"), tree)
    with pytest.raises(AlreadyExists):
        domain.validate_new(NewCategory(name="snacks", parent_id=food.id), tree)
    assert domain.validate_new(NewCategory(name="Snacks"), tree).name == "Snacks"
    # Renaming: its own name in another case is fine, a sibling's is not.
    assert domain.validate_changes(food, CategoryChanges(name="FOOD"), tree).name == "FOOD"
    with pytest.raises(AlreadyExists):
        domain.validate_changes(food, CategoryChanges(name="travel"), tree)


def test_nesting_stops_at_three_levels() -> None:
    one = category("One")
    two = category("Two", one)
    three = category("Three", two)
    tree = CategoryTree([one, two, three])
    assert [tree.depth(c.id) for c in (one, two, three)] == [1, 2, 3]
    assert domain.validate_new(NewCategory(name="x", parent_id=two.id), tree).parent_id == two.id
    with pytest.raises(InvalidArgument) as caught:
        domain.validate_new(NewCategory(name="x", parent_id=three.id), tree)
    assert caught.value.violations[0].field == "parent_id"
    assert "3 levels" in caught.value.violations[0].description


def test_changes_keep_what_was_not_sent_and_an_empty_icon_removes_it() -> None:
    food = category("Food")
    tree = CategoryTree([food])
    assert domain.validate_changes(food, CategoryChanges(), tree) == CategoryChanges()
    changed = domain.validate_changes(food, CategoryChanges(color="#abc", icon_name=""), tree)
    assert changed == CategoryChanges(name=None, color="#AABBCC", icon_name="")


def test_listing_puts_each_parent_before_its_subtree_siblings_by_name() -> None:
    food = category("food")
    bakery = category("Bakery", food)
    bread = category("bread", bakery)
    coffee = category("Coffee", food)
    auto = category("Auto")
    listed = domain.listing([coffee, bread, auto, food, bakery])
    assert [c.name for c in listed] == ["Auto", "food", "Bakery", "bread", "Coffee"]


def test_plan_creates_what_is_missing_and_adopts_a_same_named_custom_category() -> None:
    tops, children = domain.DEFAULT_LEVELS
    assert domain.plan_defaults([], tops).create == tuple((d, None) for d in tops)
    # No parent yet: the children wait for their level's turn.
    assert domain.plan_defaults([], children).create == ()

    food = category("Food", key="food")
    my_groceries = category("GROCERIES", food)
    plan = domain.plan_defaults([food, my_groceries], children)
    assert plan.adopt == ((my_groceries.id, "groceries"),)
    created = {d.key: parent for d, parent in plan.create}
    assert "groceries" not in created and created["coffee"] == food.id
    assert "salary" not in created  # Income is not there
    # Done: nothing left to do.
    everything = [category(d.name, key=d.key) for d in DEFAULTS]
    assert domain.plan_defaults(everything, tops) == domain.DefaultsPlan((), ())
