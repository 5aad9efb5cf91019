"""What a use case sees of a transaction: its repositories, and commit/rollback as a whole.

A Protocol, so use cases depend on no persistence library: db.unit_of_work.UnitOfWork
is the SQLAlchemy implementation the composition roots build. There is deliberately no
session here — use cases reach storage only through `repos`.
"""

from __future__ import annotations

from types import TracebackType
from typing import Protocol, TypeVar

R_co = TypeVar("R_co", covariant=True)


class UnitOfWork(Protocol[R_co]):
    def __enter__(self) -> UnitOfWork[R_co]: ...

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...

    @property
    def repos(self) -> R_co: ...

    def commit(self) -> None: ...
