"""Serving the app on the table's network, and finding the address phones should open."""

from __future__ import annotations

import errno
import logging
import sys
import threading
import time
from collections import Counter
from typing import TYPE_CHECKING, Any

from .network import is_loopback, lan_addresses, named_addresses

if TYPE_CHECKING:
    from flask import Flask

    from .store.catch_up import CatchUp

DEFAULT_PORT = 8000
CONNECTIONS = 2000  # open connections at once: phones keep theirs alive between taps
# Files the app opens besides its connections: the database, its WAL and shared memory
# for each serving thread, fonts for PDFs, waitress's own wake-up pipe, standard streams.
SPARE_FILES = 100
# The most connections taken in one turn of the server's loop (waitress's listen queue).
ACCEPT_AT_ONCE = 1024
# Connections one address may hold at once. A phone's browser opens at most 6 to a
# server; on a club's Wi-Fi each phone has its own address, so one laptop holding
# thousands cannot keep every other phone out (2,000 of them did, for as long as it
# held them). More from the same address are closed as they arrive.
PER_ADDRESS = 32
# Seconds a request may take to arrive whole, from its first byte: a phone sends its
# headers in one packet and a game file in a second or two; a client trickling a byte
# now and then to hold its connection is closed.
REQUEST_WAIT = 30
# How often the server's loop looks for idle connections and unfinished requests.
CHECK_EVERY = 2


def urls(host: str, port: int) -> list[str]:
    """The URLs to print for a server bound to `host`."""
    everywhere = host in ("0.0.0.0", "")
    addresses = (lan_addresses() or ["localhost"]) if everywhere else [host]
    return [f"http://{address}:{port}/" for address in addresses]


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


def connection_limit(wanted: int = CONNECTIONS) -> int:
    """The most connections this process can hold open at once, at most `wanted`.

    Each is an open file: the soft limit on open files is raised toward the hard limit
    as far as needed, and what it still lacks lowers the number. Past it, waitress
    stops accepting and new connections wait in the listen queue until one closes.
    """
    try:
        import resource
    except ImportError:  # not a Unix: no limit to ask about
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = wanted + SPARE_FILES
    if soft != resource.RLIM_INFINITY and soft < needed:
        raised = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
        except (ValueError, OSError):
            pass  # keep the limit there is, and fewer connections
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(1, min(wanted, soft - SPARE_FILES))


