"""What the servicers of tenant-owned families (ledger, projects, invoices, payments)
share: every call runs one use case on a fresh unit of work for the caller's tenant
(`kernel.tenancy.current_tenant_id`), optional request fields are None when not sent,
and a page answers with its family's Pagination message."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any, TypeVar

from services.main.kernel.dependencies import Kernel, Uow
from services.runtime.clock import Clock
from services.runtime.paging import Page
from services.runtime.tenancy import current_tenant_id

M = TypeVar("M")


class TenantServicer:
    def __init__(self, kernel: Kernel) -> None:
        self._kernel = kernel

    @property
    def _clock(self) -> Clock:
        return self._kernel.clock

    def _scope(self) -> tuple[Uow, uuid.UUID]:
        """Every use case's first two arguments: a fresh unit of work and the caller's
        tenant (refused before the request's own fields are read)."""
        return self._kernel.unit_of_work(), current_tenant_id()


def pagination_pb(page: Page[Any], message: Callable[..., M]) -> M:
    """`page`'s position as `message` (each family's proto declares its own Pagination)."""
    return message(limit=page.limit, offset=page.offset, total=page.total, has_more=page.has_more)
