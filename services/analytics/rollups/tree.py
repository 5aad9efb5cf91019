"""A user's categories as the roll-ups' readers need them (pure): which top-level
category a transaction category belongs to, and names and colours for display.

The roll-ups are kept per transaction category (the leaf a transaction carries); a
category's amounts include its subcategories', so readers sum leaves into their
top-level category here, at read time — re-shaping the tree never touches a roll-up.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable

from services.analytics.categories.domain import Category

UNCATEGORIZED = "Uncategorized"


class CategoryTree:
    """Built from `uow.repos.categories.all_of(user_id)`.

    An id the user does not have (a category deleted after its transactions were rolled
    up) is nobody's child: `root_of` answers the id itself, `top_level` None, and its
    name is "Uncategorized" — its transactions are being uncategorized anyway.
    """

    def __init__(self, categories: Iterable[Category]) -> None:
        self._by_id = {c.id: c for c in categories}
        self._children: dict[uuid.UUID, list[uuid.UUID]] = {}
        for category in self._by_id.values():
            if category.parent_id is not None and category.parent_id in self._by_id:
                self._children.setdefault(category.parent_id, []).append(category.id)
        self._roots = {cid: self._find_root(cid) for cid in self._by_id}

    def _find_root(self, category_id: uuid.UUID) -> uuid.UUID:
        # Bounded walk: parent links never form a cycle (a parent is chosen once, among
        # existing categories), but a corrupt one must not hang a read.
        current = self._by_id[category_id]
        for _ in range(len(self._by_id)):
            parent = current.parent_id
            if parent is None or parent not in self._by_id:
                break
            current = self._by_id[parent]
        return current.id

    def signature(self) -> tuple[tuple[str, str, str, str], ...]:
        """Everything about the categories a reader shows or groups by (ids, names,
        colours, parents), to tell whether anything derived from them is still current."""
        return tuple(
            sorted((str(c.id), c.name, c.color, str(c.parent_id)) for c in self._by_id.values())
        )

    def __contains__(self, category_id: object) -> bool:
        return category_id in self._by_id

    def root_of(self, category_id: uuid.UUID) -> uuid.UUID:
        """The top-level category `category_id` is under (itself when top-level)."""
        return self._roots.get(category_id, category_id)

    def top_level(self, category_id: uuid.UUID | None) -> uuid.UUID | None:
        """The top-level category of a transaction's category; None (uncategorized) for
        none or an unknown one."""
        if category_id is None:
            return None
        return self._roots.get(category_id)

    def lineage(self, category_id: uuid.UUID | None) -> list[uuid.UUID]:
        """The category and the categories above it, nearest first (empty for none or an
        unknown one): every category whose amounts include this one's."""
        found: list[uuid.UUID] = []
        current = None if category_id is None else self._by_id.get(category_id)
        while current is not None and len(found) < len(self._by_id):
            found.append(current.id)
            current = None if current.parent_id is None else self._by_id.get(current.parent_id)
        return found

    def descendants(self, category_id: uuid.UUID) -> set[uuid.UUID]:
        """The category and everything under it."""
        found = {category_id}
        stack = [category_id]
        while stack:
            for child in self._children.get(stack.pop(), ()):
                if child not in found:
                    found.add(child)
                    stack.append(child)
        return found

    def roots(self) -> list[uuid.UUID]:
        """The top-level categories, by name (ignoring case)."""
        tops = [c for c in self._by_id.values() if self._roots[c.id] == c.id]
        tops.sort(key=lambda c: (c.name.casefold(), c.name, c.id.int))
        return [c.id for c in tops]

    def name(self, category_id: uuid.UUID | None) -> str:
        category = None if category_id is None else self._by_id.get(category_id)
        return UNCATEGORIZED if category is None else category.name

    def color(self, category_id: uuid.UUID | None) -> str | None:
        """Its display colour (hex); None for uncategorized."""
        category = None if category_id is None else self._by_id.get(category_id)
        return None if category is None else category.color
