"""Trust in a real browser: the language switch never leaves the app, however its
address is bent, and a damaged database shows its page on a phone, in both languages."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from scorekeeper.web import create_app

from ..test_damage import Season
from .conftest import LAN_NAME, new_phone, served


@pytest.mark.parametrize(
    "sent",
    [
        "/%09/evil.example/",
        "/%0a/evil.example/",
        "%09//evil.example/",
        "/%5c/evil.example/",
        "%5c%5cevil.example/",
        "%20//evil.example/",
        "https:evil.example/",
    ],
)
def test_the_language_switch_stays_on_the_table_s_app(phone, live_server, sent):
    # Were the browser sent to evil.example, the page would fail to load (no such name).
    phone.goto(f"{live_server}/lang/ja?next={sent}")
    assert urlsplit(phone.url).hostname == LAN_NAME
    assert urlsplit(phone.url).path == "/"
    expect(phone.locator("html")).to_have_attribute("lang", "ja")


@pytest.fixture
def damaged_server(tmp_path) -> Iterator[tuple[str, Season]]:
    season = Season(tmp_path / "season")
    instance = season.instance(tmp_path / "instance")
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(instance)})
    with served(app) as port:
        yield f"http://{LAN_NAME}:{port}", season


def test_a_damaged_database_shows_its_page_on_a_phone(browser, damaged_server):
    live, season = damaged_server
    folder = Path("/tmp/shots-trust")
    folder.mkdir(exist_ok=True)
    for language, title in [("en", "The database cannot be used"), ("ja", "データベース")]:
        page = new_phone(browser, live, locale=language)
        try:
            response = page.goto(f"{live}/g/{season.ids[70]}")
            assert response is not None and response.status == 503
            expect(page.locator("h1")).to_contain_text(title)
            expect(page.locator("main")).to_contain_text("scorekeeper restore")
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"the page scrolls sideways ({width} px)"
            page.screenshot(path=str(folder / f"damaged-{language}.png"), full_page=True)
        finally:
            page.context.close()
