"""One way to build an SQLAlchemy engine, for the embedded SQLite default and PostgreSQL.

Backends are grpcio thread-pool servers, so every engine here must be safe to use from
many threads at once; SQLite needs some help for that (see `_sqlite_engine`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.pool import StaticPool

# How long SQLite waits for another writer before failing with "database is locked".
# A thread-pool server has concurrent writers by design; 5 s rides out any burst.
SQLITE_BUSY_TIMEOUT_MS = 5000


def normalize_url(url: str | URL) -> URL:
    """Pin PostgreSQL URLs to psycopg 3: a bare `postgresql://` means psycopg2 to
    SQLAlchemy, which we do not ship; `postgres://` is what Heroku-style tooling emits."""
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


def make_engine(url: str | URL, *, echo: bool = False, pool_size: int | None = None) -> Engine:
    """An engine for `url` (SQLite or PostgreSQL), ready for a multi-threaded server.

    pool_size: connections kept open; a server passes its worker-thread count. With
    SQLAlchemy's default (5 kept + 10 overflow) a busier thread pool opens and closes an
    overflow connection per call (connect, pragmas, close): about 5% of the expense
    backend's samples under load (docs/benchmarks.md). Connections are still opened
    lazily, so an idle server holds few.
    """
    parsed = normalize_url(url)
    pooling: dict[str, Any] = {}
    if pool_size is not None:
        # Overflow covers the rare call that holds two connections at once.
        pooling = {"pool_size": pool_size, "max_overflow": max(2, pool_size // 4)}
    if parsed.get_backend_name() == "sqlite":
        return _sqlite_engine(parsed, echo=echo, pooling=pooling)
    # pre_ping: a pooled connection can die with a database restart or failover; checking
    # it on checkout turns that into a silent reconnect instead of a failed request.
    # Sessions in UTC whatever the server's TimeZone: SQL date functions on timestamptz
    # then agree with the code (which thinks in UTC), and values arrive already in UTC.
    connect_args = {"options": "-c TimeZone=UTC"}
    return create_engine(
        parsed,
        echo=echo,
        pool_pre_ping=True,
        future=True,
        connect_args=connect_args,
        **pooling,
    )


def _is_memory(url: URL) -> bool:
    return url.database in (None, "", ":memory:") or "mode=memory" in str(url)


def _sqlite_engine(url: URL, *, echo: bool, pooling: dict[str, Any]) -> Engine:
    memory = _is_memory(url)
    kwargs: dict[str, Any] = {
        # The pool hands connections to whichever gRPC worker thread asks; the sqlite3
        # module's same-thread check would reject that although it is safe (serialized).
        "connect_args": {"check_same_thread": False, "timeout": SQLITE_BUSY_TIMEOUT_MS / 1000},
    }
    if memory:
        # Every new connection to :memory: is a new empty database: share exactly one.
        # One shared connection cannot isolate concurrent transactions, so in-memory
        # SQLite is for single-threaded tools and tests; servers use a file.
        kwargs["poolclass"] = StaticPool
    else:
        kwargs.update(pooling)
    if not memory and url.database:
        # `finplat up` on a fresh checkout: var/ does not exist yet.
        Path(url.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, echo=echo, future=True, **kwargs)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        try:
            # Off by default in SQLite, per connection: without it ON DELETE CASCADE and
            # every REFERENCES clause are silently ignored.
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
            if not memory:
                # WAL lets readers proceed while one writer commits, which is what a
                # server with concurrent requests needs; NORMAL is durable enough in WAL.
                cursor.execute("PRAGMA journal_mode=WAL")
                cursor.execute("PRAGMA synchronous=NORMAL")
        finally:
            cursor.close()

    return engine
