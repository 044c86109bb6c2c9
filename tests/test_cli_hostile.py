"""Command lines that once ended in a traceback: each is now one line and exit status 2."""

from __future__ import annotations

import json

import pytest

from .conftest import run_cli

LONG_ID = "a" * 300  # longer than a file name may be
GAME = {"ruleset": "yahoo-normal", "players": ["Ann", "Ben", "Cho", "Dee"]}
HEARTS_NOBODY = {"ruleset": "hearts-standard", "options": {"players": 0}, "players": []}


@pytest.mark.parametrize(
    ("args", "stdin", "says"),
    [
        (["rules", LONG_ID], None, "unknown ruleset"),
        (["rules", "yahoo-normal", "--compare", LONG_ID], None, "unknown ruleset"),
        (["scorecard", LONG_ID, "-o", "OUT"], None, "unknown ruleset"),
        (["score", "-"], json.dumps({**GAME, "ruleset": LONG_ID}), "unknown ruleset"),
        (["compare", "-", "--ruleset", LONG_ID], json.dumps(GAME), "unknown ruleset"),
        (["score", "-"], json.dumps(HEARTS_NOBODY), "Hearts is for 3, 4 or 5 players"),
        (
            ["compare", "-", "--ruleset", "hearts-standard", "--option", "players=0"],
            json.dumps({**GAME, "ruleset": "hearts-standard"}),
            "Hearts is for 3, 4 or 5 players",
        ),
    ],
    ids=["rules", "rules --compare", "scorecard", "score", "compare", "hearts 0", "compare 0"],
)
def test_one_line_and_exit_2(tmp_path, args, stdin, says):
    args = [str(tmp_path / "out.pdf") if arg == "OUT" else arg for arg in args]
    done = run_cli(*args, stdin=stdin, env={"SCOREKEEPER_INSTANCE": str(tmp_path / "i")})
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert says in done.stderr
    assert len(done.stderr) < 300  # a 300-character id is cut short, not echoed whole


def test_a_full_disk_is_named_not_called_busy(tmp_path, monkeypatch):
    import sqlite3

    from scorekeeper.cli import _database_problem

    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path))
    full = sqlite3.OperationalError("database or disk is full")
    full.sqlite_errorcode = sqlite3.SQLITE_FULL  # as SQLite raises it
    said = _database_problem(full)
    assert said is not None
    assert said.render().startswith("the disk is full: nothing was saved in ")
    malformed = sqlite3.DatabaseError("database disk image is malformed")
    malformed.sqlite_errorcode = sqlite3.SQLITE_CORRUPT
    said = _database_problem(malformed)
    assert said is not None and "is damaged" in said.render()
    assert "scorekeeper restore" in said.render()
