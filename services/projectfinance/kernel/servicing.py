"""What every project-finance servicer shares: services.runtime.tenant_servicer bound to
this backend's kernel (a use case on a fresh unit of work for the caller's tenant),
optional request fields None when not sent, and every change naming its actor (the
audit log's who, where and correlation id)."""

from __future__ import annotations

import uuid

import grpc

from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.calling import actor_of
from services.projectfinance.kernel.dependencies import Kernel, Uow
from services.runtime import tenant_servicer
from services.runtime.tenancy import current_tenant_id


class TenantServicer(tenant_servicer.TenantServicer[Kernel, Uow]):
    def _change(self, context: grpc.ServicerContext) -> tuple[Uow, uuid.UUID, Actor]:
        """A change's first three arguments: the unit of work, the tenant and the actor."""
        tenant_id = current_tenant_id()
        return self._kernel.unit_of_work(), tenant_id, actor_of(context)
