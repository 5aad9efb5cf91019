"""The floor of any backend call: a bare sync grpcio server answering grpc.health.v1
`Check`, with no interceptors, no database and no auth.

Same server shape as a finplat backend (grpcio sync server, thread pool of the runtime's
default size), so what it costs per call is what every backend call costs before our
code runs. The foundation benchmark measures it beside the edge."""

from __future__ import annotations

import os
from concurrent import futures

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

from services.runtime.settings import RuntimeSettings


def main() -> None:
    workers = RuntimeSettings().grpc_max_workers
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=workers))
    servicer = health.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(servicer, server)
    servicer.set("", health_pb2.HealthCheckResponse.SERVING)
    server.add_insecure_port(f"127.0.0.1:{os.environ['BENCH_PORT']}")
    server.start()
    server.wait_for_termination()


if __name__ == "__main__":
    main()
