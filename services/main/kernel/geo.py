"""Where a login came from, from a MaxMind-format City database (GeoLite2 / GeoIP2 City).

Geolocation is best effort: without a database, for addresses that are not routable on
the internet, or for addresses the database does not know, the answer is UNKNOWN and
callers (the anomaly rules, the dashboard) treat it as "no information", never an error.
"""

from __future__ import annotations

import ipaddress
import threading
from pathlib import Path

import geoip2.database
from geoip2.errors import AddressNotFoundError

from services.main.kernel.location import UNKNOWN, Location


def public_address(ip: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The address if it is a valid, globally routable unicast one, else None.

    Private, loopback, link-local, reserved, shared (CGNAT), documentation and multicast
    ranges say nothing about where a person is. An IPv4-mapped IPv6 address (how a
    dual-stack socket reports IPv4 peers) is judged as the IPv4 address it carries.
    """
    try:
        address = ipaddress.ip_address(ip.strip())
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    if not address.is_global or address.is_multicast:
        return None
    return address


class GeoLocator:
    """Looks addresses up in a City database; without one, everything is UNKNOWN."""

    def __init__(self, database: Path | None) -> None:
        self._lock = threading.Lock()
        self._reader: geoip2.database.Reader | None = None
        if database is not None:
            # A missing or wrong file is a configuration error: fail at start-up, not
            # with silently empty dashboards.
            reader = geoip2.database.Reader(str(database))
            kind = reader.metadata().database_type
            if "City" not in kind:
                reader.close()
                raise ValueError(f"{database} is a {kind} database, not a City database")
            self._reader = reader

    def locate(self, ip: str) -> Location:
        address = public_address(ip)
        if address is None:
            return UNKNOWN
        # One lock: lookups take microseconds, and it makes close() safe against a
        # lookup in flight on another thread of the gRPC pool.
        with self._lock:
            if self._reader is None:
                return UNKNOWN
            try:
                found = self._reader.city(str(address))
            except AddressNotFoundError:
                return UNKNOWN
        return Location(
            country_code=found.country.iso_code,
            country=found.country.name,
            city=found.city.name,
            latitude=found.location.latitude,
            longitude=found.location.longitude,
        )

    def close(self) -> None:
        with self._lock:
            if self._reader is not None:
                self._reader.close()
                self._reader = None
