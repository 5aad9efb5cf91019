"""Persistence of a user's categories.

Every statement is scoped to the owning user through db.scoping. A category asked for by
id that belongs to another user is 403, one that does not exist 404 (records.mine_or_raise);
a category *named in a request body* that does not exist is that field's 400 instead
(`require_reference`): the request, not the URL, is wrong.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from db.scoping import Whose, delete_owned, locate, owner_is, scoped, select_owned, update_owned
from services.analytics.categories.domain import (
    Category,
    CategoryChanges,
    CategoryInput,
    DefaultCategory,
)
from services.analytics.categories.tables import CategoryRow
from services.analytics.records import find_mine
from services.runtime.errors import InvalidArgument, PermissionDenied


def _category(row: CategoryRow) -> Category:
    return Category(
        id=row.id,
        user_id=row.user_id,
        name=row.name,
        parent_id=row.parent_id,
        color=row.color,
        icon_name=row.icon_name,
        is_default=row.is_default,
        default_key=row.default_key,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


class CategoryRepository:
    def __init__(self, session: Session) -> None:
        self._session = session

    # -- reads ---------------------------------------------------------------------------

    def all_of(self, user_id: uuid.UUID) -> list[Category]:
        return [_category(r) for r in self._session.scalars(select_owned(CategoryRow, user_id))]

    def ids_of(self, user_id: uuid.UUID) -> set[uuid.UUID]:
        return set(
            self._session.scalars(
                scoped(select(CategoryRow.id).where(owner_is(CategoryRow, user_id)))
            )
        )

    def require_mine(self, user_id: uuid.UUID, category_id: uuid.UUID) -> Category:
        """The caller's category; 403 for another user's, 404 for none."""
        return _category(self._row(user_id, category_id))

    def require_reference(self, user_id: uuid.UUID, category_id: uuid.UUID, field: str) -> Category:
        """A category a request body names: the caller's, 403 for another user's, and a
        400 naming `field` when there is no such category."""
        located = locate(self._session, CategoryRow, user_id, category_id)
        if located.whose is Whose.MISSING:
            raise InvalidArgument.for_field(field, "is not one of your categories")
        if located.whose is Whose.FOREIGN:
            raise PermissionDenied(f"access denied: {field} names another user's category")
        assert located.row is not None
        return _category(located.row)

    def count_defaults(self, user_id: uuid.UUID) -> int:
        total = self._session.scalar(
            scoped(
                select(func.count())
                .select_from(CategoryRow)
                .where(owner_is(CategoryRow, user_id), CategoryRow.default_key.is_not(None))
            )
        )
        return int(total or 0)

    # -- writes --------------------------------------------------------------------------

    def add(self, user_id: uuid.UUID, new: CategoryInput, now: datetime) -> Category:
        row = CategoryRow(
            id=uuid.uuid4(),
            user_id=user_id,
            name=new.name,
            parent_id=new.parent_id,
            color=new.color,
            icon_name=new.icon_name,
            is_default=False,
            default_key=None,
            created_at=now,
            updated_at=now,
        )
        self._session.add(row)
        self._session.flush()
        return _category(row)

    def change(
        self, user_id: uuid.UUID, category_id: uuid.UUID, changes: CategoryChanges, now: datetime
    ) -> Category:
        """Apply validated changes (None: keep; an empty icon name: remove the icon)."""
        row = self._row(user_id, category_id)
        if changes.name is not None:
            row.name = changes.name
        if changes.color is not None:
            row.color = changes.color
        if changes.icon_name is not None:
            row.icon_name = changes.icon_name or None
        row.updated_at = now
        self._session.flush()
        return _category(row)

    def delete(self, user_id: uuid.UUID, category_id: uuid.UUID, now: datetime) -> None:
        """Delete the category; its subcategories become top-level ones."""
        self._session.execute(
            update_owned(CategoryRow, user_id, CategoryRow.parent_id == category_id).values(
                parent_id=None, updated_at=now
            )
        )
        self._session.execute(delete_owned(CategoryRow, user_id, CategoryRow.id == category_id))

    def adopt_defaults(
        self, user_id: uuid.UUID, adoptions: Sequence[tuple[uuid.UUID, str]], now: datetime
    ) -> None:
        """Make custom categories the defaults of those keys (kept custom if one got the
        key meanwhile: `default_key IS NULL` is part of the condition)."""
        for category_id, key in adoptions:
            self._session.execute(
                update_owned(
                    CategoryRow,
                    user_id,
                    CategoryRow.id == category_id,
                    CategoryRow.default_key.is_(None),
                ).values(is_default=True, default_key=key, updated_at=now)
            )

    def add_defaults(
        self,
        user_id: uuid.UUID,
        defaults: Sequence[tuple[DefaultCategory, uuid.UUID | None]],
        now: datetime,
    ) -> int:
        """Insert (default, parent id) pairs the user lacks; returns how many were new.

        One INSERT … ON CONFLICT (user_id, default_key) DO NOTHING: a concurrent call that
        inserted one of them first wins and this one skips it (PostgreSQL waits for the
        other transaction, SQLite serializes writers), so neither fails nor duplicates.
        """
        if not defaults:
            return 0
        rows = [
            {
                "id": uuid.uuid4(),
                "user_id": user_id,
                "name": default.name,
                "parent_id": parent_id,
                "color": default.color,
                "icon_name": default.icon_name,
                "is_default": True,
                "default_key": default.key,
                "created_at": now,
                "updated_at": now,
            }
            for default, parent_id in defaults
        ]
        statement = (
            self._insert()
            .values(rows)
            .on_conflict_do_nothing(index_elements=[CategoryRow.user_id, CategoryRow.default_key])
        )
        # RETURNING counts what was inserted on both engines (rowcount of a multi-row
        # INSERT is not reliable through every driver).
        return len(self._session.execute(statement.returning(CategoryRow.id)).all())

    def _insert(self) -> postgresql.Insert | sqlite.Insert:
        # ON CONFLICT is dialect-specific in SQLAlchemy; both supported engines have it.
        if self._session.get_bind().dialect.name == "postgresql":
            return postgresql.insert(CategoryRow)
        return sqlite.insert(CategoryRow)

    def _row(self, user_id: uuid.UUID, category_id: uuid.UUID) -> CategoryRow:
        return find_mine(self._session, CategoryRow, user_id, category_id, "category")
