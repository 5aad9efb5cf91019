"""Authentication and authorization of one RPC against its proto-declared policy.

Zero trust: every backend checks the caller itself, whoever forwarded the call.
Credentials arrive as `authorization: Bearer <credential>` metadata; each
`Authenticator` recognises one kind (JWT, API key, ...) and the first one that
`accepts` the credential decides.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol, runtime_checkable

from services.runtime.errors import PermissionDenied, Unauthenticated
from services.runtime.policy import MethodPolicy
from services.runtime.principal import Principal

AUTHORIZATION = "authorization"
# RFC 8693 §4.1: the token acts for its subject on behalf of this actor.
DELEGATION_CLAIM = "act"


@runtime_checkable
class Authenticator(Protocol):
    def accepts(self, credential: str) -> bool:
        """Whether this authenticator recognises the credential's form (cheap, no I/O)."""
        ...

    def authenticate(self, credential: str) -> Principal:
        """The caller behind the credential; raises `Unauthenticated` if invalid or revoked."""
        ...


def bearer_credential(metadata: Iterable[tuple[str, str | bytes]] | None) -> str | None:
    """The credential of the `authorization` metadata; None when absent.

    Raises `Unauthenticated` when the header is present but not `Bearer <credential>`.
    """
    value = next((v for k, v in metadata or () if k == AUTHORIZATION), None)
    if value is None:
        return None
    text = value.decode("latin-1") if isinstance(value, bytes) else value
    scheme, _, credential = text.strip().partition(" ")
    credential = credential.strip()
    if scheme.lower() != "bearer" or not credential or " " in credential:
        raise Unauthenticated("Authorization header must be 'Bearer <credential>'")
    return credential


class Gatekeeper:
    """Applies a `MethodPolicy` to the credential of a call."""

    def __init__(self, authenticators: Sequence[Authenticator]) -> None:
        self._authenticators = tuple(authenticators)

    def authenticate(self, credential: str) -> Principal:
        for authenticator in self._authenticators:
            if authenticator.accepts(credential):
                return authenticator.authenticate(credential)
        raise Unauthenticated("unsupported credential")

    def admit(
        self, policy: MethodPolicy, metadata: Iterable[tuple[str, str | bytes]] | None
    ) -> Principal | None:
        """The caller allowed to run the method (None: anonymous on a public method)."""
        if policy.public:
            # A public method serves anyone; a credential only personalises the answer,
            # so a bad one is ignored rather than turning a public call into a 401.
            try:
                credential = bearer_credential(metadata)
                return self.authenticate(credential) if credential is not None else None
            except Unauthenticated:
                return None
        credential = bearer_credential(metadata)
        if credential is None:
            raise Unauthenticated("Authorization header is required")
        principal = self.authenticate(credential)
        self.authorize(policy, principal)
        return principal

    @staticmethod
    def authorize(policy: MethodPolicy, principal: Principal) -> None:
        if policy.api_key and principal.kind != "api_key":
            # Not a 403: the caller must come back with another kind of credential.
            raise Unauthenticated("this method requires an API key")
        if DELEGATION_CLAIM in principal.claims and not (policy.scopes or policy.delegated):
            # A delegated token carries the user's `user` role for the verifiers' sake,
            # but was narrowed to its scopes: a method guarded by a role alone (the
            # user's sessions, profile, MFA, memberships) is not among them.
            raise PermissionDenied(
                "a delegated token may only call methods that require its scopes",
                metadata={"reason": "delegated_token"},
            )
        missing_roles = policy.roles - principal.roles
        if missing_roles:
            raise PermissionDenied(
                f"missing role(s): {', '.join(sorted(missing_roles))}",
                metadata={"missing_roles": ",".join(sorted(missing_roles))},
            )
        missing_scopes = policy.scopes - principal.scopes
        if missing_scopes:
            raise PermissionDenied(
                f"missing scope(s): {', '.join(sorted(missing_scopes))}",
                metadata={"missing_scopes": ",".join(sorted(missing_scopes))},
            )
