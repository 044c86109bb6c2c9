"""One rule for names, wherever a name enters: the new-game form, a game file imported
(web and `scorekeeper import`), renaming a player (web and `scorekeeper rename`), and
naming an evening."""

from __future__ import annotations

import json

import pytest

from scorekeeper import store
from scorekeeper.engine import GameError
from scorekeeper.limits import BadName, alike, clean_name, clean_players, looks_like
from scorekeeper.store.db import migrate, open_database
from scorekeeper.web import create_app

from .conftest import run_cli
from .web.conftest import setup_form, start_game

NAMES = ["Ann", "Ben", "Cho", "Dee"]
RLO = "\u202e"  # shows the text after it right to left: "evil" reads "live"


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("Ann", "Ann"),
        ("  Ann \t  Lee\n", "Ann Lee"),  # spaces collapse, the ends are trimmed
        ("山田", "山田"),
        ("ゾーイ", "ゾーイ"),
        ("山田\u3000太郎", "山田\u3000太郎"),  # a Japanese name's ideographic space stays
        ("Zoë", "Zoë"),
        ("Zoe\u0301", "Zo\u00e9"),  # a combining accent: one form (NFC), as typed on one key
        ("مريم", "مريم"),  # right-to-left script, no override
        ("O'Brien", "O'Brien"),
        (
            "\U0001f468\u200d\U0001f469\u200d\U0001f467",
            "\U0001f468\u200d\U0001f469\u200d\U0001f467",
        ),
        ("Ann\u200b", "Ann"),  # a zero-width space is dropped
        # Default-ignorable characters show nothing: dropped, so they make no second Ann.
        ("Ann\u200d", "Ann"),  # a zero-width joiner outside an emoji
        ("A\u200fnn", "Ann"),  # a right-to-left mark
        ("An\u034fn", "Ann"),  # a combining grapheme joiner
        ("Ann\ufe0f", "Ann"),  # a variation selector
        ("Ann\u180b", "Ann"),  # a Mongolian variation selector
        ("Ann\U000e0041\U000e007f", "Ann"),  # tag characters
        ("Ann \u200c Lee", "Ann Lee"),
        # Where a joiner shapes the letters around it, it shows: it stays.
        (
            "\u0646\u06cc\u06a9\u200c\u0646\u0627\u0645",
            "\u0646\u06cc\u06a9\u200c\u0646\u0627\u0645",
        ),
        ("\u0dc1\u0dca\u200d\u0dbb\u0dd3", "\u0dc1\u0dca\u200d\u0dbb\u0dd3"),  # Sinhala "Sri"
        ("\u0915\u094d\u200c\u0937", "\u0915\u094d\u200c\u0937"),  # Devanagari, no ligature
        ("x" * 40, "x" * 40),
    ],
)
def test_names_any_script_and_accent_are_kept(typed, stored):
    assert clean_name(typed) == stored


@pytest.mark.parametrize(
    ("typed", "why"),
    [
        ("", "visible"),
        ("   ", "visible"),
        ("\u200b\u200b", "visible"),  # zero-width only
        ("\u200d\u2060\ufeff", "visible"),
        ("\u3164", "visible"),  # a Hangul filler: a letter that shows as nothing
        ("\u0301", "visible"),
        ("\u2800", "visible"),  # the braille blank alone
        ("Ann\u2800", "shows as blank space"),  # beside "Ann": a second "Ann"
        ("An\u2800n", "shows as blank space"),
        (f"{RLO}evil", "text-direction overrides"),
        ("Ann\u2066Lee", "text-direction overrides"),
        ("Ann\u202aLee", "text-direction overrides"),
        ("Ann\x00", "control characters"),
        ("Ann\x1b[31m", "control characters"),
        ("Ann\ud800", "control characters"),  # a lone surrogate (JSON can say "\ud800")
        ("x" * 41, "at most 40 characters; this one has 41"),
        ("x" * 100_000, "at most 40 characters"),
        (None, "text"),
    ],
)
def test_names_the_rule_refuses(typed, why):
    with pytest.raises(BadName, match=why):
        clean_name(typed)


