"""Streamed downloads: server-streaming RPCs answering google.api.HttpBody chunks,
relayed as a chunked HTTP response (docs/gateway.md, "Streamed downloads")."""
