"""Saving suggestions as rules and values (pure): what a finding is, where a stored
suggestion stands and how it may move, the list filters, and how a generation merges
what it found into what is stored.

Statuses (GAPS): new → viewed → implemented | dismissed, new → implemented | dismissed;
implemented and dismissed are final. Any other move is 409 `invalid_transition`. Asking
for the status a suggestion already has is not a move: it is answered 200 with the
suggestion unchanged (a client retrying "mark as viewed" must not get an error).

A generation upserts by (user, fingerprint): a finding seen for the first time is stored
`new`; one already stored keeps its id, status and creation time and gets the new
figures; a `new` or `viewed` suggestion no longer found is removed; an implemented or
dismissed one is never touched again (a dismissed suggestion does not come back, and the
record of what the user did stays).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from typing import Final, Literal, get_args

from services.analytics import fields
from services.analytics.fields import CENTS
from services.runtime.errors import FailedPrecondition, FieldViolation, raise_if_any
from services.runtime.paging import check_limit, check_offset

Status = Literal["new", "viewed", "implemented", "dismissed"]
SuggestionType = Literal[
    "unused_subscription",
    "duplicate_subscription",
    "fees_and_interest",
    "category_overspend",
    "cheaper_cadence",
]
STATUSES: Final[frozenset[str]] = frozenset(get_args(Status))
TYPES: Final[frozenset[str]] = frozenset(get_args(SuggestionType))
OPEN: Final[tuple[Status, ...]] = ("new", "viewed")
_MOVES: Final[Mapping[str, frozenset[str]]] = {
    "new": frozenset({"viewed", "implemented", "dismissed"}),
    "viewed": frozenset({"implemented", "dismissed"}),
    "implemented": frozenset(),
    "dismissed": frozenset(),
}

DEFAULT_LIMIT = 10
DEFAULT_TOP = 5
MAX_TRANSACTIONS = 20


@dataclass(frozen=True, slots=True)
class Finding:
    """What one rule found in the user's data: a suggestion before it is stored.

    `fingerprint` is its identity across generations (type and subject, e.g.
    "duplicate_subscription:spotify:EUR"); everything else is the figures, refreshed by
    every generation that finds it again.
    """

    fingerprint: str
    suggestion_type: SuggestionType
    title: str
    description: str
    # Over a year, quantized to cents, > 0.
    potential_saving: Decimal
    currency: str
    # 0-1, rounded to 4 places so that an unchanged finding compares equal.
    confidence: float
    merchant_name: str | None
    category_id: uuid.UUID | None
    # camelCase keys, string values (the proto's map<string, string>).
    evidence: Mapping[str, str] = field(default_factory=dict)
    # Up to MAX_TRANSACTIONS ids (strings), newest first.
    transaction_ids: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A stored finding and what the user made of it."""

    id: uuid.UUID
    user_id: uuid.UUID
    status: Status
    finding: Finding
    created_at: datetime
    updated_at: datetime

    @property
    def is_open(self) -> bool:
        return self.status in OPEN


def money(amount: Decimal) -> Decimal:
    """An amount as stored and shown: cents, never "-0.00"."""
    return amount.quantize(CENTS) + 0


def money_text(amount: Decimal) -> str:
    return format(money(amount), "f")


# -- status --------------------------------------------------------------------------


def require_move(current: Status, target: Status) -> bool:
    """Whether moving `current` → `target` changes anything (False: already there);
    FailedPrecondition (409 invalid_transition) when the move is not allowed."""
    if target == current:
        return False
    if target not in _MOVES[current]:
        raise FailedPrecondition(
            f"a {current} suggestion cannot become {target}", reason="INVALID_TRANSITION"
        )
    return True


def validate_status(status: str | None) -> Status:
    """The status a PUT asks for: required, one of the four."""
    if status is None:
        raise_if_any([FieldViolation("status", "is required")])
    if status not in STATUSES:
        raise_if_any([FieldViolation("status", "is not a suggestion status")])
    return status  # type: ignore[return-value]


# -- lists ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ListQuery:
    limit: int
    offset: int
    status: Status | None = None
    suggestion_type: SuggestionType | None = None
    min_saving: Decimal | None = None


def validate_list_query(
    limit: int | None,
    offset: int,
    status: str | None,
    suggestion_type: str | None,
    min_saving: str | None,
) -> ListQuery:
    """The filters of ListSuggestions, or InvalidArgument naming every bad one."""
    problems: list[FieldViolation] = []
    check_limit(limit, problems)
    check_offset(offset, problems)
    if status is not None and status not in STATUSES:
        problems.append(FieldViolation("status", "is not a suggestion status"))
    if suggestion_type is not None and suggestion_type not in TYPES:
        problems.append(FieldViolation("suggestion_type", "is not a suggestion type"))
    saving = None if min_saving is None else _min_saving(min_saving, problems)
    raise_if_any(problems)
    return ListQuery(
        limit=limit or DEFAULT_LIMIT,
        offset=offset,
        status=status,  # type: ignore[arg-type]
        suggestion_type=suggestion_type,  # type: ignore[arg-type]
        min_saving=saving,
    )


def validate_top_limit(limit: int | None) -> int:
    problems: list[FieldViolation] = []
    check_limit(limit, problems)
    raise_if_any(problems)
    return limit or DEFAULT_TOP


def _min_saving(raw: str, problems: list[FieldViolation]) -> Decimal | None:
    """An amount of money from 0 (services.analytics.fields), at most two places by value
    ("5.10" and "5.1000" alike). Sent blank, it is no decimal rather than missing."""
    value = fields.parse_decimal(raw, "min_saving", problems, example="10.50")
    if value is None:
        return None
    return fields.money_value(value, "min_saving", problems, positive=False)


# -- generation ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GenerationPlan:
    """What a generation does to the stored suggestions."""

    insert: tuple[Finding, ...]
    # (stored id, new figures): found again with figures that changed.
    refresh: tuple[tuple[uuid.UUID, Finding], ...]
    # new / viewed suggestions the data no longer supports.
    remove: tuple[uuid.UUID, ...]


def plan_generation(stored: Iterable[Suggestion], found: Sequence[Finding]) -> GenerationPlan:
    by_fingerprint = {s.finding.fingerprint: s for s in stored}
    found_keys = {f.fingerprint for f in found}
    insert: list[Finding] = []
    refresh: list[tuple[uuid.UUID, Finding]] = []
    for finding in found:
        existing = by_fingerprint.get(finding.fingerprint)
        if existing is None:
            insert.append(finding)
        elif existing.is_open and existing.finding != finding:
            refresh.append((existing.id, finding))
        # A final one keeps the figures the user decided on.
    remove = [
        s.id
        for s in by_fingerprint.values()
        if s.is_open and s.finding.fingerprint not in found_keys
    ]
    return GenerationPlan(tuple(insert), tuple(refresh), tuple(remove))


@dataclass(frozen=True, slots=True)
class GenerateResult:
    created: int
    open: int
    removed: int
    generated_at: datetime


@dataclass(frozen=True, slots=True)
class Run:
    """A user's last generation: what lists compare with to know whether to generate
    again."""

    data_version: int
    generated_on: date
    generated_at: datetime

    def is_current(self, data_version: int, today: date) -> bool:
        return self.data_version == data_version and self.generated_on == today
