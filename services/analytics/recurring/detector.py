"""Recurring transactions: which of a user's transactions repeat on a schedule, what the
schedule is, when the next one is due, and how sure we are. Pure and fast: no I/O, the
caller passes the occurrences and `today`.

Method
1. Groups. Occurrences are grouped by the caller's key (a merchant name, else the
   normalized description) and by direction (money out, money in): a refund never
   joins the subscription it refunds.
2. Amount levels. A key can hold more than one series (two plans of one service, a
   membership among the purchases at the same gym). A price — an amount repeated to
   the cent by at least min_occurrences occurrences, with the amounts within PRICE_BAND
   of it — is a level of its own when the key's other amounts are more than SPLIT_RATIO
   away from it; everything else is one more level ("the rest"), and a key without such
   a price is one level. Two prices whose dates do not overlap are one level again: one
   ended where the other began, a price change rather than two series. Random amounts
   hardly ever repeat to the cent apart from the others, so noise is not carved into
   bands of look-alike amounts (which would look stable).
3. Cadence. The median gap between a level's dates, snapped to 7, 14, 30.44, 91.31 or
   365.25 days when within SNAP_DAYS of one; a level with no such gap is not recurring.
4. Schedule. Weekly and biweekly levels are fitted a phase (the weekday, and the week
   for biweekly), calendar cadences an anchor (the day of the month — counted from the
   month's end past the 28th — and the month for quarterly and yearly ones): the
   position in the period most dates fall near, refined by the median offset of those
   near it. Every date then has a slot (which scheduled occurrence it is) and a residual
   (days early or late). The RRULE says the same (BYDAY; BYMONTHDAY capped at 28, or
   -1/-2 from the month's end; BYMONTH; DTSTART is first_seen). next_expected is the
   scheduled date of the slot after last_seen's (calendar-aware: the anchor day of the
   month, or of the month three or twelve later), window_days the largest residual of
   an on-time occurrence, at least MIN_WINDOW, at most TOLERANCE.
   An occurrence of the rest that lands on an empty slot of a price's schedule, within
   tolerance and within a factor of two of its amount, joins it (when they are at most
   MAX_ABSORBED of the price's): the month a phone bill was higher is still that month's
   bill.
5. Price changes. The amounts, in date order, are cut into runs of one price (equal to
   the cent). When runs of two or more cover PRICE_COVERAGE of the occurrences (fixed
   prices, not amounts that vary), the start of the last such run whose price differs
   from the one before is
   `price_changed_on`; the typical (median) amount, its variation and its stability are
   measured from there on; min and max over all occurrences.
6. The four components, each in [0, 1]:
   - gap_regularity: the share of gaps after which the occurrence landed within
     TOLERANCE of its scheduled date, over the gaps plus the scheduled occurrences that
     never came (a two-month gap in a monthly series misses one);
   - amount_stability: exp(-(cv / STABILITY_CV) ** 2) of the robust coefficient of
     variation cv = 1.4826 * MAD / |median| since the last price change
     (amount_variation; the range over |median| below SMALL_SAMPLE amounts, whose MAD
     says nothing: a few amounts count as stable only when nearly equal);
   - count_score: 1 - exp(-ln 20 * (n - 1) / (FULL_COUNT - 1)), 0.95 at the cadence's
     FULL_COUNT: three yearly occurrences weigh like five quarterly, six monthly or
     eight weekly ones;
   - recency: 1 until next_expected + window_days, then exp(-days overdue / period).
7. Confidence: the weighted geometric mean of gap_regularity, amount_stability,
   count_score and (1 + recency) / 2, with WEIGHTS. Geometric, so one bad component
   pulls it down: many occurrences cannot make up for random gaps or random amounts
   (groceries at a supermarket stay far below 0.8). Recency enters halved and with the
   smallest weight: a series that stopped a year ago is still a well-established
   pattern (at most 0.5 ** 0.15 ~ 0.90) reported with active False, not a weak one.

Limits: two series of one key with the same price (two identical plans) look like one
at twice the frequency; two series of one key whose amounts vary and overlap are one
level.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_EVEN, Decimal
from itertools import pairwise
from operator import itemgetter
from typing import Literal

Cadence = Literal["weekly", "biweekly", "monthly", "quarterly", "yearly"]

PERIOD_DAYS: dict[Cadence, float] = {
    "weekly": 7.0,
    "biweekly": 14.0,
    "monthly": 30.44,
    "quarterly": 91.31,
    "yearly": 365.25,
}
# A median gap within this many days of a period is that cadence.
SNAP_DAYS: dict[Cadence, float] = {
    "weekly": 2.0,
    "biweekly": 3.0,
    "monthly": 5.5,
    "quarterly": 15.0,
    "yearly": 30.0,
}
# An occurrence this many days from its scheduled date is on time.
TOLERANCE: dict[Cadence, int] = {
    "weekly": 1,
    "biweekly": 2,
    "monthly": 4,
    "quarterly": 7,
    "yearly": 10,
}
# The least window: a weekend moves a debit by up to two days, plus a day of jitter.
MIN_WINDOW: dict[Cadence, int] = {
    "weekly": 1,
    "biweekly": 2,
    "monthly": 3,
    "quarterly": 3,
    "yearly": 5,
}
# Occurrences at which the count no longer holds the confidence back (count_score 0.95).
FULL_COUNT: dict[Cadence, int] = {
    "weekly": 8,
    "biweekly": 6,
    "monthly": 6,
    "quarterly": 5,
    "yearly": 3,
}
# gap_regularity, amount_stability, count_score, (1 + recency) / 2.
WEIGHTS = (0.45, 0.20, 0.20, 0.15)
# One price: amounts within 2 % (and a cent) of an amount repeated to the cent.
PRICE_BAND = 0.02
# A price is a level of its own when the key's other amounts are more than 15 % away.
SPLIT_RATIO = 1.15
# Runs of one price, two or more long, must cover this share for a price change.
PRICE_COVERAGE = 0.8
# The robust CV at which amount_stability is 1/e: bills varying ±15 % score ~0.75.
STABILITY_CV = 0.3
# Fewer amounts than this have their variation measured by the range, not the MAD.
SMALL_SAMPLE = 5
# At most this share of a price's occurrences can join it from the rest.
MAX_ABSORBED = 0.25

_CENT = Decimal("0.01")
_MONTHS: dict[Cadence, int] = {"monthly": 1, "quarterly": 3, "yearly": 12}
_WEEKDAYS = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
# Calendar positions count 31 slots a month: days 1-28 at 0-27, later days back from the
# month's end (the last day at 30), so "the 30th" and "the last day" keep their place
# in every month.
_MONTH_SLOTS = 31
_LN20 = math.log(20)


@dataclass(frozen=True, slots=True)
class Occurrence:
    booked_on: date
    amount: Decimal  # signed
    key: str  # grouping key chosen by the caller (merchant name, else normalized text)
    transaction_id: object | None = None  # opaque (a UUID in the backend)


@dataclass(frozen=True, slots=True)
class Pattern:
    key: str
    cadence: Cadence
    rrule: str  # RFC 5545 RRULE, DTSTART first_seen
    occurrences: int
    first_seen: date
    last_seen: date
    next_expected: date
    window_days: int  # tolerance ± around next_expected
    median_amount: Decimal  # signed, since the last price change
    min_amount: Decimal  # signed, over all occurrences
    max_amount: Decimal
    amount_variation: float  # robust CV since the last price change, >= 0
    price_changed_on: date | None
    gap_regularity: float
    amount_stability: float
    count_score: float
    recency: float
    confidence: float  # weighted geometric mean of the four (module docstring)
    active: bool  # next_expected + window_days >= today
    transaction_ids: tuple[object, ...]


# An occurrence inside the detector: ordinal day, amount as a float (for statistics),
# its absolute value, the exact amount, the caller's id.
_Point = tuple[int, float, float, Decimal, object]
_ordinal = itemgetter(0)
_size = itemgetter(2)


def detect(
    occurrences: Iterable[Occurrence], *, today: date, min_occurrences: int = 3
) -> list[Pattern]:
    """Every recurring pattern found, sorted by confidence desc then key.

    A pattern needs `min_occurrences` occurrences (at least 2: one gap); amounts that are
    not finite are ignored, and a zero amount counts as money in."""
    groups: dict[tuple[str, bool], list[_Point]] = {}
    for occurrence in occurrences:
        amount = occurrence.amount
        if not amount.is_finite():
            continue
        group_key = (occurrence.key, amount < 0)
        value = float(amount)
        point = (
            occurrence.booked_on.toordinal(),
            value,
            abs(value),
            amount,
            occurrence.transaction_id,
        )
        group = groups.get(group_key)
        if group is None:
            groups[group_key] = [point]
        else:
            group.append(point)
    minimum = max(2, min_occurrences)
    patterns: list[Pattern] = []
    for (key, _), points in groups.items():
        if len(points) >= minimum:
            patterns.extend(_group_patterns(key, points, minimum, today))
    patterns.sort(key=lambda p: (-p.confidence, p.key, p.first_seen, p.median_amount))
    return patterns


def _group_patterns(key: str, points: list[_Point], minimum: int, today: date) -> list[Pattern]:
    prices, rest = _amount_levels(points, minimum)
    found: list[Pattern] = []
    for level in [*prices, rest]:
        if len(level) < minimum:
            continue
        level.sort(key=_ordinal)
        ordinals = [p[0] for p in level]
        cadence = _cadence(ordinals)
        if cadence is None:
            continue
        schedule = _fit(ordinals, cadence)
        if level is not rest and rest:
            level = _absorb(level, rest, schedule)
        found.append(_pattern(key, level, schedule, today))
    return found


# -- 2. amount levels ----------------------------------------------------------------------


def _amount_levels(points: list[_Point], minimum: int) -> tuple[list[list[_Point]], list[_Point]]:
    """The prices that stand apart (joined across price changes), and the rest."""
    by_size = sorted(points, key=_size)
    sizes = [p[2] for p in by_size]
    repeats: dict[float, int] = {}
    for size in sizes:
        repeats[size] = repeats.get(size, 0) + 1
    bands: list[tuple[int, int]] = []  # [start, end) in by_size
    for price in sorted(size for size, count in repeats.items() if count >= minimum):
        start = bisect_left(sizes, price - _band(price))
        end = bisect_right(sizes, price + _band(price))
        if bands and start < bands[-1][1]:  # two prices within a band of each other
            bands[-1] = (bands[-1][0], max(end, bands[-1][1]))
        else:
            bands.append((start, end))
    bands = [(start, end) for start, end in bands if _apart(sizes, start, end)]
    if not bands:
        return [], points
    prices: list[list[_Point]] = []
    spans: list[tuple[int, int]] = []
    for start, end in bands:
        price_points = by_size[start:end]
        begins, ends = min(map(_ordinal, price_points)), max(map(_ordinal, price_points))
        if prices and (ends < spans[-1][0] or begins > spans[-1][1]):
            prices[-1] = prices[-1] + price_points
            spans[-1] = (min(begins, spans[-1][0]), max(ends, spans[-1][1]))
        else:
            prices.append(price_points)
            spans.append((begins, ends))
    inside = {index for start, end in bands for index in range(start, end)}
    return prices, [point for index, point in enumerate(by_size) if index not in inside]


def _band(size: float) -> float:
    """How far an amount can be from a price and still be that price."""
    return max(0.01, PRICE_BAND * size)


def _apart(sizes: Sequence[float], start: int, end: int) -> bool:
    """Whether sizes[start:end] stand more than SPLIT_RATIO from the amounts beside them."""
    below = start == 0 or sizes[start - 1] * SPLIT_RATIO < sizes[start]
    above = end == len(sizes) or sizes[end - 1] * SPLIT_RATIO < sizes[end]
    return below and above


def _absorb(level: list[_Point], rest: list[_Point], schedule: _Schedule) -> list[_Point]:
    """`level` with the rest's occurrences that fill its empty slots (removed from rest)."""
    tolerance = TOLERANCE[schedule.cadence]
    taken = {schedule.locate(p[0])[0] for p in level}
    typical = _median([p[2] for p in level])
    joined: list[_Point] = []
    kept: list[_Point] = []
    for point in sorted(rest, key=_ordinal):
        slot, residual = schedule.locate(point[0])
        fits = typical / 2 <= point[2] <= typical * 2
        if fits and abs(residual) <= tolerance and slot not in taken:
            taken.add(slot)
            joined.append(point)
        else:
            kept.append(point)
    if not joined or len(joined) > len(level) * MAX_ABSORBED:
        return level  # not the odd month of a series: a series of its own, or noise
    rest[:] = kept
    return sorted(level + joined, key=_ordinal)


