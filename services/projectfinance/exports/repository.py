"""Exports' storage, scoped by tenant through db.scoping, and the generated signing
secret of their download URLs.

The one read across tenants is a download's (`for_download`): its URL carries no token,
only the export id and expiry the backend signed, verified before the row is read."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import select

from db.scoping import across_owners, delete_owned, select_owned
from db.tenant_repository import TenantRepository
from services.projectfinance.exports.domain.exports import Export, NewExport
from services.projectfinance.exports.tables import ExportRow, ExportSigningSecretRow

SECRET_ROW = 1
# An export's metadata: what its reads select, never loading the file.
_METADATA = (
    ExportRow.id,
    ExportRow.tenant_id,
    ExportRow.format,
    ExportRow.content_type,
    ExportRow.record_count,
    ExportRow.file_size,
    ExportRow.generated_at,
    ExportRow.expires_at,
    ExportRow.created_by,
)


def _export(row: object) -> Export:
    """An export's metadata from a row (ORM or a SELECT of `_METADATA`)."""
    return Export(**{column.key: getattr(row, column.key) for column in _METADATA})


class ExportRepository(TenantRepository):
    def add(self, tenant_id: uuid.UUID, new: NewExport) -> Export:
        row = ExportRow(
            id=uuid.uuid4(),
            tenant_id=tenant_id,
            format=new.format,
            content_type=new.content_type,
            record_count=new.record_count,
            file_size=len(new.content),
            content=new.content,
            generated_at=new.generated_at,
            expires_at=new.expires_at,
            created_by=new.created_by,
        )
        self._session.add(row)
        self._session.flush()
        return _export(row)

    def get(self, tenant_id: uuid.UUID, export_id: uuid.UUID) -> Export | None:
        """The tenant's export (metadata only); None when it has no such export."""
        row = self._session.execute(
            select_owned(ExportRow, tenant_id, ExportRow.id == export_id).with_only_columns(
                *_METADATA
            )
        ).first()
        return None if row is None else _export(row)

    def for_download(self, export_id: uuid.UUID) -> tuple[Export, bytes] | None:
        """The export and its file, whichever tenant's: only after its signed URL was
        verified (the signature names this export id)."""
        row = self._session.scalar(
            across_owners(
                select(ExportRow).where(ExportRow.id == export_id),
                "a signed download URL names the export; its signature was verified",
            )
        )
        return None if row is None else (_export(row), row.content)

    def delete_expired(self, tenant_id: uuid.UUID, now: datetime) -> int:
        """Delete the tenant's exports that expired by `now`; how many."""
        deleted = self._session.execute(
            delete_owned(ExportRow, tenant_id, ExportRow.expires_at <= now).returning(ExportRow.id)
        ).all()
        return len(deleted)

    def signing_secret(self, candidate: bytes, now: datetime) -> bytes:
        """The stored signing secret; `candidate` becomes it when none is stored yet (the
        first replica to store one wins: INSERT … ON CONFLICT DO NOTHING)."""
        self._session.execute(
            self._insert(ExportSigningSecretRow)
            .values(id=SECRET_ROW, secret=candidate, created_at=now)
            .on_conflict_do_nothing(index_elements=[ExportSigningSecretRow.id])
        )
        secret: bytes = self._session.scalars(
            select(ExportSigningSecretRow.secret).where(ExportSigningSecretRow.id == SECRET_ROW)
        ).one()
        return secret
