"""Inspection of uploaded content: MIME sniffing, then a clamd malware scan.

The transcoder calls `ContentInspector.inspect_body` after reading a body that is not JSON
or a form (and on each multipart file part): 415 `unsupported_media_type` when the bytes
contradict the declared type or the type is not one the operation accepts, 422
`malware_detected` naming the signature, 503 `service_unavailable` when clamd cannot be
reached and scanning fails closed. JSON bodies only get the cheap check that they are
not a binary file in disguise.
"""

from __future__ import annotations

import logging

from edge import errors
from edge.observability.metrics import GatewayMetrics
from edge.security import mime
from edge.security.clamd import ClamdClient, ClamdSizeLimit, ClamdUnavailable
from edge.security.replies import count
from edge.security.settings import SecuritySettings

log = logging.getLogger("edge.security.content")

_NOT_INSPECTED = frozenset({"application/x-www-form-urlencoded", "multipart/form-data"})


def unsupported(message: str) -> errors.EdgeError:
    return errors.EdgeError(415, "UNSUPPORTED_MEDIA_TYPE", message)


class ContentInspector:
    def __init__(
        self,
        scanner: ClamdClient | None,
        *,
        fail_open: bool = False,
        scan_max_bytes: int = 25 * 1024 * 1024,
        metrics: GatewayMetrics | None = None,
    ) -> None:
        self.scanner = scanner
        self.fail_open = fail_open
        self.scan_max_bytes = scan_max_bytes
        self.metrics = metrics

    @classmethod
    def from_settings(
        cls, settings: SecuritySettings, metrics: GatewayMetrics | None = None
    ) -> ContentInspector:
        address = settings.edge_clamd_address
        scanner = ClamdClient(address, settings.edge_clamd_timeout_seconds) if address else None
        return cls(
            scanner,
            fail_open=settings.edge_clamd_fail_open,
            scan_max_bytes=settings.edge_scan_max_bytes,
            metrics=metrics,
        )

    async def inspect_body(
        self, declared_type: str, body: bytes, allowed: frozenset[str] | None = None
    ) -> errors.EdgeError | None:
        """The refusal for this body (or multipart part), or None when it may pass.

        `allowed`: the media types the operation accepts (None: any)."""
        error = await self._inspect(mime.media_type(declared_type), body, allowed)
        if error is not None:
            count(self.metrics, error)
        return error

    async def _inspect(
        self, declared: str, body: bytes, allowed: frozenset[str] | None
    ) -> errors.EdgeError | None:
        if allowed is not None and declared not in {mime.media_type(a) for a in allowed}:
            accepted = ", ".join(sorted(allowed)) or "none"
            return unsupported(
                f"content type {declared or '(none)'} is not accepted here (accepted: {accepted})"
            )
        if mime.is_json(declared):
            disguised = mime.binary_as_json(body)
            return unsupported(disguised) if disguised else None
        if declared in _NOT_INSPECTED or not body:
            return None
        contradiction = mime.contradiction(declared, mime.sniff(body))
        if contradiction is not None:
            return unsupported(contradiction)
        return await self._scan(body)

    async def _scan(self, body: bytes) -> errors.EdgeError | None:
        if self.scanner is None:
            return None
        if len(body) > self.scan_max_bytes:
            return errors.EdgeError(
                413,
                "PAYLOAD_TOO_LARGE",
                f"uploads over {self.scan_max_bytes} bytes cannot be scanned",
            )
        try:
            result = await self.scanner.scan(body)
        except ClamdSizeLimit:
            return errors.EdgeError(413, "PAYLOAD_TOO_LARGE", "upload too large to scan")
        except ClamdUnavailable as exc:
            if self.fail_open:
                log.warning("malware scan skipped (fail-open): %s", exc)
                return None
            log.error("malware scan unavailable, upload refused: %s", exc)
            return errors.EdgeError(
                503, "SERVICE_UNAVAILABLE", "malware scanning is unavailable; retry later"
            )
        if result.signature is not None:
            log.warning("malware detected in upload: %s", result.signature)
            return errors.EdgeError(
                422, "MALWARE_DETECTED", f"upload refused: malware detected ({result.signature})"
            )
        return None
