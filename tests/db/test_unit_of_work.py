from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import Column, Engine, Integer, Table, func, insert, select
from sqlalchemy.orm import Session

from db.engine import make_engine
from db.session import make_sessionmaker
from db.types import make_metadata
from db.unit_of_work import UnitOfWork, unit_of_work_factory

metadata = make_metadata()
counter = Table("counter", metadata, Column("id", Integer, primary_key=True))


class Repos:
    def __init__(self, session: Session) -> None:
        self.session = session

    def add(self, value: int) -> None:
        self.session.execute(insert(counter).values(id=value))

    def count(self) -> int:
        return int(self.session.scalar(select(func.count()).select_from(counter)) or 0)


@pytest.fixture
def engine_() -> Iterator[Engine]:
    engine = make_engine("sqlite://")
    metadata.create_all(engine)
    yield engine
    engine.dispose()


def test_success_commits_and_error_rolls_back(engine_: Engine) -> None:
    make = unit_of_work_factory(make_sessionmaker(engine_), Repos)
    with make() as uow:
        uow.repos.add(1)
    with pytest.raises(RuntimeError, match="boom"), make() as uow:
        uow.repos.add(2)
        raise RuntimeError("boom")
    with make() as uow:
        assert uow.repos.count() == 1


def test_a_unit_of_work_is_single_use_and_scoped(engine_: Engine) -> None:
    uow: UnitOfWork[Repos] = UnitOfWork(make_sessionmaker(engine_), Repos)
    with pytest.raises(RuntimeError, match="outside"):
        _ = uow.repos
    with uow:
        pass
    with pytest.raises(RuntimeError, match="outside"):
        _ = uow.repos
    with pytest.raises(RuntimeError, match="single-use"), uow:
        pass
