"""The analytics migrations create every declared table exactly as its capability
declares it (columns, types, indexes, constraints), on SQLite and PostgreSQL."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine

from services.analytics.capabilities import CAPABILITIES
from services.runtime.capability import declared_metadata


def test_the_migrations_match_the_declared_tables(analytics_url: str, engine: Engine) -> None:
    declared = declared_metadata(CAPABILITIES)
    assert declared is not None
    with engine.connect() as conn:
        context = MigrationContext.configure(
            conn, opts={"compare_type": True, "version_table": "alembic_version_analytics"}
        )
        assert compare_metadata(context, declared) == []
