"""The operators' tenant-role grant changes the user's membership in its active tenant
(the one it last chose), under the last-owner rule; platform roles and scopes stay on
the account (SQLite and PostgreSQL)."""

from __future__ import annotations

import pytest
from sqlalchemy import Engine

from services.main.admin import usecases
from services.main.kernel.dependencies import UowFactory
from services.runtime.errors import FailedPrecondition
from tests.services.main.support import NOW, add_user, migrated_sessions, units


@pytest.fixture
def uow(database_url: str, engine: Engine) -> UowFactory:
    return units(migrated_sessions(database_url, engine))


def test_a_tenant_role_grant_changes_the_membership_of_the_active_tenant(
    uow: UowFactory, database_url: str, engine: Engine
) -> None:
    sessions = migrated_sessions(database_url, engine)
    ada = add_user(sessions, "ada")
    bob = add_user(sessions, "bob")
    with uow() as work:
        ada_tenant = work.repos.users.by_id(ada)
        assert ada_tenant is not None
        work.repos.memberships.add(ada_tenant.tenant_id, bob, "member", NOW)
        work.repos.users.set_default_tenant(bob, ada_tenant.tenant_id)

    shown = usecases.grant(uow(), "bob@example.com", ["admin"], ["x:extra"], "viewer")
    assert (shown.tenant_role, shown.roles, shown.extra_scopes) == (
        "viewer",
        ["admin", "user"],
        ["x:extra"],
    )
    with uow() as work:
        assert work.repos.memberships.get(ada_tenant.tenant_id, bob) is not None
        roles = {m.tenant_id: m.tenant_role for m in work.repos.memberships.of_user(bob)}
    # Bob's own workspace keeps him as its owner.
    assert sorted(roles.values()) == ["owner", "viewer"]
    assert roles[ada_tenant.tenant_id] == "viewer"
    assert usecases.show(uow(), "bob@example.com").tenant_role == "viewer"


def test_an_operator_too_leaves_a_tenant_its_last_owner(
    uow: UowFactory, database_url: str, engine: Engine
) -> None:
    add_user(migrated_sessions(database_url, engine), "ada")
    with pytest.raises(FailedPrecondition, match="last owner"):
        usecases.grant(uow(), "ada@example.com", [], [], "manager")
    assert usecases.show(uow(), "ada@example.com").tenant_role == "owner"
    # Other grants need no tenant role change.
    assert usecases.grant(uow(), "ada@example.com", ["admin"], [], "").roles == ["admin", "user"]
