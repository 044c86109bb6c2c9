"""The players' ratings kept beside the games (ratings.py works them out).

A rating counts the club's games only: the finished games of evenings, which the
club's nights are (whoever kept score). A game a phone keeps outside any evening is
that phone's own: it moves no rating, so no phone learns its result from a rating
(`CLUB_GAMES`; a game moved into or out of an evening makes its kind's ratings be
worked out again, by a trigger of migration m024).

Per game kind: each player's rating after every finished club game, in the order the games
ended (the time of each game's last hand), and how far that order has been rated. A
game that ends after every rated one is rated in the same transaction as its last
hand (a few players' rows); any other change to a rated game's result (an edit, a
deleted hand or game, a rename) marks the kind's ratings stale, and they are worked out
again from every finished game's summary when next read. The stamp of the code that
made them (summaries.stamp) is kept too: other code, and they are worked out again.
"""

from __future__ import annotations

import json
import math
import sqlite3
from collections.abc import Iterable

from sqlite_utils import Database

from ..engine import find_kind, kind_names
from ..ratings import Rating, rate, rate_all
from . import summaries
from .db import writing


def _rated(kind: str) -> bool:
    try:
        return find_kind(kind).facts.rated
    except KeyError:  # a game kind this version no longer ships
        return False


CLUB_GAMES = "games.evening IS NOT NULL"  # the games a rating counts


def _order(ended: str, rowid: int) -> str:
    """Where a finished game stands in the order played: when it ended, then which
    game was stored first."""
    return f"{ended}#{rowid:020d}"


def _stale(db: Database, kind: str) -> None:
    db.execute(
        "INSERT INTO rating_state (kind, stamp, last, stale) VALUES (?, '', '', 1)"
        " ON CONFLICT (kind) DO UPDATE SET stale = 1",
        [kind],
    )


def changed(
    db: Database,
    game_id: str,
    kind: str,
    before: tuple[str | None, str | None] | None,
    after: tuple[str, str | None],
) -> None:
    """A game's summary went from `before` (its sides and places as JSON, or None: no
    summary) to `after`, in this transaction: rate it, or mark the ratings stale."""
    if not _rated(kind) or not _in_evening(db, game_id):
        return
    if before is not None and before[1] is not None:
        if tuple(before) != tuple(after):
            _stale(db, kind)  # a rated result changed or went: the order must be replayed
        return
    if after[1] is None:
        return  # still going on
    ended, rowid = db.execute(
        "SELECT s.ended, games.rowid FROM game_summaries s JOIN games ON games.id = s.game"
        " WHERE s.game = ?",
        [game_id],
    ).fetchone()
    place = _order(ended, rowid)
    state = db.execute(
        "SELECT stamp, last, stale FROM rating_state WHERE kind = ?", [kind]
    ).fetchone()
    if state is None and not _others_finished(db, kind, game_id):
        state = (summaries.stamp(), "", 0)  # the kind's first rated game
    if state is None or state[2] or state[0] != summaries.stamp() or place <= state[1]:
        _stale(db, kind)  # not after every rated game: the order must be replayed
        return
    sides: list[list[str]] = json.loads(after[0])
    keys = [key for side in sides for key in side]
    ratings = _read(db, kind, keys)
    rate(ratings, sides, json.loads(after[1]))
    _write(db, kind, ratings, place)


def _in_evening(db: Database, game_id: str) -> bool:
    row = db.execute(f"SELECT {CLUB_GAMES} FROM games WHERE id = ?", [game_id]).fetchone()
    return bool(row and row[0])


def _others_finished(db: Database, kind: str, game_id: str) -> bool:
    return (
        db.execute(
            "SELECT 1 FROM game_summaries s JOIN games ON games.id = s.game"
            f" WHERE games.kind = ? AND {CLUB_GAMES} AND s.places IS NOT NULL AND s.game != ?"
            " LIMIT 1",
            [kind, game_id],
        ).fetchone()
        is not None
    )


