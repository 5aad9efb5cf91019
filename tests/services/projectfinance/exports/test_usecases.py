"""Exports on each supported database: a record with a phase, a cost center and a team
exported; record_count and file_size real; the stored file downloaded again from its
signed URL; an altered URL refused (403), an expired one gone (410, by the clock);
another tenant's export not found and its records never exported; filters by date and
project; the signing secret generated once and shared."""

from __future__ import annotations

import csv
import io
import json
import uuid
from datetime import timedelta
from decimal import Decimal
from urllib.parse import parse_qs, urlsplit

import openpyxl
import pytest
from sqlalchemy import Engine, update
from sqlalchemy.orm import Session

from services.projectfinance.cost_centers.tables import CostCenterRow
from services.projectfinance.exports import usecases
from services.projectfinance.exports.domain.exports import Gone
from services.projectfinance.exports.domain.requests import ExportDraft, export_request
from services.projectfinance.exports.usecases import (
    ShownExport,
    SigningSecret,
    configured_or_stored,
)
from services.projectfinance.kernel.dependencies import UowFactory
from services.projectfinance.kernel.work import RecordRef
from services.projectfinance.phases.tables import PhaseRow
from services.runtime.errors import NotFound, PermissionDenied
from tests.services.projectfinance.exports.support import Teams
from tests.services.projectfinance.support import NOW, insert_cost_center, insert_record, new_actor

TOKEN = "token-of-the-caller"
SECRET = "a-configured-secret"
CALLER = new_actor(uuid.UUID(int=42))


@pytest.fixture
def teams() -> Teams:
    return Teams()


@pytest.fixture
def secret() -> SigningSecret:
    return configured_or_stored(SECRET)


@pytest.fixture
def record(engine: Engine, tenant: uuid.UUID) -> RecordRef:
    """A record with a cost center (named like a formula) and a phase charged to it, as
    their capabilities store them."""
    record = insert_record(engine, tenant)
    center = insert_cost_center(engine, record, "DES")
    with Session(engine) as session, session.begin():
        session.execute(
            update(CostCenterRow)
            .where(CostCenterRow.id == center)
            .values(name="=Design", description="UX and visual design")
        )
        session.add(
            PhaseRow(
                id=uuid.uuid4(),
                tenant_id=tenant,
                record_id=record.id,
                cost_center_id=center,
                name="Discovery",
                currency="EUR",
                phase_budget=Decimal("400.00"),
                actual_cost=Decimal("125.50"),
                planned_start=NOW,
                planned_end=NOW + timedelta(days=10),
                actual_start=None,
                actual_end=None,
                progress_percent=Decimal(0),
                sequence=1,
                status="planned",
                created_at=NOW,
                updated_at=NOW,
            )
        )
    return record


def export(
    uow: UowFactory,
    tenant: uuid.UUID,
    teams: Teams,
    secret: SigningSecret,
    fmt: str = "csv",
    *,
    clock: object = lambda: NOW,
    **changes: object,
) -> ShownExport:
    fields: dict[str, object] = {
        "format": fmt,
        "include_phases": True,
        "include_scopes": True,
        "include_team": True,
    }
    fields.update(changes)
    return usecases.create_export(
        uow,
        tenant,
        CALLER,
        export_request(ExportDraft(**fields)),  # type: ignore[arg-type]
        teams=teams,
        token=TOKEN,
        secret=secret,
        clock=clock,  # type: ignore[arg-type]
    )


def download(
    uow: UowFactory, shown: ShownExport, secret: SigningSecret, *, clock: object = lambda: NOW
) -> usecases.Download:
    assert shown.download_url is not None
    url = urlsplit(shown.download_url)
    query = parse_qs(url.query)
    export_id = uuid.UUID(url.path.split("/")[-2])
    return usecases.download_export(
        uow,
        export_id,
        int(query["expires"][0]),
        query["signature"][0],
        secret=secret,
        clock=clock,  # type: ignore[arg-type]
    )


def test_an_export_is_stored_and_downloaded(
    uow: UowFactory, tenant: uuid.UUID, record: RecordRef, teams: Teams, secret: SigningSecret
) -> None:
    member = teams.add(TOKEN, record.project_id, role="-lead")
    shown = export(uow, tenant, teams, secret)
    meta = shown.export
    assert (meta.format, meta.record_count) == ("csv", 1)
    assert (meta.generated_at, meta.expires_at) == (NOW, NOW + timedelta(hours=24))
    assert teams.asked == [(TOKEN, record.project_id)]

    file = download(uow, shown, secret)
    assert meta.file_size == len(file.content)
    assert file.content_type.startswith("text/csv")
    assert file.filename == f"project-finance-export-{meta.id}.csv"
    rows = list(csv.DictReader(io.StringIO(file.content.decode(), newline="")))
    assert [r["section"] for r in rows] == ["records", "phases", "scopes", "team"]
    assert {r["record_id"] for r in rows} == {str(record.id)}
    assert rows[1]["name"] == "Discovery"
    assert rows[2]["name"] == "'=Design"
    assert rows[2]["description"] == "UX and visual design"
    assert (rows[3]["user_id"], rows[3]["role"]) == (str(member.user_id), "'-lead")

    again = usecases.get_export(uow, tenant, meta.id, secret=secret, clock=lambda: NOW)
    assert again == shown

    # Who took which copy of the tenant's records is in the (hash-chained) audit log.
    reading = uow()
    with reading:
        (entry,) = reading.repos.audit.between(tenant, NOW, NOW + timedelta(seconds=1))
    assert (entry.entity_type, entry.action, entry.entity_id) == ("export", "create", meta.id)
    assert entry.actor == CALLER and entry.before is None and entry.after is not None
    assert entry.after["export"]["record_count"] == 1
    assert entry.after["request"]["format"] == "csv"


