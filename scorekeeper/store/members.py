"""The club's members, as its organisers keep them: every name their games hold, renamed
or merged in one place, hidden when gone.

A member is a name (the same ignoring case and spaces: `player_key`) in the games an
organiser's phone may see (`Scope`: its own, and every game of the evenings it directs).
An organiser is a phone that directs an evening (started it, or named co-director).

A rename on the web touches the games the phone may score by its own right and every
game of the evenings it directs, never a stranger's private game (the command line, on
the server, touches all): `renamable`. Renaming onto another member's name merges the
two. An evening's rotation (tonight's players, pins, seated rounds, plan) follows, so
the rounds still to seat and who sat out read the new name.

A hidden member is kept per phone that hid it (`hidden_members`), and hidden in that
phone's club: the phone itself and the directors of the evenings it directs or holds a
table of. Hidden names are not offered to tap for a new night nor suggested at a new
game; their games and history stay as they are. Kept per phone rather than for the
whole server: any phone may start an evening, and a stranger's must not hide the club's
names from its organisers.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlite_utils import Database

from ..limits import BadName, clean_name, lookalike_of, lookalike_words, player_key
from . import places, summaries, totals
from .db import writing
from .games import rename_player


@dataclass(frozen=True)
class Member:
    """A name of the club: how it is spelled most, its games and when it last played."""

    key: str
    name: str
    games: int
    last_played: str  # the day (YYYY-MM-DD) of the last game it played
    hidden: bool


@dataclass(frozen=True)
class Renamed:
    """What a rename did: the games changed, and those holding the old name it left
    alone (the new name, or one like it, sits at another seat of that game)."""

    games: list[str]
    left: list[str]


_DIRECTED = (
    "SELECT id FROM evenings WHERE created_by = :d"
    " UNION SELECT evening FROM evening_directors WHERE device = :d"
)


def organises(db: Database, device: str | None) -> bool:
    """Whether this phone directs an evening (started it or is its co-director)."""
    if not device:
        return False
    return bool(db.execute(f"SELECT 1 FROM ({_DIRECTED}) LIMIT 1", {"d": device}).fetchone())


def directed(db: Database, device: str) -> list[str]:
    """The evenings this phone directs."""
    return [row[0] for row in db.execute(_DIRECTED, {"d": device})]


def club_of(db: Database, device: str) -> list[str]:
    """The phones whose hidden names this phone does not offer: itself and the
    directors of the evenings it directs or holds a table of."""
    return [
        row[0]
        for row in db.execute(
            f"WITH mine(evening) AS ({_DIRECTED}"
            " UNION SELECT evening FROM table_grants WHERE device = :d)"
            " SELECT :d UNION SELECT created_by FROM evenings WHERE id IN mine"
            " UNION SELECT device FROM evening_directors WHERE evening IN mine",
            {"d": device},
        )
        if row[0]
    ]


def hidden(db: Database, device: str | None) -> set[str]:
    """The keys of the names hidden in this phone's club."""
    if not device:
        return set()
    return {
        row[0]
        for row in db.execute(
            "SELECT player FROM hidden_members WHERE device IN (SELECT value FROM json_each(?))",
            [json.dumps(club_of(db, device))],
        )
    }


def visible(db: Database, device: str | None, names: Iterable[str]) -> list[str]:
    """These names without those hidden in the phone's club, in their order."""
    gone = hidden(db, device)
    return [name for name in names if player_key(name) not in gone]


def members(db: Database, device: str) -> list[Member]:
    """The names of the games this phone may see, the last played first (each as
    spelled in most games), read from the games' summaries."""
    scope = totals.Scope(device)
    where, params = scope.sql()
    summaries.refresh(db, where, params)
    games: dict[str, int] = {}
    last: dict[str, str] = {}
    spelled: dict[str, tuple[int, str]] = {}
    for key, name, count, latest in db.execute(
        "SELECT p.player, p.name, COUNT(*), MAX(games.updated_at) FROM player_summaries p"
        f" JOIN games ON games.id = p.game WHERE {where} GROUP BY p.player, p.name",
        params,
    ):
        games[key] = games.get(key, 0) + count
        last[key] = max(last.get(key, ""), latest or "")
        if count > spelled.get(key, (0, ""))[0]:
            spelled[key] = (count, name)
    gone = hidden(db, device)
    found = [
        Member(key, spelled[key][1], games[key], last[key][:10], key in gone) for key in games
    ]
    return sorted(found, key=lambda m: (m.last_played, m.games), reverse=True)


def renamable(db: Database, device: str) -> list[str]:
    """The games a rename from this phone's web page may touch: those it may score by
    its own right, and every game of the evenings it directs."""
    return [
        row[0]
        for row in db.execute(
            "SELECT game_id FROM grants WHERE device = :d AND role = 'edit'"
            f" UNION SELECT id FROM games WHERE evening IN ({_DIRECTED})",
            {"d": device},
        )
    ]


def holding(db: Database, game_ids: Sequence[str], key: str) -> list[str]:
    """Those of these games with a player of this key (read from the games' rows)."""
    return [
        game_id
        for game_id, players in db.execute(
            "SELECT id, players FROM games WHERE id IN (SELECT value FROM json_each(?))",
            [json.dumps(list(game_ids))],
        )
        if any(player_key(name) == key for name in json.loads(players))
    ]


