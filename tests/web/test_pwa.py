"""Installable on a phone: manifest, icons, service worker, offline page."""

from __future__ import annotations

import json


def test_manifest_is_served_with_its_type_and_icons(client):
    response = client.get("/manifest.webmanifest")
    assert response.mimetype == "application/manifest+json"
    manifest = json.loads(response.get_data(as_text=True))
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        with client.get(icon["src"]) as served:
            assert served.status_code == 200 and served.mimetype == icon["type"]


def test_service_worker_is_served_from_the_root_as_javascript(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    body = response.get_data(as_text=True)
    assert 'request.method !== "GET"' in body and "/offline" in body


def test_every_page_links_the_manifest_and_the_script_registers_the_worker(client):
    page = client.get("/").get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    with client.get("/static/app.js") as response:
        script = response.get_data(as_text=True)
    assert 'navigator.serviceWorker.register("/sw.js")' in script
    assert 'navigator.wakeLock.request("screen")' in script


def test_offline_page_says_nothing_was_saved(client):
    page = client.get("/offline").get_data(as_text=True)
    assert "Entering or changing a hand needs the connection: nothing was saved." in page
    client.set_cookie("lang", "ja")
    assert "何も保存されていません" in client.get("/offline").get_data(as_text=True)


def test_an_upgraded_script_makes_a_new_service_worker(app, client, tmp_path):
    """A phone keeps the app's script from its service worker's cache: a new script must
    come with a worker that differs, or the phone never asks for the new one."""
    import re
    import shutil

    def version() -> str:
        found = re.search(
            r'const VERSION = "([^"]+)"', client.get("/sw.js").get_data(as_text=True)
        )
        assert found is not None
        return found.group(1)

    before = version()
    assert version() == before  # the same files: the same worker, no new install
    upgraded = tmp_path / "static"
    shutil.copytree(app.static_folder, upgraded)
    with (upgraded / "app.js").open("a", encoding="utf-8") as script:
        script.write("\n// the next release\n")
    app.static_folder = str(upgraded)
    assert version() != before
