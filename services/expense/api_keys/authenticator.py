"""The API-key `Authenticator` the runtime's auth interceptor uses for this backend: the
capability's other entry point besides its servicer."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

from services.expense.api_keys import domain, usecases
from services.expense.api_keys.domain import ApiKey
from services.runtime.clock import Clock, utcnow
from services.runtime.principal import Principal

if TYPE_CHECKING:
    from services.expense.api_keys.usecases import Uow


class ApiKeyAuthenticator:
    """Recognises `fpk_…` credentials and resolves them against the api_keys table.

    `lookup` is the session-free read of the request path (repository.ApiKeyLookup);
    the rare `last_used_at` write goes through a unit of work.
    """

    def __init__(
        self,
        unit_of_work: Callable[[], Uow],
        lookup: Callable[[str], ApiKey | None],
        clock: Clock = utcnow,
    ) -> None:
        self._unit_of_work = unit_of_work
        self._lookup = lookup
        self._clock = clock

    def accepts(self, credential: str) -> bool:
        return domain.looks_like_key(credential)

    def authenticate(self, credential: str) -> Principal:
        key = self._lookup(domain.hash_secret(credential))
        return usecases.admit_api_key(key, self._touch, self._clock)

    def _touch(self, key_id: uuid.UUID, now: datetime) -> None:
        with self._unit_of_work() as uow:
            uow.repos.api_keys.touch(key_id, now)
