"""The API document of the real protos, with comments from the descriptor set codegen
writes next to the generated modules (CI keeps it fresh with `tools.codegen --check`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from edge.descriptors import discover_routes
from edge.openapi import DEFAULT_DESCRIPTOR_SET, api_document


@pytest.fixture(scope="session")
def descriptor_set() -> Path:
    assert DEFAULT_DESCRIPTOR_SET.is_file(), "run `python -m tools.codegen`"
    return DEFAULT_DESCRIPTOR_SET


@pytest.fixture(scope="session")
def document(descriptor_set: Path) -> dict[str, Any]:
    return api_document(discover_routes(), descriptor_set)
