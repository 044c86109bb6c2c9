"""The production server under idle connections: it keeps answering and never exits
because of a client."""

from __future__ import annotations

import http.client
import os
import resource
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.serve import PER_ADDRESS, SPARE_FILES

# Past 1,024 (the file numbers select() cannot watch) and close to the connection limit:
# accepted one per turn of the server's loop, these many took more than 2 s to take.
IDLE = 1_900


@pytest.fixture
def files_enough() -> Iterator[None]:
    """A soft limit on open files that lets this process (and the server it starts)
    open more than 1,024: below it, the test could not reach the numbers that matter."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = IDLE + 2 * SPARE_FILES
    if soft != resource.RLIM_INFINITY and soft < needed:
        if hard != resource.RLIM_INFINITY and hard < needed:
            pytest.skip(f"this machine allows {hard} open files; the test needs {needed}")
        resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _healthz(port: int, timeout: float) -> int:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=timeout) as answer:
        return int(answer.status)


def _connect(port: int, address: str) -> socket.socket:
    """A connection from `address` (any 127.x.y.z: each stands for a phone of its own)."""
    return socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(address, 0))


def _phone(n: int) -> str:
    return f"127.0.{1 + n // 200}.{2 + n % 200}"


def _asked_from(port: int, address: str, timeout: float = 5) -> bytes:
    """The answer to a page asked for from `address`."""
    with _connect(port, address) as connection:
        connection.settimeout(timeout)
        connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: club\r\nConnection: close\r\n\r\n")
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    return answer


def _closed_by_server(connection: socket.socket, within: float) -> bool:
    """Whether the server closes this connection within `within` seconds."""
    connection.settimeout(within)
    try:
        return connection.recv(1) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def _wait_until_serving(server: subprocess.Popen[str], port: int) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            _healthz(port, timeout=2)
            return
        except OSError:
            assert server.poll() is None, server.stderr.read() if server.stderr else ""
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)


def _serve(tmp_path, *settings: str) -> subprocess.Popen[str]:
    """`scorekeeper serve` on a free port of 127.0.0.1 (its port in `.port`), with the
    serving module's `settings` (Python statements) changed first."""
    port = _free_port()
    start = "; ".join(
        [
            "import sys, scorekeeper.serve as serve",
            *settings,
            f"serve.serve('127.0.0.1', {port})",
        ]
    )
    server = subprocess.Popen(
        [sys.executable, "-c", start],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "SCOREKEEPER_INSTANCE": str(tmp_path / "instance")},
    )
    server.port = port  # type: ignore[attr-defined]
    return server


def _stop(server: subprocess.Popen[str], held: list[socket.socket]) -> None:
    for connection in held:
        connection.close()
    server.terminate()
    server.wait(10)
    if server.stderr:
        server.stderr.close()


