"""Who may do what with a game: the grants of a right to watch or score it (a share
link, a PIN), the phone that started it, and a browser's device id moving to a new one
with everything it holds."""

from __future__ import annotations

import time
from typing import Any

from sqlite_utils import Database

from .db import writing
from .stored import _now

Role = str  # "watch" or "edit"


def set_archived(db: Database, device: str, game_id: str, archived: bool) -> None:
    """Put a game away from this browser's home list, or back on it (only this browser's
    list changes: the game, its hands and the other phones' lists stay as they are)."""
    with writing(db):
        db.execute(
            "UPDATE grants SET archived = ? WHERE device = ? AND game_id = ?",
            [int(archived), device, game_id],
        )


def started_by(db: Database, game_id: str, device: str) -> None:
    """Remember which phone started a game (an import, a game whose start did not say):
    only that phone may put it into an evening."""
    with writing(db):
        db.execute(
            "UPDATE games SET created_by = ? WHERE id = ? AND created_by IS NULL",
            [device, game_id],
        )


def grant(db: Database, device: str, game_id: str, role: Role) -> None:
    """Let a browser watch or edit a game (an edit right is never downgraded to watch)."""
    with writing(db):
        db.execute(
            "INSERT INTO grants (device, game_id, role, created_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (device, game_id) DO UPDATE SET role = excluded.role"
            " WHERE excluded.role = 'edit'",
            [device, game_id, role, _now()],
        )


# Everywhere a browser's device id is kept: a new id takes over every row.
_DEVICE_COLUMNS = (
    ("grants", "device"),
    ("evening_grants", "device"),
    ("table_grants", "device"),
    ("evenings", "created_by"),
    ("house_rule_grants", "device"),
    ("house_rules", "created_by"),
    ("seasons", "created_by"),
    ("games", "created_by"),
    ("evening_directors", "device"),
    ("table_lockouts", "device"),
    ("pin_misses", "device"),  # a phone's wrong PINs follow it: a new id forgives none
    ("hidden_members", "device"),  # the club's members it hid (store/members.py)
)


# How long a second request with the same old id and credential follows the first's move:
# long enough for a double tap or a link opened twice, too short to watch for.
MOVE_FOLLOWED_FOR = 30.0


def kept_by(db: Database, device: str) -> dict[str, int]:
    """How many games (with the right to score), evenings, seasons and house rules a
    phone keeps."""
    counts = {
        "games": "SELECT count(*) FROM grants WHERE device = :d AND role = 'edit'",
        "evenings": "SELECT count(*) FROM evenings WHERE created_by = :d",
        "seasons": "SELECT count(*) FROM seasons WHERE created_by = :d",
        "house_rules": "SELECT count(*) FROM house_rules WHERE created_by = :d"
        " OR key IN (SELECT rules FROM house_rule_grants WHERE device = :d)",
    }
    return {
        what: int(db.execute(sql, {"d": device}).fetchone()[0]) for what, sql in counts.items()
    }


def move_device(db: Database, old: str, new: str, credential: str) -> str:
    """Give everything a browser's device id `old` has (its games, evenings, house
    rules, seasons) to `new`, in one transaction; `old` is left with nothing. Return the
    id the browser now has: `new`, or, where the same `old` id presented the same
    credential moments ago (the same PIN or link, sent twice), the id that request got."""
    now = time.time()
    with writing(db):
        row = db.execute(
            "SELECT new FROM device_moves WHERE old = ? AND credential = ? AND at > ?",
            [old, credential, now - MOVE_FOLLOWED_FOR],
        ).fetchone()
        if row is not None:
            return str(row[0])
        for table, column in _DEVICE_COLUMNS:
            db.execute(f"UPDATE {table} SET {column} = ? WHERE {column} = ?", [new, old])
        db.execute("DELETE FROM device_moves WHERE at < ?", [now - MOVE_FOLLOWED_FOR])
        db.execute(
            "INSERT OR REPLACE INTO device_moves (old, credential, new, at) VALUES (?, ?, ?, ?)",
            [old, credential, new, now],
        )
    return new


def role_of(db: Database, device: str | None, game_id: str) -> Role | None:
    """What this browser may do with a game: "edit", "watch" or nothing."""
    if not device:
        return None
    row = db.execute(  # asked by every page of a game: see get_game
        "SELECT role FROM grants WHERE device = ? AND game_id = ?", [device, game_id]
    ).fetchone()
    if row is not None and row[0] == "edit":
        return "edit"
    # The evening's directors act on every game of it.
    if db.execute(
        "SELECT 1 FROM games JOIN evenings ON evenings.id = games.evening"
        " WHERE games.id = ? AND (evenings.created_by = ? OR EXISTS (SELECT 1 FROM"
        " evening_directors AS d WHERE d.evening = evenings.id AND d.device = ?))",
        [game_id, device, device],
    ).fetchone():
        return "edit"
    # A phone holding the table (through its link) scores every game played at it.
    if db.execute(
        "SELECT 1 FROM games JOIN table_grants AS t"
        " ON t.evening = games.evening AND t.number = games.table_number"
        " WHERE games.id = ? AND t.device = ?",
        [game_id, device],
    ).fetchone():
        return "edit"
    if row is not None:
        return str(row[0])
    # The evening's organizer, a browser given its watch link (a TV) and a phone holding
    # one of its tables watch every table of that evening: all see the same tables.
    shared = db.execute(
        "SELECT 1 FROM games JOIN evenings ON evenings.id = games.evening"
        " WHERE games.id = ? AND (evenings.created_by = ? OR EXISTS"
        " (SELECT 1 FROM evening_grants WHERE evening = evenings.id AND device = ?) OR EXISTS"
        " (SELECT 1 FROM table_grants WHERE evening = evenings.id AND device = ?))",
        [game_id, device, device, device],
    ).fetchone()
    return "watch" if shared else None


def games_of(
    db: Database,
    device: str | None,
    *,
    archived: bool | None = False,
    role: Role | None = None,
) -> list[str]:
    """The games this browser created or joined: those on its list (the default), those
    it archived (`archived=True`) or both (`archived=None`); with `role`, only those it
    may do that with ("edit")."""
    if not device:
        return []
    where: list[str] = ["device = ?"]
    params: list[Any] = [device]
    if archived is not None:
        where.append("archived = ?")
        params.append(int(archived))
    if role is not None:
        where.append("role = ?")
        params.append(role)
    sql = "SELECT game_id FROM grants WHERE " + " AND ".join(where)
    return [row["game_id"] for row in db.query(sql, params)]


def find_by_token(db: Database, token: str) -> tuple[str, Role] | None:
    """The game and role a share link gives."""
    for column, role in (("watch_token", "watch"), ("scorer_token", "edit")):
        rows = list(db.query(f"SELECT id FROM games WHERE {column} = ?", [token]))
        if rows:
            return str(rows[0]["id"]), role
    return None
