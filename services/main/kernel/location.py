"""Where an address is, as far as a GeoIP database can tell (a pure value)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Location:
    country_code: str | None = None  # ISO 3166-1 alpha-2
    country: str | None = None  # English name
    city: str | None = None
    latitude: float | None = None
    longitude: float | None = None

    @property
    def label(self) -> str:
        """For people: "City, Country", "Country" or "unknown"."""
        if self.country and self.city:
            return f"{self.city}, {self.country}"
        return self.country or self.city or "unknown"

    @property
    def has_coordinates(self) -> bool:
        return self.latitude is not None and self.longitude is not None


UNKNOWN = Location()
