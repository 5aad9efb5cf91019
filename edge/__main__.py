"""`python -m edge`: serve the edge with uvicorn (uvloop + the guarded httptools protocol)."""

from __future__ import annotations

import uvicorn

from edge.app import create_app
from edge.security.serving import uvicorn_config
from edge.settings import EdgeSettings
from services.runtime.heap import freeze_startup_heap
from services.runtime.logging import configure_logging


def main() -> None:
    settings = EdgeSettings()
    # JSON lines, one per request from the access log (edge/observability/access_log.py).
    configure_logging(settings.log_level)
    app = create_app(settings)
    config = uvicorn_config(
        app,
        settings,
        host=settings.edge_host,
        port=settings.edge_port,
        trusted_proxies=settings.edge_trusted_proxies,
        metrics=app.state.metrics,
    )
    freeze_startup_heap()
    uvicorn.Server(config).run()


if __name__ == "__main__":
    main()
