"""A deterministic history of one user's transactions with planted truths (issue 12).

    history = generate_history(seed=7)        # 2023-11-01 .. 2026-10-31, ~2,650 rows
    history.series                            # the recurring series the detector must find
    history.spike, history.trend              # what the trend analysis must find
    history.unused, history.duplicate         # what the saving suggestions must find
    write_csv(history, Path("history.csv"))  # a bank CSV the statement importer reads
    for txn in iter_scaled(seed=7, end=date(2026, 10, 31), years=3, transactions=1_000_000):
        ...                                   # the same user at benchmark scale, streamed

    python -m tools.bench.history_gen out.csv --seed 7 [--transactions 1000000]

One current account in euros, written as banks write it ("CARD 4821 NETFLIX.COM
AMSTERDAM 12/03", "SEPA DIRECT DEBIT VATTENFALL MREF+...", "STANDING ORDER VESTEDA
RENT"); `merchant` is the clean name and `category` a default category key
(services/analytics/categories/domain.py).

Planted, and declared on the History so tests can score the analytics against them:
- Recurring series (`series`): salary (monthly credit on the 25th, paid the Friday
  before a weekend, with one raise), rent (1st ± 2 days), electricity (monthly, ± 15 %
  and higher in winter), phone (the odd roaming month), Netflix (one price change),
  two Spotify plans (the duplicate: two amounts, both running), the gym membership (the
  unused subscription), a stopped Disney+ (ended a year before `end`), a weekly cleaner
  (same weekday ± 1 day, the odd holiday week), a biweekly vegetable box, quarterly
  water and home insurance, yearly domain renewal and car insurance (3 occurrences in 3
  years) and the monthly account fee. Direct debits move to the next business day.
- Fees (`fee_merchants`): the account fee, overdraft interest in some months, ATM fees.
- A spike (`spike`): one month of electronics several times its usual spending.
- A trend (`trend`): restaurant spending growing ~3 % a month over the last 18 months.
- The unused subscription (`unused`): the gym's companion purchases (drinks, snacks at
  the same merchant) stop ~8 months before `end`; the membership runs on.
- Seasonality: utilities peak in January, travel (flights, hotels, spending abroad) in
  summer, clothing, household and electronics in December — so the total spending of a
  month follows a yearly pattern besides the trend and the noise.

Noise: groceries 2-4 times a week at a few supermarkets, restaurants, coffee, fuel,
transport, shopping, pharmacy, events, money from friends, cash withdrawals and the odd
refund, each at a merchant drawn by Zipf's law, with random (log-uniform) amounts.

Determinism: everything comes from `seed` through private `random.Random` instances (the
plan of the planted truths from one, the noise from another), never the global one, so
a seed always gives the same history and `iter_scaled` the same planted series as
`generate_history` at any scale. Amounts are `Decimal` with two places.
"""

from __future__ import annotations

import argparse
import bisect
import calendar
import csv
import math
import random
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Literal

Cadence = Literal["weekly", "biweekly", "monthly", "quarterly", "yearly"]

CURRENCY = "EUR"
DEFAULT_END = date(2026, 10, 31)
_WEEKDAY_CODES = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
_MONTH_STEP: dict[Cadence, int] = {"monthly": 1, "quarterly": 3, "yearly": 12}
# The longest a cadence's gap can be: "active" means the last occurrence is at most this
# far before `end`.
_LONGEST_GAP: dict[Cadence, int] = {
    "weekly": 8,
    "biweekly": 16,
    "monthly": 35,
    "quarterly": 97,
    "yearly": 375,
}
# Occurrences are generated this far past `end`, to know each running series' next date.
_LOOKAHEAD = timedelta(days=400)
_FLAT = (1.0,) * 12


# -- what is generated ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GeneratedTransaction:
    booked_on: date
    amount: Decimal  # signed, 2 places; negative = money out
    description: str  # the bank's text
    merchant: str  # the clean merchant name
    category: str  # a default category key (categories/domain.py)
    currency: str = CURRENCY


@dataclass(frozen=True, slots=True)
class PlantedSeries:
    merchant: str
    category: str
    cadence: Cadence
    amount: Decimal  # signed typical amount (before any price change)
    first: date  # first and last occurrence generated
    last: date
    price_change: tuple[date, Decimal] | None  # from this date the amount is this
    active: bool  # still running at the history's end
    rrule: str  # the schedule it was generated from (RFC 5545), e.g. FREQ=MONTHLY;...
    next_on: date | None  # its next occurrence after `end` (None once stopped)


@dataclass(frozen=True, slots=True)
class PlantedSpike:
    category: str
    month: date  # the first of the month
    extra: Decimal  # spending added that month (positive)


@dataclass(frozen=True, slots=True)
class PlantedTrend:
    category: str
    start: date  # the first of the month the growth starts
    monthly_growth: Decimal  # 0.03: the category's spending grows ~3 % a month from start


@dataclass(frozen=True, slots=True)
class PlantedUnusedSubscription:
    merchant: str
    usage_stopped_on: date  # the last companion purchase; the subscription runs on


