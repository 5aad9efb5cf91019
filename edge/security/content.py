"""Inspection of uploaded content: MIME sniffing, then a clamd malware scan.

The transcoder calls `ContentInspector.inspect_body` after reading a body that is not JSON
or a form: 415 `unsupported_media_type` when the bytes contradict the declared type or
the type is not one the operation accepts, 422 `malware_detected` naming the signature,
503 `service_unavailable` when clamd cannot be reached and scanning fails closed. JSON
bodies only get the cheap check that they are not a binary file in disguise.

Streamed uploads (edge/uploads/) are checked in two steps: `upload_type` on the file
part's first bytes before anything reaches the backend, and an `UploadScan` fed with
every piece sent on, whose verdict comes before the upload is completed. Their size is
bounded by the route's limit, not by `edge_scan_max_bytes`.
"""

from __future__ import annotations

import logging

from edge import errors
from edge.observability.metrics import GatewayMetrics
from edge.security import mime
from edge.security.clamd import ClamdClient, ClamdSizeLimit, ClamdUnavailable, ScanSession
from edge.security.replies import count
from edge.security.settings import SecuritySettings

log = logging.getLogger("edge.security.content")

_NOT_INSPECTED = frozenset({"application/x-www-form-urlencoded", "multipart/form-data"})


def unsupported(message: str) -> errors.EdgeError:
    return errors.EdgeError(415, "UNSUPPORTED_MEDIA_TYPE", message)


def malware(signature: str) -> errors.EdgeError:
    log.warning("malware detected in upload: %s", signature)
    return errors.EdgeError(
        422, "MALWARE_DETECTED", f"upload refused: malware detected ({signature})"
    )


def _not_accepted(media: str, accepted: frozenset[str]) -> errors.EdgeError:
    listed = ", ".join(sorted(accepted)) or "none"
    return unsupported(
        f"content type {media or '(none)'} is not accepted here (accepted: {listed})"
    )


def upload_type(
    declared_type: str, head: bytes, allowed: frozenset[str]
) -> tuple[str, errors.EdgeError | None]:
    """The media type of an upload whose first bytes are `head`, or why it is refused.

    The type is the declared one (canonical; none declared counts as
    application/octet-stream) unless the bytes carry a strong signature, which wins:
    a PNG declared as octet-stream is a PNG. Both must be in `allowed` (canonical
    types; empty: any), and the bytes must not contradict the declaration."""
    declared = mime.media_type(declared_type) or mime.GENERIC
    if allowed and declared not in allowed:
        return declared, _not_accepted(declared, allowed)
    sniffed = mime.sniff(head)
    contradiction = mime.contradiction(declared, sniffed)
    if contradiction is not None:
        return declared, unsupported(contradiction)
    detected = sniffed.primary or declared
    if allowed and detected not in allowed:
        return detected, unsupported(
            f"content is {sniffed.label}, not accepted here (accepted: "
            f"{', '.join(sorted(allowed))})"
        )
    return detected, None


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
        if allowed is not None:
            accepted = frozenset(mime.media_type(a) for a in allowed)
            if declared not in accepted:
                return _not_accepted(declared, accepted)
        if mime.is_json(declared):
            disguised = mime.binary_as_json(body)
            return unsupported(disguised) if disguised else None
        if declared in _NOT_INSPECTED or not body:
            return None
        contradiction = mime.contradiction(declared, mime.sniff(body))
        if contradiction is not None:
            return unsupported(contradiction)
        return await self._scan(body)

    def check_upload_head(
        self, declared_type: str, head: bytes, allowed: frozenset[str]
    ) -> tuple[str, errors.EdgeError | None]:
        """`upload_type`, with its refusal counted."""
        detected, error = upload_type(declared_type, head, allowed)
        return detected, None if error is None else self.refused(error)

    def upload_scan(self) -> UploadScan:
        """A malware scan to feed with an upload as it flows (a no-op without clamd)."""
        return UploadScan(self)

    def refused(self, error: errors.EdgeError) -> errors.EdgeError:
        """`error`, counted in the security refusals metric."""
        count(self.metrics, error)
        return error

    def unavailable(self, exc: ClamdUnavailable) -> errors.EdgeError | None:
        """What clamd being unreachable means for an upload: a 503 (fail-closed, the
        default) or nothing (fail-open: it passes unscanned)."""
        if isinstance(exc, ClamdSizeLimit):
            log.error("upload larger than clamd's StreamMaxLength refused: %s", exc)
            return errors.EdgeError(413, "PAYLOAD_TOO_LARGE", "upload too large to scan")
        if self.fail_open:
            log.warning("malware scan skipped (fail-open): %s", exc)
            return None
        log.error("malware scan unavailable, upload refused: %s", exc)
        return errors.EdgeError(
            503, "SERVICE_UNAVAILABLE", "malware scanning is unavailable; retry later"
        )

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
        except ClamdUnavailable as exc:
            return self.unavailable(exc)
        return None if result.signature is None else malware(result.signature)


class UploadScan:
    """The clamd verdict on an upload fed piece by piece, under the inspector's policy.

    `start` before the first piece (a fail-closed refusal comes before anything is sent
    on), `feed` every piece, `verdict` once the upload is whole; `close` in any case. A
    clamd failure midway is remembered and answered by `verdict` with the same policy."""

    def __init__(self, inspector: ContentInspector) -> None:
        self._inspector = inspector
        self._session: ScanSession | None = None
        self._failure: ClamdUnavailable | None = None

    async def start(self) -> errors.EdgeError | None:
        scanner = self._inspector.scanner
        if scanner is None:
            return None
        try:
            self._session = await scanner.session()
        except ClamdUnavailable as exc:
            self._failure = exc
            return self._refusal(self._inspector.unavailable(exc))
        return None

    async def feed(self, data: bytes | memoryview) -> None:
        if self._session is None:
            return
        try:
            await self._session.feed(data)
        except ClamdUnavailable as exc:
            self._failure = exc
            self.close()

    async def verdict(self) -> errors.EdgeError | None:
        """The refusal (422 malware, 503 or 413 from clamd's state), or None: clean."""
        if self._failure is not None:
            return self._refusal(self._inspector.unavailable(self._failure))
        if self._session is None:
            return None
        try:
            result = await self._session.finish()
        except ClamdUnavailable as exc:
            return self._refusal(self._inspector.unavailable(exc))
        finally:
            self.close()
        return None if result.signature is None else self._refusal(malware(result.signature))

    def close(self) -> None:
        if self._session is not None:
            self._session.close()
            self._session = None

    def _refusal(self, error: errors.EdgeError | None) -> errors.EdgeError | None:
        return None if error is None else self._inspector.refused(error)
