"""How the analytics module answers for a record it was asked about by id.

Spec 2 (with GAPS): another user's record is 403, a record that does not exist is 404;
neither answer carries the record. Repositories locate rows with db.scoping.locate and
hand the result here.
"""

from __future__ import annotations

from typing import TypeVar

from db.scoping import Located, Whose
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
