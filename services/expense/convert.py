"""Proto ⇄ domain conversions of the expense backend (the servicers' only logic)."""

from __future__ import annotations

import uuid
from datetime import date, datetime

from finplat.expense.v1 import expense_pb2
from google.protobuf import timestamp_pb2
from google.protobuf.message import Message
from google.type import date_pb2

from services.expense.apikeys import ApiKey
from services.expense.domain import Category, DateParts, Expense, ExpenseDraft, ListFilters
from services.runtime.errors import InvalidArgument


def parse_id(value: str, field: str = "id") -> uuid.UUID:
    """A UUID path/body id. The edge validates the format too; direct gRPC callers don't."""
    try:
        return uuid.UUID(value)
    except ValueError:
        raise InvalidArgument.for_field(field, "must be a UUID") from None


def date_parts(message: date_pb2.Date) -> DateParts | None:
    """(year, month, day), or None for an unset field; partial dates are left to fail
    calendar validation (a day of 0 is no calendar day)."""
    if message.year == message.month == message.day == 0:
        return None
    return (message.year, message.month, message.day)


def optional_date(parent: Message, field: str) -> DateParts | None:
    message: date_pb2.Date = getattr(parent, field)
    return date_parts(message) if parent.HasField(field) else None


def draft(message: expense_pb2.ExpenseInput) -> ExpenseDraft:
    return ExpenseDraft(
        amount=message.amount,
        description=message.description,
        category=message.category,
        date=optional_date(message, "date"),
    )


def list_filters(request: expense_pb2.ListExpensesRequest) -> ListFilters:
    return ListFilters(
        limit=request.limit if request.HasField("limit") else None,
        offset=request.offset if request.HasField("offset") else None,
        category=request.category,
        start_date=optional_date(request, "start_date"),
        end_date=optional_date(request, "end_date"),
    )


def to_date_pb(day: date) -> date_pb2.Date:
    return date_pb2.Date(year=day.year, month=day.month, day=day.day)


def to_timestamp(moment: datetime) -> timestamp_pb2.Timestamp:
    stamp = timestamp_pb2.Timestamp()
    stamp.FromDatetime(moment)  # aware datetimes are converted to UTC
    return stamp


def expense_pb(expense: Expense) -> expense_pb2.Expense:
    return expense_pb2.Expense(
        id=str(expense.id),
        # Decimal's own text ("12.50"), never via float.
        amount=str(expense.amount),
        description=expense.description,
        category=expense.category,
        date=to_date_pb(expense.date),
        created_at=to_timestamp(expense.created_at),
        updated_at=to_timestamp(expense.updated_at),
    )


def category_pb(category: Category) -> expense_pb2.Category:
    return expense_pb2.Category(
        slug=category.slug, name=category.name, description=category.description
    )


def api_key_pb(key: ApiKey) -> expense_pb2.ApiKey:
    message = expense_pb2.ApiKey(
        id=str(key.id),
        name=key.name,
        prefix=key.prefix,
        roles=list(key.roles),
        created_at=to_timestamp(key.created_at),
    )
    if key.revoked_at is not None:
        message.revoked_at.CopyFrom(to_timestamp(key.revoked_at))
    if key.last_used_at is not None:
        message.last_used_at.CopyFrom(to_timestamp(key.last_used_at))
    return message
