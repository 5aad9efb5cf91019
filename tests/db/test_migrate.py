from __future__ import annotations

from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect

from db import migrate
from db.engine import make_engine
from services.expense.capabilities import CAPABILITIES as EXPENSE_CAPABILITIES
from services.runtime.capability import declared_metadata


def test_every_backend_scripts_are_located_from_the_package() -> None:
    for backend in migrate.BACKENDS.values():
        assert (backend.script_location / "env.py").is_file()
        assert (backend.script_location / "versions").is_dir()
        assert backend.script_location.is_absolute()
    with pytest.raises(ValueError, match="unknown backend"):
        migrate.get_backend("nope")


def test_expense_upgrade_creates_the_schema(database_url: str) -> None:
    with pytest.raises(migrate.SchemaNotReady, match="finplat migrate"):
        migrate.require_current("expense", database_url)
    migrate.upgrade("expense", database_url)
    migrate.require_current("expense", database_url)
    assert migrate.current_revision("expense", database_url) == migrate.head_revision("expense")
    engine = make_engine(database_url)
    try:
        inspector = inspect(engine)
        tables = set(inspector.get_table_names())
        assert {"api_keys", "expenses", "alembic_version_expense"} <= tables
        indexes = {ix["name"] for ix in inspector.get_indexes("expenses")}
        assert "ix_expenses_api_key_id_date_created_at" in indexes
        # The scripts and the ORM models describe the same schema.
        declared = declared_metadata(EXPENSE_CAPABILITIES)
        assert declared is not None
        with engine.connect() as conn:
            context = MigrationContext.configure(
                conn, opts={"compare_type": True, "version_table": "alembic_version_expense"}
            )
            diff = compare_metadata(context, declared)
        assert diff == []
    finally:
        engine.dispose()


def test_upgrade_is_idempotent_and_downgrade_removes_everything(database_url: str) -> None:
    migrate.upgrade("expense", database_url)
    migrate.upgrade("expense", database_url)
    migrate.downgrade("expense", database_url, "base")
    assert migrate.current_revision("expense", database_url) is None
    engine = make_engine(database_url)
    try:
        assert not {"api_keys", "expenses"} & set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def test_upgrade_does_not_depend_on_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    url = f"sqlite:///{tmp_path}/elsewhere.db"
    migrate.upgrade("expense", url)
    migrate.require_current("expense", url)
