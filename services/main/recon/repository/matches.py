"""Matches: one, or an auto-match's many, inserted ON CONFLICT DO NOTHING (one to one is
the database's: unique by statement line and by journal line); read and deleted by id."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any, cast

from sqlalchemy import (
    Table,
    bindparam,
    select,
    text,
)

from db.scoping import delete_owned, owner_is, scoped
from db.tenant_repository import TenantRepository
from db.types import UTCDateTime
from services.main.recon.domain.matches import (
    Match,
    NewMatch,
)
from services.main.recon.domain.matching import Pairing
from services.main.recon.tables import ReconMatchRow

_MATCHES = cast(Table, ReconMatchRow.__table__)
_MATCH_COLUMNS = tuple(ReconMatchRow.__table__.columns)
_MATCH = ReconMatchRow
_INSERT_PAIRS = text(
    "INSERT INTO recon_matches (id, tenant_id, statement_id, statement_line_id,"
    " journal_line_id, entry_id, score, method, created_at)"
    " SELECT m.id, :tenant, :statement, m.line, m.journal, m.entry, m.score, :method, :at"
    " FROM unnest(CAST(:ids AS uuid[]), CAST(:lines AS uuid[]), CAST(:journals AS uuid[]),"
    " CAST(:entries AS uuid[]), CAST(:scores AS float8[]))"
    " AS m(id, line, journal, entry, score)"
    " ON CONFLICT DO NOTHING"
).bindparams(bindparam("at", type_=UTCDateTime()))


def _match(row: Any) -> Match:
    return Match(
        id=row.id,
        statement_id=row.statement_id,
        statement_line_id=row.statement_line_id,
        ledger_line_id=row.journal_line_id,
        entry_id=row.entry_id,
        score=float(row.score),
        method=row.method,
        created_at=row.created_at,
    )


class MatchRows(TenantRepository):
    """Matches, stored and removed."""

    def _match_values(self, tenant_id: uuid.UUID, new: NewMatch, now: datetime) -> dict[str, Any]:
        return {
            "id": uuid.uuid4(),
            "tenant_id": tenant_id,
            "statement_id": new.statement_id,
            "statement_line_id": new.statement_line_id,
            "journal_line_id": new.ledger_line_id,
            "entry_id": new.entry_id,
            "score": new.score,
            "method": new.method,
            "created_at": now,
        }

    def add_match(self, tenant_id: uuid.UUID, new: NewMatch, now: datetime) -> uuid.UUID | None:
        """The new match's id; None when either line is matched already."""
        values = self._match_values(tenant_id, new, now)
        inserted = self._session.execute(
            self._insert(ReconMatchRow)
            .values(**values)
            .on_conflict_do_nothing()
            .returning(ReconMatchRow.id)
        ).first()
        return None if inserted is None else inserted[0]

    def add_matches(
        self,
        tenant_id: uuid.UUID,
        statement_id: uuid.UUID,
        method: str,
        new: Sequence[Pairing],
        now: datetime,
    ) -> None:
        """Insert an auto-match's pairs of one statement; a pair whose line was matched
        meanwhile is skipped. On PostgreSQL one INSERT … SELECT FROM unnest(arrays): a
        statement per match, or even multi-row VALUES (thousands of placeholders for the
        driver to parse), cost the 10k-line auto-match more than its scoring
        (tools/bench/recon_match.py). SQLite runs in-process: an executemany is cheap."""
        if not new:
            return
        if self._session.get_bind().dialect.name == "postgresql":
            self._session.execute(
                _INSERT_PAIRS,
                {
                    "tenant": tenant_id,
                    "statement": statement_id,
                    "method": method,
                    "at": now,
                    "ids": [uuid.uuid4() for _ in new],
                    "lines": [p.statement_line_id for p in new],
                    "journals": [p.ledger_line_id for p in new],
                    "entries": [p.entry_id for p in new],
                    "scores": [p.score for p in new],
                },
            )
            return
        self._session.execute(
            self._insert(_MATCHES).on_conflict_do_nothing(),
            [
                self._match_values(
                    tenant_id,
                    NewMatch(
                        statement_id,
                        p.statement_line_id,
                        p.ledger_line_id,
                        p.entry_id,
                        p.score,
                        method,
                    ),
                    now,
                )
                for p in new
            ],
        )

    def match(self, tenant_id: uuid.UUID, match_id: uuid.UUID) -> Match | None:
        row = self._session.execute(
            scoped(
                select(*_MATCH_COLUMNS).where(owner_is(_MATCH, tenant_id), _MATCH.id == match_id)
            )
        ).first()
        return None if row is None else _match(row)

    def delete_match(self, tenant_id: uuid.UUID, match_id: uuid.UUID) -> bool:
        deleted = self._session.execute(
            delete_owned(ReconMatchRow, tenant_id, ReconMatchRow.id == match_id).returning(
                ReconMatchRow.id
            )
        ).all()
        return bool(deleted)
