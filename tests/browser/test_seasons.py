"""A season on a phone: the night chooser lists the latest evenings and finds an old
one by its name (the search is a form of its own: Enter in it starts no season), and
the season's starter deletes it after a page that says what stays."""

from __future__ import annotations

from playwright.sync_api import expect


def test_an_old_evening_found_by_name_starts_a_season_then_deleted(phone):
    live = phone.base_url
    for n in range(1, 25):
        phone.goto(f"{live}/evenings/")
        phone.fill("input[name=name]", f"Club night {n}")
        phone.locator("input[name=name]").press("Enter")
        expect(phone.locator("h1")).to_have_text(f"Club night {n}")
    phone.goto(f"{live}/seasons/")
    chooser = phone.locator("input[name=evening]")
    expect(chooser).to_have_count(20)  # the latest 20, never all 24
    expect(phone.locator("ul.choices")).not_to_contain_text("Club night 3 ")
    phone.fill("#season-name", "Spring league")
    phone.fill("#find-nights", "Club night 3")
    phone.locator("#find-nights").press("Enter")  # searches; the name typed stays unsent
    expect(chooser).to_have_count(1)
    expect(phone.locator("ul.choices")).to_contain_text("Club night 3")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.fill("#season-name", "Spring league")
    chooser.first.check()
    phone.locator("form.season-form button.primary").click()
    expect(phone.locator("h1")).to_have_text("Spring league")
    expect(phone.locator("main")).to_contain_text("Club night 3")
    phone.get_by_text("Delete this season…").click()
    expect(phone.locator("main")).to_contain_text("Its evenings, their games and every score")
    phone.get_by_role("button", name="Delete the season").click()
    expect(phone.locator("main")).to_contain_text("Season deleted: Spring league.")
    phone.goto(f"{live}/evenings/")
    expect(phone.locator("main")).to_contain_text("Club night 3")
