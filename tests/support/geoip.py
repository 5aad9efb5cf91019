"""A real GeoIP2-City-format database built at test time (no MaxMind download needed).

`build_city_mmdb` writes networks and their cities in the GeoIP2 City record layout, so
`geoip2.database.Reader.city()` (and so `GeoLocator`) reads it like GeoLite2-City.
The tree is IPv6 with IPv4 networks stored at ::a.b.c.d/96+n ("IPv4-compatible"), where
MaxMind readers look IPv4 addresses up in an IPv6 database — as in the real files.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mmdb_writer import MmdbF64, MMDBWriter
from netaddr import IPSet  # type: ignore[import-untyped]


@dataclass(frozen=True)
class CityRecord:
    country_code: str
    country: str
    city: str
    latitude: float
    longitude: float


# MaxMind's own test networks (public-looking addresses, used in their test databases).
LONDON = CityRecord("GB", "United Kingdom", "London", 51.5142, -0.0931)
MILTON = CityRecord("US", "United States", "Milton", 47.2513, -122.3149)
LINKOPING = CityRecord("SE", "Sweden", "Linköping", 58.4167, 15.6167)
CHANGCHUN = CityRecord("CN", "China", "Changchun", 43.88, 125.3228)

SAMPLE_NETWORKS: Mapping[str, CityRecord] = {
    "81.2.69.0/24": LONDON,
    "216.160.83.0/24": MILTON,
    "89.160.20.0/24": LINKOPING,
    "175.16.199.0/24": CHANGCHUN,
}


def city_record(record: CityRecord) -> dict[str, Any]:
    """The record in the GeoIP2 City layout (the subset `GeoLocator` reads)."""
    return {
        "country": {"iso_code": record.country_code, "names": {"en": record.country}},
        "city": {"names": {"en": record.city}},
        # Doubles, as in MaxMind's files (the writer would pick by Python type anyway).
        "location": {
            "latitude": MmdbF64(record.latitude),
            "longitude": MmdbF64(record.longitude),
        },
    }


def build_city_mmdb(path: Path, networks: Mapping[str, CityRecord]) -> Path:
    """Write a GeoLite2-City-type database of `networks` (CIDR → city) to `path`."""
    writer = MMDBWriter(
        ip_version=6,
        ipv4_compatible=True,
        database_type="GeoLite2-City",
        languages=["en"],
        description="finplat test GeoIP2 City database",
    )
    for cidr, record in networks.items():
        writer.insert_network(IPSet([cidr]), city_record(record))
    path.parent.mkdir(parents=True, exist_ok=True)
    writer.to_db_file(str(path))
    return path
