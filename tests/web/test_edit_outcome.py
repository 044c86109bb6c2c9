"""An edit or a delete that changes who wins says so, and the history keeps the totals."""

from __future__ import annotations

from scorekeeper import store

from .conftest import play, start_game, text, version


def _won_by_ann_and_cho(client, db) -> str:
    """A game to 150: Ann & Cho reach 162 in hand 2 (81 and 81), Ben & Dee −120 (set twice)."""
    game_id = start_game(client, changes={"target": 150})
    for _ in range(2):
        play(client, db, game_id, {0: 4, 1: 3, 2: 4, 3: 3}, {0: 4, 1: 3, 2: 5, 3: 1})
    assert store.get_game(db, game_id).finished
    return game_id


def _edit(client, db, game_id, tricks, bids=(4, 3, 4, 3), number=1):
    edit = {f"bid_{seat}": str(bid) for seat, bid in enumerate(bids)} | {"by": "player"}
    edit |= {f"tricks_{seat}": str(n) for seat, n in enumerate(tricks)}
    response = client.post(
        f"/g/{game_id}/hands/{number}/edit", data={**edit, "version": version(db, game_id)}
    )
    assert response.status_code == 303, text(response)
    return client.get(response.headers["Location"])


def test_an_edit_that_takes_the_win_away_says_the_game_goes_on(client, db):
    game_id = _won_by_ann_and_cho(client, db)
    page = text(_edit(client, db, game_id, [3, 4, 3, 3]))  # Ann & Cho set
    assert "Hand 1 changed; the 1 hand after it was scored again." in page
    assert "Ann &amp; Cho no longer win; the game goes on" in page
    assert not store.get_game(db, game_id).finished
    history = text(client.get(f"/g/{game_id}/history"))
    assert "Totals (Ann &amp; Cho : Ben &amp; Dee): 162 : −120 → 1 : 1" in history
    assert "Ann &amp; Cho no longer win; the game goes on" in history


def test_an_edit_that_moves_the_win_names_the_new_winner(client, db):
    game_id = _won_by_ann_and_cho(client, db)
    # Hand 2 becomes Ben's nil and Dee's 13: Ben & Dee 170, Ann & Cho 81.
    page = text(_edit(client, db, game_id, [0, 0, 0, 13], (0, "nil", 0, 13), number=2))
    assert "Ben &amp; Dee now win instead of Ann &amp; Cho" in page


def test_an_edit_that_keeps_the_winner_says_nothing_of_it(client, db):
    game_id = _won_by_ann_and_cho(client, db)
    page = text(_edit(client, db, game_id, [4, 3, 4, 2]))
    assert "win" not in page.split("Hand 1 changed")[1].split("Hand 1")[0]


def test_deleting_the_winning_hand_says_the_game_goes_on(client, db):
    game_id = _won_by_ann_and_cho(client, db)
    response = client.post(f"/g/{game_id}/hands/2/delete", data={"version": version(db, game_id)})
    page = text(client.get(response.headers["Location"]))
    assert "Hand 2 deleted." in page and "Ann &amp; Cho no longer win; the game goes on" in page
    history = text(client.get(f"/g/{game_id}/history"))
    assert "Totals (Ann &amp; Cho : Ben &amp; Dee): 162 : −120 → 81 : −60" in history


def test_an_individual_player_no_longer_wins(client, db):
    """One player is singular: "Ann no longer wins"."""
    game_id = start_game(client, "hearts-standard", changes={"target": 20})
    hand = {"hearts_0": "0", "hearts_1": "10", "hearts_2": "1", "hearts_3": "rest"}
    hand |= {"queen_of_spades": "1"}  # Ben 23: Ann wins on 0
    response = client.post(f"/g/{game_id}/play", data={**hand, "version": version(db, game_id)})
    assert response.status_code == 303, text(response)
    assert store.get_game(db, game_id).finished
    hand |= {"queen_of_spades": "0"}  # Ann 13, Ben 10: nobody has reached 20
    response = client.post(
        f"/g/{game_id}/hands/1/edit", data={**hand, "version": version(db, game_id)}
    )
    assert response.status_code == 303, text(response)
    page = text(client.get(response.headers["Location"]))
    assert "Ann no longer wins; the game goes on" in page
