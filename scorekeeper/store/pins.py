"""Wrong scorer PINs, counted per game and phone, in the database (a restart forgets none).

A phone that guesses wrong PIN_TRIES times in PIN_WINDOW seconds waits; another phone
behind the same router, with the right PIN, does not. A guesser that throws its cookie
away at every try is a new phone each time, so all phones together get GAME_TRIES wrong
PINs a window on one game: about 7,000 guesses a day at most, against a million PINs.
"""

from __future__ import annotations

import math
import time

from sqlite_utils import Database

from .db import writing

PIN_TRIES = 5
PIN_WINDOW = 600
GAME_TRIES = 50


def pin_wait(db: Database, game_id: str, device: str, now: float | None = None) -> int:
    """Seconds this phone must wait before its next PIN on this game is tried, or 0."""
    now = time.time() if now is None else now
    since = now - PIN_WINDOW
    mine = _times(db, "game_id = ? AND device = ? AND at > ?", [game_id, device, since])
    every = _times(db, "game_id = ? AND at > ?", [game_id, since])
    waits = [
        times[len(times) - most] + PIN_WINDOW - now
        for times, most in ((mine, PIN_TRIES), (every, GAME_TRIES))
        if len(times) >= most
    ]
    return max((math.ceil(wait) for wait in waits), default=0)


def _times(db: Database, where: str, params: list[object]) -> list[float]:
    return [
        row[0]
        for row in db.execute(f"SELECT at FROM pin_misses WHERE {where} ORDER BY at", params)
    ]


def pin_missed(db: Database, game_id: str, device: str, now: float | None = None) -> None:
    """Count a wrong PIN (and forget those older than the window)."""
    now = time.time() if now is None else now
    with writing(db):
        db.execute("DELETE FROM pin_misses WHERE at <= ?", [now - PIN_WINDOW])
        db.execute(
            "INSERT INTO pin_misses (game_id, device, at) VALUES (?, ?, ?)", [game_id, device, now]
        )
