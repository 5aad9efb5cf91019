"""Category operations, one function per operation, each in one unit of work."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import TYPE_CHECKING

from services.analytics.categories import domain
from services.analytics.categories.domain import (
    Category,
    CategoryChanges,
    CategoryTree,
    NewCategory,
)
from services.runtime.clock import Clock
from services.runtime.errors import FailedPrecondition
from services.runtime.unit_of_work import UnitOfWork

if TYPE_CHECKING:
    from services.analytics.repositories import AnalyticsRepositories

    Uow = UnitOfWork[AnalyticsRepositories]


def list_categories(uow: Uow, user_id: uuid.UUID) -> list[Category]:
    with uow:
        return domain.listing(uow.repos.categories.all_of(user_id))


def get_category(uow: Uow, user_id: uuid.UUID, category_id: uuid.UUID) -> Category:
    with uow:
        return uow.repos.categories.require_mine(user_id, category_id)


def create_category(uow: Uow, user_id: uuid.UUID, new: NewCategory, clock: Clock) -> Category:
    with uow:
        categories = uow.repos.categories
        if new.parent_id is not None:
            categories.require_reference(user_id, new.parent_id, "parent_id")
        valid = domain.validate_new(new, CategoryTree(categories.all_of(user_id)))
        return categories.add(user_id, valid, clock())


def update_category(
    uow: Uow, user_id: uuid.UUID, category_id: uuid.UUID, changes: CategoryChanges, clock: Clock
) -> Category:
    with uow:
        categories = uow.repos.categories
        category = categories.require_mine(user_id, category_id)
        valid = domain.validate_changes(category, changes, CategoryTree(categories.all_of(user_id)))
        return categories.change(user_id, category_id, valid, clock())


def delete_category(uow: Uow, user_id: uuid.UUID, category_id: uuid.UUID, clock: Clock) -> None:
    """Delete a custom category: its transactions become uncategorized, the rules that
    assigned it go, its subcategories become top-level ones."""
    with uow:
        category = uow.repos.categories.require_mine(user_id, category_id)
        if domain.undeletable(category):
            raise FailedPrecondition(
                f"{category.name!r} is a default category and cannot be deleted",
                reason="DEFAULT_CATEGORY",
            )
        # Before its transactions change: the roll-ups of their days go stale.
        uow.repos.rollups.invalidate_category(user_id, category_id)
        uow.repos.transactions.uncategorize(user_id, category_id)
        uow.repos.transactions.forget_rules_for(user_id, category_id)
        uow.repos.categories.delete(user_id, category_id, clock())


@dataclass(frozen=True, slots=True)
class DefaultsEnsured:
    created: int
    total: int


def ensure_default_categories(uow: Uow, user_id: uuid.UUID, clock: Clock) -> DefaultsEnsured:
    """Create the defaults the caller lacks, parents first. Idempotent, and safe when two
    calls race: each level's insert skips what the other call inserted first."""
    now = clock()
    created = 0
    with uow:
        categories = uow.repos.categories
        for level in domain.DEFAULT_LEVELS:
            plan = domain.plan_defaults(categories.all_of(user_id), level)
            categories.adopt_defaults(user_id, plan.adopt, now)
            created += categories.add_defaults(user_id, plan.create, now)
        return DefaultsEnsured(created=created, total=categories.count_defaults(user_id))
