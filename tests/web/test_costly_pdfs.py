"""PDFs in turns: one render of the same PDF at a time (the phones asking with it get
that render), one PDF at a time per phone (its network address), and a PDF made again
once what it shows has changed."""

from __future__ import annotations

import threading

import scorekeeper.pdf
from scorekeeper.web import costly

from .conftest import play, start_game
from .test_evenings import game_in, start_evening

HAND = ({0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})


def phone(n: int) -> dict[str, str]:
    return {"REMOTE_ADDR": f"192.0.2.{n}"}


class Held:
    """A PDF renderer that holds its first render until released, counting renders."""

    def __init__(self, render):
        self.render = render
        self.calls = 0
        self.started, self.release = threading.Event(), threading.Event()

    def __call__(self, *args, **kwargs):
        self.calls += 1
        if not self.started.is_set():
            self.started.set()
            assert self.release.wait(10)
        return self.render(*args, **kwargs)


def test_ten_phones_asking_for_the_evenings_summary_at_once_wait_for_one_render(
    client, db, monkeypatch
):
    monkeypatch.setattr(costly, "_kept", type(costly._kept)())
    evening = start_evening(client)
    game = game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])
    play(client, db, game, *HAND)
    held = Held(scorekeeper.pdf.evening_pdf)
    monkeypatch.setattr(scorekeeper.pdf, "evening_pdf", held)
    url = f"/e/{evening}/summary.pdf"
    first = []
    asking = threading.Thread(target=lambda: first.append(client.get(url, environ_base=phone(1))))
    asking.start()
    try:
        assert held.started.wait(10)
        for n in range(2, 11):  # nine more phones, while the first is being made
            waiting = client.get(url, environ_base=phone(n))
            assert waiting.status_code == 429 and waiting.headers["Refresh"] == "1"
            assert "Another phone is getting this PDF right now" in waiting.get_data(as_text=True)
    finally:
        held.release.set()
        asking.join(10)
    assert first[0].status_code == 200 and first[0].data.startswith(b"%PDF")
    # Their pages ask again a second later: the same PDF, rendered once.
    for n in range(2, 11):
        again = client.get(url, environ_base=phone(n))
        assert again.status_code == 200 and again.data == first[0].data
    assert held.calls == 1
    # A hand stored at a table: the summary is made again, with it.
    play(client, db, game, *HAND)
    later = client.get(url, environ_base=phone(2))
    assert later.status_code == 200 and later.data != first[0].data
    assert held.calls == 2


def test_a_phone_gets_one_pdf_at_a_time_and_other_phones_theirs(client, db, monkeypatch):
    monkeypatch.setattr(costly, "_kept", type(costly._kept)())
    one, other = start_game(client), start_game(client)
    held = Held(scorekeeper.pdf.scoresheet_pdf)
    monkeypatch.setattr(scorekeeper.pdf, "scoresheet_pdf", held)
    answers = []
    asking = threading.Thread(
        target=lambda: answers.append(
            client.get(f"/g/{one}/scoresheet.pdf", environ_base=phone(1))
        )
    )
    asking.start()
    try:
        assert held.started.wait(10)
        mine = client.get(f"/g/{other}/scoresheet.pdf", environ_base=phone(1))
        assert mine.status_code == 429 and mine.headers["Retry-After"] == "1"
        assert "This phone is getting a PDF right now" in mine.get_data(as_text=True)
        theirs = client.get(f"/g/{other}/scoresheet.pdf", environ_base=phone(2))
        assert theirs.status_code == 200 and theirs.data.startswith(b"%PDF")
        # A season's table or a ruleset's blank card waits its turn the same way.
        card = client.get("/rules/yahoo-normal/scorecard.pdf", environ_base=phone(1))
        assert card.status_code == 429
    finally:
        held.release.set()
        asking.join(10)
    assert answers[0].status_code == 200
    assert client.get(f"/g/{other}/scoresheet.pdf", environ_base=phone(1)).status_code == 200
