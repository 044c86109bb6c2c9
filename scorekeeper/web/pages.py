"""Rendered scoresheets, kept per game version.

A scoresheet is a function of the game's version (every write bumps it), the phone's
role and language, and the address it asked for (share links name the host; `?qr=`).
Watching phones reload each new version, and a scorer reopens the sheet between
hands: the second view of a version is a copy of the first. The one part that belongs
to a browser, its CSRF token, is kept as a placeholder and the request's own token
put back; a page with flashed messages to show is rendered afresh.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from flask import current_app, g, request, session
from flask_wtf.csrf import generate_csrf

from ..lru import LRU
from ..store import StoredGame
from .i18n import language

PLACEHOLDER = f"csrf-{secrets.token_hex(16)}".encode()  # never part of a page by chance
_PAGES = LRU(512, budget=32 * 1024 * 1024, weigh=len)  # bytes: a 1,000-hand sheet is ~1.3 M


def scoresheet(stored: StoredGame, render: Callable[[], bytes]) -> bytes:
    """The page `render` makes (UTF-8) for this game version, from the cache when it was
    made before."""
    if "_flashes" in session:
        return render()
    key = (stored.source, stored.id, stored.version, g.get("role"), language(), request.url)
    page: bytes | None = _PAGES.get(key)
    if page is None:
        page = render()
        # Flask-WTF keeps the request's signed token on g, under the field's name.
        token = g.get(current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token"))
        _PAGES.put(key, page.replace(token.encode(), PLACEHOLDER) if token else page)
        return page
    if PLACEHOLDER in page:
        page = page.replace(PLACEHOLDER, str(generate_csrf()).encode())
    return page
