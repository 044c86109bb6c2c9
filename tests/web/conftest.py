"""Fixtures for the web app: an app on a temporary instance folder, its client, its store."""

from __future__ import annotations

import re
from typing import Any

import pytest

from scorekeeper.engine import find_ruleset
from scorekeeper.engine.options import option_values
from scorekeeper.store.db import open_database
from scorekeeper.web import create_app

NAMES = ["Ann", "Ben", "Cho", "Dee", "Eve"]


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path), "WTF_CSRF_ENABLED": False})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def db(app):
    database = open_database(app.config["DATABASE"])
    yield database
    database.close()


def form_values(page: str) -> dict[str, str]:
    """The hidden CSRF token and game version of a page's form (empty when absent)."""
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    version = re.search(r'name="version" value="(\d+)"', page)
    return {
        "csrf_token": token.group(1) if token else "",
        "version": version.group(1) if version else "",
    }


def setup_form(
    ruleset_id: str, names=None, changes: dict[str, Any] | None = None, dealer: int = 0
):
    """The new-game form as a browser posts it: the preset's options, maybe changed."""
    values = {**option_values(find_ruleset(ruleset_id).options), **(changes or {})}
    data: dict[str, Any] = {}
    for name, value in values.items():
        if isinstance(value, bool):
            if value:
                data[f"opt_{name}"] = "y"
        else:
            data[f"opt_{name}"] = str(value)
    for seat, player in enumerate(names or NAMES[: values["players"]]):
        data[f"player_{seat}"] = player
    data["first_dealer"] = str(dealer)
    return data


def option_fields(ruleset_id: str, changes: dict[str, Any]) -> dict[str, str]:
    """The rule-change form's option fields: the preset's options with `changes`."""
    form = setup_form(ruleset_id, changes=changes)
    return {name: value for name, value in form.items() if name.startswith("opt_")}


def start_game(client, ruleset_id: str = "yahoo-normal", **kwargs) -> str:
    """Start a game through the form and return its id."""
    response = client.post(f"/new/{ruleset_id}", data=setup_form(ruleset_id, **kwargs))
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def version(db, game_id: str) -> str:
    return str(next(db.query("SELECT version FROM games WHERE id = ?", [game_id]))["version"])


def play(client, db, game_id: str, bids: dict[int, Any], tricks: dict[int, Any], by_team=False):
    """Enter one hand through the bids and tricks forms; return the tricks response."""
    data = {f"bid_{seat}": str(bid) for seat, bid in bids.items()}
    response = client.post(f"/g/{game_id}/bids", data={**data, "version": version(db, game_id)})
    assert response.status_code == 303, response.get_data(as_text=True)
    data = {f"tricks_{seat}": str(t) for seat, t in tricks.items()}
    if by_team:
        data = {f"team_tricks_{side}": str(t) for side, t in tricks.items()} | {"by": "team"}
    return client.post(f"/g/{game_id}/tricks", data={**data, "version": version(db, game_id)})


def text(response) -> str:
    """The page's visible text, roughly: tags removed, entities kept as they are."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)))
