"""`finplat users grant|revoke|show`: operator management of platform roles, scopes and
tenant roles (the same use cases as main's UserAdminService). Works against the main
database directly, so the first admin can be made before any server runs. Tokens issued
after the change carry it."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from services.main.admin import usecases as admin
from services.main.admin.domain import UserAccess
from services.main.kernel import access
from services.main.kernel.dependencies import UowFactory
from services.main.repositories import repositories
from services.main.settings import MainSettings
from tools.cli.database import add_url_option, runner

Handler = Callable[[argparse.Namespace, UowFactory], int]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("users", help="grant and revoke users' roles and scopes")
    parser.add_argument("--url", help="main database URL (default: the main settings)")
    actions = parser.add_subparsers(dest="users_command", required=True, metavar="ACTION")

    grant = actions.add_parser("grant", help="add roles/scopes, or set the tenant role")
    add_url_option(grant, "main")
    grant.add_argument("user", help="email address or user id")
    _role_options(grant)
    grant.add_argument("--tenant-role", default="", choices=["", *access.TENANT_ROLES])
    grant.set_defaults(func=_runner(_grant))

    revoke = actions.add_parser("revoke", help="remove roles/scopes")
    add_url_option(revoke, "main")
    revoke.add_argument("user", help="email address or user id")
    _role_options(revoke)
    revoke.set_defaults(func=_runner(_revoke))

    show = actions.add_parser("show", help="show a user's roles and scopes")
    add_url_option(show, "main")
    show.add_argument("user", help="email address or user id")
    show.set_defaults(func=_runner(_show))


def _role_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--role", dest="roles", action="append", default=[], help="platform role (repeatable)"
    )
    parser.add_argument(
        "--scope", dest="scopes", action="append", default=[], help="scope (repeatable)"
    )


def _runner(handler: Handler) -> Callable[[argparse.Namespace], int]:
    return runner("users", "main", lambda: MainSettings().database_url(), repositories, handler)


def _print(found: UserAccess) -> int:
    print(f"user:        {found.user_id} ({found.email})")
    print(f"roles:       {' '.join(found.roles)}")
    print(f"tenant role: {found.tenant_role}")
    print(f"extra:       {' '.join(found.extra_scopes) or '-'}")
    print(f"scopes:      {' '.join(found.scopes) or '-'}")
    return 0


def _grant(args: argparse.Namespace, uow: UowFactory) -> int:
    return _print(admin.grant(uow(), args.user, args.roles, args.scopes, args.tenant_role))


def _revoke(args: argparse.Namespace, uow: UowFactory) -> int:
    return _print(admin.revoke(uow(), args.user, args.roles, args.scopes))


def _show(args: argparse.Namespace, uow: UowFactory) -> int:
    return _print(admin.show(uow(), args.user))
