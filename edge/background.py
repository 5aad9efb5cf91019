"""One long-running asyncio task owned by a component (health checks, discovery polls,
loop-lag probe): started in the app's lifespan, cancelled and awaited on shutdown."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any


class BackgroundTask:
    def __init__(self, run: Callable[[], Coroutine[Any, Any, None]], name: str) -> None:
        self._run = run
        self._name = name
        self._task: asyncio.Task[None] | None = None

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def start(self) -> None:
        """Start on the running loop; idempotent while the task is alive."""
        if not self.running:
            self._task = asyncio.get_running_loop().create_task(self._run(), name=self._name)

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            # The task's own error (if it died) was already logged by it; shutdown goes on.
            await asyncio.gather(task, return_exceptions=True)
