"""Every player can use it: large text, a screen reader and the keyboard, in English and
Japanese, on a 390×844 phone and a 320×640 one (WCAG 2.1 reflow), light and dark.

axe-core (vendored for these tests, tests/browser/vendor) finds no WCAG 2.1 A/AA problem
on the main pages; what it cannot see is walked here: contrast of every marker, focus
under the sticky bar, the page with its text doubled, what the live regions say and
where the keyboard's focus stays while the pages update themselves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from scorekeeper import store
from scorekeeper.engine.kinds import find_kind, kind_names
from scorekeeper.paths import database_path
from scorekeeper.store.db import open_database

from .a11y import CONTRAST, axe_violations, hidden_under_bar, with_text_doubled
from .conftest import new_phone
from .test_club_night import add_hand
from .test_evening import BROKEN_WORDS, imported, spades
from .test_rounds import start_evening

SIZES = {"390": {"width": 390, "height": 844}, "320": {"width": 320, "height": 640}}
TV = {"width": 1920, "height": 1080}
HANDS = [
    {"bids": [3, 4, 3, 3], "tricks": [3, 4, 3, 3]},
    {"bids": [4, "nil", 4, 4], "tricks": [4, 1, 4, 4]},
    {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]},
]
SAID = {
    "waiting": {"en": "1 hand waiting to send", "ja": "送信待ちのハンドが1つあります"},
    "not live": {"en": "Not live — as of", "ja": "更新停止中"},
    "pause": {"en": "Pause live updates", "ja": "自動更新を止める"},
    "resume": {"en": "Live updates paused: resume", "ja": "自動更新を停止中：再開する"},
    "updated": {"en": "Updated: ", "ja": "更新："},
    "hand 2": {"en": "Hand 2: ", "ja": "第2ハンド："},
    "score": {"en": "Score the hand", "ja": "ハンドを計算"},
}


def phone_in(browser, live_server: str, lang: str, size: str = "390", dark: bool = False) -> Page:
    """A phone in a language and a theme; the CSP bypassed so axe can be injected."""
    page = new_phone(
        browser,
        live_server,
        bypass_csp=True,
        locale="ja-JP" if lang == "ja" else "en-US",
        color_scheme="dark" if dark else "light",
    )
    page.set_viewport_size(SIZES[size])
    return page


def imported_in(page: Page, lang: str, doc: dict[str, object]) -> str:
    """Import a game file (the import page read in English), then read in `lang`."""
    server = page.base_url  # type: ignore[attr-defined]
    page.context.add_cookies([{"name": "lang", "value": "en", "url": server}])
    game = imported(page, doc)
    page.context.add_cookies([{"name": "lang", "value": lang, "url": server}])
    page.reload()
    return game


def evening_with_tables(instance: Path, mixed: bool = True) -> tuple[str, str, list[str]]:
    """An evening of eight tables (a Hearts one among them, unless not `mixed`: then
    ranked by points), stored as the organiser would: its id, its watch link's path,
    the games' ids."""
    db = open_database(database_path(instance))
    try:
        evening = store.create_evening(db, "Club night", "organizer")
        games = [
            store.create_game(
                db, "yahoo-normal", ["Alice", "Bob", "Carla", "Dev"], hands=HANDS, evening=evening
            ),
            store.create_game(
                db,
                "hearts-standard",
                ["Gus", "Hana", "Ivo", "Lea"],
                hands=[{"hearts": [3, 4, 5, 1], "queen_of_spades": 2}] * 3,
                evening=evening,
            )
            if mixed
            else store.create_game(
                db, "yahoo-normal", ["Gus", "Hana", "Ivo", "Lea"], hands=HANDS, evening=evening
            ),
        ]
        for n in range(6):
            names = [f"Player {n}{seat}" for seat in "abcd"]
            games.append(
                store.create_game(db, "yahoo-normal", names, hands=HANDS[:1], evening=evening)
            )
        return evening, "/v/" + store.get_evening(db, evening).watch_token, games
    finally:
        db.close()


