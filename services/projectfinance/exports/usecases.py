"""The exports' operations over the caller's tenant.

Creating an export reads the records (and what was asked of their phases and scopes)
in one transaction, asks main for the teams outside any transaction (no row is held
during a remote call), renders the file, then stores it in a second transaction, which
also deletes the tenant's expired exports. The download checks the URL's signature,
then its expiry, and only then reads the export.
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from services.projectfinance.audit.usecases import record_change
from services.projectfinance.exports.domain import exports as rules
from services.projectfinance.exports.domain.contents import (
    ExportedRecord,
    PhaseLine,
    ScopeLine,
)
from services.projectfinance.exports.domain.exports import Export, NewExport
from services.projectfinance.exports.domain.requests import ExportRequest
from services.projectfinance.exports.domain.signing import download_url, signature_matches
from services.projectfinance.exports.files import filename, render
from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.dependencies import Uow, UowFactory
from services.projectfinance.kernel.money import Money, stored_money
from services.projectfinance.kernel.project_directory import ProjectTeams, TeamMember
from services.projectfinance.records.domain.figures import figures, work_by_record
from services.projectfinance.records.domain.records import Record
from services.runtime.clock import Clock, utcnow
from services.runtime.errors import InvalidArgument

# Records are read a page at a time (the records' listing).
PAGE: Final = 500
# The largest file an export may be: it is stored in one row and sent in one gRPC
# message (the edge takes up to 64 MiB).
MAX_FILE_BYTES: Final = 32 * 1024 * 1024
SECRET_BYTES: Final = 32

# The secret that signs download URLs: the configured one, else the stored one.
SigningSecret = Callable[[UowFactory], bytes]


def configured_or_stored(configured: str | None, clock: Clock = utcnow) -> SigningSecret:
    """FINPLAT_PROJECTFINANCE_EXPORT_SIGNING_SECRET when set; otherwise a secret generated
    once and kept in the database, which every replica reads (zero configuration)."""
    if configured:
        secret = configured.encode()
        return lambda units: secret

    known: list[bytes] = []

    def stored(units: UowFactory) -> bytes:
        # Stored once, never changed: read once per process.
        if not known:
            unit = units()
            with unit:
                candidate = secrets.token_bytes(SECRET_BYTES)
                known.append(unit.repos.exports.signing_secret(candidate, clock()))
        return known[0]

    return stored


@dataclass(frozen=True)
class ShownExport:
    export: Export
    # None once the export expired.
    download_url: str | None


def _shown(export: Export, secret: bytes, now: datetime) -> ShownExport:
    url = None if export.expired(now) else download_url(secret, export.id, export.expires)
    return ShownExport(export, url)


def _in_range(record: Record, request: ExportRequest) -> bool:
    start, end = request.start_date, request.end_date
    return (start is None or record.created_at >= start) and (
        end is None or record.created_at <= end
    )


def _records(uow: Uow, tenant_id: uuid.UUID, request: ExportRequest) -> list[Record]:
    """The tenant's records the request selects, oldest first."""
    if request.project_id is not None:
        one = uow.repos.records.by_project(tenant_id, request.project_id)
        found = [] if one is None else [one]
    else:
        found = []
        while True:
            page, total = uow.repos.records.listing(tenant_id, limit=PAGE, offset=len(found))
            found.extend(page)
            if not page or len(found) >= total:
                break
    chosen = [r for r in found if _in_range(r, request)]
    return sorted(chosen, key=lambda r: (r.created_at, str(r.id)))


def _phases(uow: Uow, tenant_id: uuid.UUID, record: Record) -> list[PhaseLine]:
    return [
        PhaseLine(
            id=p.id,
            sequence=p.sequence,
            name=p.name,
            status=p.status,
            phase_budget=p.phase_budget,
            actual_cost=p.actual_cost,
            progress_percent=p.progress_percent,
            planned_start=p.planned_start,
            planned_end=p.planned_end,
            actual_start=p.actual_start,
            actual_end=p.actual_end,
            cost_center_id=p.cost_center_id,
        )
        for p in uow.repos.phases.of_record(tenant_id, record.id)
    ]


def _scopes(uow: Uow, tenant_id: uuid.UUID, record: Record) -> list[ScopeLine]:
    centers = uow.repos.cost_centers.of_record(tenant_id, record.id)
    costs = uow.repos.phases.actual_cost_by_cost_center(tenant_id, [c.id for c in centers])
    return [
        ScopeLine(
            id=c.id,
            code=c.code,
            name=c.name,
            description=c.description,
            allocated_budget=stored_money(c.allocated_budget, c.currency),
            actual_cost=Money(costs[c.id], c.currency),
            is_active=c.is_active,
        )
        for c in centers
    ]


