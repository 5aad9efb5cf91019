"""How the analytics module answers for a record it was asked about by id.

Spec 2 (with GAPS): another user's record is 403, a record that does not exist is 404;
neither answer carries the record. Repositories locate rows with db.scoping.locate and
hand the result here, or let `find_mine` / `lock_mine` do both.
"""

from __future__ import annotations

import uuid
from typing import Any, TypeVar

from sqlalchemy.orm import Session

from db.scoping import Located, Whose, locate, select_owned
from services.runtime.errors import NotFound, PermissionDenied

T = TypeVar("T")


def mine_or_raise(located: Located[T], noun: str) -> T:
    """The caller's row, or the error the spec gives for someone else's or nobody's."""
    if located.whose is Whose.MINE:
        assert located.row is not None
        return located.row
    if located.whose is Whose.FOREIGN:
        raise PermissionDenied(f"access denied: the {noun} belongs to another user")
    raise NotFound(f"{noun} not found")


def find_mine(
    session: Session, entity: type[T], owner: uuid.UUID, row_id: uuid.UUID, noun: str
) -> T:
    """The caller's row of `entity` with id `row_id` (403 another user's, 404 none)."""
    return mine_or_raise(locate(session, entity, owner, row_id), noun)


def lock_mine(
    session: Session, entity: type[T], owner: uuid.UUID, row_id: uuid.UUID, noun: str
) -> T:
    """`find_mine`, its row then locked until the unit of work ends (SELECT … FOR
    UPDATE: PostgreSQL's row lock; SQLite has none) and read again after the lock, so
    that it holds what the previous writer committed."""
    find_mine(session, entity, owner, row_id, noun)  # 403 / 404 before waiting on a lock
    primary: Any = entity.id  # type: ignore[attr-defined]
    row = session.scalars(
        select_owned(entity, owner, primary == row_id)
        .with_for_update()
        .execution_options(populate_existing=True)
    ).one_or_none()
    if row is None:  # deleted while this waited for the lock
        raise NotFound(f"{noun} not found")
    return row
