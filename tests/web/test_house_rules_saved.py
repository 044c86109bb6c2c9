"""House rules on the web: saved from a setup page or a game's rules, first in the
picker, on their own rule page with origin "house", shared by link and by file, edited
and deleted, private to the phone that saved them, and refused beside the field."""

from __future__ import annotations

import html
import io
import json
import re

import pytest

from scorekeeper.store.house import save_house_rules

from .conftest import option_fields, setup_form, start_game

FRIDAY = {
    "format": "scorekeeper-rules/1",
    "id": "friday-club",
    "name": "Friday club",
    "game": "spades",
    "base": "yahoo-normal",
    "options": {"nil_points": 50, "failed_nil_tricks": "bags_only"},
    "notes": {"nil_points": "we halve nil since 2019"},
}


def save_form(changes, *, name="Friday club", rules_id="", notes=None, step="save"):
    """The setup page's options as "Save these rules as…" posts them, then the save form."""
    data = {
        k: v
        for k, v in setup_form("yahoo-normal", changes=changes).items()
        if k.startswith("opt_")
    }
    data.update({"base": "yahoo-normal", "step": step, "name": name, "rules_id": rules_id})
    data.update({f"note_{option}": note for option, note in (notes or {}).items()})
    return data


def save(client, **kwargs):
    changes = kwargs.pop("changes", {"nil_points": 50, "failed_nil_tricks": "bags_only"})
    return client.post("/rules/house/save", data=save_form(changes, **kwargs))


def start_house_game(client) -> str:
    """Start a game from the house rules: the setup page shows their values."""
    values = {"nil_points": 50, "failed_nil_tricks": "bags_only"}
    response = client.post("/new/friday-club", data=setup_form("yahoo-normal", changes=values))
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def text(response) -> str:
    """A page as a reader sees it (entities unescaped)."""
    return html.unescape(response.get_data(as_text=True))


def stored(db) -> list[str]:
    return [row["id"] for row in db.query("SELECT id FROM house_rules")]


def test_save_from_the_setup_page_shows_the_changes_with_a_note_field_each(client):
    response = client.post(
        "/rules/house/save", data=save_form({"nil_points": 50}, name="", step="review")
    )
    page = text(response)
    assert response.status_code == 200
    assert 'name="note_nil_points"' in page and 'name="note_target"' not in page
    assert "The preset: +100 / −100" in page


def test_saved_rules_are_first_in_the_picker_and_marked_in_the_index(client, db):
    response = save(client, notes={"nil_points": "we halve nil since 2019"})
    assert response.status_code == 303
    assert response.headers["Location"].endswith("/rules/friday-club")
    assert stored(db) == ["friday-club"]

    picker = text(client.get("/new?game=spades"))
    first = re.search(r'name="ruleset" value="([^"]+)"', picker)
    assert first and first.group(1) == "friday-club"
    index = text(client.get("/rules/"))
    assert "Friday club" in index and "house rules" in index
    assert index.index("friday-club") < index.index("yahoo-normal")


def test_the_rule_page_shows_house_origins_with_the_note_and_the_preset_instead(client):
    save(client, notes={"nil_points": "we halve nil since 2019"})
    page = text(client.get("/rules/friday-club"))
    nil = page[page.index('id="opt-nil_points"') :][:1500]
    assert 'class="origin house"' in nil
    assert "we halve nil since 2019" in nil
    assert "The preset says: +100 / −100" in nil
    target = page[page.index('id="opt-target"') :][:800]
    assert 'class="origin stated"' in target and "目標ポイント 500点" in target


def test_a_game_started_from_them_keeps_them_and_its_history_says_so(client, db):
    save(client, notes={"nil_points": "we halve nil since 2019"})
    game_id = start_house_game(client)
    row = next(db.query("SELECT ruleset, house_rules FROM games WHERE id = ?", [game_id]))
    assert row["ruleset"] == "friday-club"
    assert json.loads(row["house_rules"])["options"]["nil_points"] == 50
    history = text(client.get(f"/g/{game_id}/history"))
    assert "Game started (Friday club)" in history

    form = text(client.get("/rules/friday-club"))
    assert client.post("/rules/house/friday-club/delete").status_code == 303
    assert stored(db) == []
    rules = text(client.get(f"/g/{game_id}/rules"))
    assert "Friday club" in rules and 'class="origin house"' in rules
    assert "Delete these house rules" in form
    exported = client.get(f"/g/{game_id}/export").get_json()
    assert exported["house_rules"]["id"] == "friday-club"
    assert client.get(f"/g/{game_id}/scoresheet.pdf").status_code == 200


def test_edit_changes_the_rules_not_the_games_begun_with_them(client, db):
    save(client)
    game_id = start_house_game(client)
    edit = client.post(
        "/rules/house/friday-club/edit",
        data=save_form({"nil_points": 75}, notes={"nil_points": "a compromise"}),
    )
    assert edit.status_code == 303
    page = text(client.get("/rules/friday-club"))
    assert "+75 / −75" in page and "a compromise" in page
    game_rules = text(client.get(f"/g/{game_id}/rules"))
    assert "+50 / −50" in game_rules


