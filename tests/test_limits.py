"""Limits on what is stored: hands per game, rule changes, the size of a game file.

Far above any table's game, and enforced wherever a game enters: a game file imported
(web or `scorekeeper import`) and hands entered one by one. `scorekeeper score` stores
nothing and reads a file of any length.
"""

from __future__ import annotations

import json
import time

import pytest

from scorekeeper import store
from scorekeeper.engine import GameError, HandError
from scorekeeper.limits import MAX_HANDS
from scorekeeper.store.db import migrate, open_database

from .conftest import run_cli

NAMES = ["Ann", "Ben", "Cho", "Dee"]
HAND = {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}


def varied_hand(n: int) -> dict:
    """A hand with a nil now and then, so that the sheet has lines to explain."""
    bids = [3 + n % 3, "nil" if n % 5 == 0 else 3, 4, 2 + n % 2]
    tricks = [4 + n % 3, 0 if n % 5 == 0 else 3, 4]
    return {"bids": bids, "tricks": [*tricks, 13 - sum(tricks)]}


def long_game(hands: int, **extra) -> dict:
    """A valid Spades game of `hands` hands that never reaches its target."""
    return {
        "ruleset": "yahoo-normal",
        "options": {"target": 10_000_000},
        "players": NAMES,
        "hands": [HAND] * hands,
        **extra,
    }


@pytest.fixture
def db(tmp_path):
    database = open_database(tmp_path / "test.db")
    migrate(database)
    yield database
    database.close()


def dump(db) -> list[str]:
    return list(db.conn.iterdump())


def test_a_game_of_the_most_hands_is_stored_and_one_more_is_refused(db):
    assert MAX_HANDS > 100  # a game to 500 with negative scoring can pass 100 hands
    game_id = store.import_game(db, long_game(MAX_HANDS))
    assert len(store.get_game(db, game_id).hands) == MAX_HANDS
    before = dump(db)
    with pytest.raises(
        GameError, match=f"a game can hold at most {MAX_HANDS} hands; this one has {MAX_HANDS + 1}"
    ):
        store.import_game(db, long_game(MAX_HANDS + 1))
    assert dump(db) == before


def test_the_hand_after_the_last_one_allowed_is_refused(db):
    game_id = store.import_game(db, long_game(MAX_HANDS - 1))
    version = store.get_game(db, game_id).version
    store.add_hand(db, game_id, HAND, version=version)
    before = dump(db)
    with pytest.raises(HandError, match=f"at most {MAX_HANDS} hands: start a new game") as refused:
        store.add_hand(db, game_id, HAND, version=version + 1)
    assert refused.value.hand == MAX_HANDS + 1
    assert dump(db) == before
    assert len(store.get_game(db, game_id).hands) == MAX_HANDS


def test_rule_changes_are_limited_too(db):
    changes = [{"from_hand": 1, "options": {"nil_points": 50 + n % 2}} for n in range(101)]
    with pytest.raises(GameError, match="at most 100 rule changes; this one has 101"):
        store.import_game(db, long_game(1, option_changes=changes))
    game_id = store.import_game(db, long_game(1, option_changes=changes[:100]))
    before = dump(db)
    with pytest.raises(GameError, match="at most 100 rule changes"):
        store.change_options(db, game_id, {"nil_points": 75}, version=None)
    assert dump(db) == before


def test_cli_import_refuses_a_long_game_and_a_large_file_and_score_reads_both(tmp_path):
    env = {"SCOREKEEPER_INSTANCE": str(tmp_path / "instance")}
    too_long = tmp_path / "long.json"
    too_long.write_text(json.dumps(long_game(MAX_HANDS + 1)), encoding="utf-8")
    done = run_cli("import", str(too_long), env=env)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        f"game: a game can hold at most {MAX_HANDS} hands; this one has {MAX_HANDS + 1}\n"
    )
    large = tmp_path / "large.json"
    large.write_text(
        json.dumps(long_game(MAX_HANDS), indent=2) + " " * 1024 * 1024, encoding="utf-8"
    )
    done = run_cli("import", str(large), env=env)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("game: a game file can be at most 1,024 KB; this one is ")
    assert done.stderr.count("\n") == 1
    rules = tmp_path / "rules.json"
    rules.write_text('{"format": "scorekeeper-rules/1"}' + " " * 1024 * 1024)
    done = run_cli("rules", "import", str(rules), env=env)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("rules: a house rules file can be at most 1,024 KB; this one")
    for path in (too_long, large):  # scoring stores nothing: any length is read
        done = run_cli("score", str(path))
        assert done.returncode == 0, done.stderr
    fits = tmp_path / "fits.json"
    fits.write_text(json.dumps(long_game(MAX_HANDS), indent=2), encoding="utf-8")
    assert run_cli("import", str(fits), env=env).returncode == 0


def test_the_largest_game_allowed_renders_every_page_quickly(tmp_path):
    from scorekeeper.web import create_app

    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path), "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    doc = long_game(MAX_HANDS)
    doc["hands"] = [varied_hand(n) for n in range(MAX_HANDS)]
    response = client.post("/import", data={"text": json.dumps(doc, indent=2)})
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    url = response.headers["Location"]
    for page in ("", "?all=1", "/export.csv", "/export", "/history"):
        start = time.perf_counter()
        assert client.get(url + page).status_code == 200
        assert time.perf_counter() - start < 5.0, page  # about 0.1 s each, measured


def test_a_pasted_game_file_of_900_kb_is_imported(tmp_path):
    """Werkzeug's own limit for a form field is 500 KB: a game file pasted into the
    import page may be as large as one uploaded."""
    from scorekeeper.web import create_app

    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path), "WTF_CSRF_ENABLED": False})
    text = json.dumps(long_game(3), indent=2) + " " * 900 * 1024
    response = app.test_client().post("/import", data={"text": text})
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
