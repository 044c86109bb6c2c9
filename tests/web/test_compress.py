"""Text responses are gzipped for clients that ask, and only for them."""

from __future__ import annotations

import gzip

import pytest


def test_pages_are_gzipped_when_the_client_accepts_it(client):
    plain = client.get("/")
    packed = client.get("/", headers={"Accept-Encoding": "gzip, deflate"})
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    body = packed.get_data()
    assert int(packed.headers["Content-Length"]) == len(body)
    assert gzip.decompress(body) == plain.get_data()
    assert len(body) < len(plain.get_data()) / 2


def test_static_css_is_gzipped_and_still_revalidates_to_304(client):
    headers = {"Accept-Encoding": "gzip"}
    with client.get("/static/app.css", headers=headers) as first:
        assert first.headers["Content-Encoding"] == "gzip"
        etag = first.headers["ETag"]
        assert etag.startswith('W/"')
        with client.get("/static/app.css") as plain:
            assert gzip.decompress(first.get_data()) == plain.get_data()
    with client.get("/static/app.css", headers={**headers, "If-None-Match": etag}) as again:
        assert again.status_code == 304


def test_binary_and_tiny_responses_are_left_alone(client):
    headers = {"Accept-Encoding": "gzip"}
    with client.get("/static/fonts/digits-400.woff2", headers=headers) as font:
        assert font.status_code == 200 and "Content-Encoding" not in font.headers
    tiny = client.get("/healthz", headers=headers)
    assert tiny.get_data() == b"ok\n" and "Content-Encoding" not in tiny.headers


def test_healthz_answers_without_touching_the_database(client, app, monkeypatch):
    import scorekeeper.web.db as db

    def refuse(*args, **kwargs):
        raise AssertionError("healthz opened the database")

    monkeypatch.setattr(db, "open_database", refuse)
    response = client.get("/healthz")
    assert response.status_code == 200 and response.mimetype == "text/plain"
    # The patch is live: a page that needs the database fails through it.
    with pytest.raises(AssertionError, match="opened the database"):
        client.get("/")
