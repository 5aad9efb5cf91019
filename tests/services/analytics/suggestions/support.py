"""What the suggestions' tests share: a fixed day, transactions written as writers write
them (with the roll-ups' invalidation), a small hand-made year of one user's life whose
savings are known to the cent, and patterns and spending for the pure rules."""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal

from services.analytics.rollups.domain import add_months
from services.analytics.suggestions.detectors import Spend
from services.analytics.transactions.domain import Transaction
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.recurring.support import default_categories

TODAY = date(2026, 11, 1)
NOW = datetime(2026, 11, 1, 9, 30, tzinfo=UTC)


def clock() -> datetime:
    return NOW


# -- transactions in the database --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Row:
    """A transaction to store: `category` is a default category key."""

    day: date
    amount: str
    description: str
    merchant: str | None = None
    category: str | None = None
    currency: str = "EUR"


def store(uow: UowFactory, user: uuid.UUID, rows: Sequence[Row]) -> list[uuid.UUID]:
    """Store `rows` in one unit of work, marking their days stale as writers do."""
    keys = default_categories(uow, user)
    ids = []
    with uow() as unit:
        for row in rows:
            transaction = Transaction(
                id=uuid.uuid4(),
                user_id=user,
                document_id=None,
                row_number=0,
                booked_at=datetime.combine(row.day, time(12), UTC),
                amount=Decimal(row.amount),
                currency=row.currency,
                description=row.description,
                merchant_name=row.merchant,
                category_id=None if row.category is None else keys[row.category],
                categorization_method="manual" if row.category else "none",
                categorization_confidence=1.0 if row.category else 0.0,
                bank_reference=None,
                created_at=NOW,
            )
            unit.repos.transactions.add(transaction, f"test:{transaction.id}")
            ids.append(transaction.id)
        days = [r.day for r in rows]
        unit.repos.rollups.invalidate(user, min(days), max(days))
    return ids


def monthly(first: date, count: int, row: Row) -> list[Row]:
    """`row` on `first`'s day of the month, `count` months from `first`."""
    return [
        Row(
            add_months(first, n) + timedelta(days=first.day - 1),
            row.amount,
            row.description,
            row.merchant,
            row.category,
        )
        for n in range(count)
    ]


# The gym's membership, charged on the 3rd from November 2025 to October 2026.
GYM = "PowerGym"
GYM_FEE = Decimal("29.90")
# Drinks at the gym's bar, irregular, the last on 10 May 2026.
GYM_LAST_VISIT = date(2026, 5, 10)
_VISITS = ((2025, 11, 10, "4.50"), (2025, 11, 21, "7.20"), (2025, 12, 2, "3.80"),
           (2026, 1, 14, "9.10"), (2026, 1, 19, "4.50"), (2026, 2, 27, "6.00"),
           (2026, 3, 8, "5.40"), (2026, 4, 16, "8.30"), (2026, 5, 10, "4.50"))  # fmt: skip
SPOTIFY_FEE = Decimal("10.99")
# Groceries: one shop a month; October 2026 is twice the usual 300.00.
_GROCERIES = ("300.00", "310.00", "290.00", "305.00", "295.00", "300.00",
              "315.00", "285.00", "300.00", "310.00", "290.00", "300.00", "600.00")  # fmt: skip
FUEL = "100.00"
OVERDRAFT = Decimal("7.50")
ACCOUNT_FEE = Decimal("4.95")