def test_the_server_answers_and_stays_up_with_1900_idle_connections(tmp_path, files_enough):
    server = _serve(tmp_path)
    port = server.port  # type: ignore[attr-defined]
    idle: list[socket.socket] = []
    try:
        _wait_until_serving(server, port)
        for n in range(IDLE):  # phones connected, and never a byte sent
            idle.append(_connect(port, _phone(n // PER_ADDRESS)))
        # Answered only once the server has taken every idle connection before it.
        assert _healthz(port, timeout=2) == 200
        assert server.poll() is None
        for connection in idle:
            connection.close()
        idle.clear()
        time.sleep(0.5)
        assert server.poll() is None, server.stderr.read() if server.stderr else ""
        assert _healthz(port, timeout=2) == 200
    finally:
        _stop(server, idle)


def test_one_device_holding_2000_connections_does_not_keep_other_phones_out(
    tmp_path, files_enough
):
    # The probe's laptop: 2,000 connections from one address, each a request begun and
    # never finished. Before, they filled the server's limit and no new phone was
    # answered while they were held.
    server = _serve(tmp_path)
    port = server.port  # type: ignore[attr-defined]
    held: list[socket.socket] = []
    try:
        _wait_until_serving(server, port)
        for _ in range(2_000):
            connection = _connect(port, "127.0.0.2")
            connection.sendall(b"GET / HTTP/1.1\r\n")
            held.append(connection)
        for n in range(20):  # twenty phones arrive, each answered at once
            assert _asked_from(port, _phone(n), timeout=5).startswith(b"HTTP/1.1 200")
        # The device keeps its share of connections; the rest were closed on arrival.
        still_open = [c for c in held if not _closed_by_server(c, within=0.01)]
        assert len(still_open) == PER_ADDRESS
        assert server.poll() is None
    finally:
        _stop(server, held)


def test_a_request_trickled_a_byte_at_a_time_is_closed_an_idle_phone_is_kept(tmp_path):
    server = _serve(tmp_path, "serve.REQUEST_WAIT = 2", "serve.CHECK_EVERY = 0.5")
    port = server.port  # type: ignore[attr-defined]
    held: list[socket.socket] = []
    try:
        _wait_until_serving(server, port)
        slow = _connect(port, "127.0.0.2")
        idle = _connect(port, "127.0.0.3")  # a phone between two taps: nothing sent
        held += [slow, idle]
        slow.sendall(b"GET /healthz HTTP/1.1\r\n")
        started = time.monotonic()
        closed = False
        while not closed and time.monotonic() - started < 8:
            slow.sendall(b"X")  # a byte now and then: never idle, never finished
            closed = _closed_by_server(slow, within=0.5)
        assert closed
        assert time.monotonic() - started >= 2  # it had its REQUEST_WAIT
        assert not _closed_by_server(idle, within=0.1)
        # The idle phone's next tap is answered on the connection it kept.
        idle.sendall(b"GET /healthz HTTP/1.1\r\nHost: club\r\n\r\n")
        idle.settimeout(5)
        assert idle.recv(65536).startswith(b"HTTP/1.1 200")
    finally:
        _stop(server, held)


def test_a_phone_keeps_its_connection_after_an_answer_unchanged(tmp_path):
    # Every TV's poll of an unchanged evening is a 304; waitress closed the connection
    # after each, as after a body of unknown length, and the TV connected again.
    server = _serve(tmp_path)
    port = server.port  # type: ignore[attr-defined]
    try:
        _wait_until_serving(server, port)
        phone = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        phone.request("GET", "/static/app.js")
        first = phone.getresponse()
        first.read()
        tag = first.getheader("ETag")
        assert first.status == 200 and tag
        kept = phone.sock
        for _ in range(3):
            phone.request("GET", "/static/app.js", headers={"If-None-Match": tag})
            again = phone.getresponse()
            assert again.read() == b"" and again.status == 304
            assert again.getheader("Connection") is None and not again.will_close
            assert phone.sock is kept  # the same connection, still open
        phone.request("GET", "/healthz", headers={"Connection": "close"})
        closing = phone.getresponse()  # asked to close: it does
        assert closing.status == 200 and closing.will_close
        phone.close()
    finally:
        _stop(server, [])


LIMIT_UNDER = """
import resource, sys
from scorekeeper.serve import connection_limit
soft, hard = (int(n) for n in sys.argv[1:3])
resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
print(connection_limit(2000), resource.getrlimit(resource.RLIMIT_NOFILE)[0])
"""


@pytest.mark.parametrize(
    ("soft", "hard", "connections", "files"),
    [
        (500, 5000, 2000, 2000 + SPARE_FILES),  # raised as far as needed
        (500, 1500, 1500 - SPARE_FILES, 1500),  # raised to the hard limit: fewer
        (500, 500, 500 - SPARE_FILES, 500),  # cannot be raised: fewer still
    ],
)
def test_the_connection_limit_is_one_the_open_file_limit_can_honour(
    soft, hard, connections, files
):
    # In a process of its own: a hard limit lowered cannot be raised again.
    done = subprocess.run(
        [sys.executable, "-c", LIMIT_UNDER, str(soft), str(hard)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.split() == [str(connections), str(files)]


def _children(pid: int) -> list[int]:
    """The processes `pid` started (Linux's /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


@pytest.mark.skipif(
    not Path("/proc").is_dir() or (os.cpu_count() or 1) < 2, reason="Linux, 2 cores"
)
def test_pdfs_render_beside_the_server_and_the_renderers_end_with_it(tmp_path):
    server = _serve(tmp_path)
    port = server.port  # type: ignore[attr-defined]
    try:
        _wait_until_serving(server, port)
        url = f"http://127.0.0.1:{port}/rules/yahoo-normal/scorecard.pdf"
        with urllib.request.urlopen(url, timeout=60) as answer:
            assert answer.read().startswith(b"%PDF")
        renderers = _children(server.pid)
        assert renderers  # rendered in processes of their own
    finally:
        _stop(server, [])
    # Killed, the server says nothing to its renderers: they notice, and end.
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{pid}").exists() for pid in renderers):
        assert time.monotonic() < deadline, "a renderer outlived the server"
        time.sleep(0.2)
