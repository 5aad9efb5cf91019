"""Token exchange (RFC 8693) on SQLite and PostgreSQL: a service account trades a user's
live access token for a delegation grant (a session of the user's, stored hashed), then
the grant for a short-lived access token naming the actor and carrying only the scopes
asked for that the user's current role still grants; revocation by the actor, by the
user (the session) and by operators (the service account); membership and role changes
refused at once. Then the same through main's real gRPC server and authenticators.

The backend is built by its own composition root, so these run on the real signing
keys, issuer, verifier and session check (`kernel.verify_token` is main's verifier).
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from datetime import timedelta
from pathlib import Path

import grpc
import jwt
import pytest
from finplat.billing.v1 import invoices_pb2, invoices_pb2_grpc
from finplat.identity.v1 import (
    sessions_pb2,
    sessions_pb2_grpc,
    teams_pb2,
    teams_pb2_grpc,
    token_exchange_pb2,
    token_exchange_pb2_grpc,
)
from finplat.projects.v1 import projects_pb2, projects_pb2_grpc
from sqlalchemy import Engine, select, update
from sqlalchemy.orm import Session

from services.main.auth.tables import UserRow
from services.main.auth.usecases import login
from services.main.kernel import events
from services.main.kernel.events import ClientInfo
from services.main.kernel.location import UNKNOWN
from services.main.security.tables import SecurityEventRow
from services.main.service_accounts import usecases as service_accounts
from services.main.service_accounts.domain import IssuedServiceAccount
from services.main.service_accounts.domain.delegation import (
    ACCESS_TOKEN_TYPE,
    BAD_GRANT,
    BAD_SUBJECT,
    DELEGATION_GRANT_TYPE,
    NOT_A_MEMBER,
    NOT_A_SERVICE_ACCOUNT,
    Exchanged,
    ExchangeRequest,
)
from services.main.service_accounts.tables import DelegationGrantRow
from services.main.service_accounts.usecases import delegation
from services.main.sessions import usecases as sessions
from services.main.sessions.tables import SessionRow
from services.main.teams import usecases as teams
from services.runtime.errors import (
    DomainError,
    InvalidArgument,
    PermissionDenied,
    Unauthenticated,
)
from services.runtime.principal import Principal
from tests.services.main.support import build_main
from tests.services.main.teams.support import (
    Clock,
    Outbox,
    Person,
    World,
    claims,
    joined,
    person,
    world_on,
)

CLIENT = ClientInfo(ip="198.51.100.7", user_agent="saga-runner/1.0")
SCOPE = "invoices:view invoices:manage"
PURPOSE = "milestone invoice M-7"


@pytest.fixture
def world(database_url: str, tmp_path: Path) -> Iterator[World]:
    with world_on(database_url, tmp_path) as world:
        yield world


def live(world: World, who: Person) -> tuple[Person, str]:
    """`who` after a refresh, and the access token it got (the user calling now)."""
    grant = login.refresh(world.kernel, who.refresh_token, ClientInfo())
    after = replace(who, refresh_token=grant.refresh_token, token=claims(grant.access_token))
    return after, grant.access_token


def logged_in(world: World, name: str) -> tuple[Person, str]:
    return live(world, person(world, name))


def service_account(world: World, name: str = "invoicing-saga") -> IssuedServiceAccount:
    return service_accounts.create(world.kernel.unit_of_work(), name, world.clock)


def to_grant(
    world: World,
    actor: IssuedServiceAccount,
    token: str,
    scope: str = SCOPE,
    purpose: str = PURPOSE,
    lifetime_seconds: int = 0,
) -> Exchanged:
    request = ExchangeRequest(token, ACCESS_TOKEN_TYPE, scope, purpose, lifetime_seconds)
    return delegation.exchange(world.kernel, actor.account.user_id, request, CLIENT)


def to_token(world: World, actor: IssuedServiceAccount, grant: str, scope: str = "") -> Exchanged:
    request = ExchangeRequest(grant, DELEGATION_GRANT_TYPE, scope)
    return delegation.exchange(world.kernel, actor.account.user_id, request, CLIENT)


def to_user(token: str) -> uuid.UUID:
    return uuid.UUID(claims(token)["sub"])


def verify(world: World, token: str) -> Principal:
    """Main's own verification: signature, claims, then session and membership."""
    assert world.kernel.verify_token is not None
    return world.kernel.verify_token(token)


