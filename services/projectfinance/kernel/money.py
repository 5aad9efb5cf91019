"""Project-finance money: Decimal end to end, never float.

Two shapes, as spec 3 has them. MoneyB `{amount, currency}` carries a decimal amount
(a JSON number, parsed without float rounding; NUMERIC in the database); MoneyA
`{AmountMinor, Currency}` an integer count of the currency's minor units. Both use the
ISO 4217 exponent of the currency (services.runtime.currencies): an amount with more
decimal places than its currency has (EUR 10.001, JPY 1.5) is refused, never rounded.
A record keeps one currency; every amount under it must be in that currency.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Final

from services.runtime.currencies import minor_units
from services.runtime.decimal_text import DECIMAL_TEXT
from services.runtime.errors import FieldViolation

# The NUMERIC(18, 4) columns hold 14 integer digits; the API stays well under them.
MAX_AMOUNT: Final = Decimal("99999999999.9999")
ZERO: Final = Decimal(0)


@dataclass(frozen=True)
class Money:
    amount: Decimal
    currency: str

    def __add__(self, other: Money) -> Money:
        if other.currency != self.currency:
            raise ValueError(f"cannot add {other.currency} to {self.currency}")
        return Money(self.amount + other.amount, self.currency)

    def __sub__(self, other: Money) -> Money:
        if other.currency != self.currency:
            raise ValueError(f"cannot subtract {other.currency} from {self.currency}")
        return Money(self.amount - other.amount, self.currency)


def zero(currency: str) -> Money:
    return Money(ZERO, currency)


def exponent(currency: str) -> int:
    """The currency's minor-unit digits; only called for currencies already checked."""
    digits = minor_units(currency)
    if digits is None:
        raise ValueError(f"{currency!r} is not an ISO 4217 currency with minor units")
    return digits


def stored_money(amount: Decimal, currency: str) -> Money:
    """An amount read back from NUMERIC(18, 4) at its currency's places again (EUR
    10000.0000 is 10000.00): exact, as no amount is stored with more places than its
    currency has, and what the audit log snapshots is what was typed in."""
    return Money(amount.quantize(Decimal(1).scaleb(-exponent(currency))), currency)


def check_currency(code: str, field: str, problems: list[FieldViolation]) -> str | None:
    if not code:
        problems.append(FieldViolation(field, "is required"))
        return None
    if minor_units(code) is None:
        problems.append(
            FieldViolation(field, f"{code!r} is not an ISO 4217 currency code (e.g. EUR, USD)")
        )
        return None
    return code


def _places(value: Decimal) -> int:
    return max(0, -int(value.normalize().as_tuple().exponent))


def parse_money(
    amount: str,
    currency: str,
    field: str,
    problems: list[FieldViolation],
    *,
    positive: bool = False,
) -> Money | None:
    """A MoneyB from its proto fields; problems name `field.amount` / `field.currency`.
    0 is allowed unless `positive`; negative amounts never are."""
    code = check_currency(currency, f"{field}.currency", problems)
    where = f"{field}.amount"
    if not amount:
        problems.append(FieldViolation(where, "is required"))
        return None
    if not DECIMAL_TEXT.match(amount):
        problems.append(FieldViolation(where, f"{amount!r} is not a decimal number"))
        return None
    try:
        value = Decimal(amount)
    except InvalidOperation:  # pragma: no cover - DECIMAL_TEXT admits only valid text
        problems.append(FieldViolation(where, f"{amount!r} is not a decimal number"))
        return None
    if value < 0 or (positive and value == 0):
        bound = "greater than 0" if positive else "0 or more"
        problems.append(FieldViolation(where, f"{amount} must be {bound}"))
        return None
    if value > MAX_AMOUNT:
        problems.append(FieldViolation(where, f"{amount} must be at most {MAX_AMOUNT}"))
        return None
    if code is None:
        return None
    digits = exponent(code)
    if _places(value) > digits:
        problems.append(
            FieldViolation(where, f"{amount} has more than {digits} decimal places for {code}")
        )
        return None
    return Money(value, code)


def check_same_currency(
    money: Money | None, currency: str, field: str, problems: list[FieldViolation]
) -> None:
    """One currency per record: `money` must be in the record's `currency`."""
    if money is not None and money.currency != currency:
        problems.append(
            FieldViolation(
                f"{field}.currency",
                f"{money.currency} differs from the record's currency {currency}: "
                "one currency per record",
            )
        )


def parse_record_money(
    amount: str,
    currency: str,
    field: str,
    record_currency: str,
    problems: list[FieldViolation],
    *,
    positive: bool = False,
) -> Money | None:
    """`parse_money` of an amount under a record: also in the record's currency."""
    money = parse_money(amount, currency, field, problems, positive=positive)
    check_same_currency(money, record_currency, field, problems)
    return money


def amount_text(money: Money) -> str:
    """The amount with exactly its currency's places ("1500.00", "300", "1.250")."""
    quantum = Decimal(1).scaleb(-exponent(money.currency))
    return format(money.amount.quantize(quantum), "f")


def to_minor(money: Money) -> int:
    """MoneyA's AmountMinor: the amount in minor units (exact: amounts never carry more
    places than their currency)."""
    return int(money.amount.scaleb(exponent(money.currency)).to_integral_value())


def from_minor(amount_minor: int, currency: str) -> Money:
    return Money(Decimal(amount_minor).scaleb(-exponent(currency)), currency)