def main_pages(page: Page, instance: Path) -> dict[str, str]:
    """The pages a table and a club use, with this phone keeping score of a game and
    organising an evening (its rounds form open), and watching a club night."""
    lang = page.evaluate("navigator.language").split("-")[0]
    game = imported_in(page, lang, spades(HANDS))
    page.context.add_cookies([{"name": "lang", "value": "en", "url": page.base_url}])  # type: ignore[attr-defined]
    start_evening(page, "Friday club")
    page.context.add_cookies([{"name": "lang", "value": lang, "url": page.base_url}])  # type: ignore[attr-defined]
    organised = page.url.split("/e/")[1].split("#")[0]
    _evening, watch, _games = evening_with_tables(instance)
    hearts = imported_in(
        page, lang, {**spades([]), "game": "hearts", "ruleset": "hearts-standard"}
    )
    bidding = imported_in(page, lang, spades(HANDS))
    page.goto(f"{page.base_url}/g/{bidding}/bids")  # type: ignore[attr-defined]
    for seat in range(4):
        page.locator(f"[data-picker=bid_{seat}] label:has(input[value='3'])").click()
    page.locator(".sticky-actions button.primary").click()
    page.wait_for_url(re.compile(r"/tricks$"))
    page.goto(f"{page.base_url}/players/")  # type: ignore[attr-defined]
    player = page.locator("main a[href^='/players/']:not([href$='.csv'])").first.get_attribute(
        "href"
    )
    return {
        "player": str(player),
        "hearts hand": f"/g/{hearts}/play",
        "tricks": f"/g/{bidding}/tricks",
        "home": "/",
        "new": "/new",
        "setup": "/new/yahoo-normal",
        "import": "/import",
        "rules index": "/rules/",
        "rules": "/rules/yahoo-normal",
        "compare": "/rules/compare?ids=yahoo-normal&ids=pagat-standard",
        "house rules": "/rules/house/save?base=yahoo-normal",
        "players": "/players/",
        "evenings": "/evenings/",
        "evening organised": f"/e/{organised}",
        "club night": watch,
        "scoresheet": f"/g/{game}",
        "bids": f"/g/{game}/bids",
        "hand": f"/g/{game}/hands/2",
        "edit a hand": f"/g/{game}/hands/2/edit",
        "game rules": f"/g/{game}/rules",
        "change a rule": f"/g/{game}/rules/change",
        "history": f"/g/{game}/history",
        "what if": f"/g/{game}/whatif",
        "dealer": f"/g/{game}/dealer",
        "seasons": "/seasons/",
        "members": "/members/",
    }