def refusal(error: type[DomainError], call: Callable[..., object], *args: object) -> DomainError:
    """The error `call(*args)` raises, which must be an `error`."""
    with pytest.raises(error) as raised:
        call(*args)
    return raised.value


# --- access token → grant → access token --------------------------------------------------------


def test_a_users_token_becomes_a_grant_then_a_narrow_token_naming_the_actor(
    world: World, engine: Engine
) -> None:
    alice, token = logged_in(world, "alice")
    # An operator's admin role must never reach a token a service obtains.
    with Session(engine) as db, db.begin():
        db.execute(update(UserRow).where(UserRow.id == alice.user.id).values(roles=["admin"]))
    alice, token = live(world, alice)
    actor = service_account(world)

    granted = to_grant(world, actor, token)
    assert granted.token.startswith("fpd_")
    assert (granted.issued_token_type, granted.token_type) == (DELEGATION_GRANT_TYPE, "N_A")
    assert granted.expires_in == 86400
    assert granted.scopes == ("invoices:manage", "invoices:view")

    issued = to_token(world, actor, granted.token, "invoices:manage")
    assert (issued.issued_token_type, issued.token_type) == (ACCESS_TOKEN_TYPE, "Bearer")
    assert (issued.expires_in, issued.scopes) == (300, ("invoices:manage",))
    assert issued.session_id == granted.session_id
    got = claims(issued.token)
    assert got["act"] == {"sub": str(actor.account.user_id), "client_id": actor.account.client_id}
    assert (got["sub"], got["tid"], got["sid"]) == (
        str(alice.user.id),
        alice.token["tid"],
        str(granted.session_id),
    )
    assert (got["roles"], got["scope"], got["amr"]) == (["user"], "invoices:manage", [])
    assert got["tenant_role"] == "owner" and got["exp"] - got["iat"] == 300
    principal = verify(world, issued.token)
    assert principal.subject == str(alice.user.id)
    assert principal.scopes == {"invoices:manage"}
    # No scope asked: all of the grant's.
    assert to_token(world, actor, granted.token).scopes == ("invoices:manage", "invoices:view")

    with Session(engine) as db:
        row = db.scalars(select(DelegationGrantRow)).one()
        session = db.get(SessionRow, granted.session_id)
        assert session is not None
        stored = [str(v) for v in (*row.__dict__.values(), *session.__dict__.values())]
    # The grant exists in clear only in the answer.
    assert row.token_hash == hashlib.sha256(granted.token.encode()).hexdigest()
    assert not any(granted.token in value for value in stored)
    assert (row.actor_user_id, row.user_id, str(row.tenant_id)) == (
        actor.account.user_id,
        alice.user.id,
        alice.token["tid"],
    )
    assert (row.scopes, row.purpose, row.last_used_at) == (
        "invoices:manage invoices:view",
        PURPOSE,
        world.clock(),
    )
    assert str(session.tenant_id) == alice.token["tid"] and session.amr == []


def test_the_grant_is_a_session_the_user_sees_and_an_event_in_their_log(
    world: World, engine: Engine
) -> None:
    alice, token = logged_in(world, "alice")
    granted = to_grant(world, service_account(world, "Invoicing saga"), token)
    listed = sessions.list_active(
        world.kernel.unit_of_work(), alice.user.id, alice.session_id, lambda _: UNKNOWN
    )
    mine = {view.session.id: view.session for view in listed}
    assert set(mine) == {alice.session_id, granted.session_id}
    shown = mine[granted.session_id]
    assert shown.device == f"Invoicing saga (delegated): {PURPOSE}"
    assert (shown.ip_address, shown.user_agent) == (CLIENT.ip, CLIENT.user_agent)
    with Session(engine) as db:
        event = db.scalars(
            select(SecurityEventRow).where(SecurityEventRow.kind == events.DELEGATION_GRANTED)
        ).one()
    assert (event.user_id, event.session_id, event.device) == (
        alice.user.id,
        granted.session_id,
        shown.device,
    )


