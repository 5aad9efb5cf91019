"""The audit log: written in the change's transaction, read back by time, and
append-only in the database itself (the migration's triggers refuse UPDATE and DELETE)."""

from __future__ import annotations

import uuid
from datetime import timedelta
from decimal import Decimal

import pytest
from sqlalchemy import Engine, text
from sqlalchemy.exc import DBAPIError

from services.projectfinance.audit.domain import snapshot
from services.projectfinance.audit.usecases import record_change
from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.dependencies import UowFactory
from services.projectfinance.kernel.money import Money
from tests.services.projectfinance.support import NOW


def test_an_entry_is_written_with_the_change_and_read_back(
    uow: UowFactory, tenant: uuid.UUID, actor: Actor
) -> None:
    entity, project = uuid.uuid4(), uuid.uuid4()
    with uow() as unit:
        record_change(
            unit,
            tenant,
            actor,
            NOW,
            action="update",
            entity_type="phase",
            entity_id=entity,
            project_id=project,
            before={"budget": Money(Decimal("10.50"), "EUR")},
            after={"budget": Money(Decimal("12.00"), "EUR")},
        )
    with uow() as unit:
        (entry,) = unit.repos.audit.between(tenant, NOW, NOW + timedelta(seconds=1))
        assert unit.repos.audit.between(uuid.uuid4(), NOW, NOW + timedelta(seconds=1)) == []
    assert entry.actor == actor and entry.action == "update" and entry.project_id == project
    assert entry.before == {"budget": {"amount": "10.50", "currency": "EUR"}}
    assert entry.after == {"budget": {"amount": "12.00", "currency": "EUR"}}


def test_a_change_that_rolls_back_leaves_no_entry(
    uow: UowFactory, tenant: uuid.UUID, actor: Actor
) -> None:
    with pytest.raises(RuntimeError), uow() as unit:
        record_change(
            unit,
            tenant,
            actor,
            NOW,
            action="create",
            entity_type="milestone",
            entity_id=uuid.uuid4(),
            project_id=None,
            after={"name": "x"},
        )
        raise RuntimeError("the change fails after its entry was written")
    with uow() as unit:
        assert unit.repos.audit.between(tenant, NOW, NOW + timedelta(seconds=1)) == []


@pytest.mark.parametrize(
    "statement", ["UPDATE audit_entries SET action = 'x'", "DELETE FROM audit_entries"]
)
def test_the_database_refuses_to_rewrite_history(
    uow: UowFactory, engine: Engine, tenant: uuid.UUID, actor: Actor, statement: str
) -> None:
    with uow() as unit:
        record_change(
            unit,
            tenant,
            actor,
            NOW,
            action="delete",
            entity_type="project_finance",
            entity_id=uuid.uuid4(),
            project_id=uuid.uuid4(),
            before={"id": "x"},
        )
    with pytest.raises(DBAPIError, match="append-only"), engine.begin() as connection:
        connection.execute(text(statement))


def test_unknown_entity_types_and_values_are_refused(
    uow: UowFactory, tenant: uuid.UUID, actor: Actor
) -> None:
    with uow() as unit, pytest.raises(ValueError, match="entity type"):
        record_change(
            unit,
            tenant,
            actor,
            NOW,
            action="x",
            entity_type="nope",
            entity_id=uuid.uuid4(),
            project_id=None,
        )
    with pytest.raises(TypeError):
        snapshot("not a dataclass")