def spellings(db: Database, game_ids: Sequence[str], key: str) -> set[str]:
    """How these games spell the player of this key."""
    return {
        name
        for (players,) in db.execute(
            "SELECT players FROM games WHERE id IN (SELECT value FROM json_each(?))",
            [json.dumps(list(game_ids))],
        )
        for name in json.loads(players)
        if player_key(name) == key
    }


def rename(
    db: Database, game_ids: Sequence[str], evenings: Sequence[str], old: str, new: str
) -> Renamed:
    """Rename a member (or merge it into another) in these games and these evenings'
    rotations; each game's history says so (store.rename_player). BadName for a new
    name the rule for names refuses."""
    new = clean_name(new)
    key = player_key(old)
    theirs = holding(db, game_ids, key)
    other = lookalike_of(new, [n for n in _met(db, theirs, evenings, key) if player_key(n) != key])
    if other is not None:  # "Аnn" (Cyrillic) beside an "Ann" of the same game or evening
        raise BadName(lookalike_words(new, other))
    changed = rename_player(db, theirs, old, new)
    games_in = {
        evening: int(count)
        for evening, count in db.execute(
            "SELECT evening, COUNT(*) FROM games WHERE evening IS NOT NULL"
            " AND id IN (SELECT value FROM json_each(?)) GROUP BY evening",
            [json.dumps(changed)],
        )
    }
    for evening in evenings:
        seated = _rename_in_rotation(db, evening, key, new)
        if seated or games_in.get(evening):
            with writing(db):  # the evening's book says so, beside each game's history
                detail = {"before": old, "after": new, "games": games_in.get(evening, 0)}
                places.note(db, evening, "player_renamed", None, detail)
    return Renamed(changed, [g for g in theirs if g not in changed])


def _met(db: Database, game_ids: Sequence[str], evenings: Sequence[str], key: str) -> set[str]:
    """Every name the player of this key shares a game or an evening with, among these
    games and these evenings' rotations (a renamed name must not look like one of them)."""
    names: set[str] = set()
    for (players,) in db.execute(
        "SELECT players FROM games WHERE id IN (SELECT value FROM json_each(?))"
        " OR evening IN (SELECT evening FROM games WHERE id IN (SELECT value FROM json_each(?)))",
        [json.dumps(list(game_ids))] * 2,
    ):
        names.update(json.loads(players))
    for (players,) in db.execute(
        "SELECT players FROM rotations WHERE evening IN (SELECT value FROM json_each(?))",
        [json.dumps(list(evenings))],
    ):
        seated = json.loads(players)
        if any(player_key(name) == key for name in seated):
            names.update(seated)
    return names


def _rename_in_rotation(db: Database, evening: str, key: str, new: str) -> bool:
    """The name in the evening's rotation: its players, pins, plan and seated rounds;
    left as it is where the new name is another of tonight's players. Whether it was
    renamed there."""
    with writing(db):
        row = db.execute(
            "SELECT players, pins, plan FROM rotations WHERE evening = ?", [evening]
        ).fetchone()
        if row is None:
            return False
        players, pins, plan = (json.loads(cell) for cell in row)
        if not any(player_key(name) == key for name in players):
            return False
        if any(player_key(name) == player_key(new) != key for name in players):
            return False

        def moved(value: Any) -> Any:
            if isinstance(value, str):
                return new if player_key(value) == key else value
            if isinstance(value, list):
                return [moved(item) for item in value]
            if isinstance(value, dict):  # a planned round: its tables and who sits out
                return {k: moved(v) for k, v in value.items()}
            return value

        def dumped(value: Any) -> str:
            return json.dumps(moved(value), ensure_ascii=False)

        db.execute(
            "UPDATE rotations SET players = ?, pins = ?, plan = ? WHERE evening = ?",
            [
                dumped(players),
                json.dumps(
                    {moved(name): table for name, table in pins.items()}, ensure_ascii=False
                ),
                dumped(plan),
                evening,
            ],
        )
        for number, tables, out in db.execute(
            "SELECT number, tables, out FROM rotation_rounds WHERE evening = ?", [evening]
        ).fetchall():
            db.execute(
                "UPDATE rotation_rounds SET tables = ?, out = ? WHERE evening = ? AND number = ?",
                [dumped(json.loads(tables)), dumped(json.loads(out)), evening, number],
            )
    return True


def hide(db: Database, device: str, name: str) -> None:
    """Hide a member who is gone: not offered nor suggested in this phone's club."""
    with writing(db):
        db.execute(
            "INSERT OR REPLACE INTO hidden_members (device, player, name, at) VALUES (?, ?, ?, ?)",
            [device, player_key(name), name, datetime.now(UTC).isoformat(timespec="seconds")],
        )


def show(db: Database, device: str, name: str) -> None:
    """Offer a hidden member again, throughout this phone's club."""
    with writing(db):
        db.execute(
            "DELETE FROM hidden_members WHERE player = ?"
            " AND device IN (SELECT value FROM json_each(?))",
            [player_key(name), json.dumps(club_of(db, device))],
        )
