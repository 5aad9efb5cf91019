"""The invitation email (plain text, like the account emails: the token on its own
`Token: ...` line for API clients)."""

from __future__ import annotations

from services.main.kernel.mail import Email
from services.main.teams.domain.invitations import INVITATION_DAYS


def invitation_email(
    to: str, tenant_name: str, inviter_name: str, tenant_role: str, token: str, base_url: str
) -> Email:
    inviter = " ".join(inviter_name.split()) or "A member"
    tenant = " ".join(tenant_name.split())
    text = f"""Hello,

{inviter} invites you to join {tenant} on finplat as {tenant_role}.

If you have no finplat account with this email address yet, register first
({base_url.rstrip("/")}, POST /api/auth/register). Then, logged in with this address,
accept the invitation (POST /api/teams/invitations/accept) with this token:

Token: {token}

The token works once and expires in {INVITATION_DAYS} days. If you do not know the
sender, you can ignore this email.
"""
    return Email(to=to, subject=f"You are invited to join {tenant}", text=text)
