"""What the servicers of tenant-owned families (ledger, projects, invoices, payments,
reports, recon) share: services.runtime.tenant_servicer bound to main's kernel, optional
request fields None when not sent, and a page answered with its family's Pagination
message."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from services.main.kernel.dependencies import Kernel, Uow
from services.runtime import tenant_servicer
from services.runtime.paging import Page

M = TypeVar("M")


class TenantServicer(tenant_servicer.TenantServicer[Kernel, Uow]):
    """Main's tenant servicer: `_scope()` gives main's unit of work and the tenant."""


def pagination_pb(page: Page[Any], message: Callable[..., M]) -> M:
    """`page`'s position as `message` (each family's proto declares its own Pagination)."""
    return message(limit=page.limit, offset=page.offset, total=page.total, has_more=page.has_more)
