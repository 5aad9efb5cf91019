"""The auto-match's rules, pure: words and similarity, the score, candidates by amount
and window (signs included), one to one with the best pair first."""

from __future__ import annotations

import uuid
from datetime import date, timedelta
from decimal import Decimal

import pytest

from services.main.recon.domain.matching import (
    BankLine,
    BookLine,
    Settings,
    auto_match,
    score,
    settings,
    similarity,
    words,
)
from services.runtime.errors import InvalidArgument

DAY = date(2026, 3, 10)


def bank(amount: str, days: int = 0, text: str = "") -> BankLine:
    return BankLine(uuid.uuid4(), DAY + timedelta(days=days), Decimal(amount), text)


def book(amount: str, days: int = 0, text: str = "") -> BookLine:
    return BookLine(uuid.uuid4(), uuid.uuid4(), DAY + timedelta(days=days), Decimal(amount), text)


def test_words_fold_case_drop_single_letters_and_leading_zeros() -> None:
    assert words("Invoice INV-2026-000123 / a B") == {"invoice", "inv", "2026", "123"}
    assert words("REF 0000") == {"ref", "0"}


def test_similarity_is_the_share_of_the_smaller_texts_words() -> None:
    assert similarity(words("INITECH INV 3"), words("Invoice INV-2026-000003 Initech")) == 1.0
    assert similarity(words("a b"), words("anything")) == 0.0
    assert similarity(words("acme ltd"), words("globex ltd")) == 0.5


def test_score_weighs_date_closeness_and_text() -> None:
    assert score(0, 3, 1.0) == 1.0
    assert score(3, 3, 0.0) == 0.575
    assert score(0, 0, 0.0) == 0.8


def test_amount_must_be_equal_signs_included_and_dates_within_the_window() -> None:
    line = bank("-80.00", text="STAPLES")
    same = book("-80.0000", days=2)
    pairs = auto_match(
        [line], [book("80.00"), book("-80.00", days=4), same, book("-80.01")], Settings()
    )
    assert [(p.statement_line_id, p.ledger_line_id) for p in pairs] == [(line.id, same.id)]


def test_one_to_one_best_score_first() -> None:
    # Two bank lines of 250 and two postings of 250: each gets its closest posting,
    # even when the first bank line in file order would take the other's best.
    early, late = bank("250", 0, "ACME"), bank("250", 2, "INITECH")
    acme, initech = book("250", 1, "Invoice ACME"), book("250", 2, "Invoice Initech")
    pairs = auto_match([early, late], [initech, acme], Settings())
    assert {(p.statement_line_id, p.ledger_line_id) for p in pairs} == {
        (early.id, acme.id),
        (late.id, initech.id),
    }
    # One posting for two lines: the better pair wins, the other line stays unmatched.
    [only] = auto_match([early, late], [initech], Settings())
    assert only.statement_line_id == late.id


def test_lowest_score_filters_pairs() -> None:
    assert auto_match([bank("5", 3)], [book("5")], Settings(min_score=0.6)) == []


def test_settings_defaults_and_bounds() -> None:
    assert settings(None, None) == Settings(3, 0.5)
    for window, least in ((32, None), (-1, None), (None, -0.1), (None, float("nan"))):
        with pytest.raises(InvalidArgument):
            settings(window, least)