def a_year(today: date = TODAY) -> list[Row]:
    """A year of one user's life up to the last complete month before `today` (the
    default 1 November 2026): what each rule must and must not find, to the cent.

    - unused: PowerGym charges 29.90 monthly, drinks at its bar stopped on 10 May
      → 29.90 * 12 = 358.80 a year;
    - fees: an overdraft interest charge (uncategorized) and the account fee (Fees)
      → 7.50 + 4.95 = 12.45; a coffee and a cash withdrawal are no fees;
    - overspend: groceries (Food) at 600.00 in October against a typical 300.00, once
      → 300.00; fuel (Transport) at its usual 100.00 every month is not over;
    - cheaper cadence: Spotify, 10.99 a month for a year → 2 * 10.99 = 21.98.
    """
    rows = [
        *monthly(date(2025, 11, 3), 12, Row(
            date.min, f"-{GYM_FEE}", "SEPA DIRECT DEBIT POWERGYM", GYM, "fitness")),
        *(Row(date(y, m, d), f"-{a}", "CARD POWERGYM BAR", GYM, "fitness")
          for y, m, d, a in _VISITS),
        *monthly(date(2025, 11, 7), 12, Row(
            date.min, f"-{SPOTIFY_FEE}", "SPOTIFY AB", "Spotify", "subscriptions")),
        *(Row(add_months(date(2025, 10, 15), n) + timedelta(days=14), f"-{a}",
              "ALBERT HEIJN", "Albert Heijn", "groceries")
          for n, a in enumerate(_GROCERIES)),
        *monthly(date(2025, 10, 20), 13, Row(date.min, f"-{FUEL}", "SHELL", "Shell", "fuel")),
        Row(date(2026, 9, 30), f"-{OVERDRAFT}", "OVERDRAFT INTEREST CHARGE"),
        Row(date(2026, 10, 30), f"-{ACCOUNT_FEE}", "ACCOUNT FEE OCT", "Bank", "fees"),
        # Uncategorized, so that the bare-word rule would see it: COFFEE holds no FEE.
        Row(date(2026, 10, 12), "-3.00", "COFFEE COMPANY", "Coffee Company"),
        Row(date(2026, 10, 13), "-50.00", "ATM WITHDRAWAL AMSTERDAM"),
    ]  # fmt: skip
    assert max(r.day for r in rows) < today
    return rows


# -- plain data for the pure rules -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class APattern:
    """A recurring pattern as the rules read one (recurring.domain.StoredPattern's
    fields the Pattern protocol names)."""

    merchant_name: str
    typical_amount: Decimal
    charges: Sequence[Spend]
    cadence: str = "monthly"
    direction: str = "debit"
    category_id: uuid.UUID | None = None
    currency: str = "EUR"
    confidence: float = 0.95
    active: bool = True
    price_changed_on: date | None = None
    merchant_key: str = ""
    extra_ids: tuple[uuid.UUID, ...] = field(default=())

    def __post_init__(self) -> None:
        if not self.merchant_key:
            object.__setattr__(self, "merchant_key", self.merchant_name.lower())

    @property
    def min_amount(self) -> Decimal:
        return min((c.amount for c in self.charges), default=self.typical_amount)

    @property
    def max_amount(self) -> Decimal:
        return max((c.amount for c in self.charges), default=self.typical_amount)

    @property
    def occurrences(self) -> int:
        return len(self.charges)

    @property
    def first_seen(self) -> date:
        return min(c.booked_on for c in self.charges)

    @property
    def last_seen(self) -> date:
        return max(c.booked_on for c in self.charges)

    @property
    def transaction_ids(self) -> tuple[uuid.UUID, ...]:
        return (*(c.id for c in self.charges), *self.extra_ids)

    def is_active(self, today: date) -> bool:
        return self.active


def spend(
    day: date,
    amount: str,
    description: str = "",
    merchant: str | None = None,
    category: uuid.UUID | None = None,
    currency: str = "EUR",
) -> Spend:
    return Spend(
        id=uuid.uuid4(),
        booked_on=day,
        amount=Decimal(amount),
        currency=currency,
        description=description or (merchant or "payment").upper(),
        merchant_name=merchant,
        category_id=category,
    )


def charges(merchant: str, amount: str, first: date, count: int) -> list[Spend]:
    """A monthly charge on `first`'s day of the month, `count` times."""
    return [
        spend(add_months(first, n) + timedelta(days=first.day - 1), amount, merchant=merchant)
        for n in range(count)
    ]


def spending_of(*patterns: APattern, extra: Iterable[Spend] = ()) -> list[Spend]:
    return [*(c for p in patterns for c in p.charges), *extra]
