from __future__ import annotations

from datetime import UTC, datetime, timedelta

from services.main.auth.domain.throttle import (
    ACCOUNT_POLICY,
    IP_POLICY,
    ThrottlePolicy,
    retry_after,
)

NOW = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)


def burst(
    count: int, end: datetime = NOW, spacing: timedelta = timedelta(seconds=1)
) -> list[datetime]:
    """`count` failures, the latest at `end`."""
    return [end - spacing * i for i in range(count)][::-1]


def test_policies() -> None:
    assert ThrottlePolicy(4, 1, 900, 900) == ACCOUNT_POLICY
    assert ThrottlePolicy(19, 1, 900, 900) == IP_POLICY


def test_free_failures_cost_nothing() -> None:
    assert retry_after([], NOW, ACCOUNT_POLICY) == 0
    assert retry_after(burst(4), NOW, ACCOUNT_POLICY) == 0
    # Five failures: the sixth attempt waits.
    assert retry_after(burst(5), NOW, ACCOUNT_POLICY) == 1


def test_delay_doubles_with_each_failure_beyond_the_free_ones() -> None:
    delays = [retry_after(burst(n), NOW, ACCOUNT_POLICY) for n in range(5, 16)]
    assert delays == [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900]


def test_delay_is_capped() -> None:
    assert retry_after(burst(60, spacing=timedelta(milliseconds=10)), NOW, ACCOUNT_POLICY) == 900
    huge = retry_after(burst(5000, spacing=timedelta(microseconds=1)), NOW, ACCOUNT_POLICY)
    assert huge == 900


def test_delay_counts_from_the_latest_failure() -> None:
    failures = burst(7, end=NOW - timedelta(seconds=1.5))  # 3 beyond free: 4 s
    assert retry_after(failures, NOW, ACCOUNT_POLICY) == 3  # 2.5 s left, rounded up
    assert retry_after(failures, NOW + timedelta(seconds=2.5), ACCOUNT_POLICY) == 0
    assert retry_after(failures, NOW + timedelta(seconds=10), ACCOUNT_POLICY) == 0


def test_partial_seconds_are_rounded_up() -> None:
    failures = burst(5, end=NOW - timedelta(milliseconds=100))
    assert retry_after(failures, NOW, ACCOUNT_POLICY) == 1


def test_old_failures_are_forgotten_never_a_permanent_lockout() -> None:
    failures = burst(100, end=NOW)
    assert retry_after(failures, NOW, ACCOUNT_POLICY) == 900
    later = NOW + timedelta(seconds=900)
    assert retry_after(failures, later, ACCOUNT_POLICY) == 0


def test_only_failures_inside_the_window_count() -> None:
    old = burst(10, end=NOW - timedelta(seconds=1000))
    recent = burst(5, end=NOW)
    assert retry_after(old + recent, NOW, ACCOUNT_POLICY) == 1


def test_order_of_failures_does_not_matter() -> None:
    failures = burst(9, end=NOW - timedelta(seconds=3))
    assert retry_after(list(reversed(failures)), NOW, ACCOUNT_POLICY) == retry_after(
        failures, NOW, ACCOUNT_POLICY
    )


def test_ip_policy_has_more_headroom() -> None:
    assert retry_after(burst(19), NOW, IP_POLICY) == 0
    assert retry_after(burst(20), NOW, IP_POLICY) == 1
    assert retry_after(burst(22), NOW, IP_POLICY) == 4


def test_custom_base_delay() -> None:
    policy = ThrottlePolicy(
        free_failures=0, base_delay_seconds=0.5, max_delay_seconds=10, window_seconds=60
    )
    assert [retry_after(burst(n), NOW, policy) for n in range(1, 7)] == [1, 1, 2, 4, 8, 10]
