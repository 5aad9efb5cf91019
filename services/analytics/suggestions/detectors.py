"""The finding rules of saving suggestions (pure): each a function over plain data.

Every rule yields `Finding`s: a type, a fingerprint (its identity across generations), a
title and description, a potential saving over a year (cents, > 0), the currency, a
confidence in 0-1, the merchant or category concerned, evidence (camelCase keys, string
values) and up to 20 transaction ids, newest first. Subscriptions are the user's
recurring patterns (recurring detection): "active" (still expected today) and
"confidence" are theirs, and only debit patterns with confidence ≥ 0.8 are used. A
subscription's *current amount* is the median charge since its last price change (all
its charges when it never changed).

unused_subscription
    An active monthly, quarterly or yearly debit subscription whose merchant also had
    other spending that stopped at least 90 days ago while the charge went on. Other
    spending is a debit at the merchant, in the subscription's currency, that no
    monthly, quarterly or yearly debit pattern of confidence ≥ 0.8 charged (this
    subscription, another plan, a stopped price level: irregular purchases and weekly or
    biweekly habits are usage), and that is not between half the subscription's smallest
    charge and 1.5 times its largest (that is an unusual charge of the subscription
    itself: a roaming month, a late fee). It needs at least two such purchases, one of
    them on or after the subscription's first charge (the user went there while
    subscribed), the last of them before the subscription's latest charge. Saving: the
    current amount times the periods in a year (12, 4, 1). Confidence: the pattern's,
    times min(1, days since the last purchase / 180). Evidence: lastUsage,
    monthsSinceUsage, usageCount,
    chargesSinceUsage, typicalAmount, cadence.

duplicate_subscription
    Two or more active debit subscriptions at the same merchant (same merchant key and
    currency) with the same cadence: one service paid twice (two plans, two accounts).
    Different cadences at one merchant are usually different services (a monthly bill
    and a quarterly one), and subscriptions at different merchants are never paired
    (two music services may both be wanted): false positives cost the user's trust more
    than a missed duplicate. Saving: the yearly cost of every subscription but the most
    expensive. Confidence: the lowest of the patterns'. Evidence: subscriptions,
    cadence, amounts, yearlyCost, keptAmount.

fees_and_interest
    Debits of the last 365 days that are bank fees or interest charges, one suggestion
    per currency, saving their total. A debit counts when it is in the user's "Fees"
    category (or below it), or its description names a fee or an interest charge
    (case-insensitive, whole words: "COFFEE" is no fee): OVERDRAFT, OVERDRAWN, INTEREST
    CHARGE, DEBIT INTEREST, LATE PAYMENT / FEE / CHARGE, ATM FEE, FX / FOREIGN
    TRANSACTION / CURRENCY CONVERSION FEE, ACCOUNT / MAINTENANCE / MONTHLY / ANNUAL /
    SERVICE / CARD / BANK / TRANSFER / WIRE FEE or CHARGE, NSF, INSUFFICIENT FUNDS. The
    bare word FEE(S) counts only for an uncategorized debit or one in the "Financial"
    family (a gym's "MEMBERSHIP FEE" filed under Fitness is no bank fee), and ATM alone
    never does (a cash withdrawal is not a fee). Confidence: 0.95 for the amount in the
    Fees category, 0.8 for the amount found by its words, weighted. Evidence: count,
    total, largest, since.

category_overspend
    A top-level category (its subcategories included) whose spending in the last
    complete month is above its own history: the 12 months before it in which the user
    had any transaction (at least 6 of them; a month without spending in the category
    counts as 0). The month is over when it exceeds both median + 3 * 1.4826 * MAD and
    1.1 * median (median > 0), and, when the same month a year earlier is part of the
    history, 1.1 times that month too (December's shopping is compared with December's).
    The saving is honest about recurrence: when the category ran over the same
    threshold in at least 3 of the last 6 months, it is the mean excess over the median
    of those months times 12 (a habit, annualised); otherwise the single month's excess
    (a one-off is not multiplied). Only the user's main currency is read. The month is
    part of the fingerprint: next month's overspend is a new suggestion, whatever the
    user did with this one. Confidence: 0.8 annualised, 0.6 single month, times
    (0.75 + 0.25 * history months / 12). Evidence: month, monthSpending, typicalMonth,
    threshold, excess, historyMonths, monthsOver, annualised.

cheaper_cadence
    An active monthly subscription, subscription-like (in the user's "Subscriptions"
    category or below it, or a known streaming or software merchant), charged at least 6
    times, whose amount is stable (the charges at its current price, at least 2, vary by
    at most 5 % of their median), and not already suggested as unused or duplicate
    (cancelling beats switching plans). Yearly plans commonly cost 10 monthly payments
    ("2 months free"): the estimated saving is 2 * the current monthly amount, an
    assumption stated in the evidence. Confidence: 0.6 * the pattern's (the merchant's
    yearly price is not known). Evidence: monthlyAmount, occurrences,
    yearlyAtMonthlyPrice, estimatedYearlyPrice, assumption.
"""

