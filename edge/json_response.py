"""`OrjsonResponse`: the edge's own endpoints answer JSON through orjson.

A leaf module: the management, observability and discovery routers all use it, so it
must not live in any of them (it did in management.py, which tied observability to
balancing through management's imports).
"""

from __future__ import annotations

from typing import Any

import orjson
from fastapi.responses import Response


class OrjsonResponse(Response):
    """JSON via orjson (FastAPI's OrjsonResponse is deprecated; this is the same few lines)."""

    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return orjson.dumps(content)
