"""Session factories: one per engine, shared by every thread of a backend."""

from __future__ import annotations

from sqlalchemy import Engine
from sqlalchemy.orm import Session, sessionmaker

from db.scoping import install_owner_guard


def make_sessionmaker(engine: Engine) -> sessionmaker[Session]:
    # expire_on_commit=False: use cases turn rows into domain objects and may read them
    # after the commit; expiring would trigger a lazy reload on a closed session.
    sessions = sessionmaker(bind=engine, expire_on_commit=False, autoflush=True)
    # Every session of every backend refuses unscoped statements on owned tables.
    install_owner_guard(sessions)
    return sessions
