"""`finplat keys rotate|list`: the access-token signing keys of the main backend.

`rotate` retires the signing key and adds a new one; the retired key stays in the JWKS
until the tokens it signed have expired, so nobody is logged out. Running backends pick
the new key up within their reload interval (30 s).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from datetime import timedelta

from sqlalchemy import select

from services.main.identity import signing
from services.main.identity.context import IdentityUnitOfWork, utcnow
from services.main.identity.store import identity_repositories
from services.main.identity.tables import SigningKeyRow
from services.main.settings import MainSettings
from tools.cli.database import add_url_option, runner

Handler = Callable[[argparse.Namespace, Callable[[], IdentityUnitOfWork]], int]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("keys", help="rotate and list the token-signing keys")
    parser.add_argument("--url", help="main database URL (default: the main settings)")
    actions = parser.add_subparsers(dest="keys_command", required=True, metavar="ACTION")
    rotate = actions.add_parser("rotate", help="add a new signing key, retire the current one")
    add_url_option(rotate, "main")
    rotate.set_defaults(func=_runner(_rotate))
    listing = actions.add_parser("list", help="list keys and whether they are published")
    add_url_option(listing, "main")
    listing.set_defaults(func=_runner(_list))


def _runner(handler: Handler) -> Callable[[argparse.Namespace], int]:
    return runner(
        "keys", "main", lambda: MainSettings().database_url(), identity_repositories, handler
    )


def _rotate(args: argparse.Namespace, uow: Callable[[], IdentityUnitOfWork]) -> int:
    with uow() as unit:
        kid = signing.rotate(unit.session, utcnow())
    print(f"new signing key: {kid}")
    return 0


def _list(args: argparse.Namespace, uow: Callable[[], IdentityUnitOfWork]) -> int:
    published_for = timedelta(seconds=MainSettings().access_token_seconds) + signing.PUBLISH_MARGIN
    now = utcnow()
    with uow() as unit:
        rows = unit.session.scalars(
            select(SigningKeyRow).order_by(SigningKeyRow.created_at.desc())
        ).all()
        print(f"{'KID':<44}  {'CREATED':<20}  STATE")
        for row in rows:
            if row.retired_at is None:
                state = "signing"
            elif row.retired_at + published_for > now:
                state = "retired, published"
            else:
                state = "retired"
            print(f"{row.kid:<44}  {row.created_at:%Y-%m-%dT%H:%M:%SZ}  {state}")
    return 0
