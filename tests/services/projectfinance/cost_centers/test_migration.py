"""Migration pf_0002 on each supported database: it creates the cost centers' table
exactly as the model declares it, and its downgrade removes it."""

from __future__ import annotations

from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, inspect

from db import migrate
from services.projectfinance.cost_centers.tables import CostCenterRow
from services.projectfinance.kernel.base import metadata

TABLE = CostCenterRow.__tablename__


def _mentions_table(diff: Any) -> bool:
    """Whether an autogenerate difference concerns the cost centers' table (the other
    capabilities' tables are their migrations' business)."""
    if isinstance(diff, list):
        return any(_mentions_table(d) for d in diff)
    return any(getattr(part, "name", None) == TABLE or part == TABLE for part in diff) or any(
        getattr(getattr(part, "table", None), "name", None) == TABLE for part in diff
    )


def test_the_table_is_the_declared_one(database_url: str, engine: Engine) -> None:
    migrate.upgrade("projectfinance", database_url, "pf_0002")
    with engine.connect() as conn:
        context = MigrationContext.configure(
            conn,
            opts={"compare_type": True, "version_table": "alembic_version_projectfinance"},
        )
        diff = compare_metadata(context, metadata)
    assert [d for d in diff if _mentions_table(d)] == []
    assert TABLE in inspect(engine).get_table_names()


def test_the_downgrade_removes_the_table(database_url: str, engine: Engine) -> None:
    migrate.upgrade("projectfinance", database_url, "pf_0002")
    migrate.downgrade("projectfinance", database_url, "pf_0001")
    assert TABLE not in inspect(engine).get_table_names()
    assert "project_finances" in inspect(engine).get_table_names()
    migrate.upgrade("projectfinance", database_url, "pf_0002")
    assert TABLE in inspect(engine).get_table_names()
