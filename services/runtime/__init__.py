"""Shared gRPC server runtime: bootstrap, interceptors, errors, principal, settings."""
