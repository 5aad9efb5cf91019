"""The unit of work: one transaction, its repositories, commit or rollback as a whole.

Use cases receive a fresh `UnitOfWork` per call (through a factory built by the
composition root), enter it, use `uow.repos`, and leave: success commits, an exception
rolls back and propagates. The session is private: only the repositories built from it
see it, so a use case cannot reach around them (services.runtime.unit_of_work is the
Protocol use cases type against).
"""

from __future__ import annotations

from collections.abc import Callable
from types import TracebackType
from typing import Generic, Self, TypeVar

from sqlalchemy.orm import Session, sessionmaker

R = TypeVar("R")


class UnitOfWork(Generic[R]):
    """One transaction over `sessions`, exposing the repositories `repositories` builds.

    An instance is single-use and single-thread; make one per request with
    `unit_of_work_factory`, which is itself safe to share between threads.
    """

    def __init__(
        self, sessions: sessionmaker[Session], repositories: Callable[[Session], R]
    ) -> None:
        self._sessions = sessions
        self._make_repos = repositories
        self._session: Session | None = None
        self._repos: R | None = None

    def __enter__(self) -> Self:
        if self._session is not None:
            raise RuntimeError("a UnitOfWork is single-use: make a new one per transaction")
        self._session = self._sessions()
        self._repos = self._make_repos(self._session)
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        session = self._require_session()
        try:
            if exc_type is None:
                session.commit()
            else:
                session.rollback()
        finally:
            session.close()
            self._repos = None

    def _require_session(self) -> Session:
        if self._session is None:
            raise RuntimeError("UnitOfWork used outside its `with` block")
        return self._session

    @property
    def repos(self) -> R:
        if self._repos is None:
            raise RuntimeError("UnitOfWork used outside its `with` block")
        return self._repos

    def commit(self) -> None:
        """Commit early (the block's end commits anyway); the session stays usable."""
        self._require_session().commit()

    def rollback(self) -> None:
        self._require_session().rollback()


def unit_of_work_factory(
    sessions: sessionmaker[Session], repositories: Callable[[Session], R]
) -> Callable[[], UnitOfWork[R]]:
    """A thread-safe maker of fresh units of work: what servicers and the CLI hold."""

    def make() -> UnitOfWork[R]:
        return UnitOfWork(sessions, repositories)

    return make