from __future__ import annotations

import re
import statistics
import uuid
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from typing import Final, Protocol

from services.analytics.rollups.domain import add_months
from services.analytics.suggestions.domain import MAX_TRANSACTIONS, Finding, money, money_text

MIN_CONFIDENCE = 0.8
PERIODS_PER_YEAR: Final[Mapping[str, int]] = {
    "weekly": 52,
    "biweekly": 26,
    "monthly": 12,
    "quarterly": 4,
    "yearly": 1,
}
UNUSED_CADENCES: Final[frozenset[str]] = frozenset({"monthly", "quarterly", "yearly"})
UNUSED_AFTER_DAYS = 90
UNUSED_FULL_DAYS = 180
MIN_USAGE = 2
FEE_WINDOW_DAYS = 365
HISTORY_MONTHS = 12
MIN_HISTORY_MONTHS = 6
RECENT_MONTHS = 6
RECURRING_OVERSPEND = 3
MAD_TO_SD = Decimal("1.4826")
OVERSPEND_Z = 3
OVERSPEND_RATIO = Decimal("1.1")
MIN_CHARGES_FOR_CADENCE = 6
STABLE_SPREAD = Decimal("0.05")
FREE_MONTHS = 2
ASSUMPTION = "yearly plans commonly cost 10 monthly payments"

_WORDS = re.IGNORECASE
# Bank fees and interest whatever the category.
_FEE_PHRASES = re.compile(
    r"\b(?:"
    r"overdraft|overdrawn|nsf|insufficient\s+funds"
    r"|interest\s+charge[sd]?|debit\s+interest"
    r"|late\s+(?:payment|fee|charge)s?"
    r"|(?:atm|fx|foreign(?:\s+(?:transaction|exchange|currency))?|currency\s+conversion"
    r"|account|maintenance|monthly|annual|service|card|bank|transfer|wire)"
    r"\s+(?:fee|charge|surcharge)s?"
    r")\b",
    _WORDS,
)
_FEE_WORD = re.compile(r"\bfees?\b", _WORDS)
# What every match of the two patterns above contains: a coarse SQL prefilter (LIKE).
FEE_ANCHORS: Final[tuple[str, ...]] = (
    "FEE", "OVERDRA", "NSF", "INSUFFICIENT", "INTEREST", "CHARGE",
)  # fmt: skip
_SUBSCRIPTION_MERCHANTS = re.compile(
    r"\b(?:netflix|spotify|disney|hulu|hbo|youtube\s+(?:premium|music)|apple\s+(?:music|tv|one)"
    r"|icloud|amazon\s+prime|prime\s+video|audible|kindle\s+unlimited|adobe|microsoft\s+365"
    r"|office\s+365|xbox\s+game\s+pass|playstation\s+plus|nintendo\s+switch\s+online"
    r"|dropbox|google\s+(?:one|storage|workspace)|chatgpt|openai|notion|canva|duolingo"
    r"|headspace|calm|nordvpn|expressvpn|surfshark|1password|lastpass|bitwarden|evernote"
    r"|grammarly|zoom|slack|github|jetbrains|patreon|twitch|crunchyroll|deezer|tidal"
    r"|paramount|peacock|dazn|videoland|viaplay|storytel|blinkist|skillshare|masterclass"
    r"|linkedin\s+premium|strava|peloton)\b",
    _WORDS,
)


