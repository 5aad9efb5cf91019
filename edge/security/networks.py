"""IP allow and deny lists (CIDRs): deny wins; a non-empty allow list admits only itself."""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address


def parse_networks(cidrs: Sequence[str]) -> tuple[Network, ...]:
    """Raises ValueError on a malformed entry: a typo in a deny list must stop the
    process at start-up, not silently let everyone in."""
    return tuple(ipaddress.ip_network(cidr.strip(), strict=False) for cidr in cidrs)


def parse_address(ip: str) -> Address | None:
    try:
        address = ipaddress.ip_address(ip)
    except ValueError:
        return None  # a unix-socket peer, or no peer at all
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped  # dual-stack sockets report IPv4 clients as ::ffff:a.b.c.d
    return address


def contains(networks: tuple[Network, ...], address: Address | None) -> bool:
    return address is not None and any(address in network for network in networks)


class IpRules:
    def __init__(self, allow: Sequence[str], deny: Sequence[str]) -> None:
        self.allow = parse_networks(allow)
        self.deny = parse_networks(deny)
        # Results per client IP; bounded, since an attacker controls how many IPs it uses.
        self._denied: dict[str, bool] = {}

    @property
    def active(self) -> bool:
        return bool(self.allow or self.deny)

    def denied(self, ip: str) -> bool:
        if not self.active:
            return False
        cached = self._denied.get(ip)
        if cached is None:
            address = parse_address(ip)
            cached = contains(self.deny, address) or (
                bool(self.allow) and not contains(self.allow, address)
            )
            if len(self._denied) >= 65536:
                self._denied.clear()
            self._denied[ip] = cached
        return cached

    def allow_listed(self, ip: str) -> bool:
        """Explicitly allowed: such clients are never blocked automatically."""
        return bool(self.allow) and contains(self.allow, parse_address(ip))
