"""Settings of streamed uploads (a mixin of EdgeSettings, prefix FINPLAT_)."""

from __future__ import annotations

from pydantic import Field, PositiveInt
from pydantic_settings import BaseSettings, SettingsConfigDict


class UploadSettings(BaseSettings):
    """Per-route size limits and the deadline of a streamed upload's gRPC call."""

    model_config = SettingsConfigDict(env_prefix="FINPLAT_", extra="ignore")

    # Upload limit name (MultipartField.max_bytes_setting) → largest accepted file in
    # bytes, overriding the proto's max_bytes; JSON in the environment, e.g.
    # FINPLAT_EDGE_UPLOAD_LIMITS='{"documents": 5000000}'.
    edge_upload_limits: dict[str, PositiveInt] = Field(default_factory=dict)
    # Deadline of a streamed upload's gRPC call, from its opening (once the file's first
    # bytes are checked) to the backend's answer: long enough for the largest file over
    # a slow link (100 MB at 2 Mbit/s takes about 7 minutes). Also the total time such a
    # body may take to arrive (FINPLAT_EDGE_BODY_TIMEOUT_SECONDS is for other bodies).
    edge_upload_timeout_seconds: float = 600.0
