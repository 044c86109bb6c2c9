"""This machine's network addresses: what phones on the table's network can open.

Below everything: the launcher (serve) and the web app's share links both ask it.
"""

from __future__ import annotations

import socket
import struct
import sys


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, found without sending anything."""
    return list(named_addresses())


def named_addresses() -> dict[str, str]:
    """Each non-loopback IPv4 address with the network interface it is on ("" if unknown)."""
    found: dict[str, str] = {}
    if sys.platform.startswith("linux"):
        import fcntl

        siocgifaddr = 0x8915
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            for _, name in socket.if_nameindex():
                try:
                    packed = fcntl.ioctl(
                        probe.fileno(), siocgifaddr, struct.pack("256s", name[:15].encode())
                    )
                except OSError:
                    continue
                found.setdefault(socket.inet_ntoa(packed[20:24]), name)
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.setdefault(str(info[4][0]), "")
    except OSError:
        pass
    return {address: name for address, name in found.items() if not is_loopback(address)}


def is_loopback(host: str) -> bool:
    """Whether an address is this machine only (no phone can open it)."""
    return host in ("localhost", "::1") or host.startswith("127.")
