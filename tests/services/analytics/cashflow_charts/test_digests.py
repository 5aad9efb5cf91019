"""The alerts and recommendations digests (pure): their order, limits, counts, charts,
and how saving suggestions become recommendations."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from services.analytics.cashflow_charts.digests import (
    MAX_ALERTS,
    MAX_RECOMMENDATIONS,
    SEVERITIES,
    alerts_digest,
    recommendations_digest,
)
from services.analytics.cashflow_charts.recommendations import (
    Recommendation,
    ranked,
    suggestion_priority,
)
from tests.services.analytics.cashflow_charts.support import alert, suggestion

# -- alerts --------------------------------------------------------------------------------


def test_alerts_are_ordered_most_urgent_first() -> None:
    given = [
        alert("low", name="low"),
        alert("high", "acknowledged", name="high seen"),
        alert("medium", starts=date(2027, 1, 1), name="medium later"),
        alert("high", starts=date(2027, 2, 1), name="high later"),
        alert("medium", starts=date(2026, 12, 1), created_hours_ago=5, name="medium older"),
        alert("medium", starts=date(2026, 12, 1), created_hours_ago=1, name="medium newer"),
        alert("high", name="high"),
        alert("high", "resolved", name="resolved"),
        alert("low", "dismissed", name="dismissed"),
    ]
    found = alerts_digest(given)
    assert [a.title for a in found.alerts] == [
        "high",  # pending, December
        "high later",  # pending, February
        "high seen",  # acknowledged
        "medium newer",  # same period: the newest first
        "medium older",
        "medium later",
        "low",
    ]
    assert (found.total_active, found.pending) == (7, 6)
    chart = found.chart
    assert (chart.chart_type, chart.labels) == ("doughnut", ("high", "medium", "low"))
    (counts,) = chart.datasets
    assert counts.data == (Decimal(3), Decimal(3), Decimal(1))
    assert len(counts.background_color) == 3


def test_at_most_twenty_alerts_but_every_one_counted() -> None:
    given = [alert("low", created_hours_ago=n, name=str(n)) for n in range(25)]
    found = alerts_digest(given)
    assert len(found.alerts) == MAX_ALERTS
    assert [a.title for a in found.alerts[:3]] == ["0", "1", "2"]
    assert (found.total_active, found.pending) == (25, 25)
    assert found.chart.datasets[0].data == tuple(map(Decimal, (0, 0, 25)))


def test_no_alerts_keep_the_three_severities_at_zero() -> None:
    found = alerts_digest([])
    assert found.chart.labels == SEVERITIES == ("high", "medium", "low")
    assert found.chart.datasets[0].data == tuple(map(Decimal, (0, 0, 0)))
    assert (found.alerts, found.total_active, found.pending) == ((), 0, 0)


# -- recommendations -----------------------------------------------------------------------


def health(kind: str, priority: str, saving: str | None = None) -> Recommendation:
    return Recommendation(
        source="health",
        kind=kind,
        title=f"About {kind}",
        message="",
        priority=priority,  # type: ignore[arg-type]
        potential_savings=None if saving is None else Decimal(saving),
    )


def test_suggestion_priority_is_the_share_of_monthly_spending() -> None:
    spending = Decimal(2000)
    assert suggestion_priority(Decimal(100), spending) == "high"  # 5 %
    assert suggestion_priority(Decimal("99.99"), spending) == "medium"
    assert suggestion_priority(Decimal(20), spending) == "medium"  # 1 %
    assert suggestion_priority(Decimal("19.99"), spending) == "low"
    assert suggestion_priority(Decimal(5), None) == "medium"
    assert suggestion_priority(Decimal(5), Decimal(0)) == "medium"


def test_recommendations_highest_priority_then_largest_saving() -> None:
    found = recommendations_digest(
        [
            health("savings_rate", "high", "333.33"),
            health("emergency_fund", "medium"),
            health("debt_ratio", "high"),
        ],
        [
            suggestion("Cancel the gym", "600.00"),  # 50.00 a month: 2.5 % → medium
            suggestion("Two Spotify plans", "1440.00", kind="duplicate_subscription"),  # 120
            suggestion("Bank fees", "12.45", kind="fees_and_interest", status="viewed"),
            suggestion("Done already", "999.00", status="implemented"),
            suggestion("Not for me", "999.00", status="dismissed"),
            suggestion("Dollars", "999.00", currency="USD"),
        ],
        "EUR",
        Decimal(2000),
    )
    assert [(r.title, r.priority, r.potential_savings) for r in found.recommendations] == [
        ("About savings_rate", "high", Decimal("333.33")),
        ("Two Spotify plans", "high", Decimal("120.00")),
        ("About debt_ratio", "high", None),
        ("Cancel the gym", "medium", Decimal("50.00")),
        ("About emergency_fund", "medium", None),
        ("Bank fees", "low", Decimal("1.04")),  # 12.45 / 12 = 1.0375
    ]
    spotify = found.recommendations[1]
    assert (spotify.source, spotify.kind) == ("suggestion", "duplicate_subscription")
    assert spotify.suggestion_id is not None
    chart = found.chart
    assert chart.chart_type == "bar"
    assert chart.labels == ("About savings_rate", "Two Spotify plans", "Cancel the gym",
                            "Bank fees")  # fmt: skip
    assert chart.datasets[0].data == (
        Decimal("333.33"), Decimal("120.00"), Decimal("50.00"), Decimal("1.04")
    )  # fmt: skip
    assert found.total_potential_savings == Decimal("504.37")
    assert found.currency == "EUR"


def test_at_most_twenty_recommendations() -> None:
    many = [suggestion(f"S{n:02d}", f"{(n + 1) * 12}.00") for n in range(30)]
    found = recommendations_digest([], many, "EUR", None)
    assert len(found.recommendations) == MAX_RECOMMENDATIONS
    assert found.recommendations[0].title == "S29"
    assert len(found.chart.labels) == MAX_RECOMMENDATIONS
    assert found.total_potential_savings == sum(Decimal(n + 1) for n in range(10, 30))


def test_nothing_to_recommend_is_an_empty_chart() -> None:
    found = recommendations_digest([], [], "EUR", None)
    assert (found.recommendations, found.chart.labels) == ((), ())
    assert [d.data for d in found.chart.datasets] == [()]
    assert format(found.total_potential_savings, "f") == "0.00"


def test_ties_are_ordered_health_first_then_by_title() -> None:
    a = health("b", "low", "5.00")
    b = Recommendation("suggestion", "x", "A suggestion", "", "low", Decimal("5.00"))
    c = health("a", "low", "5.00")
    assert [r.title for r in ranked([b, a, c])] == ["About a", "About b", "A suggestion"]
