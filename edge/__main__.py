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
    )


if __name__ == "__main__":
    main()
