"""The project-finance backend: per-tenant project finance records, their phases,
milestones and cost centers, approvals and the audit log (spec 3)."""
