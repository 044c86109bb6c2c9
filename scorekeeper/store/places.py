"""Where a game of an evening is played: its table and its round; and who directs.

An evening is rounds × tables. A round's table holds one game at most (the unique index
`games_place` keeps it, whatever writes), and a game is in one evening, one round and
one table. A game started at a table takes its place by these rules, here and nowhere
else:

- an evening seated by rotation: the table's place in the round being played, while it
  is empty (its game removed by the director); once every planned round is seated, the
  next extra round at that table; otherwise nothing (the next round is the director's
  to seat) — `PlaceTaken` says which game holds the place, or why there is none;
- any other evening: the table's next round (its first game is round 1, the next 2…).

An evening's directors are the phone that started it and the phones it named through
its director link; they may act on every game of the evening.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from sqlite_utils import Database

from ..engine.errors import ScoreError
from ..engine.text import N_, Text, text


class PlaceTaken(ScoreError):
    """A new game has no place at this table now; `game` is the game holding it, if one
    does (the page opens it instead)."""

    def __init__(self, message: Text, game: str | None = None) -> None:
        super().__init__(message)
        self.game = game


class NotTheDirector(PermissionError):
    """Only the evening's director may do this; the message says what and why."""

    def __init__(self, message: Text) -> None:
        super().__init__(str(message))
        self.message = message


def is_director(db: Database, device: str | None, evening_id: str) -> bool:
    """Whether this phone directs the evening: it started it, or was named co-director."""
    if not device:
        return False
    return bool(
        db.execute(
            "SELECT 1 FROM evenings WHERE id = ? AND created_by = ?"
            " UNION ALL SELECT 1 FROM evening_directors WHERE evening = ? AND device = ?",
            [evening_id, device, evening_id, device],
        ).fetchone()
    )


def planned_rounds(db: Database, evening_id: str) -> int | None:
    """How many rounds the evening's rotation plans; None for an evening without one."""
    row = db.execute("SELECT rounds FROM rotations WHERE evening = ?", [evening_id]).fetchone()
    return None if row is None else int(row[0])


def seated_rounds(db: Database, evening_id: str) -> int:
    """How many of the rotation's rounds are seated."""
    (count,) = db.execute(
        "SELECT COALESCE(MAX(number), 0) FROM rotation_rounds WHERE evening = ?", [evening_id]
    ).fetchone()
    return int(count)


def game_at(db: Database, evening_id: str, round_number: int, table: int) -> str | None:
    """The game played at this table in this round, if there is one."""
    row = db.execute(
        "SELECT id FROM games WHERE evening = ? AND round_number = ? AND table_number = ?",
        [evening_id, round_number, table],
    ).fetchone()
    return None if row is None else str(row[0])


def _last_round_at(db: Database, evening_id: str, table: int) -> int:
    (last,) = db.execute(
        "SELECT COALESCE(MAX(round_number), 0) FROM games WHERE evening = ? AND table_number = ?",
        [evening_id, table],
    ).fetchone()
    return int(last)


def _tables_in_round(db: Database, evening_id: str, number: int) -> int:
    row = db.execute(
        "SELECT json_array_length(tables) FROM rotation_rounds WHERE evening = ? AND number = ?",
        [evening_id, number],
    ).fetchone()
    return 0 if row is None else int(row[0])


def round_for_new_game(db: Database, evening_id: str, table: int) -> int:
    """The round a game started now at this table is played in (see the module's
    words), or PlaceTaken saying why it has none."""
    planned = planned_rounds(db, evening_id)
    if planned is None:
        return _last_round_at(db, evening_id, table) + 1
    seated = seated_rounds(db, evening_id)
    if seated == 0:
        raise PlaceTaken(text(N_("Round 1 is not seated yet: the director seats it.")))
    current = game_at(db, evening_id, seated, table)
    last = _last_round_at(db, evening_id, table)
    seats_it = table <= _tables_in_round(db, evening_id, seated)
    if current is None and seats_it and last <= seated:
        return seated  # its game was removed: the table plays the round again
    if seated >= planned:  # every planned round seated: the tables may play on
        return max(seated, last) + 1
    if current is None:
        raise PlaceTaken(text(N_("No game is seated at this table in round {n}."), n=seated), None)
    raise PlaceTaken(
        text(
            N_(
                "Round {n} at this table is this game; round {next} is the director's to"
                " seat once the round is over."
            ),
            n=seated,
            next=seated + 1,
        ),
        current,
    )


def later_game(db: Database, evening_id: str, table: int, after: int) -> str | None:
    """The game of the latest round after round `after` at this table, if one is seated
    (Play again on an earlier round's game opens it)."""
    row = db.execute(
        "SELECT id FROM games WHERE evening = ? AND table_number = ? AND round_number > ?"
        " ORDER BY round_number DESC LIMIT 1",
        [evening_id, table, after],
    ).fetchone()
    return None if row is None else str(row[0])


def in_seated_round(db: Database, game_id: str) -> str | None:
    """The evening whose seated round this game is (None: no round seated it)."""
    row = db.execute(
        "SELECT games.evening FROM games JOIN rotation_rounds AS r"
        " ON r.evening = games.evening AND r.number = games.round_number"
        " WHERE games.id = ?",
        [game_id],
    ).fetchone()
    return None if row is None else str(row[0])


def note(
    db: Database, evening_id: str, action: str, game_id: str | None, detail: Mapping[str, Any]
) -> None:
    """Write a line in the evening's book (what its director did), in the caller's
    transaction."""
    db.execute(
        "INSERT INTO evening_book (evening, at, action, game_id, detail) VALUES (?, ?, ?, ?, ?)",
        [
            evening_id,
            datetime.now(UTC).isoformat(timespec="seconds"),
            action,
            game_id,
            json.dumps(detail, ensure_ascii=False),
        ],
    )
