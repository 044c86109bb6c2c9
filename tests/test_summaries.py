"""The pages that span games read each game's summary: it always says what a full replay
of the hands says, after every kind of write, and after the code that made it changed."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
import threading
import time
from concurrent.futures import Executor, Future
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import store
from scorekeeper.limits import player_key
from scorekeeper.stats import csv_rows, player_stats, write_csv
from scorekeeper.store import catch_up as catch_up_module
from scorekeeper.store import summaries
from scorekeeper.store import totals as store_totals
from scorekeeper.store.db import open_database
from scorekeeper.web import create_app
from scorekeeper.web.db import catch_up

SPADES_HANDS = [
    {"bids": ["nil", 5, 4, 4], "tricks": [0, 3, 5, 5]},
    {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]},
    {"bids": [4, 4, 3, 2], "tricks": [3, 5, 3, 2]},
]
GAMES: list[dict[str, Any]] = [
    {
        "ruleset": "yahoo-normal",
        "options": {"target": 150},
        "players": ["Ann", "Ben", "Cho", "Dee"],
        "hands": SPADES_HANDS[:2],  # Ann & Cho reach 150: over
    },
    {"ruleset": "yahoo-normal", "players": ["ann", "Eve", "Ben", "Fay"], "hands": SPADES_HANDS},
    {
        "ruleset": "hearts-standard",
        "players": ["Ann ", "Ben", "Cy", "Dee"],
        "hands": [
            {"hearts": [13, 0, 0, 0], "queen_of_spades": 0, "moon_choice": "subtract"},
            {"hearts": [3, 4, 5, 1], "queen_of_spades": 2},
        ],
    },
]


@pytest.fixture
def club(tmp_path):
    """A phone that imported the games above, and the database they are in."""
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path), "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    ids = []
    for doc in GAMES:
        response = client.post("/import", data={"text": json.dumps(doc)})
        assert response.status_code == 303, response.data
        ids.append(response.headers["Location"].rsplit("/", 1)[1])
    client.get("/")  # the "imported" messages shown
    db = open_database(app.config["DATABASE"])
    yield client, db, ids
    db.close()


def replay(db) -> tuple[dict[str, dict[str, Any]], str]:
    """Every player's statistics and the all-games CSV, from the hands themselves."""
    games = [store.get_game(db, g.id) for g in reversed(store.list_games(db))]
    stats = player_stats((g.players, g.score()) for g in games)
    out = io.StringIO()
    write_csv(
        csv_rows((g.id, g.created_at[:10], g.players, g.hands, g.score()) for g in games), out
    )
    return {player_key(p.name): p.to_json() for p in stats}, out.getvalue()


def from_summaries(db) -> tuple[dict[str, dict[str, Any]], str]:
    scope = store.Scope(None)
    everyone = {player_key(p.name): p.to_json() for p in store.every_player(db, scope)}
    # The players page's totals (kept with their digest) say the same.
    brief = ("name", "games", "finished", "won", "hands")
    for totals in store.player_totals(db, scope):
        whole = everyone[player_key(totals.name)]
        assert {k: whole[k] for k in brief} == {k: getattr(totals, k) for k in brief}
        points = {k: 0 for k in ("points_for", "points_against")}  # not on the page
        assert {k: v for k, v in totals.to_json().items() if k not in ("by_kind",)} == {
            k: v for k, v in whole.items() if k not in ("by_kind", "partners", "opponents")
        } | {"partners": {}, "opponents": {}} | points | {
            "by_game": {kind: game | points for kind, game in whole["by_game"].items()}
        }
    return everyone, store.csv_text(db, scope)


