"""Who may see or change a game: this browser's grants, share links, the scorer PIN.

A browser is known by a random device id in the signed session cookie (HttpOnly,
SameSite=Lax). Grants live in the database, so the home page lists exactly the games
this browser created or joined, and a lost phone never held anything but that id.
"""

from __future__ import annotations

import datetime
import hmac
import secrets
import threading
import time
from collections import defaultdict, deque

from flask import abort, g, request, session
from flask_babel import gettext as _

from .. import store
from .db import get_db

PIN_TRIES = 5  # wrong PINs allowed per game from one address in PIN_WINDOW seconds
PIN_WINDOW = 600


def device(create: bool = False) -> str | None:
    """This browser's device id (made on first need when `create`)."""
    current = session.get("device")
    if current is None and create:
        current = secrets.token_urlsafe(16)
        session["device"] = current
        session.permanent = True
    return current


def keep_device() -> None:
    """Re-send a known phone's cookie once a day, so it lives PERMANENT_SESSION_LIFETIME
    past the last game night; signing it again on every request cost more than the page."""
    if "device" in session:
        today = _today()
        if session.get("seen") != today:
            session["seen"] = today


def _today() -> str:
    return datetime.date.today().isoformat()


def grant(game_id: str, role: str) -> None:
    """Let this browser watch or edit a game."""
    store.grant(get_db(), device(create=True) or "", game_id, role)
    g.pop("roles", None)


def role(game_id: str) -> str | None:
    """This browser's role in a game (asked of the database once a request)."""
    known: dict[str, str | None] = g.setdefault("roles", {})
    if game_id not in known:
        known[game_id] = store.role_of(get_db(), device(), game_id)
    return known[game_id]


def game_for(game_id: str, needed: str) -> store.StoredGame:
    """The game, if this browser may `needed` ("watch" or "edit") it; else 404 or 403."""
    try:
        stored = store.get_game(get_db(), game_id)
    except store.GameNotFound:
        abort(404, _("There is no game at this address."))
    has = role(game_id)
    if has is None:
        g.locked_game = stored
        abort(
            403,
            _(
                "This game is private. Open the watch or scorer link from the scorer's phone, or enter the scorer PIN."
            ),
        )
    if needed == "edit" and has != "edit":
        g.locked_game = stored
        abort(
            403,
            _(
                "This phone may watch this game but not change it. Enter the scorer PIN to keep score."
            ),
        )
    g.role = has
    return stored


def evening_for(evening_id: str, needed: str = "see") -> tuple[store.Evening, str]:
    """The evening and this browser's role in it, if it may `needed` ("see" or
    "organize") it; else 404 or 403 (a stranger learns not even its name)."""
    try:
        found = store.get_evening(get_db(), evening_id)
    except store.EveningNotFound:
        abort(404, _("There is no evening at this address."))
    has = store.evening_role(get_db(), device(), found)
    if has is None:
        abort(
            403,
            _("This evening is private. Open its watch link from the phone that started it."),
        )
    if needed == "organize" and has != "organize":
        abort(403, _("Only the phone that started this evening can add tables to it."))
    return found, has


class PinLimiter:
    """Counts wrong PINs per key (a game and an address); refuses more than PIN_TRIES a window.

    Counting per game and address together, and never per game alone, means a guesser
    locks out only its own address on that one game: not the scorer's phone, nor the
    other games played behind the same router.
    """

    def __init__(self) -> None:
        self._misses: dict[str, deque[float]] = defaultdict(deque)
        self._lock = threading.Lock()

    def _recent(self, key: str, now: float) -> deque[float]:
        misses = self._misses[key]
        while misses and misses[0] < now - PIN_WINDOW:
            misses.popleft()
        return misses

    def blocked(self, keys: list[str]) -> int:
        """Seconds to wait, or 0."""
        now = time.monotonic()
        with self._lock:
            waits = [
                int(misses[0] + PIN_WINDOW - now) + 1
                for misses in (self._recent(k, now) for k in keys)
                if len(misses) >= PIN_TRIES
            ]
        return max(waits, default=0)

    def miss(self, keys: list[str]) -> None:
        now = time.monotonic()
        with self._lock:
            for key in keys:
                self._recent(key, now).append(now)

    def reset(self) -> None:
        with self._lock:
            self._misses.clear()


pin_limiter = PinLimiter()


def check_pin(stored: store.StoredGame, pin: str) -> tuple[str, int]:
    """("ok", 0) for the right PIN, ("wrong", 0), or ("wait", seconds) when rate-limited."""
    keys = [f"{stored.id}@{request.remote_addr}"]
    wait = pin_limiter.blocked(keys)
    if wait:
        return "wait", wait
    # Compared as bytes: compare_digest refuses text that is not ASCII (a TypeError, a 500).
    if stored.pin and hmac.compare_digest(pin.strip().encode(), stored.pin.encode()):
        return "ok", 0
    pin_limiter.miss(keys)
    return "wrong", 0
