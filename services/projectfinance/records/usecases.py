"""The records' operations, one function each, over the caller's tenant; each takes a
fresh unit of work and enters it (one transaction per call).

A record is shown with its figures as of the clock's now, computed from its phases,
milestones and cost centers, which their own capabilities' repositories return
(`work(tenant_id, record_ids)`): one query per kind for a whole page, never one per
record.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from services.projectfinance.audit.usecases import record_change
from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.dependencies import Uow
from services.projectfinance.kernel.project_directory import ProjectFinder
from services.projectfinance.kernel.record_refs import record_not_found
from services.projectfinance.records.domain import records as rules
from services.projectfinance.records.domain.figures import Figures, figures, work_by_record
from services.projectfinance.records.domain.records import Record, RecordDraft
from services.runtime.clock import Clock, utcnow
from services.runtime.paging import Page, checked_page

DEFAULT_PAGE: Final = 20
ENTITY_TYPE: Final = "project_finance"


@dataclass(frozen=True)
class RecordFigures:
    """A record as shown: what is stored and what is derived from its work."""

    record: Record
    figures: Figures


def _shown(
    uow: Uow, tenant_id: uuid.UUID, found: Sequence[Record], now: datetime
) -> list[RecordFigures]:
    ids = [record.id for record in found]
    if not ids:
        return []
    work = work_by_record(
        ids,
        uow.repos.phases.work(tenant_id, ids),
        uow.repos.milestones.work(tenant_id, ids),
        uow.repos.cost_centers.work(tenant_id, ids),
    )
    return [
        RecordFigures(
            record,
            figures(record.total_budget.amount, record.revenue_model, work[record.id], now),
        )
        for record in found
    ]


def create_record(
    uow: Uow,
    tenant_id: uuid.UUID,
    actor: Actor,
    draft: RecordDraft,
    *,
    projects: ProjectFinder,
    token: str,
    clock: Clock = utcnow,
) -> RecordFigures:
    """The new record of one of the tenant's projects (asked of main with the caller's
    `token`, before the transaction opens: no row is held during a remote call)."""
    new = rules.new_record(draft)
    if projects.find(token, new.project_id) is None:
        raise rules.project_not_found(new.project_id)
    now = clock()
    with uow:
        # The parent is held until the commit, so it cannot be deleted under the insert.
        if (
            new.parent_id is not None
            and uow.repos.records.ref(tenant_id, new.parent_id, lock=True) is None
        ):
            raise rules.parent_not_found(new.parent_id)
        record = uow.repos.records.add(tenant_id, new, actor.user_id, now)
        if record is None:
            raise rules.record_exists(new.project_id)
        record_change(
            uow,
            tenant_id,
            actor,
            now,
            action="create",
            entity_type=ENTITY_TYPE,
            entity_id=record.id,
            project_id=record.project_id,
            after=record,
        )
        (shown,) = _shown(uow, tenant_id, [record], now)
        return shown


def get_record(
    uow: Uow, tenant_id: uuid.UUID, record_id: uuid.UUID, clock: Clock = utcnow
) -> RecordFigures:
    now = clock()
    with uow:
        record = uow.repos.records.record(tenant_id, record_id)
        if record is None:
            raise record_not_found(record_id)
        (shown,) = _shown(uow, tenant_id, [record], now)
        return shown


def list_records(
    uow: Uow, tenant_id: uuid.UUID, *, limit: int | None, offset: int, clock: Clock = utcnow
) -> Page[RecordFigures]:
    size, skip = checked_page(limit, offset, DEFAULT_PAGE)
    now = clock()
    with uow:
        found, total = uow.repos.records.listing(tenant_id, limit=size, offset=skip)
        return Page(_shown(uow, tenant_id, found, now), total, size, skip)


def delete_record(
    uow: Uow, tenant_id: uuid.UUID, actor: Actor, record_id: uuid.UUID, clock: Clock = utcnow
) -> None:
    """Delete the record with everything under it, unless it has billing to keep."""
    now = clock()
    with uow:
        record = uow.repos.records.record(tenant_id, record_id, lock=True)
        if record is None:
            raise record_not_found(record_id)
        # What was billed, or is being billed, stays on the books.
        if uow.repos.milestones.has_billing(tenant_id, record_id):
            raise rules.has_billing(record_id)
        uow.repos.records.delete(tenant_id, record_id)
        record_change(
            uow,
            tenant_id,
            actor,
            now,
            action="delete",
            entity_type=ENTITY_TYPE,
            entity_id=record.id,
            project_id=record.project_id,
            before=record,
        )
