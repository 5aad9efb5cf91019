"""The API-key `Authenticator` the runtime's auth interceptor uses for this backend."""

from __future__ import annotations

from collections.abc import Callable

from services.expense import apikeys, usecases
from services.expense.usecases import Clock, ExpenseUnitOfWork
from services.runtime.principal import Principal


class ApiKeyAuthenticator:
    """Recognises `fpk_…` credentials and resolves them against the api_keys table."""

    def __init__(
        self, unit_of_work: Callable[[], ExpenseUnitOfWork], clock: Clock = usecases.utcnow
    ) -> None:
        self._unit_of_work = unit_of_work
        self._clock = clock

    def accepts(self, credential: str) -> bool:
        return apikeys.looks_like_key(credential)

    def authenticate(self, credential: str) -> Principal:
        return usecases.authenticate_api_key(self._unit_of_work(), credential, self._clock)
