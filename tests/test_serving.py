"""The production server under idle connections: it keeps answering and never exits
because of a client."""

from __future__ import annotations

import os
import resource
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator

import pytest

from scorekeeper.serve import SPARE_FILES

IDLE = 1_100  # past 1,024: the file numbers select() cannot watch


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


def test_the_server_answers_and_stays_up_with_1100_idle_connections(tmp_path, files_enough):
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "serve", "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "SCOREKEEPER_INSTANCE": str(tmp_path / "instance")},
    )
    idle: list[socket.socket] = []
    try:
        _wait_until_serving(server, port)
        for _ in range(IDLE):  # connected, and never a byte sent
            idle.append(socket.create_connection(("127.0.0.1", port), timeout=5))
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
        for connection in idle:
            connection.close()
        server.terminate()
        server.wait(10)
        if server.stderr:
            server.stderr.close()


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