def shot(page: Page, name: str) -> None:
    folder = Path("/tmp/shots-a11y")
    folder.mkdir(exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"))


@pytest.mark.parametrize(
    ("lang", "size", "dark"),
    [("ja", "390", True), ("en", "320", False), ("ja", "320", True), ("en", "390", False)],
)
def test_the_main_pages_have_no_wcag_21_violation(
    browser, live_server, tmp_path, lang, size, dark
):
    page = phone_in(browser, live_server, lang, size, dark)
    try:
        pages = main_pages(page, tmp_path)
        found = {}
        for name, path in pages.items():
            page.goto(live_server + path)
            violations = axe_violations(page)
            if violations:
                found[name] = violations
        assert found == {}
    finally:
        page.context.close()


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_evening_on_a_tv_has_no_wcag_21_violation(browser, live_server, tmp_path, dark):
    _evening, watch, _games = evening_with_tables(tmp_path)
    page = phone_in(browser, live_server, "ja", dark=dark)
    page.set_viewport_size(TV)
    try:
        page.goto(live_server + watch)
        assert axe_violations(page) == []
    finally:
        page.context.close()


MARKED = [".mark", ".mark.pending", ".origin.house", ".origin.changed"]
BUTTONS = [
    "button.danger",
    "button.primary",
    "a.button.primary",
    "button",
    ".kinds a[aria-current]",
]


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_every_marker_and_button_reads_at_aa_in_both_themes(browser, live_server, dark):
    """Each kind's every marker on a sheet, and each kind of button: words 4.5:1 or more."""
    page = phone_in(browser, live_server, "en", dark=dark)
    try:
        imported(page, spades(HANDS))
        keys = sorted({key for name in kind_names() for key in find_kind(name).facts.markers})
        assert "set" in keys and len(keys) > 5
        samples = [f"mark mark-{key}" for key in keys]
        page.evaluate(
            """([marks, others]) => {
              const box = document.createElement('div');
              box.className = 'samples';
              for (const cls of marks) { const s = document.createElement('span'); s.className = cls; s.textContent = 'set'; box.appendChild(s); }
              for (const sel of others) {
                const [tag, ...cls] = sel.replace(/\\[.*\\]/, '').split('.');
                const e = document.createElement(tag || 'span'); e.className = cls.join(' '); e.textContent = 'Delete';
                if (sel.includes('aria-current')) { const k = document.createElement('div'); k.className = 'kinds'; e.setAttribute('aria-current', 'page'); k.appendChild(e); box.appendChild(k); }
                else box.appendChild(e);
              }
              document.querySelector('.sheet').appendChild(box);
            }""",
            [samples, MARKED + BUTTONS],
        )
        ratios = page.evaluate(
            f"() => [...document.querySelectorAll('.samples > :not(.kinds), .samples .kinds > *')]"
            f".map(e => [e.tagName + '.' + e.className, ({CONTRAST})(e)])"
        )
        assert len(ratios) == len(samples) + len(MARKED) + len(BUTTONS)
        low = [(what, ratio) for what, ratio in ratios if ratio < 4.5]
        assert low == [], low
    finally:
        page.context.close()


STICKY = [
    "setup",
    "rules index",
    "house rules",
    "bids",
    "edit a hand",
    "change a rule",
    "evening organised",
]


@pytest.mark.parametrize(
    ("lang", "size"), [("en", "390"), ("ja", "390"), ("en", "320"), ("ja", "320")]
)
def test_nothing_that_takes_focus_hides_under_the_sticky_bar(
    browser, live_server, tmp_path, lang, size
):
    page = phone_in(browser, live_server, lang, size)
    try:
        pages = main_pages(page, tmp_path)
        hidden, stops = {}, 0
        for name in STICKY:
            page.goto(live_server + pages[name])
            count, under = hidden_under_bar(page)
            stops += count
            if under:
                hidden[name] = under
        assert stops > 100  # the walk went through the forms
        assert hidden == {}
    finally:
        page.context.close()


@pytest.mark.parametrize(
    ("lang", "size"), [("en", "390"), ("ja", "390"), ("en", "320"), ("ja", "320")]
)
def test_with_the_text_doubled_no_page_scrolls_sideways_and_each_has_one_h1(
    browser, live_server, tmp_path, lang, size
):
    page = phone_in(browser, live_server, lang, size)
    width = SIZES[size]["width"]
    try:
        pages = main_pages(page, tmp_path)
        wrong = {}
        for name, path in pages.items():
            page.goto(live_server + path)
            measured = with_text_doubled(page)
            broken = page.evaluate(BROKEN_WORDS, "header.bar, .sticky-actions, .actions")
            if measured != {"page": width, "header": width, "h1": 1} or broken:
                wrong[name] = (measured, broken)
            if name in ("scoresheet", "bids", "club night") and lang == "en":
                shot(page, f"after-{lang}-{size}-200pct-{name.replace(' ', '-')}")
        assert wrong == {}
    finally:
        page.context.close()


def test_the_sticky_bar_stops_sticking_when_doubled_text_makes_it_tall(browser, live_server):
    page = phone_in(browser, live_server, "en", "320")
    try:
        game = imported(page, spades([]))
        page.goto(f"{live_server}/g/{game}/bids")
        bar = page.locator(".sticky-actions")
        assert bar.evaluate("b => getComputedStyle(b).position") == "sticky"
        page.evaluate("document.documentElement.style.fontSize = '400%'")
        expect(bar).to_have_class(re.compile("unstuck"))
        page.evaluate("document.documentElement.style.fontSize = ''")
        expect(bar).not_to_have_class(re.compile("unstuck"))
    finally:
        page.context.close()


def focus_table_card(page: Page, number: int) -> None:
    """Tab to a table's card, as the keyboard would, and mark the element."""
    link = page.locator(f"#table-{number} > a")
    link.focus()
    page.evaluate("document.activeElement.mine = 'yes'")  # a property: the element itself


@pytest.mark.parametrize(
    ("lang", "viewport"),
    [("en", SIZES["390"]), ("ja", SIZES["320"]), ("ja", TV)],
    ids=["en-390", "ja-320", "ja-tv"],
)
def test_a_hand_at_another_table_is_said_and_focus_stays(
    browser, live_server, tmp_path, lang, viewport
):
    _evening, watch, games = evening_with_tables(tmp_path)
    page = phone_in(browser, live_server, lang)
    page.set_viewport_size(viewport)
    try:
        page.goto(live_server + watch)
        announce = page.locator("#announce")
        expect(announce).to_have_attribute("role", "status")
        expect(announce).to_have_text("")  # there, and empty, before anything is said
        focus_table_card(page, 1)
        first = page.locator("#table-1 .side-total b")
        before = first.all_inner_texts()
        add_hand(tmp_path, games[0], {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]})
        expect(first.first).not_to_have_text(before[0], timeout=6000)
        after = first.all_inner_texts()
        table = "Table 1" if lang == "en" else "テーブル1"
        expect(announce).to_contain_text(
            f"{table}: Alice & Carla {after[0]}, Bob & Dev {after[1]}"
        )
        # The very element the keyboard was on still has it.
        assert page.evaluate("document.activeElement.mine") == "yes"
        assert page.evaluate("document.activeElement === document.querySelector('#table-1 > a')")
        # A hand at another table while the keyboard is elsewhere in the list.
        add_hand(tmp_path, games[2], {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]})
        expect(announce).to_contain_text("Player 0a & Player 0c", timeout=6000)
        assert page.evaluate("document.activeElement.mine") == "yes"
        shot(page, f"after-{lang}-{viewport['width']}-evening-live")
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_evening_says_when_it_is_not_live_and_can_be_paused(
    browser, live_server, tmp_path, lang
):
    _evening, watch, games = evening_with_tables(tmp_path)
    page = phone_in(browser, live_server, lang, "320")
    try:
        page.goto(live_server + watch)
        announce = page.locator("#announce")
        page.context.set_offline(True)
        expect(page.locator("#not-live")).to_be_visible(timeout=6000)
        expect(announce).to_contain_text(SAID["not live"][lang])
        page.context.set_offline(False)
        expect(page.locator("#not-live")).to_be_hidden(timeout=6000)
        pause = page.locator("#live-pause")
        expect(pause).to_have_text(SAID["pause"][lang])
        pause.click()
        expect(pause).to_have_attribute("aria-pressed", "true")
        expect(pause).to_have_text(SAID["resume"][lang])
        total = page.locator("#table-1 .side-total b").first
        before = total.inner_text()
        add_hand(tmp_path, games[0], {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]})
        page.wait_for_timeout(4500)  # two polls' time: paused, nothing moves
        expect(total).to_have_text(before)
        pause.click()
        expect(total).not_to_have_text(before, timeout=6000)
    finally:
        page.context.close()


