"""Persistence of computed forecasts: one row per user, currency, entity and period,
its payload the computed forecast (JSON), upserted so two requests computing the same
forecast at once both succeed."""

from __future__ import annotations

import uuid
from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from db.scoping import delete_owned, select_owned
from services.analytics.forecasts.domain import (
    Computed,
    Entity,
    Period,
    PointAmounts,
    StoredForecast,
)
from services.analytics.forecasts.tables import ForecastRow

# Written as a Core table: an upsert of plain values.
_TABLE: Any = ForecastRow.__table__
# Bumped when the payload's shape changes: an older payload is then computed again.
_FORMAT = 1


def _day(value: date | None) -> str | None:
    return None if value is None else value.isoformat()


def _parse_day(value: str | None) -> date | None:
    return None if value is None else date.fromisoformat(value)


def _payload(entity: Entity, computed: Computed) -> dict[str, Any]:
    return {
        "format": _FORMAT,
        "entity_name": entity.name,
        "method": computed.method,
        "history_length": computed.history_length,
        "history_start": _day(computed.history_start),
        "history_end": _day(computed.history_end),
        "first_period": computed.first_period.isoformat(),
        # [amount, lower80, upper80, lower95, upper95] per step, as decimal strings.
        "points": [
            [str(p.amount), str(p.lower80), str(p.upper80), str(p.lower95), str(p.upper95)]
            for p in computed.points
        ],
        "backtest": {
            "horizon": computed.backtest_horizon,
            "mase": computed.mase,
            "seasonal_naive_mase": computed.seasonal_naive_mase,
        },
        "has_spending": computed.has_spending,
        "scope": computed.scope,
    }


def _computed(payload: dict[str, Any]) -> Computed:
    backtest = payload["backtest"]
    return Computed(
        method=payload["method"],
        history_length=int(payload["history_length"]),
        history_start=_parse_day(payload["history_start"]),
        history_end=_parse_day(payload["history_end"]),
        first_period=date.fromisoformat(payload["first_period"]),
        points=tuple(PointAmounts(*(Decimal(v) for v in p)) for p in payload["points"]),
        backtest_horizon=int(backtest["horizon"]),
        mase=backtest["mase"],
        seasonal_naive_mase=backtest["seasonal_naive_mase"],
        has_spending=bool(payload["has_spending"]),
        scope=payload["scope"],
    )


def _stored(row: ForecastRow) -> StoredForecast | None:
    payload = row.payload
    if payload.get("format") != _FORMAT:
        return None
    return StoredForecast(
        entity=Entity(row.entity_type, row.entity_key, payload["entity_name"]),  # type: ignore[arg-type]
        currency=row.currency,
        period=row.period,  # type: ignore[arg-type]
        horizon=row.horizon,
        data_version=row.data_version,
        computed=_computed(payload),
        generated_at=row.generated_at,
    )


class ForecastRepository:
    def __init__(self, session: Session) -> None:
        self._session = session

    def find(
        self, user_id: uuid.UUID, currency: str, entity: Entity, period: Period
    ) -> StoredForecast | None:
        """The stored forecast of the entity and period (None: none, or one stored in an
        older format)."""
        row = self._session.scalars(
            select_owned(
                ForecastRow,
                user_id,
                ForecastRow.currency == currency,
                ForecastRow.entity_type == entity.kind,
                ForecastRow.entity_key == entity.key,
                ForecastRow.period == period,
            )
        ).first()
        return None if row is None else _stored(row)

    def save(self, user_id: uuid.UUID, forecast: StoredForecast) -> StoredForecast:
        """Store `forecast`, replacing the one of its entity and period.

        INSERT … ON CONFLICT DO UPDATE on the (user, currency, entity, period) key: a
        request racing another one to compute the same forecast overwrites it with an
        equal one instead of failing on the unique constraint.
        """
        table = _TABLE.c
        insert = self._insert()
        proposed: Any = insert.excluded
        values = {
            "id": uuid.uuid4(),
            "user_id": user_id,
            "currency": forecast.currency,
            "entity_type": forecast.entity.kind,
            "entity_key": forecast.entity.key,
            "period": forecast.period,
            "horizon": forecast.horizon,
            "data_version": forecast.data_version,
            "payload": _payload(forecast.entity, forecast.computed),
            "generated_at": forecast.generated_at,
        }
        self._session.execute(
            insert.values(values).on_conflict_do_update(
                index_elements=[
                    table.user_id,
                    table.currency,
                    table.entity_type,
                    table.entity_key,
                    table.period,
                ],
                set_={
                    name: getattr(proposed, name)
                    for name in ("horizon", "data_version", "payload", "generated_at")
                },
            )
        )
        return forecast

    def delete_all(self, user_id: uuid.UUID) -> None:
        self._session.execute(
            delete_owned(ForecastRow, user_id).execution_options(synchronize_session=False)
        )

    def _insert(self) -> postgresql.Insert | sqlite.Insert:
        # ON CONFLICT is dialect-specific in SQLAlchemy; both supported engines have it.
        if self._session.get_bind().dialect.name == "postgresql":
            return postgresql.insert(_TABLE)
        return sqlite.insert(_TABLE)
