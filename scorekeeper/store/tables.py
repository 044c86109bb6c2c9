"""An evening's tables: numbered, optionally named, each with a link of its own.

A phone that opens a table's link holds that table: it may start the table's games in
the evening and score every game played at it, and nothing else. The organiser may
revoke a link or take the table over (evenings.lock_table): the old link then opens
nothing, and the phones that came through it lose what it gave them. A later round (a rotation) plays at the same numbered tables.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlite_utils import Database

from .. import limits
from ..engine.errors import GameError
from ..engine.text import N_, text
from ..limits import clean_name
from .db import writing
from .ids import new_token

TABLE_NAME_MAX = 30  # "window", "by the bar": a few words beside the number


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class EveningTable:
    """One numbered table of an evening."""

    evening: str
    number: int
    name: str  # "" when the organiser gave none
    token: str  # the table link's token
    created_at: str


def table_name(raw: object) -> str:
    """A table's name as stored: "" for none, else by the rule for names (BadName)."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return ""
    return clean_name(raw, TABLE_NAME_MAX)


class FullEvening(GameError):
    """The evening has as many tables as an evening may (limits.MAX_TABLES_PER_EVENING)."""


def new_table(db: Database, evening_id: str, name: str, now: str) -> int:
    """Add the next numbered table to an evening, inside the caller's transaction
    (FullEvening when it has as many as an evening may)."""
    (last, count) = db.execute(
        "SELECT COALESCE(MAX(number), 0), count(*) FROM evening_tables WHERE evening = ?",
        [evening_id],
    ).fetchone()
    if count >= limits.MAX_TABLES_PER_EVENING:
        most = limits.MAX_TABLES_PER_EVENING
        raise FullEvening(text(N_("an evening has at most {most} tables"), most=most))
    number = int(last) + 1
    db.execute(
        "INSERT INTO evening_tables (evening, number, name, token, created_at)"
        " VALUES (?, ?, ?, ?, ?)",
        [evening_id, number, name, new_token(), now],
    )
    return number


# Past this, a number typed into an address is none SQLite can even look up (OverflowError).
_TABLE_NUMBER_MAX = 2**63 - 1


def check_table(db: Database, evening_id: str, number: int) -> None:
    """GameError unless the evening has a table with this number."""
    if (
        not 0 < number <= _TABLE_NUMBER_MAX
        or not db.execute(
            "SELECT 1 FROM evening_tables WHERE evening = ? AND number = ?", [evening_id, number]
        ).fetchone()
    ):
        raise GameError(text(N_("the evening has no table {n}"), n=number))


def add_table(db: Database, evening_id: str, name: str = "") -> int:
    """Add a table to the evening; return its number (one more than the last)."""
    name = table_name(name)
    with writing(db):
        return new_table(db, evening_id, name, _now())


def evening_tables(db: Database, evening_id: str) -> list[EveningTable]:
    """The evening's tables, by number."""
    return [
        EveningTable(**row)
        for row in db.query(
            "SELECT * FROM evening_tables WHERE evening = ? ORDER BY number", [evening_id]
        )
    ]


def rename_table(db: Database, evening_id: str, number: int, name: str) -> None:
    """Give a table a name, or ("") take it away."""
    name = table_name(name)
    with writing(db):
        check_table(db, evening_id, number)
        db.execute(
            "UPDATE evening_tables SET name = ? WHERE evening = ? AND number = ?",
            [name, evening_id, number],
        )


def table_by_token(db: Database, token: str) -> EveningTable | None:
    """The table a table link opens."""
    rows = list(db.query("SELECT * FROM evening_tables WHERE token = ?", [token]))
    return EveningTable(**rows[0]) if rows else None


def grant_table(db: Database, device: str, evening_id: str, number: int) -> None:
    """Let a phone start and score this table's games."""
    with writing(db):
        db.execute(
            "INSERT OR IGNORE INTO table_grants (device, evening, number, created_at)"
            " VALUES (?, ?, ?, ?)",
            [device, evening_id, number, _now()],
        )


def tables_held(db: Database, device: str | None, evening_id: str) -> set[int]:
    """The numbers of the evening's tables this phone holds through their links."""
    if not device:
        return set()
    return {
        int(row["number"])
        for row in db.query(
            "SELECT number FROM table_grants WHERE device = ? AND evening = ?",
            [device, evening_id],
        )
    }


def evening_players(db: Database, evening_id: str) -> list[str]:
    """The names of the players of an evening's games, as each game spells them."""
    names: dict[str, None] = {}
    for (players,) in db.execute(
        "SELECT players FROM games WHERE evening = ? ORDER BY created_at", [evening_id]
    ):
        names.update(dict.fromkeys(json.loads(players)))
    return list(names)
