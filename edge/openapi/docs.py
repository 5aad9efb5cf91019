"""The documentation endpoints: the API document, Swagger UI pages and the /docs index.

Everything is public (GAPS) and served from memory, built once: the Swagger UI assets
come from the installed `swagger_ui_bundle` package (no CDN). The pages carry no inline
script, so a strict `script-src 'self'` CSP allows them: each page names its document in
a data attribute that /docs/assets/finplat-init.js reads.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

import orjson
import swagger_ui_bundle
from fastapi import APIRouter, Request
from fastapi.responses import Response

from edge.guards import GatewayError

API_JSON = "/openapi/api.json"
GATEWAY_JSON = "/openapi/gateway.json"
ASSETS = "/docs/assets"
# The files the pages load; the bundle's index.html and initializer (pointing at the
# petstore demo) and source maps are left out.
ASSET_FILES = (
    "swagger-ui.css",
    "swagger-ui-bundle.js",
    "swagger-ui-standalone-preset.js",
    "favicon-16x16.png",
    "favicon-32x32.png",
    "oauth2-redirect.html",
)
_TYPES = {
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".png": "image/png",
    ".html": "text/html; charset=utf-8",
}
_INIT_JS = b"""window.onload = function () {
  var root = document.getElementById("swagger-ui");
  window.ui = SwaggerUIBundle({
    url: root.getAttribute("data-url"),
    dom_id: "#swagger-ui",
    deepLinking: true,
    persistAuthorization: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: "StandaloneLayout"
  });
};
"""
_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<link rel="stylesheet" href="{assets}/swagger-ui.css">
<link rel="icon" type="image/png" href="{assets}/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui" data-url="{url}"></div>
<script src="{assets}/swagger-ui-bundle.js"></script>
<script src="{assets}/swagger-ui-standalone-preset.js"></script>
<script src="{assets}/finplat-init.js"></script>
</body>
</html>
"""
_CACHE = {"cache-control": "public, max-age=86400"}


def load_assets(dist: Path) -> dict[str, tuple[bytes, str]]:
    """Asset name → (bytes, content type), read once at start-up."""
    assets = {name: ((dist / name).read_bytes(), _TYPES[Path(name).suffix]) for name in ASSET_FILES}
    assets["finplat-init.js"] = (_INIT_JS, _TYPES[".js"])
    return assets


def page(title: str, document_url: str) -> bytes:
    return _PAGE.format(title=escape(title), url=escape(document_url), assets=ASSETS).encode()


def _json(body: bytes) -> Response:
    return Response(body, media_type="application/json")


def docs_router(
    api_document: dict[str, Any],
    *,
    health_paths: tuple[str, ...] = ("/health", "/health/detailed", "/ready", "/live"),
    swagger_dist: Path | None = None,
) -> APIRouter:
    """GET /openapi/api.json, /docs, /docs/api, /docs/gateway and /docs/assets/{name}.

    The gateway document itself is FastAPI's (`app.openapi_url`, /openapi/gateway.json).
    Swagger UI 5 (swagger-ui-bundle-v2) reads both 3.1 documents as they are published.
    """
    dist = swagger_dist or Path(str(swagger_ui_bundle.swagger_ui_path))
    assets = load_assets(dist)
    api_bytes = orjson.dumps(api_document)
    api_page = page(f"{api_document['info']['title']} — Swagger UI", API_JSON)
    gateway_page = page("finplat gateway — Swagger UI", GATEWAY_JSON)
    index = {
        "documents": {
            "gateway": {"openapi": GATEWAY_JSON, "swagger_ui": "/docs/gateway"},
            "api": {"openapi": API_JSON, "swagger_ui": "/docs/api"},
        },
        "health": list(health_paths),
        # The page drawing the analytics from the public API (edge/dashboard).
        "dashboard": "/app",
    }

    router = APIRouter(tags=["documentation"])

    @router.get(API_JSON, summary="OpenAPI 3.1 document of the proxied API (public)")
    async def api_json() -> Response:
        return _json(api_bytes)

    @router.get("/docs", summary="Links to the API documents (public)")
    async def docs_index(request: Request) -> Response:
        if "text/html" in request.headers.get("accept", ""):
            return Response(_index_html(index), media_type="text/html; charset=utf-8")
        return _json(orjson.dumps(index))

    def html(body: bytes) -> Callable[[], Any]:
        async def serve() -> Response:
            return Response(body, media_type="text/html; charset=utf-8")

        return serve

    router.add_api_route(
        "/docs/api",
        html(api_page),
        methods=["GET"],
        summary="Swagger UI: API",
        operation_id="swagger_ui_api",
    )
    router.add_api_route(
        "/docs/gateway",
        html(gateway_page),
        methods=["GET"],
        summary="Swagger UI: gateway",
        operation_id="swagger_ui_gateway",
    )

    @router.get(ASSETS + "/{name}", include_in_schema=False)
    async def asset(name: str) -> Response:
        found = assets.get(name)
        if found is None:
            raise GatewayError(404, "NOT_FOUND", "no such documentation asset")
        return Response(found[0], media_type=found[1], headers=_CACHE)

    return router


def _index_html(index: dict[str, Any]) -> bytes:
    links = [
        (f"{name} API document (OpenAPI 3.1)", doc["openapi"])
        for name, doc in index["documents"].items()
    ]
    links += [
        (f"{name} API (Swagger UI)", doc["swagger_ui"]) for name, doc in index["documents"].items()
    ]
    links += [(f"health: {path}", path) for path in index["health"]]
    links.append(("dashboard (sign in to see your analytics)", index["dashboard"]))
    items = "".join(f'<li><a href="{escape(url)}">{escape(text)}</a></li>' for text, url in links)
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>finplat docs</title>'
        f"</head><body><h1>finplat documentation</h1><ul>{items}</ul></body></html>"
    ).encode()
