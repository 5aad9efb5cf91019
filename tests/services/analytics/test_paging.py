"""The checks every list's limit and offset share, and a page made of other items."""

from __future__ import annotations

import pytest

from services.runtime.errors import InvalidArgument
from services.runtime.paging import Page, checked_page


def test_a_limit_not_sent_is_the_list_s_default() -> None:
    assert checked_page(None, 0, 20) == (20, 0)
    assert checked_page(None, 7, 100) == (100, 7)
    assert checked_page(1, 0, 20) == (1, 0)
    assert checked_page(100, 40, 20) == (100, 40)


def test_a_bad_limit_and_offset_are_named_together() -> None:
    with pytest.raises(InvalidArgument) as caught:
        checked_page(0, -1, 20)
    assert {(v.field, v.description) for v in caught.value.violations} == {
        ("limit", "must be between 1 and 100"),
        ("offset", "must be 0 or more"),
    }
    with pytest.raises(InvalidArgument) as caught:
        checked_page(101, 0, 20)
    assert [v.field for v in caught.value.violations] == ["limit"]


def test_a_page_with_other_items_keeps_its_place() -> None:
    rows = Page([1, 2], total=5, limit=2, offset=2)
    shown = rows.with_items(["one", "two"])
    assert shown == Page(["one", "two"], 5, 2, 2)
    assert shown.has_more
