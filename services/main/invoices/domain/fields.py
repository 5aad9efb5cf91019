"""An invoice's editable content (customer, currency, dates, memo, lines) and its
checks: every field problem at once (400 naming each), then the rules across fields
(422): a due date before the issue date, a rate in the base currency, a total too big.

Quantities, prices and tax rates have at most 4 places; amounts are in cents for every
currency (zero- and three-decimal currencies are not special-cased yet).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal
from typing import Final

from email_validator import EmailNotValidError, validate_email

from services.main.invoices.domain.totals import HUNDRED, Line, Totals, totals
from services.main.kernel.money import (
    MAX_AMOUNT,
    ZERO,
    cents,
    check_currency,
    parse_amount,
    parse_rate,
)
from services.runtime.calendar_dates import DateParts, checked_date
from services.runtime.errors import FieldViolation, Unprocessable, raise_if_any
from services.runtime.text_fields import checked_multiline, checked_text, too_long

MAX_LINES: Final = 100
MAX_NAME: Final = 200
MAX_EMAIL: Final = 254
MAX_ADDRESS: Final = 500
MAX_TAX_ID: Final = 50
MAX_DESCRIPTION: Final = 500
MAX_MEMO: Final = 1000
MAX_QUANTITY: Final = Decimal(1_000_000)
MAX_UNIT_PRICE: Final = Decimal(1_000_000_000)
# The ledger's bound on a line amount, in cents: an invoice's total must fit one line.
MAX_TOTAL: Final = MAX_AMOUNT.quantize(Decimal("0.01"), rounding="ROUND_DOWN")


@dataclass(frozen=True)
class CustomerInput:
    name: str = ""
    email: str = ""
    address: str = ""
    tax_id: str = ""


@dataclass(frozen=True)
class LineInput:
    """A line as sent: text, checked by `check_lines`."""

    description: str = ""
    quantity: str = ""
    unit_price: str = ""
    tax_rate: str = ""


@dataclass(frozen=True)
class InvoiceDraft:
    """A new invoice as sent."""

    customer: CustomerInput | None
    currency: str
    lines: Sequence[LineInput] = ()
    fx_rate: str = ""
    issue_date: DateParts | None = None
    due_date: DateParts | None = None
    memo: str = ""


@dataclass(frozen=True)
class InvoiceChanges:
    """What an update sends; None leaves a field as it is (empty lines too)."""

    customer: CustomerInput | None = None
    currency: str | None = None
    fx_rate: str | None = None
    issue_date: DateParts | None = None
    due_date: DateParts | None = None
    memo: str | None = None
    lines: Sequence[LineInput] = ()


@dataclass(frozen=True)
class Customer:
    name: str
    email: str
    address: str
    tax_id: str


@dataclass(frozen=True)
class Content:
    """What a draft says, checked: everything but its life (status, number, payments)."""

    customer: Customer
    currency: str
    fx_rate: Decimal | None
    issue_date: date | None
    due_date: date | None
    memo: str
    lines: tuple[Line, ...]

    @property
    def totals(self) -> Totals:
        return totals(self.lines)


# -- single fields -----------------------------------------------------------------------


def _email(value: str, problems: list[FieldViolation]) -> str:
    clean = value.strip()
    if not clean:
        return ""
    if len(clean) > MAX_EMAIL:
        problems.append(too_long("customer.email", MAX_EMAIL))
        return clean
    try:
        return validate_email(clean, check_deliverability=False).normalized
    except EmailNotValidError as error:
        problems.append(FieldViolation("customer.email", str(error)))
        return clean


def _customer(sent: CustomerInput | None, problems: list[FieldViolation]) -> Customer:
    if sent is None:
        problems.append(FieldViolation("customer", "is required"))
        sent = CustomerInput()
    return Customer(
        name=checked_text(sent.name, "customer.name", MAX_NAME, problems, required=True),
        email=_email(sent.email, problems),
        address=checked_multiline(sent.address, "customer.address", MAX_ADDRESS, problems),
        tax_id=checked_text(sent.tax_id, "customer.tax_id", MAX_TAX_ID, problems),
    )


def _rate(text: str, problems: list[FieldViolation]) -> Decimal | None:
    return None if text == "" else parse_rate(text, "fx_rate", problems)


def _line(index: int, sent: LineInput, problems: list[FieldViolation]) -> Line | None:
    path = f"lines[{index}]"
    before = len(problems)
    description = checked_text(
        sent.description, f"{path}.description", MAX_DESCRIPTION, problems, required=True
    )
    quantity = _required_amount(sent.quantity, f"{path}.quantity", problems)
    if quantity is not None and not ZERO < quantity <= MAX_QUANTITY:
        problems.append(
            FieldViolation(f"{path}.quantity", f"must be greater than 0 and at most {MAX_QUANTITY}")
        )
    unit_price = _required_amount(sent.unit_price, f"{path}.unit_price", problems)
    if unit_price is not None and unit_price > MAX_UNIT_PRICE:
        problems.append(FieldViolation(f"{path}.unit_price", f"must be at most {MAX_UNIT_PRICE}"))
    tax_rate = parse_amount(sent.tax_rate, f"{path}.tax_rate", problems)
    if tax_rate is not None and tax_rate > HUNDRED:
        problems.append(FieldViolation(f"{path}.tax_rate", "must be at most 100"))
    if len(problems) > before:
        return None
    assert quantity is not None and unit_price is not None and tax_rate is not None
    return Line(description, quantity, unit_price, tax_rate)


def _required_amount(text: str, field: str, problems: list[FieldViolation]) -> Decimal | None:
    if text == "":
        problems.append(FieldViolation(field, "is required"))
        return None
    return parse_amount(text, field, problems)


def _lines(sent: Sequence[LineInput], problems: list[FieldViolation]) -> tuple[Line, ...]:
    if len(sent) > MAX_LINES:
        problems.append(FieldViolation("lines", f"must have at most {MAX_LINES} lines"))
        return ()
    checked = [_line(i, line, problems) for i, line in enumerate(sent)]
    return tuple(line for line in checked if line is not None)


# -- whole content -----------------------------------------------------------------------


def check_rules(content: Content, base_currency: str) -> Content:
    """The rules across fields and against the tenant's books (422 naming the field)."""
    problems: list[FieldViolation] = []
    if content.currency == base_currency and content.fx_rate is not None:
        problems.append(
            FieldViolation("fx_rate", f"must not be sent for the base currency {base_currency}")
        )
    if (
        content.issue_date is not None
        and content.due_date is not None
        and content.due_date < content.issue_date
    ):
        problems.append(FieldViolation("due_date", "must not be before issue_date"))
    total = content.totals.total
    if total > MAX_TOTAL:
        problems.append(
            FieldViolation("lines", f"total {cents(total)} is more than {cents(MAX_TOTAL)}")
        )
    if problems:
        summary = "; ".join(f"{p.field}: {p.description}" for p in problems)
        raise Unprocessable(summary, violations=problems)
    return content


