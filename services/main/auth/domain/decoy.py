"""The decoy: what forgot-password and resend-verification do when no email is due.

Both answer the same whether or not the address is registered (and, for resend, whether
or not it is verified); their time must not tell either. So when there is no one to
write to, they do the same work against the decoy account: a token is minted, hashed
and stored for it, and an email is rendered and queued to be discarded.

The decoy account cannot be reached: its address is in `.invalid` (RFC 2606, refused by
the email rules, so nobody can register, log in or ask for mail with it), its password
hash is not argon2 (nothing verifies against it) and it has no role. Its tokens are
stored already spent, so none can ever be used, and each new one replaces an earlier
one, so they never pile up (ActionTokenRepository.issue_decoy).
"""

from __future__ import annotations

import uuid
from typing import Final

from services.main.auth.domain.users import NewUser
from services.main.kernel import access

DECOY_ACCOUNT_ID: Final = uuid.UUID("00000000-0000-4000-8000-0000000dec0e")
# The email rules refuse `.invalid`: no request can name this address.
DECOY_EMAIL: Final = "decoy@decoy.invalid"
# Not an argon2 encoding: no password verifies against it.
UNUSABLE_PASSWORD: Final = "!decoy"

DECOY_ACCOUNT: Final = NewUser(
    id=DECOY_ACCOUNT_ID,
    email=DECOY_EMAIL,
    # Outside the username rules ('!' is refused): no registration can take it first.
    username="!decoy",
    full_name="decoy",
    password_hash=UNUSABLE_PASSWORD,
    roles=(),
    tenant_role=access.VIEWER,
)