# -- inputs ----------------------------------------------------------------------------


class Pattern(Protocol):
    """A recurring pattern as recurring detection stores it (the fields read here)."""

    @property
    def merchant_key(self) -> str: ...
    @property
    def merchant_name(self) -> str: ...
    @property
    def category_id(self) -> uuid.UUID | None: ...
    @property
    def currency(self) -> str: ...
    @property
    def direction(self) -> str: ...
    @property
    def cadence(self) -> str: ...
    @property
    def typical_amount(self) -> Decimal: ...
    @property
    def min_amount(self) -> Decimal: ...
    @property
    def max_amount(self) -> Decimal: ...
    @property
    def occurrences(self) -> int: ...
    @property
    def first_seen(self) -> date: ...
    @property
    def last_seen(self) -> date: ...
    @property
    def confidence(self) -> float: ...
    @property
    def price_changed_on(self) -> date | None: ...
    @property
    def transaction_ids(self) -> Sequence[uuid.UUID]: ...
    def is_active(self, today: date) -> bool: ...


@dataclass(frozen=True, slots=True)
class Spend:
    """A transaction as the rules read it."""

    id: uuid.UUID
    booked_on: date
    # Signed: negative for money out.
    amount: Decimal
    currency: str
    description: str
    merchant_name: str | None
    category_id: uuid.UUID | None


@dataclass(frozen=True, slots=True)
class CategoryMonths:
    """A top-level category's spending (its subcategories included) by month."""

    category_id: uuid.UUID
    name: str
    currency: str
    # The first of a month → spending (positive); a missing month is 0.
    expenses: Mapping[date, Decimal]


@dataclass(frozen=True, slots=True)
class FeeCategories:
    """The user's "Fees" category and what sits below it; the "Financial" family."""

    fees_id: uuid.UUID | None = None
    fees: frozenset[uuid.UUID] = frozenset()
    financial: frozenset[uuid.UUID] = frozenset()


@dataclass(frozen=True, slots=True)
class Inputs:
    today: date
    patterns: Sequence[Pattern]
    # Every debit at the merchants of the active debit patterns, charges included.
    merchant_spending: Sequence[Spend]
    # Debits of the fee window that may be fees (see FEE_ANCHORS); more is harmless.
    fee_candidates: Sequence[Spend]
    fee_categories: FeeCategories
    # Ids of the user's "Subscriptions" category and its subcategories.
    subscription_categories: frozenset[uuid.UUID]
    categories: Sequence[CategoryMonths]
    # The months (firsts) with any transaction in the categories' currency.
    data_months: frozenset[date]


def find_all(inputs: Inputs) -> list[Finding]:
    patterns = subscriptions(inputs.patterns, inputs.today)
    charges = _Charges(inputs.patterns, inputs.merchant_spending)
    unused = unused_subscriptions(patterns, charges, inputs.today)
    duplicates = duplicate_subscriptions(patterns, charges)
    flagged = {(f.merchant_name or "").casefold() for f in (*unused, *duplicates)}
    cheaper = cheaper_cadences(
        [p for p in patterns if p.merchant_name.casefold() not in flagged],
        charges,
        inputs.subscription_categories,
    )
    fees = fees_and_interest(inputs.fee_candidates, inputs.fee_categories, inputs.today)
    overspend = category_overspend(inputs.categories, inputs.data_months, inputs.today)
    return [*unused, *duplicates, *cheaper, *fees, *overspend]


