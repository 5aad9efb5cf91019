"""The streamed upload operation (POST /api/documents) in the API document of the real
protos: a multipart body whose file limit is the one in force."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from edge.descriptors import discover_routes
from edge.openapi import api_document
from edge.uploads.limits import UploadLimits


def _file(document: dict[str, Any]) -> dict[str, Any]:
    body = document["paths"]["/api/documents"]["post"]["requestBody"]
    part: dict[str, Any] = body["content"]["multipart/form-data"]["schema"]["properties"]["file"]
    return part


def test_the_file_part_states_the_declared_limit(document: dict[str, Any]) -> None:
    assert _file(document) == {
        "type": "string",
        "format": "binary",
        "maxLength": 104857600,
        "minLength": 1,
    }
    operation = document["paths"]["/api/documents"]["post"]
    assert operation["requestBody"]["required"] is True
    assert {"413", "415", "422"} <= set(operation["responses"])
    assert operation["responses"]["422"] == {"$ref": "#/components/responses/AnalyticsError.422"}


def test_the_run_time_override_is_the_limit_stated(descriptor_set: Path) -> None:
    limits = UploadLimits(10 * 1024 * 1024, {"documents": 5_000_000})
    document = api_document(discover_routes(), descriptor_set, limits)
    assert _file(document)["maxLength"] == 5_000_000
