"""The low-balance threshold: a setting of the analytics backend
(FINPLAT_ANALYTICS_LOW_BALANCE_THRESHOLD), carried by the kernel to the cash-flow use
cases."""

from __future__ import annotations

from decimal import Decimal

import pytest
from pydantic import ValidationError

from services.analytics.cashflow import CAPABILITY
from services.analytics.cashflow.servicer import CashFlowServicer
from services.analytics.kernel import AnalyticsKernel
from services.analytics.settings import AnalyticsSettings


def test_the_threshold_defaults_to_100_and_is_read_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert AnalyticsSettings().analytics_low_balance_threshold == Decimal("100.00")
    monkeypatch.setenv("FINPLAT_ANALYTICS_LOW_BALANCE_THRESHOLD", "250.50")
    assert AnalyticsSettings().analytics_low_balance_threshold == Decimal("250.50")
    monkeypatch.setenv("FINPLAT_ANALYTICS_LOW_BALANCE_THRESHOLD", "-1")
    with pytest.raises(ValidationError):
        AnalyticsSettings()


def test_the_kernel_carries_it_to_the_servicer() -> None:
    kernel = AnalyticsKernel(
        unit_of_work=lambda: None,  # type: ignore[arg-type, return-value]
        database_ok=lambda: True,
        low_balance_threshold=Decimal("500.00"),
    )
    [served] = CAPABILITY.servicers(kernel)
    assert isinstance(served.servicer, CashFlowServicer)
    assert served.servicer._threshold == Decimal("500.00")
