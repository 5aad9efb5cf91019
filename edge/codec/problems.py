"""How the codec reports bad input: one `FieldError` per field, named as the client wrote it."""

from __future__ import annotations

from dataclasses import dataclass


class Invalid(Exception):
    """Raised by a value converter; the caller knows the field path and adds it."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class FieldError:
    """A decoding problem: JSON path (e.g. "items[2].name") and a readable reason."""

    field: str
    reason: str


class DecodeFailed(Exception):
    """The request could not be decoded; carries every field problem found."""

    def __init__(self, errors: list[FieldError]) -> None:
        super().__init__("; ".join(f"{e.field}: {e.reason}" for e in errors))
        self.errors = errors


def join_path(prefix: str, key: str) -> str:
    return f"{prefix}.{key}" if prefix else key