@pytest.mark.parametrize(
    ("kwargs", "field", "message"),
    [
        ({"name": ""}, "name", "Give the house rules a name."),
        ({"rules_id": "yahoo-normal"}, "id", "'yahoo-normal' is a preset id"),
        ({"rules_id": "Not an id!"}, "id", "must be lowercase letters"),
        ({"changes": {"players": 3}}, "players", "A partnership game needs 4 players"),
    ],
)
def test_bad_input_is_refused_beside_its_field_with_what_was_typed_kept(
    client, db, kwargs, field, message
):
    response = save(client, **kwargs)
    page = text(response)
    assert response.status_code == 400
    assert message in page
    if field in ("name", "id"):
        assert f'id="{field}-error"' in page
    else:
        assert f'id="row-opt_{field}"' in page
    if "rules_id" in kwargs:
        assert f'value="{kwargs["rules_id"]}"' in page
    assert stored(db) == []


def test_a_name_or_id_already_taken_is_refused(client, db):
    save(client)
    again = save(client, rules_id="friday-two")
    assert again.status_code == 400 and "the name 'Friday club' is already taken" in text(again)
    same_id = save(client, name="Other", rules_id="friday-club")
    assert same_id.status_code == 400 and "already taken" in text(same_id)
    assert stored(db) == ["friday-club"]


def test_other_phones_do_not_see_them_until_they_open_the_share_link(app, client, db):
    save(client)
    other = app.test_client()
    assert other.get("/rules/friday-club").status_code == 404
    assert "Friday club" not in text(other.get("/new?game=spades"))
    assert other.get("/rules/house/friday-club/edit").status_code == 404

    page = text(client.get("/rules/friday-club"))
    link = re.search(r'href="https?://[^"/]+(/rules/shared/[^"]+)"', page).group(1)
    shared = other.get(link)
    assert shared.status_code == 200
    assert "Save to this phone's house rules" in text(shared)
    assert other.post(link).status_code == 303
    assert other.get("/rules/friday-club").status_code == 200
    assert "Friday club" in text(other.get("/new?game=spades"))
    assert other.get("/rules/house/friday-club/edit").status_code == 403  # not theirs
    assert client.get("/rules/house/friday-club/qr.svg").mimetype == "image/svg+xml"


def test_download_and_import_on_another_instance(client, tmp_path):
    from scorekeeper.web import create_app

    save(client, notes={"nil_points": "we halve nil since 2019"})
    download = client.get("/rules/house/friday-club.json")
    assert download.get_json() == FRIDAY
    elsewhere = create_app(
        {"TESTING": True, "INSTANCE_PATH": str(tmp_path / "b"), "WTF_CSRF_ENABLED": False}
    ).test_client()
    imported = elsewhere.post(
        "/rules/house/import",
        data={"file": (io.BytesIO(download.data), "friday.json")},
        content_type="multipart/form-data",
    )
    assert imported.status_code == 303
    assert "Friday club" in text(elsewhere.get("/rules/"))


def test_a_bad_file_is_refused_in_one_line_storing_nothing(client, db):
    bad = {**FRIDAY, "options": {"nil_pointz": 50}}
    response = client.post("/rules/house/import", data={"text": json.dumps(bad)})
    assert response.status_code == 400
    assert "Unknown option 'nil_pointz'" in text(response)  # a sentence, not the CLI's line
    assert json.dumps(bad) in text(response)
    assert stored(db) == []


def test_rules_stored_from_the_command_line_are_every_phones(client, db):
    save_house_rules(db, FRIDAY)  # as `scorekeeper rules import` stores them
    assert client.get("/rules/friday-club").status_code == 200
    assert "Friday club" in text(client.get("/rules/"))
    assert "Friday club" in text(client.get("/new"))
    assert client.get("/rules/house/friday-club/edit").status_code == 403


def test_compare_and_what_if_offer_them(client):
    save(client)
    table = client.get("/rules/compare?ids=friday-club&ids=yahoo-normal")
    assert table.status_code == 200 and "nil_points" in text(table)
    game_id = start_game(client)
    what_if = client.get(f"/g/{game_id}/whatif?ruleset=friday-club")
    assert what_if.status_code == 200
    assert 'value="friday-club" selected' in text(what_if)


def test_japanese_pages_say_house_rule(client):
    save(client, notes={"nil_points": "we halve nil since 2019"})
    client.get("/lang/ja")
    page = text(client.get("/rules/friday-club"))
    assert "ハウスルール" in page


def test_a_game_file_naming_them_imports_on_the_web(client):
    save(client)
    game = {
        "format": "scorekeeper-game/1",
        "game": "spades",
        "ruleset": "friday-club",
        "players": ["Ann", "Ben", "Cho", "Dee"],
        "hands": [{"bids": [3, "nil", 4, 2], "tricks": [4, 1, 5, 3]}],
    }
    response = client.post("/import", data={"text": json.dumps(game)})
    assert response.status_code == 303, text(response)
    sheet = text(client.get(response.headers["Location"]))
    assert "Friday club" in sheet


@pytest.mark.parametrize("step", ["save", "review", None])
def test_house_rules_sent_with_an_invalid_option_answer_400_at_every_step(client, step):
    page = client.get("/rules/house/save?base=yahoo-normal").get_data(as_text=True)
    assert 'name="opt_target"' in page
    data = {"base": "yahoo-normal", "name": "Club", **option_fields("yahoo-normal", {})}
    data["opt_target"] = "abc"
    if step:
        data["step"] = step
    response = client.post("/rules/house/save", data=data)
    assert response.status_code == 400
    assert "Enter a whole number" in response.get_data(as_text=True)
    valid = {**data, "opt_target": "300"}
    assert client.post("/rules/house/save", data=valid).status_code in (200, 303)
