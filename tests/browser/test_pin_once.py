"""The scorer PIN is sent once, however often Enter is tapped while the page loads."""

from __future__ import annotations

from urllib.parse import urlsplit

from playwright.sync_api import Page, expect

from .conftest import new_phone

# Tap Enter twice, as a thumb does, and count the submits the page lets through (the
# counting listener, added after the page's own, stops each from leaving the page).
DOUBLE_TAP = """() => {
  const form = document.querySelector("form.pin-form");
  let sent = 0;
  form.addEventListener("submit", (event) => {
    if (!event.defaultPrevented) sent += 1;
    event.preventDefault();
  });
  form.requestSubmit();
  form.requestSubmit();
  return sent;
}"""


def test_a_double_tapped_pin_is_sent_once(phone: Page, browser, live_server):
    """A PIN grant gives the phone a new device id that takes over its games. A second
    PIN, sent with the old id before the first answer came back, would leave the phone
    on an id with none of its games: the form lets only the first tap through."""
    other = new_phone(browser, live_server)
    try:
        other.goto(live_server + "/new?ruleset=yahoo-normal")
        for seat, name in enumerate(["Eve", "Fay", "Gus", "Hal"]):
            other.fill(f"#player_{seat}", name)
        other.get_by_role("button", name="Start the game").click()
        watch = other.locator("a.share-url").first.get_attribute("href") or ""
        pin = "".join((other.locator("strong.pin").text_content() or "").split())
    finally:
        other.context.close()
    phone.goto(live_server + urlsplit(watch).path)
    phone.fill("#pin", pin)
    assert phone.evaluate(DOUBLE_TAP) == 1
    phone.goto(live_server + urlsplit(watch).path)  # opened again, it sends its PIN as ever
    phone.fill("#pin", pin)
    phone.locator("form.pin-form button").click()
    expect(phone.get_by_text("This phone can now keep score.")).to_be_visible()
