from __future__ import annotations

import json
import logging
import sys

from services.runtime.logging import JsonFormatter


def test_json_line_with_extra_fields_and_exception() -> None:
    try:
        raise ValueError("boom")
    except ValueError:
        exc_info = sys.exc_info()
    record = logging.LogRecord(
        "finplat.x", logging.WARNING, __file__, 1, "hi %s", ("you",), exc_info
    )
    record.method = "/a.B/C"
    line = JsonFormatter().format(record)
    entry = json.loads(line)
    assert entry["level"] == "WARNING" and entry["logger"] == "finplat.x"
    assert entry["message"] == "hi you" and entry["method"] == "/a.B/C"
    assert "ValueError: boom" in entry["exception"]
