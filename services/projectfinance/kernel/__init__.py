"""The project-finance backend's shared kernel: what its capabilities share, and nothing
else.

- `dependencies.Kernel`: what the composition root builds once (unit of work, clock, the
  project directory in main).
- `base`: the declarative base, one metadata for every capability's tables.
- `money`: MoneyB (decimal amounts) and MoneyA (integer minor units) with ISO 4217
  exponents, one currency per record.
- `actor`: who changes something, from where, under which correlation id (the audit
  log's who/where); `calling` builds it from a gRPC call (servicers only).
- `work`: what a record's derived figures are computed from (phases, milestones, cost
  centers), as plain values the capabilities' repositories return.
- `project_directory` / `projects`: main's projects (the Protocol use cases see / its
  gRPC client, asked with the caller's token).
- `fields`: the checks several capabilities share (name, description, sequence, a
  percent as decimal text); free-text rules are services.runtime.text_fields'.
- `record_refs`: the record a use case works under, or 404 (another tenant's alike).
- `repository`: the base of the repositories of rows under a record (the record a row
  is under, a row's lock).
- `servicing`: what every servicer shares (unit of work and tenant first, optional
  fields, the caller); `proto`: the shared proto conversions (MoneyB), servicers only.
"""