def test_every_write_leaves_the_summaries_as_a_replay_would(club):
    _client, db, (first, second, hearts) = club
    assert from_summaries(db) == replay(db)
    version = store.get_game(db, second).version
    store.add_hand(db, second, {"bids": [2, 2, 2, 2], "tricks": [3, 3, 4, 3]}, version=version)
    store.replace_hand(db, first, 1, {"bids": [3, 5, 4, 1], "tricks": [3, 3, 5, 2]}, version=None)
    store.delete_last_hand(db, hearts, version=None)
    store.change_options(db, second, {"nil_points": 50}, version=None, from_hand=1)
    store.rename_player(db, [first, second, hearts], "ben", "Benjamin")
    store.set_bids(db, second, [3, 3, 3, 3], version=None)
    assert summaries.stale(db) == []  # each was written with its game
    assert from_summaries(db) == replay(db)
    assert "Benjamin" in from_summaries(db)[1]
    store.delete_game(db, first)
    assert from_summaries(db) == replay(db)


def test_the_pages_read_summaries_and_a_new_stamp_makes_them_again(club, monkeypatch):
    client, db, _ids = club
    pages = ["/players/", "/players/Ann", "/players/Ben?game=spades", "/players/export.csv"]
    before = {url: client.get(url).data for url in pages}
    ann = replay(db)[0]["ann"]
    assert f"{ann['games']} games".encode() in before["/players/Ann"]
    # Summaries that say something else: the pages show it (they read summaries) ...
    db.execute(
        "UPDATE player_summaries SET won = won + 7, hands = 99, part = replace(part, '\"won\": 0', '\"won\": 5')"
    )
    db.execute("UPDATE game_summaries SET csv = ''")
    db.execute("UPDATE span_totals SET players = json_replace(players, '$[0].won', 77)")
    db.conn.commit()
    assert all(client.get(url).data != before[url] for url in pages)
    # ... until the code that makes them is another: each is made again from its hands.
    monkeypatch.setattr(summaries, "stamp", lambda: "9.9+another-engine")
    assert {url: client.get(url).data for url in pages} == before
    assert from_summaries(db) == replay(db)


def _caught_up(app, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while catch_up(app).progress() is not None or summaries.stale(
        open_database(app.config["DATABASE"])
    ):
        assert time.monotonic() < deadline, "the worker did not catch up"
        time.sleep(0.05)


def test_a_new_server_answers_at_once_and_catches_up_in_the_background(club, tmp_path):
    _client, db, ids = club
    db.execute("DELETE FROM game_summaries")
    db.conn.commit()
    assert sorted(summaries.stale(db)) == sorted(ids)
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path)})
    assert sorted(summaries.stale(db)) == sorted(ids)  # nothing made before it answers
    catch_up(app).start()  # as `serve` does once it listens
    # What `serve` waits for before it warms up: the worker done, nothing stale left.
    assert catch_up(app).rest(30) and summaries.stale(db) == []
    _caught_up(app)
    assert from_summaries(db) == replay(db)


def test_a_catch_up_scored_in_helper_processes_reads_as_a_replay(club, tmp_path, monkeypatch):
    """Past a batch of stale games the worker scores them in processes of its own (one
    per core) and writes them itself: the same summaries, a game deleted or written
    meanwhile left to its own write."""
    _client, db, ids = club
    for n in range(12):
        doc = {**GAMES[n % 3], "players": [f"{p}{n % 4}" for p in GAMES[n % 3]["players"]]}
        ids.append(store.import_game(db, doc))
    db.execute("UPDATE game_summaries SET stamp = 'other-code'")
    db.execute("UPDATE player_summaries SET won = won + 1 WHERE game = ?", [ids[4]])
    db.conn.commit()
    monkeypatch.setattr(catch_up_module, "CHUNK", 2)  # helpers past two stale games
    helpers: list[Executor] = []
    original = catch_up_module._helpers

    def started() -> Executor | None:  # until a helper has started, the worker scores
        pool = original()
        assert pool is not None  # two cores or more
        pool.submit(catch_up_module._started).result()
        helpers.append(pool)
        return pool

    monkeypatch.setattr(catch_up_module, "_helpers", started)
    scored_by: list[bool] = []
    remake_many = summaries.remake_many
    monkeypatch.setattr(
        summaries,
        "remake_many",
        lambda db, ids, pool=None: (
            scored_by.append(pool is not None) or remake_many(db, ids, pool)
        ),
    )
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path)})
    catch_up(app).start()
    _caught_up(app, 120)
    assert helpers and any(scored_by) and summaries.stale(db) == []
    assert from_summaries(db) == replay(db)


