"""The documentation endpoints on the assembled edge, served by a real uvicorn over a real
socket: the documents, the /docs index, the Swagger UI pages and their offline assets."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import uvicorn
from openapi_spec_validator import OpenAPIV31SpecValidator

from edge.app import create_app
from edge.settings import EdgeSettings
from tools.stack import free_port


@pytest.fixture(scope="module")
def edge(document: dict[str, Any]) -> Iterator[httpx.Client]:
    # Port 1 never listens: no backend is needed for documentation.
    app = create_app(EdgeSettings(edge_backends={"expense": ["127.0.0.1:1"]}))
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10) as client:
        yield client
    server.should_exit = True
    thread.join(10)


def test_api_document_is_served(edge: httpx.Client, document: dict[str, Any]) -> None:
    response = edge.get("/openapi/api.json")
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    assert response.json() == document


def test_gateway_document_is_openapi_3_1_labelled_v2(edge: httpx.Client) -> None:
    gateway = edge.get("/openapi/gateway.json").json()
    OpenAPIV31SpecValidator(gateway).validate()
    assert gateway["openapi"].startswith("3.1.")
    assert (gateway["info"]["title"], gateway["info"]["version"]) == ("finplat gateway", "2")
    assert {"/health", "/docs", "/openapi/api.json"} <= set(gateway["paths"])
    assert not any(path.startswith("/docs/assets") for path in gateway["paths"])


def test_docs_index_links_every_document(edge: httpx.Client) -> None:
    index = edge.get("/docs")
    assert index.status_code == 200 and index.headers["content-type"] == "application/json"
    body = index.json()
    assert body["documents"]["gateway"] == {
        "openapi": "/openapi/gateway.json",
        "swagger_ui": "/docs/gateway",
    }
    assert body["documents"]["api"] == {"openapi": "/openapi/api.json", "swagger_ui": "/docs/api"}
    assert "/health" in body["health"] and "/ready" in body["health"]
    for link in ("/openapi/gateway.json", "/openapi/api.json", "/docs/api", "/docs/gateway"):
        assert edge.get(link).status_code == 200, link
    page = edge.get("/docs", headers={"accept": "text/html"})
    assert page.headers["content-type"].startswith("text/html")
    assert 'href="/docs/api"' in page.text
    assert body["dashboard"] == "/app" and 'href="/app"' in page.text


@pytest.mark.parametrize("path", ["/docs/api", "/docs/gateway"])
def test_swagger_ui_pages_load_local_assets_only(edge: httpx.Client, path: str) -> None:
    page = edge.get(path)
    assert page.status_code == 200
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    assert "<script>" not in page.text  # no inline script: a strict CSP allows the page
    assert "http://" not in page.text and "https://" not in page.text  # no CDN
    for asset in ("swagger-ui.css", "swagger-ui-bundle.js", "finplat-init.js"):
        assert f'/docs/assets/{asset}"' in page.text


def test_pages_load_the_published_3_1_documents(edge: httpx.Client) -> None:
    # Swagger UI 5 (swagger-ui-bundle-v2) renders OpenAPI 3.1 as published.
    for page, url in (
        ("/docs/api", "/openapi/api.json"),
        ("/docs/gateway", "/openapi/gateway.json"),
    ):
        assert f'data-url="{url}"' in edge.get(page).text
        OpenAPIV31SpecValidator(edge.get(url).json()).validate()


@pytest.mark.parametrize(
    ("name", "content_type"),
    [
        ("swagger-ui.css", "text/css; charset=utf-8"),
        ("swagger-ui-bundle.js", "text/javascript; charset=utf-8"),
        ("swagger-ui-standalone-preset.js", "text/javascript; charset=utf-8"),
        ("finplat-init.js", "text/javascript; charset=utf-8"),
        ("favicon-32x32.png", "image/png"),
    ],
)
def test_assets_are_served_with_their_types(
    edge: httpx.Client, name: str, content_type: str
) -> None:
    response = edge.get(f"/docs/assets/{name}")
    assert response.status_code == 200
    assert response.headers["content-type"] == content_type
    assert len(response.content) > 0
    assert "max-age" in response.headers["cache-control"]


@pytest.mark.parametrize("name", ["index.html", "..%2F__init__.py", "nothing.js"])
def test_unknown_assets_are_404_in_the_gateway_shape(edge: httpx.Client, name: str) -> None:
    response = edge.get(f"/docs/assets/{name}", headers={"x-request-id": "docs-1"})
    assert response.status_code == 404
    body = response.json()
    assert (body["error"], body["request_id"]) == ("not_found", "docs-1")
