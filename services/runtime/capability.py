"""Declarative wiring of a backend's capabilities.

A capability (`services/<backend>/<capability>/`) declares once, in its `__init__.py`,
which gRPC services it serves and which module holds its tables:

    CAPABILITY = Capability(
        name="expenses",
        tables=tables,
        servicers=lambda kernel: [Served(EXPENSE_SERVICE, ExpenseServicer(...))],
    )

The backend lists its capabilities in one tuple; the composition root hands that tuple
to `register` (every declared service is added to the server, its name taken from the
proto descriptor) and Alembic's env to `declared_metadata` (every declared table). Adding
a capability is one line in that tuple, not edits in three or four places.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Generic, TypeVar

import grpc
from google.protobuf import message_factory
from google.protobuf.descriptor import MethodDescriptor, ServiceDescriptor
from sqlalchemy import MetaData

K = TypeVar("K", contravariant=True)


@dataclass(frozen=True)
class Served:
    """One gRPC service and the object implementing it (a method per RPC, by RPC name)."""

    service: ServiceDescriptor
    servicer: object


@dataclass(frozen=True)
class Capability(Generic[K]):
    """What a capability contributes to its backend.

    servicers: builds the capability's servicers from the backend's kernel (the shared
        dependencies the composition root builds once: units of work, clock, mailer...).
    tables: the module declaring the capability's ORM tables, or None when it has none.
    """

    name: str
    servicers: Callable[[K], Iterable[Served]]
    tables: ModuleType | None = None


def register(
    server: grpc.Server, capabilities: Sequence[Capability[K]], kernel: K
) -> tuple[str, ...]:
    """Add every declared service to `server`; returns their full names (for health and
    reflection). A servicer missing an RPC of its service fails here, at start-up, rather
    than as UNIMPLEMENTED on the first call."""
    names: list[str] = []
    for capability in capabilities:
        for served in capability.servicers(kernel):
            name = served.service.full_name
            if name in names:
                raise ValueError(f"{name} is declared by two capabilities")
            handlers = {
                method.name: _handler(method, served.servicer, capability.name)
                for method in served.service.methods
            }
            server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(name, handlers),))
            names.append(name)
    return tuple(names)


def _handler(
    method: MethodDescriptor, servicer: object, capability: str
) -> grpc.RpcMethodHandler[Any, Any]:
    behaviour = getattr(servicer, method.name, None)
    if not callable(behaviour):
        raise TypeError(
            f"capability {capability!r}: {type(servicer).__name__} does not implement "
            f"{method.full_name}"
        )
    request: Any = message_factory.GetMessageClass(method.input_type)
    response: Any = message_factory.GetMessageClass(method.output_type)
    # The same four constructors the generated add_*_to_server functions use.
    make = {
        (False, False): grpc.unary_unary_rpc_method_handler,
        (False, True): grpc.unary_stream_rpc_method_handler,
        (True, False): grpc.stream_unary_rpc_method_handler,
        (True, True): grpc.stream_stream_rpc_method_handler,
    }[(method.client_streaming, method.server_streaming)]
    handler: grpc.RpcMethodHandler[Any, Any] = make(
        behaviour,
        request_deserializer=request.FromString,
        response_serializer=response.SerializeToString,
    )
    return handler


def declared_metadata(capabilities: Sequence[Capability[Any]]) -> MetaData | None:
    """The one MetaData every declared table of a backend belongs to (Alembic's target).

    Importing the capabilities imported their table modules; this only checks that they
    agree on one metadata, since one backend has one Alembic history.
    """
    found: MetaData | None = None
    for capability in capabilities:
        if capability.tables is None:
            continue
        for value in vars(capability.tables).values():
            table = getattr(value, "__table__", None)
            if table is None or getattr(value, "__module__", None) != capability.tables.__name__:
                continue
            if found is None:
                found = table.metadata
            elif table.metadata is not found:
                raise ValueError(
                    f"{capability.name}: table {table.name} is not on the backend's metadata"
                )
    return found
