"""Oh Hell at the table through the web app: a finished game's pages for its scorer."""

from __future__ import annotations

import json

from .conftest import text


def _finished_game(client) -> str:
    """A 3-player game of 3 hands (max_cards 2: 2, 1, 2 cards), all of them played."""
    hands = [
        {"bids": [1, 0, 0], "tricks": [1, 1, 0]},
        {"bids": [1, 0, 1], "tricks": [1, 0, 0]},
        {"bids": [0, 1, 0], "tricks": [0, 2, 0]},
    ]
    doc = {
        "game": "oh-hell",
        "ruleset": "oh-hell",
        "options": {"max_cards": 2},
        "players": ["Ann", "Ben", "Cho"],
        "hands": hands,
    }
    response = client.post("/import", data={"text": json.dumps(doc)})
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def test_a_finished_game_shows_its_scorer_the_end_and_offers_no_target(client):
    game_id = _finished_game(client)
    page = client.get(f"/g/{game_id}")
    assert page.status_code == 200
    assert "Play on: raise the target" not in text(page)
    assert client.get(f"/g/{game_id}/bids").status_code in (200, 409)
    raised = client.post(f"/g/{game_id}/target", data={"target": "50", "version": "9"})
    assert raised.status_code == 404 and "there is none to raise" in text(raised)


def test_an_option_typed_in_other_digits_is_refused_beside_its_field(client):
    from .conftest import setup_form

    for typed in ("３００", "٣٠٠", "²"):
        data = {**setup_form("yahoo-normal"), "opt_target": typed}
        response = client.post("/new/yahoo-normal", data=data)
        assert response.status_code == 400, typed
        assert "Enter a whole number" in text(response)
