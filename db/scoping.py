"""Data isolation: every statement over owned rows is filtered by its owner, or says why not.

A table whose rows belong to someone (a user, a tenant, an API key) declares it once on
its ORM class:

    class ExpenseRow(Base, OwnedBy):
        __owner__ = "api_key_id"

Repositories then build their statements with the helpers here — `select_owned`,
`update_owned`, `delete_owned`, `owner_is` — which add the owner condition and mark the
statement as scoped. A statement that must cross owners (login finds an account by email;
a token is looked up by its hash) is wrapped in `across_owners(stmt, reason)`.

The guard installed on every session (`install_owner_guard`, done by
db.session.make_sessionmaker) refuses any other ORM SELECT, UPDATE or DELETE that touches
an owned table, including `session.get()` misses, with `UnscopedQuery`. Forgetting the
filter is therefore a failing test, not a data leak. Loads the ORM makes on behalf of rows
already fetched (lazy relationship and expired-attribute loads) and flushes of those rows
are allowed: the rows themselves were fetched through a scoped statement.

Session-free Core reads (the hot paths' `engine.connect()`) are not ORM statements; they
build their conditions with `owner_is` the same way, and the repositories' tests cover
them.
"""

from __future__ import annotations

import enum
import uuid
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar, cast

from sqlalchemy import ColumnElement, Delete, Select, Update, delete, event, select, update
from sqlalchemy.orm import ORMExecuteState, Session, sessionmaker
from sqlalchemy.sql.elements import BindParameter, ClauseElement
from sqlalchemy.sql.util import find_tables

T = TypeVar("T")
# Any SELECT (of any columns), UPDATE or DELETE.
S = TypeVar("S", Select[*tuple[Any, ...]], Update, Delete)

SCOPED = "finplat_owner_scoped"
ACROSS_OWNERS = "finplat_across_owners"

Owner = uuid.UUID | BindParameter[Any]


class OwnedBy:
    """Mixin of ORM classes whose rows belong to an owner; `__owner__` names the column."""

    __owner__: ClassVar[str]


class UnscopedQuery(RuntimeError):
    """An ORM statement touched an owned table without an owner filter or a reason."""


def _owner_column(entity: type[Any]) -> Any:
    name = getattr(entity, "__owner__", None)
    if name is None:
        raise TypeError(f"{entity.__name__} is not OwnedBy: it declares no __owner__ column")
    return getattr(entity, name)


def owner_is(entity: type[Any], owner: Owner) -> ColumnElement[bool]:
    """The owner condition itself, for statements built by hand (Core reads, joins)."""
    condition: ColumnElement[bool] = _owner_column(entity) == owner
    return condition


def scoped(statement: S) -> S:
    """Mark a statement that already carries `owner_is(...)` as scoped."""
    return statement.execution_options(**{SCOPED: True})


def select_owned(entity: type[T], owner: Owner, *where: ColumnElement[bool]) -> Select[T]:
    """SELECT the owner's rows of `entity` (further conditions ANDed)."""
    return scoped(select(entity).where(owner_is(entity, owner), *where))


def update_owned(entity: type[Any], owner: Owner, *where: ColumnElement[bool]) -> Update:
    return scoped(update(entity).where(owner_is(entity, owner), *where))


def delete_owned(entity: type[Any], owner: Owner, *where: ColumnElement[bool]) -> Delete:
    return scoped(delete(entity).where(owner_is(entity, owner), *where))


def across_owners(statement: S, reason: str) -> S:
    """A statement that deliberately reads or changes rows of any owner; `reason` is
    required so every such place says why (and can be found by grepping it)."""
    if not reason.strip():
        raise ValueError("across_owners needs a reason")
    return statement.execution_options(**{ACROSS_OWNERS: reason})


class Whose(enum.Enum):
    MINE = "mine"
    FOREIGN = "foreign"  # exists, belongs to another owner
    MISSING = "missing"


@dataclass(frozen=True)
class Located(Generic[T]):
    """A row looked up by id for an owner: services whose spec answers another owner's
    record differently from a missing one (403 vs 404) need to tell them apart — without
    ever returning the foreign row."""

    whose: Whose
    row: T | None = None


def locate(session: Session, entity: type[T], owner: Owner, row_id: uuid.UUID) -> Located[T]:
    primary: Any = entity.id  # type: ignore[attr-defined]
    row = session.scalar(select_owned(entity, owner, primary == row_id))
    if row is not None:
        return Located(Whose.MINE, row)
    exists = session.scalar(
        across_owners(select(primary).where(primary == row_id), "tell foreign from missing")
    )
    return Located(Whose.MISSING if exists is None else Whose.FOREIGN)


def install_owner_guard(sessions: sessionmaker[Session]) -> None:
    """Refuse unscoped ORM statements on owned tables in every session of `sessions`."""
    event.listen(sessions, "do_orm_execute", _guard)


def _guard(state: ORMExecuteState) -> None:
    if not (state.is_select or state.is_update or state.is_delete):
        return
    if state.is_select and (state.is_relationship_load or state.is_column_load):
        return  # loads on behalf of rows already fetched through a scoped statement
    options = state.execution_options
    if options.get(SCOPED) or options.get(ACROSS_OWNERS):
        return
    if state.is_select and "synchronize_session" in state.local_execution_options:
        # The primary-key SELECT an UPDATE/DELETE runs for synchronize_session="fetch":
        # it copies the WHERE criteria of the statement this guard has just checked,
        # but not that statement's own execution options.
        return
    owned = {
        mapper.class_.__name__
        for mapper in state.all_mappers
        if getattr(mapper.class_, "__owner__", None) is not None
    }
    # Tables named only in FROM (select(func.count()).select_from(Row)) or a subquery.
    by_table = _owned_tables()
    owned.update(
        by_table[t]
        for t in find_tables(cast(ClauseElement, state.statement), include_crud=True)
        if t in by_table
    )
    if owned:
        raise UnscopedQuery(
            f"statement on owned {', '.join(sorted(owned))} has no owner filter: build it with "
            "db.scoping.select_owned/update_owned/delete_owned, or across_owners(stmt, reason)"
        )


def _owned_tables() -> dict[Any, str]:
    """Every mapped OwnedBy table → its class name (rebuilt when classes are added)."""
    classes = _subclasses(OwnedBy)
    if len(classes) != _OWNED_CACHE.get("count"):
        _OWNED_CACHE["count"] = len(classes)
        _OWNED_CACHE["tables"] = {
            c.__table__: c.__name__  # type: ignore[attr-defined]
            for c in classes
            if getattr(c, "__table__", None) is not None
        }
    tables: dict[Any, str] = _OWNED_CACHE["tables"]
    return tables


def _subclasses(cls: type) -> list[type]:
    found: list[type] = []
    direct: list[type] = cls.__subclasses__()
    for sub in direct:
        found.append(sub)
        found.extend(_subclasses(sub))
    return found


_OWNED_CACHE: dict[str, Any] = {}
