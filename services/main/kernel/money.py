"""Amounts, exchange rates and base amounts: Decimal end to end, never float.

A line's amount has at most 4 places (three-decimal currencies included), its rate at
most 8; the base amount is amount * rate rounded half-even (banker's rounding, so
rounding errors do not drift one way over many lines) to the cent.
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_EVEN, Decimal, InvalidOperation
from typing import Final

from services.runtime.decimal_text import DECIMAL_TEXT
from services.runtime.errors import FieldViolation

CENT: Final = Decimal("0.01")
AMOUNT_PLACES: Final = 4
MAX_AMOUNT: Final = Decimal("99999999999.9999")
RATE_PLACES: Final = 8
MAX_RATE: Final = Decimal("999999")
ZERO: Final = Decimal(0)
ONE: Final = Decimal(1)
CURRENCY: Final = re.compile(r"[A-Z]{3}\Z")
BAD_CURRENCY: Final = "must be an ISO 4217 code (three capital letters)"


def _decimal(text: str, field: str, problems: list[FieldViolation]) -> Decimal | None:
    if not DECIMAL_TEXT.match(text):
        problems.append(FieldViolation(field, "must be a decimal number"))
        return None
    try:
        value = Decimal(text)
    except InvalidOperation:  # pragma: no cover - DECIMAL_TEXT admits only valid text
        problems.append(FieldViolation(field, "must be a decimal number"))
        return None
    if not value.is_finite():  # pragma: no cover - as above
        problems.append(FieldViolation(field, "must be a decimal number"))
        return None
    return value


def _places(value: Decimal) -> int:
    exponent = value.normalize().as_tuple().exponent
    return max(0, -int(exponent))


def parse_amount(text: str, field: str, problems: list[FieldViolation]) -> Decimal | None:
    """A debit or credit: "" is 0; otherwise 0 ≤ amount ≤ MAX_AMOUNT, ≤ 4 places."""
    if text == "":
        return ZERO
    value = _decimal(text, field, problems)
    if value is None:
        return None
    if value < 0:
        problems.append(FieldViolation(field, "must be 0 or more"))
    elif value > MAX_AMOUNT:
        problems.append(FieldViolation(field, f"must be at most {MAX_AMOUNT}"))
    elif _places(value) > AMOUNT_PLACES:
        problems.append(FieldViolation(field, f"must have at most {AMOUNT_PLACES} decimal places"))
    else:
        return value
    return None


def parse_rate(text: str, field: str, problems: list[FieldViolation]) -> Decimal | None:
    """An exchange rate: "" is 1; otherwise 0 < rate ≤ MAX_RATE, ≤ 8 places."""
    if text == "":
        return ONE
    value = _decimal(text, field, problems)
    if value is None:
        return None
    if value <= 0:
        problems.append(FieldViolation(field, "must be greater than 0"))
    elif value > MAX_RATE:
        problems.append(FieldViolation(field, f"must be at most {MAX_RATE}"))
    elif _places(value) > RATE_PLACES:
        problems.append(FieldViolation(field, f"must have at most {RATE_PLACES} decimal places"))
    else:
        return value
    return None


def check_currency(text: str, field: str, problems: list[FieldViolation]) -> str | None:
    if not text:
        problems.append(FieldViolation(field, "is required"))
        return None
    if not CURRENCY.match(text):
        problems.append(FieldViolation(field, BAD_CURRENCY))
        return None
    return text


def base_amount(amount: Decimal, rate: Decimal) -> Decimal:
    return (amount * rate).quantize(CENT, rounding=ROUND_HALF_EVEN)


def money_text(value: Decimal) -> str:
    """A decimal as the API writes it: plain notation, never an exponent."""
    return format(value, "f")


def cents(value: Decimal) -> str:
    """A base-currency sum with exactly two places ("100.00")."""
    return money_text(value.quantize(CENT, rounding=ROUND_HALF_EVEN))


def amount_text(value: Decimal) -> str:
    """A line amount as the API writes it: two places at least ("100.00"), more only
    when the amount has them ("0.125"), whatever the column's scale."""
    if _places(value) <= 2:
        return cents(value)
    return money_text(value.normalize())


def rate_text(value: Decimal) -> str:
    """A rate without the column's trailing zeros ("1", "0.8523")."""
    return money_text(value.normalize())
