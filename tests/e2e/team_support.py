"""Second members of a tenant, through the real REST flow of /api/teams: the owner
invites, the invitee reads the token from the invitation email in the SMTP sink and
accepts it, and gets an access token for the owner's tenant (docs/teams.md)."""

from __future__ import annotations

from dataclasses import replace

import httpx

from tests.e2e.identity_support import Account, IdentityClient, Session


def invite(identity: IdentityClient, inviter: Session, email: str, role: str) -> httpx.Response:
    return identity.http.post(
        "/api/teams/invitations",
        json={"email": email, "tenant_role": role},
        headers=inviter.auth,
    )


def invitation_token(identity: IdentityClient, inviter: Session, email: str, role: str) -> str:
    """Invite `email` into `inviter`'s active tenant; the token of the email it gets."""
    before = len(identity.sink.to(email))
    response = invite(identity, inviter, email, role)
    assert response.status_code == 201, response.text
    return identity.sink.latest_token(email, before + 1)


def accept(identity: IdentityClient, invitee: Session, token: str) -> httpx.Response:
    return identity.http.post(
        "/api/teams/invitations/accept", json={"token": token}, headers=invitee.auth
    )


def with_token(session: Session, response: httpx.Response) -> Session:
    """`session` holding the access token an accept or a switch answered."""
    assert response.status_code == 200, response.text
    return replace(session, access_token=response.json()["access_token"])


def member_of(
    identity: IdentityClient, owner: Session, role: str, account: Account | None = None
) -> Session:
    """A fresh verified user (or `account`) invited into `owner`'s active tenant with
    `role`, accepted, and logged in with an access token for that tenant (its refresh
    cookie keeps that tenant)."""
    invitee = identity.session(account)
    token = invitation_token(identity, owner, invitee.account.email, role)
    return with_token(invitee, accept(identity, invitee, token))
