"""What /observability/performance reports about the edge process: memory, CPU, tasks,
threads, file descriptors, garbage collection, uptime and event-loop lag.

Event-loop lag is what a gateway on one event loop feels first (a blocking call, a
CPU-heavy request): a small task sleeps for a fixed interval and measures how late it
wakes up. It costs one wake-up per interval, nothing per request.
"""

from __future__ import annotations

import asyncio
import gc
import threading
import time
from typing import Any

# No stubs installed for psutil (types-psutil is not a dependency yet).
import psutil

from edge.background import BackgroundTask


class LoopLagProbe:
    def __init__(self, interval_seconds: float = 0.5) -> None:
        self.interval = interval_seconds
        self.last = 0.0
        self.max = 0.0
        self.total = 0.0
        self.samples = 0
        self._background = BackgroundTask(self._run, "loop-lag")

    def start(self) -> None:
        """Start probing on the running loop (idempotent); call from the app's lifespan."""
        self._background.start()

    async def stop(self) -> None:
        await self._background.stop()

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            due = loop.time() + self.interval
            await asyncio.sleep(self.interval)
            lag = max(0.0, loop.time() - due)
            self.last = lag
            self.max = max(self.max, lag)
            self.total += lag
            self.samples += 1

    def snapshot(self) -> dict[str, Any]:
        return {
            "running": self._background.running,
            "interval_ms": round(self.interval * 1000, 3),
            "samples": self.samples,
            "last_ms": round(self.last * 1000, 3),
            "max_ms": round(self.max * 1000, 3),
            "mean_ms": round(self.total / self.samples * 1000, 3) if self.samples else None,
        }


class PerformanceMonitor:
    """One per app: psutil's cpu_percent is measured between two calls on the same
    Process object, so the object lives as long as the app."""

    def __init__(self, probe: LoopLagProbe) -> None:
        self.probe = probe
        self.process = psutil.Process()
        self.started = time.time()
        self.process.cpu_percent(None)  # the first call only sets the baseline

    def start(self) -> None:
        self.probe.start()

    async def stop(self) -> None:
        await self.probe.stop()

    def snapshot(self) -> dict[str, Any]:
        process = self.process
        with process.oneshot():  # one /proc read for all the fields below
            memory = process.memory_info()
            cpu_times = process.cpu_times()
            cpu_percent = process.cpu_percent(None)
            threads = process.num_threads()
            fds = process.num_fds() if hasattr(process, "num_fds") else None
            created = process.create_time()
        try:
            tasks: int | None = len(asyncio.all_tasks())
        except RuntimeError:  # no running loop (called from a thread)
            tasks = None
        return {
            "memory": {"rss_bytes": memory.rss, "vms_bytes": memory.vms},
            "cpu": {
                "percent": cpu_percent,
                "user_seconds": cpu_times.user,
                "system_seconds": cpu_times.system,
            },
            "asyncio_tasks": tasks,
            "threads": threads,
            "python_threads": threading.active_count(),
            "open_fds": fds,
            "gc": _gc_snapshot(),
            "uptime_seconds": round(time.time() - self.started, 3),
            "process_uptime_seconds": round(time.time() - created, 3),
            "event_loop_lag": self.probe.snapshot(),
        }


def _gc_snapshot() -> dict[str, Any]:
    counts = gc.get_count()
    thresholds = gc.get_threshold()
    generations = [
        {
            "generation": index,
            "count": counts[index],
            "threshold": thresholds[index],
            "collections": stats["collections"],
            "collected": stats["collected"],
            "uncollectable": stats["uncollectable"],
        }
        for index, stats in enumerate(gc.get_stats())
    ]
    return {"enabled": gc.isenabled(), "generations": generations}
