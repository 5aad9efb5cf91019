"""Auth interceptor on a real server: the proto-declared policy is enforced per method."""

from __future__ import annotations

import grpc
import pytest
from finplat.expense.v1 import expense_pb2, expense_pb2_grpc
from google.rpc import error_details_pb2, status_pb2

from services.runtime.auth import Authenticator, Gatekeeper
from services.runtime.errors import PermissionDenied, Unauthenticated
from services.runtime.policy import MethodPolicy
from services.runtime.principal import Principal
from services.runtime.status import ParsedStatus, parse_status
from tests.runtime.harness import KeyAuthenticator, Servers, bearer, channel


def _rejection(exc: grpc.RpcError) -> ParsedStatus:
    assert isinstance(exc, grpc.Call)
    return parse_status(exc.code(), exc.details() or "", exc.trailing_metadata())


def test_missing_authorization_is_unauthenticated(servers: Servers) -> None:
    stub = expense_pb2_grpc.ExpenseServiceStub(channel(servers.start()))
    with pytest.raises(grpc.RpcError) as caught:
        stub.ListCategories(expense_pb2.ListCategoriesRequest())
    status = _rejection(caught.value)
    assert status.code == grpc.StatusCode.UNAUTHENTICATED
    assert status.reason == "UNAUTHORIZED"
    assert "Authorization header" in status.message


@pytest.mark.parametrize(
    ("metadata", "fragment"),
    [
        (bearer("key-revoked"), "revoked"),
        (bearer("opaque-token"), "unsupported credential"),
        ([("authorization", "Basic dXNlcjpwYXNz")], "Bearer"),
        ([("authorization", "Bearer")], "Bearer"),
        (bearer("jwt-alice"), "API key"),  # ExpenseService wants an API key, not a user
    ],
)
def test_bad_credentials_are_unauthenticated(
    servers: Servers, metadata: list[tuple[str, str]], fragment: str
) -> None:
    stub = expense_pb2_grpc.ExpenseServiceStub(channel(servers.start()))
    with pytest.raises(grpc.RpcError) as caught:
        stub.ListCategories(expense_pb2.ListCategoriesRequest(), metadata=metadata)
    status = _rejection(caught.value)
    assert status.code == grpc.StatusCode.UNAUTHENTICATED
    assert status.reason == "UNAUTHORIZED"
    assert fragment in status.message
    assert "expense.finplat.dev" in _domain(caught.value)


def _domain(exc: grpc.RpcError) -> str:
    assert isinstance(exc, grpc.Call)
    raw = dict(exc.trailing_metadata() or ())["grpc-status-details-bin"]
    info = error_details_pb2.ErrorInfo()
    status_pb2.Status.FromString(raw).details[0].Unpack(info)
    return str(info.domain)


def test_valid_key_reaches_handler_with_principal_bound(servers: Servers) -> None:
    stub = expense_pb2_grpc.ExpenseServiceStub(channel(servers.start()))
    reply = stub.GetExpense(expense_pb2.GetExpenseRequest(id="e1"), metadata=bearer("key-alice"))
    assert reply.expense.description == "alice"


def test_admin_service_needs_admin_role(servers: Servers) -> None:
    stub = expense_pb2_grpc.ApiKeyAdminServiceStub(channel(servers.start()))
    with pytest.raises(grpc.RpcError) as caught:
        stub.ListApiKeys(expense_pb2.ListApiKeysRequest(), metadata=bearer("key-alice"))
    status = _rejection(caught.value)
    assert status.code == grpc.StatusCode.PERMISSION_DENIED
    assert status.reason == "FORBIDDEN"
    assert "admin" in status.message
    assert status.metadata == {"missing_roles": "admin"}

    # The admin policy has no api_key requirement: an admin user or key both pass.
    stub.ListApiKeys(expense_pb2.ListApiKeysRequest(), metadata=bearer("key-admin1"))


def test_health_is_public(servers: Servers) -> None:
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    stub = health_pb2_grpc.HealthStub(channel(servers.start()))
    reply = stub.Check(health_pb2.HealthCheckRequest(service=""))
    assert reply.status == health_pb2.HealthCheckResponse.SERVING


def _policy(**overrides: object) -> MethodPolicy:
    fields: dict[str, object] = {
        "full_method": "/finplat.t.v1.S/M",
        "service_name": "finplat.t.v1.S",
        "method_name": "M",
        "public": False,
        "api_key": False,
        "roles": frozenset(),
        "scopes": frozenset(),
        "quota": None,
        "backend": "t",
    }
    fields.update(overrides)
    return MethodPolicy(**fields)  # type: ignore[arg-type]


GATE = Gatekeeper([KeyAuthenticator()])


def test_public_method_ignores_bad_credentials_but_uses_good_ones() -> None:
    public = _policy(public=True)
    assert GATE.admit(public, None) is None
    assert GATE.admit(public, bearer("key-revoked")) is None
    assert GATE.admit(public, [("authorization", "Basic x")]) is None
    principal = GATE.admit(public, bearer("jwt-alice"))
    assert principal is not None and principal.subject == "alice"


def test_missing_scopes_are_named() -> None:
    with pytest.raises(PermissionDenied) as caught:
        GATE.admit(_policy(scopes=frozenset({"expenses:write", "expenses:read"})), bearer("jwt-a"))
    assert caught.value.message == "missing scope(s): expenses:read, expenses:write"
    assert caught.value.metadata == {"missing_scopes": "expenses:read,expenses:write"}


def test_protected_method_needs_a_header() -> None:
    with pytest.raises(Unauthenticated, match="Authorization header is required"):
        GATE.admit(_policy(), [("x-request-id", "r")])


def test_first_accepting_authenticator_decides() -> None:
    class Never:
        def accepts(self, credential: str) -> bool:
            return False

        def authenticate(self, credential: str) -> Principal:
            raise AssertionError("not asked")

    gate = Gatekeeper([Never(), KeyAuthenticator()])
    principal = gate.admit(_policy(), bearer("key-zed"))
    assert principal is not None and principal.kind == "api_key"
    assert isinstance(KeyAuthenticator(), Authenticator)


def test_a_delegated_token_passes_only_methods_requiring_its_scopes() -> None:
    delegated = Principal(
        subject="alice",
        kind="user",
        roles=frozenset({"user"}),
        scopes=frozenset({"invoices:manage"}),
        claims={"act": {"sub": "projectfinance"}},
    )
    # Guarded by the role alone (the user's sessions, profile, MFA): refused.
    with pytest.raises(PermissionDenied) as caught:
        Gatekeeper.authorize(_policy(roles=frozenset({"user"})), delegated)
    assert caught.value.metadata == {"reason": "delegated_token"}
    with pytest.raises(PermissionDenied):
        Gatekeeper.authorize(_policy(), delegated)
    # What it was narrowed to, and what says `delegated` (the session check): allowed.
    Gatekeeper.authorize(_policy(scopes=frozenset({"invoices:manage"})), delegated)
    Gatekeeper.authorize(_policy(roles=frozenset({"user"}), delegated=True), delegated)
    # Other scopes stay refused as for any token.
    with pytest.raises(PermissionDenied, match="missing scope"):
        Gatekeeper.authorize(_policy(scopes=frozenset({"ledger:manage"})), delegated)
    # The same token without `act` is an ordinary user's.
    ordinary = Principal(subject="alice", kind="user", roles=frozenset({"user"}))
    Gatekeeper.authorize(_policy(roles=frozenset({"user"})), ordinary)
