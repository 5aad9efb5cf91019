"""The edge's security controls (issue 4, item 5), each in its own module.

ASGI middlewares, outermost first after the request id: `headers` (security response
headers), `identity_headers` (header-spoofing prevention), `ip_filter` (allow/deny lists
and automatic blocking, state in `blocklist`), `body_guard` (body size and pace).
`protocol`/`serving`: connection limits and the header deadline inside uvicorn.
`content`: MIME sniffing (`mime`) and malware scanning (`clamd`) of uploads.
"""
