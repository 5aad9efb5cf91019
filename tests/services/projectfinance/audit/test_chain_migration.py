"""Migration pf_0006 chains the entries written before it: per tenant in the order they
were written, with the service's own canonical form (its frozen copy), so the service
verifies the backfilled chain and appends after it; the append-only triggers survive
the migration both ways."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from sqlalchemy import Engine, bindparam, text
from sqlalchemy.exc import DBAPIError

from db import migrate
from db.engine import make_engine
from db.session import make_sessionmaker
from db.types import GUID, UTCDateTime
from db.unit_of_work import unit_of_work_factory
from services.projectfinance.audit.chain import verify
from services.projectfinance.audit.usecases import record_change
from services.projectfinance.repositories import repositories
from tests.services.projectfinance.support import NOW, new_actor

_OLD_ENTRY = text(
    "INSERT INTO audit_entries (id, tenant_id, occurred_at, user_id, ip_address, user_agent,"
    " correlation_id, action, entity_type, entity_id, project_id, before, after)"
    " VALUES (:id, :tenant_id, :occurred_at, :user_id, '198.51.100.1', 'curl/8', 'req-1',"
    " 'update', 'phase', :entity_id, NULL, :before, :after)"
).bindparams(
    bindparam("id", type_=GUID),
    bindparam("tenant_id", type_=GUID),
    bindparam("user_id", type_=GUID),
    bindparam("entity_id", type_=GUID),
    bindparam("occurred_at", type_=UTCDateTime(timezone=True)),
)


def insert_old_entry(engine: Engine, tenant: uuid.UUID, minute: int) -> None:
    """An entry as pf_0001's schema stores it (no link yet)."""
    with engine.begin() as connection:
        connection.execute(
            _OLD_ENTRY,
            {
                "id": uuid.uuid4(),
                "tenant_id": tenant,
                "occurred_at": NOW + timedelta(minutes=minute),
                "user_id": uuid.uuid4(),
                "entity_id": uuid.uuid4(),
                "before": '{"budget": "1.50", "n": 1}',
                "after": '{"budget": "2.50", "n": [1, 2]}',
            },
        )


def assert_append_only(engine: Engine) -> None:
    for statement in ("UPDATE audit_entries SET action = 'x'", "DELETE FROM audit_entries"):
        with pytest.raises(DBAPIError, match="append-only"), engine.begin() as connection:
            connection.execute(text(statement))


def test_entries_older_than_the_chain_are_chained(database_url: str, engine: Engine) -> None:
    migrate.upgrade("projectfinance", database_url, "pf_0005")
    tenants = [uuid.uuid4(), uuid.uuid4()]
    for i in range(5):
        # Written newest first: the chain follows occurred_at, not insertion order.
        insert_old_entry(engine, tenants[i % 2], 5 - i)
    migrate.upgrade("projectfinance", database_url)
    uow = unit_of_work_factory(make_sessionmaker(engine), repositories)
    with uow() as unit:
        record_change(
            unit,
            tenants[0],
            new_actor(),
            NOW + timedelta(hours=1),
            action="create",
            entity_type="phase",
            entity_id=uuid.uuid4(),
            project_id=None,
        )
    with uow() as unit:
        for tenant, count in zip(tenants, (4, 2), strict=True):
            chain = unit.repos.audit.chain(tenant)
            integrity = verify(chain, unit.repos.audit.head(tenant))
            assert integrity.verified and integrity.checked_entries == count, integrity
            moments = [c.entry.occurred_at for c in chain]
            assert moments == sorted(moments)
    assert_append_only(engine)


def test_the_migration_goes_down_and_up_again(database_url: str) -> None:
    migrate.upgrade("projectfinance", database_url)
    migrate.downgrade("projectfinance", database_url, "pf_0005")
    engine = make_engine(database_url)
    try:
        insert_old_entry(engine, uuid.uuid4(), 0)
        assert_append_only(engine)
        migrate.upgrade("projectfinance", database_url)
        assert_append_only(engine)
    finally:
        engine.dispose()
