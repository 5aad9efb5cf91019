"""Suggestions as rules (pure): the status machine, the list filters and how a
generation merges findings into what is stored."""

from __future__ import annotations

import dataclasses
import itertools
import uuid
from decimal import Decimal

import pytest

from services.analytics.suggestions.domain import (
    STATUSES,
    Finding,
    ListQuery,
    Run,
    Status,
    Suggestion,
    money_text,
    plan_generation,
    require_move,
    validate_list_query,
    validate_status,
    validate_top_limit,
)
from services.runtime.errors import FailedPrecondition, InvalidArgument
from tests.services.analytics.suggestions.support import NOW, TODAY

ALLOWED = {
    ("new", "viewed"),
    ("new", "implemented"),
    ("new", "dismissed"),
    ("viewed", "implemented"),
    ("viewed", "dismissed"),
}
FORBIDDEN = sorted(
    (a, b) for a, b in itertools.permutations(sorted(STATUSES), 2) if (a, b) not in ALLOWED
)


@pytest.mark.parametrize(("current", "target"), sorted(ALLOWED))
def test_every_allowed_move_changes_the_status(current: Status, target: Status) -> None:
    assert require_move(current, target) is True


@pytest.mark.parametrize(("current", "target"), FORBIDDEN)
def test_every_other_move_is_an_invalid_transition(current: Status, target: Status) -> None:
    with pytest.raises(FailedPrecondition) as caught:
        require_move(current, target)
    assert caught.value.reason == "INVALID_TRANSITION"
    assert current in caught.value.message and target in caught.value.message


def test_the_forbidden_moves_are_the_spec_s_complement() -> None:
    # 4 statuses: 12 moves, 5 allowed (GAPS), so 7 refused: back to new, and out of
    # the final ones.
    assert len(FORBIDDEN) == 7
    assert ("viewed", "new") in FORBIDDEN and ("dismissed", "viewed") in FORBIDDEN


@pytest.mark.parametrize("status", sorted(STATUSES))
def test_asking_for_the_status_it_has_is_no_move(status: Status) -> None:
    assert require_move(status, status) is False


@pytest.mark.parametrize("raw", [None, "archived", "", "NEW"])
def test_a_status_body_must_name_a_status(raw: str | None) -> None:
    with pytest.raises(InvalidArgument) as caught:
        validate_status(raw)
    assert [v.field for v in caught.value.violations] == ["status"]


def test_list_defaults() -> None:
    assert validate_list_query(None, 0, None, None, None) == ListQuery(limit=10, offset=0)
    assert validate_top_limit(None) == 5
    assert validate_top_limit(100) == 100


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("0", "0.00"), ("5.1", "5.10"), ("5.1000", "5.10"), (" 12.50 ", "12.50"),
     ("99999999999.99", "99999999999.99"), ("1e2", "100.00")],
)  # fmt: skip
def test_min_saving_is_a_decimal_with_cents_at_most(raw: str, expected: str) -> None:
    query = validate_list_query(None, 0, None, None, raw)
    assert query.min_saving == Decimal(expected)
    assert str(query.min_saving) == expected


@pytest.mark.parametrize(
    ("limit", "offset", "status", "kind", "min_saving", "field"),
    [
        (0, 0, None, None, None, "limit"),
        (101, 0, None, None, None, "limit"),
        (None, -1, None, None, None, "offset"),
        (None, 0, "archived", None, None, "status"),
        (None, 0, None, "lottery", None, "suggestion_type"),
        (None, 0, None, None, "-1", "min_saving"),
        (None, 0, None, None, "abc", "min_saving"),
        (None, 0, None, None, "1.234", "min_saving"),
        (None, 0, None, None, "NaN", "min_saving"),
        (None, 0, None, None, "1e999999999", "min_saving"),
        (None, 0, None, None, "100000000000", "min_saving"),
        (None, 0, None, None, "", "min_saving"),
    ],
)
def test_bad_filters_name_their_field(
    limit: int | None,
    offset: int,
    status: str | None,
    kind: str | None,
    min_saving: str | None,
    field: str,
) -> None:
    with pytest.raises(InvalidArgument) as caught:
        validate_list_query(limit, offset, status, kind, min_saving)
    assert [v.field for v in caught.value.violations] == [field]


def test_every_bad_filter_is_reported_at_once() -> None:
    with pytest.raises(InvalidArgument) as caught:
        validate_list_query(0, -1, "x", "y", "z")
    fields = [v.field for v in caught.value.violations]
    assert fields == ["limit", "offset", "status", "suggestion_type", "min_saving"]


@pytest.mark.parametrize("limit", [0, 101, -5])
def test_top_limit_is_1_to_100(limit: int) -> None:
    with pytest.raises(InvalidArgument) as caught:
        validate_top_limit(limit)
    assert [v.field for v in caught.value.violations] == ["limit"]


def test_money_text_has_cents_and_no_negative_zero() -> None:
    assert money_text(Decimal("131.88")) == "131.88"
    assert money_text(Decimal("2")) == "2.00"
    assert money_text(Decimal("-0.001")) == "0.00"


# -- generation --------------------------------------------------------------------------


def _finding(key: str, saving: str = "10.00") -> Finding:
    return Finding(
        fingerprint=key,
        suggestion_type="fees_and_interest",
        title=key,
        description=key,
        potential_saving=Decimal(saving),
        currency="EUR",
        confidence=0.9,
        merchant_name=None,
        category_id=None,
        evidence={"count": "1"},
        transaction_ids=(str(uuid.uuid4()),),
    )


def _stored(finding: Finding, status: Status) -> Suggestion:
    return Suggestion(uuid.uuid4(), uuid.uuid4(), status, finding, NOW, NOW)


def test_a_generation_inserts_the_new_refreshes_the_changed_and_removes_the_gone() -> None:
    same, changed, gone = _finding("same"), _finding("changed"), _finding("gone")
    stored = [_stored(same, "new"), _stored(changed, "viewed"), _stored(gone, "new")]
    fresh = _finding("fresh")
    newer = dataclasses.replace(changed, potential_saving=Decimal("12.00"))
    plan = plan_generation(stored, [same, newer, fresh])
    assert plan.insert == (fresh,)
    assert plan.refresh == ((stored[1].id, newer),)
    assert plan.remove == (stored[2].id,)


def test_final_suggestions_are_neither_refreshed_nor_removed_nor_found_again() -> None:
    kept, acted = _finding("kept"), _finding("acted")
    stored = [_stored(kept, "dismissed"), _stored(acted, "implemented")]
    plan = plan_generation(stored, [dataclasses.replace(kept, potential_saving=Decimal(1))])
    assert plan.insert == () and plan.refresh == () and plan.remove == ()


def test_a_run_is_current_for_the_same_data_on_the_same_day() -> None:
    run = Run(data_version=3, generated_on=TODAY, generated_at=NOW)
    assert run.is_current(3, TODAY)
    assert not run.is_current(4, TODAY)
    assert not run.is_current(3, TODAY.replace(day=2))
