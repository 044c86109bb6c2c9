"""A club's tonight: the evenings a phone opens the app for (those it directs or keeps a
table of, of the last hours), and the names a director's new night offers."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlite_utils import Database

from ..limits import player_key
from . import places, rounds
from .evenings import Evening

RECENT_NIGHTS = 20  # the nights whose players a new night offers to tap


def club_names(db: Database, director: str, tonight: Evening) -> tuple[list[str], list[str]]:
    """The names a director's new night offers: the players of their last night seated
    by rotation (in its order), and the others of their last few nights, most played
    first. Read from those evenings only (an index of evenings by who started them):
    the cost of a page, not of a club's years."""
    nights = [
        row[0]
        for row in db.execute(
            "SELECT id FROM evenings WHERE created_by = ? AND created_at <= ? AND id != ?"
            " ORDER BY created_at DESC, rowid DESC LIMIT ?",
            [director, tonight.created_at, tonight.id, RECENT_NIGHTS],
        )
    ]
    last: list[str] = []
    for night in nights:
        rotation = rounds.get_rotation(db, night)
        if rotation is not None:
            last = list(rotation.players)
            break
    counts: dict[str, int] = {}
    spelled: dict[str, str] = {}
    for (players,) in db.execute(
        "SELECT players FROM games WHERE evening IN (SELECT value FROM json_each(?))",
        [json.dumps(nights)],
    ):
        for name in json.loads(players):
            key = player_key(name)
            counts[key] = counts.get(key, 0) + 1
            spelled.setdefault(key, name)
    seen = {player_key(name) for name in last}
    others = sorted((key for key in counts if key not in seen), key=lambda k: (-counts[k], k))
    return last, [spelled[key] for key in others]


@dataclass(frozen=True)
class Tonight:
    """An evening of tonight on a phone's home: it, and the tables the phone holds."""

    evening: Evening
    directs: bool
    tables: tuple[int, ...]  # the numbers of its tables this phone keeps score at


TONIGHT_HOURS = 18  # a club night, from the afternoon's set-up to after midnight


def tonight(db: Database, device: str | None, now: str) -> list[Tonight]:
    """The evenings of the last hours this phone directs or keeps a table of, newest
    first: what a club's phone opens the app for. Read along the evenings' index by who
    started them and the phone's own table and director rows (a few rows, whatever the
    history)."""
    if not device:
        return []
    since = (datetime.fromisoformat(now) - timedelta(hours=TONIGHT_HOURS)).isoformat(
        timespec="seconds"
    )
    rows = db.query(
        "SELECT * FROM evenings WHERE created_at >= :since AND (created_by = :d"
        " OR id IN (SELECT evening FROM evening_directors WHERE device = :d)"
        " OR id IN (SELECT evening FROM table_grants WHERE device = :d))"
        " ORDER BY created_at DESC LIMIT 5",
        {"since": since, "d": device},
    )
    found = []
    for row in rows:
        evening = Evening(**row)
        held = tuple(
            int(number)
            for (number,) in db.execute(
                "SELECT number FROM table_grants WHERE device = ? AND evening = ? ORDER BY number",
                [device, evening.id],
            )
        )
        found.append(Tonight(evening, places.is_director(db, device, evening.id), held))
    return found
