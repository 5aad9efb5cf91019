"""The project-finance backend's declarative base: one metadata for all of its
capabilities' tables, so one Alembic history covers the backend."""

from __future__ import annotations

from sqlalchemy.orm import DeclarativeBase

from db.types import make_metadata

metadata = make_metadata()


class Base(DeclarativeBase):
    metadata = metadata
