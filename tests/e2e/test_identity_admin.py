"""Operator tooling against the running stack: `finplat users grant`, the UserAdminService
RPCs (admin role only), and `finplat keys rotate` with overlap (old tokens keep working)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass

import grpc
import jwt
import pytest
from finplat.identity.v1 import admin_pb2, admin_pb2_grpc

from tests.e2e.cli_support import on_main
from tests.e2e.conftest import RunningStack
from tests.e2e.identity_support import (
    IdentityClient,
    Session,
    SmtpSink,
    bearer,
    claims_of,
    gateway_error,
)
from tests.e2e.team_support import member_of

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def main_channel(identity_stack: RunningStack) -> Iterator[grpc.Channel]:
    with grpc.insecure_channel(identity_stack.running.backend_addresses["main"]) as channel:
        yield channel


@dataclass
class Rotation:
    """`finplat keys rotate`, done first in this module so that main's key reload (every
    30 s) overlaps with the other tests; `session` was logged in before it."""

    session: Session
    old_kid: str
    new_kid: str


@pytest.fixture(scope="module", autouse=True)
def rotation(identity_stack: RunningStack, smtp: SmtpSink) -> Iterator[Rotation]:
    identity = IdentityClient(identity_stack.edge_url, smtp)
    session = identity.session()
    old_kid = str(jwt.get_unverified_header(session.access_token)["kid"])
    rotated = on_main(identity_stack, "keys", "rotate")
    assert rotated.returncode == 0, rotated.stderr
    new_kid = rotated.stdout.strip().rsplit(" ", 1)[-1]
    assert new_kid and new_kid != old_kid
    # At once: the old key still verifies, at the edge and in main.
    assert identity.profile(session).status_code == 200
    yield Rotation(session, old_kid, new_kid)
    identity.close()


@dataclass
class Granted:
    """A user made admin with the CLI: a session from before the grant and one after."""

    before: Session
    after: Session


@pytest.fixture(scope="module")
def granted(identity_stack: RunningStack, smtp: SmtpSink) -> Iterator[Granted]:
    identity = IdentityClient(identity_stack.edge_url, smtp)
    account = identity.verified("admin")
    before = identity.session(account)
    result = on_main(identity_stack, "users", "grant", account.email, "--role", "admin")
    assert result.returncode == 0, result.stderr
    assert "admin" in result.stdout
    yield Granted(before, identity.session(account))
    identity.close()


def _metadata(session: Session) -> list[tuple[str, str]]:
    return [("authorization", f"Bearer {session.access_token}")]


def test_cli_grant_puts_the_admin_role_in_new_tokens(
    identity: IdentityClient, granted: Granted
) -> None:
    assert claims_of(granted.after.access_token)["roles"] == ["admin", "user"]
    assert identity.profile(granted.after).json()["roles"] == ["admin", "user"]
    # Tokens issued before keep what they had until they expire.
    assert claims_of(granted.before.access_token)["roles"] == ["user"]
    assert identity.profile(granted.before).status_code == 200


def test_grant_access_over_grpc_needs_the_admin_role(
    identity: IdentityClient, granted: Granted, main_channel: grpc.Channel
) -> None:
    admin = granted.after
    # The tenant role granted is the user's role in its active tenant: here the tenant
    # it was invited into (its own workspace would keep its only owner: 409 below).
    normal = identity.session()
    target_account = member_of(identity, normal, "member").account
    stub = admin_pb2_grpc.UserAdminServiceStub(main_channel)  # type: ignore[no-untyped-call]
    request = admin_pb2.GrantAccessRequest(user=target_account.email, tenant_role="viewer")

    with pytest.raises(grpc.RpcError) as refused:
        stub.GrantAccess(request, metadata=_metadata(normal), timeout=10)
    assert refused.value.code() == grpc.StatusCode.PERMISSION_DENIED  # type: ignore[attr-defined]
    with pytest.raises(grpc.RpcError) as anonymous:
        stub.GrantAccess(request, timeout=10)
    assert anonymous.value.code() == grpc.StatusCode.UNAUTHENTICATED  # type: ignore[attr-defined]

    result = stub.GrantAccess(request, metadata=_metadata(admin), timeout=10)
    assert result.access.email == target_account.email
    assert result.access.tenant_role == "viewer"
    assert all(scope.endswith(":view") for scope in result.access.scopes)

    token = identity.session(target_account).access_token
    claims = claims_of(token)
    assert claims["tenant_role"] == "viewer"
    assert claims["tid"] == claims_of(normal.access_token)["tid"]
    assert all(scope.endswith(":view") for scope in claims["scope"].split())

    shown = stub.GetUserAccess(
        admin_pb2.GetUserAccessRequest(user=target_account.email),
        metadata=_metadata(admin),
        timeout=10,
    )
    assert shown.access.tenant_role == "viewer"
    with pytest.raises(grpc.RpcError) as missing:
        stub.GetUserAccess(
            admin_pb2.GetUserAccessRequest(user="nobody-at-all@example.com"),
            metadata=_metadata(admin),
            timeout=10,
        )
    assert missing.value.code() == grpc.StatusCode.NOT_FOUND  # type: ignore[attr-defined]
    # An operator too leaves a tenant its last owner.
    last_owner = admin_pb2.GrantAccessRequest(user=normal.account.email, tenant_role="viewer")
    with pytest.raises(grpc.RpcError) as kept:
        stub.GrantAccess(last_owner, metadata=_metadata(admin), timeout=10)
    assert kept.value.code() == grpc.StatusCode.FAILED_PRECONDITION  # type: ignore[attr-defined]
    assert "last owner" in str(kept.value.details())  # type: ignore[attr-defined]


def test_admin_rpcs_are_not_exposed_over_rest(identity: IdentityClient) -> None:
    response = identity.http.post("/api/admin/users/grant", json={})
    assert response.status_code == 404


def test_key_rotation_keeps_earlier_tokens_valid(
    identity: IdentityClient, rotation: Rotation
) -> None:
    """Last in this module (the rotation itself ran before the module's first test)."""
    session = rotation.session
    assert identity.profile(session).status_code == 200

    # main reloads its keys every 30 s; then both keys are published.
    deadline = time.monotonic() + 40
    kids: list[str] = []
    while time.monotonic() < deadline:
        kids = [k["kid"] for k in identity.http.get("/.well-known/jwks.json").json()["keys"]]
        if rotation.new_kid in kids:
            break
        time.sleep(0.5)
    assert kids == [rotation.new_kid, rotation.old_kid]  # newest first, old still published

    # After the reload: the token signed with the retired key still works.
    assert identity.profile(session).status_code == 200
    assert identity.refresh(session.refresh_token).status_code == 200

    # New logins: whatever key signed them, the edge accepts them (allowing for its
    # JWKS refetch interval when it has to learn the new key).
    fresh = identity.session()
    deadline = time.monotonic() + 15
    while identity.profile(fresh).status_code != 200 and time.monotonic() < deadline:
        time.sleep(0.5)
    assert identity.profile(fresh).status_code == 200
    broken = session.access_token.rsplit(".", 1)[0] + ".x"
    gateway_error(
        identity.http.get("/api/auth/profile", headers=bearer(broken)), 401, "unauthorized"
    )
