"""Which of a user's categories hold debt payments (pure), for the health indicator's debt
ratio.

- The default Mortgage category (key `mortgage`, whatever the user renamed it to).
- Every category whose name holds the word loan, debt, credit or mortgage in any case
  and number ("Car loan", "Credit card", "Student debts"), except under the default
  Income category, whose money comes in ("Tax credit").
- And everything under those.

Only their spending counts (a refund into a loan category is no payment).
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterable
from typing import Final

from services.analytics.categories.domain import Category
from services.analytics.rollups.tree import CategoryTree

DEBT_KEYS: Final = frozenset({"mortgage"})
_DEBT_WORDS: Final = re.compile(r"\b(?:loans?|debts?|credits?|mortgages?)\b", re.IGNORECASE)
_INCOME_KEY: Final = "income"


def is_debt_name(name: str) -> bool:
    return _DEBT_WORDS.search(name) is not None


def debt_category_ids(categories: Iterable[Category]) -> frozenset[uuid.UUID]:
    every = list(categories)
    tree = CategoryTree(every)
    income_root = next((c.id for c in every if c.default_key == _INCOME_KEY), None)
    found: set[uuid.UUID] = set()
    for category in every:
        if category.default_key in DEBT_KEYS or (
            is_debt_name(category.name)
            and (income_root is None or tree.root_of(category.id) != income_root)
        ):
            found |= tree.descendants(category.id)
    return frozenset(found)