@pytest.mark.parametrize(("lang", "size"), [("en", "390"), ("ja", "320")])
def test_waiting_to_send_is_said_and_so_is_sent(browser, live_server, lang, size):
    page = phone_in(browser, live_server, lang, size)
    try:
        game = imported_in(page, lang, spades(HANDS[:1]))
        page.goto(f"{live_server}/g/{game}/bids")
        for seat in range(4):
            page.locator(f"[data-picker=bid_{seat}] label:has(input[value='3'])").click()
        page.locator(".sticky-actions button.primary").click()
        for seat, took in enumerate(["3", "4", "3", "3"]):
            page.locator(f"[data-picker=tricks_{seat}] label:has(input[value='{took}'])").click()
        announce = page.locator("#announce")
        expect(announce).to_have_text("")
        page.route("**/tricks", lambda route: route.abort())  # the app cannot be reached
        page.get_by_role("button", name=SAID["score"][lang]).click()
        expect(page.locator("#outbox")).to_be_visible()
        expect(announce).to_contain_text(SAID["waiting"][lang])
        shot(page, f"after-{lang}-{size}-waiting-to-send")
        page.unroute("**/tricks")
        page.goto(f"{live_server}/rules/")  # another page: sent from there, and said
        expect(announce).to_contain_text(
            "Sent: the hand is stored." if lang == "en" else "送信しました", timeout=6000
        )
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_scoresheet_row_reads_as_words(browser, live_server, lang):
    page = phone_in(browser, live_server, lang)
    try:
        imported_in(page, lang, spades(HANDS))
        row = page.locator("#hand-2 > summary")
        name = row.evaluate("s => s.textContent")  # what the hidden words say, first
        assert SAID["hand 2"][lang] in name
        expect(row).to_have_accessible_name(re.compile("^" + re.escape(SAID["hand 2"][lang])))
        spoken = page.locator("#hand-2 > summary .sr").inner_text()
        expect(row).to_have_accessible_name(spoken)
        assert "Zoë" in spoken and "山田" in spoken
    finally:
        page.context.close()


