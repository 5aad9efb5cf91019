"""Persistence of scenarios, scoped to the owning user through db.scoping."""

from __future__ import annotations

from sqlalchemy.orm import Session


class ScenarioRepository:
    def __init__(self, session: Session) -> None:
        self._session = session
