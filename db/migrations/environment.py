"""The body of every backend's Alembic env.py: only the target metadata differs."""

from __future__ import annotations

from alembic import context
from sqlalchemy import MetaData

from db.engine import make_engine


def run(target_metadata: MetaData | None) -> None:
    config = context.config
    url: str = config.attributes["url"]
    options = {
        "target_metadata": target_metadata,
        "version_table": config.attributes["version_table"],
        # SQLite cannot ALTER most things: batch mode recreates the table instead.
        "render_as_batch": True,
        "compare_type": True,
    }
    if context.is_offline_mode():
        context.configure(url=url, literal_binds=True, **options)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            context.configure(connection=connection, **options)
            with context.begin_transaction():
                context.run_migrations()
    finally:
        engine.dispose()
