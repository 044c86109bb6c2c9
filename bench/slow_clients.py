"""One device holding the server's connections: the real server (as `make run` starts
it) while one address opens 2,000 connections and sends a byte on each every 20 s (an
unfinished request), reopening those the server closes; meanwhile a new phone, each from
an address of its own, asks for a page every 2 s. How long each phone waits for its
answer is the figure (a phone gives up after 30 s). Everything stays on loopback:
Linux answers on every 127.x.y.z address, so each client binds one as its own.
"""

from __future__ import annotations

import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HELD = 2_000  # connections the one device tries to hold
TRICKLE = 20.0  # seconds between its bytes on each
HOLD = 75.0  # seconds it holds them: past waitress's minute of idleness
PHONE_EVERY = 2.0  # a new phone every this many seconds
PHONE_WAITS = 30.0  # seconds a phone waits before it gives up
DEVICE = "127.0.0.2"


def phone_address(n: int) -> str:
    return f"127.0.{1 + n // 250}.{2 + n % 250}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def connect(port: int, source: str, timeout: float) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout, source_address=(source, 0))


def ask(port: int, source: str, path: str = "/healthz", timeout: float = PHONE_WAITS) -> float:
    """Seconds from connecting to the whole answer; inf when none came in `timeout`."""
    start = time.monotonic()
    try:
        with connect(port, source, timeout) as sock:
            sock.sendall(
                f"GET {path} HTTP/1.1\r\nHost: club\r\nConnection: close\r\n\r\n".encode()
            )
            answer = b""
            while chunk := sock.recv(65536):
                answer += chunk
        if not answer.startswith(b"HTTP/1.1 200"):
            return float("inf")
    except OSError:
        return float("inf")
    return time.monotonic() - start


def enough_files(wanted: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))


def hold(port: int, until: float, held: list[int]) -> None:
    """The one device: open HELD connections, start a request on each and trickle it,
    reopening any the server closed, until `until`."""
    open_: list[socket.socket] = []
    while time.monotonic() < until:
        while len(open_) < HELD and time.monotonic() < until:
            try:
                sock = connect(port, DEVICE, 5)
                sock.sendall(b"GET / HTTP/1.1\r\n")
                open_.append(sock)
            except OSError:
                break
        held.append(len(open_))
        pause = min(TRICKLE, until - time.monotonic())
        if pause > 0:
            time.sleep(pause)
        kept = []
        for sock in open_:
            try:
                sock.sendall(b"X")
                kept.append(sock)
            except OSError:
                sock.close()
        open_ = kept
    for sock in open_:
        sock.close()


def run() -> dict[str, float]:
    enough_files(HELD + 500)
    instance = Path(tempfile.mkdtemp())
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "serve", "--host", "127.0.0.1", "--port", str(port)],
        env={**os.environ, "SCOREKEEPER_INSTANCE": str(instance)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while ask(port, "127.0.0.1", timeout=1) == float("inf"):
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.2)
        quiet = [ask(port, phone_address(1000 + n)) for n in range(5)]
        held: list[int] = []
        until = time.monotonic() + HOLD
        device = threading.Thread(target=hold, args=(port, until, held))
        device.start()
        time.sleep(5)  # its connections are open
        waits: list[float] = []
        phones = []
        n = 0
        while time.monotonic() < until - PHONE_WAITS:
            address = phone_address(n)
            thread = threading.Thread(target=lambda a=address: waits.append(ask(port, a)))
            thread.start()
            phones.append(thread)
            n += 1
            time.sleep(PHONE_EVERY)
        for thread in phones:
            thread.join()
        device.join()
        answered = [w for w in waits if w != float("inf")]
        return {
            "quiet_ms": statistics.median(quiet) * 1000,
            "phones": len(waits),
            "answered": len(answered),
            "median_ms": statistics.median(answered) * 1000 if answered else float("inf"),
            "max_ms": max(answered) * 1000 if answered else float("inf"),
            "held": max(held) if held else 0,
        }
    finally:
        server.terminate()
        server.wait(10)


def main() -> None:
    r = run()
    print(
        f"one address holding {HELD:,} trickling connections:"
        f" {r['answered']} of {r['phones']} new phones answered within {PHONE_WAITS:.0f} s,"
        f" median {r['median_ms']:.0f} ms, slowest {r['max_ms']:.0f} ms"
        f" (a quiet server: {r['quiet_ms']:.1f} ms)"
    )


if __name__ == "__main__":
    main()
