"""Declarative wiring: services registered from their descriptors on a real gRPC server,
start-up refusals, and the metadata Alembic collects."""

from __future__ import annotations

import types
from collections.abc import Iterator
from concurrent import futures
from typing import Any

import grpc
import pytest
from finplat.expense.v1 import expense_pb2
from sqlalchemy import Integer, MetaData
from sqlalchemy.orm import DeclarativeBase, mapped_column

from services.runtime.capability import Capability, Served, declared_metadata, register

EXPENSES = expense_pb2.DESCRIPTOR.services_by_name["ExpenseService"]
ADMIN = expense_pb2.DESCRIPTOR.services_by_name["ApiKeyAdminService"]


class Categories:
    """Answers every ExpenseService RPC: only ListCategories does something."""

    def __getattr__(self, name: str) -> Any:
        if name in EXPENSES.methods_by_name:
            return lambda request, context: context.abort(grpc.StatusCode.UNIMPLEMENTED, name)
        raise AttributeError(name)

    def ListCategories(self, request: Any, context: Any) -> Any:
        return expense_pb2.ListCategoriesResponse(data=[expense_pb2.Category(slug="food")])


def capability(name: str, *served: Served) -> Capability[None]:
    return Capability(name, lambda _kernel: served)


@pytest.fixture
def server() -> Iterator[grpc.Server]:
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=2))
    yield server
    server.stop(0)


def test_declared_services_are_served_under_their_descriptor_names(server: grpc.Server) -> None:
    names = register(server, [capability("expenses", Served(EXPENSES, Categories()))], None)
    assert names == ("finplat.expense.v1.ExpenseService",)
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        call = channel.unary_unary(
            "/finplat.expense.v1.ExpenseService/ListCategories",
            request_serializer=expense_pb2.ListCategoriesRequest.SerializeToString,
            response_deserializer=expense_pb2.ListCategoriesResponse.FromString,
        )
        reply = call(expense_pb2.ListCategoriesRequest(), timeout=5)
    assert [c.slug for c in reply.data] == ["food"]


def test_a_servicer_missing_an_rpc_fails_at_start_up(server: grpc.Server) -> None:
    class Partial:
        def ListCategories(self, request: Any, context: Any) -> Any:  # pragma: no cover
            raise AssertionError

    with pytest.raises(TypeError, match=r"does not implement finplat\.expense\.v1\.ExpenseService"):
        register(server, [capability("expenses", Served(EXPENSES, Partial()))], None)


def test_a_service_declared_twice_is_refused(server: grpc.Server) -> None:
    first = capability("one", Served(EXPENSES, Categories()))
    second = capability("two", Served(EXPENSES, Categories()))
    with pytest.raises(ValueError, match="declared by two capabilities"):
        register(server, [first, second], None)


def _tables_module(name: str, base: type[DeclarativeBase]) -> types.ModuleType:
    module = types.ModuleType(name)

    class Row(base):  # type: ignore[misc, valid-type]
        __tablename__ = f"{name}_rows"
        __module__ = name
        id = mapped_column(Integer, primary_key=True)

    module.Row = Row  # type: ignore[attr-defined]
    return module


def test_declared_metadata_is_the_backends_one_metadata() -> None:
    shared = MetaData()

    class Base(DeclarativeBase):
        metadata = shared

    one = Capability[None]("one", lambda _k: (), _tables_module("one", Base))
    two = Capability[None]("two", lambda _k: (), _tables_module("two", Base))
    none = Capability[None]("none", lambda _k: ())
    found = declared_metadata([one, none, two])
    assert found is shared
    assert set(shared.tables) == {"one_rows", "two_rows"}
    assert declared_metadata([none]) is None


def test_tables_on_another_metadata_are_refused() -> None:
    class First(DeclarativeBase):
        metadata = MetaData()

    class Second(DeclarativeBase):
        metadata = MetaData()

    one = Capability[None]("one", lambda _k: (), _tables_module("a", First))
    two = Capability[None]("two", lambda _k: (), _tables_module("b", Second))
    with pytest.raises(ValueError, match="not on the backend's metadata"):
        declared_metadata([one, two])