@pytest.fixture
def db(tmp_path):
    database = open_database(tmp_path / "test.db")
    migrate(database)
    yield database
    database.close()


def game_file(players):
    return {"ruleset": "yahoo-normal", "players": players, "hands": []}


@pytest.mark.parametrize(
    ("players", "why"),
    [
        (["x" * 100_000, "Ben", "Cho", "Dee"], "seat 0: a name can be at most 40 characters"),
        (["Bob", "bob", "Cho", "Dee"], "seats 0 and 1 have the same name 'bob'"),
        (["Ann", "Ben", " CHO ", "cho"], "seats 2 and 3 have the same name 'cho'"),
        (["Ann", f"{RLO}evil", "Cho", "Dee"], "seat 1: a name cannot hold control characters"),
        (["Ann", "Ben", "Cho\n\x07", "Dee"], "seat 2: a name cannot hold control characters"),
        (["Ann", "Ben", "Cho", "\u200b"], "seat 3: a name needs at least one visible"),
        (["Ann", "Ann\u200d", "Cho", "Dee"], "seats 0 and 1 have the same name 'Ann'"),
        (["Ann", "Ben", "Zoe\u0301", "Zo\u00e9"], "seats 2 and 3 have the same name"),
        (["Ann", "\u0410nn", "Cho", "Dee"], "seats 0 and 1 have names that look alike"),
        (["Ann", "Ben", "\u0391nn", "Dee"], "seats 0 and 2 have names that look alike"),
        (["Bob", "B0b", "Cho", "Dee"], "seats 0 and 1 have names that look alike"),
        (["Al", "Ben", "AI", "Dee"], "seats 0 and 2 have names that look alike"),
    ],
)
def test_an_import_is_held_to_the_rule_and_stores_nothing(db, players, why):
    before = list(db.conn.iterdump())
    with pytest.raises(GameError, match=why):
        store.import_game(db, game_file(players))
    assert list(db.conn.iterdump()) == before


def test_an_import_stores_names_as_the_rule_makes_them(db):
    game_id = store.import_game(db, game_file([" Ann  Lee ", "山田", "Zoë\u200b", "ゾーイ"]))
    assert store.get_game(db, game_id).players == ("Ann Lee", "山田", "Zoë", "ゾーイ")


def test_cli_import_and_rename_refuse_in_one_line(tmp_path):
    env = {"SCOREKEEPER_INSTANCE": str(tmp_path / "instance")}
    done = run_cli(
        "import", "-", stdin=json.dumps(game_file(["Ann", "ANN", "Cho", "Dee"])), env=env
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "game: the players in seats 0 and 1 have the same name 'ANN'"
        " (names are compared ignoring case)\n"
    )
    assert run_cli("import", "-", stdin=json.dumps(game_file(NAMES)), env=env).returncode == 0
    for new, why in [(f"{RLO}evil", "control characters"), ("x" * 41, "at most 40")]:
        done = run_cli("rename", "Ann", new, env=env)
        assert (done.returncode, done.stdout) == (2, ""), done.stderr
        assert done.stderr.startswith("the new name: a name ") and why in done.stderr
        assert done.stderr.count("\n") == 1
    stats = json.loads(run_cli("stats", "--json", env=env).stdout)
    assert sorted(p["name"] for p in stats["players"]) == NAMES


@pytest.fixture
def client(tmp_path):
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path), "WTF_CSRF_ENABLED": False})
    app.config["DB"] = open_database(app.config["DATABASE"])
    yield app.test_client()
    app.config["DB"].close()


def test_setup_marks_a_refused_name_beside_its_seat_and_keeps_what_was_typed(client):
    typed = f"{RLO}evil"
    response = client.post(
        "/new/yahoo-normal", data=setup_form("yahoo-normal", names=["Ann", typed, "Cho", "Dee"])
    )
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "A name cannot hold control characters or text-direction overrides" in page
    assert f'value="{typed}"' in page and 'value="Cho"' in page
    response = client.post(
        "/new/yahoo-normal",
        data=setup_form("yahoo-normal", names=["Ann", "x" * 10_000, "Cho", "Dee"]),
    )
    assert response.status_code == 400
    assert "A name can be at most 40 characters; this one has 10000" in response.get_data(
        as_text=True
    )


