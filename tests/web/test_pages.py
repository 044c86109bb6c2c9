"""Scoresheets kept per game version: a copy only when nothing it shows has changed."""

from __future__ import annotations

import re

from .conftest import option_fields, play, setup_form, start_game, text, version


def sheet(client, game_id: str, **kwargs) -> str:
    return client.get(f"/g/{game_id}", **kwargs).get_data(as_text=True)


def test_every_write_shows_at_once(client, db):
    game_id = start_game(client)
    assert sheet(client, game_id) == sheet(client, game_id)
    assert "No hand yet." in sheet(client, game_id)
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})
    page = sheet(client, game_id)
    assert "No hand yet." not in page and 'id="hand-1"' in page
    client.post(f"/g/{game_id}/bids", data={**{f"bid_{s}": "4" for s in range(4)}, "version": "2"})
    assert "Hand 2 is being played." in text(client.get(f"/g/{game_id}"))


def test_the_scorer_and_a_watcher_see_their_own_page(app, client, db):
    game_id = start_game(client)
    watch = db.execute("SELECT watch_token FROM games").fetchone()[0]
    watcher = app.test_client()
    watcher.get(f"/w/{watch}")
    for _ in range(2):
        assert "Share this game" in sheet(client, game_id)
        assert "Share this game" not in sheet(watcher, game_id)
        assert "Keep score on this phone" in sheet(watcher, game_id)


def test_each_phone_sees_its_language(client):
    game_id = start_game(client)
    english = sheet(client, game_id)
    client.set_cookie("lang", "ja")
    japanese = sheet(client, game_id)
    assert "Scoresheet" in english and "スコアシート" in japanese
    assert 'lang="ja"' in japanese and sheet(client, game_id) == japanese
    client.set_cookie("lang", "en")
    assert sheet(client, game_id) == english


def test_a_message_for_the_phone_is_shown_once_even_on_a_kept_page(client):
    game_id = start_game(client)
    sheet(client, game_id)
    with client.session_transaction() as session:
        session["_flashes"] = [("message", "Hand 7 saved.")]
    assert "Hand 7 saved." in sheet(client, game_id)
    assert "Hand 7 saved." not in sheet(client, game_id)


def row(page: str, number: int) -> str:
    match = re.search(rf'<details class="hand-row" id="hand-{number}">.*?</details>', page, re.S)
    assert match, f"hand {number} has a row"
    return match.group(0)


def test_rows_follow_every_change_to_the_hands(client, db):
    created = client.post(
        "/new/yahoo-normal", data={**setup_form("yahoo-normal"), "confirm_hands": "y"}
    )
    game_id = created.headers["Location"].rsplit("/", 1)[1]
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})
    page = sheet(client, game_id)
    assert "pending" in row(page, 1) and "/hands/1/delete" in page
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})
    page = sheet(client, game_id)
    assert "/hands/1/delete" not in page and "/hands/2/delete" in page
    assert '<span class="tot">122</span>' in row(page, 2)
    client.post(
        f"/g/{game_id}/hands/1/confirm", data={"by": "Ben", "version": version(db, game_id)}
    )
    assert "confirmed by Ben" in row(sheet(client, game_id), 1)
    edit = {f"bid_{s}": "3" for s in range(4)} | {"by": "player", "correction": "miscounted"}
    edit |= {"tricks_0": "2", "tricks_1": "5", "tricks_2": "3", "tricks_3": "3"}
    response = client.post(
        f"/g/{game_id}/hands/1/edit", data={**edit, "version": version(db, game_id)}
    )
    assert response.status_code == 303
    page = sheet(client, game_id)
    assert '<span class="tot">−60</span>' in row(page, 1) and "pending" in row(page, 1)
    assert '<span class="tot">1</span>' in row(page, 2)  # hand 2 scored again on top


def test_a_watcher_rows_have_no_edit_links(app, client, db):
    game_id = start_game(client)
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})
    assert "/hands/1/edit" in row(sheet(client, game_id), 1)
    watcher = app.test_client()
    watcher.get(f"/w/{db.execute('SELECT watch_token FROM games').fetchone()[0]}")
    assert "/hands/1/edit" not in row(sheet(watcher, game_id), 1)
    assert '/hands/1"' in row(sheet(watcher, game_id), 1)


def test_the_rules_footer_follows_a_rule_change(client, db):
    game_id = start_game(client)
    assert "target 500" in text(client.get(f"/g/{game_id}"))
    form = option_fields("yahoo-normal", {"target": 300})
    form |= {"from_hand": "next", "agreed": "y", "version": version(db, game_id)}
    assert client.post(f"/g/{game_id}/rules/change", data=form).status_code == 303
    page = text(client.get(f"/g/{game_id}"))
    assert "target 300" in page and "target 500" not in page
    assert "Changed from the preset: Target: 300" in page, page[-600:]


