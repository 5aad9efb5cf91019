from __future__ import annotations

import threading
from pathlib import Path

from sqlalchemy import text

from db.engine import make_engine, normalize_url


def test_postgres_urls_are_pinned_to_psycopg3() -> None:
    for raw in ("postgresql://u:p@h:5/db", "postgres://u:p@h:5/db"):
        assert normalize_url(raw).drivername == "postgresql+psycopg"
    assert normalize_url("postgresql+psycopg://h/db").drivername == "postgresql+psycopg"
    assert normalize_url("sqlite:///x.db").drivername == "sqlite"


def test_sqlite_file_engine_enables_foreign_keys_wal_and_busy_timeout(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path}/nested/dir/app.db")
    try:
        with engine.connect() as conn:
            assert conn.scalar(text("PRAGMA foreign_keys")) == 1
            assert conn.scalar(text("PRAGMA journal_mode")) == "wal"
            assert conn.scalar(text("PRAGMA busy_timeout")) == 5000
        assert (tmp_path / "nested" / "dir" / "app.db").exists()
    finally:
        engine.dispose()


def test_sqlite_memory_engine_is_one_database_across_connections() -> None:
    # In-memory SQLite serves single-threaded tools and tests; servers use files.
    engine = make_engine("sqlite://")
    try:
        with engine.begin() as conn:
            conn.execute(text("CREATE TABLE t (x INTEGER)"))
        for value in range(3):
            with engine.begin() as conn:
                conn.execute(text("INSERT INTO t VALUES (:x)"), {"x": value})
        with engine.connect() as conn:
            assert conn.scalar(text("SELECT count(*) FROM t")) == 3
    finally:
        engine.dispose()


def test_sqlite_file_engine_serves_concurrent_writers(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path}/app.db")
    try:
        with engine.begin() as conn:
            conn.execute(text("CREATE TABLE t (x INTEGER)"))
        errors: list[BaseException] = []

        def insert(start: int) -> None:
            try:
                for i in range(20):
                    with engine.begin() as conn:
                        conn.execute(text("INSERT INTO t VALUES (:x)"), {"x": start + i})
            except BaseException as exc:  # pragma: no cover - reported below
                errors.append(exc)

        threads = [threading.Thread(target=insert, args=(100 * i,)) for i in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []
        with engine.connect() as conn:
            assert conn.scalar(text("SELECT count(*) FROM t")) == 120
    finally:
        engine.dispose()


def test_plain_postgresql_url_connects_through_psycopg3(postgres_url: str) -> None:
    engine = make_engine(postgres_url.replace("postgresql+psycopg://", "postgresql://"))
    try:
        assert engine.dialect.driver == "psycopg"
        with engine.connect() as conn:
            assert str(conn.scalar(text("SHOW server_version"))).startswith("15")
    finally:
        engine.dispose()


def test_postgresql_sessions_run_in_utc_whatever_the_servers_time_zone(postgres_url: str) -> None:
    engine = make_engine(postgres_url)
    with engine.connect() as conn:
        database = conn.scalar(text("SELECT current_database()"))
    try:
        with engine.begin() as conn:
            # The server's default for new sessions changes; our sessions stay in UTC.
            conn.execute(text(f"ALTER DATABASE \"{database}\" SET TimeZone = 'Asia/Tokyo'"))
        engine.dispose()
        with engine.connect() as conn:
            assert conn.scalar(text("SHOW TimeZone")) == "UTC"
            moment = conn.scalar(text("SELECT TIMESTAMPTZ '2026-01-01 09:00:00+09'"))
            assert moment is not None and moment.utcoffset().total_seconds() == 0
            assert moment.hour == 0
    finally:
        with engine.begin() as conn:
            conn.execute(text(f'ALTER DATABASE "{database}" RESET TimeZone'))
        engine.dispose()
