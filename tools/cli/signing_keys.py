"""`finplat keys rotate|list`: the access-token signing keys of the main backend.

`rotate` retires the signing key and adds a new one; the retired key stays in the JWKS
until the tokens it signed have expired, so nobody is logged out. Running backends pick
the new key up within their reload interval (30 s).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from datetime import timedelta

from services.main.kernel.dependencies import UowFactory
from services.main.keys import usecases as keys
from services.main.repositories import repositories
from services.main.settings import MainSettings
from tools.cli.database import add_url_option, runner, when

Handler = Callable[[argparse.Namespace, UowFactory], int]


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
    return runner("keys", "main", lambda: MainSettings().database_url(), repositories, handler)


def _rotate(args: argparse.Namespace, uow: UowFactory) -> int:
    print(f"new signing key: {keys.rotate(uow())}")
    return 0


def _list(args: argparse.Namespace, uow: UowFactory) -> int:
    lifetime = timedelta(seconds=MainSettings().access_token_seconds)
    print(f"{'KID':<44}  {'CREATED':<20}  STATE")
    for key in keys.list_keys(uow(), lifetime):
        print(f"{key.kid:<44}  {when(key.created_at):<20}  {key.state}")
    return 0
