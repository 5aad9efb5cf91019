"""The project-finance backend's declared capabilities: every service of its protos is
registered from them, and the tables they declare are exactly the schema the whole
migration chain builds (SQLite and PostgreSQL); each migration's downgrade takes away
its own tables and no other, down to an empty database."""

from __future__ import annotations

from concurrent import futures
from pathlib import Path

import grpc
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from finplat.projectfinance.v1 import (
    approvals_pb2,
    compliance_pb2,
    cost_centers_pb2,
    exports_pb2,
    forecasts_pb2,
    health_pb2,
    milestones_pb2,
    phases_pb2,
    portfolio_pb2,
    records_pb2,
)
from sqlalchemy import Engine, inspect

from db import migrate
from db.engine import make_engine
from db.session import make_sessionmaker
from db.unit_of_work import unit_of_work_factory
from services.projectfinance.capabilities import CAPABILITIES
from services.projectfinance.kernel.base import metadata
from services.projectfinance.kernel.dependencies import Kernel
from services.projectfinance.repositories import repositories
from services.runtime.capability import declared_metadata, register
from tests.services.projectfinance.records.support import MainProjects

BACKEND = "projectfinance"
VERSION_TABLE = "alembic_version_projectfinance"
# Each migration, the one before it and the tables it adds.
CHAIN = [
    ("pf_0001", "base", {"project_finances", "audit_entries"}),
    ("pf_0002", "pf_0001", {"cost_centers"}),
    ("pf_0003", "pf_0002", {"phases"}),
    ("pf_0004", "pf_0003", {"milestones", "invoice_sagas"}),
    ("pf_0005", "pf_0004", {"approvals", "approval_thresholds"}),
    ("pf_0006", "pf_0005", {"audit_chain_heads", "compliance_reports", "compliance_signing_keys"}),
    ("pf_0007", "pf_0006", {"forecasts", "forecast_months"}),
    ("pf_0008", "pf_0007", {"exports", "export_signing_secrets"}),
    ("pf_0009", "pf_0008", set()),
    ("pf_0010", "pf_0009", {"invoice_saga_delegations"}),
]


def _tables(engine: Engine) -> set[str]:
    return set(inspect(engine).get_table_names()) - {VERSION_TABLE}


def test_the_declared_tables_are_the_migrated_schema(database_url: str, engine: Engine) -> None:
    migrate.upgrade(BACKEND, database_url)
    assert declared_metadata(CAPABILITIES) is metadata
    with engine.connect() as conn:
        context = MigrationContext.configure(
            conn, opts={"compare_type": True, "version_table": VERSION_TABLE}
        )
        assert compare_metadata(context, metadata) == []
    assert _tables(engine) == set(metadata.tables)
    # One pending request per entity: a partial unique index (its WHERE is not compared).
    indexes = {ix["name"]: ix for ix in inspect(engine).get_indexes("approvals")}
    assert indexes["uq_approvals_pending_entity"]["unique"]


def test_the_chain_names_every_declared_table_once() -> None:
    added = [table for _, _, tables in CHAIN for table in tables]
    assert sorted(added) == sorted(metadata.tables)
    assert migrate.head_revision(BACKEND) == CHAIN[-1][0]


def test_each_downgrade_removes_its_own_tables_down_to_base(
    database_url: str, engine: Engine
) -> None:
    migrate.upgrade(BACKEND, database_url)
    left = set(metadata.tables)
    for revision, previous, tables in reversed(CHAIN):
        assert migrate.current_revision(BACKEND, database_url) == revision
        migrate.downgrade(BACKEND, database_url, previous)
        left -= tables
        assert _tables(engine) == left, revision
    assert left == set()
    assert migrate.current_revision(BACKEND, database_url) is None
    migrate.upgrade(BACKEND, database_url)
    assert _tables(engine) == set(metadata.tables)


def test_every_project_finance_service_is_registered_from_the_capabilities(
    tmp_path: Path,
) -> None:
    expected = {
        service.full_name
        for module in (
            records_pb2,
            phases_pb2,
            milestones_pb2,
            cost_centers_pb2,
            approvals_pb2,
            health_pb2,
            portfolio_pb2,
            forecasts_pb2,
            compliance_pb2,
            exports_pb2,
        )
        for service in module.DESCRIPTOR.services_by_name.values()
    }
    assert len(expected) == 10
    engine = make_engine(f"sqlite:///{tmp_path}/pf.db")
    kernel = Kernel(
        unit_of_work=unit_of_work_factory(make_sessionmaker(engine), repositories),
        projects=MainProjects(),
    )
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=1))
    try:
        assert set(register(server, CAPABILITIES, kernel)) == expected
    finally:
        server.stop(0)
        engine.dispose()
