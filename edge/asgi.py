"""ASGI types and the scope keys the edge's layers share.

A leaf module (imports nothing from edge) so middlewares and the transcoder can all use
it without import cycles.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

# Set by RequestIdMiddleware (outermost); read by every layer that answers or logs.
REQUEST_ID_SCOPE_KEY = "finplat.request_id"
# Set by the transcoder: the matched route template, its backend, the chosen instance.
ROUTE_SCOPE_KEY = "finplat.route"
BACKEND_SCOPE_KEY = "finplat.backend"
INSTANCE_SCOPE_KEY = "finplat.instance"
# The transcoder's route match when an outer layer (the body guard) needed it first.
MATCH_SCOPE_KEY = "finplat.match"
