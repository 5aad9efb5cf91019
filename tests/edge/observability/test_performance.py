"""The event-loop lag probe sees a blocked loop; the monitor reports the process."""

from __future__ import annotations

import asyncio
import time

from edge.observability.performance import LoopLagProbe, PerformanceMonitor


async def test_probe_sees_a_blocked_loop() -> None:
    probe = LoopLagProbe(interval_seconds=0.02)
    probe.start()
    probe.start()  # idempotent
    try:
        await asyncio.sleep(0.05)
        time.sleep(0.3)  # a blocking call on the loop: what the probe exists to reveal
        await asyncio.sleep(0.05)
        snapshot = probe.snapshot()
    finally:
        await probe.stop()
    assert snapshot["running"] is True
    assert snapshot["samples"] >= 2
    # At least the blocked time, minus one interval the probe may have been sleeping.
    assert snapshot["max_ms"] >= 250
    assert probe.snapshot()["running"] is False


async def test_monitor_without_a_started_probe() -> None:
    monitor = PerformanceMonitor(LoopLagProbe(0.5))
    snapshot = monitor.snapshot()
    assert snapshot["event_loop_lag"] == {
        "running": False,
        "interval_ms": 500.0,
        "samples": 0,
        "last_ms": 0.0,
        "max_ms": 0.0,
        "mean_ms": None,
    }
    assert snapshot["process_uptime_seconds"] >= snapshot["uptime_seconds"]
