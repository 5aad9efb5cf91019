"""Proto conversions shared by the identity servicers (timestamps, locations)."""

from __future__ import annotations

from datetime import datetime

from finplat.identity.v1 import location_pb2
from google.protobuf import timestamp_pb2

from services.main.identity.geo import Location


def timestamp(value: datetime) -> timestamp_pb2.Timestamp:
    out = timestamp_pb2.Timestamp()
    out.FromDatetime(value)
    return out


def optional_timestamp(value: datetime | None) -> timestamp_pb2.Timestamp | None:
    return None if value is None else timestamp(value)


def location_pb(location: Location) -> location_pb2.Location:
    out = location_pb2.Location(label=location.label)
    if location.country_code is not None:
        out.country_code = location.country_code
    if location.country is not None:
        out.country = location.country
    if location.city is not None:
        out.city = location.city
    if location.latitude is not None:
        out.latitude = location.latitude
    if location.longitude is not None:
        out.longitude = location.longitude
    return out
