"""`finplat apikey create|list|revoke`: operator management of expense API keys.

Talks to the expense database directly through the same use cases as the admin RPCs,
so it works before any server is running (e.g. to mint the first admin key).
"""

from __future__ import annotations

import argparse
import sys
import uuid
from collections.abc import Callable

from services.expense.api_keys import usecases
from services.expense.api_keys.domain import ApiKey
from services.expense.kernel import ExpenseUnitOfWork
from services.expense.repositories import repositories
from services.expense.settings import ExpenseSettings
from tools.cli.database import add_url_option, runner, when

Handler = Callable[[argparse.Namespace, Callable[[], ExpenseUnitOfWork]], int]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("apikey", help="create, list and revoke expense API keys")
    parser.add_argument("--url", help="expense database URL (default: the expense settings)")
    actions = parser.add_subparsers(dest="apikey_command", required=True, metavar="ACTION")

    create = actions.add_parser("create", help="issue a key and print its secret once")
    add_url_option(create, "expense")
    create.add_argument("--name", required=True, help="label for the key (1-100 characters)")
    create.add_argument(
        "--role", dest="roles", action="append", default=[], help="grant a role (repeatable)"
    )
    create.set_defaults(func=_runner(_create))

    listing = actions.add_parser("list", help="list keys (never their secrets)")
    add_url_option(listing, "expense")
    listing.add_argument("--all", action="store_true", help="include revoked keys")
    listing.set_defaults(func=_runner(_list))

    revoke = actions.add_parser("revoke", help="revoke a key: it stops working at once")
    add_url_option(revoke, "expense")
    revoke.add_argument("id", help="the key's id")
    revoke.set_defaults(func=_runner(_revoke))


def _runner(handler: Handler) -> Callable[[argparse.Namespace], int]:
    return runner(
        "apikey", "expense", lambda: ExpenseSettings().database_url(), repositories, handler
    )


def _create(args: argparse.Namespace, uow: Callable[[], ExpenseUnitOfWork]) -> int:
    issued = usecases.create_api_key(uow(), args.name, args.roles)
    print(f"id:     {issued.key.id}")
    print(f"secret: {issued.secret}")
    print("Store the secret now: it is not stored and will not be shown again.", file=sys.stderr)
    return 0


def _list(args: argparse.Namespace, uow: Callable[[], ExpenseUnitOfWork]) -> int:
    keys = usecases.list_api_keys(uow(), include_revoked=args.all)
    print(f"{'ID':<36}  {'PREFIX':<12}  {'CREATED':<20}  {'LAST USED':<20}  {'STATUS':<7}  NAME")
    for key in keys:
        print(_row(key))
    return 0


def _row(key: ApiKey) -> str:
    status = "revoked" if key.revoked else "active"
    roles = f" [{', '.join(key.roles)}]" if key.roles else ""
    return (
        f"{key.id!s:<36}  {key.prefix:<12}  {when(key.created_at):<20}  "
        f"{when(key.last_used_at):<20}  {status:<7}  {key.name}{roles}"
    )


def _revoke(args: argparse.Namespace, uow: Callable[[], ExpenseUnitOfWork]) -> int:
    try:
        key_id = uuid.UUID(args.id)
    except ValueError:
        print(f"finplat apikey: {args.id!r} is not a key id (a UUID)", file=sys.stderr)
        return 2
    key = usecases.revoke_api_key(uow(), key_id)
    print(f"revoked {key.id} ({key.name})")
    return 0
