"""An invoice's arithmetic, exact with Decimal.

- A line's net amount is quantity * unit price rounded half-up to the cent (the
  commercial rounding of invoices, as EN 16931 and every tax authority we know expect).
- Tax is computed per rate, not per line (EN 16931's VAT breakdown, the EU practice):
  the nets of the lines at one rate are summed, and that sum * rate / 100 is rounded
  half-up to the cent once. Per-line rounding would drift by a cent per line.
- subtotal = Σ nets; tax_total = Σ taxes per rate; total = subtotal + tax_total.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Final

from services.main.kernel.money import CENT, ZERO

HUNDRED: Final = Decimal(100)


def half_up(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


@dataclass(frozen=True)
class Line:
    description: str
    quantity: Decimal
    unit_price: Decimal
    # Percent: Decimal("20") is 20 %.
    tax_rate: Decimal

    @property
    def net_amount(self) -> Decimal:
        return half_up(self.quantity * self.unit_price)


@dataclass(frozen=True)
class TaxGroup:
    tax_rate: Decimal
    taxable_amount: Decimal

    @property
    def tax_amount(self) -> Decimal:
        return half_up(self.taxable_amount * self.tax_rate / HUNDRED)


@dataclass(frozen=True)
class Totals:
    taxes: tuple[TaxGroup, ...]
    subtotal: Decimal
    tax_total: Decimal

    @property
    def total(self) -> Decimal:
        return self.subtotal + self.tax_total


def totals(lines: Sequence[Line]) -> Totals:
    """The tax breakdown (by rate, ascending) and the totals of `lines`."""
    by_rate: dict[Decimal, Decimal] = {}
    for line in lines:
        # normalize(): "20" and "20.00" are one rate.
        rate = line.tax_rate.normalize()
        by_rate[rate] = by_rate.get(rate, ZERO) + line.net_amount
    taxes = tuple(TaxGroup(rate, by_rate[rate]) for rate in sorted(by_rate))
    subtotal = sum((line.net_amount for line in lines), ZERO)
    tax_total = sum((group.tax_amount for group in taxes), ZERO)
    return Totals(taxes, subtotal, tax_total)
