"""Helpers for the rate-limit tests: counters on unique keys, and calendar alignment."""

from __future__ import annotations

import asyncio
import time
import uuid

from edge.ratelimit import Counter, Decision, Rule
from edge.ratelimit.settings import Algorithm

ALGORITHMS: tuple[Algorithm, ...] = ("sliding_window", "token_bucket", "fixed_window")


def unique_key() -> str:
    # One Redis serves the whole session: every test counts under keys of its own.
    return f"test-{uuid.uuid4().hex}"


async def hits(counter: Counter, key: str, rule: Rule, n: int) -> list[Decision]:
    return [await counter.hit(key, rule) for _ in range(n)]


def allowed(decisions: list[Decision]) -> int:
    return sum(d.allowed for d in decisions)


async def next_window(window: int) -> None:
    """Sleep until just after the next calendar window boundary (the sliding window
    counts in windows aligned to the epoch), so a burst lands wholly in one window."""
    await asyncio.sleep(window - time.time() % window + 0.02)