@pytest.mark.parametrize("fmt", ["json", "xlsx"])
def test_other_formats_are_real_files(
    uow: UowFactory,
    tenant: uuid.UUID,
    record: RecordRef,
    teams: Teams,
    secret: SigningSecret,
    fmt: str,
) -> None:
    shown = export(uow, tenant, teams, secret, fmt, include_team=False)
    content = download(uow, shown, secret).content
    assert shown.export.file_size == len(content)
    if fmt == "json":
        (exported,) = json.loads(content)["records"]
        assert exported["record_id"] == str(record.id)
        assert [p["name"] for p in exported["phases"]] == ["Discovery"]
        assert "team" not in exported
    else:
        book = openpyxl.load_workbook(io.BytesIO(content))
        assert book.sheetnames == ["records", "phases", "scopes"]
        assert book["records"].max_row == 2
    assert teams.asked == []  # the team was not asked for


def test_an_altered_url_is_refused(
    uow: UowFactory, tenant: uuid.UUID, record: RecordRef, teams: Teams, secret: SigningSecret
) -> None:
    shown = export(uow, tenant, teams, secret)
    meta = shown.export
    assert shown.download_url is not None
    given = parse_qs(urlsplit(shown.download_url).query)["signature"][0]
    for export_id, expires, signature in (
        (meta.id, meta.expires + 3600, given),
        (uuid.uuid4(), meta.expires, given),
        (meta.id, meta.expires, given[::-1]),
    ):
        with pytest.raises(PermissionDenied):
            usecases.download_export(
                uow, export_id, expires, signature, secret=secret, clock=lambda: NOW
            )
    # A URL signed with another key is refused too.
    with pytest.raises(PermissionDenied):
        download(uow, shown, configured_or_stored("another secret"))


def test_an_expired_url_is_gone(
    uow: UowFactory, tenant: uuid.UUID, record: RecordRef, teams: Teams, secret: SigningSecret
) -> None:
    shown = export(uow, tenant, teams, secret)
    almost = NOW + timedelta(hours=24) - timedelta(seconds=1)
    assert download(uow, shown, secret, clock=lambda: almost).content
    with pytest.raises(Gone) as raised:
        download(uow, shown, secret, clock=lambda: NOW + timedelta(hours=24))
    assert raised.value.reason == "GONE"
    later = usecases.get_export(
        uow, tenant, shown.export.id, secret=secret, clock=lambda: NOW + timedelta(days=2)
    )
    assert later.download_url is None


def test_expired_exports_are_deleted_at_the_next_export(
    uow: UowFactory, tenant: uuid.UUID, record: RecordRef, teams: Teams, secret: SigningSecret
) -> None:
    old = export(uow, tenant, teams, secret)
    export(uow, tenant, teams, secret, clock=lambda: NOW + timedelta(days=2))
    with pytest.raises(NotFound):
        usecases.get_export(uow, tenant, old.export.id, secret=secret, clock=lambda: NOW)


def test_tenants_are_isolated(
    engine: Engine,
    uow: UowFactory,
    tenant: uuid.UUID,
    record: RecordRef,
    teams: Teams,
    secret: SigningSecret,
) -> None:
    other = uuid.uuid4()
    theirs = insert_record(engine, other)
    mine = export(uow, tenant, teams, secret, "json")
    with pytest.raises(NotFound):
        usecases.get_export(uow, other, mine.export.id, secret=secret, clock=lambda: NOW)
    shown = export(uow, other, teams, secret, "json")
    (only,) = json.loads(download(uow, shown, secret).content)["records"]
    assert only["record_id"] == str(theirs.id)


def test_filters_select_records(
    engine: Engine,
    uow: UowFactory,
    tenant: uuid.UUID,
    record: RecordRef,
    teams: Teams,
    secret: SigningSecret,
) -> None:
    # insert_record creates every record at NOW.
    second = insert_record(engine, tenant)
    assert export(uow, tenant, teams, secret).export.record_count == 2
    by_project = export(uow, tenant, teams, secret, "json", project_id=str(second.project_id))
    (only,) = json.loads(download(uow, by_project, secret).content)["records"]
    assert only["record_id"] == str(second.id)
    unknown = export(uow, tenant, teams, secret, project_id=str(uuid.uuid4()))
    assert unknown.export.record_count == 0
    after = export(uow, tenant, teams, secret, start_date=NOW + timedelta(seconds=1))
    assert after.export.record_count == 0
    within = export(uow, tenant, teams, secret, start_date=NOW, end_date=NOW)
    assert within.export.record_count == 2
    before = export(uow, tenant, teams, secret, end_date=NOW - timedelta(seconds=1))
    assert before.export.record_count == 0


def test_the_generated_secret_is_stored_once(
    uow: UowFactory, tenant: uuid.UUID, record: RecordRef, teams: Teams
) -> None:
    first, second = configured_or_stored(None), configured_or_stored(None)
    assert first(uow) == second(uow)
    assert len(first(uow)) == 32
    # A URL signed by one replica is honoured by another.
    shown = export(uow, tenant, teams, first)
    assert download(uow, shown, second).content
