from __future__ import annotations

import pytest

from services.main.admin.domain import Access, granted, removable_roles, revoked
from services.runtime.errors import InvalidArgument

MEMBER = Access(roles=("user",), extra_scopes=("a:view",), tenant_role="member")


def test_a_grant_adds_roles_and_scopes_and_may_set_the_tenant_role() -> None:
    assert granted(MEMBER, ["admin"], ["b:view"], None) == Access(
        ("admin", "user"), ("a:view", "b:view"), "member"
    )
    assert granted(MEMBER, [], [], "viewer").tenant_role == "viewer"


def test_a_revocation_removes_them_but_the_user_role_stays() -> None:
    admin = granted(MEMBER, ["admin", "service"], ["b:view"], None)
    assert revoked(admin, ["admin"], ["a:view", "never:had"]) == Access(
        ("service", "user"), ("b:view",), "member"
    )


@pytest.mark.parametrize("roles", [["user"], ["nope"]])
def test_only_known_roles_other_than_user_can_be_revoked(roles: list[str]) -> None:
    with pytest.raises(InvalidArgument) as caught:
        removable_roles(roles)
    assert caught.value.violations[0].field == "roles"
