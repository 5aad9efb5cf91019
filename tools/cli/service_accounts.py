"""`finplat service-accounts create|list|revoke`: operator management of service
accounts, the client credentials backends use to get `service` tokens from main (and so
to register with the edge). Works against the main database directly, like `users`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from services.main.kernel.dependencies import UowFactory
from services.main.repositories import repositories
from services.main.service_accounts import usecases as service_accounts
from services.main.settings import MainSettings
from tools.cli.database import add_url_option, runner, when

Handler = Callable[[argparse.Namespace, UowFactory], int]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "service-accounts", help="create, list and revoke service accounts (client credentials)"
    )
    parser.add_argument("--url", help="main database URL (default: the main settings)")
    actions = parser.add_subparsers(
        dest="service_accounts_command", required=True, metavar="ACTION"
    )

    create = actions.add_parser("create", help="create one; print its client secret once")
    add_url_option(create, "main")
    create.add_argument("name", help="what uses it, e.g. expense-backend (1-100 characters)")
    create.set_defaults(func=_runner(_create))

    listing = actions.add_parser("list", help="list service accounts (never their secrets)")
    add_url_option(listing, "main")
    listing.add_argument("--all", action="store_true", help="include revoked accounts")
    listing.set_defaults(func=_runner(_list))

    revoke = actions.add_parser("revoke", help="revoke one: its secret and tokens stop working")
    add_url_option(revoke, "main")
    revoke.add_argument("client_id", help="the account's client id")
    revoke.set_defaults(func=_runner(_revoke))


def _runner(handler: Handler) -> Callable[[argparse.Namespace], int]:
    return runner(
        "service-accounts",
        "main",
        lambda: MainSettings().database_url(),
        repositories,
        handler,
    )


def _create(args: argparse.Namespace, uow: UowFactory) -> int:
    issued = service_accounts.create(uow(), args.name)
    print(f"client_id:     {issued.account.client_id}")
    print(f"client_secret: {issued.client_secret}")
    print(
        "Store the secret now (FINPLAT_SERVICE_CLIENT_SECRET): it is not stored and "
        "will not be shown again.",
        file=sys.stderr,
    )
    return 0


def _list(args: argparse.Namespace, uow: UowFactory) -> int:
    accounts = service_accounts.list_accounts(uow(), include_revoked=args.all)
    print(f"{'CLIENT ID':<24}  {'CREATED':<20}  {'LAST USED':<20}  {'STATUS':<7}  NAME")
    for account in accounts:
        status = "revoked" if account.revoked else "active"
        print(
            f"{account.client_id:<24}  {when(account.created_at):<20}  "
            f"{when(account.last_used_at):<20}  {status:<7}  {account.name}"
        )
    return 0


def _revoke(args: argparse.Namespace, uow: UowFactory) -> int:
    account = service_accounts.revoke(uow(), args.client_id)
    print(f"revoked {account.client_id} ({account.name})")
    return 0
