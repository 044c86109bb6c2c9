"""Euchre at the table through the web app: a hand on one page, the sheet, a refusal
beside its field, the decider of a level tournament game, the rule page in Japanese."""

from __future__ import annotations

import json

from .conftest import start_game, text, version


def enter(client, db, game_id, **fields):
    data = {name: str(value) for name, value in fields.items()}
    return client.post(f"/g/{game_id}/play", data={**data, "version": version(db, game_id)})


def test_a_euchre_hand_on_one_page(client, db):
    game_id = start_game(client, "euchre")
    page = text(client.get(f"/g/{game_id}/play"))
    assert "Who made the suit" in page and "Tricks the makers took" in page
    assert "Defended alone" not in page  # not played under these rules
    done = enter(client, db, game_id, maker=3, alone="yes", tricks=5)
    assert done.status_code == 303, done.get_data(as_text=True)
    sheet = text(client.get(f"/g/{game_id}"))
    assert "Ann &amp; Cho 0 Ben &amp; Dee 4" in sheet
    assert "alone 5/5" in sheet
    exported = json.loads(client.get(f"/g/{game_id}/export").get_data(as_text=True))
    assert exported["hands"] == [{"maker": 3, "alone": True, "tricks": 5}]


def test_a_hand_without_tricks_is_refused_beside_the_field(client, db):
    game_id = start_game(client, "euchre")
    refused = enter(client, db, game_id, maker=0, alone="no")
    assert refused.status_code == 400
    assert "Choose the tricks the makers took" in text(refused)


def test_a_lone_defender_where_the_rules_allow_one(client, db):
    game_id = start_game(client, "euchre", changes={"defend_alone": "against_loner"})
    assert "Defended alone" in text(client.get(f"/g/{game_id}/play"))
    refused = enter(client, db, game_id, maker=0, alone="no", tricks=2, defender_alone=1)
    assert refused.status_code == 400
    assert "A defender may defend alone only against a lone maker" in text(refused)
    done = enter(client, db, game_id, maker=0, alone="yes", tricks=2, defender_alone=1)
    assert done.status_code == 303


def test_a_level_tournament_game_asks_for_the_decider(client, db):
    game_id = start_game(client, "euchre-tournament")
    for maker, tricks in [(0, 5), (1, 5), (2, 3), (3, 4)] * 2:
        assert (
            enter(client, db, game_id, maker=maker, alone="no", tricks=tricks).status_code == 303
        )
    sheet = text(client.get(f"/g/{game_id}"))
    assert "The decider: one more hand, its points not added" in sheet
    assert enter(client, db, game_id, maker=1, alone="no", tricks=3).status_code == 303
    sheet = text(client.get(f"/g/{game_id}"))
    assert "won the decider" in sheet


def test_the_rule_page_in_both_languages(client):
    page = text(client.get("/rules/euchre"))
    assert "right bower" in page and "Card Values/Scoring" in page
    client.set_cookie("lang", "ja")
    assert "ユーカー" in text(client.get("/rules/euchre-1888"))


def test_the_setup_page_seats_partners_opposite(client):
    page = text(client.get("/new/euchre"))
    assert "Partners sit opposite: seats 1 and 3 play against seats 2 and 4." in page
    assert "everyone plays for themselves" not in page
