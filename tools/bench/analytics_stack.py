"""What the analytics benchmarks share: main, analytics and the edge on a local
PostgreSQL, a signed-in user, generated history COPY-loaded into their transactions,
and the timing and percentile helpers their figures come from.

Used by analytics_import, analytics_insights, budget_progress and recurrence_instances,
so that each of them holds only what it measures.
"""

from __future__ import annotations

import base64
import json
import os
import platform
import tempfile
import time
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, TypeVar

import httpx
import psycopg

from services.analytics.categories.domain import DEFAULTS
from services.main.auth.domain.messages import extract_token
from tools import stack
from tools.bench.copy_rows import copy_rows, psycopg_dsn
from tools.bench.history_gen import iter_scaled
from tools.keys import migrate_backend

PASSWORD = "violet-harbour-kettle-42"
BACKENDS = ("main", "analytics")
# Logs at WARNING so that logging costs no time in the figures; the rate limit out of
# reach so that a benchmark's requests are never answered 429.
_STACK_ENV = {
    "FINPLAT_LOG_LEVEL": "WARNING",
    "FINPLAT_EDGE_RATE_LIMIT_DEFAULT": "1000000",
}
COPY_COLUMNS = (
    "id, user_id, row_number, booked_at, amount, currency, description, merchant_name,"
    " category_id, categorization_method, categorization_confidence, dedupe_key, created_at"
)

_Arg = TypeVar("_Arg")


def machine() -> str:
    """The processor and core count, printed first so that figures can be compared."""
    return f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores"


@contextmanager
def postgres(url: str | None) -> Iterator[str]:
    """`url`, or a throw-away PostgreSQL 15 for the run."""
    if url:
        yield url
        return
    # The tests' throw-away PostgreSQL 15 (initdb on a free port, as the postgres user).
    from tests.support.postgres import LocalServer, require_bin_dir

    server = LocalServer(require_bin_dir())
    server.init()
    server.start()
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{server.port}/postgres"
    finally:
        server.stop()
        server.cleanup()


@dataclass(frozen=True)
class AnalyticsStack:
    """A running main + analytics + edge, their database and their scratch directory."""

    database_url: str
    scratch: Path
    running: stack.Stack

    @property
    def edge_url(self) -> str:
        return self.running.edge_url

    @property
    def outbox(self) -> Path:
        # Where main writes its emails under FINPLAT_VAR_DIR (the verification links).
        return self.scratch / "outbox"

    def client(self, timeout: float) -> httpx.Client:
        """A client of the edge (`timeout`: the slowest request the benchmark makes)."""
        return httpx.Client(base_url=self.edge_url, timeout=timeout)

    def sign_in(self, client: httpx.Client, email: str = "bench@example.com") -> str:
        """Signs a new user in on `client` (its requests carry the token from then on)
        and returns the token (for gRPC calls and the user's id)."""
        token = signed_in_token(client, self.outbox, email)
        client.headers["authorization"] = f"Bearer {token}"
        return token


@contextmanager
def analytics_stack(
    database_url: str | None, env: Mapping[str, str] | None = None
) -> Iterator[AnalyticsStack]:
    """Main, analytics and the edge on `database_url` (or a throw-away PostgreSQL),
    migrated, with the benchmarks' settings plus `env`; stopped on exit."""
    with (
        tempfile.TemporaryDirectory(prefix="finplat-bench-") as scratch,
        postgres(database_url) as url,
    ):
        for backend in BACKENDS:
            migrate_backend(backend, url)
        running = stack.start_stack(
            backends=list(BACKENDS),
            database_urls=dict.fromkeys(BACKENDS, url),
            env={"FINPLAT_VAR_DIR": scratch, **_STACK_ENV, **(env or {})},
            log_dir=Path(scratch) / "logs",
        )
        try:
            yield AnalyticsStack(database_url=url, scratch=Path(scratch), running=running)
        finally:
            running.stop()


