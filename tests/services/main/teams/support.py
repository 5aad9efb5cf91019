"""Helpers of the teams tests: the main backend's own kernel with a recording mail
transport and a settable clock, and people registered, logged in and invited through
the use cases."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import jwt

from services.main.auth.domain.messages import extract_token
from services.main.auth.domain.users import NewUser, User
from services.main.auth.usecases import login
from services.main.kernel.dependencies import Kernel
from services.main.kernel.events import ClientInfo
from services.main.kernel.mail import Email, QueuedMailer
from services.main.teams import usecases
from services.main.teams.usecases import Actor
from tests.services.main.support import build_main


class Outbox:
    """A mail transport keeping what it is given."""

    sender = "finplat@example.com"

    def __init__(self) -> None:
        self.sent: list[Email] = []

    def send(self, email: Email) -> None:
        self.sent.append(email)

    def token_for(self, address: str, count: int) -> str:
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            mine = [e for e in self.sent if e.to == address]
            if len(mine) >= count:
                token = extract_token(mine[-1].text)
                assert token is not None
                return token
            time.sleep(0.01)
        raise AssertionError(f"no email #{count} to {address}")


class Clock:
    def __init__(self) -> None:
        self.now = datetime.now().astimezone()

    def __call__(self) -> datetime:
        return self.now


@dataclass
class World:
    kernel: Kernel
    outbox: Outbox
    clock: Clock


@contextmanager
def world_on(database_url: str, var_dir: Path) -> Iterator[World]:
    """The main backend on `database_url`, its mail recorded, its clock settable."""
    main = build_main(database_url, var_dir)
    outbox = Outbox()
    clock = Clock()
    mailer = QueuedMailer(outbox, delay=0)
    try:
        yield World(replace(main.kernel, mailer=mailer, clock=clock), outbox, clock)
    finally:
        mailer.close()
        main.close()


@dataclass
class Person:
    user: User
    session_id: uuid.UUID
    refresh_token: str
    token: dict[str, Any]

    @property
    def actor(self) -> Actor:
        return Actor(
            user_id=self.user.id,
            session_id=self.session_id,
            tenant_id=uuid.UUID(self.token["tid"]),
            scopes=frozenset(self.token["scope"].split()),
        )

    def holding(self, token: str) -> Person:
        return replace(self, token=claims(token))


def claims(token: str) -> dict[str, Any]:
    found: dict[str, Any] = jwt.decode(token, options={"verify_signature": False})
    return found


def person(world: World, name: str) -> Person:
    """A registered user logged in (its own workspace's owner)."""
    kernel = world.kernel
    refresh_token = uuid.uuid4().hex
    with kernel.unit_of_work() as uow:
        email = f"{name}-{uuid.uuid4().hex[:8]}@example.com"
        user = uow.repos.users.add(
            NewUser(email=email, username=email[:30], full_name=name.title(), password_hash="x"),
            world.clock(),
        )
        session = uow.repos.sessions.open(
            user.id,
            now=world.clock(),
            lifetime=timedelta(days=30),
            client=ClientInfo(),
            amr=["pwd"],
            refresh_token=refresh_token,
        )
    return refreshed(world, Person(user, session.id, refresh_token, {}))


def refreshed(world: World, who: Person) -> Person:
    grant = login.refresh(world.kernel, who.refresh_token, ClientInfo())
    return replace(who, refresh_token=grant.refresh_token, token=claims(grant.access_token))


def invited(world: World, inviter: Person, invitee: Person, role: str) -> str:
    before = len([e for e in world.outbox.sent if e.to == invitee.user.email])
    usecases.invite(world.kernel, inviter.actor, invitee.user.email.upper(), role)
    return world.outbox.token_for(invitee.user.email, before + 1)


def joined(world: World, owner: Person, role: str, name: str = "member") -> Person:
    member = person(world, name)
    token = invited(world, owner, member, role)
    return member.holding(usecases.accept(world.kernel, member.actor, token).token.token)


def roles_of(world: World, owner: Person) -> dict[uuid.UUID, str]:
    page = usecases.list_members(world.kernel, owner.actor, None, 0)
    return {m.membership.user_id: m.membership.tenant_role for m in page.items}
