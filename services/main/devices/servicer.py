"""gRPC servicer of trusted devices: proto ⇄ use cases, nothing else.

The runtime's interceptors have authenticated the caller (a user's access token with
the "user" role) before these methods run; every call acts on that user's devices only.
"""

from __future__ import annotations

import grpc
from finplat.identity.v1 import sessions_pb2

from services.main.devices import usecases
from services.main.devices.domain import TrustedDevice
from services.main.kernel.caller import current_caller
from services.main.kernel.client import ClientOf, no_client
from services.main.kernel.dependencies import UowFactory
from services.runtime.clock import Clock, utcnow
from services.runtime.protoconv import optional_timestamp, timestamp


def device_pb(device: TrustedDevice) -> sessions_pb2.TrustedDevice:
    return sessions_pb2.TrustedDevice(
        fingerprint_hash=device.fingerprint_hash,
        nickname=device.nickname,
        created_at=timestamp(device.created_at),
        expires_at=timestamp(device.expires_at),
        last_used_at=optional_timestamp(device.last_used_at),
    )


class TrustedDeviceServicer:
    def __init__(
        self,
        unit_of_work: UowFactory,
        clock: Clock = utcnow,
        client_of: ClientOf = no_client,
    ) -> None:
        self._uow = unit_of_work
        self._clock = clock
        self._client_of = client_of

    def ListTrustedDevices(
        self, request: sessions_pb2.ListTrustedDevicesRequest, context: grpc.ServicerContext
    ) -> sessions_pb2.ListTrustedDevicesResponse:
        found = usecases.list_devices(self._uow(), current_caller().user_id, self._clock)
        return sessions_pb2.ListTrustedDevicesResponse(devices=[device_pb(d) for d in found])

    def RegisterTrustedDevice(
        self, request: sessions_pb2.RegisterTrustedDeviceRequest, context: grpc.ServicerContext
    ) -> sessions_pb2.RegisterTrustedDeviceResponse:
        device = usecases.register_device(
            self._uow(),
            current_caller().user_id,
            request.fingerprint_hash,
            request.nickname,
            request.trusted_days if request.HasField("trusted_days") else None,
            client=self._client_of(context),
            clock=self._clock,
        )
        return sessions_pb2.RegisterTrustedDeviceResponse(device=device_pb(device))

    def RevokeTrustedDevice(
        self, request: sessions_pb2.RevokeTrustedDeviceRequest, context: grpc.ServicerContext
    ) -> sessions_pb2.RevokeTrustedDeviceResponse:
        usecases.revoke_device(
            self._uow(),
            current_caller().user_id,
            request.fingerprint_hash,
            client=self._client_of(context),
            clock=self._clock,
        )
        return sessions_pb2.RevokeTrustedDeviceResponse(revoked=True)

    def RevokeAllTrustedDevices(
        self, request: sessions_pb2.RevokeAllTrustedDevicesRequest, context: grpc.ServicerContext
    ) -> sessions_pb2.RevokeAllTrustedDevicesResponse:
        revoked = usecases.revoke_all_devices(
            self._uow(),
            current_caller().user_id,
            client=self._client_of(context),
            clock=self._clock,
        )
        return sessions_pb2.RevokeAllTrustedDevicesResponse(revoked=revoked)