def test_lifetime_defaults_is_bounded_and_never_outlives_the_subjects_session(
    world: World, engine: Engine
) -> None:
    alice, token = logged_in(world, "alice")
    actor = service_account(world)
    assert to_grant(world, actor, token, lifetime_seconds=3600).expires_in == 3600
    assert to_grant(world, actor, token, lifetime_seconds=604800).expires_in == 604800
    for bad in (-1, 604801):
        error = refusal(InvalidArgument, to_grant, world, actor, token, SCOPE, PURPOSE, bad)
        assert [v.field for v in error.violations] == ["lifetime_seconds"]
    with Session(engine) as db, db.begin():
        db.execute(
            update(SessionRow)
            .where(SessionRow.id == alice.session_id)
            .values(expires_at=world.clock() + timedelta(hours=2))
        )
    assert to_grant(world, actor, token, lifetime_seconds=604800).expires_in == 7200


def test_malformed_requests_name_the_field(world: World) -> None:
    _, token = logged_in(world, "alice")
    actor = service_account(world)
    user_id = actor.account.user_id
    cases = [
        (
            ExchangeRequest(token, "urn:ietf:params:oauth:token-type:jwt", SCOPE),
            "subject_token_type",
        ),
        (ExchangeRequest(token, "", SCOPE), "subject_token_type"),
        (ExchangeRequest("", ACCESS_TOKEN_TYPE, SCOPE), "subject_token"),
        (ExchangeRequest("", DELEGATION_GRANT_TYPE), "subject_token"),
        (ExchangeRequest(token, ACCESS_TOKEN_TYPE, "  "), "scope"),
        (ExchangeRequest(token, ACCESS_TOKEN_TYPE, SCOPE, "x" * 201), "purpose"),
        (ExchangeRequest(token, ACCESS_TOKEN_TYPE, SCOPE, "invoice\u202eevil"), "purpose"),
        (ExchangeRequest(token, ACCESS_TOKEN_TYPE, SCOPE, "a\x00b"), "purpose"),
    ]
    for request, field in cases:
        error = refusal(
            InvalidArgument, delegation.exchange, world.kernel, user_id, request, CLIENT
        )
        assert [v.field for v in error.violations] == [field], request
    # A blank purpose is the default one; 200 characters are fine.
    assert to_grant(world, actor, token, purpose="   ").expires_in == 86400
    assert to_grant(world, actor, token, purpose="p" * 200).expires_in == 86400
    with world.kernel.unit_of_work() as uow:
        devices = [s.device for s in uow.repos.sessions.active(to_user(token), world.clock())]
    assert "invoicing-saga (delegated): delegated work" in devices


def test_a_scope_the_subject_token_lacks_is_denied_by_name(world: World) -> None:
    owner, _ = logged_in(world, "owner")
    viewer = joined(world, owner, "viewer", "viewer")
    viewer, token = live(world, viewer)
    actor = service_account(world)
    error = refusal(
        PermissionDenied, to_grant, world, actor, token, "invoices:view invoices:manage"
    )
    assert error.message == "the subject token does not grant invoices:manage"
    assert error.metadata == {"scope": "invoices:manage"}
    assert to_grant(world, actor, token, "invoices:view").scopes == ("invoices:view",)


def test_only_a_users_own_live_token_can_be_delegated(world: World) -> None:
    alice, token = logged_in(world, "alice")
    actor = service_account(world)
    delegated = to_token(world, actor, to_grant(world, actor, token).token).token
    assert refusal(PermissionDenied, to_grant, world, actor, delegated).message == (
        "a delegated token cannot be exchanged again"
    )
    other = service_account(world, "another-backend")
    service_token = service_accounts.issue_token(
        world.kernel, other.account.client_id, other.client_secret, CLIENT
    ).access_token
    assert refusal(PermissionDenied, to_grant, world, actor, service_token).message == (
        "a service account's token cannot be delegated"
    )
    for bad in ("not-a-jwt", token[:-4] + "AAAA"):
        assert refusal(Unauthenticated, to_grant, world, actor, bad).message == BAD_SUBJECT
    # The user logs out: the token is dead at once.
    sessions.revoke(world.kernel.unit_of_work(), alice.user.id, alice.session_id, CLIENT)
    assert refusal(Unauthenticated, to_grant, world, actor, token).message == BAD_SUBJECT


