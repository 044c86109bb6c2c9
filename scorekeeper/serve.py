"""Serving the app on the table's network, and finding the address phones should open."""

from __future__ import annotations

import socket
import struct
import sys

DEFAULT_PORT = 8000
CONNECTIONS = 2000  # open connections at once: phones keep theirs alive between taps


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, found without sending anything."""
    found: list[str] = []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    except OSError:
        pass
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
                found.append(socket.inet_ntoa(packed[20:24]))
    return [address for address in dict.fromkeys(found) if not address.startswith("127.")]


def urls(host: str, port: int) -> list[str]:
    """The URLs to print for a server bound to `host`."""
    everywhere = host in ("0.0.0.0", "")
    addresses = (lan_addresses() or ["localhost"]) if everywhere else [host]
    return [f"http://{address}:{port}/" for address in addresses]


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
    addresses = urls(host, port)
    print("Scorekeeper is running. Open this on a phone on the same network:", flush=True)
    for url in addresses:
        print(f"  {url}", flush=True)
    print_qr(addresses[0])
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
