"""House rules across phones: ids and names belong to each phone, a file of rules that
already exist gives this phone the rules, and nothing a phone does tells it of rules
it may not see."""

from __future__ import annotations

import json
import re

from scorekeeper.store.house import save_house_rules

from .conftest import setup_form
from .test_house_rules_saved import FRIDAY, save, text


def import_file(phone, doc):
    response = phone.post("/rules/house/import", data={"text": json.dumps(doc)})
    assert response.status_code == 303, text(response)
    return response


def said(phone, response) -> str:
    """The page a redirect leads to, with the message it flashed."""
    return text(phone.get(response.headers["Location"]))


def rows(db) -> list[tuple[str, str]]:
    return sorted((row["id"], row["name"]) for row in db.query("SELECT id, name FROM house_rules"))


def test_a_downloaded_file_imported_on_another_phone_gives_it_the_rules(app, client, db):
    save(client, notes={"nil_points": "we halve nil since 2019"})
    download = client.get("/rules/house/friday-club.json").get_json()
    phone3 = app.test_client()
    response = import_file(phone3, download)
    assert response.headers["Location"].endswith("/rules/friday-club")
    assert "House rules imported: Friday club." in said(phone3, response)
    assert phone3.get("/rules/friday-club").status_code == 200
    assert "Friday club" in text(phone3.get("/new?game=spades"))
    started = phone3.post(
        "/new/friday-club",
        data=setup_form(
            "yahoo-normal", changes={"nil_points": 50, "failed_nil_tricks": "bags_only"}
        ),
    )
    assert started.status_code == 303
    # Imported again: it is already there, nothing is stored twice.
    again = import_file(phone3, download)
    assert "These house rules are already on this phone: Friday club." in said(phone3, again)
    assert rows(db) == [("friday-club", "Friday club")] * 2  # one for each phone


def test_other_rules_under_an_id_or_name_this_phone_uses_are_imported_under_a_free_one(client, db):
    save(client)  # this phone's own Friday club: nil 50, failed nil tricks count for bags
    other = {**FRIDAY, "options": {"nil_points": 75}, "notes": {}}
    response = import_file(client, other)
    assert response.headers["Location"].endswith("/rules/friday-club-2")
    page = said(client, response)
    assert "already uses that id or name for other house rules" in page
    assert "Friday club (2) (id friday-club-2)" in page
    assert client.get("/rules/house/friday-club-2.json").get_json()["options"] == {
        "nil_points": 75
    }
    same_name = import_file(client, {**other, "id": "fridays", "options": {"nil_points": 60}})
    assert "Friday club (3)" in said(client, same_name)
    # The same rules under another id or name are the rules this phone already has.
    again = import_file(client, {**other, "id": "saturday", "name": "Saturday"})
    assert "These house rules are already on this phone: Friday club (2)." in said(client, again)
    assert client.get("/rules/house/friday-club.json").get_json()["options"]["nil_points"] == 50


def test_another_phones_private_rules_change_nothing_a_stranger_sees(app, client, db):
    save(client)  # private to this phone
    stranger = app.test_client()
    theirs = {**FRIDAY, "options": {"nil_points": 75}, "notes": {}}
    response = import_file(stranger, theirs)
    # Exactly as on a server without the other phone's rules: its id, its name, no word.
    assert response.headers["Location"].endswith("/rules/friday-club")
    assert "House rules imported: Friday club." in said(stranger, response)
    assert stranger.get("/rules/house/friday-club.json").get_json()["options"] == {
        "nil_points": 75
    }
    assert client.get("/rules/house/friday-club.json").get_json()["options"]["nil_points"] == 50
    # Saved from the form under a name and an id another phone uses: saved, no refusal.
    newcomer = app.test_client()
    saved = save(newcomer, rules_id="friday-club")
    assert saved.status_code == 303 and saved.headers["Location"].endswith("/rules/friday-club")
    assert rows(db) == [("friday-club", "Friday club")] * 3


def test_a_share_link_onto_a_phone_using_the_id_keeps_a_copy_under_a_free_one(app, client):
    save(client)
    page = text(client.get("/rules/friday-club"))
    link = re.search(r'href="https?://[^"/]+(/rules/shared/[^"]+)"', page).group(1)
    other = app.test_client()
    import_file(other, {**FRIDAY, "options": {"nil_points": 75}, "notes": {}})
    kept = other.post(link)
    assert kept.status_code == 303 and kept.headers["Location"].endswith("/rules/friday-club-2")
    assert "already uses that id or name" in said(other, kept)
    assert other.get("/rules/house/friday-club-2.json").get_json()["options"]["nil_points"] == 50
    again = other.post(link)  # the link opened again: the copy is already there
    assert again.headers["Location"].endswith("/rules/friday-club-2")
    assert "already on this phone" in said(other, again)
    # With no clash, the link gives the rules themselves (they follow the owner's edits).
    third = app.test_client()
    assert third.post(link).headers["Location"].endswith("/rules/friday-club")
    assert third.get("/rules/house/friday-club/edit").status_code == 403


def test_rules_stored_from_the_command_line_take_their_id_and_name_on_every_phone(client, db):
    save_house_rules(db, FRIDAY)  # everyone's
    response = import_file(client, {**FRIDAY, "options": {"nil_points": 75}, "notes": {}})
    assert response.headers["Location"].endswith("/rules/friday-club-2")
    mine = save(client, name="Friday club")
    assert mine.status_code == 400 and "the name 'Friday club' is already taken" in text(mine)
