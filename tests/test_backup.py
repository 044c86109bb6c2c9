"""Backups while the app writes, and restoring one (SQLite's online backup)."""

from __future__ import annotations

import sqlite3
import threading
import time

import pytest

from scorekeeper import store
from scorekeeper.limits import MAX_HANDS
from scorekeeper.store.db import migrate, open_database, open_instance

from .conftest import run_cli

NAMES = ["Ann", "Ben", "Cho", "Dee"]
HAND = {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}


def test_backups_taken_during_writes_are_consistent_and_restore(tmp_path):
    instance = tmp_path / "instance"
    instance.mkdir()
    db = open_database(instance / "scorekeeper.db")
    migrate(db)
    game_id = store.create_game(db, "yahoo-normal", NAMES, options={"target": 100000})
    stop = threading.Event()
    written: list[int] = []

    def writer() -> None:
        own = open_database(instance / "scorekeeper.db")
        deadline = time.monotonic() + 20
        while not stop.is_set() and time.monotonic() < deadline and len(written) < MAX_HANDS:
            store.add_hand(own, game_id, HAND, version=None)
            written.append(1)
        own.close()

    thread = threading.Thread(target=writer)
    thread.start()
    env = {"SCOREKEEPER_INSTANCE": str(instance)}
    copies = []
    try:
        for n in range(3):
            out = tmp_path / f"backup-{n}.db"
            done = run_cli("backup", str(out), env=env)
            assert done.returncode == 0, done.stderr
            assert done.stdout.strip() == f"1 game backed up to {out}"
            copies.append(out)
    finally:
        stop.set()
        thread.join()
    for copy in copies:
        with sqlite3.connect(copy) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
            hands = conn.execute("SELECT count(*) FROM hands").fetchone()[0]
            cached = conn.execute("SELECT hand_count FROM games").fetchone()[0]
            assert hands == cached  # a whole hand and its totals, or neither
        assert not (tmp_path / f"{copy.name}.partial").exists()
    assert len(written) > 0

    # Restore the last copy into a fresh instance: the game is there, as it was.
    fresh = tmp_path / "fresh"
    done = run_cli("restore", str(copies[-1]), env={"SCOREKEEPER_INSTANCE": str(fresh)})
    assert done.returncode == 0, done.stderr
    restored = open_database(fresh / "scorekeeper.db")
    stored = store.get_game(restored, game_id)
    assert stored.score().totals == stored.totals
    assert len(stored.hands) == stored.hand_count > 0


def test_restore_refuses_a_file_that_is_not_a_backup(tmp_path):
    junk = tmp_path / "junk.db"
    with sqlite3.connect(junk) as conn:
        conn.execute("CREATE TABLE t (x)")
    done = run_cli("restore", str(junk), env={"SCOREKEEPER_INSTANCE": str(tmp_path / "i")})
    assert done.returncode == 2
    assert "is not a scorekeeper backup" in done.stderr
    text_file = tmp_path / "notes.txt"
    text_file.write_text("hello")
    done = run_cli("restore", str(text_file), env={"SCOREKEEPER_INSTANCE": str(tmp_path / "i")})
    assert done.returncode == 2 and done.stderr.startswith("restore: cannot restore")


def test_backup_without_a_database(tmp_path):
    done = run_cli(
        "backup", str(tmp_path / "b.db"), env={"SCOREKEEPER_INSTANCE": str(tmp_path / "none")}
    )
    assert done.returncode == 2 and done.stderr.startswith("backup: there is no database")


@pytest.mark.parametrize(
    "name", ["club #3.db", "100% sure.db", "what?.db", "a%23b.db", "a b?c#d%e.db"]
)
def test_restore_reads_any_file_name_backup_writes(tmp_path, name):
    env = {"SCOREKEEPER_INSTANCE": str(tmp_path / "i")}
    db = open_instance(tmp_path / "i" / "scorekeeper.db")
    store.create_game(db, "yahoo-normal", NAMES)
    db.close()
    out = tmp_path / name
    done = run_cli("backup", str(out), env=env)
    assert done.returncode == 0, done.stderr
    restored = run_cli("restore", str(out), env={"SCOREKEEPER_INSTANCE": str(tmp_path / "j")})
    assert restored.returncode == 0, restored.stderr
    assert restored.stdout.startswith("1 game restored from")
