"""One page of an owner's rows and how many match in all: the two SELECTs every list
of the analytics capabilities makes, both scoped to the owner through db.scoping."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any, TypeVar

from sqlalchemy import ColumnElement, func
from sqlalchemy.orm import Session

from db.scoping import select_owned
from services.runtime.paging import Page

T = TypeVar("T")


def owned_page(
    session: Session,
    entity: type[T],
    owner: uuid.UUID,
    conditions: Sequence[ColumnElement[bool]],
    *,
    order: Sequence[Any],
    limit: int,
    offset: int,
) -> Page[T]:
    """The rows of `entity` that `owner` owns and `conditions` keep, `limit` of them
    from `offset` in `order` (which must settle every tie, so that pages never
    overlap), with the number of all such rows. Callers make the rows values with
    `Page.with_items`."""
    total = session.scalar(select_owned(entity, owner, *conditions).with_only_columns(func.count()))
    rows = session.scalars(
        select_owned(entity, owner, *conditions).order_by(*order).limit(limit).offset(offset)
    )
    return Page(list(rows), int(total or 0), limit, offset)