def test_only_service_accounts_may_exchange(world: World) -> None:
    alice, token = logged_in(world, "alice")
    actor = service_account(world)
    granted = to_grant(world, actor, token)
    for caller in (alice.user.id, uuid.uuid4()):
        for request in (
            ExchangeRequest(token, ACCESS_TOKEN_TYPE, SCOPE),
            ExchangeRequest(granted.token, DELEGATION_GRANT_TYPE),
        ):
            error = refusal(
                PermissionDenied, delegation.exchange, world.kernel, caller, request, CLIENT
            )
            assert error.message == NOT_A_SERVICE_ACCOUNT


# --- the grant: who may present it, and when it is dead -------------------------------------------


def test_unknown_expired_revoked_and_foreign_grants_get_one_answer(world: World) -> None:
    _, token = logged_in(world, "alice")
    actor = service_account(world)
    thief = service_account(world, "thief")
    short = to_grant(world, actor, token, lifetime_seconds=60).token
    revoked = to_grant(world, actor, token).token
    assert delegation.revoke(world.kernel, actor.account.user_id, revoked, CLIENT)
    attempts = [
        (thief, to_grant(world, actor, token).token),
        (actor, "fpd_" + "A" * 43),
        (actor, revoked),
    ]
    messages = [refusal(Unauthenticated, to_token, world, a, g).message for a, g in attempts]
    to_token(world, actor, short)
    world.clock.now += timedelta(seconds=61)
    messages.append(refusal(Unauthenticated, to_token, world, actor, short).message)
    assert set(messages) == {BAD_GRANT}


def test_the_user_revoking_the_session_ends_the_grant_and_its_tokens(world: World) -> None:
    alice, token = logged_in(world, "alice")
    actor = service_account(world)
    granted = to_grant(world, actor, token)
    minted = to_token(world, actor, granted.token).token
    sessions.revoke(world.kernel.unit_of_work(), alice.user.id, granted.session_id, CLIENT)
    assert refusal(Unauthenticated, to_token, world, actor, granted.token).message == BAD_GRANT
    assert refusal(Unauthenticated, verify, world, minted).message == "session revoked"
    # The actor learns nothing more by revoking it.
    assert not delegation.revoke(world.kernel, actor.account.user_id, granted.token, CLIENT)
    # The user's own session is untouched.
    verify(world, token)


def test_membership_and_role_changes_take_effect_at_once(world: World) -> None:
    owner, _ = logged_in(world, "owner")
    manager = joined(world, owner, "manager", "manager")
    manager, token = live(world, manager)
    assert manager.token["tid"] == owner.token["tid"]
    actor = service_account(world)
    granted = to_grant(world, actor, token)
    minted = to_token(world, actor, granted.token).token
    verify(world, minted)

    teams.update_member(world.kernel, owner.actor, manager.user.id, "viewer")
    # Tokens carry the role they were minted for: the old role's is refused now.
    assert refusal(Unauthenticated, verify, world, minted).message == "session revoked"
    error = refusal(PermissionDenied, to_token, world, actor, granted.token)
    assert error.message == "the user's tenant role no longer grants invoices:manage"
    assert error.metadata == {"scope": "invoices:manage"}
    as_viewer = to_token(world, actor, granted.token, "invoices:view").token
    assert claims(as_viewer)["tenant_role"] == "viewer"
    verify(world, as_viewer)
    assert refusal(
        PermissionDenied, to_token, world, actor, granted.token, "projects:view"
    ).message == ("the delegation grant does not include projects:view")

    teams.remove_member(world.kernel, owner.actor, manager.user.id)
    assert refusal(PermissionDenied, to_token, world, actor, granted.token).message == NOT_A_MEMBER
    assert refusal(Unauthenticated, verify, world, as_viewer).message == "session revoked"


def test_a_delegated_session_never_yields_a_users_full_token(world: World) -> None:
    """Switching tenant mints a token of the caller's session: with a delegated token
    it would widen the grant to the user's whole role (or another tenant)."""
    alice, token = logged_in(world, "alice")
    actor = service_account(world)
    granted = to_grant(world, actor, token, "invoices:view")
    principal = verify(world, to_token(world, actor, granted.token).token)
    caller = teams.Actor(
        user_id=alice.user.id,
        session_id=granted.session_id,
        tenant_id=uuid.UUID(alice.token["tid"]),
        scopes=principal.scopes,
    )
    error = refusal(PermissionDenied, teams.switch, world.kernel, caller, caller.tenant_id)
    assert error.message == "a delegated session cannot obtain a user's token"


