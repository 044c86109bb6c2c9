"""Serving the app on the table's network, and finding the address phones should open."""

from __future__ import annotations

import socket
import struct
import sys

DEFAULT_PORT = 8000
CONNECTIONS = 2000  # open connections at once: phones keep theirs alive between taps


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


def urls(host: str, port: int) -> list[str]:
    """The URLs to print for a server bound to `host`."""
    everywhere = host in ("0.0.0.0", "")
    addresses = (lan_addresses() or ["localhost"]) if everywhere else [host]
    return [f"http://{address}:{port}/" for address in addresses]


def is_loopback(host: str) -> bool:
    """Whether an address is this machine only (no phone can open it)."""
    return host in ("localhost", "::1") or host.startswith("127.")


def announcement(host: str, port: int) -> list[str]:
    """What `serve` says before it starts: the address(es) phones should open, each named
    by its network when there are several, and a warning when no phone can reach it."""
    if is_loopback(host):
        return [
            f"Scorekeeper is running on http://{host}:{port}/ — this computer only.",
            "Warning: it listens on the loopback address, so phones cannot reach it.",
            f"To serve the table, run it without --host (or --host 0.0.0.0 --port {port}).",
        ]
    if host not in ("0.0.0.0", ""):
        return [
            "Scorekeeper is running. Open this on a phone on the same network:",
            f"  http://{host}:{port}/",
        ]
    named = named_addresses()
    if not named:
        return [
            f"Scorekeeper is running on port {port}, but this computer has no network",
            "address other than loopback: join the table's Wi-Fi, then open the address it",
            f"gets (http://ADDRESS:{port}/) on the phones.",
        ]
    if len(named) == 1:
        return [
            "Scorekeeper is running. Open this on a phone on the same network:",
            *(f"  http://{address}:{port}/" for address in named),
        ]
    return [
        "Scorekeeper is running. This computer is on several networks; open the address of",
        "the network the phones are on:",
        *(
            f"  http://{address}:{port}/" + (f"  ({name})" if name else "")
            for address, name in named.items()
        ),
    ]


def print_qr(url: str) -> None:
    """Show the address as a QR code in the terminal, for a phone's camera."""
    import segno

    print("or point the phone's camera at this:", flush=True)
    segno.make(url, error="m").terminal(compact=True)
    sys.stdout.flush()


def serve(host: str, port: int, threads: int = 8) -> None:
    """Run the production server (waitress) until interrupted."""
    from waitress import serve as waitress_serve

    from .web import create_app

    app = create_app()
    for line in announcement(host, port):
        print(line, flush=True)
    if not is_loopback(host):  # no phone could open that
        print_qr(urls(host, port)[0])
    print(f"(on this computer: http://localhost:{port}/ — stop with Ctrl+C)", flush=True)
    waitress_serve(
        app,
        host=host,
        port=port,
        threads=threads,
        ident="scorekeeper",
        # Every phone at every table keeps a connection open; waitress's default of 100
        # stalled new phones once about 30 tables were playing (found by bench/serving.py).
        connection_limit=CONNECTIONS,
        channel_timeout=60,  # an idle phone's connection is closed after a minute
    )
