"""Migration pf_0005: the approvals' tables as their models declare them, on each
database, and a downgrade to pf_0004 takes them away."""

from __future__ import annotations

from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, inspect

from db import migrate
from services.projectfinance.approvals import tables
from services.projectfinance.kernel.base import metadata

OURS = {tables.ApprovalRow.__tablename__, tables.ApprovalThresholdRow.__tablename__}


def _table_of(diff: Any) -> str | None:
    """The table a compare_metadata difference is about (tuples nest per column)."""
    if isinstance(diff, list):
        return _table_of(diff[0])
    for part in diff[1:]:
        name = getattr(part, "name", None)
        table = getattr(part, "table", None)
        if table is not None:
            return str(table.name)
        if isinstance(part, str) and part in OURS:
            return part
        if name in OURS:
            return str(name)
    return None


def test_the_migration_builds_the_declared_tables(database_url: str, engine: Engine) -> None:
    migrate.upgrade("projectfinance", database_url)
    with engine.connect() as conn:
        context = MigrationContext.configure(
            conn, opts={"compare_type": True, "version_table": "alembic_version_projectfinance"}
        )
        ours = [d for d in compare_metadata(context, metadata) if _table_of(d) in OURS]
    assert ours == []
    indexes = {ix["name"]: ix for ix in inspect(engine).get_indexes("approvals")}
    assert indexes["uq_approvals_pending_entity"]["unique"]


def test_downgrade_removes_the_tables(database_url: str, engine: Engine) -> None:
    migrate.upgrade("projectfinance", database_url)
    migrate.downgrade("projectfinance", database_url, "pf_0004")
    assert not OURS & set(inspect(engine).get_table_names())
    migrate.upgrade("projectfinance", database_url)
    assert set(inspect(engine).get_table_names()) >= OURS