# --- ending grants -------------------------------------------------------------------------------


def test_revoke_delegation_is_for_its_actor_only_and_idempotent(
    world: World, engine: Engine
) -> None:
    alice, token = logged_in(world, "alice")
    actor = service_account(world)
    other = service_account(world, "other")
    granted = to_grant(world, actor, token)
    assert not delegation.revoke(world.kernel, other.account.user_id, granted.token, CLIENT)
    to_token(world, actor, granted.token)  # still works

    assert delegation.revoke(world.kernel, actor.account.user_id, granted.token, CLIENT)
    assert not delegation.revoke(world.kernel, actor.account.user_id, granted.token, CLIENT)
    assert not delegation.revoke(world.kernel, actor.account.user_id, "fpd_unknown", CLIENT)
    assert refusal(Unauthenticated, to_token, world, actor, granted.token).message == BAD_GRANT
    error = refusal(
        InvalidArgument, delegation.revoke, world.kernel, actor.account.user_id, "", CLIENT
    )
    assert [v.field for v in error.violations] == ["delegation_grant"]
    with Session(engine) as db:
        session = db.get(SessionRow, granted.session_id)
        ended = db.scalars(
            select(SecurityEventRow).where(
                SecurityEventRow.user_id == alice.user.id,
                SecurityEventRow.kind == events.SESSION_REVOKED,
            )
        ).one()
    assert session is not None and session.revoked_reason == "delegation_revoked"
    assert (ended.session_id, ended.result) == (granted.session_id, "delegation_revoked")


def test_revoking_the_service_account_ends_its_grants(world: World) -> None:
    alice, token = logged_in(world, "alice")
    actor = service_account(world)
    kept = service_account(world, "kept")
    ended = to_grant(world, actor, token)
    other = to_grant(world, kept, token)
    service_accounts.revoke(world.kernel.unit_of_work(), actor.account.client_id, world.clock)
    with world.kernel.unit_of_work() as uow:
        active = {s.id for s in uow.repos.sessions.active(alice.user.id, world.clock())}
    assert active == {alice.session_id, other.session_id}
    assert ended.session_id not in active
    to_token(world, kept, other.token)


# --- through main's gRPC server -------------------------------------------------------------------


@dataclass
class Served:
    world: World
    channel: grpc.Channel

    def stub(self) -> token_exchange_pb2_grpc.TokenExchangeServiceStub:
        return token_exchange_pb2_grpc.TokenExchangeServiceStub(self.channel)  # type: ignore[no-untyped-call]


@pytest.fixture
def served(database_url: str, tmp_path: Path) -> Iterator[Served]:
    main = build_main(database_url, tmp_path)
    running = main.serve()
    try:
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            yield Served(World(main.kernel, Outbox(), Clock()), channel)
    finally:
        running.stop(0)
        main.close()


def bearer(token: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),)


def rpc_error(call: Callable[..., object], request: object, token: str) -> grpc.RpcError:
    with pytest.raises(grpc.RpcError) as raised:
        call(request, metadata=bearer(token))
    return raised.value


def test_a_users_token_cannot_call_the_token_exchange(served: Served) -> None:
    _, token = logged_in(served.world, "alice")
    request = token_exchange_pb2.ExchangeTokenRequest(
        subject_token=token, subject_token_type=ACCESS_TOKEN_TYPE, scope=SCOPE
    )
    error = rpc_error(served.stub().ExchangeToken, request, token)
    assert error.code() == grpc.StatusCode.PERMISSION_DENIED
    revoke = token_exchange_pb2.RevokeDelegationRequest(delegation_grant="fpd_x")
    assert rpc_error(served.stub().RevokeDelegation, revoke, token).code() == (
        grpc.StatusCode.PERMISSION_DENIED
    )


