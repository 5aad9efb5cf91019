"""Who may change whose tenant role, and the last-owner rule (pure)."""

from __future__ import annotations

import pytest

from services.main.teams.domain.roles import check_grant, check_keeps_owner
from services.runtime.errors import FailedPrecondition, PermissionDenied


@pytest.mark.parametrize(
    ("current", "new"),
    [(None, "owner"), ("member", "owner"), ("owner", "viewer"), ("owner", None)],
)
def test_only_an_owner_grants_changes_or_removes_the_owner_role(
    current: str | None, new: str | None
) -> None:
    check_grant("owner", current, new)
    with pytest.raises(PermissionDenied):
        check_grant("manager", current, new)


@pytest.mark.parametrize(
    ("current", "new"), [(None, "manager"), ("member", "manager"), ("viewer", None)]
)
def test_a_manager_manages_everyone_else(current: str | None, new: str | None) -> None:
    check_grant("manager", current, new)


def test_the_last_owner_is_neither_demoted_nor_removed() -> None:
    for new in ("manager", "viewer", None):
        with pytest.raises(FailedPrecondition, match="last owner"):
            check_keeps_owner("owner", new, owners=1)
        check_keeps_owner("owner", new, owners=2)
    check_keeps_owner("owner", "owner", owners=1)
    check_keeps_owner("member", None, owners=1)
