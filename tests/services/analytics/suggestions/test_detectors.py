"""The finding rules on hand-made data: what each finds, to the cent, and what it must
leave alone."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import pytest

from services.analytics.rollups.domain import add_months
from services.analytics.suggestions import detectors
from services.analytics.suggestions.detectors import (
    ASSUMPTION,
    CategoryMonths,
    FeeCategories,
    Inputs,
    Spend,
    months_between,
)
from services.analytics.suggestions.domain import Finding
from tests.services.analytics.suggestions.support import (
    TODAY,
    APattern,
    charges,
    spend,
    spending_of,
)

SUBSCRIPTIONS = uuid.uuid4()
FEES, FINANCIAL, FITNESS = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
FEE_CATEGORIES = FeeCategories(FEES, frozenset({FEES}), frozenset({FEES, FINANCIAL}))


def _find(
    patterns: Sequence[APattern] = (),
    *,
    spending: Sequence[Spend] | None = None,
    fees: Sequence[Spend] = (),
    categories: Sequence[CategoryMonths] = (),
    data_months: frozenset[date] = frozenset(),
    today: date = TODAY,
) -> list[Finding]:
    return detectors.find_all(
        Inputs(
            today=today,
            patterns=patterns,
            merchant_spending=spending_of(*patterns) if spending is None else spending,
            fee_candidates=fees,
            fee_categories=FEE_CATEGORIES,
            subscription_categories=frozenset({SUBSCRIPTIONS}),
            categories=categories,
            data_months=data_months,
        )
    )


def _sub(merchant: str, amount: str, first: date, count: int, **fields: Any) -> APattern:
    """A subscription charging `amount` monthly from `first`, `count` times."""
    return APattern(merchant, Decimal(amount), charges(merchant, amount, first, count), **fields)


def _of(kind: str, found: Sequence[Finding]) -> list[Finding]:
    return [f for f in found if f.suggestion_type == kind]


# -- unused subscriptions ----------------------------------------------------------------

GYM_CHARGES = charges("Gym", "-29.90", date(2025, 11, 3), 12)  # to 3 October 2026


def _visits(last: date, count: int = 4) -> list[Spend]:
    """Irregular drinks at the gym, the last on `last`."""
    return [
        spend(last - timedelta(days=17 * n + n * n), f"-{4 + n}.50", merchant="Gym")
        for n in range(count)
    ]


def test_an_unused_subscription_saves_its_yearly_cost() -> None:
    gym = APattern("Gym", Decimal("-29.90"), GYM_CHARGES, category_id=FITNESS)
    visits = _visits(date(2026, 5, 10))
    found = _of("unused_subscription", _find([gym], spending=spending_of(gym, extra=visits)))
    assert len(found) == 1
    unused = found[0]
    assert unused.potential_saving == Decimal("358.80")  # 29.90 * 12
    assert (unused.merchant_name, unused.category_id, unused.currency) == ("Gym", FITNESS, "EUR")
    assert unused.evidence == {
        "lastUsage": "2026-05-10",
        "monthsSinceUsage": "5",
        "usageCount": "4",
        "chargesSinceUsage": "5",
        "typicalAmount": "29.90",
        "cadence": "monthly",
    }
    # The charges since the last visit, newest first, then the last visit.
    since = [c for c in reversed(GYM_CHARGES) if c.booked_on > date(2026, 5, 10)]
    assert unused.transaction_ids == (*(str(c.id) for c in since), str(visits[0].id))
    # 175 idle days of the 180 that make it certain.
    assert unused.confidence == round(0.95 * 175 / 180, 4)
    assert unused.fingerprint == "unused_subscription:gym:EUR"


@pytest.mark.parametrize(
    ("cadence", "amount", "saving"),
    [("quarterly", "-90.00", "360.00"), ("yearly", "-300.00", "300.00")],
)
def test_quarterly_and_yearly_subscriptions_count_their_periods(
    cadence: str, amount: str, saving: str
) -> None:
    billed = [spend(date(2025, 1, 5), amount, merchant="Club"),
              spend(date(2026, 1, 5), amount, merchant="Club"),
              spend(date(2026, 10, 5), amount, merchant="Club")]  # fmt: skip
    club = APattern("Club", Decimal(amount), billed, cadence=cadence)
    visits = [spend(date(2025, 6, 1), "-12.00", merchant="Club"),
              spend(date(2026, 3, 1), "-15.00", merchant="Club")]  # fmt: skip
    found = _of("unused_subscription", _find([club], spending=spending_of(club, extra=visits)))
    assert [f.potential_saving for f in found] == [Decimal(saving)]


@pytest.mark.parametrize(
    ("visits", "why"),
    [
        (_visits(TODAY - timedelta(days=89)), "the last visit is less than 90 days old"),
        (_visits(date(2026, 5, 10), count=1), "one purchase is no habit"),
        (_visits(date(2025, 9, 1)), "the visits were all before the subscription"),
        ([spend(date(2026, 2, 3), "-41.00", merchant="Gym"),
          spend(date(2026, 3, 3), "-38.00", merchant="Gym")],
         "subscription-sized debits are unusual charges, not usage"),
        ([spend(date(2026, 2, 3), "-5.00", merchant="Gym", currency="USD"),
          spend(date(2026, 3, 3), "-6.00", merchant="Gym", currency="USD")],
         "purchases in another currency are another account"),
    ],
)  # fmt: skip
def test_no_unused_subscription_when(visits: list[Spend], why: str) -> None:
    gym = APattern("Gym", Decimal("-29.90"), GYM_CHARGES)
    found = _find([gym], spending=spending_of(gym, extra=visits))
    assert _of("unused_subscription", found) == [], why


def test_only_sure_running_debits_are_subscriptions() -> None:
    visits = _visits(date(2026, 5, 10))
    for gym in (
        APattern("Gym", Decimal("-29.90"), GYM_CHARGES, active=False),
        APattern("Gym", Decimal("-29.90"), GYM_CHARGES, confidence=0.79),
        APattern("Gym", Decimal("29.90"), GYM_CHARGES, direction="credit"),
        APattern("Gym", Decimal("-29.90"), GYM_CHARGES, cadence="weekly"),
    ):
        assert _of("unused_subscription", _find([gym], spending=[*gym.charges, *visits])) == []


def test_another_plan_s_charges_are_not_usage_but_a_weekly_habit_is() -> None:
    gym = APattern("Gym", Decimal("-29.90"), GYM_CHARGES)
    # A second plan at the gym, stopped in May: its charges are no visits.
    other_plan = _sub("Gym", "-9.00", date(2025, 12, 20), 6, active=False)
    found = _find([gym, other_plan], spending=spending_of(gym, other_plan))
    assert _of("unused_subscription", found) == []
    # A weekly class that stopped in May is a habit that stopped: the gym is unused.
    classes = APattern(
        "Gym",
        Decimal("-6.00"),
        [spend(date(2026, 5, 3) - timedelta(weeks=n), "-6.00", merchant="Gym") for n in range(8)],
        cadence="weekly",
        active=False,
    )
    found = _find([gym, classes], spending=spending_of(gym, classes))
    assert [f.evidence["lastUsage"] for f in _of("unused_subscription", found)] == ["2026-05-03"]


# -- duplicate subscriptions -------------------------------------------------------------


def test_two_plans_at_one_merchant_save_all_but_the_dearest() -> None:
    cheap = _sub("Spotify", "-10.99", date(2024, 1, 4), 34)
    dear = _sub("Spotify", "-17.99", date(2025, 3, 20), 19, confidence=0.9)
    found = _of("duplicate_subscription", _find([cheap, dear]))
    assert len(found) == 1
    duplicate = found[0]
    assert duplicate.potential_saving == Decimal("131.88")  # 10.99 * 12
    assert duplicate.confidence == 0.9
    assert duplicate.evidence == {
        "subscriptions": "2",
        "cadence": "monthly",
        "amounts": "17.99, 10.99",
        "yearlyCost": "347.76",
        "keptAmount": "17.99",
    }
    assert len(duplicate.transaction_ids) == 20
    newest = sorted((*cheap.charges, *dear.charges), key=lambda c: c.booked_on, reverse=True)
    assert duplicate.transaction_ids == tuple(str(c.id) for c in newest[:20])


def test_three_plans_save_the_two_cheaper() -> None:
    plans = [
        APattern("Cloud", Decimal(a), charges("Cloud", a, date(2025, 1, d), 20))
        for a, d in (("-2.99", 2), ("-9.99", 9), ("-0.99", 20))
    ]
    found = _of("duplicate_subscription", _find(plans))
    assert [f.potential_saving for f in found] == [Decimal("47.76")]  # (2.99 + 0.99) * 12


@pytest.mark.parametrize(
    "second",
    [
        _sub("Spotify", "-30.00", date(2025, 1, 9), 7, cadence="quarterly"),
        _sub("Deezer", "-10.99", date(2025, 1, 9), 20),
        _sub("Spotify", "-10.99", date(2024, 1, 9), 12, active=False),
        _sub("Spotify", "-10.99", date(2025, 1, 9), 20, currency="USD"),
    ],
)  # fmt: skip
def test_no_duplicate_across_cadences_merchants_stopped_series_or_currencies(
    second: APattern,
) -> None:
    first = _sub("Spotify", "-10.99", date(2025, 1, 4), 22)
    assert _of("duplicate_subscription", _find([first, second])) == []


# -- cheaper cadence ---------------------------------------------------------------------


def test_a_stable_monthly_subscription_could_be_paid_yearly() -> None:
    netflix = _sub("Netflix", "-11.99", date(2025, 11, 8), 12)
    found = _of("cheaper_cadence", _find([netflix]))
    assert len(found) == 1
    cheaper = found[0]
    assert cheaper.potential_saving == Decimal("23.98")  # 2 * 11.99
    assert cheaper.evidence == {
        "monthlyAmount": "11.99",
        "occurrences": "12",
        "yearlyAtMonthlyPrice": "143.88",
        "estimatedYearlyPrice": "119.90",
        "assumption": ASSUMPTION,
    }
    assert cheaper.confidence == round(0.6 * 0.95, 4)
    assert cheaper.transaction_ids[0] == str(netflix.charges[-1].id)


def test_the_amount_since_a_price_change_is_the_one_that_counts() -> None:
    old = charges("Netflix", "-9.99", date(2025, 1, 8), 10)
    new = charges("Netflix", "-11.99", date(2025, 11, 8), 12)
    netflix = APattern(
        "Netflix", Decimal("-11.99"), [*old, *new], price_changed_on=date(2025, 11, 8)
    )
    assert [f.potential_saving for f in _of("cheaper_cadence", _find([netflix]))] == [
        Decimal("23.98")
    ]


def test_a_subscription_category_makes_any_merchant_a_candidate() -> None:
    box = _sub("Snack Box", "-15.00", date(2026, 1, 2), 9, category_id=SUBSCRIPTIONS)
    assert [f.merchant_name for f in _of("cheaper_cadence", _find([box]))] == ["Snack Box"]


@pytest.mark.parametrize(
    ("pattern", "why"),
    [
        (_sub("Netflix", "-11.99", date(2026, 5, 8), 5),
         "fewer than 6 charges"),
        (APattern("Netflix", Decimal("-12.00"),
                  [*charges("Netflix", "-11.00", date(2026, 1, 8), 4),
                   *charges("Netflix", "-13.00", date(2026, 5, 8), 5)]),
         "the amount is not stable"),
        (_sub("Rent Co", "-900.00", date(2025, 1, 1), 22),
         "not a subscription"),
        (_sub("Netflix", "-35.97", date(2024, 1, 8), 11, cadence="quarterly"),
         "not monthly"),
    ],
)  # fmt: skip
def test_no_cheaper_cadence_when(pattern: APattern, why: str) -> None:
    assert _of("cheaper_cadence", _find([pattern])) == [], why


def test_an_unused_or_duplicate_subscription_is_not_also_a_cadence_suggestion() -> None:
    cheap = _sub("Spotify", "-10.99", date(2024, 1, 4), 34)
    dear = _sub("Spotify", "-17.99", date(2025, 3, 20), 19)
    kinds = {f.suggestion_type for f in _find([cheap, dear])}
    assert kinds == {"duplicate_subscription"}


# -- fees and interest -------------------------------------------------------------------


def test_fees_and_interest_of_the_last_year_add_up() -> None:
    fees = [
        spend(date(2026, 10, 30), "-4.95", "ACCOUNT MAINTENANCE FEE", category=FEES),
        spend(date(2026, 9, 30), "-7.50", "DEBIT INTEREST OVERDRAFT"),
        spend(date(2026, 8, 14), "-2.50", "ATM FEE NON-NETWORK WITHDRAWAL"),
        spend(date(2026, 7, 2), "-3.10", "Foreign transaction fee USD 42.00"),
        spend(date(2026, 6, 2), "-25.00", "LATE PAYMENT CHARGE CARD 1234"),
        spend(date(2026, 5, 2), "-12.00", "INTEREST CHARGE ON PURCHASES"),
        spend(date(2026, 4, 2), "-1.00", "PAYPAL FEE"),  # uncategorized: the bare word counts
        spend(date(2025, 11, 2), "-0.35", "FX CHARGE", category=FINANCIAL),
    ]
    others = [
        spend(date(2026, 10, 12), "-3.00", "COFFEE COMPANY"),
        spend(date(2026, 10, 13), "-50.00", "ATM GELDAUTOMAAT AMSTERDAM"),
        spend(date(2026, 10, 14), "-35.00", "GYM MEMBERSHIP FEE", category=FITNESS),
        spend(date(2026, 10, 15), "-20.00", "FEEDBACK CAFE"),
        spend(date(2026, 10, 16), "4.95", "ACCOUNT FEE REFUND", category=FEES),  # a credit
        spend(date(2025, 11, 1), "-4.95", "ACCOUNT FEE", category=FEES),  # 365 days ago
        spend(date(2026, 10, 31), "-6.00", "CARD FEE", currency="USD"),
    ]
    found = _of("fees_and_interest", _find(fees=[*fees, *others]))
    assert [f.currency for f in found] == ["EUR", "USD"]
    eur = found[0]
    assert eur.potential_saving == Decimal("56.40")
    assert eur.evidence == {
        "count": "8",
        "total": "56.40",
        "largest": "25.00",
        "since": "2025-11-02",
    }
    assert eur.transaction_ids == tuple(str(f.id) for f in fees)  # newest first
    assert (eur.category_id, eur.merchant_name) == (FEES, None)
    assert eur.confidence == round((0.95 * 4.95 + 0.8 * 51.45) / 56.40, 4)
    assert found[1].potential_saving == Decimal("6.00")
    assert found[1].fingerprint == "fees_and_interest:USD"


@pytest.mark.parametrize(
    "text",
    ["OVERDRAFT FEE", "Overdrawn account charge", "NSF RETURNED ITEM", "insufficient funds",
     "MONTHLY SERVICE FEE", "ANNUAL FEE CREDIT CARD", "WIRE FEE", "BANK CHARGES Q3",
     "CURRENCY CONVERSION FEE", "LATE FEE", "ATM SURCHARGE"],
)  # fmt: skip
def test_the_fee_vocabulary_counts_whatever_the_category(text: str) -> None:
    assert detectors.is_fee(spend(TODAY, "-1.00", text, category=FITNESS), FEE_CATEGORIES)
    assert any(word in text.upper() for word in detectors.FEE_ANCHORS)


@pytest.mark.parametrize(
    "text", ["COFFEE", "TOFFEE SHOP", "ATM WITHDRAWAL", "INTEREST", "FEEDBACK", "CHARGEPOINT"]
)
def test_words_that_only_look_like_fees(text: str) -> None:
    assert not detectors.is_fee(spend(TODAY, "-1.00", text), FEE_CATEGORIES)


# -- category overspend ------------------------------------------------------------------

LAST = date(2026, 10, 1)  # the last complete month before TODAY
HISTORY = [add_months(LAST, -k) for k in range(12, 0, -1)]
ALL_MONTHS = frozenset([*HISTORY, LAST])
USUAL = ["300", "310", "290", "305", "295", "300", "315", "285", "300", "310", "290", "300"]


def _months(values: Sequence[str], last: str, name: str = "Food") -> CategoryMonths:
    spent = {m: Decimal(v) for m, v in zip(HISTORY, values, strict=True)}
    spent[LAST] = Decimal(last)
    return CategoryMonths(uuid.uuid4(), name, "EUR", spent)


def test_a_month_far_above_the_category_s_history_is_an_overspend() -> None:
    food, transport = _months(USUAL, "600"), _months(["100"] * 12, "100", "Transport")
    found = _of("category_overspend", _find(categories=[food, transport], data_months=ALL_MONTHS))
    assert [f.category_id for f in found] == [food.category_id]
    over = found[0]
    # Once: the single month's excess over the median, not annualised.
    assert over.potential_saving == Decimal("300.00")
    assert over.evidence == {
        "month": "2026-10",
        "monthSpending": "600.00",
        "typicalMonth": "300.00",
        # MAD 7.5: 300 + 3 * 1.4826 * 7.5 = 333.3585
        "threshold": "333.36",
        "excess": "300.00",
        "historyMonths": "12",
        "monthsOver": "1",
        "annualised": "false",
    }
    assert over.confidence == 0.6
    assert over.fingerprint == f"category_overspend:{food.category_id}:2026-10:EUR"


def test_an_overspend_that_recurs_is_annualised() -> None:
    # Over in June, August and October (the last 6 months: May to October).
    values = [*USUAL[:8], "420", "310", "450", "300"]  # June = 420, August = 450
    food = _months(values, "480")
    found = _of("category_overspend", _find(categories=[food], data_months=ALL_MONTHS))
    assert len(found) == 1
    assert found[0].evidence["monthsOver"] == "3"
    assert found[0].evidence["annualised"] == "true"
    # Median of the history 302.50; mean excess (117.50 + 147.50 + 177.50) / 3 = 147.50.
    assert found[0].potential_saving == Decimal("1770.00")
    assert found[0].confidence == 0.8


def test_the_same_month_a_year_ago_explains_a_seasonal_peak() -> None:
    december = [add_months(date(2026, 1, 1), -k) for k in range(12, -1, -1)]
    spent = {m: Decimal(300) for m in december}
    spent[december[0]] = spent[december[-1]] = Decimal(900)  # both Decembers
    shopping = CategoryMonths(uuid.uuid4(), "Shopping", "EUR", spent)
    found = _find(categories=[shopping], data_months=frozenset(december), today=date(2026, 1, 5))
    assert _of("category_overspend", found) == []


@pytest.mark.parametrize(
    ("data_months", "values", "why"),
    [
        (frozenset([*HISTORY[-5:], LAST]), USUAL, "5 months of history are too few"),
        (frozenset(HISTORY), USUAL, "no data in the last month"),
        (ALL_MONTHS, ["0"] * 12, "a category usually at nothing has no usual level"),
        (ALL_MONTHS, ["300"] * 12, "above the median by less than 10 %"),
    ],
)
def test_no_overspend_when(data_months: frozenset[date], values: list[str], why: str) -> None:
    last = "320" if values == ["300"] * 12 else "600"
    found = _find(categories=[_months(values, last)], data_months=data_months)
    assert _of("category_overspend", found) == [], why


def test_months_without_spending_in_the_category_count_as_nothing() -> None:
    # Spending in 4 of the 12 months: the median is 0 and nothing is "usual".
    spent = {m: Decimal(200) for m in HISTORY[::3]}
    spent[LAST] = Decimal(900)
    found = _find(
        categories=[CategoryMonths(uuid.uuid4(), "Travel", "EUR", spent)], data_months=ALL_MONTHS
    )
    assert _of("category_overspend", found) == []


# -- calendar ----------------------------------------------------------------------------


def test_months_between_counts_whole_months() -> None:
    assert months_between(date(2026, 5, 10), date(2026, 11, 1)) == 5
    assert months_between(date(2026, 5, 10), date(2026, 11, 10)) == 6
    assert months_between(date(2026, 10, 31), date(2026, 11, 1)) == 0
    assert add_months(date(2026, 1, 31), -1) == date(2025, 12, 1)
