"""What the edge shows about itself: Prometheus metrics, traces, per-request JSON logs."""
