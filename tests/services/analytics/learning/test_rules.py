from __future__ import annotations

import uuid

import pytest

from services.analytics.learning.rules import Rule, RuleBook, rule_pattern

GROCERIES = uuid.UUID(int=1)
EATING_OUT = uuid.UUID(int=2)
FUEL = uuid.UUID(int=3)


def category(book: RuleBook, description: str, merchant: str | None = None) -> uuid.UUID | None:
    rule = book.match(description, merchant)
    return rule.category_id if rule else None


def test_a_correction_teaches_the_merchant_key() -> None:
    assert rule_pattern("CARD PAYMENT TO TESCO STORE 998 ON 02 JAN", "Tesco Stores Ltd") == (
        "tesco stores"
    )


def test_without_a_merchant_the_description_key() -> None:
    assert rule_pattern("CARD PAYMENT TO TESCO STORES 3412 ON 02 JAN", None) == "tesco stores"
    # A merchant name that is only bank wording teaches nothing; the description does.
    assert rule_pattern("DD THAMES WATER", "Direct Debit") == "thames water"


def test_a_description_of_only_bank_wording_teaches_itself_folded() -> None:
    assert rule_pattern("CARD  PAYMENT 1234\tON 02 JAN", None) == "card payment 1234 on 02 jan"
    assert rule_pattern("9" * 300, None) == "9" * 200


def test_a_blank_description_teaches_nothing() -> None:
    with pytest.raises(ValueError):
        rule_pattern("  ", None)


def test_exact_patterns_match_by_merchant_or_description() -> None:
    book = RuleBook([Rule("tesco stores", GROCERIES), Rule("pret a manger", EATING_OUT)])
    assert category(book, "TESCO STORE 998", "Tesco Stores") == GROCERIES
    assert category(book, "CONTACTLESS PAYMENT PRET A MANGER 14/01") == EATING_OUT
    assert category(book, "NETFLIX.COM", "Netflix") is None


def test_a_pattern_learned_from_a_bare_description_matches_it_again() -> None:
    taught = rule_pattern("CARD PAYMENT 1234 ON 02 JAN", None)
    book = RuleBook([Rule(taught, GROCERIES)])
    assert book.match("card payment 1234  on 02 JAN", None) == Rule(taught, GROCERIES)


def test_a_pattern_contained_as_whole_words() -> None:
    book = RuleBook([Rule("shell", FUEL)])
    assert book.match("CHECKCARD 0102 SHELL OIL 57442651 HOUSTON TX", None) == Rule("shell", FUEL)
    assert book.match("Tankstelle", "Shell Deutschland") == Rule("shell", FUEL)
    # Whole words only: a pattern inside another word does not count.
    assert book.match("SHELLFISH SHACK", None) is None
    assert book.match("SEASHELL GIFTS", None) is None


def test_the_longest_contained_pattern_wins() -> None:
    book = RuleBook(
        [Rule("amazon", GROCERIES, hits=9), Rule("amazon prime video", EATING_OUT, hits=1)]
    )
    assert category(book, "AMAZON PRIME VIDEO UK*2K4LJ") == EATING_OUT
    assert category(book, "AMAZON MARKETPLACE") == GROCERIES


def test_equal_lengths_go_to_more_hits_then_to_a_fixed_order() -> None:
    more = RuleBook([Rule("costa", EATING_OUT, hits=2), Rule("tesco", GROCERIES, hits=5)])
    assert more.match("TESCO COSTA KIOSK", None) == Rule("tesco", GROCERIES, hits=5)
    rules = [Rule("costa", EATING_OUT, hits=3), Rule("tesco", GROCERIES, hits=3)]
    assert RuleBook(rules).match("TESCO COSTA KIOSK", None) == RuleBook(reversed(rules)).match(
        "TESCO COSTA KIOSK", None
    )


def test_exact_beats_contained_whatever_the_hits() -> None:
    book = RuleBook([Rule("tesco", GROCERIES, hits=100), Rule("tesco petrol", FUEL, hits=1)])
    assert book.match("TESCO PETROL 1234", None) == Rule("tesco petrol", FUEL, hits=1)


def test_a_repeated_pattern_keeps_the_rule_with_more_hits() -> None:
    book = RuleBook([Rule("tesco", GROCERIES, hits=1), Rule("tesco", FUEL, hits=4)])
    assert len(book) == 1
    assert book.match("TESCO 12", None) == Rule("tesco", FUEL, hits=4)


def test_no_rules_match_nothing() -> None:
    assert RuleBook([]).match("TESCO STORES 3412", "Tesco Stores") is None
