"""What every project-finance servicer shares: a use case runs on a fresh unit of work
for the caller's tenant (the token's `tid`, checked before the request's own fields are
read), optional request fields are None when not sent, and every change names its actor
(the audit log's who, where and correlation id)."""

from __future__ import annotations

import uuid

import grpc

from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.calling import actor_of
from services.projectfinance.kernel.dependencies import Kernel, Uow
from services.runtime.clock import Clock
from services.runtime.tenancy import current_tenant_id


class TenantServicer:
    def __init__(self, kernel: Kernel) -> None:
        self._kernel = kernel

    @property
    def _clock(self) -> Clock:
        return self._kernel.clock

    def _scope(self) -> tuple[Uow, uuid.UUID]:
        """A read's first two arguments: a fresh unit of work and the caller's tenant."""
        return self._kernel.unit_of_work(), current_tenant_id()

    def _change(self, context: grpc.ServicerContext) -> tuple[Uow, uuid.UUID, Actor]:
        """A change's first three arguments: the unit of work, the tenant and the actor."""
        tenant_id = current_tenant_id()
        return self._kernel.unit_of_work(), tenant_id, actor_of(context)
