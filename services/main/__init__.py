"""The main backend: identity today (auth, sessions, devices, security dashboard, user
administration, service accounts, signing keys); ledger, invoices, payments, projects and
teams follow. One package per capability, sharing `kernel`; `capabilities.CAPABILITIES`
lists them for the composition root (`main`) and Alembic."""
