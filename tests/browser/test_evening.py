"""A newcomer's game night on a 390×844 phone: every rough edge they found, walked again.

Each test opens the pages a table uses, checks what a player sees (no sideways
scrolling, no word broken in the middle, sentences in words rather than data), and
the habits of an evening: play again, archive, delete — the last three with
JavaScript off, since a phone with scripts blocked must still tidy its list.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from .conftest import new_phone
from .test_table import no_sideways_scroll, play_hand, shot, totals

# Words split across two lines inside one box (dashes, slashes and Japanese text may
# break anywhere a line may; a Latin word may not).
BROKEN_WORDS = """(selector) => {
  const broken = [];
  for (const box of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/[A-Za-zÀ-ÿ]{2,}/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        if (lines.size > 1) broken.push(m[0]);
      }
    }
  }
  return broken;
}"""


def no_broken_words(page: Page, selector: str) -> None:
    assert page.locator(selector).count() > 0, selector
    broken = page.evaluate(BROKEN_WORDS, selector)
    assert broken == [], f"{page.url}: words broken in {selector}: {broken}"


def spades(hands: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {
        "format": "scorekeeper-game/1",
        "game": "spades",
        "ruleset": "yahoo-normal",
        "players": ["山田", "Zoë", "O'Brien", "Bob"],
        "hands": hands,
        **extra,
    }


def imported(page: Page, doc: dict[str, Any]) -> str:
    """Import a game file on this phone (which may then keep score) and open it."""
    page.goto(page.base_url + "/import")  # type: ignore[attr-defined]
    page.fill("textarea", json.dumps(doc, ensure_ascii=False))
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_text("Game imported.")).to_be_visible()
    return page.url.rsplit("/", 1)[1]


def share_path(page: Page, kind: str) -> str:
    """A share link as the page shows it, and its path (to open it on this test server)."""
    page.locator("details.share summary").click()
    url = page.locator(f"a.share-url[href*='/{kind}/']").inner_text()
    return url


def test_changing_a_rule_fits_the_phone_and_says_what_is_wrong_beside_the_field(
    phone: Page, screenshots: Path
):
    page = phone
    game = imported(page, spades([{"bids": [3, 4, 3, 3], "tricks": [3, 4, 3, 3]}]))
    page.goto(f"{page.base_url}/g/{game}/rules/change")  # type: ignore[attr-defined]
    no_sideways_scroll(page)
    first = page.locator("fieldset.picker label.check").first
    assert first.bounding_box()["width"] > 250  # it was squeezed to zero beside the legend
    page.locator("details.options:has(#opt_sandbag_limit) > summary").click()
    page.fill("#opt_sandbag_limit", "0")
    page.locator("details.options:has(#opt_target) > summary").click()
    page.fill("#opt_target", "1000000")
    page.get_by_label("The table agreed to this change").check()
    page.get_by_role("button", name="Change the rules").click()
    expect(page.locator(".errors")).to_contain_text("Check the options marked below")
    expect(page.locator("#row-opt_target .error")).to_have_text(
        "Enter a number from -100000 to 100000."
    )
    expect(page.locator("#row-opt_target input")).to_have_value("1000000")  # kept as typed
    # Both problems at once, each beside its own field, both groups open.
    expect(page.locator("#row-opt_sandbag_limit .error")).to_have_text("Enter 1 or more.")
    expect(page.locator("#row-opt_sandbag_limit input")).to_be_visible()
    assert "sandbag_limit" not in page.locator("main").inner_text()
    no_sideways_scroll(page)
    shot(page, screenshots, "30-change-rule-errors")


def test_setup_goes_round_the_table_and_refuses_the_same_name_twice(
    phone: Page, screenshots: Path
):
    page = phone
    page.goto(page.base_url + "/new/yahoo-normal")  # type: ignore[attr-defined]
    order = page.evaluate("[...document.querySelectorAll('input[id^=player_]')].map(e => e.id)")
    assert order == ["player_0", "player_1", "player_2", "player_3"]
    page.focus("#player_0")
    page.keyboard.type("Bob")
    for _ in range(3):  # past "deals first": the next name field is seat 2's
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.type") == "text":
            break
    assert page.evaluate("document.activeElement.id") == "player_1"
    page.keyboard.type("Ann")
    page.fill("#player_2", "bob ")
    page.fill("#player_3", "Cy")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#player_2-error")).to_have_text(
        "Seat 1 is already Bob: give each player a different name (Bob K., Bob L.)."
    )
    expect(page.locator("#player_2")).to_have_value("bob")
    expect(page.locator("#player_1")).to_have_value("Ann")
    expect(page.get_by_text("seats 1 and 3 play against seats 2 and 4")).to_be_visible()
    no_sideways_scroll(page)
    shot(page, screenshots, "31-setup-same-name")


def test_wrong_pins_lock_out_only_the_guesser_on_that_game(browser, live_server, phone: Page):
    scorer = phone
    first = imported(scorer, spades([]))
    watch_first = share_path(scorer, "w")
    # Opened by the table's network name, the link a phone is given names it too.
    assert watch_first.startswith(live_server + "/w/")
    second = imported(scorer, spades([]))
    watch_second = share_path(scorer, "w")
    pin_second = scorer.locator("strong.pin").inner_text()
    guest = new_phone(browser, live_server)
    try:
        guest.goto(live_server + "/w/" + watch_first.rsplit("/w/", 1)[1])
        expect(guest.locator("#watching")).to_contain_text("read-only")
        expect(guest.get_by_role("link", name="Enter bids")).to_have_count(0)
        guest.fill("#pin", "000000" if pin_second != "000000" else "111111")
        guest.get_by_role("button", name="Enter").click()
        expect(guest.get_by_text("That PIN is not right. Try again")).to_be_visible()
        expect(guest.locator("#pin")).to_be_visible()  # a field to try again, on the sheet
        expect(guest.locator(".totals")).to_be_visible()
        for _ in range(5):
            guest.fill("#pin", "999999" if pin_second != "999999" else "888888")
            guest.get_by_role("button", name="Enter").click()
        expect(guest.get_by_text("Too many wrong PINs for this game")).to_be_visible()
        # The same phone, the same address: the other game's right PIN still works.
        guest.goto(live_server + "/w/" + watch_second.rsplit("/w/", 1)[1])
        guest.fill("#pin", pin_second)
        guest.get_by_role("button", name="Enter").click()
        expect(guest.get_by_text("This phone can now keep score.")).to_be_visible()
        assert guest.url.endswith(f"/g/{second}")
        # And the scorer of the first game was never locked out of it.
        scorer.goto(f"{live_server}/g/{first}")
        expect(scorer.get_by_role("link", name="Enter bids")).to_be_visible()
    finally:
        guest.context.close()


def test_what_if_zero_and_history_speak_in_words(phone: Page, screenshots: Path):
    page = phone
    game = imported(
        page,
        spades(
            [{"bids": ["blind_nil", 5, 2, 3], "tricks": [0, 6, 3, 4]}],
            options={"target": 250, "blind_nil_behind": 0},
        ),
    )
    expect(page.locator(".mark-blind_nil_made")).to_have_text("blind nil made")
    assert "−" in " ".join(totals(page)) or "-" not in " ".join(totals(page))
    expect(page.get_by_text("Changed from the preset:")).to_contain_text("Target: 250")
    page.goto(f"{page.base_url}/g/{game}/whatif?ruleset=pagat-standard")  # type: ignore[attr-defined]
    # pagat-standard refuses the blind nil at level scores: no verdict on the end (the
    # page used to say "Under both rules the game is not over yet.", which it cannot know).
    expect(
        page.get_by_text(
            "No verdict: these rules cannot score hand 1, so nothing can be compared."
        )
    ).to_be_visible()
    expect(page.get_by_text("The winner changes.")).to_have_count(0)
    no_sideways_scroll(page)
    shot(page, screenshots, "32-whatif-not-over")
    page.get_by_role("link", name="Scoresheet").click()
    page.get_by_role("link", name="Enter bids").first.click()
    expect(page.locator("#zero-note")).to_contain_text("it is not a nil")
    page.get_by_role("link", name="Scoresheet").click()
    play_hand(page, {1: "3", 2: "0", 3: "4", 0: "4"}, {1: "3", 2: "1", 3: "4", 0: "5"})
    page.goto(f"{page.base_url}/g/{game}/history")  # type: ignore[attr-defined]
    history = page.locator("main").inner_text()
    assert "O'Brien: bid 0, took 1" in history and "山田: bid 4, took 5" in history
    assert '{"bids"' not in history


def test_the_minus_sign_and_seat_numbers(phone: Page):
    page = phone
    imported(page, spades([{"bids": [3, "nil", 4, 2], "tricks": [4, 1, 5, 3]}]))
    assert "−78" in totals(page) and not any(t.startswith("-") for t in totals(page))
    page.goto(page.base_url + "/rules/yahoo-normal")  # type: ignore[attr-defined]
    rules = page.locator("main").inner_text()
    assert "seats 1 & 3 against 2 & 4" in rules and "seats 0" not in rules
    no_sideways_scroll(page)


def test_buttons_and_headers_never_break_a_word(phone: Page, screenshots: Path):
    page = phone
    spitzer = imported(
        page,
        {
            "format": "scorekeeper-game/1",
            "game": "spitzer",
            "ruleset": "spitzer",
            "players": ["Ann", "Ben", "Cho", "Dee"],
            "hands": [{"contract": "sneaker", "declarers": [1], "points": 65, "tricks": 4}],
        },
    )
    page.locator("#hand-1 > summary").click()
    assert page.locator("#hand-1 .explain").inner_text().count("column") == 1
    page.goto(f"{page.base_url}/g/{spitzer}/play")  # type: ignore[attr-defined]
    no_broken_words(page, "[data-picker=contract] .chip span")
    no_sideways_scroll(page)
    shot(page, screenshots, "33-spitzer-contracts")
    hearts = imported(
        page,
        {
            "format": "scorekeeper-game/1",
            "game": "hearts",
            "ruleset": "hearts-standard",
            "players": ["Ann", "Ben", "Cho", "Dee"],
            "hands": [
                {"hearts": [3, 4, 5, 1], "queen_of_spades": 2},
                {"hearts": [3, 4, 5, 1], "queen_of_spades": 2},
            ],
        },
    )
    expect(page.get_by_text("pass 3 across")).to_be_visible()
    page.goto(f"{page.base_url}/g/{hearts}/play")  # type: ignore[attr-defined]
    no_broken_words(page, "[data-picker=moon_choice] .chip span")
    box = page.locator("[data-picker=moon_choice] .chip").first.bounding_box()
    assert box["height"] < 70  # two lines at most, not three
    for seat, taken in enumerate(("3", "3", "3", "3")):
        page.locator(f"[data-picker=hearts_{seat}] label:has(input[value='{taken}'])").click()
    page.locator("[data-picker=queen_of_spades] label").first.click()
    page.get_by_role("button", name="Score the hand").click()
    expect(page.locator(".errors")).to_contain_text("Hearts add up to 12, expected 13")
    page.goto(page.base_url + "/rules/compare?ids=yahoo-normal&ids=winspades&ids=hoyle")  # type: ignore[attr-defined]
    no_broken_words(page, "table.compare thead th, table.compare tbody th")
    no_sideways_scroll(page)


def test_new_game_finds_hearts_and_spitzer_and_names_its_sources(phone: Page):
    page = phone
    page.goto(page.base_url + "/new")  # type: ignore[attr-defined]
    hearts = page.locator("nav.kinds a", has_text="Hearts")
    assert hearts.bounding_box()["y"] < 400  # on the first screen, not below 22 Spades
    sources = page.locator(".preset .source").all_inner_texts()
    assert not [s for s in sources if re.fullmatch(r"Source: \d{3}_[0-9a-f]+\.txt", s)]
    hearts.click()
    expect(page.locator("input[name=ruleset][value=hearts-standard]")).to_be_checked()
    expect(page.locator("input[name=ruleset][value=yahoo-normal]")).to_have_count(0)
    page.locator("nav.kinds a", has_text="Spitzer").click()
    page.get_by_role("button", name="Next: players").click()
    expect(page.locator("h1")).to_have_text("Spitzer")
    no_sideways_scroll(page)


def test_play_again_archive_and_delete_work_without_javascript(
    browser, live_server, screenshots: Path
):
    page = new_phone(browser, live_server, java_script_enabled=False)
    try:
        finished = spades(
            [{"bids": [4, 3, 4, 2], "tricks": [4, 3, 4, 2]}] * 2, options={"target": 150}
        )
        imported(page, finished)
        expect(page.get_by_text("Winner: 山田 & O'Brien")).to_be_visible()
        expect(page.get_by_text("O'Brien deals first")).to_be_visible()  # the deal moved on
        page.get_by_label("New partners").check()
        page.get_by_role("button", name="Play again").click()
        expect(page.get_by_text("A new game with the same players and rules.")).to_be_visible()
        expect(page.locator(".totals .side").first).to_have_text("山田 & Bob")
        shot(page, screenshots, "34-rematch")
        page.goto(live_server + "/")
        cards = page.locator(".game-card")
        expect(cards).to_have_count(2)
        expect(cards.first).to_contain_text("No hand yet")  # in progress comes first
        expect(cards.nth(1)).to_contain_text("Winner: 山田 & O'Brien · 160 : 100")
        expect(cards.nth(1)).to_contain_text("Yahoo! Normal")
        cards.nth(1).get_by_role("button", name="Archive").click()
        expect(page.get_by_text("Archived (1)")).to_be_visible()
        page.get_by_text("Archived (1)").click()
        page.get_by_role("button", name="Put back on the list").click()
        expect(page.get_by_text("Back on the list.")).to_be_visible()
        no_sideways_scroll(page)
        shot(page, screenshots, "35-home")
        cards.first.locator("a").click()
        page.get_by_role("link", name="Delete this game…").click()
        expect(page.get_by_text("This cannot be undone")).to_be_visible()
        page.get_by_role("button", name="Delete the game").click()
        expect(page.get_by_text("Game deleted: 山田 · O'Brien · Bob · Zoë.")).to_be_visible()
        expect(page.locator(".game-card")).to_have_count(1)
    finally:
        page.context.close()


def test_japanese_pages_keep_their_words_whole(browser, live_server):
    page = new_phone(browser, live_server, locale="ja-JP", color_scheme="dark")
    try:
        game = imported_ja(page)
        page.goto(f"{live_server}/g/{game}/play")
        no_broken_words(page, "[data-picker=contract] .chip span")
        no_sideways_scroll(page)
        page.goto(f"{live_server}/g/{game}/rules/change")
        no_sideways_scroll(page)
    finally:
        page.context.close()


def imported_ja(page: Page) -> str:
    page.goto(page.base_url + "/import")  # type: ignore[attr-defined]
    doc = {
        "format": "scorekeeper-game/1",
        "game": "spitzer",
        "ruleset": "spitzer",
        "players": ["山田", "鈴木", "佐藤", "田中"],
        "hands": [],
    }
    page.fill("textarea", json.dumps(doc, ensure_ascii=False))
    page.locator("form button[type=submit]").click()
    return page.url.rsplit("/", 1)[1]


def test_players_and_their_statistics_on_the_phone(phone: Page, screenshots: Path):
    page = phone
    imported(page, spades([{"bids": ["nil", 4, 4, 3], "tricks": [0, 4, 5, 4]}]))
    imported(
        page,
        {
            "format": "scorekeeper-game/1",
            "game": "hearts",
            "ruleset": "hearts-standard",
            "players": ["山田", "Ann", "Ben", "Cy"],
            "hands": [{"hearts": [13, 0, 0, 0], "queen_of_spades": 0, "moon_choice": "add"}],
        },
    )
    page.goto(page.base_url + "/")  # type: ignore[attr-defined]
    page.get_by_role("link", name="Players and statistics").click()
    expect(page.locator("table.stats")).to_contain_text("山田")
    no_sideways_scroll(page)
    page.get_by_role("link", name="山田").click()
    expect(page.get_by_text("Nils made: 1 / 1 (100%)")).to_be_visible()
    expect(page.locator(".kind-stats").filter(has_text="Moons shot")).to_contain_text("1")
    no_sideways_scroll(page)
    shot(page, screenshots, "36-player")
    page.goto(page.base_url + "/new/yahoo-normal")  # type: ignore[attr-defined]
    assert page.locator("#known-players option[value='山田']").count() == 1


def test_an_evening_on_the_phone_and_on_a_tv(browser, live_server, phone: Page, screenshots: Path):
    page = phone
    page.goto(page.base_url + "/")  # type: ignore[attr-defined]
    page.get_by_role("link", name="Evenings").click()
    page.fill("#evening-name", "Friday club")
    page.get_by_role("button", name="Start the evening").click()
    expect(page.locator("h1")).to_have_text("Friday club")
    evening_url = page.url
    for names in (["Ann", "Ben", "Cho", "Dee"], ["Eve", "Fay", "Gus", "Hal"]):
        page.get_by_role("link", name="Start a game at a new table").click()
        page.get_by_role("button", name="Next: players").click()
        for seat, name in enumerate(names):
            page.fill(f"#player_{seat}", name)
        page.get_by_role("button", name="Start the game").click()
        play_hand(page, {1: "3", 2: "3", 3: "3", 0: "4"}, {1: "3", 2: "3", 3: "3", 0: "4"})
        page.goto(evening_url)
    expect(page.locator(".tables .game-card")).to_have_count(2)
    expect(page.locator("table.standings")).to_contain_text("Ann")
    no_sideways_scroll(page)
    shot(page, screenshots, "37-evening-phone")
    with page.expect_download() as download:
        page.get_by_role("link", name="CSV for spreadsheets").click()
    rows = Path(download.value.path()).read_text(encoding="utf-8-sig").splitlines()
    assert (
        rows[0].startswith("game,round,table,ruleset,started,hand,seat,player") and len(rows) == 9
    )
    # The TV is another browser: it opens the evening's watch link (its QR code).
    page.locator("details.share summary").click()
    link = page.locator("details.share a.share-url").inner_text()
    tv = browser.new_context(viewport={"width": 1920, "height": 1080})
    try:
        screen = tv.new_page()
        screen.goto(live_server + "/v/" + link.rsplit("/v/", 1)[1])
        expect(screen.locator(".tables .game-card")).to_have_count(2)
        expect(screen.locator("table.standings")).to_contain_text("Ann")
        assert screen.evaluate("document.documentElement.scrollWidth") <= 1920
        font = screen.evaluate(
            "parseFloat(getComputedStyle(document.querySelector('.evening')).fontSize)"
        )
        assert font >= 24  # readable across a room
        screen.screenshot(path=str(screenshots / "38-evening-tv.png"))
    finally:
        tv.close()