def deleting(db: Database, game_id: str) -> None:
    """A game is about to be deleted (in this transaction): a rated one leaves its kind's
    ratings stale."""
    row = db.execute(
        "SELECT games.kind FROM games JOIN game_summaries s ON s.game = games.id"
        f" WHERE games.id = ? AND {CLUB_GAMES} AND s.places IS NOT NULL",
        [game_id],
    ).fetchone()
    if row is not None and _rated(row[0]):
        _stale(db, row[0])


def _read(db: Database, kind: str, keys: Iterable[str] | None = None) -> dict[str, Rating]:
    sql = "SELECT player, mu, sigma, games FROM ratings WHERE kind = ?"
    params: list[object] = [kind]
    if keys is not None:  # one JSON parameter: a page may ask of more players than SQLite
        sql += " AND player IN (SELECT value FROM json_each(?))"  # takes parameters
        params.append(json.dumps(list(keys)))
    return {key: Rating(mu, sigma, games) for key, mu, sigma, games in db.execute(sql, params)}


def _write(db: Database, kind: str, ratings: dict[str, Rating], last: str) -> None:
    db.conn.executemany(
        "INSERT OR REPLACE INTO ratings (kind, player, mu, sigma, games) VALUES (?, ?, ?, ?, ?)",
        [(kind, key, r.mu, r.sigma, r.games) for key, r in ratings.items()],
    )
    db.execute(
        "INSERT OR REPLACE INTO rating_state (kind, stamp, last, stale) VALUES (?, ?, ?, 0)",
        [kind, summaries.stamp(), last],
    )


def ratings_of(db: Database, kind: str, keys: Iterable[str] | None = None) -> dict[str, Rating]:
    """The players' ratings in a game kind (these players', or everyone's), worked out
    again first if they are stale; {} for a kind that is not rated."""
    if not _rated(kind):
        return {}
    state = db.execute("SELECT stamp, stale FROM rating_state WHERE kind = ?", [kind]).fetchone()
    if state is None or state[1] or state[0] != summaries.stamp():
        worked = rework(db, kind)
        if worked is not None:  # not kept (a read-only or full disk): as worked out now
            return _only(worked, keys)
    found = _read(db, kind, keys)
    if all(_sound(rating) for rating in found.values()):
        return found
    worked = rework(db, kind)  # a rating that does not read (changed outside the app): again
    return _only(worked, keys) if worked is not None else _read(db, kind, keys)


def _only(ratings: dict[str, Rating], keys: Iterable[str] | None) -> dict[str, Rating]:
    if keys is None:
        return ratings
    return {key: ratings[key] for key in keys if key in ratings}


def _sound(rating: Rating) -> bool:
    """Whether a rating read back is numbers, as written."""
    numbers = (rating.mu, rating.sigma)
    return all(isinstance(n, float | int) and math.isfinite(n) for n in numbers) and isinstance(
        rating.games, int
    )


def rework(db: Database, kind: str) -> dict[str, Rating] | None:
    """Work a kind's ratings out again from every finished club game, in the order played,
    and keep them; where the disk does not let them be kept (read-only, full, a backup
    holding the lock), return them instead, for this page only."""
    summaries.refresh(db, "games.kind = ?", [kind])

    def finished() -> list[tuple[list[list[str]], list[int], str, int]]:
        return [
            (json.loads(sides), list(json.loads(places)), ended, rowid)
            for sides, places, ended, rowid in db.execute(
                "SELECT s.sides, s.places, s.ended, games.rowid FROM game_summaries s"
                f" JOIN games ON games.id = s.game WHERE games.kind = ? AND {CLUB_GAMES}"
                " AND s.places IS NOT NULL ORDER BY s.ended, games.rowid",
                [kind],
            )
        ]

    rows = summaries.read_again(db, finished, "games.kind = ?", [kind])
    ratings = rate_all([(sides, places) for sides, places, *_ in rows])
    try:
        with writing(db):
            db.execute("DELETE FROM ratings WHERE kind = ?", [kind])
            _write(db, kind, ratings, _order(rows[-1][2], rows[-1][3]) if rows else "")
    except sqlite3.OperationalError:
        return ratings
    return None


def refresh(db: Database) -> None:
    """Work out again the ratings of every kind whose ratings are stale (at start)."""
    for kind in kind_names():
        ratings_of(db, kind, [])
