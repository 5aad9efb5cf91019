"""Where backend instances come from besides static settings: JWT self-registration
(`/api/v1/service-discovery/*`, kept in Redis or in memory) and Kubernetes EndpointSlices.

Each source reports, per backend name, its complete current list of `Endpoint`s through an
`on_change(backend, endpoints)` callback; the edge's pools merge the sources.
"""
