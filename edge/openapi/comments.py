"""Proto comments (the OpenAPI text) read from a descriptor set with source info.

protoc's Python output drops `source_code_info`, so the generated modules carry no
comments. A `FileDescriptorSet` written with `--include_source_info` does; this module
indexes its leading comments by the full name of each service, method, message, field,
enum and enum value. Without such a file every lookup is "" and the document falls back
to names.
"""

from __future__ import annotations

import logging
import textwrap
from collections.abc import Iterator
from pathlib import Path

from google.protobuf import descriptor_pb2

log = logging.getLogger("edge.openapi")

# Field numbers in descriptor.proto that source-location paths are made of.
_FILE_MESSAGE, _FILE_ENUM, _FILE_SERVICE = 4, 5, 6
_MESSAGE_FIELD, _MESSAGE_NESTED, _MESSAGE_ENUM = 2, 3, 4
_ENUM_VALUE = 2
_SERVICE_METHOD = 2


class Comments:
    """Full proto name → its leading comment, dedented; "" when unknown."""

    def __init__(self, by_name: dict[str, str] | None = None) -> None:
        self.by_name = by_name or {}

    def __call__(self, full_name: str) -> str:
        return self.by_name.get(full_name, "")

    @classmethod
    def from_descriptor_set(cls, path: Path) -> Comments:
        files = descriptor_pb2.FileDescriptorSet.FromString(path.read_bytes())
        by_name: dict[str, str] = {}
        for file in files.file:
            names = dict(_paths(file))
            for location in file.source_code_info.location:
                name = names.get(tuple(location.path))
                text = _clean(location.leading_comments)
                if name is not None and text:
                    by_name[name] = text
        return cls(by_name)

    @classmethod
    def load(cls, path: Path | None) -> Comments:
        """Comments from `path` when it exists; none (with a warning) otherwise."""
        if path is None or not path.is_file():
            if path is not None:
                log.warning("no descriptor set at %s: the API document has no proto comments", path)
            return cls()
        return cls.from_descriptor_set(path)


def _clean(comment: str) -> str:
    return textwrap.dedent(comment).strip()


Path_ = tuple[int, ...]


def _paths(file: descriptor_pb2.FileDescriptorProto) -> Iterator[tuple[Path_, str]]:
    prefix = f"{file.package}." if file.package else ""
    for i, message in enumerate(file.message_type):
        yield from _message_paths(message, (_FILE_MESSAGE, i), prefix)
    for i, enum in enumerate(file.enum_type):
        yield from _enum_paths(enum, (_FILE_ENUM, i), prefix)
    for i, service in enumerate(file.service):
        name = prefix + service.name
        yield (_FILE_SERVICE, i), name
        for j, method in enumerate(service.method):
            yield (_FILE_SERVICE, i, _SERVICE_METHOD, j), f"{name}.{method.name}"


def _message_paths(
    message: descriptor_pb2.DescriptorProto, path: Path_, prefix: str
) -> Iterator[tuple[Path_, str]]:
    name = prefix + message.name
    yield path, name
    for i, field in enumerate(message.field):
        yield (*path, _MESSAGE_FIELD, i), f"{name}.{field.name}"
    for i, nested in enumerate(message.nested_type):
        yield from _message_paths(nested, (*path, _MESSAGE_NESTED, i), f"{name}.")
    for i, enum in enumerate(message.enum_type):
        yield from _enum_paths(enum, (*path, _MESSAGE_ENUM, i), f"{name}.")


def _enum_paths(
    enum: descriptor_pb2.EnumDescriptorProto, path: Path_, prefix: str
) -> Iterator[tuple[Path_, str]]:
    # Keyed under their enum ("pkg.Enum.VALUE"), although protobuf scopes values as the
    # enum's siblings: the enum's values are what the document lists together.
    name = prefix + enum.name
    yield path, name
    for i, value in enumerate(enum.value):
        yield (*path, _ENUM_VALUE, i), f"{name}.{value.name}"
