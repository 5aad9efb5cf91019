"""The invoices' pure rules: fields and their checks, totals, transitions, postings,
idempotency keys."""
