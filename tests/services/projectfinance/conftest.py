"""The fixtures every project-finance test shares (tests.services.projectfinance.support)."""

from tests.services.projectfinance.support import actor, tenant, uow

__all__ = ["actor", "tenant", "uow"]
