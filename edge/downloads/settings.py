"""Settings of streamed downloads (a mixin of EdgeSettings, prefix FINPLAT_)."""

from __future__ import annotations

from pydantic import PositiveFloat
from pydantic_settings import BaseSettings, SettingsConfigDict


class DownloadSettings(BaseSettings):
    """How long a streamed download may go quiet, and its longest life.

    The first message is awaited within the route's unary deadline (the edge's call
    deadline or the method's longer HttpRules.timeout_seconds): producing the first
    bytes is the query's work, like a unary answer. After it, only the gap between two
    messages is bounded, so a long legitimate stream is never cut for its length."""

    model_config = SettingsConfigDict(env_prefix="FINPLAT_", extra="ignore")

    # Longest wait for the next message once the file has started; past it the call is
    # cancelled and the response aborted (the backend stalled).
    edge_stream_idle_timeout_seconds: PositiveFloat = 30.0
    # The gRPC deadline of a streamed download: a backstop so a stream nobody ends
    # cannot hold a backend forever (6 hours: gigabytes over a slow link).
    edge_stream_max_seconds: PositiveFloat = 6 * 3600.0