def signed_in_token(client: httpx.Client, outbox: Path, email: str = "bench@example.com") -> str:
    """Registers, verifies (the email in the stack's outbox) and signs in a user."""
    name = email.split("@")[0]
    before = set(outbox.glob("*.eml")) if outbox.exists() else set()
    client.post(
        "/api/auth/register",
        json={"full_name": "Bench User", "email": email, "username": name, "password": PASSWORD},
    ).raise_for_status()
    deadline = time.monotonic() + 30
    while not (mails := list(set(outbox.glob("*.eml")) - before)):  # written after the 202
        if time.monotonic() > deadline:
            raise TimeoutError("no verification email")
        time.sleep(0.05)
    token = extract_token(mails[0].read_text())
    client.get("/api/auth/verify-email", params={"token": token}).raise_for_status()
    login = client.post("/api/auth/login", json={"email": email, "password": PASSWORD})
    login.raise_for_status()
    return str(login.json()["access_token"])


def user_id(token: str) -> str:
    """The user's id from the token's claims: the COPY writes rows for it directly, with
    no API that would return it."""
    payload = token.split(".")[1]
    claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    return str(claims["sub"])


def category_ids(client: httpx.Client) -> dict[str, str]:
    """Creates the user's default categories; their ids by the defaults' keys (the keys
    history_gen's transactions are categorized with)."""
    client.post("/api/system/default-categories").raise_for_status()
    listed = client.get("/api/categories").json()["data"]
    by_place = {(c["parentId"], c["name"]): c["id"] for c in listed}
    keys: dict[str, str] = {}
    # Parents first: a child is found by its parent's id and its name.
    for default in sorted(DEFAULTS, key=lambda d: d.parent_key is not None):
        parent = None if default.parent_key is None else keys[default.parent_key]
        keys[default.key] = by_place[(parent, default.name)]
    return keys


def load_history(url: str, user: str, categories: dict[str, str], rows: int, end: date) -> float:
    """COPY `rows` generated transactions (3 years up to `end`) for the user, already
    categorized; returns the seconds it took. Straight into the table: the import path
    has its own benchmark, and 1M rows through it would take the setup most of a run."""
    started = time.perf_counter()
    now = datetime.now(UTC).isoformat()

    def lines() -> Iterator[str]:
        for written, t in enumerate(
            iter_scaled(seed=rows, end=end, years=3, transactions=rows), start=1
        ):
            yield (
                f"{uuid.uuid4()}\t{user}\t{written}\t{t.booked_on.isoformat()}T00:00:00+00\t"
                f"{t.amount}\t{t.currency}\t{t.description}\t{t.merchant}\t"
                f"{categories[t.category]}\tmanual\t1\tbench-{written}\t{now}\n"
            )

    with psycopg.connect(psycopg_dsn(url)) as connection, connection.cursor() as cursor:
        copy_rows(cursor, "transactions", COPY_COLUMNS, lines())
        connection.commit()
    return time.perf_counter() - started


@dataclass(frozen=True)
class LoadedHistory:
    """A user's loaded and refreshed history, and what the setup took."""

    categories: dict[str, str]
    copy_seconds: float
    refresh_seconds: float
    refreshed: dict[str, Any]


def seed_history(
    client: httpx.Client, database_url: str, token: str, rows: int, end: date
) -> LoadedHistory:
    """Default categories, `rows` transactions of history and a refresh (the roll-ups and
    the recurring patterns) for the user signed in on `client`."""
    user = user_id(token)
    categories = category_ids(client)
    copy_seconds = load_history(database_url, user, categories, rows, end)
    started = time.perf_counter()
    response = client.post("/api/analytics/refresh")
    response.raise_for_status()
    refresh_seconds = time.perf_counter() - started
    return LoadedHistory(categories, copy_seconds, refresh_seconds, dict(response.json()))


def timings_ms(
    call: Callable[[_Arg], object], warm_up: Iterable[_Arg], measured: Iterable[_Arg]
) -> list[float]:
    """Milliseconds of `call(arg)` for each measured arg, sorted, after a call per warm-up
    arg (connections, caches) so that the first requests' set-up is not in the figures."""
    for arg in warm_up:
        call(arg)
    timings = []
    for arg in measured:
        started = time.perf_counter()
        call(arg)
        timings.append((time.perf_counter() - started) * 1000)
    return sorted(timings)


def repeated_ms(call: Callable[[], object], rounds: int, warm_up: int) -> list[float]:
    """`timings_ms` of the same call `rounds` times."""
    return timings_ms(lambda _: call(), range(warm_up), range(rounds))


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank `q` quantile of sorted `values` (a measured value, never an
    interpolation between two)."""
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]