def test_pages_at_once_wait_for_one_remake_of_each_game(club, monkeypatch):
    """Two phones opening the players page together while every summary is stale: both
    get the right page, and each game is made again once, by the worker, not by them."""
    client, _db, ids = club
    before = client.get("/players/").data
    made: list[tuple[str, str]] = []
    write = summaries.write
    monkeypatch.setattr(
        summaries,
        "write",
        lambda db, game_id, made_: (
            made.append((game_id, threading.current_thread().name)) or write(db, game_id, made_)
        ),
    )
    monkeypatch.setattr(summaries, "stamp", lambda: "another-engine")
    pages: list[bytes] = []
    phones = [threading.Thread(target=lambda: pages.append(client.get("/players/").data))]
    phones.append(threading.Thread(target=lambda: pages.append(client.get("/players/").data)))
    for phone in phones:
        phone.start()
    for phone in phones:
        phone.join()
    assert pages == [before, before]
    assert sorted(game for game, _thread in made) == sorted(ids)
    assert {thread for _game, thread in made} == {"catch-up"}


def test_the_stamp_covers_every_module_the_summaries_load():
    """Read another way than the stamp reads them (its imports): every module of the
    package that making a summary loads, a game of every kind scored, is in it."""
    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, json\n"
            "import scorekeeper.summary\n"
            "from scorekeeper.engine import find_kind, kind_names\n"
            "[find_kind(kind) for kind in kind_names()]\n"
            "print(json.dumps([m.__file__ for n, m in sys.modules.items()"
            " if n.startswith('scorekeeper') and getattr(m, '__file__', None)]))",
        ],
        capture_output=True,
        check=True,
        text=True,
    )
    stamped = set(summaries.stamped_files()[0])
    missing = {
        str(Path(file).relative_to(summaries.PACKAGE))
        for file in json.loads(loaded.stdout)
        if Path(file) not in stamped
    }
    assert missing == {"__init__.py"}  # the version: an upgrade alone remakes nothing


def test_the_stamp_covers_every_module_the_summaries_depend_on():
    files = {str(path.relative_to(summaries.PACKAGE)) for path in summaries.stamped_files()[0]}
    # What the summaries import, however indirectly: the engine, the names' rule ...
    assert {"limits.py", "stats.py", "standings.py", "ratings.py", "summary.py"} <= files
    assert "store/stored.py" in files  # how a stored game becomes a game file
    assert "engine/spades/scoring.py" in files and "presets/spades/yahoo-normal.toml" in files
    # ... and not the pages: a new page changes no game's figures.
    assert not any(name.startswith(("web/", "pdf/")) for name in files)


def test_the_all_games_csv_is_every_hand_oldest_game_first(club):
    client, _db, ids = club
    text = client.get("/players/export.csv").data.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][:3] == ["game", "ruleset", "started"]
    assert [row[0] for row in rows[1:]] == [ids[0]] * 8 + [ids[1]] * 12 + [ids[2]] * 8


