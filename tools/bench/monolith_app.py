"""The user's real alternative to the edge + expense backend: one plain FastAPI +
SQLAlchemy service doing GetExpense's work itself, in one process.

`GET /expense/v1/expenses/{id}` with `Authorization: Bearer <api key>`, as *sync* code
(FastAPI runs it in its thread pool, as most SQLAlchemy services do): API-key SELECT by
SHA-256 hash, an in-process hourly count per key (429 past the limit, X-RateLimit-*
headers), the expense SELECT filtered by owner, orjson. No gRPC, no edge controls, no
access log: what "just write the service" costs. Three styles (BENCH_MONOLITH_STYLE):

  plain (the bench's `monolith` target) one sync endpoint, one pooled connection, Core
        `select(...).where(...)` written in the handler: the service issue 10 part D
        describes and measured
  orm   (`monolith-orm`, a diagnostic) as FastAPI's SQL tutorial teaches: a Session per
        request from a `yield` dependency, the key resolved by another dependency, ORM
        entities
  core  (`monolith-core`, a diagnostic) hand-tuned: statements built once with bind
        parameters, as the backend's hot path does

It owns no schema: its tables are reflected from the bench's migrated database, with the
platform's column types (db/types.py) on the columns it decodes, and its engine is
db/engine.py's with the pool sized to FastAPI's thread limit, so its rows and
connections cost what the backend's do. Run by the foundation bench
(tools/bench/expense_edge.py) under the same uvicorn settings as the minimal handler and
the edge (uvloop, httptools, one worker).
"""

# No `from __future__ import annotations`: FastAPI reads the endpoints' annotations at
# run time, and they name dependencies local to the app factory.
import hashlib
import os
import threading
import time
import uuid
from collections.abc import Iterator
from typing import Annotated, Any

import orjson
import uvicorn
from fastapi import Depends, FastAPI, Header, HTTPException
from fastapi.responses import Response
from sqlalchemy import Column, Engine, MetaData, Table, bindparam, select
from sqlalchemy.orm import DeclarativeBase, Session, sessionmaker

from db.engine import make_engine
from db.types import GUID, Money, StringList, UTCDateTime

# FastAPI's (anyio's) default thread limit: the most connections the service can hold at
# once, so the pool never opens and closes an overflow connection per request.
THREADS = 40
HOUR = 3600
PATH = "/expense/v1/expenses/{expense_id}"


class HourlyCount:
    """A fixed calendar hour per key, counted in this process (thread-safe)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._lock = threading.Lock()
        self._counts: dict[str, tuple[int, int]] = {}

    def hit(self, key: str) -> tuple[bool, dict[str, str]]:
        """Whether one more request of `key` is allowed (it is counted), and the headers."""
        hour = int(time.time() // HOUR)
        with self._lock:
            window, count = self._counts.get(key, (hour, 0))
            if window != hour:
                count = 0
            allowed = count < self.limit
            if allowed:
                count += 1
            self._counts[key] = (hour, count)
        headers = {
            "x-ratelimit-limit": str(self.limit),
            "x-ratelimit-remaining": str(self.limit - count),
            "x-ratelimit-reset": str((hour + 1) * HOUR),
        }
        return allowed, headers


def reflect(engine: Engine) -> tuple[Table, Table]:
    """The two tables as migrated, typed like the backend's on the columns read here."""
    metadata = MetaData()
    api_keys = Table(
        "api_keys",
        metadata,
        Column("id", GUID, primary_key=True),
        Column("roles", StringList),
        Column("created_at", UTCDateTime),
        Column("revoked_at", UTCDateTime),
        Column("last_used_at", UTCDateTime),
        autoload_with=engine,
    )
    expenses = Table(
        "expenses",
        metadata,
        Column("id", GUID, primary_key=True),
        Column("api_key_id", GUID),
        Column("amount", Money),
        Column("created_at", UTCDateTime),
        Column("updated_at", UTCDateTime),
        autoload_with=engine,
    )
    return api_keys, expenses


def expense_json(expense: Any, headers: dict[str, str]) -> Response:
    body = {
        "id": expense.id,
        # A JSON number with the Decimal's own digits ("42.50"), as the edge renders it.
        "amount": orjson.Fragment(str(expense.amount).encode()),
        "description": expense.description,
        "category": expense.category,
        "date": expense.date,
        "created_at": expense.created_at,
        "updated_at": expense.updated_at,
    }
    return Response(
        orjson.dumps(body, option=orjson.OPT_UTC_Z),
        media_type="application/json",
        headers=headers,
    )


