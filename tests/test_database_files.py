"""The database under stress: processes that start together, damaged and foreign files,
folders it cannot use, and who may read the files it writes."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import store
from scorekeeper.store.db import StoreError, migrate, open_database
from scorekeeper.store.migrations import migrations

from .conftest import run_cli

GAME = {
    "format": "scorekeeper-game/1",
    "game": "spades",
    "ruleset": "yahoo-normal",
    "players": ["Ann", "Ben", "Cho", "Dee"],
    "hands": [{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}],
}
# Every command that opens the database, with what it needs beside it.
DATABASE_COMMANDS = [
    ["stats"],
    ["export", "abc"],
    ["csv"],
    ["rename", "Ann", "Anne"],
    ["import", "GAME"],
    ["backup", "OUT"],
    ["check"],
    ["serve", "--host", "127.0.0.1", "--port", "0"],
]


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _start_together(commands: list[list[str]], instance: Path) -> list[subprocess.Popen[str]]:
    env = {"SCOREKEEPER_INSTANCE": str(instance), "PATH": "/usr/bin:/bin"}
    return [
        subprocess.Popen(
            [sys.executable, "-m", "scorekeeper", *command],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for command in commands
    ]


@pytest.mark.parametrize("round_", range(3))
def test_imports_started_together_on_a_new_database_all_store_their_game(tmp_path, round_):
    game = tmp_path / "game.json"
    game.write_text(json.dumps(GAME))
    instance = tmp_path / "instance"
    processes = _start_together([["import", str(game)]] * 6, instance)
    outcomes = [(p.wait(60), p.stderr.read() if p.stderr else "") for p in processes]
    for process in processes:
        for stream in (process.stdout, process.stderr):
            if stream:
                stream.close()
    assert outcomes == [(0, "")] * 6
    db = open_database(instance / "scorekeeper.db")
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 6
    applied = [m.name for m in migrations.applied(db)]
    assert len(applied) == len(set(applied)) and not migrations.pending(db)


def test_a_failing_migration_is_rolled_back_whole_and_not_recorded(tmp_path):
    path = tmp_path / "scorekeeper.db"
    db = open_database(path)
    migrations.apply(db, stop_before="m003_access")
    # A column m003 is about to add already exists: m003 fails halfway through.
    db.execute("ALTER TABLE games ADD COLUMN scorer_token TEXT")
    before = db.execute("SELECT name, sql FROM sqlite_master ORDER BY name").fetchall()
    with pytest.raises(sqlite3.OperationalError, match="duplicate column"):
        migrate(db)
    assert "m003_access" in [m.name for m in migrations.pending(db)]
    assert db.execute("SELECT name, sql FROM sqlite_master ORDER BY name").fetchall() == before
    assert not db.conn.in_transaction


def _damaged(tmp_path: Path) -> Path:
    instance = tmp_path / "instance"
    instance.mkdir()
    (instance / "scorekeeper.db").write_bytes(b"this is not SQLite at all, a dying SD card" * 40)
    return instance


def _foreign(tmp_path: Path) -> Path:
    instance = tmp_path / "instance"
    instance.mkdir()
    with sqlite3.connect(instance / "scorekeeper.db") as conn:
        conn.execute("CREATE TABLE games (title TEXT)")  # another program's games
        conn.execute("INSERT INTO games VALUES ('Catan')")
    return instance


@pytest.mark.parametrize(
    ("make", "says"),
    [(_damaged, "is damaged"), (_foreign, "is not a scorekeeper database")],
    ids=["damaged", "foreign"],
)
@pytest.mark.parametrize("command", DATABASE_COMMANDS, ids=lambda c: c[0])
def test_an_unusable_database_gets_one_line_and_is_left_as_it_was(tmp_path, make, says, command):
    instance = make(tmp_path)
    database = instance / "scorekeeper.db"
    before = _digest(database)
    game = tmp_path / "game.json"
    game.write_text(json.dumps(GAME))
    args = [
        str(game) if arg == "GAME" else str(tmp_path / "out.db") if arg == "OUT" else arg
        for arg in command
    ]
    done = run_cli(*args, env={"SCOREKEEPER_INSTANCE": str(instance)})
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert says in done.stderr and str(database) in done.stderr
    assert _digest(database) == before
    assert sorted(p.name for p in instance.iterdir()) == ["scorekeeper.db"]  # nothing beside it
    assert not (tmp_path / "out.db").exists()


def test_restore_refuses_to_overwrite_somebody_elses_file(tmp_path):
    source = tmp_path / "source"
    assert (
        run_cli(
            "import", "-", stdin=json.dumps(GAME), env={"SCOREKEEPER_INSTANCE": str(source)}
        ).returncode
        == 0
    )
    assert (
        run_cli(
            "backup", str(tmp_path / "b.db"), env={"SCOREKEEPER_INSTANCE": str(source)}
        ).returncode
        == 0
    )
    instance = _foreign(tmp_path)
    before = _digest(instance / "scorekeeper.db")
    done = run_cli("restore", str(tmp_path / "b.db"), env={"SCOREKEEPER_INSTANCE": str(instance)})
    assert done.returncode == 2 and "is not a scorekeeper database" in done.stderr
    assert _digest(instance / "scorekeeper.db") == before


def test_a_database_from_before_the_application_id_is_still_recognised(tmp_path):
    path = tmp_path / "scorekeeper.db"
    old = open_database(path)
    migrations.apply(old)  # as an older version left it: migrated, no application id
    old.execute("PRAGMA application_id = 0")
    game_id = store.create_game(old, "yahoo-normal", GAME["players"])
    old.close()
    db = open_database(path)
    migrate(db)
    assert store.get_game(db, game_id).players == tuple(GAME["players"])


def test_a_folder_that_cannot_be_made_gets_one_line(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    done = run_cli("stats", env={"SCOREKEEPER_INSTANCE": str(blocker / "instance")})
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and str(blocker / "instance") in done.stderr


def test_open_database_refuses_a_foreign_file_without_writing(tmp_path):
    instance = _foreign(tmp_path)
    before = _digest(instance / "scorekeeper.db")
    with pytest.raises(StoreError, match="not a scorekeeper database"):
        open_database(instance / "scorekeeper.db")
    assert _digest(instance / "scorekeeper.db") == before


def _private(path: Path) -> bool:
    return stat.S_IMODE(path.stat().st_mode) & 0o077 == 0


def test_the_database_and_its_backups_are_readable_by_their_owner_only(tmp_path):
    instance = tmp_path / "instance"
    env = {"SCOREKEEPER_INSTANCE": str(instance)}
    assert run_cli("import", "-", stdin=json.dumps(GAME), env=env).returncode == 0
    assert _private(instance / "scorekeeper.db")
    assert run_cli("backup", str(tmp_path / "b.db"), env=env).returncode == 0
    assert _private(tmp_path / "b.db")
    fresh = tmp_path / "fresh"
    restored = run_cli("restore", str(tmp_path / "b.db"), env={"SCOREKEEPER_INSTANCE": str(fresh)})
    assert restored.returncode == 0 and _private(fresh / "scorekeeper.db")


def test_a_database_an_older_version_left_readable_by_all_is_made_private(tmp_path):
    path = tmp_path / "scorekeeper.db"
    open_database(path).close()
    path.chmod(0o644)
    open_database(path).close()
    assert _private(path)


def test_the_server_starting_beside_four_imports_on_a_new_database(tmp_path):
    import socket
    import time
    import urllib.request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    game = tmp_path / "game.json"
    game.write_text(json.dumps(GAME))
    instance = tmp_path / "instance"
    serve = ["serve", "--host", "127.0.0.1", "--port", str(port)]
    processes = _start_together([serve] + [["import", str(game)]] * 4, instance)
    server, imports = processes[0], processes[1:]
    try:
        assert [p.wait(60) for p in imports] == [0] * 4
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz") as answer:
                    assert answer.status == 200
                    break
            except OSError:
                assert server.poll() is None, server.stderr.read() if server.stderr else ""
                assert time.monotonic() < deadline
                time.sleep(0.1)
    finally:
        server.terminate()
        server.wait(10)
        for process in processes:
            for stream in (process.stdout, process.stderr):
                if stream:
                    stream.close()
    db = open_database(instance / "scorekeeper.db")
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 4


def test_a_database_damaged_while_serving_gets_a_page_that_says_so(tmp_path):
    from scorekeeper.web import create_app

    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path), "SECRET_KEY": "x"})
    (tmp_path / "scorekeeper.db").write_bytes(b"garbage, not SQLite" * 100)
    for leftover in ("scorekeeper.db-wal", "scorekeeper.db-shm"):
        (tmp_path / leftover).unlink(missing_ok=True)
    response = app.test_client().get("/")
    assert response.status_code == 503
    assert "is damaged" in response.get_data(as_text=True)


def test_a_foreign_file_with_a_leftover_wal_is_refused_and_left_as_it_was(tmp_path):
    instance = tmp_path / "instance"
    instance.mkdir()
    writer = sqlite3.connect(tmp_path / "theirs.db")
    writer.execute("PRAGMA journal_mode = wal")
    writer.execute("CREATE TABLE games (title TEXT)")
    writer.commit()
    writer.execute("INSERT INTO games VALUES ('Catan')")
    writer.commit()  # in the -wal file, not yet in the database file
    for suffix in ("", "-wal"):
        (instance / f"scorekeeper.db{suffix}").write_bytes(
            (tmp_path / f"theirs.db{suffix}").read_bytes()
        )
    writer.close()
    before = _digest(instance / "scorekeeper.db"), _digest(instance / "scorekeeper.db-wal")
    done = run_cli("stats", env={"SCOREKEEPER_INSTANCE": str(instance)})
    assert done.returncode == 2 and "is not a scorekeeper database" in done.stderr
    assert (
        _digest(instance / "scorekeeper.db"),
        _digest(instance / "scorekeeper.db-wal"),
    ) == before


def test_a_busy_database_is_not_called_damaged(tmp_path, monkeypatch):
    from scorekeeper.store import db as store_db

    path = tmp_path / "scorekeeper.db"
    holder = sqlite3.connect(path, isolation_level=None)  # a rollback journal, as before WAL
    holder.execute(f"PRAGMA application_id = {store_db.APPLICATION_ID}")
    holder.execute("BEGIN EXCLUSIVE")  # another program holds it: readers must wait
    monkeypatch.setattr(store_db, "WAIT_FOR_LOCK_MS", 100)
    try:
        with pytest.raises(StoreError) as refused:
            open_database(path)
    finally:
        holder.rollback()
        holder.close()
    assert "locked" in str(refused.value) and "damaged" not in str(refused.value)


def test_an_older_databases_wal_and_shm_files_are_made_private_too(tmp_path):
    path = tmp_path / "scorekeeper.db"
    first = open_database(path)
    migrate(first)
    store.create_game(first, "yahoo-normal", GAME["players"])  # -wal and -shm exist now
    for file in (path, tmp_path / "scorekeeper.db-wal", tmp_path / "scorekeeper.db-shm"):
        file.chmod(0o644)
    second = open_database(path)
    assert all(
        _private(file)
        for file in (path, tmp_path / "scorekeeper.db-wal", tmp_path / "scorekeeper.db-shm")
    )
    first.close()
    second.close()


def test_a_database_busy_past_the_wait_gets_a_page_that_says_so(tmp_path, monkeypatch):
    from scorekeeper.store import db as store_db
    from scorekeeper.web import create_app

    monkeypatch.setattr(store_db, "WAIT_FOR_LOCK_MS", 100)
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path), "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    holder = sqlite3.connect(tmp_path / "scorekeeper.db", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # a long backup, another program
    try:
        response = client.post("/evenings/", data={"name": "Club night"})
    finally:
        holder.rollback()
        holder.close()
    assert response.status_code == 503
    assert "Another program is using the database" in response.get_data(as_text=True)


def test_house_rules_saved_before_ids_were_per_phone_keep_their_phones(tmp_path):
    from scorekeeper.store.house import find_house_rules, list_house_rules

    db = open_database(tmp_path / "scorekeeper.db")
    migrations.apply(db, stop_before="m013_house_rules_per_phone")
    document = json.dumps(
        {
            "format": "scorekeeper-rules/1",
            "id": "friday-club",
            "name": "Friday club",
            "game": "spades",
            "base": "yahoo-normal",
            "options": {"nil_points": 50},
            "notes": {},
        }
    )
    db.execute(
        "INSERT INTO house_rules VALUES ('friday-club', 'spades', 'Friday club', 'friday club',"
        " ?, 'phone-1', 'token', '2026-01-01', '2026-01-01')",
        [document],
    )
    db.execute("INSERT INTO house_rule_grants VALUES ('phone-1', 'friday-club', '2026-01-01')")
    db.execute("INSERT INTO house_rule_grants VALUES ('phone-2', 'friday-club', '2026-01-02')")
    migrate(db)
    for phone in ("phone-1", "phone-2"):
        assert [h.id for h in list_house_rules(db, phone)] == ["friday-club"]
    assert find_house_rules(db, "friday-club", "phone-1").owned_by("phone-1")
    assert list_house_rules(db, "phone-3") == []