def test_both_exchanges_and_the_delegated_token_over_grpc(served: Served) -> None:
    world, stub = served.world, served.stub()
    alice, token = logged_in(world, "alice")
    actor = service_account(world)
    service_token = service_accounts.issue_token(
        world.kernel, actor.account.client_id, actor.client_secret, CLIENT
    ).access_token

    granted = stub.ExchangeToken(
        token_exchange_pb2.ExchangeTokenRequest(
            subject_token=token,
            subject_token_type=ACCESS_TOKEN_TYPE,
            scope="invoices:view",
            purpose=PURPOSE,
            lifetime_seconds=3600,
        ),
        metadata=bearer(service_token),
    )
    assert (granted.issued_token_type, granted.token_type) == (DELEGATION_GRANT_TYPE, "N_A")
    assert (granted.expires_in, granted.scope) == (3600, "invoices:view")
    issued = stub.ExchangeToken(
        token_exchange_pb2.ExchangeTokenRequest(
            subject_token=granted.access_token, subject_token_type=DELEGATION_GRANT_TYPE
        ),
        metadata=bearer(service_token),
    )
    assert (issued.issued_token_type, issued.token_type) == (ACCESS_TOKEN_TYPE, "Bearer")
    assert (issued.scope, issued.session_id, issued.expires_in) == (
        "invoices:view",
        granted.session_id,
        300,
    )
    got = jwt.decode(issued.access_token, options={"verify_signature": False})
    assert got["act"]["client_id"] == actor.account.client_id

    delegated = issued.access_token
    invoices = invoices_pb2_grpc.InvoiceServiceStub(served.channel)  # type: ignore[no-untyped-call]
    invoices.ListInvoices(invoices_pb2.ListInvoicesRequest(), metadata=bearer(delegated))
    projects = projects_pb2_grpc.ProjectServiceStub(served.channel)  # type: ignore[no-untyped-call]
    assert rpc_error(
        projects.ListProjects, projects_pb2.ListProjectsRequest(), delegated
    ).code() == (grpc.StatusCode.PERMISSION_DENIED)
    # Confined to what it was narrowed to: the user's sessions, profile or MFA are
    # guarded by the `user` role alone, which a delegated token does not pass
    # (services.runtime.auth) — but verifiers may still check its session.
    sessions = sessions_pb2_grpc.SessionServiceStub(served.channel)  # type: ignore[no-untyped-call]
    for method, request in (
        (sessions.ListSessions, sessions_pb2.ListSessionsRequest()),
        (sessions.RevokeAllSessions, sessions_pb2.RevokeAllSessionsRequest()),
    ):
        refused = rpc_error(method, request, delegated)
        assert refused.code() == grpc.StatusCode.PERMISSION_DENIED
        assert "delegated token" in (refused.details() or "")
    checked = sessions.CheckSession(sessions_pb2.CheckSessionRequest(), metadata=bearer(delegated))
    assert checked.active and checked.session_id == granted.session_id
    switch = teams_pb2.SwitchTeamRequest(tenant_id=alice.token["tid"])
    teams_stub = teams_pb2_grpc.TeamsServiceStub(served.channel)  # type: ignore[no-untyped-call]
    assert rpc_error(teams_stub.SwitchTeam, switch, delegated).code() == (
        grpc.StatusCode.PERMISSION_DENIED
    )

    # Another service account presenting the grant: the one generic answer.
    thief = service_account(world, "thief")
    thief_token = service_accounts.issue_token(
        world.kernel, thief.account.client_id, thief.client_secret, CLIENT
    ).access_token
    stolen = token_exchange_pb2.ExchangeTokenRequest(
        subject_token=granted.access_token, subject_token_type=DELEGATION_GRANT_TYPE
    )
    error = rpc_error(stub.ExchangeToken, stolen, thief_token)
    assert (error.code(), error.details()) == (grpc.StatusCode.UNAUTHENTICATED, BAD_GRANT)

    revoke = token_exchange_pb2.RevokeDelegationRequest(delegation_grant=granted.access_token)
    assert stub.RevokeDelegation(revoke, metadata=bearer(service_token)).revoked
    assert not stub.RevokeDelegation(revoke, metadata=bearer(service_token)).revoked
    assert rpc_error(
        invoices.ListInvoices, invoices_pb2.ListInvoicesRequest(), delegated
    ).code() == (grpc.StatusCode.UNAUTHENTICATED)
    listed = sessions_pb2_grpc.SessionServiceStub(served.channel).ListSessions(  # type: ignore[no-untyped-call]
        sessions_pb2.ListSessionsRequest(), metadata=bearer(token)
    )
    assert [s.id for s in listed.sessions] == [str(alice.session_id)]