def test_setup_stores_japanese_and_accented_names_tidied(client):
    game_id = start_game(client, names=["山田", " Zoë  K. ", "ゾーイ", "Dee"])
    db = client.application.config["DB"]
    assert store.get_game(db, game_id).players == ("山田", "Zoë K.", "ゾーイ", "Dee")


def test_a_refused_rename_changes_nothing_and_keeps_what_was_typed(client):
    game_id = start_game(client)
    db = client.application.config["DB"]
    for typed, why in [
        (f"Bob{RLO}", "text-direction overrides"),
        ("\u200b", "at least one visible"),
        ("B" * 41, "at most 40 characters"),
    ]:
        response = client.post("/players/Ann/rename", data={"name": typed})
        page = response.get_data(as_text=True)
        assert response.status_code == 400
        assert why in page
        assert f'value="{typed}"' in page
        assert store.get_game(db, game_id).players == tuple(NAMES)
    response = client.post("/players/Ann/rename", data={"name": "  Ann   Lee "})
    assert response.status_code == 303
    assert store.get_game(db, game_id).players[0] == "Ann Lee"


def test_an_evening_name_is_held_to_the_same_rule(client):
    response = client.post("/evenings/", data={"name": f"Friday {RLO}club"})
    assert "text-direction overrides" in response.get_data(as_text=True)
    assert "Location" not in response.headers
    response = client.post("/evenings/", data={"name": "  Friday   club "})
    assert response.status_code == 303
    evening_id = response.headers["Location"].rsplit("/", 1)[1]
    assert store.get_evening(client.application.config["DB"], evening_id).name == "Friday club"


def test_a_rematch_of_a_game_stored_before_the_rule_says_which_name_to_change(client):
    game_id = start_game(client)
    db = client.application.config["DB"]
    legacy = json.dumps(["Ann", f"{RLO}evil", "Cho", "Dee"])
    db.execute("UPDATE games SET players = ? WHERE id = ?", [legacy, game_id])
    db.conn.commit()
    response = client.post(f"/g/{game_id}/rematch", data={"seating": "same"})
    assert response.status_code == 400
    assert "the player in seat 1: a name cannot hold control characters" in response.get_data(
        as_text=True
    )
    assert store.get_game(db, game_id).players[1] == f"{RLO}evil"  # still there to rename


# Latin letters and the Cyrillic and Greek letters drawn the same (TR39's confusables).
TWINS = {
    "A": "\u0410\u0391",
    "B": "\u0412\u0392",
    "C": "\u0421",
    "E": "\u0415\u0395",
    "H": "\u041d\u0397",
    "I": "\u0406\u0399",
    "K": "\u041a\u039a",
    "M": "\u041c\u039c",
    "N": "\u039d",
    "O": "\u041e\u039f",
    "P": "\u0420\u03a1",
    "T": "\u0422\u03a4",
    "X": "\u0425\u03a7",
    "Y": "\u03a5",
    "Z": "\u0396",
    "a": "\u0430",
    "c": "\u0441",
    "e": "\u0435",
    "o": "\u043e\u03bf",
    "p": "\u0440\u03c1",
    "x": "\u0445",
    "y": "\u0443",
}


@pytest.mark.parametrize("latin", sorted(TWINS))
def test_every_cyrillic_and_greek_twin_of_a_latin_letter_looks_like_it(latin):
    for twin in TWINS[latin]:
        name = f"{latin}nna"
        other = f"{twin}nna"
        assert looks_like(name) == looks_like(other), (latin, twin)
        assert alike([name, "Ben", other]) == (0, 2)


@pytest.mark.parametrize(
    ("one", "other"),
    [("José", "Jose"), ("Zoë", "Zoe"), ("Ann", "Anna"), ("山田", "山本"), ("Иван", "Ivan")],
)
def test_names_that_only_resemble_each_other_are_two_players(one, other):
    assert alike([one, other]) is None
    clean_players([one, other, "Cho", "Dee"])


def test_the_same_player_in_another_case_is_not_a_lookalike():
    assert alike(["Ann", "ANN", "ann"]) is None