def _read(
    uow: Uow, tenant_id: uuid.UUID, request: ExportRequest, now: datetime
) -> list[ExportedRecord]:
    include = request.include
    with uow:
        found = _records(uow, tenant_id, request)
        ids = [r.id for r in found]
        work = work_by_record(
            ids,
            uow.repos.phases.work(tenant_id, ids),
            uow.repos.milestones.work(tenant_id, ids),
            uow.repos.cost_centers.work(tenant_id, ids),
        )
        return [
            ExportedRecord(
                record=r,
                figures=figures(r.total_budget.amount, r.revenue_model, work[r.id], now),
                phases=_phases(uow, tenant_id, r) if include.phases else (),
                scopes=_scopes(uow, tenant_id, r) if include.scopes else (),
            )
            for r in found
        ]


def _with_teams(
    found: Sequence[ExportedRecord], teams: ProjectTeams, token: str
) -> list[ExportedRecord]:
    """Each record with its project's members (one call to main per project)."""
    members: dict[uuid.UUID, list[TeamMember]] = {}
    for exported in found:
        project_id = exported.record.project_id
        if project_id not in members:
            members[project_id] = teams.members(token, project_id)
    return [
        ExportedRecord(e.record, e.figures, e.phases, e.scopes, members[e.record.project_id])
        for e in found
    ]


def too_large(size: int) -> InvalidArgument:
    return InvalidArgument(
        f"the export would be {size} bytes, more than {MAX_FILE_BYTES}: narrow it with "
        "start_date, end_date or project_id"
    )


def create_export(
    uow: UowFactory,
    tenant_id: uuid.UUID,
    actor: Actor,
    request: ExportRequest,
    *,
    teams: ProjectTeams,
    token: str,
    secret: SigningSecret,
    clock: Clock = utcnow,
) -> ShownExport:
    """Generate, store and show the export `request` asks for."""
    now = clock()
    found = _read(uow(), tenant_id, request, now)
    if request.include.team:
        found = _with_teams(found, teams, token)
    file = render(request.format, found, request.include, now)
    if len(file.content) > MAX_FILE_BYTES:
        raise too_large(len(file.content))
    new = NewExport(
        format=request.format,
        content_type=file.content_type,
        record_count=len(found),
        content=file.content,
        generated_at=now,
        created_by=actor.user_id,
    )
    key = secret(uow)
    store = uow()
    with store:
        store.repos.exports.delete_expired(tenant_id, now)
        export = store.repos.exports.add(tenant_id, new)
        # In the same transaction: no export without its trace in the audit log.
        record_change(
            store,
            tenant_id,
            actor,
            now,
            action="create",
            entity_type="export",
            entity_id=export.id,
            project_id=request.project_id,
            after={"export": export, "request": request},
        )
    return _shown(export, key, now)


def get_export(
    uow: UowFactory,
    tenant_id: uuid.UUID,
    export_id: uuid.UUID,
    *,
    secret: SigningSecret,
    clock: Clock = utcnow,
) -> ShownExport:
    now = clock()
    reading = uow()
    with reading:
        export = reading.repos.exports.get(tenant_id, export_id)
    if export is None:
        raise rules.export_not_found(export_id)
    return _shown(export, secret(uow), now)


@dataclass(frozen=True)
class Download:
    content: bytes
    content_type: str
    format: str
    filename: str


def download_export(
    uow: UowFactory,
    export_id: uuid.UUID,
    expires: int,
    given_signature: str,
    *,
    secret: SigningSecret,
    clock: Clock = utcnow,
) -> Download:
    """The file of a signed URL: 403 when the signature does not match the id and
    expiry, 410 once the expiry passed (before the export is read, so an expired
    export's deletion changes nothing), 404 when the export is gone."""
    if not signature_matches(secret(uow), export_id, expires, given_signature):
        raise rules.bad_signature()
    if clock().timestamp() >= expires:
        raise rules.url_expired(export_id)
    reading = uow()
    with reading:
        found = reading.repos.exports.for_download(export_id)
    if found is None:
        raise rules.export_not_found(export_id)
    export, content = found
    return Download(content, export.content_type, export.format, filename(export_id, export.format))
