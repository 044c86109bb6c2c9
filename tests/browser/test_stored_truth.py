"""On a 390×844 phone opening the app by its LAN name: a name that looks like another
player's is marked beside its seat, a hand sent with another game's token is refused
and not dropped behind "stored", and a game whose stored hand no longer reads names
the hand on its page, in English and Japanese."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import new_phone
from .test_evening import imported
from .test_offline import hand_count, play_spades_tricks, spades_game
from .test_table import shot

SHOTS = Path("/tmp/shots-trust-fix")
CYRILLIC_ANN = "\u0410nn"


@pytest.fixture(scope="module", autouse=True)
def shots_folder() -> None:
    SHOTS.mkdir(exist_ok=True)


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "Seat 1 is Ann, which looks the same"), ("ja", "席1のAnnと同じに見えますが")],
)
def test_a_lookalike_name_is_marked_beside_its_seat(browser, live_server, language, said):
    page = new_phone(browser, live_server, locale=language)
    try:
        if language == "ja":
            page.goto(f"{live_server}/lang/ja?next=/")
        page.goto(f"{live_server}/new/yahoo-normal")
        for seat, name in enumerate(["Ann", "Ben", CYRILLIC_ANN, "Dee"]):
            page.fill(f"#player_{seat}", name)
        page.locator(".sticky-actions button[type=submit]").click()
        error = page.locator("#player_2-error")
        expect(error).to_contain_text(said)
        expect(page.locator("#player_2")).to_have_attribute("aria-invalid", "true")
        expect(page.locator("#player_2")).to_have_value(CYRILLIC_ANN)  # kept as typed
        shot(page, SHOTS, f"lookalike-{language}")
    finally:
        page.context.close()


def _to_tricks(page: Page, game: str) -> None:
    page.goto(f"{page.base_url}/g/{game}/bids")  # type: ignore[attr-defined]
    for seat in range(4):
        page.locator(f"[data-picker=bid_{seat}] label:has(input[value='3'])").click()
    page.get_by_role("button", name="Bids done — play the hand").click()
    play_spades_tricks(page)


def test_a_hand_sent_with_another_games_token_is_refused_not_dropped(phone: Page):
    page = phone
    first = imported(page, spades_game())
    second = imported(page, spades_game())
    _to_tricks(page, first)
    token = page.locator("form[data-keep] input[name=submission]").input_value()
    page.get_by_role("button", name="Score the hand").click()
    expect(page).to_have_url(f"{page.base_url}/g/{first}/hands/1")  # type: ignore[attr-defined]
    # The second game's hand goes with the first game's token (a mixed-up outbox).
    _to_tricks(page, second)
    key = page.locator("form[data-keep]").get_attribute("data-keep")
    page.evaluate(
        """([key, token]) => {
             const saved = JSON.parse(localStorage.getItem("scorekeeper:entry:" + key));
             localStorage.setItem("scorekeeper:entry:" + key, JSON.stringify({...saved, token}));
           }""",
        [key, token],
    )
    page.reload()
    assert page.locator("form[data-keep] input[name=submission]").input_value() == token
    page.get_by_role("button", name="Score the hand").click()
    expect(page.locator("main")).to_contain_text("sending code of another game")
    assert f"/g/{first}/" not in page.url
    assert hand_count(page, second) == 0 and hand_count(page, first) == 1
    shot(page, SHOTS, "foreign-token-en")
    # Back to the game: the entry is still there, with a token of its own this time.
    page.goto(f"{page.base_url}/g/{second}/tricks")  # type: ignore[attr-defined]
    assert page.locator("form[data-keep] input[name=submission]").input_value() != token
    expect(page.locator("[data-picker=tricks_1] input[value='4']")).to_be_checked()
    page.get_by_role("button", name="Score the hand").click()
    expect(page).to_have_url(f"{page.base_url}/g/{second}/hands/1")  # type: ignore[attr-defined]
    assert hand_count(page, second) == 1


def test_a_game_whose_stored_hand_no_longer_reads_names_it(browser, live_server, tmp_path):
    page = new_phone(browser, live_server)
    game = imported(page, spades_game([{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}] * 3))
    with sqlite3.connect(tmp_path / "scorekeeper.db") as conn:  # a byte flipped on disk
        conn.execute(
            "UPDATE hands SET body = ? WHERE game_id = ? AND number = 2",
            ['{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 4]}', game],
        )
    try:
        for language, title, said in [
            ("en", "This game cannot be shown", "Hand 2 of this game, as stored, cannot be read"),
            ("ja", "このゲームは表示できません", "ハンド2が読めません"),
        ]:
            if language == "ja":
                page.goto(f"{live_server}/lang/ja?next=/")
            response = page.goto(f"{live_server}/g/{game}")
            assert response is not None and response.status == 200
            expect(page.locator("h1")).to_contain_text(title)
            expect(page.locator("main")).to_contain_text(said)
            expect(page.locator("main")).to_contain_text("scorekeeper check --deep")
            shot(page, SHOTS, f"damaged-hand-{language}")
        page.goto(f"{live_server}/")  # the rest of the app works
        expect(page.locator("main")).to_contain_text("Ann")
    finally:
        page.context.close()
