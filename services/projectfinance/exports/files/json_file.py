"""The JSON export: `{generated_at, record_count, records: [...]}`, each record an
object of its columns with, as asked, its `phases`, `scopes` and `team` arrays. Amounts,
indices and percents are exact decimal strings ("1500.00"), never floats; times RFC 3339
UTC. Text is as typed (JSON is data, not a spreadsheet: nothing to neutralise)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal
from typing import Any

import orjson

from services.projectfinance.exports.domain.contents import (
    PHASES,
    SCOPES,
    TEAM,
    Cell,
    ExportedRecord,
    moment,
    phase_row,
    record_row,
    scope_row,
    team_row,
)
from services.projectfinance.exports.domain.requests import Include


def _json(row: dict[str, Cell]) -> dict[str, Any]:
    return {
        name: format(value, "f") if isinstance(value, Decimal) else value
        for name, value in row.items()
    }


def _record(exported: ExportedRecord, include: Include) -> dict[str, Any]:
    record = exported.record
    shown = _json(record_row(exported))
    if include.phases:
        shown[PHASES] = [_json(phase_row(record, p)) for p in exported.phases]
    if include.scopes:
        shown[SCOPES] = [_json(scope_row(record, s)) for s in exported.scopes]
    if include.team:
        shown[TEAM] = [_json(team_row(record, m)) for m in exported.team]
    return shown


def json_file(records: Sequence[ExportedRecord], include: Include, generated_at: datetime) -> bytes:
    return orjson.dumps(
        {
            "generated_at": moment(generated_at),
            "record_count": len(records),
            "records": [_record(r, include) for r in records],
        }
    )
