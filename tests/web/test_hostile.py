"""Hostile and careless input: each bad request gets a 4xx and a clear message, and the
database is byte-for-byte unchanged (hashed after a WAL checkpoint) where it is refused.

Runs with CSRF protection on, as the app runs for real.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import re
import sqlite3
from typing import Any

import pytest
from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from scorekeeper import store
from scorekeeper.limits import MAX_HANDS
from scorekeeper.store.db import open_database
from scorekeeper.web import create_app

from .conftest import option_fields, setup_form


def fingerprint(path: str) -> str:
    """Everything the database holds, but the wrong PINs counted (a wrong PIN is refused
    and changes nothing else: counting it is what limits guessing)."""
    with contextlib.closing(sqlite3.connect(path)) as conn:
        lines = [line for line in conn.iterdump() if '"pin_misses"' not in line]
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def token_from(page: str) -> str:
    found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert found, "page has a form"
    return found.group(1)


class Table:
    """A client with CSRF on, games in known states, and helpers to post to them."""

    def __init__(self, tmp_path) -> None:
        self.app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path)})
        self.client = self.app.test_client()
        self.db = open_database(self.app.config["DATABASE"])
        self.token = token_from(self.client.get("/new/yahoo-normal").get_data(as_text=True))
        self.games: dict[str, str] = {}

    def start(self, name: str, ruleset: str, **kwargs: Any) -> str:
        data = {**setup_form(ruleset, **kwargs), "csrf_token": self.token}
        response = self.client.post(f"/new/{ruleset}", data=data)
        assert response.status_code == 303, response.get_data(as_text=True)
        self.games[name] = response.headers["Location"].rsplit("/", 1)[1]
        return self.games[name]

    def version(self, name: str) -> str:
        return str(store.get_game(self.db, self.games[name]).version)

    def post(
        self, url: str, data: dict[str, Any], *, token: bool = True, version_of: str | None = None
    ):
        body = dict(data)
        if token:
            body["csrf_token"] = self.token
        if version_of:
            body["version"] = self.version(version_of)
        return self.client.post(url, data=body)


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    t = Table(tmp_path_factory.mktemp("hostile"))
    db = t.db
    t.start("normal", "yahoo-normal")
    store.add_hand(
        db, t.games["normal"], {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}, version=None
    )
    store.add_hand(
        db, t.games["normal"], {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}, version=None
    )
    t.start("playing", "yahoo-normal")
    store.set_bids(db, t.games["playing"], [3, 3, 3, 3], version=None)
    for name, ruleset in [("barmore", "joker-barmore"), ("pagat", "pagat-standard"), ("dan", "dan-brad"),
                          ("suicide", "yahoo-suicide"), ("mirror", "yahoo-mirror"), ("akagiri", "akagiri-standard"),
                          ("hearts", "hearts-standard"), ("spitzer", "spitzer")]:  # fmt: skip
        t.start(name, ruleset)
    for name, doc in [("full", FULL_SPADES), ("full hearts", FULL_HEARTS)]:
        response = t.post("/import", {"text": json.dumps(doc)})
        assert response.status_code == 303, response.get_data(as_text=True)
        t.games[name] = response.headers["Location"].rsplit("/", 1)[1]
    t.start("over", "yahoo-normal", changes={"target": 50})
    store.add_hand(
        db, t.games["over"], {"bids": [6, 3, 0, 3], "tricks": [7, 3, 0, 3]}, version=None
    )
    return t


# Games that hold as many hands as a game may.
FULL_SPADES = {
    "ruleset": "yahoo-normal",
    "options": {"target": 10_000_000},
    "players": list("ABCD"),
    "hands": [{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}] * MAX_HANDS,
}
FULL_HEARTS = {
    "ruleset": "hearts-standard",
    "options": {"target": 10_000_000},
    "players": list("ABCD"),
    "hands": [{"hearts": [3, 3, 3, 4], "queen_of_spades": 0}] * MAX_HANDS,
}


def upload(table: Table, content: bytes):
    """Post a file to the import page (the body encoded here: the test client keeps one
    over 500 KB in a temporary file it never closes)."""
    boundary, body = encode_multipart(
        {"file": FileStorage(io.BytesIO(content), "game.json"), "csrf_token": table.token}
    )
    return table.client.post(
        "/import", data=body, content_type=f"multipart/form-data; boundary={boundary}"
    )


def bids(**seats: Any) -> dict[str, str]:
    return {f"bid_{k[1:]}": str(v) for k, v in seats.items()}


OK_BIDS = {"bid_0": "3", "bid_1": "3", "bid_2": "3", "bid_3": "3"}
OK_TRICKS = {"tricks_0": "4", "tricks_1": "3", "tricks_2": "3", "tricks_3": "3"}
HUGE = "9" * 40
LONG_ID = "a" * 300  # longer than a file name may be


def g(table: Table, name: str) -> str:
    return table.games[name]


# (case, request maker, expected status, expected words in the answer)
CASES = [
    ("bids without a CSRF token", lambda t: t.post(f"/g/{g(t,'normal')}/bids", OK_BIDS, token=False, version_of="normal"), 400, "This form had expired"),
    ("bids with a wrong CSRF token", lambda t: t.client.post(f"/g/{g(t,'normal')}/bids", data={**OK_BIDS, "csrf_token": "forged", "version": t.version("normal")}), 400, "This form had expired"),
    ("tricks without a CSRF token", lambda t: t.post(f"/g/{g(t,'playing')}/tricks", OK_TRICKS, token=False, version_of="playing"), 400, "This form had expired"),
    ("new game without a CSRF token", lambda t: t.client.post("/new/yahoo-normal", data=setup_form("yahoo-normal")), 400, "This form had expired"),
    ("import without a CSRF token", lambda t: t.client.post("/import", data={"text": json.dumps({"ruleset": "yahoo-normal", "players": list("ABCD")})}), 400, "expired"),
    ("delete without a CSRF token", lambda t: t.post(f"/g/{g(t,'normal')}/hands/2/delete", {}, token=False, version_of="normal"), 400, "This form had expired"),
    ("raise target without a CSRF token", lambda t: t.post(f"/g/{g(t,'over')}/target", {"target": "500"}, token=False, version_of="over"), 400, "The target was not changed"),
    ("rule change without a CSRF token", lambda t: t.post(f"/g/{g(t,'normal')}/rules/change", {**option_fields("yahoo-normal", {"nil_points": 50}), "agreed": "y", "from_hand": "next"}, token=False, version_of="normal"), 400, "This form had expired"),
    ("PIN without a CSRF token", lambda t: t.client.post(f"/g/{g(t,'normal')}/pin", data={"pin": "123456"}), 400, "Enter the PIN again"),
    ("a bid that is a word", lambda t: t.post(f"/g/{g(t,'normal')}/bids", {**OK_BIDS, "bid_2": "abc"}, version_of="normal"), 400, "is not a number or one of"),
    ("a negative bid", lambda t: t.post(f"/g/{g(t,'normal')}/bids", {**OK_BIDS, "bid_2": "-1"}, version_of="normal"), 400, "is not a number or one of"),
    ("a huge bid", lambda t: t.post(f"/g/{g(t,'normal')}/bids", {**OK_BIDS, "bid_2": HUGE}, version_of="normal"), 400, "is outside 0–13"),
    ("a fractional bid", lambda t: t.post(f"/g/{g(t,'normal')}/bids", {**OK_BIDS, "bid_2": "3.5"}, version_of="normal"), 400, "is not a number or one of"),
    ("a missing bid", lambda t: t.post(f"/g/{g(t,'normal')}/bids", {"bid_0": "3", "bid_1": "3", "bid_2": "3"}, version_of="normal"), 400, "Choose Dee"),
    ("negative tricks", lambda t: t.post(f"/g/{g(t,'playing')}/tricks", {**OK_TRICKS, "tricks_1": "-2"}, version_of="playing"), 400, "Tricks are a number from 0 to 13"),
    ("huge tricks", lambda t: t.post(f"/g/{g(t,'playing')}/tricks", {**OK_TRICKS, "tricks_1": HUGE}, version_of="playing"), 400, "Tricks are a number from 0 to 13"),
    ("tricks that are a word", lambda t: t.post(f"/g/{g(t,'playing')}/tricks", {**OK_TRICKS, "tricks_1": "x"}, version_of="playing"), 400, "Tricks are a number from 0 to 13"),
    ("tricks not adding up", lambda t: t.post(f"/g/{g(t,'playing')}/tricks", {**OK_TRICKS, "tricks_1": "2"}, version_of="playing"), 400, "Tricks add up to 12; a hand has 13"),
    ("a version that is a word", lambda t: t.post(f"/g/{g(t,'normal')}/bids", {**OK_BIDS, "version": "abc"}), 400, "lost the game&#39;s version"),
    ("no version at all", lambda t: t.post(f"/g/{g(t,'normal')}/bids", OK_BIDS), 400, "lost the game&#39;s version"),
    ("nil where the rules have none", lambda t: t.post(f"/g/{g(t,'barmore')}/bids", {**OK_BIDS, "bid_0": "nil"}, version_of="barmore"), 400, "not allowed by these rules"),
    ("blind nil when not far enough behind", lambda t: t.post(f"/g/{g(t,'pagat')}/bids", {**OK_BIDS, "bid_0": "blind_nil"}, version_of="pagat"), 400, "needs the side to be 100 behind"),
    ("a team bid below the minimum", lambda t: t.post(f"/g/{g(t,'dan')}/bids", {**OK_BIDS, "bid_0": "1", "bid_2": "1"}, version_of="dan"), 400, "the partnership must bid at least 4"),
    ("a Suicide partnership without a nil", lambda t: t.post(f"/g/{g(t,'suicide')}/bids", {**OK_BIDS, "bid_1": "nil"}, version_of="suicide"), 400, "must include at least one nil bid"),
    ("Mirror bids that do not total 13", lambda t: t.post(f"/g/{g(t,'mirror')}/bids", OK_BIDS, version_of="mirror"), 400, "Mirror bids must total 13"),
    ("two numbers in one team-total partnership", lambda t: t.post(f"/g/{g(t,'akagiri')}/bids", OK_BIDS, version_of="akagiri"), 400, "the team&#39;s number stands on one partner"),
    ("a name of 10,000 characters", lambda t: t.post("/new/yahoo-normal", {**setup_form("yahoo-normal"), "player_1": "x" * 10_000}), 400, "A name can be at most 40 characters; this one has 10000"),
    ("a name with a text-direction override", lambda t: t.post("/new/yahoo-normal", {**setup_form("yahoo-normal"), "player_1": "\u202eevil"}), 400, "A name cannot hold control characters or text-direction overrides"),
    ("a name of zero-width spaces", lambda t: t.post("/new/yahoo-normal", {**setup_form("yahoo-normal"), "player_1": "\u200b\u200b"}), 400, "A name needs at least one visible letter"),
    ("an imported name of 100 KB", lambda t: t.post("/import", {"text": json.dumps({"ruleset": "yahoo-normal", "players": ["x" * 100_000, "B", "C", "D"]})}), 400, "the player in seat 0: a name can be at most 40 characters"),
    ("imported names alike but for case", lambda t: t.post("/import", {"text": json.dumps({"ruleset": "yahoo-normal", "players": ["Bob", "bob", "C", "D"]})}), 400, "the players in seats 0 and 1 have the same name"),
    ("an imported name with a control character", lambda t: t.post("/import", {"text": json.dumps({"ruleset": "yahoo-normal", "players": ["A\x1b[2J", "B", "C", "D"]})}), 400, "a name cannot hold control characters"),
    ("empty names", lambda t: t.post("/new/yahoo-normal", {**setup_form("yahoo-normal"), "player_1": "", "player_2": ""}), 400, "Enter a different name for each of the 4 players"),
    ("a name of spaces", lambda t: t.post("/new/yahoo-normal", {**setup_form("yahoo-normal"), "player_3": "   "}), 400, "Enter a different name for each of the 4 players"),
    ("a target that is a word", lambda t: t.post("/new/yahoo-normal", {**setup_form("yahoo-normal"), "opt_target": "lots"}), 400, "Enter a whole number, like 10 or -50."),
    ("three players in a partnership", lambda t: t.post("/new/yahoo-normal", setup_form("yahoo-normal", changes={"players": 3})), 400, "A partnership game needs 4 players"),
    ("an unknown ruleset", lambda t: t.post("/new/yahoo-norml", setup_form("yahoo-normal")), 404, "There is no ruleset called yahoo-norml"),
    ("an unknown game", lambda t: t.client.get("/g/no-such-game"), 404, "There is no game at this address"),
    ("bids for an unknown game", lambda t: t.post("/g/no-such-game/bids", {**OK_BIDS, "version": "0"}), 404, "There is no game at this address"),
    ("editing a hand that does not exist", lambda t: t.client.get(f"/g/{g(t,'normal')}/hands/7/edit"), 404, "This game has no hand 7"),
    ("posting an edit of a hand that does not exist", lambda t: t.post(f"/g/{g(t,'normal')}/hands/7/edit", {**OK_BIDS, **OK_TRICKS}, version_of="normal"), 404, "This game has no hand 7"),
    ("deleting a hand that is not the last", lambda t: t.post(f"/g/{g(t,'normal')}/hands/1/delete", {}, version_of="normal"), 404, "Only the last hand can be deleted"),
    ("a hand after the game ended", lambda t: t.post(f"/g/{g(t,'over')}/bids", OK_BIDS, version_of="over"), 409, "The game is over"),
    ("bids with a stale version (a replayed post)", lambda t: t.post(f"/g/{g(t,'normal')}/bids", {**OK_BIDS, "version": "0"}), 409, "Someone else changed this game first"),
    ("an edit with a stale version", lambda t: t.post(f"/g/{g(t,'normal')}/hands/1/edit", {**OK_BIDS, **OK_TRICKS, "by": "player", "version": "0"}), 409, "Someone else changed this game first"),
    ("confirming in a game without confirmation", lambda t: t.post(f"/g/{g(t,'normal')}/hands/1/confirm", {"by": "Ben"}, version_of="normal"), 404, ""),
    ("an import that is not JSON", lambda t: t.post("/import", {"text": "{nope"}), 400, "not valid JSON"),
    ("an import whose hand is wrong", lambda t: t.post("/import", {"text": json.dumps({"ruleset": "yahoo-normal", "players": list("ABCD"), "hands": [{"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 3]}]})}), 400, "hand 1: tricks add up to 12, expected 13"),
    ("an import of an unknown ruleset", lambda t: t.post("/import", {"text": json.dumps({"ruleset": "nope", "players": list("ABCD")})}), 400, "unknown ruleset"),
    ("lowering the target", lambda t: t.post(f"/g/{g(t,'over')}/target", {"target": "10"}, version_of="over"), 400, "The new target must be above 50"),
    ("a rule change nobody agreed to", lambda t: t.post(f"/g/{g(t,'normal')}/rules/change", {**option_fields("yahoo-normal", {"nil_points": 50}), "from_hand": "next"}, version_of="normal"), 400, "Tick the box to confirm"),
    ("changing the players mid-game", lambda t: t.post(f"/g/{g(t,'normal')}/rules/change", {**option_fields("yahoo-normal", {"partnership": False}), "from_hand": "next", "agreed": "y"}, version_of="normal"), 400, "cannot change during a game"),
    ("a wrong PIN", lambda t: t.post(f"/g/{g(t,'normal')}/pin", {"pin": "abcdef"}), 403, "That PIN is not right"),
    ("Hearts that do not total 13", lambda t: t.post(f"/g/{g(t,'hearts')}/play", {"hearts_0": "3", "hearts_1": "4", "hearts_2": "5", "hearts_3": "0", "queen_of_spades": "1"}, version_of="hearts"), 400, "Hearts add up to 12, expected 13"),
    ("Spitzer card points over 120", lambda t: t.post(f"/g/{g(t,'spitzer')}/play", {"contract": "zola", "declarers": "1", "points": "130", "tricks": "5"}, version_of="spitzer"), 400, "Card points are a number from 0 to 120"),
    ("GET on a POST-only route", lambda t: t.client.get(f"/g/{g(t,'over')}/target"), 405, ""),
    ("a 2 MB import", lambda t: t.post("/import", {"text": "x" * 2_000_000}), 413, "A game file can be at most 1,024 KB"),
    ("a 2 MB file uploaded", lambda t: upload(t, b" " * 2_000_000), 413, "A game file can be at most 1,024 KB"),
    ("an import just over 1 MB", lambda t: t.post("/import", {"text": json.dumps(FULL_SPADES) + " " * 1024 * 1024}), 413, "a game file can be at most 1,024 KB; this one is 1,"),
    ("a house rules file just over 1 MB", lambda t: t.post("/rules/house/import", {"text": json.dumps({"format": "scorekeeper-rules/1", "id": "big", "name": "Big", "game": "spades", "base": "yahoo-normal", "options": {}}) + " " * 1024 * 1024}), 413, "a house rules file can be at most 1,024 KB; this one is 1,"),
    ("a 2 MB house rules file", lambda t: t.post("/rules/house/import", {"text": "x" * 2_000_000}), 413, "A house rules file can be at most 1,024 KB"),
    ("an import of one hand too many", lambda t: t.post("/import", {"text": json.dumps({**FULL_SPADES, "hands": FULL_SPADES["hands"] * 2})}), 400, f"a game can hold at most {MAX_HANDS} hands; this one has {2 * MAX_HANDS}"),
    ("a 2 MB bids form", lambda t: t.post(f"/g/{g(t,'normal')}/bids", {**OK_BIDS, "bid_2": "9" * 2_000_000}, version_of="normal"), 413, "nothing larger can be sent"),
    ("the bids page of a game at its most hands", lambda t: t.client.get(f"/g/{g(t,'full')}/bids"), 409, f"This game holds {MAX_HANDS} hands, the most one game can"),
    ("bids for one hand too many", lambda t: t.post(f"/g/{g(t,'full')}/bids", OK_BIDS, version_of="full"), 409, f"This game holds {MAX_HANDS} hands"),
    ("a Hearts hand too many", lambda t: t.post(f"/g/{g(t,'full hearts')}/play", {"hearts_0": "3", "hearts_1": "3", "hearts_2": "3", "hearts_3": "rest", "queen_of_spades": "1"}, version_of="full hearts"), 409, f"This game holds {MAX_HANDS} hands"),
    # Characters str.isdigit() passes but int() refuses (², ³) or reads as another digit (١).
    ("a bid of ²", lambda t: t.post(f"/g/{g(t,'normal')}/bids", {**OK_BIDS, "bid_2": "²"}, version_of="normal"), 400, "is not a number or one of"),
    ("a blind bid of ١", lambda t: t.post(f"/g/{g(t,'normal')}/bids", {**OK_BIDS, "bid_2": "blind ١"}, version_of="normal"), 400, "is not a number or one of"),
    ("a team bid of ³", lambda t: t.post(f"/g/{g(t,'akagiri')}/bids", {**OK_BIDS, "bid_0": "team", "bid_2": "team", "team_0": "³"}, version_of="akagiri"), 400, "The team bid must be a number"),
    ("tricks of ³", lambda t: t.post(f"/g/{g(t,'playing')}/tricks", {**OK_TRICKS, "tricks_1": "³"}, version_of="playing"), 400, "Tricks are a number from 0 to 13"),
    ("team tricks of ²", lambda t: t.post(f"/g/{g(t,'playing')}/tricks", {"team_tricks_0": "²", "team_tricks_1": "6", "by": "team"}, version_of="playing"), 400, "Tricks are a number from 0 to 13"),
    ("tricks of 5,000 digits", lambda t: t.post(f"/g/{g(t,'playing')}/tricks", {**OK_TRICKS, "tricks_1": "9" * 5000}, version_of="playing"), 400, "Tricks are a number from 0 to 13"),
    ("hearts taken of ²", lambda t: t.post(f"/g/{g(t,'hearts')}/play", {"hearts_0": "²", "hearts_1": "4", "hearts_2": "5", "hearts_3": "rest", "queen_of_spades": "1"}, version_of="hearts"), 400, "Choose the hearts Ann took"),
    ("Q♠ taken by seat ١", lambda t: t.post(f"/g/{g(t,'hearts')}/play", {"hearts_0": "3", "hearts_1": "4", "hearts_2": "5", "hearts_3": "rest", "queen_of_spades": "١"}, version_of="hearts"), 400, "Choose who took"),
    ("Spitzer card points of ²", lambda t: t.post(f"/g/{g(t,'spitzer')}/play", {"contract": "zola", "declarers": "1", "points": "²", "tricks": "5"}, version_of="spitzer"), 400, "Card points are a number from 0 to 120"),
    ("Spitzer tricks of ³", lambda t: t.post(f"/g/{g(t,'spitzer')}/play", {"contract": "zola", "declarers": "1", "points": "70", "tricks": "³"}, version_of="spitzer"), 400, "Choose the tricks taken"),
    ("a Spitzer declarer of ²", lambda t: t.post(f"/g/{g(t,'spitzer')}/play", {"contract": "zola", "declarers": "²", "points": "70", "tricks": "5"}, version_of="spitzer"), 400, "Choose the declarer"),
    ("a version of ²", lambda t: t.post(f"/g/{g(t,'normal')}/bids", {**OK_BIDS, "version": "²"}), 400, "lost the game&#39;s version"),
    ("a version of ١", lambda t: t.post(f"/g/{g(t,'normal')}/bids", {**OK_BIDS, "version": "١"}), 400, "lost the game&#39;s version"),
    ("a Spitzer version of ³", lambda t: t.post(f"/g/{g(t,'spitzer')}/play", {"contract": "zola", "declarers": "1", "points": "70", "tricks": "5", "version": "³"}), 400, "lost the game&#39;s version"),
    ("an import nested 100,000 deep", lambda t: t.post("/import", {"text": "[" * 100_000 + "]" * 100_000}), 400, "nested too deeply"),
    ("an uploaded file nested 100,000 deep", lambda t: t.post("/import", {"file": (io.BytesIO(b'{"a":' * 50_000 + b"1" + b"}" * 50_000), "deep.json")}), 400, "nested too deeply"),
    ("an import nested 20 deep", lambda t: t.post("/import", {"text": json.dumps({"ruleset": "yahoo-normal", "players": list("ABCD"), "options": {"x": json.loads("[" * 20 + "]" * 20)}})}), 400, "nested too deeply"),
    ("an import with a 5,000-digit number", lambda t: t.post("/import", {"text": '{"ruleset": "yahoo-normal", "first_dealer": ' + "9" * 5000 + "}"}), 400, "not valid JSON"),
    ("a what-if under an unknown ruleset", lambda t: t.client.get(f"/g/{g(t,'normal')}/whatif?ruleset=nope"), 404, "There is no ruleset called nope"),
    # Five inputs that once gave 500 (trust, round four).
    ("a target of 400 digits", lambda t: t.post("/new/yahoo-normal", {**setup_form("yahoo-normal"), "opt_target": "9" * 400}), 400, "Enter a number from -100000 to 100000"),
    ("a negative target of 400 digits", lambda t: t.post("/new/yahoo-normal", {**setup_form("yahoo-normal"), "opt_target": "-" + "9" * 400}), 400, "Enter a number from -100000 to 100000"),
    ("a raised target of 400 digits", lambda t: t.post(f"/g/{g(t,'over')}/target", {"target": "9" * 400}, version_of="over"), 400, "The target was not changed"),
    ("a rule change of 400 digits", lambda t: t.post(f"/g/{g(t,'normal')}/rules/change", {**option_fields("yahoo-normal", {}), "opt_nil_points": "9" * 400, "agreed": "y", "from_hand": "next"}, version_of="normal"), 400, "Enter a number from -100000 to 100000"),
    ("house rules of 400 digits", lambda t: t.post("/rules/house/save?base=yahoo-normal", {**option_fields("yahoo-normal", {}), "opt_target": "9" * 400, "name": "Big", "rules_id": "big", "base": "yahoo-normal", "step": "save"}), 400, "Enter a number from -100000 to 100000"),
    ("a what-if of 400 digits", lambda t: t.client.get(f"/g/{g(t,'normal')}/whatif?ruleset=yahoo-normal&opt_target={'9' * 400}"), 400, "Enter a number from -100000 to 100000"),
    ("Hearts with 0 players", lambda t: t.post("/new/hearts-standard", {**setup_form("hearts-standard"), "opt_players": "0"}), 400, "Hearts is for 3, 4 or 5 players"),
    ("Hearts with -3 players", lambda t: t.post("/new/hearts-standard", {**setup_form("hearts-standard"), "opt_players": "-3"}), 400, "Hearts is for 3, 4 or 5 players"),
    ("a rule page of a 300-character id", lambda t: t.client.get(f"/rules/{LONG_ID}"), 404, "There is no ruleset called " + LONG_ID[:64] + "…"),
    ("a new game of a 300-character id", lambda t: t.client.get(f"/new/{LONG_ID}"), 404, "There is no ruleset called"),
    ("a new game posted to a 300-character id", lambda t: t.post(f"/new/{LONG_ID}", setup_form("yahoo-normal")), 404, "There is no ruleset called"),
    ("a scorecard of a 300-character id", lambda t: t.client.get(f"/rules/{LONG_ID}/scorecard.pdf"), 404, "There is no ruleset called"),
    ("comparing a 300-character id", lambda t: t.client.get(f"/rules/compare?ids=yahoo-normal&ids={LONG_ID}"), 400, "There is no ruleset called"),
    ("a what-if under a 300-character id", lambda t: t.client.get(f"/g/{g(t,'normal')}/whatif?ruleset={LONG_ID}"), 404, "There is no ruleset called"),
    ("an import of a 300-character id", lambda t: t.post("/import", {"text": json.dumps({"ruleset": LONG_ID, "players": list("ABCD")})}), 400, "unknown ruleset"),
    ("house rules based on a 300-character id", lambda t: t.post("/rules/house/import", {"text": json.dumps({"format": "scorekeeper-rules/1", "id": "mine", "name": "Mine", "game": "spades", "base": LONG_ID, "options": {}})}), 400, ""),
    ("a new-game link of 70 KB", lambda t: t.client.get("/new?ruleset=" + "a" * 70_000), 404, "There is no ruleset called"),
    ("a PIN in full-width digits", lambda t: t.post(f"/g/{g(t,'normal')}/pin", {"pin": "１２３４５６"}), 403, "That PIN is not right"),
    ("a PIN in Japanese", lambda t: t.post(f"/g/{g(t,'normal')}/pin", {"pin": "暗証番号"}), 403, "That PIN is not right"),
    ("a stranger opening a game", lambda t: t.app.test_client().get(f"/g/{g(t,'normal')}"), 403, "This game is private"),
    ("a watcher entering bids", lambda t: _watcher(t).post(f"/g/{g(t,'normal')}/bids", data={**OK_BIDS, "version": t.version("normal")}), 403, "may watch this game but not change it"),
]  # fmt: skip


def _watcher(table: Table):
    watcher = table.app.test_client()
    watcher.get(f"/w/{store.get_game(table.db, table.games['normal']).watch_token}")
    return watcher


def test_the_battery_is_large_enough():
    assert len(CASES) >= 40


@pytest.mark.parametrize(
    ("case", "request_maker", "status", "words"), CASES, ids=[c[0] for c in CASES]
)
def test_bad_request_is_refused_and_changes_nothing(table, case, request_maker, status, words):
    if case == "a watcher entering bids":
        watcher = _watcher(table)  # its grant is a write of its own, made before the snapshot
        before = fingerprint(table.app.config["DATABASE"])
        response = watcher.post(
            f"/g/{g(table, 'normal')}/bids", data={**OK_BIDS, "version": table.version("normal")}
        )
    else:
        before = fingerprint(table.app.config["DATABASE"])
        response = request_maker(table)
    assert response.status_code == status, response.get_data(as_text=True)[:2000]
    assert words in response.get_data(as_text=True)
    assert fingerprint(table.app.config["DATABASE"]) == before


def test_a_replayed_tricks_post_is_refused_after_the_first(table):
    data = {**OK_TRICKS, "csrf_token": table.token, "version": table.version("playing")}
    first = table.client.post(f"/g/{g(table, 'playing')}/tricks", data=data)
    assert first.status_code == 303
    before = fingerprint(table.app.config["DATABASE"])
    again = table.client.post(f"/g/{g(table, 'playing')}/tricks", data=data)
    assert again.status_code == 409
    assert "These tricks were already entered" in again.get_data(as_text=True)
    assert fingerprint(table.app.config["DATABASE"]) == before
    assert len(store.get_game(table.db, g(table, "playing")).hands) == 1


@pytest.mark.parametrize(
    "name",
    [
        "<img src=x onerror=alert(1)>",
        "</script><script>alert(1)</script>",
        "مريم",  # right to left
        "Zo\u00e9\u0301",  # combining accents (stored in NFC: é is one character)
        "山田\u3000太郎",
    ],
)
def test_names_are_shown_exactly_as_typed_and_never_executed(table, name):
    game_id = table.start(f"name-{name}", "yahoo-normal", names=[name, "Ben", "Cho", "Dee"])
    page = table.client.get(f"/g/{game_id}").get_data(as_text=True)
    escaped = (
        name.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("'", "&#39;")
        .replace('"', "&#34;")
    )
    assert escaped in page
    if "<" in name:
        assert name not in page
    assert store.get_game(table.db, game_id).players[0] == name


def test_a_number_int_cannot_read_keeps_everything_typed(table):
    """A "²" (str.isdigit() passes it) is refused beside its field; the rest is kept."""
    response = table.post(
        f"/g/{g(table, 'spitzer')}/play",
        {"contract": "zola", "declarers": "1", "points": "²", "tricks": "5"},
        version_of="spitzer",
    )
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert 'name="points" type="number" inputmode="numeric" min="0" max="120" value="²"' in page
    assert 'name="tricks" value="5" checked' in page
    assert 'name="contract" value="zola" checked' in page
    response = table.post(
        f"/g/{g(table, 'normal')}/bids", {**OK_BIDS, "bid_2": "³"}, version_of="normal"
    )
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert page.count('value="3" checked') == 3  # the three bids that could be read


# `next` as sent (already %-encoded) -> where the language switch goes back to. A browser
# drops tabs and line breaks anywhere in an address and reads "\" as "/": "/<TAB>/x" is
# "//x", another site.
LANGUAGE_SWITCHES = [
    ("/%09/evil.example/", "/"),
    ("/%0a/evil.example/", "/"),
    ("/%0d%0a/evil.example/", "/"),
    ("%09//evil.example/", "/"),
    ("%20//evil.example/", "/"),
    ("/%5c/evil.example/", "/"),
    ("%5c%5cevil.example/", "/"),
    ("/%5cevil.example/", "/"),
    ("//evil.example/", "/"),
    ("https://evil.example/", "/"),
    ("javascript:alert(1)", "/"),
    ("/%00/evil.example/", "/"),
    ("/" + "a" * 5000, "/"),
    ("/g/abc%0aSet-Cookie:%20x=1", "/g/abcSet-Cookie:%20x=1"),
    ("/rules/yahoo-normal?game=abc", "/rules/yahoo-normal?game=abc"),
    ("/new", "/new"),
]


@pytest.mark.parametrize(("sent", "lands"), LANGUAGE_SWITCHES)
def test_the_language_switch_goes_back_only_to_a_page_of_this_app(table, sent, lands):
    response = table.app.test_client().get(f"/lang/ja?next={sent}")
    assert response.status_code == 303
    assert response.headers["Location"] == lands
    assert "lang=ja" in response.headers["Set-Cookie"]


def test_a_long_address_is_not_sent_back_in_the_language_link(table):
    page = table.app.test_client().get("/rules/?x=" + "y" * 10_000).get_data(as_text=True)
    assert "y" * 3000 not in page
    assert 'href="/lang/ja?next=/rules/"' in page
