"""The main backend's shared kernel: what its capabilities share, and nothing else.

- `dependencies.Kernel`: what the composition root builds once and hands to every
  capability (units of work, clock, hasher, token issuer, keys, mailer, locator, policy).
- `base`: the declarative base, one metadata for every capability's tables.
- `access`: platform roles, tenant roles and the scopes tokens carry.
- `events`: security-event kinds and where a request came from (`ClientInfo`).
- `location` / `geo`: where an address is (pure value / GeoIP lookups).
- `mail`: outgoing email (SMTP, files, the background queue).
- `hashing`: passwords (argon2id) and bearer secrets (SHA-256).
- `tokens`: access-token issuing with the current signing key.
- `text`: the rule for characters a displayed name may not contain.
- `caller`, `client`, `proto`: for servicers only (the caller's ids, the call's origin,
  shared proto conversions); `client` and `proto` are the only kernel modules that
  import grpc or protobuf.
"""