def subscriptions(patterns: Iterable[Pattern], today: date) -> list[Pattern]:
    """The patterns the subscription rules look at: active debits, confidence ≥ 0.8."""
    return [
        p
        for p in patterns
        if p.is_active(today) and p.direction == "debit" and p.confidence >= MIN_CONFIDENCE
    ]


class _Charges:
    """The spending at the subscriptions' merchants, split into each pattern's charges
    and the rest."""

    def __init__(self, every_pattern: Iterable[Pattern], spending: Iterable[Spend]) -> None:
        self._by_id = {s.id: s for s in spending}
        # Charges of any subscription, running or stopped (another plan at the merchant,
        # an old price level): never usage. Weekly and biweekly habits are purchases.
        self._charged = {
            i
            for p in every_pattern
            if p.direction == "debit"
            and p.cadence in UNUSED_CADENCES
            and p.confidence >= MIN_CONFIDENCE
            for i in p.transaction_ids
        }

    def of(self, pattern: Pattern) -> list[Spend]:
        """The pattern's charges, newest first."""
        found = (self._by_id.get(i) for i in pattern.transaction_ids)
        return _newest_first(s for s in found if s is not None)

    def others_at(self, pattern: Pattern) -> list[Spend]:
        """Debits at the pattern's merchant, in its currency, charged by no subscription."""
        return [
            s
            for s in self._by_id.values()
            if s.id not in self._charged
            and s.amount < 0
            and s.currency == pattern.currency
            and same_merchant(s.merchant_name, pattern)
        ]

    def current_amount(self, pattern: Pattern) -> Decimal:
        """The median charge since the last price change (positive)."""
        amounts = self.current_charges(pattern)
        if not amounts:
            return abs(pattern.typical_amount)
        return Decimal(statistics.median(amounts))

    def current_charges(self, pattern: Pattern) -> list[Decimal]:
        since = pattern.price_changed_on
        return [abs(s.amount) for s in self.of(pattern) if since is None or s.booked_on >= since]


def same_merchant(name: str | None, pattern: Pattern) -> bool:
    """Merchants match by name ignoring case (the roll-ups' and patterns' merchant key is
    the lower-cased name)."""
    if not name:
        return False
    return name == pattern.merchant_name or name.casefold() in (
        pattern.merchant_key.casefold(),
        pattern.merchant_name.casefold(),
    )


def _newest_first(items: Iterable[Spend]) -> list[Spend]:
    return sorted(items, key=lambda s: (s.booked_on, s.id), reverse=True)


def _ids(items: Iterable[Spend]) -> tuple[str, ...]:
    return tuple(str(s.id) for s in items)[:MAX_TRANSACTIONS]


def newest_ids(items: Iterable[Spend]) -> tuple[str, ...]:
    """Up to MAX_TRANSACTIONS ids, newest first."""
    return _ids(_newest_first(items))


def _yearly(amount: Decimal, cadence: str) -> Decimal:
    return amount * PERIODS_PER_YEAR[cadence]


def _key(*parts: object) -> str:
    return ":".join(str(p) for p in parts)


def _confidence(value: float) -> float:
    return round(min(1.0, max(0.0, value)), 4)


# -- the rules -------------------------------------------------------------------------


