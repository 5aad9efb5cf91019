"""Persistence of scenarios and their items, scoped to the owning user through db.scoping.

A scenario asked for by id that belongs to another user is 403, one that does not exist
404 (records.mine_or_raise); an item is looked up within its scenario, so an item of
another scenario is 404 there. Writes lock the scenario's row first (`locked`): the item
cap, the positions and the rules between a scenario and its items hold under concurrent
requests.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import func
from sqlalchemy.orm import Session

from db.scoping import Located, Whose, delete_owned, locate, select_owned
from services.analytics.page_queries import owned_page
from services.analytics.records import find_mine, lock_mine, mine_or_raise
from services.analytics.scenarios.domain import (
    ItemValues,
    Scenario,
    ScenarioItem,
    ScenarioValues,
)
from services.analytics.scenarios.tables import ScenarioItemRow, ScenarioRow
from services.runtime.errors import FieldViolation, NotFound, PermissionDenied
from services.runtime.paging import Page


def _item(row: ScenarioItemRow) -> ScenarioItem:
    return ScenarioItem(
        id=row.id,
        scenario_id=row.scenario_id,
        name=row.name,
        description=row.description,
        amount=row.amount,
        item_type=row.item_type,  # type: ignore[arg-type]
        frequency=row.frequency,  # type: ignore[arg-type]
        start_date=row.start_date,
        end_date=row.end_date,
        growth_rate=row.growth_rate,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


def _scenario(row: ScenarioRow, items: Iterable[ScenarioItem]) -> Scenario:
    return Scenario(
        id=row.id,
        user_id=row.user_id,
        name=row.name,
        description=row.description,
        base_month=row.base_month,
        duration=row.duration,
        items=tuple(items),
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


class ScenarioRepository:
    def __init__(self, session: Session) -> None:
        self._session = session

    # -- reads ---------------------------------------------------------------------------

    def page(self, user_id: uuid.UUID, limit: int, offset: int) -> Page[Scenario]:
        """The user's scenarios with their items, newest first."""
        page = owned_page(
            self._session,
            ScenarioRow,
            user_id,
            [],
            order=(ScenarioRow.created_at.desc(), ScenarioRow.id.desc()),
            limit=limit,
            offset=offset,
        )
        items = self._items_of(user_id, [r.id for r in page.items])
        return page.with_items([_scenario(r, items[r.id]) for r in page.items])

    def get(self, user_id: uuid.UUID, scenario_id: uuid.UUID, field: str | None = None) -> Scenario:
        """The caller's scenario with its items: 403 for another user's, 404 for none.
        `field`: the request field that named it (a body's id), named in the error."""
        row = _mine(locate(self._session, ScenarioRow, user_id, scenario_id), field)
        return _scenario(row, self._items_of(user_id, [row.id])[row.id])

    def locked(self, user_id: uuid.UUID, scenario_id: uuid.UUID) -> Scenario:
        """The caller's scenario, its row locked until the unit of work ends."""
        row = lock_mine(self._session, ScenarioRow, user_id, scenario_id, "scenario")
        return _scenario(row, self._items_of(user_id, [row.id])[row.id])

    def item(self, user_id: uuid.UUID, scenario_id: uuid.UUID, item_id: uuid.UUID) -> ScenarioItem:
        """An item of the caller's scenario; 404 when the scenario has no such item."""
        return _item(self._item_row(user_id, scenario_id, item_id))

    def _items_of(
        self, user_id: uuid.UUID, scenario_ids: list[uuid.UUID]
    ) -> defaultdict[uuid.UUID, list[ScenarioItem]]:
        found: defaultdict[uuid.UUID, list[ScenarioItem]] = defaultdict(list)
        if not scenario_ids:
            return found
        rows = self._session.scalars(
            select_owned(
                ScenarioItemRow, user_id, ScenarioItemRow.scenario_id.in_(scenario_ids)
            ).order_by(ScenarioItemRow.scenario_id, ScenarioItemRow.position, ScenarioItemRow.id)
        )
        for row in rows:
            found[row.scenario_id].append(_item(row))
        return found

    def _item_row(
        self, user_id: uuid.UUID, scenario_id: uuid.UUID, item_id: uuid.UUID
    ) -> ScenarioItemRow:
        row = self._session.scalar(
            select_owned(
                ScenarioItemRow,
                user_id,
                ScenarioItemRow.scenario_id == scenario_id,
                ScenarioItemRow.id == item_id,
            )
        )
        if row is None:
            raise NotFound("scenario item not found")
        return row

    # -- writes --------------------------------------------------------------------------

    def add(self, user_id: uuid.UUID, values: ScenarioValues, now: datetime) -> Scenario:
        row = ScenarioRow(id=uuid.uuid4(), user_id=user_id, created_at=now)
        _set(row, values, now)
        self._session.add(row)
        self._session.flush()
        return _scenario(row, ())

    def change(
        self, user_id: uuid.UUID, scenario_id: uuid.UUID, values: ScenarioValues, now: datetime
    ) -> Scenario:
        row = self._scenario_row(user_id, scenario_id)
        _set(row, values, now)
        self._session.flush()
        return _scenario(row, self._items_of(user_id, [row.id])[row.id])

    def delete(self, user_id: uuid.UUID, scenario_id: uuid.UUID) -> None:
        """The scenario and its items (deleted by name rather than left to the foreign
        key's cascade: every statement here stays scoped to the owner)."""
        self._session.execute(
            delete_owned(ScenarioItemRow, user_id, ScenarioItemRow.scenario_id == scenario_id)
        )
        self._session.execute(delete_owned(ScenarioRow, user_id, ScenarioRow.id == scenario_id))

    def add_item(
        self, user_id: uuid.UUID, scenario_id: uuid.UUID, values: ItemValues, now: datetime
    ) -> ScenarioItem:
        """Append an item (call under `locked`: the position is the next one)."""
        last = self._session.scalar(
            select_owned(
                ScenarioItemRow, user_id, ScenarioItemRow.scenario_id == scenario_id
            ).with_only_columns(func.max(ScenarioItemRow.position))
        )
        row = ScenarioItemRow(
            id=uuid.uuid4(),
            user_id=user_id,
            scenario_id=scenario_id,
            position=(last or 0) + 1,
            created_at=now,
        )
        _set_item(row, values, now)
        self._session.add(row)
        self._touch(user_id, scenario_id, now)
        return _item(row)

    def change_item(
        self,
        user_id: uuid.UUID,
        scenario_id: uuid.UUID,
        item_id: uuid.UUID,
        values: ItemValues,
        now: datetime,
    ) -> ScenarioItem:
        row = self._item_row(user_id, scenario_id, item_id)
        _set_item(row, values, now)
        self._touch(user_id, scenario_id, now)
        return _item(row)

    def delete_item(
        self, user_id: uuid.UUID, scenario_id: uuid.UUID, item_id: uuid.UUID, now: datetime
    ) -> None:
        self._item_row(user_id, scenario_id, item_id)  # 404 when it is not the scenario's
        self._session.execute(
            delete_owned(
                ScenarioItemRow,
                user_id,
                ScenarioItemRow.scenario_id == scenario_id,
                ScenarioItemRow.id == item_id,
            )
        )
        self._touch(user_id, scenario_id, now)

    def _touch(self, user_id: uuid.UUID, scenario_id: uuid.UUID, now: datetime) -> None:
        """An item changed: so did its scenario."""
        self._scenario_row(user_id, scenario_id).updated_at = now
        self._session.flush()

    def _scenario_row(self, user_id: uuid.UUID, scenario_id: uuid.UUID) -> ScenarioRow:
        return find_mine(self._session, ScenarioRow, user_id, scenario_id, "scenario")


def _mine(located: Located[ScenarioRow], field: str | None) -> ScenarioRow:
    """The caller's row; for an id a request body named, the errors name that field."""
    if field is None or located.whose is Whose.MINE:
        return mine_or_raise(located, "scenario")
    if located.whose is Whose.FOREIGN:
        raise PermissionDenied(
            f"access denied: {field} names another user's scenario",
            violations=[FieldViolation(field, "names another user's scenario")],
        )
    raise NotFound(
        f"{field}: scenario not found", violations=[FieldViolation(field, "names no scenario")]
    )


def _set(row: ScenarioRow, values: ScenarioValues, now: datetime) -> None:
    row.name = values.name
    row.description = values.description
    row.base_month = values.base_month
    row.duration = values.duration
    row.updated_at = now


def _set_item(row: ScenarioItemRow, values: ItemValues, now: datetime) -> None:
    row.name = values.name
    row.description = values.description
    row.amount = values.amount
    row.item_type = values.item_type
    row.frequency = values.frequency
    row.start_date = values.start_date
    row.end_date = values.end_date
    row.growth_rate = values.growth_rate
    row.updated_at = now