@dataclass(frozen=True, slots=True)
class PlantedDuplicate:
    merchant: str  # one subscription charged by two series (two plans)


@dataclass(frozen=True, slots=True)
class History:
    start: date
    end: date
    transactions: tuple[GeneratedTransaction, ...]  # sorted by booked_on
    series: tuple[PlantedSeries, ...]
    spike: PlantedSpike
    trend: PlantedTrend
    unused: PlantedUnusedSubscription
    duplicate: PlantedDuplicate
    fee_merchants: tuple[str, ...]


# -- calendar helpers -------------------------------------------------------------------


def _month_day(year: int, month: int, day: int) -> date:
    """`day` of a month, clamped to its length; a negative day counts from its end."""
    last = calendar.monthrange(year, month)[1]
    return date(year, month, min(day, last) if day > 0 else max(1, last + 1 + day))


def _month_start(day: date, months: int = 0) -> date:
    index = day.year * 12 + day.month - 1 + months
    return date(index // 12, index % 12 + 1, 1)


def _history_start(end: date, years: int) -> date:
    """The day after `end`, `years` years earlier (29 February falls back a day)."""
    try:
        before = end.replace(year=end.year - years)
    except ValueError:
        before = end.replace(year=end.year - years, day=28)
    return before + timedelta(days=1)


def _business_day(day: date, direction: int) -> date:
    """`day`, moved off a weekend: -1 to the Friday before, +1 to the Monday after."""
    while day.weekday() >= 5 and direction:
        day += timedelta(days=direction)
    return day


def _money(cents: int) -> Decimal:
    return Decimal(cents).scaleb(-2)


def _poisson(rng: random.Random, mean: float) -> int:
    if mean <= 0:
        return 0
    if mean > 30:  # the normal approximation: exact enough, and O(1)
        return max(0, round(rng.gauss(mean, math.sqrt(mean))))
    limit, count, product = math.exp(-mean), 0, rng.random()
    while product > limit:
        count += 1
        product *= rng.random()
    return count


# -- recurring series -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Schedule:
    cadence: Cadence
    day: int = 1  # calendar cadences: day of the month (negative: from its end)
    month: int = 1  # quarterly: one of its months; yearly: its month
    weekday: int = 0  # weekly and biweekly: 0 = Monday
    parity: int = 0  # biweekly: which of the alternate weeks

    def dates(self, start: date, end: date) -> Iterator[date]:
        """The scheduled days in [start, end], before any jitter or weekend shift."""
        if self.cadence in ("weekly", "biweekly"):
            day = start + timedelta(days=(self.weekday - start.weekday()) % 7)
            if self.cadence == "biweekly" and ((day.toordinal() - 1) // 7) % 2 != self.parity:
                day += timedelta(days=7)
            step = timedelta(days=7 if self.cadence == "weekly" else 14)
            while day <= end:
                yield day
                day += step
            return
        months = _MONTH_STEP[self.cadence]
        index = start.year * 12 + start.month - 1
        index += (self.month - 1 - index) % months
        while True:
            day = _month_day(index // 12, index % 12 + 1, self.day)
            if day > end:
                return
            if day >= start:
                yield day
            index += months

    def rrule(self) -> str:
        if self.cadence in ("weekly", "biweekly"):
            interval = 1 if self.cadence == "weekly" else 2
            return f"FREQ=WEEKLY;INTERVAL={interval};BYDAY={_WEEKDAY_CODES[self.weekday]}"
        if self.cadence == "yearly":
            return f"FREQ=YEARLY;BYMONTH={self.month};BYMONTHDAY={self.day}"
        return f"FREQ=MONTHLY;INTERVAL={_MONTH_STEP[self.cadence]};BYMONTHDAY={self.day}"


# How the bank writes a transaction (see _description).
Style = Literal[
    "card", "subscription", "online", "debit", "order", "credit", "fee", "transfer", "cash",
    "refund",
]  # fmt: skip


@dataclass(frozen=True, slots=True)
class _SeriesSpec:
    merchant: str
    category: str
    schedule: _Schedule
    cents: int  # signed typical amount
    text: str  # how the bank names the merchant
    style: Style
    purpose: str = ""  # words after the name ("RENT", "SALARY")
    since: date | None = None  # scheduled dates before this are skipped
    until: date | None = None  # ... and after this (a stopped series)
    shift: int = 0  # off a weekend: -1 to the Friday before, +1 to the Monday after
    jitter: tuple[int, ...] = (0,)  # days drawn from, added to the scheduled day
    spread: float = 0.0  # amounts vary uniformly by ± this share
    winter: float = 0.0  # seasonal amplitude, highest in January
    bumps: float = 0.0  # the chance an amount is 5-40 % higher (roaming, extras)
    skip: float = 0.0  # the chance a scheduled occurrence does not happen (holidays)
    change: tuple[date, int] | None = None  # from this date the amount is this


@dataclass(frozen=True, slots=True)
class _Planned:
    """A planted transaction, before its description is written."""

    booked_on: date
    cents: int
    merchant: str
    category: str
    text: str
    style: Style
    purpose: str = ""


def _series_occurrences(
    spec: _SeriesSpec, rng: random.Random, start: date, end: date
) -> list[_Planned]:
    """The series' occurrences from `start` to a while past `end` (to know its next)."""
    out: list[_Planned] = []
    last = min(spec.until, end + _LOOKAHEAD) if spec.until else end + _LOOKAHEAD
    for scheduled in spec.schedule.dates(max(start, spec.since or start), last):
        if spec.skip and scheduled <= end and rng.random() < spec.skip:
            continue  # a holiday (never the next one after `end`: it is the truth to predict)
        booked = _business_day(scheduled + timedelta(days=rng.choice(spec.jitter)), spec.shift)
        if booked < start:
            continue
        cents = spec.change[1] if spec.change and scheduled >= spec.change[0] else spec.cents
        factor = 1.0 + spec.winter * math.cos(2 * math.pi * (scheduled.month - 1) / 12)
        if spec.spread:
            factor *= 1 + rng.uniform(-spec.spread, spec.spread)
        if spec.bumps and rng.random() < spec.bumps:
            factor *= rng.uniform(1.05, 1.4)
        out.append(
            _Planned(
                booked,
                round(cents * factor),
                spec.merchant,
                spec.category,
                spec.text,
                spec.style,
                spec.purpose,
            )
        )
    return out


def _series_specs(rng: random.Random, start: date, end: date) -> list[_SeriesSpec]:
    """The planted recurring series: their days and amounts vary with the seed."""

    def months_before_end(low: int, high: int) -> date:
        return _month_start(end, -rng.randint(low, high)) + timedelta(days=rng.randint(0, 27))

    card_jitter = (0, 0, 0, 1, 1, 2)  # card subscriptions post a day or two late
    debit_jitter = (-1, 0, 0, 0, 0, 1)
    salary = rng.randrange(290, 360) * 1000
    rent = -rng.randrange(115, 145) * 1000
    raise_on = _month_start(start, rng.randint(14, 22)) + timedelta(days=rng.randint(0, 27))
    netflix_change = months_before_end(10, 16)
    return [
        _SeriesSpec(
            "Acme Corp", "salary", _Schedule("monthly", day=25), salary, "ACME CORP BV",
            "credit", "SALARY", shift=-1,
            change=(raise_on, salary + rng.randrange(18, 28) * 1000),
        ),
        _SeriesSpec(
            "Vesteda", "rent", _Schedule("monthly", day=1), rent, "VESTEDA WOONFONDS",
            "order", "RENT", jitter=(-2, -1, 0, 0, 0, 0, 1, 2),
        ),
        _SeriesSpec(
            "Vattenfall", "utilities", _Schedule("monthly", day=rng.randint(18, 24)),
            -rng.randrange(8000, 11000), "VATTENFALL KLANTENSERVICE", "debit",
            shift=1, jitter=debit_jitter, spread=0.15, winter=0.2,
        ),
        _SeriesSpec(
            "Vodafone", "utilities", _Schedule("monthly", day=rng.randint(8, 14)),
            -rng.choice((2500, 2750, 3000, 3250)), "VODAFONE LIBERTEL", "debit",
            shift=1, jitter=debit_jitter, bumps=0.12,
        ),
        _SeriesSpec(
            "Netflix", "subscriptions", _Schedule("monthly", day=rng.randint(4, 26)), -999,
            "NETFLIX.COM AMSTERDAM", "subscription", jitter=card_jitter,
            change=(netflix_change, -1199),
        ),
        _SeriesSpec(
            "Spotify", "subscriptions", _Schedule("monthly", day=rng.randint(2, 9)), -1099,
            "SPOTIFY AB STOCKHOLM", "subscription", jitter=card_jitter,
        ),
        _SeriesSpec(
            "Spotify", "subscriptions", _Schedule("monthly", day=rng.randint(16, 24)), -1799,
            "SPOTIFY AB STOCKHOLM", "subscription", jitter=card_jitter,
            since=_month_start(start, rng.randint(4, 9)),
        ),
        _SeriesSpec(
            "Disney Plus", "subscriptions", _Schedule("monthly", day=rng.randint(5, 25)), -899,
            "DISNEY PLUS LONDON", "subscription", jitter=card_jitter,
            until=months_before_end(11, 13),
        ),
        _SeriesSpec(
            "FitLife Gym", "fitness", _Schedule("monthly", day=rng.randint(1, 5)),
            -rng.choice((2990, 3490, 3990)), "FITLIFE GYM", "debit",
            shift=1, jitter=debit_jitter,
        ),
        _SeriesSpec(
            "Sparkle Cleaning", "household", _Schedule("weekly", weekday=rng.randint(0, 4)),
            -rng.choice((4000, 4500, 5000)), "SPARKLE CLEANING", "transfer", "WEEKLY",
            jitter=(-1, 0, 0, 0, 0, 1), skip=0.04,
        ),
        _SeriesSpec(
            "Green Box", "groceries",
            _Schedule("biweekly", weekday=rng.randint(0, 4), parity=rng.randint(0, 1)),
            -rng.choice((2250, 2450, 2690)), "GREEN BOX VEGGIES", "debit",
            jitter=(0, 0, 0, 1),
        ),
        _SeriesSpec(
            "Waternet", "utilities",
            _Schedule("quarterly", day=rng.randint(20, 27), month=rng.randint(1, 3)),
            -rng.randrange(4200, 5600), "WATERNET", "debit", shift=1, jitter=debit_jitter,
            spread=0.06,
        ),
        _SeriesSpec(
            "Allianz", "insurance",
            _Schedule("quarterly", day=rng.randint(1, 10), month=rng.randint(1, 3)),
            -rng.randrange(7500, 9500), "ALLIANZ NEDERLAND", "debit", shift=1,
            jitter=debit_jitter,
        ),
        _SeriesSpec(
            "TransIP", "subscriptions",
            _Schedule("yearly", day=rng.randint(3, 26), month=rng.randint(1, 12)), -1499,
            "TRANSIP BV", "online", jitter=card_jitter,
        ),
        _SeriesSpec(
            "Centraal Beheer", "insurance",
            _Schedule("yearly", day=rng.randint(1, 20), month=rng.randint(1, 12)),
            -rng.randrange(54000, 72000), "CENTRAAL BEHEER", "debit", shift=1,
            jitter=debit_jitter,
        ),
        _SeriesSpec(
            "Account Fee", "fees", _Schedule("monthly", day=-1), -495,
            "ACCOUNT MAINTENANCE FEE", "fee", shift=-1,
        ),
    ]  # fmt: skip


def _planted_series(
    spec: _SeriesSpec, occurrences: list[_Planned], end: date
) -> tuple[PlantedSeries, list[_Planned]]:
    """The declared truth of one series, and its occurrences up to `end`."""
    within = [o for o in occurrences if o.booked_on <= end]
    after = [o for o in occurrences if o.booked_on > end]
    changed = [o.booked_on for o in within if spec.change and o.cents == spec.change[1]]
    change = (changed[0], _money(spec.change[1])) if spec.change and changed else None
    running = (
        bool(after) and (end - within[-1].booked_on).days <= _LONGEST_GAP[spec.schedule.cadence]
    )
    truth = PlantedSeries(
        merchant=spec.merchant,
        category=spec.category,
        cadence=spec.schedule.cadence,
        amount=_money(spec.cents),
        first=within[0].booked_on,
        last=within[-1].booked_on,
        price_change=change,
        active=running,
        rrule=spec.schedule.rrule(),
        next_on=after[0].booked_on if running else None,
    )
    return truth, within


# -- the plan: every planted truth ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Trip:
    start: date
    end: date


@dataclass(frozen=True, slots=True)
class _Plan:
    start: date
    end: date
    series: tuple[PlantedSeries, ...]
    planted: dict[date, list[_Planned]]  # by day: series, bookings, fees, spike, gym
    trips: tuple[_Trip, ...]
    spike: PlantedSpike
    trend: PlantedTrend
    unused: PlantedUnusedSubscription
    duplicate: PlantedDuplicate
    card: str  # the user's card number's last four digits

    def abroad(self, day: date) -> bool:
        return any(trip.start <= day <= trip.end for trip in self.trips)

    def trend_factor(self, category: str, day: date) -> float:
        if category != self.trend.category or day < self.trend.start:
            return 1.0
        months = (day.year - self.trend.start.year) * 12 + day.month - self.trend.start.month
        return float(1 + self.trend.monthly_growth) ** months


FEE_MERCHANTS = ("Account Fee", "Overdraft Interest", "ATM Fee")
_TREND_MONTHS = 18
_UNUSED_MONTHS = 8


def _random_day(rng: random.Random, first: date, last: date) -> date:
    return first + timedelta(days=rng.randint(0, max(0, (last - first).days)))


def _make_plan(seed: int, end: date, years: int) -> _Plan:
    rng = random.Random(f"history-plan:{seed}")
    start = _history_start(end, years)
    planted: dict[date, list[_Planned]] = {}

    def add(day: date, cents: int, merchant: str, category: str, text: str, style: Style) -> None:
        if start <= day <= end:
            planted.setdefault(day, []).append(
                _Planned(day, cents, merchant, category, text, style)
            )

    series: list[PlantedSeries] = []
    for spec in _series_specs(rng, start, end):
        truth, within = _planted_series(spec, _series_occurrences(spec, rng, start, end), end)
        series.append(truth)
        for item in within:
            planted.setdefault(item.booked_on, []).append(item)

    # Trips: a summer holiday each year and a short city trip, booked weeks before.
    trips: list[_Trip] = []
    for year in range(start.year, end.year + 1):
        holiday = _random_day(rng, date(year, 6, 20), date(year, 8, 10))
        city = _random_day(rng, date(year, 2, 1), date(year, 11, 20))
        if abs((city - holiday).days) < 30:
            city = _month_start(city, 3) + timedelta(days=9)
        for first, nights in ((holiday, rng.randint(7, 14)), (city, rng.randint(2, 4))):
            trip = _Trip(first, first + timedelta(days=nights))
            trips.append(trip)
            airline, airline_text = rng.choice(_FLIGHTS)
            booked = first - timedelta(days=rng.randint(45, 90))
            add(booked, -rng.randrange(12000, 65000), airline, "flights", airline_text, "online")
            host, host_text = rng.choice(_STAYS)
            booked = first - timedelta(days=rng.randint(20, 60))
            add(booked, -rng.randrange(25000, 140000), host, "accommodation", host_text, "online")
            for _ in range(rng.randint(1, 2)):
                day = _random_day(rng, trip.start, trip.end)
                add(day, -250, "ATM Fee", "fees", "ATM FEE FOREIGN WITHDRAWAL", "fee")
    trips.sort(key=lambda t: t.start)

    # Fees besides the account fee: ATM fees at home, overdraft interest in some months.
    for _ in range(rng.randint(3, 5) * years):
        day = _random_day(rng, start, end)
        add(day, -250, "ATM Fee", "fees", "ATM FEE NON-NETWORK WITHDRAWAL", "fee")
    month = _month_start(start)
    while month <= end:
        if rng.random() < 0.3:
            day = _business_day(_month_day(month.year, month.month, -1), -1)
            cents = -rng.randrange(80, 1400)
            add(day, cents, "Overdraft Interest", "fees", "DEBIT INTEREST OVERDRAFT", "fee")
        month = _month_start(month, 1)

    # The spike: a laptop and a television in one month of the last year.
    spike_month = _month_start(end, -rng.randint(3, 9))
    spike_cents = 0
    for low, high in ((90000, 180000), (50000, 120000)):
        cents = rng.randrange(low, high)
        shop, shop_text = rng.choice(_ELECTRONICS.merchants[:3])
        day = _random_day(rng, spike_month, _month_start(spike_month, 1) - timedelta(days=1))
        add(day, -cents, shop, "electronics", shop_text, "card")
        spike_cents += cents

    # The unused subscription: drinks and snacks at the gym, stopping ~8 months before end.
    gym = next(s for s in series if s.merchant == "FitLife Gym")
    stop = end - timedelta(days=_UNUSED_MONTHS * 30 + rng.randint(-10, 10))
    last_visit = day = start
    while day <= stop:
        if rng.random() < 1.2 / 7:
            add(day, -rng.randrange(250, 1200), gym.merchant, gym.category, "FITLIFE GYM", "card")
            last_visit = day
        day += timedelta(days=1)

    return _Plan(
        start=start,
        end=end,
        series=tuple(series),
        planted=planted,
        trips=tuple(trips),
        spike=PlantedSpike("electronics", spike_month, _money(spike_cents)),
        trend=PlantedTrend("restaurants", _month_start(end, 1 - _TREND_MONTHS), Decimal("0.03")),
        unused=PlantedUnusedSubscription(gym.merchant, last_visit),
        duplicate=PlantedDuplicate("Spotify"),
        card=f"{rng.randrange(1000, 10000)}",
    )


# -- noise ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Stream:
    """Unplanned spending of one category: merchants (clean name, bank text) by
    popularity, a rate at volume 1, log-uniform amounts, a seasonal profile."""

    category: str
    per_week: float
    low: int  # cents
    high: int
    merchants: tuple[tuple[str, str], ...]
    kinds: tuple[str, ...]  # words that name made-up merchants of this kind at scale
    style: Style = "card"
    season: tuple[float, ...] = _FLAT  # January .. December
    abroad: bool = False  # only during trips
    away: float = 1.0  # the share of the rate left while abroad (home groceries stop)
    refundable: bool = False


def _pairs(text: str) -> tuple[tuple[str, str], ...]:
    """'Lidl=LIDL;Aldi=ALDI MARKT' -> (("Lidl", "LIDL"), ("Aldi", "ALDI MARKT"))."""
    return tuple(
        (name.strip(), bank.strip()) for name, bank in (item.split("=") for item in text.split(";"))
    )


_WINTER_SHOPPING = (1.3, 0.8, 0.9, 0.9, 1.0, 0.9, 1.2, 0.9, 0.9, 1.0, 1.4, 2.6)
_STREAMS: tuple[_Stream, ...] = (
    _Stream("groceries", 3.0, 600, 9500, _pairs(
        "Albert Heijn=ALBERT HEIJN;Lidl=LIDL;Jumbo=JUMBO SUPERMARKTEN;Aldi=ALDI MARKT"),
        ("Supermarkt", "Market", "Foods"), away=0.15,
        season=(1.0, 0.95, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.05, 1.25)),
    _Stream("groceries", 0.5, 180, 1400, _pairs("Bakkerij Bart=BAKKERIJ BART;"
        "Marqt=MARQT"), ("Bakery", "Deli"), away=0.1),
    _Stream("restaurants", 1.1, 1200, 8500, _pairs(
        "Pizzeria Napoli=PIZZERIA NAPOLI;Sumo Sushi=SUMO SUSHI;Burger Bar=BURGERBAR;"
        "Thai Orchid=THAI ORCHID;Wagamama=WAGAMAMA;La Place=LA PLACE;"
        "Cafe de Jaren=CAFE DE JAREN;Bistro Central=BISTRO CENTRAL"),
        ("Bistro", "Grill", "Kitchen", "Trattoria", "Eetcafe"), away=0.2,
        season=(0.9, 0.9, 1.0, 1.0, 1.05, 1.1, 1.0, 1.0, 1.0, 1.0, 1.0, 1.3)),
    _Stream("coffee", 2.0, 280, 750, _pairs(
        "Starbucks=STARBUCKS;Coffee Company=COFFEE COMPANY;Bagels & Beans=BAGELS & BEANS;"
        "Espressofabriek=ESPRESSOFABRIEK"), ("Coffee", "Espresso Bar"), away=0.2),
    _Stream("fuel", 0.6, 3500, 8500, _pairs(
        "Shell=SHELL;BP=BP;TotalEnergies=TOTALENERGIES;Esso=ESSO"), ("Tankstation",),
        season=(0.9, 0.9, 1.0, 1.0, 1.1, 1.2, 1.3, 1.2, 1.0, 1.0, 0.9, 0.9)),
    _Stream("public_transport", 1.0, 250, 2500, _pairs("NS=NS GROEP;GVB=GVB"),
        ("Transit",), style="online", away=0.1),
    _Stream("taxi", 0.25, 800, 4000, _pairs("Uber=UBER *TRIP;Bolt=BOLT.EU"), ("Taxi",),
        style="online"),
    _Stream("parking", 0.3, 200, 1800, _pairs("Q-Park=Q-PARK;Parkmobile=PARKMOBILE"),
        ("Parking",), style="online"),
    _Stream("clothing", 0.35, 1500, 12000, _pairs(
        "Zara=ZARA;H&M=H&M;Uniqlo=UNIQLO;Zalando=ZALANDO;Decathlon=DECATHLON"),
        ("Fashion", "Boutique", "Outfitters"), season=_WINTER_SHOPPING, refundable=True),
    _Stream("electronics", 0.35, 800, 12000, _pairs(
        "MediaMarkt=MEDIAMARKT;Coolblue=COOLBLUE;Apple Store=APPLE STORE;"
        "Alternate=ALTERNATE"), ("Electronics", "Tech"),
        season=_WINTER_SHOPPING, refundable=True),
    _Stream("household", 0.5, 400, 15000, _pairs(
        "IKEA=IKEA;Action=ACTION;HEMA=HEMA;Bol.com=BOL.COM;Gamma=GAMMA"),
        ("Home Store", "Living", "Hardware"), season=_WINTER_SHOPPING, refundable=True),
    _Stream("pharmacy", 0.25, 300, 3500, _pairs("Etos=ETOS;Kruidvat=KRUIDVAT"),
        ("Apotheek", "Drogist")),
    _Stream("doctor", 0.03, 2500, 12000, _pairs("Tandarts Smit=TANDARTS SMIT"),
        ("Clinic",), style="online"),
    _Stream("events", 0.1, 1200, 9000, _pairs("Ticketmaster=TICKETMASTER;Pathe=PATHE"),
        ("Theater", "Tickets"), style="online"),
    _Stream("hobbies", 0.08, 500, 6000, _pairs("Steam=STEAMGAMES.COM;Intertoys=INTERTOYS"),
        ("Hobby", "Games"), style="online"),
    _Stream("books", 0.07, 700, 4500, _pairs("Bruna=BRUNA;Boekhandel Dominicus=DOMINICUS"),
        ("Books",)),
    _Stream("transfers", 0.15, 500, 6000, _pairs("Tikkie=TIKKIE"), ("Friends",),
        style="credit"),
    _Stream("other", 0.25, 2000, 10000, _pairs("Cash Withdrawal=GELDAUTOMAAT"), ("ATM",),
        style="cash", away=0.5),
    # Abroad, on trips only.
    _Stream("restaurants", 9.8, 1500, 9000, _pairs(
        "Trattoria da Mario=TRATTORIA DA MARIO;Taverna Nikos=TAVERNA NIKOS;"
        "Chez Paul=CHEZ PAUL;Bar Pinotxo=BAR PINOTXO"), ("Ristorante", "Taverna", "Brasserie"),
        abroad=True),
    _Stream("coffee", 5.6, 200, 600, _pairs("Cafe Central=CAFE CENTRAL"), ("Cafe",),
        abroad=True),
    _Stream("taxi", 2.8, 1000, 4500, _pairs("Uber=UBER *TRIP"), ("Taxi",), style="online",
        abroad=True),
    _Stream("events", 2.1, 800, 3500, _pairs("Museo Nacional=MUSEO NACIONAL"),
        ("Museum", "Tour"), abroad=True),
)  # fmt: skip
_ELECTRONICS = next(s for s in _STREAMS if s.category == "electronics")
_FLIGHTS = _pairs("KLM=KLM ROYAL DUTCH;Transavia=TRANSAVIA;easyJet=EASYJET")
_STAYS = _pairs("Booking.com=BOOKING.COM;Airbnb=AIRBNB")
_CITIES = ("AMSTERDAM", "UTRECHT", "ROTTERDAM", "DEN HAAG", "HAARLEM", "LEIDEN")
_ABROAD_CITIES = ("ROMA", "ATHINA", "PARIS", "BARCELONA", "LISBOA", "WIEN")
_NAME_WORDS = (
    "Golden", "Oak", "Blue", "Corner", "Old", "Harbour", "Green", "Royal", "Little", "North",
    "River", "Market", "Sunny", "Silver", "Canal", "Tulip", "Bridge", "Windmill", "Star",
    "Garden", "Park", "Square", "Lantern", "Copper", "Maple", "Stone", "Lucky", "Urban",
)  # fmt: skip
# Zipf's law: the r-th most popular merchant of a kind is chosen in proportion to
# 1 / r ** _ZIPF.
_ZIPF = 1.1


@dataclass(slots=True)
class _Pool:
    """One stream's merchants at a given volume and their Zipf cumulative weights."""

    stream: _Stream
    merchants: list[tuple[str, str]]
    cumulative: list[float]

    @classmethod
    def build(cls, stream: _Stream, volume: float) -> _Pool:
        merchants = list(stream.merchants)
        extra = 0 if volume <= 1 else int(len(merchants) * 3 * math.sqrt(volume))
        words = len(_NAME_WORDS)
        for index in range(extra):
            first, second = _NAME_WORDS[index % words], _NAME_WORDS[(index // words) % words]
            kind = stream.kinds[index % len(stream.kinds)]
            serial = index // (words * words)
            name = f"{first} {second} {kind}" + (f" {serial + 1}" if serial else "")
            merchants.append((name, name.upper()))
        total, cumulative = 0.0, []
        for rank in range(len(merchants)):
            total += 1 / (rank + 1) ** _ZIPF
            cumulative.append(total)
        return cls(stream, merchants, cumulative)

    def pick(self, rng: random.Random) -> tuple[str, str]:
        index = bisect.bisect(self.cumulative, rng.random() * self.cumulative[-1])
        return self.merchants[min(index, len(self.merchants) - 1)]


def _rate(stream: _Stream, plan: _Plan, day: date, abroad: bool) -> float:
    """Expected transactions of `stream` on `day` at volume 1."""
    if stream.abroad and not abroad:
        return 0.0
    rate = stream.per_week / 7 * stream.season[day.month - 1]
    if abroad:
        rate *= stream.away
    return rate * math.sqrt(plan.trend_factor(stream.category, day))


def _expected_noise(plan: _Plan) -> float:
    """How many noise transactions volume 1 gives on average (refunds included)."""
    total, day = 0.0, plan.start
    while day <= plan.end:
        abroad = plan.abroad(day)
        for stream in _STREAMS:
            rate = _rate(stream, plan, day, abroad)
            total += rate * (1.05 if stream.refundable else 1.0)
        day += timedelta(days=1)
    return total


# -- descriptions -----------------------------------------------------------------------


def _description(rng: random.Random, item: _Planned, card: str, abroad: bool) -> str:
    day, text = item.booked_on, item.text
    month = f"{day.month:02d}/{day.year}"
    if item.style == "card":
        spent = day - timedelta(days=rng.choice((0, 0, 1, 2)))
        city = rng.choice(_ABROAD_CITIES if abroad else _CITIES)
        form = rng.randrange(3)
        if form == 0:
            return f"CARD {card} {text} {city} {spent.day:02d}/{spent.month:02d}"
        if form == 1:
            return f"POS {text} {rng.randrange(100, 9999):04d} {city}"
        return f"CONTACTLESS {text} {city} {spent.day:02d}/{spent.month:02d}"
    if item.style == "subscription":  # a card charge from the merchant's own city
        return f"CARD {card} {text} {day.day:02d}/{day.month:02d}"
    if item.style == "online":
        return rng.choice((f"CARD {card} {text} ONLINE", f"{text} {rng.randrange(10**7, 10**8)}"))
    if item.style == "debit":
        return f"SEPA DIRECT DEBIT {text} MREF+M{zlib.crc32(text.encode()) % 10**6:06d} {month}"
    if item.style == "order":
        return f"STANDING ORDER {text} {item.purpose}".rstrip()
    if item.style == "credit":
        purpose = item.purpose or "REF PAYMENT"
        return f"SEPA CREDIT TRANSFER {text} {purpose} {month}"
    if item.style == "transfer":
        return f"TRANSFER TO {text} {item.purpose} {rng.randrange(10**5, 10**6)}"
    if item.style == "refund":
        return f"REFUND {text} {rng.randrange(10**6, 10**7)}"
    if item.style == "cash":
        return f"ATM {text} {rng.choice(_ABROAD_CITIES if abroad else _CITIES)}"
    return f"{text} {month}"  # fee


def _transaction(
    rng: random.Random, item: _Planned, card: str, abroad: bool
) -> GeneratedTransaction:
    return GeneratedTransaction(
        booked_on=item.booked_on,
        amount=_money(item.cents),
        description=_description(rng, item, card, abroad),
        merchant=item.merchant,
        category=item.category,
    )


# -- the stream of days -----------------------------------------------------------------


def _days(plan: _Plan, seed: int, volume: float) -> Iterator[GeneratedTransaction]:
    """Every transaction from plan.start to plan.end, in booking order."""
    rng = random.Random(f"history-noise:{seed}:{volume!r}")
    pools = [_Pool.build(stream, volume) for stream in _STREAMS]
    refunds: dict[date, list[_Planned]] = {}
    day = plan.start
    while day <= plan.end:
        abroad = plan.abroad(day)
        for item in plan.planted.get(day, ()):
            yield _transaction(rng, item, plan.card, abroad)
        for pool in pools:
            stream = pool.stream
            rate = _rate(stream, plan, day, abroad) * volume
            trend = plan.trend_factor(stream.category, day)
            for _ in range(_poisson(rng, rate)):
                name, text = pool.pick(rng)
                cents = int(stream.low * (stream.high / stream.low) ** rng.random())
                if trend != 1.0:
                    cents = round(cents * math.sqrt(trend))
                if stream.style == "cash":
                    cents = rng.choice((2000, 5000, 5000, 10000))
                sign = 1 if stream.style == "credit" else -1
                item = _Planned(day, sign * cents, name, stream.category, text, stream.style)
                yield _transaction(rng, item, plan.card, abroad)
                if stream.refundable and rng.random() < 0.05:
                    back = day + timedelta(days=rng.randint(5, 20))
                    refunds.setdefault(back, []).append(item)
        for bought in refunds.pop(day, ()):
            refund = _Planned(day, -bought.cents, bought.merchant, "refunds", bought.text, "refund")
            yield _transaction(rng, refund, plan.card, abroad)
        day += timedelta(days=1)


def generate_history(
    *, seed: int = 7, end: date = DEFAULT_END, years: int = 3, volume: int = 1
) -> History:
    """`years` of one user's transactions up to `end`, with the planted truths declared."""
    if years < 1 or volume < 1:
        raise ValueError("years and volume are at least 1")
    plan = _make_plan(seed, end, years)
    return History(
        start=plan.start,
        end=plan.end,
        transactions=tuple(_days(plan, seed, float(volume))),
        series=plan.series,
        spike=plan.spike,
        trend=plan.trend,
        unused=plan.unused,
        duplicate=plan.duplicate,
        fee_merchants=FEE_MERCHANTS,
    )


def iter_scaled(
    *, seed: int = 7, end: date = DEFAULT_END, years: int = 3, transactions: int
) -> Iterator[GeneratedTransaction]:
    """About `transactions` rows over `years` for one user, streamed day by day (memory
    stays flat): the planted series of `generate_history(seed, end, years)` and noise
    scaled up, at many more merchants (Zipf's law)."""
    if years < 1 or transactions < 0:
        raise ValueError("years is at least 1 and transactions not negative")
    plan = _make_plan(seed, end, years)
    planted = sum(len(items) for items in plan.planted.values())
    volume = max(0.0, transactions - planted) / _expected_noise(plan)
    return _days(plan, seed, volume)


# -- files ------------------------------------------------------------------------------

CSV_HEADER = ("Date", "Description", "Amount", "Currency")


def write_csv(history: History | Iterable[GeneratedTransaction], path: Path) -> int:
    """Writes a bank CSV (Date,Description,Amount,Currency; ISO dates, signed amounts)
    that services/statements reads; returns the rows written. Streams an iterable."""
    rows = history.transactions if isinstance(history, History) else history
    written = 0
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(CSV_HEADER)
        for txn in rows:
            writer.writerow((txn.booked_on, txn.description, txn.amount, txn.currency))
            written += 1
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--end", type=date.fromisoformat, default=DEFAULT_END)
    parser.add_argument("--years", type=int, default=3)
    parser.add_argument("--transactions", type=int, help="scale to about this many rows")
    args = parser.parse_args(argv)
    if args.transactions is None:
        rows: Iterable[GeneratedTransaction] = generate_history(
            seed=args.seed, end=args.end, years=args.years
        ).transactions
    else:
        rows = iter_scaled(
            seed=args.seed, end=args.end, years=args.years, transactions=args.transactions
        )
    written = write_csv(rows, args.path)
    print(f"{written:,} rows in {args.path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