def unused_subscriptions(
    patterns: Iterable[Pattern], charges: _Charges, today: date
) -> list[Finding]:
    found: list[Finding] = []
    for pattern in patterns:
        if pattern.cadence not in UNUSED_CADENCES:
            continue
        low = min(abs(pattern.min_amount), abs(pattern.max_amount)) / 2
        high = max(abs(pattern.min_amount), abs(pattern.max_amount)) * Decimal("1.5")
        usage = _newest_first(
            s for s in charges.others_at(pattern) if not low <= abs(s.amount) <= high
        )
        if len(usage) < MIN_USAGE:
            continue
        last_usage = usage[0].booked_on
        idle_days = (today - last_usage).days
        if (
            idle_days < UNUSED_AFTER_DAYS
            or last_usage < pattern.first_seen
            or pattern.last_seen <= last_usage
        ):
            continue
        since = [c for c in charges.of(pattern) if c.booked_on > last_usage]
        amount = charges.current_amount(pattern)
        saving = money(_yearly(amount, pattern.cadence))
        if saving <= 0:
            continue
        months = months_between(last_usage, today)
        name, currency = pattern.merchant_name, pattern.currency
        found.append(
            Finding(
                fingerprint=_key("unused_subscription", pattern.merchant_key, currency),
                suggestion_type="unused_subscription",
                title=f"Cancel {name}? Not used for {months} months"[:200],
                description=(
                    f"You pay {name} {money_text(amount)} {currency} {pattern.cadence}, but "
                    f"you have bought nothing else there since {last_usage.isoformat()} "
                    f"({months} months). Cancelling would save about "
                    f"{money_text(saving)} {currency} a year."
                )[:1000],
                potential_saving=saving,
                currency=currency,
                confidence=_confidence(pattern.confidence * min(1.0, idle_days / UNUSED_FULL_DAYS)),
                merchant_name=name,
                category_id=pattern.category_id,
                evidence={
                    "lastUsage": last_usage.isoformat(),
                    "monthsSinceUsage": str(months),
                    "usageCount": str(len(usage)),
                    "chargesSinceUsage": str(len(since)),
                    "typicalAmount": money_text(amount),
                    "cadence": pattern.cadence,
                },
                transaction_ids=_ids([*since[: MAX_TRANSACTIONS - 1], usage[0]]),
            )
        )
    return found


def duplicate_subscriptions(patterns: Iterable[Pattern], charges: _Charges) -> list[Finding]:
    groups: dict[tuple[str, str, str], list[Pattern]] = defaultdict(list)
    for pattern in patterns:
        groups[(pattern.merchant_key, pattern.currency, pattern.cadence)].append(pattern)
    found: list[Finding] = []
    for (key, currency, cadence), group in sorted(groups.items()):
        if len(group) < 2:
            continue
        priced = sorted(
            ((charges.current_amount(p), p) for p in group),
            key=lambda pair: (pair[0], pair[1].first_seen),
            reverse=True,
        )
        amounts = [amount for amount, _ in priced]
        saving = money(sum((_yearly(a, cadence) for a in amounts[1:]), Decimal(0)))
        if saving <= 0:
            continue
        name = group[0].merchant_name
        listed = ", ".join(money_text(a) for a in amounts)
        found.append(
            Finding(
                fingerprint=_key("duplicate_subscription", key, currency),
                suggestion_type="duplicate_subscription",
                title=f"{name} is charged {len(group)} times"[:200],
                description=(
                    f"{len(group)} {cadence} charges from {name} are running side by side "
                    f"({listed} {currency}). Keeping only the {money_text(amounts[0])} "
                    f"{currency} one would save {money_text(saving)} {currency} a year."
                )[:1000],
                potential_saving=saving,
                currency=currency,
                confidence=_confidence(min(p.confidence for p in group)),
                merchant_name=name,
                category_id=next((p.category_id for p in group if p.category_id), None),
                evidence={
                    "subscriptions": str(len(group)),
                    "cadence": cadence,
                    "amounts": listed,
                    "yearlyCost": money_text(
                        sum((_yearly(a, cadence) for a in amounts), Decimal(0))
                    ),
                    "keptAmount": money_text(amounts[0]),
                },
                transaction_ids=_ids(_newest_first(c for p in group for c in charges.of(p))),
            )
        )
    return found


