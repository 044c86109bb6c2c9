"""A phone's token makes a resend harmless; a conflict shows both entries; the dealer
can be corrected, and a bad correction is a clear 400."""

from __future__ import annotations

from .conftest import play, start_game, text, version

TOKEN = "0123456789abcdef0123456789abcdef"


def bids_and_tricks(db, game_id: str, tricks: list[int]) -> dict[str, str]:
    return {
        **{f"bid_{seat}": "3" for seat in range(4)},
        **{f"tricks_{seat}": str(t) for seat, t in enumerate(tricks)},
        "version": version(db, game_id),
        "hand": "1",
    }


def test_a_resent_hand_gets_the_first_answer_and_is_stored_once(client, db):
    game = start_game(client)
    client.post(
        f"/g/{game}/bids",
        data={**{f"bid_{s}": "3" for s in range(4)}, "version": version(db, game)},
    )
    form = {**bids_and_tricks(db, game, [4, 3, 3, 3]), "submission": TOKEN}
    first = client.post(f"/g/{game}/tricks", data=form)
    assert first.status_code == 303 and first.headers["Location"] == f"/g/{game}/hands/1"
    again = client.post(f"/g/{game}/tricks", data=form)  # the same version: stale now
    assert again.status_code == 303 and again.headers["Location"] == f"/g/{game}/hands/1"
    assert len(client.get(f"/g/{game}/export").get_json()["hands"]) == 1
    # Sent by the page itself, a stored hand is answered with where to go.
    sent = client.post(f"/g/{game}/tricks", data=form, headers={"X-Scorekeeper-Send": "1"})
    assert sent.get_json() == {"stored": f"/g/{game}/hands/1"}


def test_a_hand_another_phone_stored_first_is_shown_beside_it(client, db):
    game = start_game(client)
    client.post(
        f"/g/{game}/bids",
        data={**{f"bid_{s}": "3" for s in range(4)}, "version": version(db, game)},
    )
    late = bids_and_tricks(db, game, [4, 3, 3, 3])
    assert (
        client.post(f"/g/{game}/tricks", data=bids_and_tricks(db, game, [3, 3, 3, 4])).status_code
        == 303
    )
    response = client.post(f"/g/{game}/tricks", data=late)
    assert response.status_code == 409
    page = text(response)
    assert "Hand 1: yours and the stored one" in page
    assert "They differ for Ann &amp; Cho, Ben &amp; Dee." in page  # entities kept
    assert "Keep mine" in page
    same = client.post(
        f"/g/{game}/tricks", data=bids_and_tricks(db, game, [3, 3, 3, 4]) | {"version": "1"}
    )
    assert "They are the same: nothing was stored twice." in text(same)


def test_the_dealer_is_corrected_and_a_bad_correction_is_a_400(client, db):
    game = start_game(client)
    play(client, db, game, {s: 3 for s in range(4)}, {0: 4, 1: 3, 2: 3, 3: 3})
    assert (
        client.post(
            f"/g/{game}/dealer", data={"hand": "9", "seat": "1", "version": version(db, game)}
        ).status_code
        == 400
    )
    bad_seat = client.post(
        f"/g/{game}/dealer", data={"hand": "2", "seat": "7", "version": version(db, game)}
    )
    assert bad_seat.status_code == 400 and "Choose who dealt hand 2." in text(bad_seat)
    done = client.post(
        f"/g/{game}/dealer", data={"hand": "1", "seat": "2", "version": version(db, game)}
    )
    assert done.status_code == 303
    doc = client.get(f"/g/{game}/export").get_json()
    assert doc["hands"][0]["dealer"] == 2
    assert "Dee deals" in text(client.get(f"/g/{game}"))  # hand 2 rotates on from Cho


def test_a_token_from_another_game_is_refused_and_not_answered_as_stored(client, db):
    first, second = start_game(client), start_game(client)
    for game in (first, second):
        client.post(
            f"/g/{game}/bids",
            data={**{f"bid_{s}": "3" for s in range(4)}, "version": version(db, game)},
        )
    stored = client.post(
        f"/g/{first}/tricks",
        data={**bids_and_tricks(db, first, [4, 3, 3, 3]), "submission": TOKEN},
    )
    assert stored.status_code == 303
    # Game A's token with game B's hand, as the outbox sends it: refused, B's hand not
    # dropped behind "stored at A".
    for headers in ({"X-Scorekeeper-Send": "1"}, {}):
        sent = client.post(
            f"/g/{second}/tricks",
            data={**bids_and_tricks(db, second, [3, 3, 3, 4]), "submission": TOKEN},
            headers=headers,
        )
        assert sent.status_code == 400, sent.get_data(as_text=True)
        assert "stored" not in (sent.get_json(silent=True) or {})
        assert "sending code of another game" in text(sent)
    assert client.get(f"/g/{second}/export").get_json()["hands"] == []
    # The same token on the same game but another step (the next hand's bids) is refused too.
    again = client.post(
        f"/g/{first}/bids",
        data={
            **{f"bid_{s}": "3" for s in range(4)},
            "version": version(db, first),
            "hand": "2",
            "submission": TOKEN,
        },
    )
    assert again.status_code == 400
    assert client.get(f"/g/{first}/bids").status_code == 200
    # B's hand sent with its own token is stored as usual.
    own = client.post(
        f"/g/{second}/tricks",
        data={**bids_and_tricks(db, second, [3, 3, 3, 4]), "submission": "f" * 32},
    )
    assert (
        own.status_code == 303 and len(client.get(f"/g/{second}/export").get_json()["hands"]) == 1
    )
