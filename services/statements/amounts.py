"""Money amounts as banks write them in text formats (CSV, QIF).

Accepted: `-1234.56`, `1,234.56`, `1.234,56`, `1 234,56`, `1'234.56`, `(12.34)`
(negative), `12.34-` (trailing minus), `+12.34`, currency symbols or ISO codes before
or after the number (`€12.34`, `-$5.00`, `12,34 EUR`), and a `CR`/`DR` suffix (DR is
negative). Whether `,` or `.` is the decimal separator is decided once per file
(`AmountEvidence`); a value that contains both settles it by itself (the last one is
the decimal separator), as does a separator followed by other than three digits.

`amount_parser` returns the per-column function the hot CSV loop calls: the common
shapes go straight to `Decimal`, everything else through the general path.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable
from decimal import Decimal, InvalidOperation

_NUMBER = re.compile(r"\d[\d.,]*|[.,]\d+")
_MARKS = re.compile(r"^(?:[A-Z]{3}|[^\w\s.,()+\-]{1,3})$")  # an ISO code or currency symbol
# An amount of 10**15 or more is no bank transaction but a misread column.
_MAX_ADJUSTED = 15
_LIMIT = Decimal(10) ** _MAX_ADJUSTED


class AmountStyle(enum.Enum):
    DECIMAL_POINT = "."
    DECIMAL_COMMA = ","


def _style_of(number: str) -> AmountStyle | None:
    """The decimal separator `number` proves, if it proves one."""
    last_dot, last_comma = number.rfind("."), number.rfind(",")
    if last_dot >= 0 and last_comma >= 0:
        return AmountStyle.DECIMAL_POINT if last_dot > last_comma else AmountStyle.DECIMAL_COMMA
    separator = "." if last_dot >= 0 else "," if last_comma >= 0 else None
    if separator is None:
        return None
    if number.count(separator) > 1:  # 1.234.567: a thousands separator
        return AmountStyle.DECIMAL_COMMA if separator == "." else AmountStyle.DECIMAL_POINT
    if len(number) - number.rfind(separator) - 1 != 3:  # 12.34, 12,5: a decimal separator
        return AmountStyle.DECIMAL_POINT if separator == "." else AmountStyle.DECIMAL_COMMA
    return None  # 1,234 or 1.234: either


class AmountEvidence:
    """Collects which decimal separator a file's amounts use."""

    def __init__(self) -> None:
        self.style: AmountStyle | None = None
        self.dollars = False

    @property
    def settled(self) -> bool:
        return self.style is not None

    def add(self, value: str) -> None:
        if "$" in value:
            self.dollars = True
        if self.style is None:
            for number in _NUMBER.findall(value):
                self.style = _style_of(number)


def _plain(number: str, style: AmountStyle) -> str | None:
    """`number` with grouping removed and `.` as the decimal point; None when its
    separators make no sense (`1,23,4`)."""
    proven = _style_of(number) or style
    decimal, grouping = (".", ",") if proven is AmountStyle.DECIMAL_POINT else (",", ".")
    whole, _, fraction = number.rpartition(decimal) if decimal in number else (number, "", "")
    if decimal in whole:
        return None
    groups = whole.split(grouping)
    if len(groups) > 1 and (
        not groups[0] or len(groups[0]) > 3 or any(len(g) != 3 for g in groups[1:])
    ):
        return None
    return "".join(groups) + ("." + fraction if fraction else "") if whole or fraction else None


def parse_amount(value: str, style: AmountStyle) -> Decimal | None:
    """The signed amount `value` denotes, or None when it is not an amount."""
    text = "".join(value.split()).replace("'", "").replace("\u2019", "").replace("\u2212", "-")
    negative = False
    if text.startswith("(") and text.endswith(")"):
        negative, text = True, text[1:-1]
    upper = text.upper()
    if upper.endswith(("CR", "DR")) and len(text) > 2 and not text[-3].isalpha():
        negative ^= upper.endswith("DR")
        text = text[:-2]
    numbers = list(_NUMBER.finditer(text))
    if len(numbers) != 1:
        return None
    match = numbers[0]
    before, after = text[: match.start()], text[match.end() :]
    signs = 0
    for part in (before, after):
        if part.startswith(("-", "+")):
            signs += 1
            negative ^= part[0] == "-"
            part = part[1:]
        if part.endswith(("-", "+")):
            signs += 1
            negative ^= part[-1] == "-"
            part = part[:-1]
        if part and not _MARKS.match(part.upper()):
            return None
    if signs > 1:
        return None
    plain = _plain(match.group(), style)
    if plain is None:
        return None
    amount = Decimal(plain)
    if amount.adjusted() >= _MAX_ADJUSTED:
        return None
    return -amount if negative else amount


def amount_parser(style: AmountStyle) -> Callable[[str], Decimal | None]:
    """A fast parser for one column: `-12.34` (or `-12,34`) goes straight to Decimal."""
    if style is AmountStyle.DECIMAL_POINT:

        def parse(value: str) -> Decimal | None:
            try:
                amount = Decimal(value)
                # Also false for infinities; NaN raises InvalidOperation when compared.
                if -_LIMIT < amount < _LIMIT:
                    return amount
            except InvalidOperation:
                pass
            return parse_amount(value, style)

    else:

        def parse(value: str) -> Decimal | None:
            if "." in value:
                return parse_amount(value, style)
            try:
                amount = Decimal(value.replace(",", "."))
                if -_LIMIT < amount < _LIMIT:
                    return amount
            except InvalidOperation:
                pass
            return parse_amount(value, style)

    return parse
