"""What the edge tests' scripted backends share: the calls they saw, by the request's
x-request-id, and waiting until one has started or ended."""

from __future__ import annotations

import asyncio
from typing import Generic, Protocol, TypeVar


class Ending(Protocol):
    ended: asyncio.Event


C = TypeVar("C", bound=Ending)


class RecordsCalls(Generic[C]):
    def __init__(self) -> None:
        self.calls: dict[str, C] = {}  # by x-request-id

    async def started(self, request_id: str, timeout: float = 10.0) -> C:
        async with asyncio.timeout(timeout):
            while request_id not in self.calls:
                await asyncio.sleep(0.01)
        return self.calls[request_id]

    async def ended(self, request_id: str, timeout: float = 10.0) -> C:
        """The finished call of a request (waiting for it to end)."""
        call = await self.started(request_id, timeout)
        await asyncio.wait_for(call.ended.wait(), timeout)
        return call
