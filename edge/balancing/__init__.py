"""Backend instance pools: where each gRPC call goes (balancing, health, circuit breaking)."""
