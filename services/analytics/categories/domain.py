"""Categories as rules and values (pure): the default set, what a valid category is, the
order they are listed in, and which defaults a user still lacks.

A category nests under a parent of the same user, at most MAX_DEPTH levels deep; its name
is unique among its siblings, ignoring case. Defaults are one per user and `default_key`
(renaming one keeps its key); they cannot be deleted.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime

from services.analytics import fields
from services.runtime import visible_text
from services.runtime.errors import AlreadyExists, FieldViolation, raise_if_any
from services.runtime.visible_text import has_hidden_characters

MAX_NAME = 100
MAX_ICON = 50
# Top level = 1: e.g. Food > Groceries > Organic. Deeper trees make reports unreadable.
MAX_DEPTH = 3
DEFAULT_COLOR = "#9E9E9E"
_COLOR = re.compile(r"#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})\Z")


@dataclass(frozen=True, slots=True)
class Category:
    id: uuid.UUID
    user_id: uuid.UUID
    name: str
    parent_id: uuid.UUID | None
    color: str
    icon_name: str | None
    is_default: bool
    # The default set's stable key; None for a custom category.
    default_key: str | None
    created_at: datetime
    updated_at: datetime


# -- the default set -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DefaultCategory:
    key: str
    name: str
    color: str
    icon_name: str
    parent_key: str | None = None


def _family(
    key: str, name: str, color: str, icon: str, *children: tuple[str, str, str]
) -> Iterator[DefaultCategory]:
    """A top-level default and its subcategories (key, name, icon), which share its colour."""
    yield DefaultCategory(key, name, color, icon)
    for child_key, child_name, child_icon in children:
        yield DefaultCategory(child_key, child_name, color, child_icon, key)


# Keys are stored per user (categories.default_key): never change or reuse one. Icon names
# are Material Symbols names, which clients map to their own icon set.
DEFAULTS: tuple[DefaultCategory, ...] = (
    *_family(
        "income", "Income", "#4CAF50", "payments",
        ("salary", "Salary", "work"),
        ("refunds", "Refunds", "undo"),
        ("interest", "Interest", "percent"),
    ),
    *_family(
        "housing", "Housing", "#795548", "home",
        ("rent", "Rent", "apartment"),
        ("mortgage", "Mortgage", "real_estate_agent"),
        ("utilities", "Utilities", "bolt"),
    ),
    *_family(
        "food", "Food", "#FF9800", "restaurant",
        ("groceries", "Groceries", "shopping_cart"),
        ("restaurants", "Restaurants", "restaurant_menu"),
        ("coffee", "Coffee", "local_cafe"),
    ),
    *_family(
        "transport", "Transport", "#2196F3", "directions_car",
        ("fuel", "Fuel", "local_gas_station"),
        ("public_transport", "Public transport", "directions_bus"),
        ("taxi", "Taxi", "local_taxi"),
        ("parking", "Parking", "local_parking"),
    ),
    *_family(
        "shopping", "Shopping", "#E91E63", "shopping_bag",
        ("clothing", "Clothing", "checkroom"),
        ("electronics", "Electronics", "devices"),
        ("household", "Household", "chair"),
    ),
    *_family(
        "entertainment", "Entertainment", "#9C27B0", "movie",
        ("subscriptions", "Subscriptions", "subscriptions"),
        ("events", "Events", "theater_comedy"),
        ("hobbies", "Hobbies", "sports_esports"),
    ),
    *_family(
        "health", "Health", "#F44336", "favorite",
        ("pharmacy", "Pharmacy", "local_pharmacy"),
        ("doctor", "Doctor", "medical_services"),
        ("fitness", "Fitness", "fitness_center"),
    ),
    *_family(
        "travel", "Travel", "#00BCD4", "flight",
        ("flights", "Flights", "flight_takeoff"),
        ("accommodation", "Accommodation", "hotel"),
    ),
    *_family(
        "education", "Education", "#3F51B5", "school",
        ("courses", "Courses", "cast_for_education"),
        ("books", "Books", "menu_book"),
    ),
    *_family(
        "financial", "Financial", "#607D8B", "account_balance",
        ("fees", "Fees", "receipt_long"),
        ("transfers", "Transfers", "swap_horiz"),
        ("savings", "Savings", "savings"),
        ("taxes", "Taxes", "request_quote"),
        ("insurance", "Insurance", "shield"),
    ),
    *_family("other", "Other", "#9E9E9E", "category"),
)  # fmt: skip

# Parents before children: each level is created once the previous one exists.
DEFAULT_LEVELS: tuple[tuple[DefaultCategory, ...], ...] = (
    tuple(d for d in DEFAULTS if d.parent_key is None),
    tuple(d for d in DEFAULTS if d.parent_key is not None),
)


@dataclass(frozen=True, slots=True)
class DefaultsPlan:
    """What one level of EnsureDefaultCategories does for a user."""

    # (custom category id, key): a custom category with a default's name where that
    # default belongs becomes that default, rather than getting a same-named sibling.
    adopt: tuple[tuple[uuid.UUID, str], ...]
    # (default, its parent's id) to insert.
    create: tuple[tuple[DefaultCategory, uuid.UUID | None], ...]


def plan_defaults(existing: Sequence[Category], level: Iterable[DefaultCategory]) -> DefaultsPlan:
    by_key = {c.default_key: c for c in existing if c.default_key is not None}
    adopt: list[tuple[uuid.UUID, str]] = []
    create: list[tuple[DefaultCategory, uuid.UUID | None]] = []
    for default in level:
        if default.key in by_key:
            continue
        parent_id = None
        if default.parent_key is not None:
            parent = by_key.get(default.parent_key)
            if parent is None:
                continue  # its parent's level did not create it: nothing to nest under
            parent_id = parent.id
        twin = next(
            (
                c
                for c in existing
                if c.default_key is None
                and c.parent_id == parent_id
                and same_name(c.name, default.name)
            ),
            None,
        )
        if twin is not None:
            adopt.append((twin.id, default.key))
        else:
            create.append((default, parent_id))
    return DefaultsPlan(tuple(adopt), tuple(create))


# -- validation ------------------------------------------------------------------------


def same_name(a: str, b: str) -> bool:
    return a.casefold() == b.casefold()


def normalize_color(raw: str) -> str | None:
    """#RGB or #RRGGBB as upper-case #RRGGBB; None when it is neither."""
    text = raw.strip()
    if _COLOR.match(text) is None:
        return None
    digits = text[1:].upper()
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    return "#" + digits


