"""Headers every response carries, and cookie settings."""

from __future__ import annotations

import os
from datetime import timedelta
from typing import Any

from flask import Flask
from werkzeug.wrappers import Response

# Every script and style is a file under /static: nothing inline is allowed to run.
CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        # The screen-on fallback over plain HTTP (NoSleep.js) plays a tiny silent video
        # it carries as a data: URI; media cannot run script.
        "media-src 'self' data:",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Frame-Options": "DENY",
    # A game's address is its key: it must never leak to another site in a Referer.
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}


def add_headers(response: Response) -> Response:
    # A 304 has no content: the browser keeps the headers of the answer it stored, so
    # an evening's poll (every 2 s, answered 304 while nothing changed) carries no
    # policy it already has.
    if response.status_code != 304:
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
    # A page, PDF or CSV is made for the browser that asked (its games, its PIN): no
    # shared or proxy cache may keep it. Static files say how long they keep.
    response.headers.setdefault("Cache-Control", "no-store")
    return response


def cookie_settings() -> dict[str, Any]:
    """Session cookie settings; the app factory applies them before any test config."""
    return {
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        # Behind HTTPS (SCOREKEEPER_HTTPS=1) the cookie travels over HTTPS only; a table's
        # LAN usually has plain HTTP.
        "SESSION_COOKIE_SECURE": os.environ.get("SCOREKEEPER_HTTPS") == "1",
        # A phone keeps its games (its device id) through a long season of game nights.
        "PERMANENT_SESSION_LIFETIME": timedelta(days=400),
        "SESSION_REFRESH_EACH_REQUEST": False,  # access.keep_device refreshes it daily
    }


def init_app(app: Flask) -> None:
    app.after_request(add_headers)
