"""The runtime's layers are composed once per method (interceptors/chain.py), in order."""

from __future__ import annotations

from typing import Any

import grpc
import pytest
from finplat.expense.v1 import expense_pb2, expense_pb2_grpc

from services.runtime.interceptors import (
    LAYERS,
    AccessLogInterceptor,
    AuthInterceptor,
    ErrorMappingInterceptor,
    MethodChain,
    MetricsInterceptor,
    TracingInterceptor,
    build_layers,
)
from services.runtime.interceptors.base import Continuation, Handler, Interceptor
from tests.runtime.harness import KeyAuthenticator, Servers, bearer, channel

GET = expense_pb2.GetExpenseRequest(id="e1")


def test_each_layer_composes_a_method_once_not_per_call(
    servers: Servers, monkeypatch: pytest.MonkeyPatch
) -> None:
    composed: list[str] = []
    real = AuthInterceptor.intercept_service

    def counting(self: AuthInterceptor, continuation: Continuation, details: Any) -> Any:
        composed.append(details.method)
        return real(self, continuation, details)

    monkeypatch.setattr(AuthInterceptor, "intercept_service", counting)
    stub = expense_pb2_grpc.ExpenseServiceStub(channel(servers.start()))
    for _ in range(3):
        assert stub.GetExpense(GET, metadata=bearer("key-alice")).expense.description == "alice"
    stub.ListCategories(expense_pb2.ListCategoriesRequest(), metadata=bearer("key-alice"))
    stub.ListCategories(expense_pb2.ListCategoriesRequest(), metadata=bearer("key-alice"))
    assert sorted(set(composed)) == sorted(composed)  # once per method
    assert len(composed) == 2


def test_per_call_state_still_comes_from_each_call(servers: Servers) -> None:
    # Composed once, yet each call is authenticated with its own credential.
    stub = expense_pb2_grpc.ExpenseServiceStub(channel(servers.start()))
    assert stub.GetExpense(GET, metadata=bearer("key-alice")).expense.description == "alice"
    assert stub.GetExpense(GET, metadata=bearer("key-bob")).expense.description == "bob"
    with pytest.raises(grpc.RpcError) as caught:
        stub.GetExpense(GET)
    assert isinstance(caught.value, grpc.Call)
    assert caught.value.code() == grpc.StatusCode.UNAUTHENTICATED


def test_unknown_method_is_unimplemented_and_not_kept(servers: Servers) -> None:
    running = servers.start()
    with channel(running) as ch:
        call = ch.unary_unary("/finplat.expense.v1.ExpenseService/NoSuchMethod")
        with pytest.raises(grpc.RpcError) as caught:
            call(b"", metadata=bearer("key-alice"))
    assert isinstance(caught.value, grpc.Call)
    assert caught.value.code() == grpc.StatusCode.UNIMPLEMENTED


class _Tagging(Interceptor):
    """Wraps a handler, recording which handler it wrapped."""

    def __init__(self) -> None:
        self.wrapped: list[Handler] = []

    def intercept_service(self, continuation: Continuation, details: Any) -> Handler | None:
        handler = continuation(details)
        assert handler is not None
        self.wrapped.append(handler)
        return grpc.unary_unary_rpc_method_handler(handler.unary_unary)


def _details(method: str) -> Any:
    return type("Details", (), {"method": method, "invocation_metadata": ()})()


def test_a_new_handler_object_for_the_method_is_composed_again() -> None:
    layer = _Tagging()
    chain = MethodChain([layer])
    first = grpc.unary_unary_rpc_method_handler(lambda request, context: "first")
    second = grpc.unary_unary_rpc_method_handler(lambda request, context: "second")
    a = chain.intercept_service(lambda _d: first, _details("/s.S/M"))
    b = chain.intercept_service(lambda _d: first, _details("/s.S/M"))
    c = chain.intercept_service(lambda _d: second, _details("/s.S/M"))
    assert a is b and c is not a
    assert layer.wrapped == [first, second]
    assert chain.intercept_service(lambda _d: None, _details("/s.S/Gone")) is None


def test_layers_keep_the_documented_order_and_subsets_keep_it_too() -> None:
    kinds = [type(layer) for layer in build_layers([KeyAuthenticator()], None)]
    assert kinds == [
        TracingInterceptor,
        MetricsInterceptor,
        AccessLogInterceptor,
        AuthInterceptor,
        ErrorMappingInterceptor,
    ]
    subset = build_layers([KeyAuthenticator()], None, layers=("errors", "tracing"))
    assert [type(layer) for layer in subset] == [TracingInterceptor, ErrorMappingInterceptor]
    assert set(LAYERS) == {"tracing", "metrics", "access_log", "auth", "quota", "errors"}
