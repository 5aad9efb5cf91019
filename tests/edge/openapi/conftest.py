"""The API document of the real protos, with comments from a descriptor set that protoc
writes here with source info (what tools/codegen.py is proposed to ship)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from edge.descriptors import discover_routes
from edge.openapi import api_document
from tools import codegen


@pytest.fixture(scope="session")
def descriptor_set(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("descriptors") / "descriptor_set.binpb"
    codegen._protoc(
        [
            f"--descriptor_set_out={out}",
            "--include_source_info",
            "--include_imports",
            *codegen._our_protos(),
        ]
    )
    return out


@pytest.fixture(scope="session")
def document(descriptor_set: Path) -> dict[str, Any]:
    return api_document(discover_routes(), descriptor_set)
