"""Database plumbing shared by every backend: engines, sessions, the unit of work,
portable column types and per-backend Alembic migrations."""
