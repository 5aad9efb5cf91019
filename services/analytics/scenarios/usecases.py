"""Scenario operations, one function per operation, each in one unit of work.

Projections are computed on each call from the stored scenario (projection.py) and not
stored: a 120-month scenario of 200 weekly items is about 100,000 occurrences, a few
tenths of a second, and a stored copy could only go stale (docs/scenarios.md).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from services.analytics.scenarios import domain
from services.analytics.scenarios.comparison import Comparison, compare
from services.analytics.scenarios.domain import ItemDraft, Scenario, ScenarioDraft, ScenarioItem
from services.analytics.scenarios.projection import Projection, project
from services.runtime.clock import Clock
from services.runtime.errors import Unprocessable
from services.runtime.paging import Page, checked_page
from services.runtime.unit_of_work import UnitOfWork

if TYPE_CHECKING:
    from services.analytics.repositories import AnalyticsRepositories

    Uow = UnitOfWork[AnalyticsRepositories]


def create_scenario(uow: Uow, user_id: uuid.UUID, draft: ScenarioDraft, clock: Clock) -> Scenario:
    values = domain.validate_new_scenario(draft)
    with uow:
        return uow.repos.scenarios.add(user_id, values, clock())


def list_scenarios(uow: Uow, user_id: uuid.UUID, limit: int | None, offset: int) -> Page[Scenario]:
    size, skip = checked_page(limit, offset, domain.DEFAULT_LIMIT)
    with uow:
        return uow.repos.scenarios.page(user_id, size, skip)


def get_scenario(uow: Uow, user_id: uuid.UUID, scenario_id: uuid.UUID) -> Scenario:
    with uow:
        return uow.repos.scenarios.get(user_id, scenario_id)


def update_scenario(
    uow: Uow, user_id: uuid.UUID, scenario_id: uuid.UUID, draft: ScenarioDraft, clock: Clock
) -> Scenario:
    with uow:
        scenarios = uow.repos.scenarios
        values = domain.validate_scenario_changes(scenarios.locked(user_id, scenario_id), draft)
        return scenarios.change(user_id, scenario_id, values, clock())


def delete_scenario(uow: Uow, user_id: uuid.UUID, scenario_id: uuid.UUID) -> None:
    with uow:
        scenarios = uow.repos.scenarios
        scenarios.locked(user_id, scenario_id)  # 403 / 404
        scenarios.delete(user_id, scenario_id)


def add_item(
    uow: Uow, user_id: uuid.UUID, scenario_id: uuid.UUID, draft: ItemDraft, clock: Clock
) -> ScenarioItem:
    with uow:
        scenarios = uow.repos.scenarios
        values = domain.validate_new_item(scenarios.locked(user_id, scenario_id), draft)
        return scenarios.add_item(user_id, scenario_id, values, clock())


def update_item(
    uow: Uow,
    user_id: uuid.UUID,
    scenario_id: uuid.UUID,
    item_id: uuid.UUID,
    draft: ItemDraft,
    clock: Clock,
) -> ScenarioItem:
    with uow:
        scenarios = uow.repos.scenarios
        scenario = scenarios.locked(user_id, scenario_id)
        item = scenarios.item(user_id, scenario_id, item_id)
        values = domain.validate_item_changes(scenario, item, draft)
        return scenarios.change_item(user_id, scenario_id, item_id, values, clock())


def delete_item(
    uow: Uow, user_id: uuid.UUID, scenario_id: uuid.UUID, item_id: uuid.UUID, clock: Clock
) -> None:
    with uow:
        scenarios = uow.repos.scenarios
        scenarios.locked(user_id, scenario_id)  # 403 / 404
        scenarios.delete_item(user_id, scenario_id, item_id, clock())


@dataclass(frozen=True, slots=True)
class Calculated:
    scenario_id: uuid.UUID
    projection: Projection
    calculated_at: datetime


def calculate(uow: Uow, user_id: uuid.UUID, scenario_id: uuid.UUID, clock: Clock) -> Calculated:
    with uow:
        scenario = uow.repos.scenarios.get(user_id, scenario_id)
    return Calculated(scenario.id, _projection(scenario), clock())


@dataclass(frozen=True, slots=True)
class Compared:
    scenario1_id: uuid.UUID
    scenario2_id: uuid.UUID
    comparison: Comparison
    calculated_at: datetime


def compare_scenarios(
    uow: Uow, user_id: uuid.UUID, first_id: uuid.UUID, second_id: uuid.UUID, clock: Clock
) -> Compared:
    """Both must be the caller's (403 / 404 naming the field) and differ (422)."""
    if first_id == second_id:
        raise Unprocessable.for_field("scenario2_id", "must name another scenario than scenario1Id")
    with uow:
        scenarios = uow.repos.scenarios
        first = scenarios.get(user_id, first_id, "scenario1_id")
        second = scenarios.get(user_id, second_id, "scenario2_id")
    comparison = compare(_projection(first), _projection(second))
    return Compared(first.id, second.id, comparison, clock())


def _projection(scenario: Scenario) -> Projection:
    return project(scenario.base_month, scenario.duration, scenario.items)
