"""Calendar dates as banks write them in text formats (CSV, QIF).

Year-first dates (`2026-01-02`, `2026/01/02`, `20260102`, with or without a time after
them) and dates with a month name (`02 Jan 2026`, `Jan 2, 2026`, `2. Januar 2026`)
read the same everywhere. Numeric dates with the year last (`02/01/2026`, `2.1.26`)
are ambiguous: `DateEvidence` collects, over the whole file, which order they can be
in (a first number above 12 proves day-first, a second one above 12 proves
month-first) and the caller decides once for the whole file.

Two-digit years follow the POSIX `%y` rule: 00-68 are 2000-2068, 69-99 are 1969-1999.
"""

from __future__ import annotations

import datetime
import enum
import re
import unicodedata

from services.statements.model import StatementError

_NUMBERS = re.compile(r"\d+")
_TOKENS = re.compile(r"\d+|[^\W\d_]+")
_TIME = re.compile(r"[ T]+\d{1,2}:\d\d.*$")


class DateOrder(enum.Enum):
    DAY_FIRST = "day-first"
    MONTH_FIRST = "month-first"


_MONTH_NAMES = {
    1: "jan january januar janner jän jänner janv janvier januari ene enero",
    2: "feb february februar fev fevr fevrier februari febrero",
    3: "mar march marz mrz mars maart mrt marzo",
    4: "apr april avr avril abr abril",
    5: "may mai mei mayo",
    6: "jun june juni juin junio",
    7: "jul july juli juil juillet julio",
    8: "aug august aout augustus ago agosto",
    9: "sep sept september septembre septiembre setiembre",
    10: "oct october okt oktober octobre octubre",
    11: "nov november novembre noviembre",
    12: "dec december dez dezember decembre dic diciembre",
}
_MONTHS = {name: number for number, names in _MONTH_NAMES.items() for name in names.split()}


def _month(token: str) -> int | None:
    plain = unicodedata.normalize("NFKD", token.lower())
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return _MONTHS.get(plain) or _MONTHS.get(plain[:4]) or _MONTHS.get(plain[:3])


def _year(token: str) -> int:
    year = int(token)
    if len(token) <= 2:
        return year + (2000 if year < 69 else 1900)
    return year


def _without_time(value: str) -> str:
    """`02/01/2026 10:11:12` -> `02/01/2026`."""
    return _TIME.sub("", value) if ":" in value else value


def _is_year_first(value: str) -> bool:
    return len(value) >= 8 and value[:4].isdigit() and (value[4] in "-/." or value[4:8].isdigit())


def parse_date(value: str, order: DateOrder) -> datetime.date | None:
    """The date `value` denotes, reading ambiguous numeric dates in `order`.

    None when it is no date (a bad day, month or shape)."""
    value = value.strip()
    try:
        if _is_year_first(value):
            if value[4].isdigit():
                return datetime.date(int(value[:4]), int(value[4:6]), int(value[6:8]))
            parts = _NUMBERS.findall(value[:10])
            if len(parts) != 3:
                return None
            return datetime.date(int(parts[0]), int(parts[1]), int(parts[2]))
        tokens = _TOKENS.findall(_without_time(value))
        if not all(t.isdigit() for t in tokens):
            return _named(tokens)
        if len(tokens) != 3 or len(tokens[0]) > 2 or len(tokens[1]) > 2:
            return None
        first, second = int(tokens[0]), int(tokens[1])
        day, month = (first, second) if order is DateOrder.DAY_FIRST else (second, first)
        return datetime.date(_year(tokens[2]), month, day)
    except ValueError:
        return None


def _named(tokens: list[str]) -> datetime.date | None:
    """`02 Jan 2026`, `2-Jan-26`, `Jan 2, 2026`, `2. Januar 2026` (a time may follow)."""
    month_at = next((i for i, t in enumerate(tokens) if not t.isdigit()), None)
    if month_at is None or month_at > 1 or len(tokens) < 3:
        return None
    month = _month(tokens[month_at])
    numbers = [t for t in tokens[: month_at + 3] if t.isdigit()]
    if month is None or len(numbers) != 2:
        return None
    if len(numbers[0]) == 4:  # 2026 Jan 02
        year, day = numbers
    else:
        day, year = numbers
    return datetime.date(_year(year), month, int(day))


class DateEvidence:
    """Collects, value by value, which order a file's numeric dates can be in."""

    def __init__(self) -> None:
        self.day_first_row: int | None = None
        self.month_first_row: int | None = None
        self.seen = False
        self.ambiguous_seen = False

    @property
    def decided(self) -> bool:
        return self.day_first_row is not None or self.month_first_row is not None

    @property
    def settled(self) -> bool:
        """Nothing more to learn: the order is proven, or the file's dates (judged by
        the first one seen) are not in an ambiguous shape at all."""
        return self.decided or (self.seen and not self.ambiguous_seen)

    def add(self, value: str, row: int) -> None:
        value = value.strip()
        self.seen = True
        if _is_year_first(value):
            return
        tokens = _TOKENS.findall(_without_time(value))
        if len(tokens) != 3 or not all(t.isdigit() for t in tokens):
            return
        self.ambiguous_seen = True
        first, second = int(tokens[0]), int(tokens[1])
        if first > 12 and second <= 12 and self.day_first_row is None:
            self.day_first_row = row
        elif second > 12 and first <= 12 and self.month_first_row is None:
            self.month_first_row = row
        if self.day_first_row is not None and self.month_first_row is not None:
            late = max(self.day_first_row, self.month_first_row)
            raise StatementError(
                f"dates mix day-first and month-first order ('{value}'; see also row "
                f"{min(self.day_first_row, self.month_first_row)})",
                late,
            )

    def order(self, default: DateOrder) -> DateOrder:
        if self.day_first_row is not None:
            return DateOrder.DAY_FIRST
        if self.month_first_row is not None:
            return DateOrder.MONTH_FIRST
        return default
