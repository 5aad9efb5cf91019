"""The dashboard page at /app: sign in, then cash flow, health, alerts and goals drawn
with Chart.js from the public REST API (docs/dashboard.md).

The edge only serves files here: the page holds no data and calls the API with the
user's own bearer token like any other client, so every route is public. Everything is
read once at start-up and served from memory, like the documentation pages
(edge/openapi/docs.py); the page carries no inline script or style, so the strict CSP of
the /app prefix (edge/security/settings.py) allows it. Chart.js comes from the npm
registry (`make dashboard-assets`), never from the repository: when it is missing the
edge still starts, logs a warning, and /app says how to install it.
"""

from __future__ import annotations

import logging
from html import escape
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import Response

from edge.dashboard.assets import STATIC, TYPES, Asset, load_chartjs, load_static
from edge.guards import GatewayError

PAGE = "/app"
ASSETS = "/app/assets"
CHARTJS = "/app/vendor/chart.umd.js"
INSTALL_HINT = "run make up (or make dashboard-assets) to install it from the npm registry"

log = logging.getLogger("edge.dashboard")


def _serve(request: Request, asset: Asset, status: int = 200) -> Response:
    if status == 200 and asset.matches(request.headers.get("if-none-match")):
        return Response(status_code=304, headers=asset.headers())
    return Response(
        asset.body, status_code=status, media_type=asset.content_type, headers=asset.headers()
    )


def missing_chartjs_page(path: Path) -> Asset:
    """What /app answers (503) while Chart.js is not installed: the fix, in words."""
    body = (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<title>finplat — dashboard unavailable</title>"
        f'<link rel="stylesheet" href="{ASSETS}/app.css"></head><body>'
        '<main class="setup-problem" id="setup-problem"><h1>Chart.js is not installed — '
        "run make up</h1>"
        f"<p>The dashboard draws its charts with Chart.js, which the edge looks for at "
        f"<code>{escape(str(path))}</code>. Run <code>make up</code> (or "
        "<code>make dashboard-assets</code>) to install it from the npm registry, or set "
        "<code>FINPLAT_EDGE_DASHBOARD_CHARTJS</code> to a copy of Chart.js 4's "
        "<code>chart.umd.js</code>, then restart the edge.</p></main></body></html>"
    )
    return Asset.of(body.encode(), TYPES[".html"])


def dashboard_router(chartjs_path: Path, static_dir: Path = STATIC) -> APIRouter:
    """GET /app (and /app/), /app/assets/{name} and /app/vendor/chart.umd.js."""
    page, assets = load_static(static_dir)
    chartjs = load_chartjs(chartjs_path)
    if chartjs is None:
        log.warning(
            "Chart.js not found at %s: /app cannot draw charts; %s", chartjs_path, INSTALL_HINT
        )
        page = missing_chartjs_page(chartjs_path)
    page_status = 200 if chartjs is not None else 503

    router = APIRouter(tags=["dashboard"])

    async def dashboard(request: Request) -> Response:
        return _serve(request, page, page_status)

    async def asset(request: Request, name: str) -> Response:
        found = assets.get(name)
        if found is None:
            raise GatewayError(404, "NOT_FOUND", "no such dashboard asset")
        return _serve(request, found)

    async def chart_js(request: Request) -> Response:
        if chartjs is None:
            raise GatewayError(404, "NOT_FOUND", f"Chart.js is not installed: {INSTALL_HINT}")
        return _serve(request, chartjs)

    router.add_api_route(
        PAGE,
        dashboard,
        methods=["GET"],
        summary="The dashboard page (public; it reads the API with the user's own token)",
        response_class=Response,
    )
    # HEAD (curl -I, link checkers) and the trailing-slash spelling answer the same, and
    # the page's own files are not API operations: none of them is in the document.
    for path, endpoint, methods in (
        (PAGE, dashboard, ["HEAD"]),
        (PAGE + "/", dashboard, ["GET", "HEAD"]),
        (ASSETS + "/{name}", asset, ["GET", "HEAD"]),
        (CHARTJS, chart_js, ["GET", "HEAD"]),
    ):
        router.add_api_route(path, endpoint, methods=methods, include_in_schema=False)
    return router
