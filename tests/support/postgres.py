"""PostgreSQL fixtures: a real PostgreSQL 15 server started by the test session.

`postgres_server` (session) runs initdb + pg_ctl on a free loopback port in a temporary
directory; `postgres_url` (function) gives each test its own empty database, dropped
afterwards. Set FINPLAT_TEST_POSTGRES_URL (a server URL with a superuser) to use an
existing server instead.

One major version everywhere (the README's, production's, tools/setup_system.sh's): the
server programs are those of PostgreSQL 15 only — FINPLAT_TEST_POSTGRES_BIN when set,
else the version's standard install directory, else PATH — each accepted only when its
`initdb --version` says 15, never whichever initdb comes first. An external server of
another major version is refused too.

PostgreSQL refuses to run as root; when the tests run as root (containers, CI), the
server runs as the `postgres` system user through `runuser`.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import re
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest
from psycopg import sql
from sqlalchemy.engine import make_url

from tests.support.system import is_executable, unavailable

POSTGRES_MAJOR = 15
# Where packages put one major version's server programs: Debian/Ubuntu, PGDG on RHEL,
# Homebrew (Apple silicon, Intel).
VERSION_BIN_DIRS = (
    f"/usr/lib/postgresql/{POSTGRES_MAJOR}/bin",
    f"/usr/pgsql-{POSTGRES_MAJOR}/bin",
    f"/opt/homebrew/opt/postgresql@{POSTGRES_MAJOR}/bin",
    f"/usr/local/opt/postgresql@{POSTGRES_MAJOR}/bin",
)
_START_TIMEOUT = 30.0


@dataclass(frozen=True)
class PostgresServer:
    host: str
    port: int
    user: str

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://{self.user}@{self.host}:{self.port}/{database}"

    def admin_conninfo(self) -> str:
        return f"host={self.host} port={self.port} user={self.user} dbname=postgres"

    def create_database(self) -> str:
        name = f"test_{uuid.uuid4().hex[:16]}"
        with psycopg.connect(self.admin_conninfo(), autocommit=True) as conn:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return name

    def drop_database(self, name: str) -> None:
        # FORCE (PG 13+): a test that leaked a connection must not break the teardown.
        with psycopg.connect(self.admin_conninfo(), autocommit=True) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


def major_version(initdb: Path) -> int | None:
    """The PostgreSQL major version of this initdb ("initdb (PostgreSQL) 15.18 …")."""
    if not is_executable(initdb):
        return None
    try:
        out = subprocess.run(
            [str(initdb), "--version"], capture_output=True, text=True, timeout=10
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    match = re.search(r"\(PostgreSQL\) (\d+)", out)
    return int(match.group(1)) if match else None


def bin_dir_candidates() -> list[Path]:
    override = os.environ.get("FINPLAT_TEST_POSTGRES_BIN")
    if override:
        return [Path(override)]
    on_path = os.environ.get("PATH", os.defpath).split(os.pathsep)
    return [Path(directory) for directory in (*VERSION_BIN_DIRS, *on_path) if directory]


def find_bin_dir(candidates: Sequence[Path]) -> Path | None:
    """The first directory whose initdb is PostgreSQL 15 (symlinks resolved, so a PATH
    entry linking to the Debian directory yields that directory and its pg_ctl)."""
    for directory in candidates:
        initdb = directory / "initdb"
        if major_version(initdb) == POSTGRES_MAJOR:
            return initdb.resolve().parent
    return None


def require_bin_dir() -> Path:
    found = find_bin_dir(bin_dir_candidates())
    if found is None:
        unavailable(
            f"PostgreSQL {POSTGRES_MAJOR} server programs (initdb, pg_ctl) not found in "
            f"{', '.join(VERSION_BIN_DIRS)} or on PATH (tools/setup_system.sh installs "
            f"postgresql-{POSTGRES_MAJOR}; FINPLAT_TEST_POSTGRES_BIN=DIR points the tests at "
            "another installation)"
        )
    return found


def server_major_version(server: PostgresServer) -> int:
    with psycopg.connect(server.admin_conninfo(), autocommit=True) as conn:
        row = conn.execute("SHOW server_version_num").fetchone()
    assert row is not None
    return int(row[0]) // 10000


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LocalServer:
    """One temporary cluster: initdb, start, stop, clean up."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin_dir = bin_dir
        self.as_root = os.geteuid() == 0
        self.root = Path(tempfile.mkdtemp(prefix="finplat-pg-"))
        self.data = self.root / "data"
        self.sockets = self.root / "sock"
        self.log = self.root / "server.log"
        self.port = 0
        if self.as_root:
            # PostgreSQL will not run as root: hand the directory to the postgres user.
            entry = pwd.getpwnam("postgres")
            self.sockets.mkdir()
            for path in (self.root, self.sockets):
                os.chown(path, entry.pw_uid, entry.pw_gid)
        else:
            self.sockets.mkdir()

    def _binary(self, name: str) -> str:
        return str(self.bin_dir / name)

    def _run(self, argv: Sequence[str], *, check: bool = True) -> subprocess.CompletedProcess[str]:
        command = ["runuser", "-u", "postgres", "--", *argv] if self.as_root else list(argv)
        result = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if check and result.returncode != 0:
            raise RuntimeError(
                f"{' '.join(argv)} failed ({result.returncode}):\n{result.stdout}{result.stderr}"
            )
        return result

    def init(self) -> None:
        self._run(
            [
                self._binary("initdb"),
                "-D",
                str(self.data),
                "-U",
                "postgres",
                "--auth=trust",
                "--encoding=UTF8",
                "--no-locale",
                "--no-sync",
            ]
        )

    def start(self) -> None:
        # Another process may grab the port between probing and binding: retry.
        last_error: Exception | None = None
        for _ in range(3):
            self.port = _free_port()
            options = (
                f"-p {self.port} -k {self.sockets} -c listen_addresses=127.0.0.1 "
                # Throwaway data: durability settings only slow the tests down.
                "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
                "-c max_connections=200"
            )
            result = self._run(
                [
                    self._binary("pg_ctl"),
                    "-D",
                    str(self.data),
                    "-l",
                    str(self.log),
                    "-o",
                    options,
                    "-w",
                    "-t",
                    str(int(_START_TIMEOUT)),
                    "start",
                ],
                check=False,
            )
            if result.returncode == 0 and self._wait_ready():
                return
            last_error = RuntimeError(f"pg_ctl start failed:\n{result.stderr}\n{self._log_tail()}")
            self.stop()
        raise RuntimeError(f"could not start PostgreSQL: {last_error}")

    def _wait_ready(self) -> bool:
        deadline = time.monotonic() + _START_TIMEOUT
        isready = self._binary("pg_isready")
        while time.monotonic() < deadline:
            ready = subprocess.run(
                [isready, "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "-q"],
                capture_output=True,
                timeout=10,
            )
            if ready.returncode == 0:
                return True
            time.sleep(0.1)
        return False

    def _log_tail(self) -> str:
        with contextlib.suppress(OSError):
            return self.log.read_text(errors="replace")[-2000:]
        return ""

    def stop(self) -> None:
        if self.data.exists():
            self._run(
                [self._binary("pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop"],
                check=False,
            )

    def cleanup(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    external = os.environ.get("FINPLAT_TEST_POSTGRES_URL")
    if external:
        url = make_url(external)
        existing = PostgresServer(
            host=url.host or "127.0.0.1", port=url.port or 5432, user=url.username or "postgres"
        )
        major = server_major_version(existing)
        if major != POSTGRES_MAJOR:
            pytest.fail(
                f"FINPLAT_TEST_POSTGRES_URL is PostgreSQL {major}; the tests need "
                f"{POSTGRES_MAJOR}, the version production runs",
                pytrace=False,
            )
        yield existing
        return
    server = LocalServer(require_bin_dir())
    try:
        server.init()
        server.start()
        yield PostgresServer(host="127.0.0.1", port=server.port, user="postgres")
    finally:
        server.stop()
        server.cleanup()


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> Iterator[str]:
    """A fresh, empty database for this test (SQLAlchemy URL, psycopg 3 driver)."""
    name = postgres_server.create_database()
    try:
        yield postgres_server.url(name)
    finally:
        postgres_server.drop_database(name)
