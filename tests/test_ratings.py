"""Ratings: derived from the finished games in the order played, never typed in."""

from __future__ import annotations

import pytest

from scorekeeper import store
from scorekeeper.ratings import rate_all
from scorekeeper.store import ratings, summaries
from scorekeeper.store.db import open_instance

WIN = [{"bids": [4, 3, 4, 2], "tricks": [4, 3, 4, 2]}] * 5  # Ann & Cho +80 a hand: 400, over
LOSS = [{"bids": [2, 4, 2, 5], "tricks": [2, 4, 2, 5]}] * 5  # Ben & Dee +90 a hand


@pytest.fixture
def db(tmp_path):
    db = open_instance(tmp_path / "scorekeeper.db")
    yield db
    db.close()


def club(db):
    """The club's evening: a rating counts the games of evenings only."""
    found = db.execute("SELECT id FROM evenings").fetchone()
    return found[0] if found else store.create_evening(db, "Club night", "organiser")


def game(db, hands, players=("Ann", "Ben", "Cho", "Dee"), evening=True):
    return store.create_game(
        db,
        "yahoo-normal",
        list(players),
        options={"target": 400},
        hands=hands,
        evening=club(db) if evening else None,
    )


def test_the_winners_go_up_and_an_edited_result_moves_them_back(db):
    first = game(db, WIN)
    after_win = ratings.ratings_of(db, "spades")
    assert after_win["ann"].figure > after_win["ben"].figure
    assert after_win["ann"].figure == after_win["cho"].figure  # partners move together
    assert after_win["ann"].provisional and after_win["ann"].games == 1
    # The same game's result turned round: every hand Ben & Dee's.
    for number in range(1, 6):
        store.replace_hand(db, first, number, LOSS[0], version=None)
    turned = ratings.ratings_of(db, "spades")
    assert turned["ben"].figure > turned["ann"].figure
    assert turned["ben"].figure == pytest.approx(after_win["ann"].figure)
    store.delete_game(db, first)
    assert ratings.ratings_of(db, "spades") == {}


def test_ratings_kept_with_the_games_agree_with_rating_them_all_again(db, monkeypatch):
    seats = [
        ("Ann", "Ben", "Cho", "Dee"),
        ("Ann", "Eve", "Ben", "Fay"),
        ("Cho", "Fay", "Dee", "Eve"),
    ]
    for n in range(6):
        game(db, WIN if n % 3 else LOSS, seats[n % 3])
    game(db, WIN[:2])  # not over: not rated
    kept = ratings.ratings_of(db, "spades")
    state = db.execute("SELECT stale FROM rating_state WHERE kind = 'spades'").fetchone()
    assert state == (0,)  # each game was rated as it ended, none replayed
    rows = db.execute(
        "SELECT sides, places FROM game_summaries WHERE places IS NOT NULL ORDER BY ended"
    ).fetchall()
    import json

    again = rate_all([(json.loads(s), json.loads(p)) for s, p in rows])
    assert {k: (round(r.mu, 9), r.games) for k, r in kept.items()} == {
        k: (round(r.mu, 9), r.games) for k, r in again.items()
    }
    assert kept["ann"].games == 4 and kept["ann"].provisional
    # Other code made them: worked out again, to the same figures.
    monkeypatch.setattr(summaries, "stamp", lambda: "9.9+another-engine")
    assert ratings.ratings_of(db, "spades") == kept


def test_stats_json_gains_each_players_rating(tmp_path):
    import json

    from .conftest import run_cli

    env = {"SCOREKEEPER_INSTANCE": str(tmp_path)}
    db = open_instance(tmp_path / "scorekeeper.db")
    for players in (["Ann", "Ben", "Cho", "Dee"], ["Ann", "Eve", "Cho", "Fay"]):
        game(db, WIN, players)
    game(db, LOSS, ["Ann", "Ben", "Cho", "Dee"], evening=False)  # a phone's own: not rated
    db.close()
    done = run_cli("stats", "--json", env=env)
    assert done.returncode == 0, done.stderr
    players = {p["name"]: p for p in json.loads(done.stdout)["players"]}
    ann, ben = players["Ann"]["rating"]["spades"], players["Ben"]["rating"]["spades"]
    assert ann["games"] == 2 and ann["provisional"] and ann["rating"] > ben["rating"]
    assert ann["rating"] == pytest.approx(ann["mu"] - 3 * ann["sigma"], abs=0.01)
    assert {"name", "games", "won", "hands", "nil", "blind_nil", "moons"} <= players["Ann"].keys()


def test_the_ratings_of_more_players_than_sqlite_takes_parameters_are_read(db):
    # A players page of one kind asks for every listed player's rating: SQLite takes at
    # most 32,766 parameters a statement, and a club's years may name more players.
    game(db, WIN)
    asked = ["ann", "ben"] + [f"guest {n}" for n in range(40_000)]
    found = ratings.ratings_of(db, "spades", asked)
    assert set(found) == {"ann", "ben"}
    assert found["ann"].figure > found["ben"].figure


def test_a_game_outside_any_evening_moves_no_rating_until_it_joins_one(db):
    # A phone's own game is private: a rating counting it would tell every phone its
    # result. It counts once it is in an evening (the club's), and not after it leaves.
    game(db, WIN)
    before = ratings.ratings_of(db, "spades")
    private = game(db, LOSS, evening=False)
    assert ratings.ratings_of(db, "spades") == before
    store.move_game(db, private, club(db), by=None)
    joined = ratings.ratings_of(db, "spades")
    assert joined["ann"].games == 2 and joined["ben"].figure > before["ben"].figure
    store.move_game(db, private, None, by=None)
    assert ratings.ratings_of(db, "spades") == before