def _name(raw: str, problems: list[FieldViolation]) -> str | None:
    # Inner white space collapsed too (docs/analytics.md): names are compared between
    # siblings, and "Eating  out" is the same name as "Eating out".
    return fields.name(raw, problems, limit=MAX_NAME, collapse_spaces=True)


def _color(raw: str, problems: list[FieldViolation]) -> str | None:
    color = normalize_color(raw)
    if color is None:
        problems.append(FieldViolation("color", "must be a hex colour such as #4CAF50"))
    return color


def _icon(raw: str, problems: list[FieldViolation]) -> str | None:
    text = raw.strip()
    if len(text) > MAX_ICON:
        problems.append(FieldViolation("icon_name", f"must be at most {MAX_ICON} characters"))
    elif has_hidden_characters(text):
        problems.append(FieldViolation("icon_name", visible_text.PROBLEM))
    # An empty icon name is no icon.
    return text or None


@dataclass(frozen=True, slots=True)
class NewCategory:
    """A custom category as sent; None = not sent."""

    name: str
    parent_id: uuid.UUID | None = None
    color: str | None = None
    icon_name: str | None = None


@dataclass(frozen=True, slots=True)
class CategoryInput:
    """A validated new category."""

    name: str
    parent_id: uuid.UUID | None
    color: str
    icon_name: str | None


