"""Migration pf_0004 builds exactly the milestones' tables as declared (SQLite and
PostgreSQL), and its downgrade removes them."""

from __future__ import annotations

from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, inspect

from db import migrate
from services.projectfinance.kernel.base import metadata
from services.projectfinance.milestones import tables

OURS = {tables.MilestoneRow.__tablename__, tables.InvoiceSagaRow.__tablename__}


def _table_of(diff: Any) -> str | None:
    """The table a difference of compare_metadata is about (a list is one column's
    several changes; an object names its table, a tuple carries the table name)."""
    if isinstance(diff, list):
        return _table_of(diff[0])
    for item in diff[1:]:
        table = getattr(item, "table", None)
        if table is not None:
            return str(table.name)
        name = getattr(item, "name", None)
        if name in OURS:
            return str(name)
        if isinstance(item, str) and item in OURS:
            return item
    return None


def test_the_migration_matches_the_declared_tables(database_url: str, engine: Engine) -> None:
    migrate.upgrade("projectfinance", database_url)
    with engine.connect() as conn:
        context = MigrationContext.configure(
            conn, opts={"compare_type": True, "version_table": "alembic_version_projectfinance"}
        )
        diff = [d for d in compare_metadata(context, metadata) if _table_of(d) in OURS]
    assert diff == []


def test_the_downgrade_removes_the_tables(database_url: str, engine: Engine) -> None:
    migrate.upgrade("projectfinance", database_url)
    migrate.downgrade("projectfinance", database_url, "pf_0003")
    assert not OURS & set(inspect(engine).get_table_names())
    migrate.upgrade("projectfinance", database_url)
    assert set(inspect(engine).get_table_names()) >= OURS
