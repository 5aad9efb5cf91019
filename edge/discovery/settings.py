"""Discovery settings, mixed into EdgeSettings (environment prefix FINPLAT_)."""

from __future__ import annotations

from pydantic import BaseModel, Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class K8sService(BaseModel):
    """The Kubernetes Service in front of one backend and the name of its gRPC port."""

    service: str
    port: str = "grpc"


class DiscoverySettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="FINPLAT_", extra="ignore")

    # JWT service discovery (the /api/v1/service-discovery/* endpoints). Off by default:
    # a deployment with static addresses has no registry and those paths answer 404.
    edge_discovery_enabled: bool = False
    # A registration lives this long unless heartbeated; registrants heartbeat every
    # ttl/3, so one lost heartbeat never evicts a healthy instance.
    edge_discovery_ttl_seconds: int = Field(default=30, ge=3, le=3600)
    # How often each edge copies the registry into its pools (registrations made on this
    # edge are copied at once; other edges' within this period).
    edge_discovery_sync_seconds: float = Field(default=1.0, gt=0)

    # Kubernetes EndpointSlices (discovery.k8s.io/v1) as a source of backend instances.
    edge_k8s_enabled: bool = False
    # Namespace of the backends' Services.
    edge_k8s_namespace: str = "default"
    # Backend name → its Service and named port, JSON in the environment, e.g.
    # FINPLAT_EDGE_K8S_SERVICES='{"expense": {"service": "expense", "port": "grpc"}}'.
    edge_k8s_services: dict[str, K8sService] = Field(default_factory=dict)
    # API server and bearer token; both unset means in-cluster configuration (the pod's
    # service account), which is how the edge runs in production.
    edge_k8s_api_url: str | None = None
    edge_k8s_token: str | None = None
    # CA bundle of the API server when edge_k8s_api_url is https with a private CA.
    edge_k8s_ca_file: str | None = None
    # Polling period: slices change on deploys and pod failures, a few seconds suffice.
    edge_k8s_poll_seconds: float = Field(default=5.0, gt=0)
