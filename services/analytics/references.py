"""Records a request body names by id (a goal's category, a contribution's transaction)
must be the caller's.

Unlike a record asked for by its path id (records.mine_or_raise: 403 another user's, 404
none), another user's record and a missing one are answered alike here: 422 naming the
field. The body is what is wrong, and ids of other users' records must reveal nothing.
Pure: the lookup is the caller's use case code.
"""

from __future__ import annotations

from collections.abc import Callable

from services.runtime.errors import NotFound, PermissionDenied, Unprocessable


def require_own(lookup: Callable[[], object], field: str, noun: str) -> None:
    """Run `lookup` (a repository's 403 / 404 read of the record); Unprocessable "is not
    one of your `noun`" naming `field` when the record is not the caller's."""
    try:
        lookup()
    except (PermissionDenied, NotFound):
        raise Unprocessable.for_field(field, f"is not one of your {noun}") from None
