"""Wrong scorer PINs, counted per game and phone, in the database (a restart forgets none).

A phone that guesses wrong PIN_TRIES times in PIN_WINDOW seconds waits; another phone,
with the right PIN, does not. The right PIN is never refused because of other phones'
guesses: a guesser who knows a game's id (a watcher, the evening's TV, a guest) could
otherwise lock its scorers out. What all phones together guess is counted too: once a
game has had GAME_TRIES wrong PINs in the window, every phone is slowed a little, not
locked: after SIEGE_TRIES wrong ones it waits SIEGE_WAIT seconds from its last before
the next is tried. A guesser that throws its cookie away gets two guesses a cookie, not
five; a scorer who mistyped twice waits a minute, then gets in.
"""

from __future__ import annotations

import math
import time

from sqlite_utils import Database

from .db import writing

PIN_TRIES = 5
PIN_WINDOW = 600
GAME_TRIES = 50
SIEGE_TRIES = 2
SIEGE_WAIT = 60


def pin_wait(db: Database, game_id: str, device: str, now: float | None = None) -> int:
    """Seconds this phone must wait before its next PIN on this game is tried, or 0."""
    now = time.time() if now is None else now
    since = now - PIN_WINDOW
    mine = _times(db, "game_id = ? AND device = ? AND at > ?", [game_id, device, since])
    if not mine:
        return 0  # a phone that guessed nothing wrong is always heard
    every = db.execute(
        "SELECT count(*) FROM pin_misses WHERE game_id = ? AND at > ?", [game_id, since]
    ).fetchone()[0]
    if len(mine) >= PIN_TRIES:  # this phone's own guesses: it waits, right PIN or not
        return max(0, math.ceil(mine[len(mine) - PIN_TRIES] + PIN_WINDOW - now))
    if every >= GAME_TRIES and len(mine) >= SIEGE_TRIES:  # everyone's: slowed a little
        return max(0, math.ceil(mine[-1] + SIEGE_WAIT - now))
    return 0


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
