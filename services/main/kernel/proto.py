"""Proto conversions the main servicers share beyond services.runtime.protoconv."""

from __future__ import annotations

from finplat.identity.v1 import location_pb2

from services.main.kernel.location import Location


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
