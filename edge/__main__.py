"""`python -m edge`: serve the edge with uvicorn (uvloop + httptools)."""

from __future__ import annotations

import uvicorn

from edge.app import create_app
from edge.settings import EdgeSettings


def main() -> None:
    settings = EdgeSettings()
    uvicorn.run(
        create_app(settings),
        host=settings.edge_host,
        port=settings.edge_port,
        loop="uvloop",
        http="httptools",
        access_log=False,  # request logging belongs to the edge's observability layer
        # The client address (rate limits, sessions, security events) is taken from
        # X-Forwarded-For only when the direct peer is a trusted proxy.
        proxy_headers=bool(settings.edge_trusted_proxies),
        forwarded_allow_ips=",".join(settings.edge_trusted_proxies) or None,
    )


if __name__ == "__main__":
    main()
