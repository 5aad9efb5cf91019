"""The main backend's declared capabilities: every identity service is registered from
its descriptor, and the tables they declare are exactly the schema the migrations build."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent import futures
from pathlib import Path

import grpc
import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from finplat.accounting.v1 import ledger_pb2, recon_pb2, reports_pb2
from finplat.billing.v1 import invoices_pb2, payments_pb2
from finplat.identity.v1 import (
    admin_pb2,
    auth_pb2,
    keys_pb2,
    security_pb2,
    service_accounts_pb2,
    sessions_pb2,
    teams_pb2,
    token_exchange_pb2,
)
from finplat.projects.v1 import projects_pb2
from sqlalchemy import Engine

from db import migrate
from services.main.capabilities import CAPABILITIES
from services.main.kernel.base import metadata
from services.main.main import MainBackend
from services.runtime.capability import declared_metadata, register
from tests.services.main.support import build_main


@pytest.fixture
def main(tmp_path: Path) -> Iterator[MainBackend]:
    backend = build_main(f"sqlite:///{tmp_path}/main.db", tmp_path)
    yield backend
    backend.close()


def test_the_declared_tables_are_the_migrated_schema(database_url: str, engine: Engine) -> None:
    migrate.upgrade("main", database_url)
    declared = declared_metadata(CAPABILITIES)
    assert declared is metadata
    with engine.connect() as conn:
        context = MigrationContext.configure(
            conn, opts={"compare_type": True, "version_table": "alembic_version_main"}
        )
        assert compare_metadata(context, metadata) == []


def test_every_identity_service_is_registered_from_the_capabilities(main: MainBackend) -> None:
    expected = {
        service.full_name
        for module in (
            auth_pb2,
            sessions_pb2,
            ledger_pb2,
            reports_pb2,
            recon_pb2,
            security_pb2,
            keys_pb2,
            admin_pb2,
            service_accounts_pb2,
            token_exchange_pb2,
            teams_pb2,
            projects_pb2,
            invoices_pb2,
            payments_pb2,
        )
        for service in module.DESCRIPTOR.services_by_name.values()
    }
    assert len(expected) == 15
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=1))
    try:
        assert set(register(server, CAPABILITIES, main.kernel)) == expected
    finally:
        server.stop(0)
