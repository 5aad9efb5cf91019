"""`finplat`: the operator's command line (up, migrate, apikey, ...)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from tools.cli import apikey, migrate, service_accounts, signing_keys, up, users

# Each command module registers its own sub-command; adding one is one line here.
COMMANDS: Sequence[Callable[[argparse._SubParsersAction[argparse.ArgumentParser]], None]] = (
    up.add_parser,
    migrate.add_parser,
    apikey.add_parser,
    users.add_parser,
    signing_keys.add_parser,
    service_accounts.add_parser,
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="finplat", description="Run and operate finplat.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add in COMMANDS:
        add(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    result = args.func(args)
    return int(result or 0)


if __name__ == "__main__":
    sys.exit(main())
