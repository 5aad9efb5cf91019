"""What the repositories of tenant-owned families (main's ledger, projects, invoices and
payments; project finance) share: the dialect's INSERT (for ON CONFLICT, which
SQLAlchemy spells per dialect), a page of the tenant's rows with its total, and the
lines of several parents in one query. Every statement is scoped by tenant through db.scoping."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any, Final, TypeVar

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import InstrumentedAttribute, Session

from db.scoping import owner_is, scoped, select_owned

R = TypeVar("R")

# Rows changed by UPDATE statements in this transaction are read back as stored, not as
# the session's identity map last saw them.
FRESH: Final[dict[str, Any]] = {"populate_existing": True}


class TenantRepository:
    def __init__(self, session: Session) -> None:
        self._session = session

    def _dialect(self) -> str:
        """The session's engine: "postgresql" or "sqlite"."""
        return self._session.get_bind().dialect.name

    def _insert(self, table: Any) -> postgresql.Insert | sqlite.Insert:
        """INSERT with the session's dialect's ON CONFLICT (PostgreSQL or SQLite)."""
        if self._dialect() == "postgresql":
            return postgresql.insert(table)
        return sqlite.insert(table)

    def _count(
        self, entity: type[Any], tenant_id: uuid.UUID, where: Sequence[ColumnElement[bool]]
    ) -> int:
        total = self._session.scalar(
            scoped(
                select(func.count()).select_from(entity).where(owner_is(entity, tenant_id), *where)
            )
        )
        return int(total or 0)

    def _page(
        self,
        entity: type[R],
        tenant_id: uuid.UUID,
        where: Sequence[ColumnElement[bool]],
        *,
        order_by: Sequence[Any],
        limit: int,
        offset: int,
    ) -> tuple[list[R], int]:
        """One page of the tenant's rows of `entity` matching `where`, and how many
        match in all."""
        total = self._count(entity, tenant_id, where)
        rows = self._session.scalars(
            select_owned(entity, tenant_id, *where).order_by(*order_by).limit(limit).offset(offset)
        )
        return list(rows), total

    def _lines(
        self,
        entity: type[R],
        parent: InstrumentedAttribute[uuid.UUID],
        tenant_id: uuid.UUID,
        parents: Sequence[Any],
    ) -> dict[uuid.UUID, list[R]]:
        """The lines (rows of `entity`, numbered by its `line_no`) of each of `parents`
        by its id (every one a key, maybe of no lines), in their order, in one query."""
        lines: dict[uuid.UUID, list[R]] = {row.id: [] for row in parents}
        if not lines:
            return lines
        line_no = getattr(entity, "line_no")  # noqa: B009 - every line entity has one
        for line in self._session.scalars(
            select_owned(entity, tenant_id, parent.in_(list(lines))).order_by(parent, line_no)
        ):
            lines[getattr(line, parent.key)].append(line)
        return lines