def test_the_scorer_qr_code_only_when_asked_for(client):
    game_id = start_game(client)
    for _ in range(2):
        assert 'id="qr-scorer"' not in sheet(client, game_id)
        assert 'id="qr-scorer"' in sheet(client, game_id, query_string={"qr": "scorer"})


def test_a_watcher_sees_the_guidance_of_the_game_as_it_stands(app, client, db):
    """001 ダブルニルパス: blind nil only for a side at least 200 behind; the box is
    kept per game state, so each hand, and an edit of the last one, shows anew."""
    from scorekeeper import store

    game_id = start_game(client, "yahoo-dnp")
    watcher = app.test_client()
    watcher.get(f"/w/{store.get_game(db, game_id).watch_token}")
    store.add_hand(db, game_id, {"bids": [5, 5, 5, 5], "tricks": [3, 10, 0, 0]}, version=None)
    assert "Blind nil: open — 200 behind, needs 200" in text(watcher.get(f"/g/{game_id}"))
    store.add_hand(db, game_id, {"bids": [6, 6, 0, 0], "tricks": [7, 6, 0, 0]}, version=None)
    closed = "Blind nil: needs the side to be 200 behind; it is 199 behind"
    assert closed in text(watcher.get(f"/g/{game_id}"))
    assert closed in text(client.get(f"/g/{game_id}"))  # the scorer's page, same box
    store.replace_hand(
        db, game_id, 2, {"bids": [6, 6, 0, 0], "tricks": [6, 7, 0, 0]}, version=None
    )
    assert "Blind nil: open — 201 behind, needs 200" in text(watcher.get(f"/g/{game_id}"))


def test_the_footer_follows_a_deleted_hand_after_a_rule_change_from_the_next_hand(client, db):
    game_id = start_game(client)
    for _ in range(2):
        play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})
    form = option_fields("yahoo-normal", {"target": 300})
    form |= {"from_hand": "next", "agreed": "y", "version": version(db, game_id)}
    assert client.post(f"/g/{game_id}/rules/change", data=form).status_code == 303
    assert "target 300" in text(client.get(f"/g/{game_id}"))
    deleted = client.post(f"/g/{game_id}/hands/2/delete", data={"version": version(db, game_id)})
    assert deleted.status_code == 303
    page = text(client.get(f"/g/{game_id}"))
    # Hand 2 is the next hand again, and the change applies from hand 3.
    assert "target 500" in page and "target 300" not in page


def test_a_restore_while_serving_never_shows_pages_of_the_replaced_content(
    app, client, db, tmp_path
):
    from pathlib import Path

    from scorekeeper.store.backup import backup, restore

    game_id = start_game(client)
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})  # 61 : 60
    saved = str(tmp_path / "saved.db")
    backup(Path(app.config["DATABASE"]), saved)
    play(client, db, game_id, {0: 5, 1: 3, 2: 3, 3: 2}, {0: 5, 1: 3, 2: 3, 3: 2})
    assert "Ann &amp; Cho 141" in text(client.get(f"/g/{game_id}"))  # shown at this version
    restore(saved, Path(app.config["DATABASE"]))
    # The same version number comes back with other content: a nil hand this time.
    play(client, db, game_id, {0: "nil", 1: 3, 2: 4, 3: 3}, {0: 0, 1: 4, 2: 5, 3: 4})
    page = text(client.get(f"/g/{game_id}"))
    assert "Ann &amp; Cho 141" not in page and "Ann &amp; Cho 202" in page


def test_an_edit_of_hand_1_shows_in_every_later_row(client, db):
    """An edit scores every later hand again: each row must show the new totals."""
    game_id = start_game(client)
    for _ in range(3):
        play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})
    assert '<span class="tot">183</span>' in row(sheet(client, game_id), 3)  # 3 × 61
    edit = {f"bid_{s}": "3" for s in range(4)}
    for took in (2, 4) * 6:
        edit |= {"tricks_0": str(took), "tricks_1": "3", "tricks_2": "3"}
        edit |= {"tricks_3": str(7 - took), "by": "player"}
        response = client.post(
            f"/g/{game_id}/hands/1/edit", data={**edit, "version": version(db, game_id)}
        )
        assert response.status_code == 303
        page = sheet(client, game_id)
        first = -60 if took == 2 else 61  # 3 + 3 bid; 5 taken: set, 7 taken: made
        total = f"{first + 122}"
        assert f'<span class="tot">{total}</span>' in row(page, 3), row(page, 3)
