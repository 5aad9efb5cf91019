"""Settings of the API documentation (an EdgeSettings mixin)."""

from __future__ import annotations

from pathlib import Path

from pydantic_settings import BaseSettings, SettingsConfigDict


class OpenApiSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="FINPLAT_", extra="ignore")

    # A FileDescriptorSet of the protos written with source info (protoc
    # --include_source_info): the proto comments become the document's text. None: the
    # file codegen writes next to the generated modules, when it exists.
    edge_openapi_descriptor_set: Path | None = None