@dataclass(frozen=True, slots=True)
class CategoryChanges:
    """New values of a category; None = not sent (kept). An empty icon name removes it."""

    name: str | None = None
    color: str | None = None
    icon_name: str | None = None


def validate_new(new: NewCategory, tree: CategoryTree) -> CategoryInput:
    """`new` with its values normalized, or InvalidArgument / AlreadyExists.

    `tree` holds the caller's categories: the parent must be one of them, and be
    shallow enough to nest under.
    """
    problems: list[FieldViolation] = []
    name = _name(new.name, problems)
    color = DEFAULT_COLOR if new.color is None else _color(new.color, problems)
    icon = None if new.icon_name is None else _icon(new.icon_name, problems)
    if new.parent_id is not None:
        if new.parent_id not in tree:
            problems.append(FieldViolation("parent_id", "is not one of your categories"))
        elif tree.depth(new.parent_id) >= MAX_DEPTH:
            problems.append(
                FieldViolation("parent_id", f"categories nest at most {MAX_DEPTH} levels deep")
            )
    raise_if_any(problems)
    assert name is not None and color is not None
    _require_unique(name, tree.children(new.parent_id), None)
    return CategoryInput(name=name, parent_id=new.parent_id, color=color, icon_name=icon)


def validate_changes(
    category: Category, changes: CategoryChanges, tree: CategoryTree
) -> CategoryChanges:
    """`changes` normalized; the icon as "" when it is to be removed."""
    problems: list[FieldViolation] = []
    name = None if changes.name is None else _name(changes.name, problems)
    color = None if changes.color is None else _color(changes.color, problems)
    icon = None if changes.icon_name is None else (_icon(changes.icon_name, problems) or "")
    raise_if_any(problems)
    if name is not None:
        _require_unique(name, tree.children(category.parent_id), category.id)
    return CategoryChanges(name=name, color=color, icon_name=icon)


def _require_unique(name: str, siblings: Iterable[Category], itself: uuid.UUID | None) -> None:
    for sibling in siblings:
        if sibling.id != itself and same_name(sibling.name, name):
            raise AlreadyExists(
                f"a category named {sibling.name!r} already exists at this level",
                violations=[FieldViolation("name", "is already used by a sibling category")],
            )


def undeletable(category: Category) -> bool:
    return category.is_default


# -- the tree --------------------------------------------------------------------------


class CategoryTree:
    """One user's categories as a tree: membership, depth, children."""

    def __init__(self, categories: Iterable[Category]) -> None:
        self._by_id = {c.id: c for c in categories}
        self._children: dict[uuid.UUID | None, list[Category]] = {}
        for category in self._by_id.values():
            parent = category.parent_id if category.parent_id in self._by_id else None
            self._children.setdefault(parent, []).append(category)
        for children in self._children.values():
            children.sort(key=lambda c: (c.name.casefold(), c.name, c.id.int))

    def __contains__(self, category_id: object) -> bool:
        return category_id in self._by_id

    def children(self, parent_id: uuid.UUID | None) -> list[Category]:
        return self._children.get(parent_id, [])

    def depth(self, category_id: uuid.UUID) -> int:
        """1 for a top-level category. Bounded: parent links never form a cycle (a parent
        is chosen once, among existing categories), but a corrupt one must not hang us."""
        depth, current = 0, self._by_id.get(category_id)
        while current is not None and depth <= len(self._by_id):
            depth += 1
            current = self._by_id.get(current.parent_id) if current.parent_id else None
        return depth

    def ordered(self) -> list[Category]:
        """Every category, each parent followed by its subtree, siblings by name."""
        out: list[Category] = []
        stack = list(reversed(self.children(None)))
        while stack:
            category = stack.pop()
            out.append(category)
            stack.extend(reversed(self.children(category.id)))
        return out


def listing(categories: Iterable[Category]) -> list[Category]:
    return CategoryTree(categories).ordered()