def new_content(draft: InvoiceDraft, base_currency: str) -> Content:
    problems: list[FieldViolation] = []
    customer = _customer(draft.customer, problems)
    currency = check_currency(draft.currency, "currency", problems)
    fx_rate = _rate(draft.fx_rate, problems)
    issue_date = checked_date(draft.issue_date, "issue_date", problems)
    due_date = checked_date(draft.due_date, "due_date", problems)
    memo = checked_multiline(draft.memo, "memo", MAX_MEMO, problems)
    lines = _lines(draft.lines, problems)
    raise_if_any(problems)
    assert currency is not None
    content = Content(customer, currency, fx_rate, issue_date, due_date, memo, lines)
    return check_rules(content, base_currency)


def changed_content(current: Content, changes: InvoiceChanges, base_currency: str) -> Content:
    """`current` with `changes` applied, checked as a whole. A new currency sent without
    a rate drops the stored rate (it was the old currency's)."""
    problems: list[FieldViolation] = []
    content = current
    if changes.customer is not None:
        content = replace(content, customer=_customer(changes.customer, problems))
    if changes.currency is not None:
        currency = check_currency(changes.currency, "currency", problems)
        if currency is not None and currency != current.currency:
            content = replace(content, currency=currency, fx_rate=None)
    if changes.fx_rate is not None:
        content = replace(content, fx_rate=_rate(changes.fx_rate, problems))
    if changes.issue_date is not None:
        content = replace(
            content, issue_date=checked_date(changes.issue_date, "issue_date", problems)
        )
    if changes.due_date is not None:
        content = replace(content, due_date=checked_date(changes.due_date, "due_date", problems))
    if changes.memo is not None:
        content = replace(content, memo=checked_multiline(changes.memo, "memo", MAX_MEMO, problems))
    if changes.lines:
        content = replace(content, lines=_lines(changes.lines, problems))
    raise_if_any(problems)
    return check_rules(content, base_currency)
