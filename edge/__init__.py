"""The REST edge: a generic REST/JSON → gRPC transcoder driven by the protos' annotations."""
