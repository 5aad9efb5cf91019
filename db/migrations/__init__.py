"""Alembic migrations, one directory per backend (see db.migrate)."""