def cheaper_cadences(
    patterns: Iterable[Pattern], charges: _Charges, subscription_categories: frozenset[uuid.UUID]
) -> list[Finding]:
    found: list[Finding] = []
    for pattern in patterns:
        if pattern.cadence != "monthly" or pattern.occurrences < MIN_CHARGES_FOR_CADENCE:
            continue
        if not (
            pattern.category_id in subscription_categories
            or _SUBSCRIPTION_MERCHANTS.search(pattern.merchant_name)
        ):
            continue
        current = charges.current_charges(pattern)
        if len(current) < 2:
            continue
        monthly = Decimal(statistics.median(current))
        if monthly <= 0 or max(current) - min(current) > STABLE_SPREAD * monthly:
            continue
        saving = money(monthly * FREE_MONTHS)
        name, currency = pattern.merchant_name, pattern.currency
        found.append(
            Finding(
                fingerprint=_key("cheaper_cadence", pattern.merchant_key, currency),
                suggestion_type="cheaper_cadence",
                title=f"Pay {name} yearly"[:200],
                description=(
                    f"You pay {name} {money_text(monthly)} {currency} every month "
                    f"({money_text(monthly * 12)} {currency} a year). Yearly plans commonly "
                    f"cost 10 monthly payments: switching could save about "
                    f"{money_text(saving)} {currency} a year."
                )[:1000],
                potential_saving=saving,
                currency=currency,
                confidence=_confidence(0.6 * pattern.confidence),
                merchant_name=name,
                category_id=pattern.category_id,
                evidence={
                    "monthlyAmount": money_text(monthly),
                    "occurrences": str(pattern.occurrences),
                    "yearlyAtMonthlyPrice": money_text(monthly * 12),
                    "estimatedYearlyPrice": money_text(monthly * (12 - FREE_MONTHS)),
                    "assumption": ASSUMPTION,
                },
                transaction_ids=_ids(charges.of(pattern)),
            )
        )
    return found


def is_fee(spend: Spend, categories: FeeCategories) -> bool:
    if spend.category_id is not None and spend.category_id in categories.fees:
        return True
    if _FEE_PHRASES.search(spend.description):
        return True
    filed_elsewhere = (
        spend.category_id is not None and spend.category_id not in categories.financial
    )
    return not filed_elsewhere and _FEE_WORD.search(spend.description) is not None


def fees_and_interest(
    candidates: Iterable[Spend], categories: FeeCategories, today: date
) -> list[Finding]:
    since = today - timedelta(days=FEE_WINDOW_DAYS)
    by_currency: dict[str, list[Spend]] = defaultdict(list)
    for spend in candidates:
        if spend.amount < 0 and since < spend.booked_on <= today and is_fee(spend, categories):
            by_currency[spend.currency].append(spend)
    found: list[Finding] = []
    for currency, fees in sorted(by_currency.items()):
        total = money(sum((-f.amount for f in fees), Decimal(0)))
        if total <= 0:
            continue
        filed = sum((-f.amount for f in fees if f.category_id in categories.fees), Decimal(0))
        # Filed under Fees by the user (or their rules): surer than a word in the text.
        confidence = (0.95 * float(filed) + 0.8 * float(total - filed)) / float(total)
        merchants = {f.merchant_name for f in fees}
        largest = max(-f.amount for f in fees)
        found.append(
            Finding(
                fingerprint=_key("fees_and_interest", currency),
                suggestion_type="fees_and_interest",
                title=f"{money_text(total)} {currency} of fees and interest in a year",
                description=(
                    f"{len(fees)} bank fees and interest charges cost you "
                    f"{money_text(total)} {currency} over the last 12 months (the largest "
                    f"{money_text(largest)} {currency}). A fee-free account, staying out of "
                    "overdraft and paying on time avoid most of them."
                ),
                potential_saving=total,
                currency=currency,
                confidence=_confidence(confidence),
                merchant_name=next(iter(merchants)) if len(merchants) == 1 else None,
                category_id=categories.fees_id,
                evidence={
                    "count": str(len(fees)),
                    "total": money_text(total),
                    "largest": money_text(largest),
                    "since": (since + timedelta(days=1)).isoformat(),
                },
                transaction_ids=_ids(_newest_first(fees)),
            )
        )
    return found