# -- 3. cadence ----------------------------------------------------------------------------


def _cadence(ordinals: Sequence[int]) -> Cadence | None:
    median = _median([b - a for a, b in pairwise(ordinals)])
    for cadence, period in PERIOD_DAYS.items():
        if abs(median - period) <= SNAP_DAYS[cadence]:
            return cadence
    return None


# -- 4. schedule ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Schedule:
    """Scheduled dates, numbered by slot. Weekly and biweekly: every `period` days from
    ordinal `phase`. Calendar cadences: `month_day` (negative: from the end) of the months
    whose index (year * 12 + month - 1) is `phase` modulo `months`."""

    cadence: Cadence
    phase: int
    period: int = 0  # days, weekly and biweekly
    months: int = 0  # months, calendar cadences
    month_day: int = 0
    _dates: dict[int, int] = field(default_factory=dict, compare=False)  # month -> ordinal

    def locate(self, ordinal: int) -> tuple[int, int]:
        """(slot, residual): the nearest scheduled date's slot and the days after it."""
        if self.period:
            residual = round(_circular(ordinal - self.phase, self.period))
            return (ordinal - residual - self.phase) // self.period, residual
        day = date.fromordinal(ordinal)
        index = day.year * 12 + day.month - 1
        best = index - (index - self.phase) % self.months  # the scheduled month at or before
        best_residual = ordinal - self._month_date(best)
        for candidate in (best - self.months, best + self.months):
            residual = ordinal - self._month_date(candidate)
            if abs(residual) < abs(best_residual):
                best, best_residual = candidate, residual
        return best // self.months, best_residual

    def on(self, slot: int) -> date:
        if self.period:
            return date.fromordinal(slot * self.period + self.phase)
        return date.fromordinal(self._month_date(slot * self.months + self.phase))

    def _month_date(self, index: int) -> int:
        ordinal = self._dates.get(index)
        if ordinal is None:
            day = (
                self.month_day if self.month_day > 0 else _month_length(index) + 1 + self.month_day
            )
            ordinal = date(index // 12, index % 12 + 1, day).toordinal()
            self._dates[index] = ordinal
        return ordinal

    def rrule(self) -> str:
        if self.period:
            weekday = _WEEKDAYS[date.fromordinal(self.phase + self.period).weekday()]
            return f"FREQ=WEEKLY;INTERVAL={self.period // 7};BYDAY={weekday}"
        if self.months == 12:
            return f"FREQ=YEARLY;BYMONTH={self.phase + 1};BYMONTHDAY={self.month_day}"
        return f"FREQ=MONTHLY;INTERVAL={self.months};BYMONTHDAY={self.month_day}"


def _fit(ordinals: Sequence[int], cadence: Cadence) -> _Schedule:
    tolerance = TOLERANCE[cadence]
    if cadence not in _MONTHS:
        period = 7 if cadence == "weekly" else 14
        phase = round(_best_position(ordinals, period, tolerance)) % period
        return _Schedule(cadence, phase, period=period)
    months = _MONTHS[cadence]
    positions = []
    for ordinal in ordinals:
        day = date.fromordinal(ordinal)
        index = day.year * 12 + day.month - 1
        slot = day.day - 1 if day.day <= 28 else 30 - (_month_length(index) - day.day)
        positions.append((index % months) * _MONTH_SLOTS + slot)
    period = months * _MONTH_SLOTS
    phase, within = divmod(round(_best_position(positions, period, tolerance)) % period, 31)
    # Slots 0-27 are days 1-28; 28 is capped at the 28th; 29 and 30 count from the end.
    month_day = within + 1 if within <= 27 else (28 if within == 28 else within - _MONTH_SLOTS)
    return _Schedule(cadence, phase, months=months, month_day=month_day)


def _circular(offset: float, period: float) -> float:
    """`offset` folded into [-period/2, period/2)."""
    return (offset + period / 2) % period - period / 2


def _best_position(positions: Sequence[float], period: int, tolerance: int) -> float:
    """The position (mod period) most positions fall within `tolerance` of, the nearer the
    better; then moved by the median offset of those within tolerance."""
    counts: dict[int, int] = {}
    for position in positions:
        bucket = round(position) % period
        counts[bucket] = counts.get(bucket, 0) + 1

    def score(candidate: int) -> tuple[float, int]:
        total = 0.0
        for bucket, count in counts.items():
            distance = abs(_circular(bucket - candidate, period))
            if distance <= tolerance:
                total += count * (tolerance + 1 - distance)
        return total, -candidate

    best = max(counts, key=score)
    offsets = [
        offset
        for offset in (_circular(p - best, period) for p in positions)
        if abs(offset) <= tolerance
    ]
    return (best + _median(offsets)) % period


def _month_length(index: int) -> int:
    year, month = divmod(index, 12)
    if month == 1:
        return 29 if year % 4 == 0 and (year % 100 != 0 or year % 400 == 0) else 28
    return 30 if month in (3, 5, 8, 10) else 31


# -- 5. amounts ----------------------------------------------------------------------------


def _price_change(values: Sequence[float]) -> int | None:
    """Where the last lasting price change starts, if the amounts are fixed prices."""
    runs: list[tuple[int, int]] = []  # start, length: equal amounts, to the cent
    for index, value in enumerate(values):
        if runs and value == values[runs[-1][0]]:
            runs[-1] = (runs[-1][0], runs[-1][1] + 1)
        else:
            runs.append((index, 1))
    lasting = [run for run in runs if run[1] >= 2]
    if len(lasting) < 2 or sum(length for _, length in lasting) < PRICE_COVERAGE * len(values):
        return None
    for (earlier, _), (later, _) in reversed(list(pairwise(lasting))):
        if values[later] != values[earlier]:
            return later
    return None


def _median(values: Sequence[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def _robust_cv(values: Sequence[float]) -> float:
    """1.4826 * MAD / |median|; below SMALL_SAMPLE values the whole range instead: the
    MAD of three amounts is 0 as soon as two are close, and the range (about twice the
    standard deviation of 3-4 amounts) errs on the side of caution with so few."""
    center = _median(values)
    if len(values) < SMALL_SAMPLE:
        spread = max(values) - min(values)
    else:
        spread = 1.4826 * _median([abs(v - center) for v in values])
    if spread == 0:
        return 0.0
    return spread / (abs(center) or sum(abs(v) for v in values) / len(values))


def _decimal_median(amounts: Sequence[Decimal]) -> Decimal:
    ordered = sorted(amounts)
    middle = len(ordered) // 2
    value = ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2
    return value.quantize(_CENT, ROUND_HALF_EVEN)


# -- 6, 7. components and confidence -------------------------------------------------------


def _gap_regularity(located: Sequence[tuple[int, int]], tolerance: int) -> float:
    on_time = missed = 0
    for (before, _), (after, residual) in pairwise(located):
        step = after - before
        if step >= 1 and abs(residual) <= tolerance:
            on_time += 1
        if step > 1:
            missed += step - 1
    return on_time / (len(located) - 1 + missed)


def _confidence(gaps: float, amounts: float, count: float, recency: float) -> float:
    parts = (gaps, amounts, count, (1 + recency) / 2)
    if min(parts) <= 0:
        return 0.0
    return math.exp(sum(w * math.log(p) for w, p in zip(WEIGHTS, parts, strict=True)))


def _pattern(key: str, points: list[_Point], schedule: _Schedule, today: date) -> Pattern:
    cadence = schedule.cadence
    tolerance = TOLERANCE[cadence]
    located = [schedule.locate(p[0]) for p in points]
    on_time = [abs(r) for _, r in located if abs(r) <= tolerance]
    window = max(MIN_WINDOW[cadence], *on_time) if on_time else MIN_WINDOW[cadence]
    next_expected = schedule.on(located[-1][0] + 1)

    values = [p[1] for p in points]
    change = _price_change(values)
    since = change or 0
    variation = _robust_cv(values[since:])
    gaps = _gap_regularity(located, tolerance)
    stability = math.exp(-((variation / STABILITY_CV) ** 2))
    count = 1 - math.exp(-_LN20 * (len(points) - 1) / (FULL_COUNT[cadence] - 1))
    overdue = today.toordinal() - (next_expected.toordinal() + window)
    recency = 1.0 if overdue <= 0 else math.exp(-overdue / PERIOD_DAYS[cadence])
    amounts = [p[3] for p in points]
    return Pattern(
        key=key,
        cadence=cadence,
        rrule=schedule.rrule(),
        occurrences=len(points),
        first_seen=date.fromordinal(points[0][0]),
        last_seen=date.fromordinal(points[-1][0]),
        next_expected=next_expected,
        window_days=window,
        median_amount=_decimal_median(amounts[since:]),
        min_amount=min(amounts).quantize(_CENT, ROUND_HALF_EVEN),
        max_amount=max(amounts).quantize(_CENT, ROUND_HALF_EVEN),
        amount_variation=round(variation, 6),
        price_changed_on=date.fromordinal(points[change][0]) if change is not None else None,
        gap_regularity=round(gaps, 6),
        amount_stability=round(stability, 6),
        count_score=round(count, 6),
        recency=round(recency, 6),
        confidence=round(_confidence(gaps, stability, count, recency), 6),
        active=overdue <= 0,
        transaction_ids=tuple(p[4] for p in points if p[4] is not None),
    )
