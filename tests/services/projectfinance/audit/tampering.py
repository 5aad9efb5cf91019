"""Rewriting history as someone with the database owner's rights could: the append-only
triggers lifted for one statement (PostgreSQL: DISABLE TRIGGER in the statement's
transaction; SQLite: the triggers dropped and re-created), so the tests can show that
the hash chain tells."""

from __future__ import annotations

import uuid
from typing import Any

from sqlalchemy import Engine, TextClause, bindparam, text

from db.types import GUID

_SQLITE_TRIGGER = (
    "CREATE TRIGGER audit_entries_no_{verb_lower} BEFORE {verb} ON audit_entries "
    "BEGIN SELECT RAISE(ABORT, 'audit_entries is append-only: {verb} refused'); END"
)


def _typed(statement: str, params: dict[str, Any]) -> TextClause:
    """Ids bound as the tables store them (SQLite keeps UUIDs as hex text)."""
    ids = [bindparam(name, type_=GUID) for name, v in params.items() if isinstance(v, uuid.UUID)]
    return text(statement).bindparams(*ids)


def behind_the_log(engine: Engine, statement: str, **params: Any) -> None:
    """Run `statement` on audit_entries with the append-only triggers lifted."""
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(
                text("ALTER TABLE audit_entries DISABLE TRIGGER audit_entries_append_only")
            )
            connection.execute(_typed(statement, params), params)
            connection.execute(
                text("ALTER TABLE audit_entries ENABLE TRIGGER audit_entries_append_only")
            )
            return
        for verb in ("UPDATE", "DELETE"):
            connection.execute(text(f"DROP TRIGGER audit_entries_no_{verb.lower()}"))
        connection.execute(_typed(statement, params), params)
        for verb in ("UPDATE", "DELETE"):
            connection.execute(text(_SQLITE_TRIGGER.format(verb=verb, verb_lower=verb.lower())))
