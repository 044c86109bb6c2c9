"""A table that dealt out of turn: a hand names its real dealer (GAME-FORMAT: "dealer"),
the hands after it rotate from that seat, and the rules tied to the dealer follow it."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from scorekeeper import store
from scorekeeper.engine import GameError, HandError, game_to_json, load_game, score_game
from scorekeeper.store.db import migrate, open_database

NAMES = ["Ann", "Ben", "Cho", "Dee"]
# Dealt "down" from 7 cards: hands 1, 2, 3 have 7, 6, 5 cards.
ZERO = [
    {"bids": [0, 0, 0, 0], "tricks": [7, 0, 0, 0]},
    {"bids": [0, 0, 0, 0], "tricks": [6, 0, 0, 0]},
]


def oh_hell(hands, **top):
    return {
        "game": "oh-hell",
        "ruleset": "oh-hell",
        "players": NAMES,
        "options": {"deal": "down", "max_cards": 7},
        "hands": hands,
        **top,
    }


def test_the_hook_binds_the_dealer_a_hand_names():
    # Bids adding up to the 5 cards of hand 3: the hook names the dealer's bid. In turn
    # Cho (seat 2) deals hand 3, and her 2 is refused …
    even = {"bids": [1, 1, 2, 1], "tricks": [5, 0, 0, 0]}
    with pytest.raises(HandError) as error:
        score_game(load_game(oh_hell([*ZERO, even])))
    assert str(error.value) == "hand 3: the dealer may not bid 2: the bids would add up to 5"
    assert error.value.seat == 2
    # … but Dee (seat 3) really dealt it: hers is the bid the hook refuses.
    with pytest.raises(HandError) as error:
        score_game(load_game(oh_hell([*ZERO, {**even, "dealer": 3}])))
    assert str(error.value) == "hand 3: the dealer may not bid 1: the bids would add up to 5"
    assert error.value.seat == 3
    fine = {"bids": [1, 1, 2, 2], "tricks": [5, 0, 0, 0], "dealer": 3}
    assert len(score_game(load_game(oh_hell([*ZERO, fine]))).hands) == 3


def test_later_hands_rotate_from_the_real_dealer_and_the_file_keeps_it():
    hands = [*ZERO, {"bids": [1, 1, 2, 2], "tricks": [5, 0, 0, 0], "dealer": 3}]
    # Hand 4 (4 cards) is dealt by seat 0, left of Dee: seat 0's bid is the hooked one.
    hands.append({"bids": [1, 1, 1, 1], "tricks": [4, 0, 0, 0]})
    with pytest.raises(HandError) as error:
        score_game(load_game(oh_hell(hands)))
    assert str(error.value) == "hand 4: the dealer may not bid 1: the bids would add up to 4"
    hands[-1] = {"bids": [0, 1, 1, 1], "tricks": [4, 0, 0, 0]}
    game = load_game(oh_hell(hands))
    assert [game.dealer(n) for n in range(1, 6)] == [0, 1, 3, 0, 1]
    written = game_to_json(game)
    assert [h.get("dealer") for h in written["hands"]] == [None, None, 3, None]
    assert load_game(written).dealers == game.dealers


@pytest.mark.parametrize("seat", [4, -1, "1", True, 1.5])
def test_a_named_dealer_must_be_a_seat(seat):
    with pytest.raises(HandError) as error:
        load_game(oh_hell([{**ZERO[0], "dealer": seat}]))
    assert str(error.value).startswith("hand 1: 'dealer' must be a seat from 0 to 3, got ")


def test_scorekeeper_score_follows_the_real_dealer(tmp_path):
    path = tmp_path / "game.json"
    even = {"bids": [1, 1, 2, 1], "tricks": [5, 0, 0, 0], "dealer": 3}
    path.write_text(json.dumps(oh_hell([*ZERO, even])))
    run = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "score", str(path)], capture_output=True, text=True
    )
    assert run.returncode == 2
    assert run.stderr.strip() == "hand 3: the dealer may not bid 1: the bids would add up to 5"
    fixed = oh_hell([*ZERO, {"bids": [1, 1, 2, 2], "tricks": [5, 0, 0, 0], "dealer": 3}])
    path.write_text(json.dumps(fixed))
    run = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "score", str(path)], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    bad = oh_hell([{**ZERO[0], "dealer": 7}])
    path.write_text(json.dumps(bad))
    run = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "score", str(path)], capture_output=True, text=True
    )
    assert run.returncode == 2
    assert run.stderr.strip() == "hand 1: 'dealer' must be a seat from 0 to 3, got 7"


@pytest.fixture
def db(tmp_path):
    database = open_database(tmp_path / "test.db")
    migrate(database)
    yield database
    database.close()


def test_a_dealer_corrected_for_the_next_hand_is_written_into_it(db):
    game_id = store.import_game(db, oh_hell(ZERO))
    stored = store.get_game(db, game_id)
    store.set_bids(db, game_id, [1, 1, 1, 1], version=stored.version)
    store.correct_dealer(db, game_id, 3, 3, version=stored.version + 1)
    stored = store.get_game(db, game_id)
    assert stored.pending_bids is None  # given in the wrong order: entered again
    assert [stored.dealer(n) for n in (3, 4)] == [3, 0]
    store.add_hand(db, game_id, {"bids": [1, 1, 2, 2], "tricks": [5, 0, 0, 0]}, version=None)
    exported = store.export_game(db, game_id)
    assert exported["hands"][2]["dealer"] == 3
    assert store.get_game(db, game_id).next_dealer is None
    history = store.game_history(db, game_id)
    assert next(e for e in history if e["action"] == "dealer_corrected")["detail"] == {
        "before": "Cho",
        "after": "Dee",
    }


def test_a_dealer_corrected_for_a_past_hand_rescores_and_an_edit_keeps_it(db):
    game_id = store.import_game(
        db, oh_hell([*ZERO, {"bids": [1, 1, 1, 1], "tricks": [5, 0, 0, 0]}])
    )
    # A seat outside the game is refused, and nothing is half-written.
    with pytest.raises(GameError):
        store.correct_dealer(db, game_id, 2, 4, version=None)
    assert store.get_game(db, game_id).dealer(2) == 1
    store.correct_dealer(db, game_id, 2, 3, version=None)  # Dee dealt hand 2
    stored = store.get_game(db, game_id)
    assert [stored.dealer(n) for n in (1, 2, 3, 4)] == [0, 3, 0, 1]
    store.replace_hand(
        db, game_id, 2, {"bids": [0, 0, 0, 0], "tricks": [6, 0, 0, 0]}, version=None
    )
    assert store.get_game(db, game_id).hands[1]["dealer"] == 3


def test_a_repeated_submission_gets_the_first_answer_and_no_second_hand(db):
    game_id = store.import_game(db, oh_hell([]))
    version = store.get_game(db, game_id).version
    hand = {"bids": [0, 0, 0, 0], "tricks": [7, 0, 0, 0]}
    once = store.Submission("tok-1", "/g/x/hands/1", "tricks 1")
    store.add_hand(db, game_id, hand, version=version, submission=once)
    with pytest.raises(store.Repeated) as repeated:
        store.add_hand(db, game_id, hand, version=version, submission=once)
    assert repeated.value.answer == "/g/x/hands/1"
    assert len(store.get_game(db, game_id).hands) == 1
    assert store.answered(db, "tok-1", game_id, "tricks 1") == "/g/x/hands/1"
    assert store.answered(db, "tok-2", game_id, "tricks 1") is None
    # Bound to its game and step: anywhere else it is refused, not answered as stored.
    other = store.import_game(db, oh_hell([]))
    with pytest.raises(store.ForeignToken):
        store.add_hand(db, other, hand, version=1, submission=once)
    with pytest.raises(store.ForeignToken):
        store.add_hand(
            db,
            game_id,
            hand,
            version=version + 1,
            submission=store.Submission("tok-1", "/g/x/hands/2", "another step"),
        )
    assert store.get_game(db, other).hands == () and len(store.get_game(db, game_id).hands) == 1
