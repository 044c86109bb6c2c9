"""Kill the real server with SIGKILL while several phones enter hands; nothing answered is lost.

The server is started as `make run` starts it (`scorekeeper serve`, waitress), bound to
127.0.0.1 on a free port. Each client creates a game through the forms and keeps
entering hands (bids, then tricks). Once enough hands were answered the server is
killed mid-stream, restarted, and every answered hand must be stored, whole.
"""

from __future__ import annotations

import http.client
import http.cookiejar
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from scorekeeper import store
from scorekeeper.store.db import open_database
from tests.web.conftest import form_values

CLIENTS = 4
HANDS_BEFORE_KILL = 40
TIME_LIMIT = 60  # seconds, for the whole stream


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(self, instance: Path, port: int) -> None:
        self.instance, self.port = instance, port
        self.log = instance / f"server-{time.monotonic_ns()}.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = {**os.environ, "SCOREKEEPER_INSTANCE": str(self.instance)}
        with self.log.open("wb") as out:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "scorekeeper",
                    "serve",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(self.port),
                ],
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                if self.process.poll() is not None:
                    break
                time.sleep(0.1)
        raise AssertionError(f"server did not start:\n{self.log.read_text()}")

    def kill(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return None


class Phone:
    """A browser: a cookie jar, and forms posted without following redirects."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), NoRedirect()
        )

    def get(self, path: str) -> tuple[int, str, str]:
        return self._open(path, None)

    def post(self, path: str, data: dict[str, str]) -> tuple[int, str, str]:
        return self._open(path, urllib.parse.urlencode(data).encode())

    def _open(self, path: str, body: bytes | None) -> tuple[int, str, str]:
        """Status, page and Location of one request; an error status is an answer too."""
        try:
            with self.opener.open(self.base + path, data=body, timeout=5) as response:
                return (
                    response.status,
                    response.read().decode(),
                    response.headers.get("Location", ""),
                )
        except urllib.error.HTTPError as error:
            return (
                error.code,
                error.read().decode(errors="replace"),
                error.headers.get("Location", ""),
            )


def create_game(phone: Phone, n: int) -> str:
    from .web.conftest import setup_form

    _, page, _ = phone.get("/new/yahoo-normal")
    data = setup_form(
        "yahoo-normal", names=[f"P{n}a", f"P{n}b", f"P{n}c", f"P{n}d"], changes={"target": 100000}
    )
    status, _, location = phone.post(
        "/new/yahoo-normal", {**data, "csrf_token": form_values(page)["csrf_token"]}
    )
    assert status == 303, status
    return location.rsplit("/", 1)[1]


def play_hands(
    phone: Phone, game_id: str, answered: list[dict], stop: threading.Event, errors: list[str]
) -> None:
    hand = 0
    while not stop.is_set():
        hand += 1
        tricks = [3 + hand % 3, 3, 3, 0]
        tricks[3] = 13 - sum(tricks[:3])
        body = {"bids": [3, 3, 3, 3], "tricks": tricks}
        try:
            _, page, _ = phone.get(f"/g/{game_id}/bids")
            status, _, _ = phone.post(
                f"/g/{game_id}/bids", {**form_values(page), **{f"bid_{s}": "3" for s in range(4)}}
            )
            if status != 303:
                errors.append(f"bids answered {status}")
                return
            _, page, _ = phone.get(f"/g/{game_id}/tricks")
            status, _, location = phone.post(
                f"/g/{game_id}/tricks",
                {**form_values(page), **{f"tricks_{s}": str(t) for s, t in enumerate(tricks)}},
            )
        except (OSError, http.client.HTTPException):
            # The server is gone (a refused connection, or a reply cut off mid-way):
            # whatever was not answered may or may not be stored.
            return
        if status == 303 and location.endswith(
            f"/hands/{len([a for a in answered if a['game'] == game_id]) + 1}"
        ):
            answered.append(
                {"game": game_id, "number": int(location.rsplit("/", 1)[1]), "body": body}
            )
        else:
            errors.append(f"tricks answered {status} {location}")
            return


def test_sigkill_mid_stream_loses_no_answered_hand(tmp_path, capsys):
    instance = tmp_path / "instance"
    instance.mkdir()
    port = free_port()
    server = Server(instance, port)
    server.start()
    base = f"http://127.0.0.1:{port}"
    try:
        phones = [Phone(base) for _ in range(CLIENTS)]
        games = [create_game(phone, n) for n, phone in enumerate(phones)]
        answered: list[dict] = []
        errors: list[str] = []
        stop = threading.Event()
        threads = [
            threading.Thread(target=play_hands, args=(phone, game_id, answered, stop, errors))
            for phone, game_id in zip(phones, games, strict=True)
        ]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + TIME_LIMIT
        while len(answered) < HANDS_BEFORE_KILL and time.monotonic() < deadline and not errors:
            time.sleep(0.05)
        server.kill()  # mid-stream: the phones are still posting
        stop.set()
        for thread in threads:
            thread.join(timeout=10)
        assert not errors, errors
        assert len(answered) >= HANDS_BEFORE_KILL

        server = Server(instance, port)
        server.start()
        db = open_database(instance / "scorekeeper.db")
        stored_total = 0
        for game_id in games:
            stored = store.get_game(db, game_id)
            mine = [a for a in answered if a["game"] == game_id]
            # Every answered hand is there, exactly as sent; at most one more (answered
            # by the server but killed before the reply reached the phone).
            assert len(mine) <= len(stored.hands) <= len(mine) + 1
            for hand in mine:
                assert stored.hands[hand["number"] - 1] == hand["body"]
            # Nothing half-written: the cached summary is the replay of the whole log.
            assert stored.hand_count == len(stored.hands)
            assert stored.score().totals == stored.totals
            stored_total += len(stored.hands)
            # The restarted server serves the game to the phone that created it.
            phone = phones[games.index(game_id)]
            assert phone.get(f"/g/{game_id}")[0] == 200
        with capsys.disabled():
            print(
                f"\ncrash test: {len(answered)} hands answered before SIGKILL, "
                f"{stored_total} stored after restart, every answered hand present: 0 lost"
            )
    finally:
        server.stop()
