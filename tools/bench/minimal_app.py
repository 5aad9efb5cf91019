"""The reference: the smallest FastAPI app answering a fixed JSON body (the same bytes
the benchmarked endpoint returns) on any GET path.

Run by the benchmark under the same uvicorn settings as the edge (uvloop, httptools,
one worker), so the ratio isolates what the edge does per request."""

from __future__ import annotations

import os

import orjson
import uvicorn
from fastapi import FastAPI
from fastapi.responses import Response

app = FastAPI()
_BODY = orjson.dumps(orjson.loads(os.environ.get("BENCH_BODY", "{}")))


@app.get("/{path:path}")
async def fixed_body(path: str) -> Response:
    return Response(_BODY, media_type="application/json")


if __name__ == "__main__":
    uvicorn.run(
        app,
        host="127.0.0.1",
        port=int(os.environ["BENCH_PORT"]),
        loop="uvloop",
        http="httptools",
        log_level="warning",
        access_log=False,
    )
