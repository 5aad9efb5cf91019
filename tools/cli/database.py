"""What every database-backed CLI command does first: resolve the backend's database
URL, refuse an unmigrated schema, open an engine, hand the handler a unit-of-work
factory, report domain errors as one line, and dispose of the engine."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from datetime import datetime
from typing import TypeVar

from sqlalchemy.orm import Session

from db import migrate
from db.engine import make_engine
from db.session import make_sessionmaker
from db.unit_of_work import UnitOfWork, unit_of_work_factory
from services.runtime.errors import DomainError

R = TypeVar("R")
Handler = Callable[[argparse.Namespace, Callable[[], UnitOfWork[R]]], int]


def add_url_option(parser: argparse.ArgumentParser, backend: str) -> None:
    """`--url` on an action parser too, so `finplat users grant EMAIL --url URL` works as
    well as `finplat users --url URL grant EMAIL`. SUPPRESS keeps an absent action-level
    option from overwriting the group-level value."""
    parser.add_argument(
        "--url",
        default=argparse.SUPPRESS,
        help=f"{backend} database URL (default: the {backend} settings)",
    )


def runner(
    command: str,
    backend: str,
    default_url: Callable[[], str],
    repositories: Callable[[Session], R],
    handler: Handler[R],
) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        url = getattr(args, "url", None) or default_url()
        try:
            migrate.require_current(backend, url)
        except migrate.SchemaNotReady as exc:
            print(f"finplat {command}: {exc}", file=sys.stderr)
            return 2
        engine = make_engine(url)
        try:
            return handler(args, unit_of_work_factory(make_sessionmaker(engine), repositories))
        except DomainError as exc:
            print(f"finplat {command}: {exc.message}", file=sys.stderr)
            return 1
        finally:
            engine.dispose()

    return run


def when(moment: datetime | None) -> str:
    """A timestamp column of the CLI's listings ("-" when unset)."""
    return "-" if moment is None else moment.strftime("%Y-%m-%dT%H:%M:%SZ")