def test_a_restore_into_the_running_server_is_caught_up_by_its_worker(club, tmp_path, monkeypatch):
    """A backup an older version made, restored under a running server: the next pages
    are right, and the summaries are made again by the worker, not by the page."""
    from scorekeeper.store.backup import backup, restore

    client, db, ids = club
    before = {url: client.get(url).data for url in ("/players/", "/players/Ann")}
    path = db.execute("PRAGMA database_list").fetchone()[2]
    # The backup as an older version kept it: its own stamp on every summary.
    db.execute("UPDATE game_summaries SET stamp = 'an-older-version'")
    db.execute("UPDATE meta SET value = 'an-older-version:1' WHERE key = 'summaries_current'")
    db.conn.commit()
    backup(Path(path), str(tmp_path / "older.db"))
    made: list[str] = []
    write = summaries.write
    monkeypatch.setattr(
        summaries,
        "write",
        lambda db, game_id, made_: (
            made.append(threading.current_thread().name) or write(db, game_id, made_)
        ),
    )
    restore(str(tmp_path / "older.db"), Path(path))
    assert {url: client.get(url).data for url in before} == before
    assert made and set(made) == {"catch-up"} and len(made) == len(ids)


def _agree(db, scope) -> list[tuple[str, int, int, int]]:
    """The kept totals of a scope, checked against every game's parts added up afresh."""
    kept = [(p.name, p.games, p.won, p.hands) for p in store.player_totals(db, scope)]
    whole = [(p.name, p.games, p.won, p.hands) for p in store.every_player(db, scope)]
    assert sorted(kept) == sorted(whole)
    return kept


def test_kept_totals_follow_every_change_to_the_games_they_count(club, monkeypatch):
    """Totals kept over settled games (here: every game) stay right when one of those
    games changes, goes, or joins or leaves a phone's games."""
    _client, db, ids = club
    monkeypatch.setattr(store_totals, "SETTLED_AFTER", timedelta(hours=-1))  # all settled
    phone, everyone = store.Scope("organiser"), store.Scope(None)
    evening = store.create_evening(db, "Friday", "organiser")
    assert _agree(db, phone) == [] and len(_agree(db, everyone)) == 7
    assert db.execute("SELECT COUNT(*) FROM span_totals").fetchone()[0] == 2
    store.move_game(db, ids[0], evening, by=None)  # the organiser's evening now holds it
    assert {name for name, *_ in _agree(db, phone)} == {"Ann", "Ben", "Cho", "Dee"}
    store.grant(db, "organiser", ids[2], "watch")  # a link to a Hearts game
    assert ("Cy", 1, 0, 2) in _agree(db, phone)
    before = _agree(db, everyone)
    store.add_hand(db, ids[1], {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}, version=None)
    after = _agree(db, everyone)
    assert ("Eve", 1, 0, 4) in after and ("Eve", 1, 0, 3) in before
    store.rename_player(db, [ids[1]], "Eve", "Eva")
    assert "Eva" in {name for name, *_ in _agree(db, everyone)}
    store.delete_game(db, ids[2])
    assert "Cy" not in {name for name, *_ in _agree(db, phone)}
    assert "Cy" not in {name for name, *_ in _agree(db, everyone)}
    store.move_game(db, ids[0], None, by=None)
    assert _agree(db, phone) == []


class _WritesMeanwhile(Executor):
    """Helpers that score each slice here, as a phone adds a hand to one game while it
    is being made: the slices sent are kept."""

    def __init__(self, db, game_id: str) -> None:
        self.db, self.game_id, self.sent = db, game_id, []

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[override]
        self.sent.extend(args[1])
        done: Future[Any] = Future()
        done.set_result(fn(*args, **kwargs))
        if self.game_id in args[1]:
            hand = {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}
            store.add_hand(self.db, self.game_id, hand, version=None)
        return done


def test_helpers_make_each_stale_game_once_and_leave_a_game_written_meanwhile(club):
    """A batch of games sent to the helpers: those made meanwhile (by a write, or for a
    page) are not made again, and a game written while it was being made keeps the
    summary of its write, never the older one restamped."""
    _client, db, ids = club
    db.execute("UPDATE game_summaries SET stamp = 'other-code' WHERE game != ?", [ids[0]])
    db.conn.commit()
    helpers = _WritesMeanwhile(db, ids[1])
    summaries.remake_many(db, ids, helpers)
    assert helpers.sent == ids[1:]  # the first was current
    assert summaries.stale(db) == []
    assert from_summaries(db) == replay(db)
