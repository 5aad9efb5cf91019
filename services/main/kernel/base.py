"""The main backend's declarative base: one metadata for all of its capabilities
(identity now; ledger, invoices, payments, projects and teams later), so one Alembic
history covers the backend's tables."""

from __future__ import annotations

from sqlalchemy.orm import DeclarativeBase

from db.types import make_metadata

metadata = make_metadata()


class Base(DeclarativeBase):
    metadata = metadata
