"""A screen's poll of an evening: how often it asks, and the answer while nothing changed.

Every screen that watches an evening (a TV on its watch link, a guest's phone, the
director's own page) asks for its live parts (/e/<id>/live) with the version it shows.
A big night's screens ask together: 200 TVs asking every 2 s were 100 requests a
second, each through Flask's whole request, and took hand entry's p99 from ~43 ms to
89–290 ms (bench/tv_night.py). So:

- each answer says when to ask next (`Poll-After`, in seconds): every 2 s while few
  screens watch, less often as more do, so that an evening's screens together ask
  about POLLS_A_SECOND times a second, and never less often than every 5 s (a hand
  still shows within about five seconds);
- a poll of an unchanged evening (If-None-Match holding the evening's version now) is
  answered 304 here, before Flask's request: without the session, the hooks, the
  access check. It tells the asker nothing new: nobody who was never shown the evening
  can work its version out (store.evening_version), and a phone whose right was taken
  back is refused as soon as the evening changes (that poll goes through Flask and
  evening_for, as every poll that gets the parts does).
"""

from __future__ import annotations

import re
import sqlite3
import threading
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from flask import Flask, current_app, request
from werkzeug.http import parse_cookie, parse_etags

from .. import store
from ..store.db import StoreError
from .db import thread_db

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

POLL_EVERY = 2.0  # seconds between a screen's polls while few screens watch
POLL_AT_MOST = 5.0  # seconds: however many watch, a screen asks at least this often
POLLS_A_SECOND = 40.0  # an evening's screens together, as they grow past 80
WATCHING = 15.0  # seconds: a screen that has not asked for this long no longer counts
SCREENS_COUNTED = 1000  # an evening's screens counted at most (past 200, all wait 5 s)
EXTENSION = "scorekeeper.screens"
VERSION_READ = "scorekeeper.evening_version"  # (evening, version) read here, for the view
LIVE = re.compile(r"/e/([\w-]+)/live")
HEADER = "Poll-After"


class Screens:
    """The screens that asked for each evening's live parts lately, by their cookie."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._seen: dict[str, dict[str, float]] = {}
        self._swept = time.monotonic()

    def asked(self, evening: str, screen: str) -> float:
        """Note that `screen` asked for the evening now: the seconds it waits before it
        asks again, as many screens watch it."""
        now = time.monotonic()
        with self._lock:
            if now - self._swept >= WATCHING:
                self._sweep(now - WATCHING)
                self._swept = now
            seen = self._seen.setdefault(evening, {})
            if screen in seen or len(seen) < SCREENS_COUNTED:
                seen[screen] = now
            watching = len(seen)
        return min(POLL_AT_MOST, max(POLL_EVERY, watching / POLLS_A_SECOND))

    def _sweep(self, before: float) -> None:
        """Forget the screens that have not asked since `before`."""
        for evening, seen in list(self._seen.items()):
            for screen, when in list(seen.items()):
                if when < before:
                    del seen[screen]
            if not seen:
                del self._seen[evening]


def poll_after(evening: str, cookies: dict[str, str]) -> str:
    """The Poll-After header's value for a screen of the evening asking now (in a
    request: Flask's cookies)."""
    return _after(current_app, evening, cookies)


def version_read(evening: str) -> str | None:
    """The evening's version as this request's poll read it before Flask (None: not
    read), so the view does not read it again."""
    read = request.environ.get(VERSION_READ)
    return read[1] if read and read[0] == evening else None


def _after(app: Flask, evening: str, cookies: dict[str, str]) -> str:
    screen = cookies.get(app.config["SESSION_COOKIE_NAME"], "")
    screens: Screens = app.extensions[EXTENSION]
    return f"{screens.asked(evening, screen):g}"


class UnchangedEvenings:
    """The app's WSGI callable, answering a poll of an unchanged evening itself."""

    def __init__(self, app: Flask, wsgi_app: WSGIApplication) -> None:
        self.app = app
        self.wsgi_app = wsgi_app

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        answer = self._unchanged(environ)
        if answer is None:
            return self.wsgi_app(environ, start_response)
        start_response("304 Not Modified", answer)
        return []

    def _unchanged(self, environ: WSGIEnvironment) -> list[tuple[str, str]] | None:
        """The 304's headers when the poll holds the evening's version now; None for
        anything else (Flask answers it, and says why where it refuses)."""
        found = LIVE.fullmatch(environ.get("PATH_INFO", ""))
        held = environ.get("HTTP_IF_NONE_MATCH")
        if environ.get("REQUEST_METHOD") != "GET" or found is None or not held:
            return None
        cookies: Any = parse_cookie(environ)
        if not cookies.get(self.app.config["SESSION_COOKIE_NAME"]):
            return None  # a phone without a device has no right to any evening
        try:
            version = store.evening_version(thread_db(self.app), found[1])
        except (StoreError, store.EveningNotFound, sqlite3.Error):
            return None
        if not parse_etags(held).contains_weak(version):
            environ[VERSION_READ] = (found[1], version)  # not read twice (version_read)
            return None
        gzipped = "gzip" in environ.get("HTTP_ACCEPT_ENCODING", "")
        return [
            ("ETag", f'W/"{version}"' if gzipped else f'"{version}"'),
            ("Cache-Control", "no-cache, private"),
            ("Vary", "Accept-Encoding"),
            (HEADER, _after(self.app, found[1], cookies)),
        ]


def init_app(app: Flask) -> None:
    app.extensions[EXTENSION] = Screens()
    app.wsgi_app = UnchangedEvenings(app, app.wsgi_app)  # type: ignore[method-assign]
