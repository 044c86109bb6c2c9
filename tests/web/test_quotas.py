"""What one phone may keep: games, evenings and house rules, each with a ceiling no club
meets (limits.py), refused with a 403 saying so and storing nothing."""

from __future__ import annotations

import json

from scorekeeper import limits

from .conftest import setup_form, start_game
from .test_house_rules_saved import save_form
from .test_routes import text


def count(db, table: str) -> int:
    return int(db.execute(f"SELECT count(*) FROM {table}").fetchone()[0])


def test_a_phone_keeping_the_most_games_starts_imports_or_replays_no_more(
    app, client, db, monkeypatch
):
    monkeypatch.setattr(limits, "MAX_GAMES_PER_PHONE", 2)
    first = start_game(client)
    start_game(client)
    refused = client.post("/new/yahoo-normal", data=setup_form("yahoo-normal"))
    assert refused.status_code == 403
    assert "This phone keeps 2 games, the most one phone may" in text(refused)
    game_file = {"ruleset": "yahoo-normal", "players": ["A", "B", "C", "D"], "hands": []}
    assert client.post("/import", data={"text": json.dumps(game_file)}).status_code == 403
    assert client.post(f"/g/{first}/rematch").status_code == 403
    assert count(db, "games") == 2
    assert (
        app.test_client().post("/new/yahoo-normal", data=setup_form("yahoo-normal")).status_code
        == 303
    )  # another phone is not held to this one's games


def test_a_phone_that_started_the_most_evenings_starts_no_more(client, db, monkeypatch):
    monkeypatch.setattr(limits, "MAX_EVENINGS_PER_PHONE", 1)
    assert client.post("/evenings/", data={"name": "Friday"}).status_code == 303
    refused = client.post("/evenings/", data={"name": "Saturday"})
    assert refused.status_code == 403 and "the most one phone may" in text(refused)
    assert count(db, "evenings") == 1


def test_a_phone_keeping_the_most_house_rules_saves_or_imports_no_more(client, db, monkeypatch):
    monkeypatch.setattr(limits, "MAX_HOUSE_RULES_PER_PHONE", 1)
    assert client.post("/rules/house/save", data=save_form({"nil_points": 50})).status_code == 303
    refused = client.post(
        "/rules/house/save", data=save_form({"nil_points": 75}, name="Saturday club")
    )
    assert refused.status_code == 403
    assert "This phone keeps 1 house rules, the most one phone may" in text(refused)
    doc = {
        "format": "scorekeeper-rules/1",
        "id": "other-club",
        "name": "Other club",
        "game": "spades",
        "base": "yahoo-normal",
        "options": {"nil_points": 60},
    }
    assert client.post("/rules/house/import", data={"text": json.dumps(doc)}).status_code == 403
    assert count(db, "house_rules") == 1
