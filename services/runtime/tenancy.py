"""The caller's tenant: the access token's `tid`. Tenant-owned families (main's teams,
projects, ledger, invoices and payments; every project-finance family) answer only for
it, so a caller without one (an API key, a service without a tenant) is refused."""

from __future__ import annotations

import uuid

from services.runtime.errors import PermissionDenied
from services.runtime.principal import current_principal


def current_tenant_id() -> uuid.UUID:
    principal = current_principal()
    if principal.tenant_id is None:
        raise PermissionDenied("this operation needs a token for a tenant")
    try:
        return uuid.UUID(principal.tenant_id)
    except ValueError:
        raise PermissionDenied("this operation needs a token for a tenant") from None
