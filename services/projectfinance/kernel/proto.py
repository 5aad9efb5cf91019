"""Proto conversions the project-finance servicers share (servicers only: the one
kernel module that imports the generated messages)."""

from __future__ import annotations

from finplat.projectfinance.v1 import money_pb2

from services.projectfinance.kernel.money import Money, amount_text


def money_pb(money: Money) -> money_pb2.MoneyB:
    """A MoneyB with exactly its currency's places ("1500.00", "300")."""
    return money_pb2.MoneyB(amount=amount_text(money), currency=money.currency)
