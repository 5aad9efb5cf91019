"""Migration pf_0003 on each supported database: it adds the phases table and its
downgrade removes exactly that table, leaving its neighbours (records, cost centers)."""

from __future__ import annotations

from sqlalchemy import Engine, inspect

from db import migrate


def test_pf_0003_adds_and_removes_the_phases_table(database_url: str, engine: Engine) -> None:
    migrate.upgrade("projectfinance", database_url)
    assert "phases" in inspect(engine).get_table_names()
    migrate.downgrade("projectfinance", database_url, "pf_0002")
    tables = set(inspect(engine).get_table_names())
    assert "phases" not in tables and {"project_finances", "cost_centers"} <= tables
    migrate.upgrade("projectfinance", database_url)
    assert migrate.current_revision("projectfinance", database_url) != "pf_0002"
    assert "phases" in inspect(engine).get_table_names()
