"""Damage inside the database: an intact header, and pages in the middle overwritten with
zeros (a dying SD card, a disk that lost power). It is found before it spreads: every
page says so, nothing is written into it, a backup of it fails, `check` names it, and
`restore` puts it aside and brings a backup back."""

from __future__ import annotations

import hashlib
import json
import os
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from scorekeeper import store
from scorekeeper.store.backup import backup
from scorekeeper.store.db import open_instance
from scorekeeper.web import create_app

from .conftest import run_cli

GAMES = 120
PAGE = 4096
NAMES = ["Ann", "Ben", "Cho", "Dee"]
GAME = {"ruleset": "yahoo-normal", "players": NAMES}
RULES = {
    "format": "scorekeeper-rules/1",
    "id": "friday-club",
    "name": "Friday club",
    "game": "spades",
    "base": "yahoo-normal",
    "options": {"target": 300},
}


class Season:
    """A real database of many games, its bytes sound and damaged, and a backup."""

    def __init__(self, folder: Path) -> None:
        path = folder / "scorekeeper.db"
        db = open_instance(path)
        db.execute("PRAGMA synchronous = OFF")  # only to build it fast
        self.ids = []
        for _ in range(GAMES):
            game_id = store.create_game(db, "yahoo-normal", NAMES, options={"target": 100000})
            for _ in range(5):
                store.add_hand(
                    db, game_id, {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}, version=None
                )
            self.ids.append(game_id)
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        db.close()
        self.sound = path.read_bytes()
        self.backup = folder / "good.db"
        backup(path, str(self.backup))
        damaged = bytearray(self.sound)
        pages = len(damaged) // PAGE
        assert pages > 30
        for page in range(pages // 3, 2 * pages // 3):  # the header and page 1 intact
            damaged[page * PAGE : (page + 1) * PAGE] = bytes(PAGE)
        self.damaged = bytes(damaged)

    def instance(self, folder: Path, damaged: bool = True) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "scorekeeper.db").write_bytes(self.damaged if damaged else self.sound)
        return folder


@pytest.fixture(scope="module")
def season(tmp_path_factory) -> Season:
    return Season(tmp_path_factory.mktemp("season"))


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _env(instance: Path) -> dict[str, str]:
    return {"SCOREKEEPER_INSTANCE": str(instance)}


def test_the_fixture_is_damaged_inside_with_a_sound_header(season, tmp_path):
    path = season.instance(tmp_path / "i") / "scorekeeper.db"
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
        assert conn.execute("PRAGMA application_id").fetchone()[0] != 0  # header reads
        with pytest.raises(sqlite3.DatabaseError, match="malformed"):
            conn.execute("SELECT * FROM hands").fetchall()


def _app(instance: Path):
    return create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "INSTANCE_PATH": str(instance)})


def test_every_page_of_a_damaged_database_says_so_and_nothing_is_written(season, tmp_path):
    instance = season.instance(tmp_path / "i")
    before = _digest(instance / "scorekeeper.db")
    client = _app(instance).test_client()
    statuses = {}
    for game_id in season.ids:
        statuses[f"/g/{game_id}"] = client.get(f"/g/{game_id}").status_code
    game = season.ids[0]
    for url in [
        "/", "/new", "/new/yahoo-normal", "/players/", "/rules/", "/rules/yahoo-normal",
        "/evenings/", "/import", f"/g/{game}/history", f"/g/{game}/export",
        f"/g/{game}/export.csv", f"/g/{game}/scoresheet.pdf", f"/g/{game}/whatif",
        f"/g/{game}/bids", f"/g/{game}/version", "/players/export.csv",
    ]:  # fmt: skip
        statuses[url] = client.get(url).status_code
    writes = [
        (
            "/new/yahoo-normal",
            {"player_0": "A", "player_1": "B", "player_2": "C", "player_3": "D"},
        ),
        ("/import", {"text": json.dumps(GAME)}),
        ("/rules/house/import", {"text": json.dumps(RULES)}),
        (f"/g/{game}/bids", {f"bid_{s}": "3" for s in range(4)} | {"version": "5"}),
        ("/evenings/", {"name": "Friday"}),
    ]
    for url, data in writes:
        statuses[f"POST {url}"] = client.post(url, data=data).status_code
    assert set(statuses.values()) == {503}, {k: v for k, v in statuses.items() if v != 503}
    page = client.get("/").get_data(as_text=True)
    assert "is damaged" in page and "scorekeeper restore" in page
    # The file by its name: no visitor learns where it lies on the computer.
    assert "the database scorekeeper.db is damaged" in page
    assert str(instance) not in page and str(tmp_path) not in page
    assert _digest(instance / "scorekeeper.db") == before


def test_the_damaged_page_is_in_japanese_too(season, tmp_path):
    client = _app(season.instance(tmp_path / "i")).test_client()
    client.set_cookie("lang", "ja")
    response = client.get(f"/g/{season.ids[-1]}")
    assert response.status_code == 503
    assert "データベース" in response.get_data(as_text=True)


def test_a_restore_while_serving_brings_the_pages_back(season, tmp_path):
    instance = season.instance(tmp_path / "i")
    app = _app(instance)
    client = app.test_client()
    assert client.get(f"/g/{season.ids[60]}").status_code == 503
    done = run_cli("restore", str(season.backup), env=_env(instance))
    assert done.returncode == 0, done.stderr
    assert client.get("/").status_code == 200
    assert client.get("/players/").status_code == 200
    response = client.post("/import", data={"text": json.dumps(GAME)})
    assert response.status_code == 303


def _one_line(done: subprocess.CompletedProcess[str], *words: str) -> None:
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    for word in words:
        assert word in done.stderr