@dataclass(frozen=True, slots=True)
class Baseline:
    """A category's usual month: the median of its history and the level above which a
    month is over it."""

    median: Decimal
    threshold: Decimal

    @classmethod
    def of(cls, values: Sequence[Decimal]) -> Baseline:
        median = Decimal(statistics.median(values))
        mad = Decimal(statistics.median(abs(v - median) for v in values))
        spread = median + OVERSPEND_Z * MAD_TO_SD * mad
        return cls(median, max(spread, median * OVERSPEND_RATIO))

    def exceeded_by(self, spent: Decimal) -> bool:
        return self.median > 0 and spent > self.threshold


def category_overspend(
    categories: Iterable[CategoryMonths], data_months: frozenset[date], today: date
) -> list[Finding]:
    last = add_months(today, -1)
    history = [
        m for m in (add_months(last, -k) for k in range(HISTORY_MONTHS, 0, -1)) if m in data_months
    ]
    if last not in data_months or len(history) < MIN_HISTORY_MONTHS:
        return []
    recent = [m for m in (add_months(last, -k) for k in range(RECENT_MONTHS)) if m in data_months]
    year_before = add_months(last, -HISTORY_MONTHS)
    found: list[Finding] = []
    for category in categories:
        spent = {m: category.expenses.get(m, Decimal(0)) for m in (*history, *recent)}
        baseline = Baseline.of([spent[m] for m in history])
        if not baseline.exceeded_by(spent[last]):
            continue
        if year_before in spent and spent[last] <= spent[year_before] * OVERSPEND_RATIO:
            continue  # the season, not a change: about as much as a year ago
        months_over = [m for m in recent if baseline.exceeded_by(spent[m])]
        found.append(_overspend(category, last, baseline, spent, months_over, len(history)))
    return found


def _overspend(
    category: CategoryMonths,
    last: date,
    baseline: Baseline,
    spent: Mapping[date, Decimal],
    months_over: Sequence[date],
    history_months: int,
) -> Finding:
    annualised = len(months_over) >= RECURRING_OVERSPEND
    excess = spent[last] - baseline.median
    if annualised:
        total = sum((spent[m] - baseline.median for m in months_over), Decimal(0))
        saving = money(total / len(months_over) * 12)
    else:
        saving = money(excess)
    currency, name, typical = category.currency, category.name, money_text(baseline.median)
    if annualised:
        outcome = (
            f"; it ran this high in {len(months_over)} of the last {RECENT_MONTHS} months. "
            f"Back at the usual level you would save about {money_text(saving)} {currency} "
            "a year."
        )
    else:
        outcome = f". Keeping to the usual level saves {money_text(saving)} {currency}."
    return Finding(
        fingerprint=_key("category_overspend", category.category_id, f"{last:%Y-%m}", currency),
        suggestion_type="category_overspend",
        title=f"{name} spending above its usual level"[:200],
        description=(
            f"You spent {money_text(spent[last])} {currency} on {name} in {last:%B %Y}, "
            f"against a typical {typical} {currency} a month{outcome}"
        )[:1000],
        potential_saving=saving,
        currency=currency,
        confidence=_confidence(
            (0.8 if annualised else 0.6) * (0.75 + 0.25 * history_months / HISTORY_MONTHS)
        ),
        merchant_name=None,
        category_id=category.category_id,
        evidence={
            "month": f"{last:%Y-%m}",
            "monthSpending": money_text(spent[last]),
            "typicalMonth": typical,
            "threshold": money_text(baseline.threshold),
            "excess": money_text(excess),
            "historyMonths": str(history_months),
            "monthsOver": str(len(months_over)),
            "annualised": "true" if annualised else "false",
        },
    )


# -- calendar --------------------------------------------------------------------------


def months_between(earlier: date, later: date) -> int:
    """Whole months from `earlier` to `later` (0 within the first month)."""
    months = (later.year - earlier.year) * 12 + later.month - earlier.month
    return max(0, months - (1 if later.day < earlier.day else 0))
