"""JSON-lines logging: one object per record, `extra={...}` fields at the top level.

Log shippers (Loki, CloudWatch, ...) index top-level keys, so the access log's fields
are not nested under a message string.
"""

from __future__ import annotations

import logging
import sys
from datetime import UTC, datetime
from typing import Any

import orjson

# Attributes every LogRecord has; anything else on a record came from `extra=`.
_STANDARD = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {
    "message",
    "asctime",
    "taskName",
}


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                entry[key] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return orjson.dumps(entry, default=str).decode()


class _StderrHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes to whatever sys.stderr is at emit time, not the stream it was created with:
    a process (or a test run) that replaces sys.stderr must not leave the root handler
    writing to a closed file."""

    @property  # type: ignore[override]
    def stream(self) -> Any:
        return sys.stderr

    @stream.setter
    def stream(self, value: Any) -> None:
        pass  # StreamHandler.__init__ assigns it; the property always answers sys.stderr


def configure_logging(level: str | int = "INFO") -> None:
    """Send every logger's records to stderr as JSON lines (idempotent)."""
    root = logging.getLogger()
    root.setLevel(level)
    for handler in root.handlers:
        if getattr(handler, "_finplat_json", False):
            return
    handler = _StderrHandler()
    handler.setFormatter(JsonFormatter())
    handler._finplat_json = True  # type: ignore[attr-defined]
    root.addHandler(handler)
