"""The GL detail's filters, parsed once for both the JSON report and the CSV export
(spec 3 v0.9.0: one GL-detail parser shared by the report and the export)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Final

from services.main.kernel.money import BAD_CURRENCY, CURRENCY
from services.runtime.calendar_dates import DateParts, checked_date
from services.runtime.errors import FieldViolation, Unprocessable, raise_if_any

MAX_ACCOUNT_CODES: Final = 100
MAX_CODE_LENGTH: Final = 20
MAX_MODULE_LENGTH: Final = 50
SOURCE_MODULE: Final = re.compile(r"[a-z0-9_-]+\Z")


@dataclass(frozen=True)
class GlFilters:
    """Which posted lines the GL detail selects: entries dated in [from_date, to_date]
    (either end open when None), on these account codes (any when empty), in this line
    currency and from this source module (any when None)."""

    from_date: date | None = None
    to_date: date | None = None
    account_codes: tuple[str, ...] = ()
    currency: str | None = None
    source_module: str | None = None


@dataclass(frozen=True)
class GlQuery:
    """The GL detail filters as a request sends them ("" and None: not sent)."""

    from_date: DateParts | None = None
    to_date: DateParts | None = None
    account_codes: Sequence[str] = ()
    currency: str = ""
    source_module: str = ""

    def sent(self) -> list[str]:
        """The names of the filters sent."""
        return [name for name, value in vars(self).items() if value]


def gl_filters(query: GlQuery) -> GlFilters:
    """The filters of a GL detail request. Malformed fields are refused together (400
    naming each); an end before the start is 422."""
    from_date, to_date = query.from_date, query.to_date
    account_codes, currency, source_module = (
        query.account_codes,
        query.currency,
        query.source_module,
    )
    problems: list[FieldViolation] = []
    first = checked_date(from_date, "from_date", problems)
    last = checked_date(to_date, "to_date", problems)
    if len(account_codes) > MAX_ACCOUNT_CODES:
        problems.append(FieldViolation("account_codes", f"at most {MAX_ACCOUNT_CODES} codes"))
    for index, code in enumerate(account_codes):
        if not code or len(code) > MAX_CODE_LENGTH:
            problems.append(
                FieldViolation(f"account_codes[{index}]", f"must be 1-{MAX_CODE_LENGTH} characters")
            )
    if currency and not CURRENCY.match(currency):
        problems.append(FieldViolation("currency", BAD_CURRENCY))
    if source_module and not (
        len(source_module) <= MAX_MODULE_LENGTH and SOURCE_MODULE.match(source_module)
    ):
        problems.append(
            FieldViolation(
                "source_module",
                f"must be at most {MAX_MODULE_LENGTH} lowercase letters, digits, '_' and '-'",
            )
        )
    raise_if_any(problems)
    if first is not None and last is not None and last < first:
        raise Unprocessable.for_field("to_date", "must not be before from_date")
    return GlFilters(
        first,
        last,
        tuple(dict.fromkeys(account_codes)),
        currency or None,
        source_module or None,
    )
