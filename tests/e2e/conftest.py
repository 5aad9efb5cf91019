"""The whole stack as real processes: PostgreSQL (tests/support/postgres.py), the
backends (`python -m services.expense`, `python -m services.main`) and the edge
(`python -m edge`), started once per session through tools/stack.py — the same code
`finplat up` uses. The identity stack also gets a real SMTP sink (aiosmtpd), a GeoIP
database built at run time and Redis for the token caches."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

from tests.e2e.identity_support import IdentityClient, SmtpSink, smtp_sink
from tests.support.clamd import ClamdServer
from tests.support.geoip import SAMPLE_NETWORKS, build_city_mmdb
from tests.support.postgres import PostgresServer
from tools import keys, stack
from tools.stack import free_port

# The service suites send hundreds of logins and deliberate 401s from one address; the
# gateway's production limits (50 auth calls per minute per IP, auto-block after 20
# refusals) would turn them into 429s and 403s. The gateway suites start their own
# stacks with the real limits.
FUNCTIONAL_SUITE_LIMITS = {
    "FINPLAT_EDGE_RATE_LIMIT_AUTH": "1000000",
    "FINPLAT_EDGE_RATE_LIMIT_DEFAULT": "1000000",
    "FINPLAT_EDGE_AUTOBLOCK_AUTH_FAILURES": "0",
    "FINPLAT_EDGE_AUTOBLOCK_RATE_LIMITED": "0",
}


class RunningStack:
    def __init__(self, running: stack.Stack, database_url: str) -> None:
        self.running = running
        self.database_url = database_url

    @property
    def edge_url(self) -> str:
        return self.running.edge_url

    def issue_key(self, name: str, roles: tuple[str, ...] = ()) -> tuple[str, str]:
        return keys.issue_api_key(self.database_url, name, roles)


@pytest.fixture(scope="session")
def _stack_factory(
    postgres_server: PostgresServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Callable[..., RunningStack]]:
    started: list[stack.Stack] = []
    databases: list[str] = []

    def start(
        backends: tuple[str, ...] = ("expense",), own_databases: bool = False, **env: str
    ) -> RunningStack:
        """`own_databases`: each backend in a database of its own, as in production;
        otherwise one database, each backend with its own tables and version table."""
        urls: dict[str, str] = {}
        for backend in backends:
            if own_databases or not urls:
                database = postgres_server.create_database()
                databases.append(database)
                url = postgres_server.url(database)
            urls[backend] = url
            keys.migrate_backend(backend, url)
        logs = tmp_path_factory.mktemp("stack-logs")
        running = stack.start_stack(
            backends=list(backends),
            database_urls=urls,
            env={
                "FINPLAT_VAR_DIR": str(logs),
                "FINPLAT_LOG_LEVEL": "WARNING",
                **FUNCTIONAL_SUITE_LIMITS,
                **env,
            },
            log_dir=Path(logs),
        )
        started.append(running)
        return RunningStack(running, urls[backends[0]])

    yield start
    for running in started:
        running.stop()
    for database in databases:
        postgres_server.drop_database(database)


@pytest.fixture(scope="session")
def expense_stack(_stack_factory: Callable[..., RunningStack]) -> RunningStack:
    return _stack_factory()


@pytest.fixture(scope="session")
def edge_url(expense_stack: RunningStack) -> str:
    return expense_stack.edge_url


@pytest.fixture(scope="session")
def expense_address(expense_stack: RunningStack) -> str:
    return expense_stack.running.backend_addresses["expense"]


@pytest.fixture(scope="session")
def api_key(expense_stack: RunningStack) -> str:
    return expense_stack.issue_key("e2e-main")[1]


@pytest.fixture(scope="session")
def admin_key(expense_stack: RunningStack) -> str:
    return expense_stack.issue_key("e2e-admin", ("admin",))[1]


def _client(base_url: str, key: str) -> httpx.Client:
    return httpx.Client(base_url=base_url, headers={"authorization": f"Bearer {key}"}, timeout=30)


@pytest.fixture
def client(edge_url: str, api_key: str) -> Iterator[httpx.Client]:
    with _client(edge_url, api_key) as c:
        yield c


@pytest.fixture
def fresh_client(expense_stack: RunningStack) -> Iterator[httpx.Client]:
    """A client with a key of its own, so list totals are exact."""
    with _client(expense_stack.edge_url, expense_stack.issue_key("e2e-fresh")[1]) as c:
        yield c


@pytest.fixture
def other_client(expense_stack: RunningStack) -> Iterator[httpx.Client]:
    with _client(expense_stack.edge_url, expense_stack.issue_key("e2e-other")[1]) as c:
        yield c


@pytest.fixture
def issue_key(expense_stack: RunningStack) -> Callable[[str], tuple[str, str]]:
    return expense_stack.issue_key


@pytest.fixture
def revoke_key(expense_stack: RunningStack) -> Callable[[str], None]:
    return lambda key_id: keys.revoke_api_key(expense_stack.database_url, key_id)


@pytest.fixture(scope="session")
def limited_stack(_stack_factory: Callable[..., RunningStack], redis_url: str) -> RunningStack:
    """A second stack with the quota lowered to 3 per hour and counted in real Redis."""
    return _stack_factory(FINPLAT_EXPENSE_RATE_LIMIT="3", FINPLAT_REDIS_URL=redis_url)


@pytest.fixture
def limited_stack_client(limited_stack: RunningStack) -> Iterator[httpx.Client]:
    with _client(limited_stack.edge_url, limited_stack.issue_key("e2e-limited")[1]) as c:
        yield c


@pytest.fixture(scope="session")
def smtp(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SmtpSink]:
    with smtp_sink(free_port()) as sink:
        yield sink


@pytest.fixture(scope="session")
def geoip_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_city_mmdb(tmp_path_factory.mktemp("geoip") / "city.mmdb", SAMPLE_NETWORKS)


@pytest.fixture(scope="session")
def identity_stack(
    _stack_factory: Callable[..., RunningStack],
    smtp: SmtpSink,
    geoip_database: Path,
    redis_url: str,
) -> RunningStack:
    """main + edge on PostgreSQL, mail to the SMTP sink, locations from the test GeoIP
    database, token caches in Redis; the edge believes X-Forwarded-For from loopback so
    tests can log in "from" London or Changchun."""
    return _stack_factory(
        backends=("main",),
        FINPLAT_SMTP_HOST="127.0.0.1",
        FINPLAT_SMTP_PORT=str(smtp.port),
        FINPLAT_GEOIP_DATABASE=str(geoip_database),
        FINPLAT_REDIS_URL=redis_url,
        FINPLAT_EDGE_TRUSTED_PROXIES='["127.0.0.1"]',
        # Fast tests: the OWASP minimum is for production; the policy is the same.
        FINPLAT_ARGON2_MEMORY_COST="8192",
        FINPLAT_ARGON2_TIME_COST="1",
    )


@pytest.fixture(scope="session")
def analytics_stack(
    _stack_factory: Callable[..., RunningStack],
    smtp: SmtpSink,
    redis_url: str,
    clamd_server: ClamdServer,
) -> RunningStack:
    """main + analytics + edge on PostgreSQL: users sign up through main, uploads are
    scanned by a real clamd; import jobs use a short lease so the crash-recovery test
    need not wait a minute."""
    return _stack_factory(
        backends=("main", "analytics"),
        FINPLAT_SMTP_HOST="127.0.0.1",
        FINPLAT_SMTP_PORT=str(smtp.port),
        FINPLAT_REDIS_URL=redis_url,
        FINPLAT_EDGE_CLAMD_ADDRESS=clamd_server.tcp_address,
        FINPLAT_ANALYTICS_JOB_LEASE_SECONDS="3",
        FINPLAT_ANALYTICS_JOB_POLL_SECONDS="0.5",
        FINPLAT_ARGON2_MEMORY_COST="8192",
        FINPLAT_ARGON2_TIME_COST="1",
    )


@pytest.fixture(scope="session")
def projectfinance_stack(
    _stack_factory: Callable[..., RunningStack], smtp: SmtpSink, redis_url: str
) -> RunningStack:
    """main + projectfinance + edge on PostgreSQL, each backend in its own database (the
    project-finance backend asks main for projects over gRPC); teams invite second
    members through the real SMTP sink."""
    return _stack_factory(
        backends=("main", "projectfinance"),
        own_databases=True,
        FINPLAT_SMTP_HOST="127.0.0.1",
        FINPLAT_SMTP_PORT=str(smtp.port),
        FINPLAT_REDIS_URL=redis_url,
        FINPLAT_ARGON2_MEMORY_COST="8192",
        FINPLAT_ARGON2_TIME_COST="1",
    )


@pytest.fixture
def pf_identity(projectfinance_stack: RunningStack, smtp: SmtpSink) -> Iterator[IdentityClient]:
    client = IdentityClient(projectfinance_stack.edge_url, smtp)
    yield client
    client.close()


@pytest.fixture(scope="session")
def analytics_identity(analytics_stack: RunningStack, smtp: SmtpSink) -> Iterator[IdentityClient]:
    client = IdentityClient(analytics_stack.edge_url, smtp)
    yield client
    client.close()


@pytest.fixture
def identity(identity_stack: RunningStack, smtp: SmtpSink) -> Iterator[IdentityClient]:
    client = IdentityClient(identity_stack.edge_url, smtp)
    yield client
    client.close()