class PortUnavailable(Exception):
    """The port cannot be listened on (in use, or not this user's to take): nothing was
    started."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.in_use = error.errno == errno.EADDRINUSE


def serve(host: str, port: int, threads: int = 8) -> None:
    """Run the production server (waitress) until interrupted."""
    from waitress import create_server

    from .store.db import damaged, known_damage
    from .web import create_app
    from .web.db import catch_up

    app = create_app()  # reads the whole database once (SQLite's quick check)
    logging.basicConfig()  # waitress's warnings (a connection limit reached) on stderr
    channels: dict[int, Any] = {}  # waitress's socket map: listening sockets, connections
    try:  # bind before saying anything: a busy port must not look like a start
        server = create_server(
            app,
            map=channels,
            host=host,
            port=port,
            threads=threads,
            ident="scorekeeper",
            # Every phone at every table keeps a connection open; waitress's default of
            # 100 stalled new phones once about 30 tables were playing (bench/serving.py).
            connection_limit=connection_limit(),
            # poll(), not select(): select() cannot watch a file numbered 1,024 or more,
            # and waitress exits when a connection gets one (about 1,000 idle clients).
            asyncore_use_poll=True,
            channel_timeout=60,  # an idle phone's connection is closed after a minute
            cleanup_interval=CHECK_EVERY,
        )
    except OSError as error:
        raise PortUnavailable(error) from error
    for line in announcement(host, port):
        print(line, flush=True)
    found = known_damage(app.config["DATABASE"])
    if found is not None:  # every page says so; tell the host too
        print(f"Warning: {damaged(app.config['DATABASE'], found).message.render()}", flush=True)
    if not is_loopback(host):  # no phone could open that
        print_qr(urls(host, port)[0])
    print(f"(on this computer: http://localhost:{port}/ — stop with Ctrl+C)", flush=True)
    # Summaries made by other code (an upgrade) are made again in the background: the
    # server answers meanwhile, and says how far it is here and on the pages that count.
    worker = catch_up(app)
    worker.say = lambda line: print(line, flush=True)
    worker.start()
    # Beside the first pages, not before them: compiling every template took seconds on
    # a busy machine, with the port bound and every phone waiting. And after the
    # catching up: the warm-up and the renderers' first pages (~1.6 s of processor) held
    # back the summaries every page that spans games waits for.
    threading.Thread(target=_warm_up, args=(app, worker), name="warm-up", daemon=True).start()
    accept_all_waiting(channels)
    share_between_addresses(channels)
    server.run()


# Past this, the warm-up goes on beside a catch-up that takes long.
WARM_UP_WAITS = 60.0
# After a catch-up, the pages that waited for it add up their figures first (~0.3 s of
# processor for a players page at 10,000 games, which took 1.1 s beside the warm-up).
PAGES_FIRST = 2.0


def _warm_up(app: Flask, worker: CatchUp) -> None:
    """Once the catch-up is done: the templates compiled, and the PDFs' renderers started
    (one per core; a PDF asked for before renders in the server's process)."""
    from .pdf import start_renderers
    from .web import warm_up

    if not worker.rest(0.5):  # catching up
        worker.rest(WARM_UP_WAITS)
        time.sleep(PAGES_FIRST)
    warm_up(app)
    start_renderers()


def accept_all_waiting(channels: dict[int, Any]) -> None:
    """Make each listening socket take every connection waiting, not one per turn.

    waitress accepts one connection per turn of its loop, and each turn looks at every
    open connection: 1,100 clients connecting at once took 1,100 turns, growing longer
    as they came, and a phone waited 2.6 s for its page (5 s and more at 1,900).
    """
    from waitress.server import BaseWSGIServer

    for listener in [found for found in channels.values() if isinstance(found, BaseWSGIServer)]:
        accept_one = listener.handle_accept
        limit = listener.adj.connection_limit

        def handle_accept(accept_one: Any = accept_one, limit: int = limit) -> None:
            for _ in range(ACCEPT_AT_ONCE):
                before = len(channels)
                if before >= limit:  # the rest wait in the listen queue
                    return
                accept_one()  # a new connection adds itself to the map
                if len(channels) == before:  # none was waiting
                    return

        listener.handle_accept = handle_accept


def share_between_addresses(channels: dict[int, Any]) -> None:
    """Hold at most PER_ADDRESS connections from one address, and close a connection
    whose request has not arrived whole REQUEST_WAIT seconds after its first byte.

    waitress closes a connection only once it has been idle for a minute: a client
    sending a byte every 20 s kept 2,000 open, the server's limit, and no new phone was
    answered for as long as it held them.
    """
    from waitress.server import BaseWSGIServer

    for listener in [found for found in channels.values() if isinstance(found, BaseWSGIServer)]:
        held: Counter[str] = Counter()
        listener.channel_class = _counted_channel(held)
        listener.accept = _refusing_past_the_share(listener.accept, held)
        listener.maintenance = _closing_slow_requests(listener.maintenance, listener)


def _counted_channel(held: Counter[str]) -> type[Any]:
    """waitress's connection, counted per address while open, and timing its request."""
    from waitress.channel import HTTPChannel

    class Channel(HTTPChannel):  # type: ignore[misc]
        request_since: float | None = None  # when the first byte of an unfinished request came
        address: str | None = None
        task_class = _kept_alive_task()

        def __init__(self, server: Any, sock: Any, addr: Any, adj: Any, map: Any = None) -> None:
            super().__init__(server, sock, addr, adj, map)
            self.address = str(addr[0]) if isinstance(addr, tuple) else str(addr)
            held[self.address] += 1

        def received(self, data: bytes) -> bool:
            if self.request is None and data:
                self.request_since = time.monotonic()
            answer = bool(super().received(data))
            if self.request is None:
                self.request_since = None
            return answer

        def del_channel(self, map: Any = None) -> None:
            if self.address is not None:
                held[self.address] -= 1
                if held[self.address] <= 0:
                    del held[self.address]
                self.address = None
            super().del_channel(map)

    return Channel


def _kept_alive_task() -> type[Any]:
    """waitress's task, keeping the connection open after an answer without a body.

    waitress closes the connection after any answer without a Content-Length, a 304
    too, which has no body and needs none (RFC 9112 6.3): every TV poll answered
    "unchanged" came on a new connection, and the server accepted, set up and tore down
    one each time (~0.9 ms of its processor a poll; bench/tv_night.py)."""
    from waitress.task import WSGITask

    class Task(WSGITask):  # type: ignore[misc]
        keeping = False  # while the headers of an answer without a body are built

        def build_response_header(self) -> bytes:
            self.keeping = (
                not self.has_body
                and self.version == "1.1"
                and self.request.headers.get("CONNECTION", "").lower() != "close"
                and not self.close_on_finish
            )
            try:
                return bytes(super().build_response_header())
            finally:
                self.keeping = False

        def set_close_on_finish(self) -> None:
            if not self.keeping:
                super().set_close_on_finish()

    return Task


def _refusing_past_the_share(accept: Any, held: Counter[str]) -> Any:
    """The listener's accept(), closing at once each connection from an address that
    holds its share already (it looks to that client like a server gone away)."""

    def accept_within_share() -> Any:
        for _ in range(ACCEPT_AT_ONCE):
            found = accept()
            if found is None:
                return None
            connection, address = found
            if held[str(address[0])] < PER_ADDRESS:
                return found
            connection.close()
        return None

    return accept_within_share


def _closing_slow_requests(maintenance: Any, listener: Any) -> Any:
    """waitress's look over idle connections, also closing unfinished requests too old."""

    def look(now: float) -> None:
        maintenance(now)
        cutoff = time.monotonic() - REQUEST_WAIT
        for channel in list(listener.active_channels.values()):
            since = getattr(channel, "request_since", None)
            if since is not None and since < cutoff and not channel.requests:
                channel.will_close = True

    return look
