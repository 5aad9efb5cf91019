"""Project members: a user of the tenant on a project, with a role (free text: teams name
their roles their own way) and the share of their time the project gets.

Allocation is a percent, 0 < a ≤ 100 with at most two places. A member's allocations
across projects are not capped: the sum over active projects is what the portfolio
reports as utilisation, and above 100 the member is overallocated.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Final

from services.runtime.decimal_text import DECIMAL_TEXT
from services.runtime.errors import (
    AlreadyExists,
    FieldViolation,
    NotFound,
    Unprocessable,
    raise_if_any,
)
from services.runtime.text_fields import checked_text

DEFAULT_ROLE: Final = "member"
MAX_ROLE: Final = 50
MAX_ALLOCATION: Final = Decimal(100)
ALLOCATION_PLACES: Final = 2
OVERALLOCATED_ABOVE: Final = Decimal(100)


@dataclass(frozen=True)
class Member:
    project_id: uuid.UUID
    user_id: uuid.UUID
    role: str
    allocation_percent: Decimal
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class NewMember:
    user_id: uuid.UUID
    role: str
    allocation_percent: Decimal


@dataclass(frozen=True)
class MemberChanges:
    """What an update changes; None leaves a field as it is."""

    role: str | None = None
    allocation_percent: Decimal | None = None


@dataclass(frozen=True)
class Allocation:
    """A user's allocation summed over the tenant's active projects."""

    user_id: uuid.UUID
    total_percent: Decimal
    active_projects: int

    @property
    def overallocated(self) -> bool:
        return self.total_percent > OVERALLOCATED_ABOVE


def _role(value: str, problems: list[FieldViolation]) -> str:
    return checked_text(
        value, "role", MAX_ROLE, problems, required=True, missing="must not be blank"
    )


def _allocation(text: str, problems: list[FieldViolation]) -> Decimal | None:
    field = "allocation_percent"
    if not text:
        problems.append(FieldViolation(field, "is required"))
        return None
    if not DECIMAL_TEXT.match(text):
        problems.append(FieldViolation(field, "must be a decimal number"))
        return None
    value = Decimal(text)
    if not 0 < value <= MAX_ALLOCATION:
        problems.append(FieldViolation(field, f"must be more than 0 and at most {MAX_ALLOCATION}"))
        return None
    if -int(value.normalize().as_tuple().exponent) > ALLOCATION_PLACES:
        problems.append(
            FieldViolation(field, f"must have at most {ALLOCATION_PLACES} decimal places")
        )
        return None
    return value


def _user_id(text: str, problems: list[FieldViolation]) -> uuid.UUID | None:
    if not text:
        problems.append(FieldViolation("user_id", "is required"))
        return None
    try:
        return uuid.UUID(text)
    except ValueError:
        problems.append(FieldViolation("user_id", "must be a UUID"))
        return None


def new_member(*, user_id: str, role: str, allocation_percent: str) -> NewMember:
    """A checked member to add; every problem at once (400 naming each). No role
    means the default one."""
    problems: list[FieldViolation] = []
    user = _user_id(user_id, problems)
    clean_role = _role(role, problems) if role else DEFAULT_ROLE
    allocation = _allocation(allocation_percent, problems)
    raise_if_any(problems)
    assert user is not None and allocation is not None  # raise_if_any refused the others
    return NewMember(user, clean_role, allocation)


def member_changes(*, role: str | None, allocation_percent: str | None) -> MemberChanges:
    problems: list[FieldViolation] = []
    clean_role = None if role is None else _role(role, problems)
    allocation = None if allocation_percent is None else _allocation(allocation_percent, problems)
    raise_if_any(problems)
    return MemberChanges(clean_role, allocation)


def member_not_found(project_id: uuid.UUID, user_id: uuid.UUID) -> NotFound:
    return NotFound(f"user {user_id} is not a member of project {project_id}")


def already_member(project_id: uuid.UUID, user_id: uuid.UUID) -> AlreadyExists:
    return AlreadyExists(
        f"user {user_id} is a member of project {project_id} already: change them with PATCH"
    )


def not_in_tenant(user_id: uuid.UUID) -> Unprocessable:
    # A user of another tenant (or none) is told apart from nothing: it is simply not
    # one of this tenant's members.
    return Unprocessable.for_field("user_id", f"user {user_id} is not a member of this tenant")