@pytest.mark.parametrize(("lang", "size"), [("en", "390"), ("ja", "320")])
def test_a_watched_sheet_keeps_focus_through_its_update_and_can_pause(
    browser, live_server, tmp_path, lang, size
):
    _evening, _watch, games = evening_with_tables(tmp_path)
    db = open_database(database_path(tmp_path))
    try:
        token = store.get_game(db, games[0]).watch_token
    finally:
        db.close()
    page = phone_in(browser, live_server, lang, size)
    try:
        page.goto(f"{live_server}/w/{token}")
        history = page.locator(".game-foot a[href$='/history']")
        history.focus()
        big = page.locator(".totals .big").first
        before = big.inner_text()
        add_hand(tmp_path, games[0], {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]})
        announce = page.locator("#announce")
        expect(announce).to_contain_text(SAID["updated"][lang], timeout=9000)
        assert big.inner_text() != before
        expect(announce).to_contain_text(f"Alice & Carla {big.inner_text()}")
        expect(history).to_be_focused()
        before = big.inner_text()
        # Paused, the sheet stays as it is.
        page.locator("#live-pause").click()
        page.evaluate("window.stillHere = true")
        add_hand(tmp_path, games[0], {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]})
        page.wait_for_timeout(6000)
        assert page.evaluate("window.stillHere") is True
        page.locator("#live-pause").click()
        expect(big).not_to_have_text(before, timeout=9000)
    finally:
        page.context.close()


@pytest.mark.parametrize(("lang", "size"), [("en", "390"), ("ja", "320")])
def test_a_refused_form_takes_the_keyboard_to_its_problems(browser, live_server, lang, size):
    page = phone_in(browser, live_server, lang, size)
    try:
        game = imported_in(page, lang, spades([]))
        page.goto(f"{live_server}/g/{game}/bids")
        page.locator("[data-picker=bid_0] label:has(input[value='3'])").click()
        page.locator(".sticky-actions button.primary").click()
        expect(page.locator("#problems")).to_be_focused()
        assert page.locator("[data-picker=bid_1] input[aria-invalid=true]").count() > 0
        page.context.add_cookies([{"name": "lang", "value": "en", "url": live_server}])
        start_evening(page, "Friday club")
        page.context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
        page.reload()
        page.fill("#rounds-players", "Ann\nBen")
        page.locator(".rounds-form button[name=action][value=seat]").click()
        expect(page.locator(".rounds-form .errors")).to_be_focused()
        expect(page.locator("#rounds-players")).to_have_attribute("aria-invalid", "true")
        shot(page, f"after-{lang}-{size}-rounds-refused")
    finally:
        page.context.close()


def test_the_standings_at_320_take_focus_and_show_they_scroll(browser, live_server, tmp_path):
    _evening, watch, _games = evening_with_tables(tmp_path, mixed=False)
    page = phone_in(browser, live_server, "en", "320")
    try:
        page.goto(live_server + watch)
        box = page.locator("#standings .scroll")
        assert box.evaluate("b => b.scrollWidth > b.clientWidth")  # it does scroll here
        expect(box).to_have_attribute("tabindex", "0")
        expect(box).to_have_accessible_name("Standings")
        box.focus()
        expect(box).to_be_focused()
        assert box.evaluate("b => getComputedStyle(b).outlineStyle") != "none"
        assert "gradient" in box.evaluate("b => getComputedStyle(b).backgroundImage")
        page.keyboard.press("ArrowRight")
        page.wait_for_function("document.querySelector('#standings .scroll').scrollLeft > 0")
        box.scroll_into_view_if_needed()
        shot(page, "after-en-320-standings-scroll")
    finally:
        page.context.close()
