"""The house rules at the table: offered on the new-game form, explained on the sheet."""

from __future__ import annotations

from .conftest import play, setup_form, start_game, text


def test_the_new_game_form_offers_each_house_rule(client):
    page = text(client.get("/new/yahoo-normal"))
    for words in (
        "worth nothing, but still a bag",
        "are overtricks of their own: +1 and a bag each, no help to the partner&#39;s contract",
        "count for nothing: no points, no bags, no help to the partner",
    ):
        assert words in page


def test_a_game_with_a_house_rule_explains_its_hands(client, db):
    game_id = start_game(client, changes={"failed_nil_tricks": "nothing"})
    play(client, db, game_id, {0: "nil", 1: 3, 2: 1, 3: 4}, {0: 3, 1: 4, 2: 2, 3: 4})
    page = text(client.get(f"/g/{game_id}"))
    assert "3 tricks of the failed nil count for nothing" in page
    assert "Contract 1, took 2: 1 × 10 + 1 overtrick = +11" in page


def test_the_form_refuses_failed_nil_points_beside_overtricks_worth_nothing(client):
    changes = {"failed_nil_tricks": "bags_and_points", "overtricks": "zero"}
    response = client.post("/new/yahoo-normal", data=setup_form("yahoo-normal", changes=changes))
    assert response.status_code != 303
    assert "need overtricks worth +1" in text(response)
