from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from services.main.kernel.geo import GeoLocator, public_address
from services.main.kernel.location import UNKNOWN, Location
from tests.support.geoip import (
    CHANGCHUN,
    LONDON,
    SAMPLE_NETWORKS,
    CityRecord,
    build_city_mmdb,
)


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    networks = {
        **SAMPLE_NETWORKS,
        "2a02:db8:1::/48": CityRecord("DE", "Germany", "Berlin", 52.52, 13.405),
    }
    return build_city_mmdb(tmp_path_factory.mktemp("geoip") / "city.mmdb", networks)


@pytest.fixture
def locator(database: Path) -> Iterator[GeoLocator]:
    geo = GeoLocator(database)
    yield geo
    geo.close()


def test_label() -> None:
    assert Location(country="Sweden", city="Linköping").label == "Linköping, Sweden"
    assert Location(country_code="SE", country="Sweden").label == "Sweden"
    assert UNKNOWN.label == "unknown"
    assert Location() == UNKNOWN


@pytest.mark.parametrize(
    ("ip", "expected"),
    [
        ("81.2.69.160", Location("GB", "United Kingdom", "London", 51.5142, -0.0931)),
        ("216.160.83.56", Location("US", "United States", "Milton", 47.2513, -122.3149)),
        ("89.160.20.112", Location("SE", "Sweden", "Linköping", 58.4167, 15.6167)),
        ("175.16.199.255", Location("CN", "China", "Changchun", 43.88, 125.3228)),
    ],
)
def test_locates_ipv4_addresses(locator: GeoLocator, ip: str, expected: Location) -> None:
    assert locator.locate(ip) == expected


def test_ipv4_mapped_ipv6_is_located_as_ipv4(locator: GeoLocator) -> None:
    assert locator.locate("::ffff:81.2.69.1").city == LONDON.city


def test_locates_ipv6_addresses(locator: GeoLocator) -> None:
    assert locator.locate("2a02:db8:1::42").label == "Berlin, Germany"


def test_address_not_in_the_database_is_unknown(locator: GeoLocator) -> None:
    assert locator.locate("8.8.8.8") is UNKNOWN
    assert locator.locate("81.2.70.1") is UNKNOWN


@pytest.mark.parametrize(
    "ip",
    [
        "10.1.2.3",  # private
        "192.168.0.10",
        "172.16.5.4",
        "127.0.0.1",  # loopback
        "::1",
        "169.254.1.1",  # link-local
        "fe80::1",
        "240.0.0.1",  # reserved
        "0.0.0.0",
        "100.64.0.1",  # carrier-grade NAT
        "192.0.2.1",  # documentation
        "224.0.0.1",  # multicast
        "::ffff:10.0.0.1",
        "fd00::1",  # unique local
    ],
)
def test_non_public_addresses_are_unknown(locator: GeoLocator, ip: str) -> None:
    assert public_address(ip) is None
    assert locator.locate(ip) is UNKNOWN


@pytest.mark.parametrize("ip", ["", "not-an-ip", "999.1.1.1", "81.2.69", "81.2.69.1/24"])
def test_invalid_addresses_are_unknown(locator: GeoLocator, ip: str) -> None:
    assert locator.locate(ip) is UNKNOWN


def test_without_a_database_everything_is_unknown() -> None:
    geo = GeoLocator(None)
    assert geo.locate("81.2.69.160") is UNKNOWN
    geo.close()


def test_after_close_everything_is_unknown(database: Path) -> None:
    geo = GeoLocator(database)
    geo.close()
    geo.close()  # idempotent
    assert geo.locate("81.2.69.160") is UNKNOWN


def test_a_missing_database_fails_at_construction(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        GeoLocator(tmp_path / "absent.mmdb")


def test_a_non_city_database_is_refused(tmp_path: Path) -> None:
    from mmdb_writer import MMDBWriter
    from netaddr import IPSet  # type: ignore[import-untyped]

    writer = MMDBWriter(ip_version=4, database_type="GeoLite2-ASN")
    writer.insert_network(IPSet(["81.2.69.0/24"]), {"autonomous_system_number": 20712})
    writer.to_db_file(str(tmp_path / "asn.mmdb"))
    with pytest.raises(ValueError, match="not a City database"):
        GeoLocator(tmp_path / "asn.mmdb")


def test_concurrent_lookups(locator: GeoLocator) -> None:
    results: list[Location] = []
    lock = threading.Lock()

    def work() -> None:
        for _ in range(200):
            found = locator.locate("175.16.199.7")
            with lock:
                results.append(found)

    threads = [threading.Thread(target=work) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == 1600
    assert {r.city for r in results} == {CHANGCHUN.city}