def _secret_hash(authorization: str) -> str:
    scheme, _, secret = authorization.partition(" ")
    if scheme.lower() != "bearer" or not secret.startswith("fpk_"):
        raise HTTPException(401, "an API key is required")
    return hashlib.sha256(secret.encode()).hexdigest()


def _refused(headers: dict[str, str]) -> HTTPException:
    reset = int(headers["x-ratelimit-reset"])
    retry = {"retry-after": str(max(1, reset - int(time.time())))}
    return HTTPException(429, "hourly quota exceeded", headers={**headers, **retry})


def plain_app(engine: Engine, quota: HourlyCount) -> FastAPI:
    api_keys, expenses = reflect(engine)
    app = FastAPI()

    @app.get(PATH)
    def get_expense(expense_id: uuid.UUID, authorization: Annotated[str, Header()] = "") -> Any:
        digest = _secret_hash(authorization)
        with engine.connect() as conn:
            key = conn.execute(select(api_keys).where(api_keys.c.secret_hash == digest)).first()
            if key is None or key.revoked_at is not None:
                raise HTTPException(401, "invalid or revoked API key")
            allowed, headers = quota.hit(str(key.id))
            if not allowed:
                raise _refused(headers)
            row = conn.execute(
                select(expenses).where(expenses.c.id == expense_id, expenses.c.api_key_id == key.id)
            ).first()
        if row is None:
            raise HTTPException(404, f"expense {expense_id} not found")
        return expense_json(row, headers)

    return app


def orm_app(engine: Engine, quota: HourlyCount) -> FastAPI:
    api_keys, expenses = reflect(engine)

    class Base(DeclarativeBase):
        pass

    class ApiKey(Base):
        __table__ = api_keys

    class Expense(Base):
        __table__ = expenses

    sessions = sessionmaker(engine)

    def get_session() -> Iterator[Session]:
        with sessions() as session:
            yield session

    SessionDep = Annotated[Session, Depends(get_session)]

    def caller(session: SessionDep, authorization: Annotated[str, Header()] = "") -> Any:
        digest = _secret_hash(authorization)
        key: Any = session.scalars(select(ApiKey).where(api_keys.c.secret_hash == digest)).first()
        if key is None or key.revoked_at is not None:
            raise HTTPException(401, "invalid or revoked API key")
        return key

    app = FastAPI()

    @app.get(PATH)
    def get_expense(
        expense_id: uuid.UUID, session: SessionDep, key: Annotated[Any, Depends(caller)]
    ) -> Response:
        allowed, headers = quota.hit(str(key.id))
        if not allowed:
            raise _refused(headers)
        expense = session.scalars(
            select(Expense).where(expenses.c.id == expense_id, expenses.c.api_key_id == key.id)
        ).first()
        if expense is None:
            raise HTTPException(404, f"expense {expense_id} not found")
        return expense_json(expense, headers)

    return app


def core_app(engine: Engine, quota: HourlyCount) -> FastAPI:
    api_keys, expenses = reflect(engine)
    key_by_hash = select(api_keys).where(api_keys.c.secret_hash == bindparam("secret_hash"))
    owned_expense = select(expenses).where(
        expenses.c.id == bindparam("expense_id"), expenses.c.api_key_id == bindparam("owner")
    )
    app = FastAPI()

    @app.get(PATH)
    def get_expense(expense_id: uuid.UUID, authorization: Annotated[str, Header()] = "") -> Any:
        digest = _secret_hash(authorization)
        with engine.connect() as conn:
            key = conn.execute(key_by_hash, {"secret_hash": digest}).first()
        if key is None or key.revoked_at is not None:
            raise HTTPException(401, "invalid or revoked API key")
        allowed, headers = quota.hit(str(key.id))
        if not allowed:
            raise _refused(headers)
        with engine.connect() as conn:
            row = conn.execute(owned_expense, {"expense_id": expense_id, "owner": key.id}).first()
        if row is None:
            raise HTTPException(404, f"expense {expense_id} not found")
        return expense_json(row, headers)

    return app


STYLES = {"plain": plain_app, "orm": orm_app, "core": core_app}


def create_app(database_url: str, hourly_limit: int, style: str = "plain") -> FastAPI:
    return STYLES[style](make_engine(database_url, pool_size=THREADS), HourlyCount(hourly_limit))


if __name__ == "__main__":
    uvicorn.run(
        create_app(
            os.environ["BENCH_DATABASE_URL"],
            int(os.environ["BENCH_HOURLY_LIMIT"]),
            os.environ.get("BENCH_MONOLITH_STYLE", "plain"),
        ),
        host="127.0.0.1",
        port=int(os.environ["BENCH_PORT"]),
        loop="uvloop",
        http="httptools",
        log_level="warning",
        access_log=False,
    )
