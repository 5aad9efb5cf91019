"""`finplat migrate`: bring each backend's database to its latest schema."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from db import migrate
from services.analytics.settings import AnalyticsSettings
from services.expense.settings import ExpenseSettings
from services.main.settings import MainSettings
from services.projectfinance.settings import ProjectFinanceSettings
from services.runtime.settings import RuntimeSettings

# Where each backend's database is, read from that backend's own settings (the same
# FINPLAT_* variables the backend process reads). A backend without an entry uses its
# embedded SQLite file.
DATABASE_URLS: dict[str, Callable[[], str]] = {
    "analytics": lambda: AnalyticsSettings().database_url(),
    "expense": lambda: ExpenseSettings().database_url(),
    "main": lambda: MainSettings().database_url(),
    "projectfinance": lambda: ProjectFinanceSettings().database_url(),
}


def database_url(backend: str) -> str:
    resolve = DATABASE_URLS.get(backend)
    return resolve() if resolve is not None else RuntimeSettings().sqlite_url(backend)


def migrate_backend(backend: str, url: str | None = None) -> None:
    migrate.upgrade(backend, url or database_url(backend))


def migrate_all() -> None:
    """Upgrade every registered backend to head (what `finplat up` runs first)."""
    for backend in migrate.BACKENDS:
        migrate_backend(backend)


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("migrate", help="upgrade backend databases to the latest schema")
    parser.add_argument(
        "--backend",
        choices=sorted(migrate.BACKENDS),
        help="only this backend (default: all)",
    )
    parser.add_argument(
        "--url", help="database URL (needs --backend; default: the backend's settings)"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.url and not args.backend:
        print("finplat migrate: --url needs --backend", file=sys.stderr)
        return 2
    backends = [args.backend] if args.backend else list(migrate.BACKENDS)
    for backend in backends:
        migrate_backend(backend, args.url)
        print(f"{backend}: at {migrate.head_revision(backend)}")
    return 0
