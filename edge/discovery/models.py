"""The register request, validated by pydantic: every refusal is a 400 validation_error
naming the field (edge/guards.py renders RequestValidationError in the gateway body)."""

from __future__ import annotations

import ipaddress
import re
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator

# RFC 1123 host names: dot-separated labels of letters, digits and inner hyphens.
_LABEL = re.compile(r"^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$")
# Instance ids are chosen by us (UUIDs) or by a registrant re-registering; keep them to
# characters that are safe in a URL path and a Redis key.
INSTANCE_ID = r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"
# Metadata is descriptive (zone, version): bounded so a registrant cannot fill Redis.
MAX_METADATA_ENTRIES = 32
MetadataKey = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9][A-Za-z0-9._/-]{0,62}$")]
MetadataValue = Annotated[str, StringConstraints(max_length=256)]


def valid_host(value: str) -> str:
    """An IP address (returned in canonical form) or an RFC 1123 host name."""
    try:
        return str(ipaddress.ip_address(value))
    except ValueError:
        pass
    name = value[:-1] if value.endswith(".") else value
    if not name or len(name) > 253 or not all(_LABEL.match(label) for label in name.split(".")):
        raise ValueError("must be an IP address or a host name")
    if name.replace(".", "").isdigit():
        raise ValueError("must be an IP address or a host name")
    return name.lower()


class RegisterRequest(BaseModel):
    # Unknown fields are refused: a misspelt "wieght" must not silently register weight 1.
    model_config = ConfigDict(extra="forbid")

    service_type: str = Field(min_length=1, max_length=63)
    address: str = Field(min_length=1, max_length=253)
    port: int = Field(ge=1, le=65535)
    weight: int = Field(default=1, ge=1, le=100)
    metadata: dict[MetadataKey, MetadataValue] = Field(
        default_factory=dict, max_length=MAX_METADATA_ENTRIES
    )
    instance_id: str | None = Field(default=None, pattern=INSTANCE_ID)

    @field_validator("address")
    @classmethod
    def _address(cls, value: str) -> str:
        return valid_host(value)
