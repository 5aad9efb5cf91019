"""db.scoping on real SQLite and PostgreSQL: the owner helpers filter by owner, and the
guard every session gets (db.session.make_sessionmaker) refuses any ORM statement on an
owned table that is neither scoped nor explicitly across owners."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from sqlalchemy import Engine, ForeignKey, String, bindparam, delete, func, select, update
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship, sessionmaker
from sqlalchemy.orm import Session as DbSession

from db.scoping import (
    OwnedBy,
    UnscopedQuery,
    Whose,
    across_owners,
    delete_owned,
    locate,
    owner_is,
    scoped,
    select_owned,
    update_owned,
)
from db.session import make_sessionmaker
from db.types import GUID, make_metadata


class Base(DeclarativeBase):
    metadata = make_metadata()


class Note(Base, OwnedBy):
    __tablename__ = "scoping_notes"
    __owner__ = "owner_id"

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    owner_id: Mapped[uuid.UUID] = mapped_column(GUID)
    text: Mapped[str] = mapped_column(String(100))
    tags: Mapped[list[Tag]] = relationship(lazy="select")


class Tag(Base):
    """Not owned: the guard leaves it alone."""

    __tablename__ = "scoping_tags"

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    note_id: Mapped[uuid.UUID] = mapped_column(GUID, ForeignKey("scoping_notes.id"))
    label: Mapped[str] = mapped_column(String(20))


ALICE, BOB = uuid.uuid4(), uuid.uuid4()


@pytest.fixture
def sessions(engine: Engine) -> Iterator[sessionmaker[DbSession]]:
    Base.metadata.create_all(engine)
    yield make_sessionmaker(engine)
    Base.metadata.drop_all(engine)


@pytest.fixture
def notes(sessions: sessionmaker[DbSession]) -> dict[str, uuid.UUID]:
    """Two notes of Alice's (one tagged), one of Bob's; their ids by text."""
    ids = {text: uuid.uuid4() for text in ("a1", "a2", "b1")}
    with sessions.begin() as session:
        for text, note_id in ids.items():
            session.add(Note(id=note_id, owner_id=ALICE if text[0] == "a" else BOB, text=text))
        session.flush()
        session.add(Tag(id=uuid.uuid4(), note_id=ids["a1"], label="red"))
    return ids


def texts(session: DbSession, owner: uuid.UUID) -> list[str]:
    return sorted(n.text for n in session.scalars(select_owned(Note, owner)))


# --- the helpers ------------------------------------------------------------------------------


def test_select_owned_sees_only_the_owners_rows(
    sessions: sessionmaker[DbSession], notes: dict[str, uuid.UUID]
) -> None:
    with sessions() as session:
        assert texts(session, ALICE) == ["a1", "a2"]
        assert texts(session, BOB) == ["b1"]
        assert texts(session, uuid.uuid4()) == []
        # Further conditions are ANDed: another owner's id finds nothing.
        assert session.scalar(select_owned(Note, ALICE, Note.id == notes["b1"])) is None


def test_update_and_delete_owned_touch_only_the_owners_rows(
    sessions: sessionmaker[DbSession], notes: dict[str, uuid.UUID]
) -> None:
    with sessions.begin() as session:
        changed = session.execute(update_owned(Note, BOB).values(text="bob's"))
        assert getattr(changed, "rowcount", 0) == 1
        mine = session.execute(update_owned(Note, ALICE, Note.id == notes["b1"]).values(text="x"))
        assert getattr(mine, "rowcount", 0) == 0  # Bob's note is not Alice's to change
        session.execute(delete_owned(Note, BOB, Note.id == notes["a2"]))  # not Bob's
    with sessions() as session:
        assert texts(session, ALICE) == ["a1", "a2"]
        assert texts(session, BOB) == ["bob's"]
    with sessions.begin() as session:
        session.execute(delete_owned(Note, BOB))
    with sessions() as session:
        assert texts(session, BOB) == []
        assert texts(session, ALICE) == ["a1", "a2"]


def test_owner_is_scopes_statements_built_by_hand(
    sessions: sessionmaker[DbSession], notes: dict[str, uuid.UUID]
) -> None:
    with sessions() as session:
        count = session.scalar(
            scoped(select(func.count()).select_from(Note).where(owner_is(Note, ALICE)))
        )
        assert count == 2


def test_a_core_read_binds_the_owner_as_a_parameter(
    engine: Engine, notes: dict[str, uuid.UUID]
) -> None:
    """The hot paths' session-free reads: one prepared statement, the owner bound per call."""
    statement = select(Note.text).where(
        Note.id == bindparam("note_id"), owner_is(Note, bindparam("owner"))
    )
    with engine.connect() as conn:
        assert conn.scalar(statement, {"note_id": notes["a1"], "owner": ALICE}) == "a1"
        assert conn.scalar(statement, {"note_id": notes["a1"], "owner": BOB}) is None


