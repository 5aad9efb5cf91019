"""policy_for: the proto options → MethodPolicy rules."""

from __future__ import annotations

import pytest
from finplat.api.v1 import annotations_pb2
from google.protobuf import descriptor_pb2, descriptor_pool

from services.runtime.policy import MethodPolicy, QuotaRule, policy_for, split_full_method

PKG = "finplat.policytest.v1"


def _install_test_protos() -> None:
    """A service whose options exercise every rule, added to the default pool."""
    pool = descriptor_pool.Default()
    try:
        pool.FindServiceByName(f"{PKG}.Guarded")
        return
    except KeyError:
        pass
    file = descriptor_pb2.FileDescriptorProto(
        name="finplat/policytest/v1/policytest.proto",
        package=PKG,
        syntax="proto3",
        dependency=["finplat/api/v1/annotations.proto"],
    )
    file.message_type.add(name="Empty")
    guarded = file.service.add(name="Guarded")
    rules = guarded.options.Extensions[annotations_pb2.service]  # type: ignore[index]
    rules.auth.scopes.append("read")
    rules.auth.roles.append("staff")
    rules.quota.limit = 5
    rules.quota.window_seconds = 60
    for name in ("Inherits", "Public", "Admin"):
        guarded.method.add(name=name, input_type=f".{PKG}.Empty", output_type=f".{PKG}.Empty")
    public = guarded.method[1].options.Extensions[annotations_pb2.auth]  # type: ignore[index]
    public.public = True
    admin = guarded.method[2].options.Extensions[annotations_pb2.auth]  # type: ignore[index]
    admin.roles.append("admin")
    admin.api_key = True
    bare = file.service.add(name="Bare")
    bare.method.add(name="Do", input_type=f".{PKG}.Empty", output_type=f".{PKG}.Empty")
    pool.AddSerializedFile(file.SerializeToString())


@pytest.fixture(autouse=True, scope="module")
def _protos() -> None:
    _install_test_protos()


def test_expense_service_policy() -> None:
    policy = policy_for("/finplat.expense.v1.ExpenseService/ListExpenses")
    assert policy == MethodPolicy(
        full_method="/finplat.expense.v1.ExpenseService/ListExpenses",
        service_name="finplat.expense.v1.ExpenseService",
        method_name="ListExpenses",
        public=False,
        api_key=True,
        roles=frozenset(),
        scopes=frozenset(),
        quota=QuotaRule(limit=1000, window_seconds=3600, limit_setting="expense_rate_limit"),
        backend="expense",
    )


def test_admin_service_needs_admin_role_and_has_no_quota() -> None:
    policy = policy_for("/finplat.expense.v1.ApiKeyAdminService/RevokeApiKey")
    assert policy.roles == frozenset({"admin"})
    assert not policy.public and not policy.api_key
    assert policy.quota is None


def test_method_inherits_service_auth() -> None:
    policy = policy_for(f"/{PKG}.Guarded/Inherits")
    assert policy.scopes == frozenset({"read"}) and policy.roles == frozenset({"staff"})
    assert policy.quota == QuotaRule(limit=5, window_seconds=60, limit_setting=None)
    assert policy.backend == "policytest"  # default: the package's domain segment


def test_method_auth_replaces_service_auth() -> None:
    public = policy_for(f"/{PKG}.Guarded/Public")
    assert public.public and not public.roles and not public.scopes
    admin = policy_for(f"/{PKG}.Guarded/Admin")
    assert admin.roles == frozenset({"admin"}) and admin.api_key and not admin.scopes
    assert admin.quota is not None  # the quota is service-wide


def test_no_auth_anywhere_denies_by_default() -> None:
    policy = policy_for(f"/{PKG}.Bare/Do")
    assert not policy.public
    assert policy.quota is None


def test_unknown_finplat_method_denies_by_default() -> None:
    assert not policy_for("/finplat.nowhere.v1.Ghost/Boo").public


@pytest.mark.parametrize(
    "method",
    [
        "/grpc.health.v1.Health/Check",
        "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo",
    ],
)
def test_non_finplat_services_are_public(method: str) -> None:
    assert policy_for(method).public


def test_policy_is_cached() -> None:
    method = "/finplat.expense.v1.ExpenseService/GetExpense"
    assert policy_for(method) is policy_for(method)


@pytest.mark.parametrize("bad", ["", "/", "/svc", "/svc/", "svc/a/b"])
def test_malformed_method_path(bad: str) -> None:
    with pytest.raises(ValueError):
        split_full_method(bad)


def test_only_the_session_check_admits_delegated_tokens_without_a_scope() -> None:
    check = policy_for("/finplat.identity.v1.SessionService/CheckSession")
    assert check.delegated and check.roles == frozenset({"user"})
    assert not policy_for("/finplat.identity.v1.SessionService/ListSessions").delegated
