"""An evening seated by rotation: tonight's players, and each round's tables and games.

Seating a round is one transaction: the engine seats it from the players as they are
now and the rounds before (engine/rotation.py), a game is started at each table with
its seats filled in (partners opposite), and the round is stored with those games.
Either all of that is stored, or nothing.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlite_utils import Database

from ..engine import Ruleset
from ..engine.house import Resolver
from ..engine.rotation import Method, Request, Round, check, seat_round
from ..limits import BadName, alike, clean_name, lookalike_words
from .db import writing
from .games import create_game, get_game, grant
from .tables import new_table


@dataclass(frozen=True)
class Rotation:
    """How an evening is seated: the game, the method, how many rounds, who plays."""

    evening: str
    ruleset: str
    method: Method
    rounds: int
    table_size: int  # the game's players, or another number its source allows
    players: tuple[str, ...]
    pins: Mapping[str, int]
    seed: int


@dataclass(frozen=True)
class SeatedRound:
    """A round as seated: its tables (names in seat order), sit-outs, and the game
    started at each table."""

    number: int
    seating: Round
    games: tuple[str, ...]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def seating_of(ruleset: Ruleset) -> tuple[int, bool]:
    """A game's table: how many play, and whether in partnerships (as its kind says)."""
    shape = ruleset.kind.shape(ruleset.options)
    return shape.players, shape.partnerships


def get_rotation(db: Database, evening_id: str) -> Rotation | None:
    row = db.execute(
        "SELECT ruleset, method, rounds, table_size, players, pins, seed FROM rotations"
        " WHERE evening = ?",
        [evening_id],
    ).fetchone()
    if row is None:
        return None
    ruleset, method, rounds, size, players, pins, seed = row
    return Rotation(
        evening_id,
        ruleset,
        Method(method),
        int(rounds),
        int(size),
        tuple(json.loads(players)),
        json.loads(pins),
        int(seed),
    )


def rounds_of(db: Database, evening_id: str) -> list[SeatedRound]:
    """The evening's rounds seated so far, in order."""
    return [
        SeatedRound(
            row["number"],
            Round(
                tuple(tuple(t) for t in json.loads(row["tables"])), tuple(json.loads(row["out"]))
            ),
            tuple(json.loads(row["games"])),
        )
        for row in db.query(
            "SELECT * FROM rotation_rounds WHERE evening = ? ORDER BY number", [evening_id]
        )
    ]


def clean_players(names: Sequence[str]) -> list[str]:
    """Tonight's names by the rule for names (BadName), blank lines dropped; two that
    look alike but are other players (limits.alike) are refused too."""
    cleaned = [clean_name(name) for name in names if name.strip()]
    pair = alike(cleaned)
    if pair is not None:
        raise BadName(lookalike_words(cleaned[pair[0]], cleaned[pair[1]]))
    return cleaned


def placings(db: Database, game_ids: Sequence[str]) -> dict[str, int]:
    """Each player's place at their table (1 the best; a tie shares it), from each
    game's totals as they stand, by its kind's measure (highest or lowest first)."""
    places: dict[str, int] = {}
    for game_id in game_ids:
        result = get_game(db, game_id).score()
        lowest = result.game.kind.lowest_wins(result.game.current_ruleset.options)
        totals = [-t if lowest else t for t in result.totals]
        for index, side in enumerate(result.sides):
            place = 1 + sum(1 for other in totals if other > totals[index])
            if result.outcome.won_by:  # the winner by the rules, whatever the totals
                place = 1 if index in result.outcome.won_by else max(place, 2)
            for seat in side.seats:
                places[result.game.players[seat]] = place
    return places


def seat_next_round(
    db: Database,
    evening_id: str,
    rotation: Rotation,
    ruleset: Ruleset,
    *,
    device: str,
    find: Resolver | None = None,
) -> SeatedRound:
    """Store `rotation` as the evening's and seat its next round: a game at each table
    (the organiser's `device` may score them all), the round kept with them. The
    players are checked first (RotationError); nothing is stored unless all is."""
    own = ruleset.options.players
    size, partners = seating_of(ruleset.seated(rotation.table_size))
    options = {"players": size} if size != own else {}
    seed = rotation.seed or secrets.randbelow(1 << 20) + 1
    request = Request(size, partners, dict(rotation.pins), rotation.method, seed)
    check(list(rotation.players), request)
    with writing(db):
        done = rounds_of(db, evening_id)
        history = [r.seating for r in done]
        places = placings(db, done[-1].games) if done else None
        seating = seat_round(list(rotation.players), history, request, places)
        db.execute(
            "INSERT INTO rotations (evening, ruleset, method, rounds, table_size, players, pins,"
            " seed, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (evening) DO UPDATE"
            " SET ruleset = excluded.ruleset, method = excluded.method, rounds = excluded.rounds,"
            " table_size = excluded.table_size, players = excluded.players, pins = excluded.pins,"
            " updated_at = excluded.updated_at",
            [
                evening_id,
                rotation.ruleset,
                rotation.method.value,
                rotation.rounds,
                size,
                json.dumps(list(rotation.players), ensure_ascii=False),
                json.dumps(dict(rotation.pins), ensure_ascii=False),
                seed,
                _now(),
            ],
        )
        _enough_tables(db, evening_id, len(seating.tables))
        games = []
        for number, table in enumerate(seating.tables, start=1):
            game_id = create_game(
                db,
                rotation.ruleset,
                list(table),
                options=options,
                evening=evening_id,
                table=number,
                find=find,
            )
            grant(db, device, game_id, "edit")
            games.append(game_id)
        round_number = len(done) + 1
        db.execute(
            "INSERT INTO rotation_rounds (evening, number, tables, out, games, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [
                evening_id,
                round_number,
                json.dumps([list(t) for t in seating.tables], ensure_ascii=False),
                json.dumps(list(seating.out), ensure_ascii=False),
                json.dumps(games),
                _now(),
            ],
        )
    return SeatedRound(round_number, seating, tuple(games))


def _enough_tables(db: Database, evening_id: str, count: int) -> None:
    """Number the evening's tables up to `count` (a round plays at tables 1 to count),
    inside the caller's transaction."""
    (last,) = db.execute(
        "SELECT COALESCE(MAX(number), 0) FROM evening_tables WHERE evening = ?", [evening_id]
    ).fetchone()
    for _ in range(int(last), count):
        new_table(db, evening_id, "", _now())


def sat_out(db: Database, evening_id: str) -> dict[str, int]:
    """Rounds each player sat out, by name: the rounds under way (a hand stored at one
    of their tables), since the standings count only what has been played."""
    counts: dict[str, int] = {}
    for seated in rounds_of(db, evening_id):
        marks = ", ".join("?" for _ in seated.games)
        (played,) = db.execute(
            f"SELECT COALESCE(MAX(hand_count), 0) FROM games WHERE id IN ({marks})",
            list(seated.games),
        ).fetchone()
        if not played:
            continue
        for name in seated.seating.out:
            counts[name] = counts.get(name, 0) + 1
    return counts