def test_locate_tells_mine_foreign_and_missing_apart(
    sessions: sessionmaker[DbSession], notes: dict[str, uuid.UUID]
) -> None:
    with sessions() as session:
        mine = locate(session, Note, ALICE, notes["a1"])
        assert mine.whose is Whose.MINE and mine.row is not None and mine.row.text == "a1"
        foreign = locate(session, Note, ALICE, notes["b1"])
        assert (foreign.whose, foreign.row) == (Whose.FOREIGN, None)
        missing = locate(session, Note, ALICE, uuid.uuid4())
        assert (missing.whose, missing.row) == (Whose.MISSING, None)


def test_owner_helpers_need_an_owned_entity() -> None:
    with pytest.raises(TypeError, match="not OwnedBy"):
        select_owned(Tag, ALICE)


# --- the guard --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "statement",
    [
        select(Note),
        select(Note.text).where(Note.text == "a1"),
        select(func.count()).select_from(Note),
        update(Note).values(text="x"),
        select(Tag, Note).join(Note, Tag.note_id == Note.id),
    ],
    ids=["select", "columns", "count", "update", "join"],
)
def test_the_guard_refuses_unscoped_statements(
    sessions: sessionmaker[DbSession], notes: dict[str, uuid.UUID], statement: object
) -> None:
    with sessions() as session, pytest.raises(UnscopedQuery, match="Note"):
        session.execute(statement)  # type: ignore[call-overload]


def test_the_guard_refuses_an_unscoped_delete_and_a_get_miss(
    sessions: sessionmaker[DbSession], notes: dict[str, uuid.UUID]
) -> None:
    with sessions() as session:
        with pytest.raises(UnscopedQuery):
            session.execute(delete(Note))
        with pytest.raises(UnscopedQuery):
            session.get(Note, notes["b1"])  # by id alone: whoever's it is


def test_across_owners_is_allowed_with_a_reason(
    sessions: sessionmaker[DbSession], notes: dict[str, uuid.UUID]
) -> None:
    with sessions() as session:
        every = session.scalars(across_owners(select(Note.text), "the test counts every note"))
        assert sorted(every) == ["a1", "a2", "b1"]
    with pytest.raises(ValueError, match="reason"):
        across_owners(select(Note), "  ")


def test_unowned_tables_and_loads_for_fetched_rows_pass(
    sessions: sessionmaker[DbSession], notes: dict[str, uuid.UUID]
) -> None:
    with sessions() as session:
        assert [t.label for t in session.scalars(select(Tag))] == ["red"]
        note = session.scalars(select_owned(Note, ALICE, Note.id == notes["a1"])).one()
        # A lazy relationship load and an expired attribute's reload are on behalf of a
        # row already fetched through a scoped statement.
        assert [t.label for t in note.tags] == ["red"]
        session.expire(note, ["text"])
        assert note.text == "a1"
        # A flush of that row is an UPDATE the guard does not see as a statement.
        note.text = "a1!"
        session.commit()
    with sessions() as session:
        assert texts(session, ALICE) == ["a1!", "a2"]


def test_plain_sessions_are_not_guarded_only_the_backends_are(
    engine: Engine, sessions: sessionmaker[DbSession], notes: dict[str, uuid.UUID]
) -> None:
    """The guard comes with db.session.make_sessionmaker, which every backend uses."""
    with DbSession(engine) as session:
        assert len(session.scalars(select(Note)).all()) == 3


# synchronize_session="fetch" runs a SELECT of its own before the UPDATE, without the
# statement's scope marker, and the guard refuses it. Reported; repositories keep
# SQLAlchemy's default ("auto": evaluated in Python against the loaded rows).
def test_a_scoped_update_may_synchronize_the_session_by_fetching(
    sessions: sessionmaker[DbSession], notes: dict[str, uuid.UUID]
) -> None:
    with sessions.begin() as session:
        session.execute(
            update_owned(Note, ALICE).values(text="x"),
            execution_options={"synchronize_session": "fetch"},
        )
    with sessions() as session:
        assert texts(session, ALICE) == ["x", "x"]
