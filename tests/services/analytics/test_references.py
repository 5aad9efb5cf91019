"""An id a request body names must be the caller's record: another user's and a missing
one are answered alike, 422 naming the field."""

from __future__ import annotations

from typing import NoReturn

import pytest

from services.analytics.references import require_own
from services.runtime.errors import FailedPrecondition, NotFound, PermissionDenied, Unprocessable


def _raises(error: Exception) -> NoReturn:
    raise error


def test_the_caller_s_record_passes() -> None:
    looked_up: list[bool] = []
    require_own(lambda: looked_up.append(True), "category_id", "categories")
    assert looked_up == [True]


@pytest.mark.parametrize(
    "error", [NotFound("category not found"), PermissionDenied("access denied")]
)
def test_another_user_s_and_a_missing_record_are_the_same_422(error: Exception) -> None:
    with pytest.raises(Unprocessable) as caught:
        require_own(lambda: _raises(error), "transaction_id", "transactions")
    assert [(v.field, v.description) for v in caught.value.violations] == [
        ("transaction_id", "is not one of your transactions")
    ]
    # Nothing of the lookup's own answer leaks into the 422.
    assert caught.value.__cause__ is None and caught.value.__suppress_context__


def test_other_errors_are_not_hidden() -> None:
    with pytest.raises(FailedPrecondition):
        require_own(lambda: _raises(FailedPrecondition("busy")), "category_id", "categories")