@pytest.mark.parametrize(
    "command",
    [
        ["import", "GAME"],
        ["rename", "Ann", "Anne"],
        ["rules", "import", "RULES"],
        ["rules", "delete", "friday-club"],
        ["stats"],
        ["csv"],
    ],
    ids=lambda c: " ".join(c[:2]),
)
def test_commands_refuse_a_damaged_database_and_write_nothing(season, tmp_path, command):
    instance = season.instance(tmp_path / "i")
    (tmp_path / "game.json").write_text(json.dumps(GAME))
    (tmp_path / "rules.json").write_text(json.dumps(RULES))
    files = {"GAME": str(tmp_path / "game.json"), "RULES": str(tmp_path / "rules.json")}
    before = _digest(instance / "scorekeeper.db")
    done = run_cli(*[files.get(arg, arg) for arg in command], env=_env(instance))
    _one_line(done, "is damaged", str(instance / "scorekeeper.db"), "scorekeeper restore")
    assert _digest(instance / "scorekeeper.db") == before


def test_check_says_whether_the_file_is_sound(season, tmp_path):
    sound = season.instance(tmp_path / "sound", damaged=False)
    done = run_cli("check", env=_env(sound))
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"the database {sound / 'scorekeeper.db'} is sound\n"
    damaged = season.instance(tmp_path / "damaged")
    before = _digest(damaged / "scorekeeper.db")
    _one_line(run_cli("check", env=_env(damaged)), "is damaged", "Page ")
    assert _digest(damaged / "scorekeeper.db") == before
    _one_line(run_cli("check", env=_env(tmp_path / "none")), "there is no database")


def test_a_backup_of_a_damaged_database_fails_loudly_and_keeps_no_copy(season, tmp_path):
    instance = season.instance(tmp_path / "i")
    out = tmp_path / "backup.db"
    done = run_cli("backup", str(out), env=_env(instance))
    _one_line(done, "is damaged", "nothing was written to", str(out))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["i"]  # no copy, no partial


def test_restore_puts_a_damaged_database_aside_and_brings_the_backup_back(season, tmp_path):
    instance = season.instance(tmp_path / "i")
    done = run_cli("restore", str(season.backup), env=_env(instance))
    assert done.returncode == 0, done.stderr
    first, second = done.stdout.splitlines()
    assert first.startswith(
        f"the damaged database was kept as {instance / 'scorekeeper.db'}.damaged-"
    )
    aside = Path(first.rsplit(" ", 1)[1])
    assert aside.read_bytes() == season.damaged  # kept exactly as it was
    assert (
        second == f"{GAMES} games restored from {season.backup} into {instance / 'scorekeeper.db'}"
    )
    assert run_cli("check", env=_env(instance)).returncode == 0
    stats = run_cli("stats", "--json", env=_env(instance))
    assert stats.returncode == 0 and json.loads(stats.stdout)["players"][0]["games"] == GAMES
    # Over a sound database, nothing is put aside.
    again = run_cli("restore", str(season.backup), env=_env(instance))
    assert again.returncode == 0 and "kept as" not in again.stdout
    aside_files = sorted(p.name for p in instance.iterdir() if ".damaged-" in p.name)
    assert aside_files == [aside.name]  # one file: no -wal or -shm beside it


def test_serve_checks_the_database_at_start(season, tmp_path):
    instance = season.instance(tmp_path / "i")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "serve", "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **_env(instance)},
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2).close()
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline
                time.sleep(0.1)
        # The home page reads no damaged page, yet says the database is damaged.
        with pytest.raises(urllib.error.HTTPError) as answer:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5)
        assert answer.value.code == 503
        assert "is damaged" in answer.value.read().decode()
    finally:
        server.terminate()
        out, _ = server.communicate(timeout=10)
    assert "Warning: the database" in out and "is damaged" in out


def _with_a_write_ahead_log(season: Season, folder: Path, early: bool = False) -> Path:
    """A sound database whose last writer was killed (its -wal left beside it), then
    damaged inside (`early`: its third and fourth pages, where the schema's first
    tables live): what a power cut mid-game can leave."""
    instance = season.instance(folder, damaged=False)
    path = instance / "scorekeeper.db"
    script = (
        "import os, sqlite3, sys; db = sqlite3.connect(sys.argv[1]);"
        " db.execute('PRAGMA wal_autocheckpoint = 0');"
        ' db.execute("UPDATE games SET version = version + 1"); db.commit();'
        " os._exit(0)"
    )
    subprocess.run([sys.executable, "-c", script, str(path)], check=True)
    assert (instance / "scorekeeper.db-wal").stat().st_size > 0
    if early:
        spoiled = bytearray(season.sound)
        spoiled[2 * PAGE : 4 * PAGE] = bytes(range(256)) * (2 * PAGE // 256)
        path.write_bytes(bytes(spoiled))
    else:
        path.write_bytes(season.damaged)
    return instance


@pytest.mark.parametrize(
    "command", [["check"], ["check", "--deep"], ["backup", "OUT"], ["stats"], ["csv"]]
)
@pytest.mark.parametrize("early", [False, True], ids=["inside", "early pages"])
def test_a_reading_command_leaves_a_damaged_file_and_its_log_as_they_were(
    season, tmp_path, command, early
):
    instance = _with_a_write_ahead_log(season, tmp_path / "i", early)
    files = [instance / "scorekeeper.db", instance / "scorekeeper.db-wal"]
    before = [_digest(file) for file in files]
    out = str(tmp_path / "copy.db")
    _one_line(run_cli(*[out if a == "OUT" else a for a in command], env=_env(instance)))
    assert [_digest(file) for file in files] == before
