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
from ..engine.house import Resolver, rules_document
from ..engine.rotation import Method, Request, RotationError, Round, check, seat_round
from ..engine.text import N_, text
from ..limits import BadName, alike, clean_name, lookalike_words
from .access import grant
from .db import writing
from .games import create_game
from .stored import get_game
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
    """A round as seated: its tables (names in seat order), sit-outs, the game started
    at each table (None where the director removed it), when it was seated and when the
    director ended it."""

    number: int
    seating: Round
    games: tuple[str | None, ...]
    started_at: str = ""
    ended_at: str | None = None


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
    """The evening's rounds seated so far, in order; each table's game as it is now
    (the game in that round at that table: None where the director removed it)."""
    placed = {
        (row["round_number"], row["table_number"]): row["id"]
        for row in db.query(
            "SELECT id, round_number, table_number FROM games WHERE evening = ?", [evening_id]
        )
    }
    found = []
    for row in db.query(
        "SELECT * FROM rotation_rounds WHERE evening = ? ORDER BY number", [evening_id]
    ):
        tables = tuple(tuple(t) for t in json.loads(row["tables"]))
        found.append(
            SeatedRound(
                row["number"],
                Round(tables, tuple(json.loads(row["out"]))),
                tuple(placed.get((row["number"], n)) for n in range(1, len(tables) + 1)),
                row["created_at"],
                row["ended_at"],
            )
        )
    return found


def clean_players(names: Sequence[str]) -> list[str]:
    """Tonight's names by the rule for names (BadName), blank lines dropped; two that
    look alike but are other players (limits.alike) are refused too."""
    cleaned = [clean_name(name) for name in names if name.strip()]
    pair = alike(cleaned)
    if pair is not None:
        raise BadName(lookalike_words(cleaned[pair[0]], cleaned[pair[1]]))
    return cleaned


def placings(db: Database, game_ids: Sequence[str | None]) -> dict[str, int]:
    """Each player's place at their table (1 the best; a tie shares it), from each
    game's totals as they stand, by its kind's measure (highest or lowest first). A
    table whose game the director removed places nobody."""
    places: dict[str, int] = {}
    for game_id in game_ids:
        if game_id is None:
            continue
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
    request = _request(rotation, ruleset)
    size = request.table_size
    options = {"players": size} if size != own else {}
    with writing(db):
        done = rounds_of(db, evening_id)
        if len(done) >= rotation.rounds:
            raise RotationError(
                text(
                    N_(
                        "all {n} planned rounds are seated: raise the number of rounds to"
                        " seat another"
                    ),
                    n=len(done),
                )
            )
        history = [r.seating for r in done]
        places = placings(db, done[-1].games) if done else None
        seating = seat_round(list(rotation.players), history, request, places)
        _save(db, rotation, ruleset, request)
        _enough_tables(db, evening_id, len(seating.tables))
        round_number = len(done) + 1
        games = []
        for number, table in enumerate(seating.tables, start=1):
            _make_room(db, evening_id, round_number, number)
            game_id = create_game(
                db,
                rotation.ruleset,
                list(table),
                options=options,
                evening=evening_id,
                table=number,
                find=find,
                round_number=round_number,
                created_by=device,
            )
            grant(db, device, game_id, "edit")
            games.append(game_id)
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
        _draw_plan(db, rotation, request)
    return SeatedRound(round_number, seating, tuple(games))


def _request(rotation: Rotation, ruleset: Ruleset) -> Request:
    """How the rotation seats a round of this game (RotationError for players it
    cannot seat)."""
    size, partners = seating_of(ruleset.seated(rotation.table_size))
    seed = rotation.seed or secrets.randbelow(1 << 20) + 1
    request = Request(size, partners, dict(rotation.pins), rotation.method, seed)
    check(list(rotation.players), request)
    return request


def _save(db: Database, rotation: Rotation, ruleset: Ruleset, request: Request) -> None:
    """Keep the rotation as the evening's, and its game as the evening's rules, inside
    the caller's transaction."""
    db.execute(
        "INSERT INTO rotations (evening, ruleset, method, rounds, table_size, players, pins,"
        " seed, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (evening) DO UPDATE"
        " SET ruleset = excluded.ruleset, method = excluded.method, rounds = excluded.rounds,"
        " table_size = excluded.table_size, players = excluded.players, pins = excluded.pins,"
        " seed = excluded.seed, updated_at = excluded.updated_at",
        [
            rotation.evening,
            rotation.ruleset,
            rotation.method.value,
            rotation.rounds,
            request.table_size,
            json.dumps(list(rotation.players), ensure_ascii=False),
            json.dumps(dict(rotation.pins), ensure_ascii=False),
            request.seed,
            _now(),
        ],
    )
    house = rules_document(ruleset) if ruleset.house else None
    db.execute(
        "UPDATE evenings SET ruleset = ?, house_rules = ? WHERE id = ?",
        [
            ruleset.id,
            json.dumps(house, ensure_ascii=False) if house else None,
            rotation.evening,
        ],
    )


def save_plan(db: Database, rotation: Rotation, ruleset: Ruleset) -> None:
    """Keep the night's rotation without seating a round (so its plan can be posted
    before round 1, or redrawn when someone arrives or leaves): RotationError for
    players it cannot seat, or fewer rounds than are seated."""
    request = _request(rotation, ruleset)
    with writing(db):
        done = rounds_of(db, rotation.evening)
        if rotation.rounds < len(done):
            raise RotationError(
                text(N_("{n} rounds are seated already: plan at least that many"), n=len(done))
            )
        _save(db, rotation, ruleset, request)
        _draw_plan(db, rotation, request)


def _draw_plan(db: Database, rotation: Rotation, request: Request) -> None:
    """Draw the rounds still to seat as the rotation will seat them if tonight's players
    stay as they are (none when seated from results: winners move up), and keep them
    with the rotation, inside the caller's transaction."""
    ahead: list[Round] = []
    if rotation.method is not Method.WINNERS:
        history = [r.seating for r in rounds_of(db, rotation.evening)]
        for _ in range(len(history), rotation.rounds):
            ahead.append(seat_round(list(rotation.players), [*history, *ahead], request))
    db.execute(
        "UPDATE rotations SET plan = ? WHERE evening = ?",
        [json.dumps([r.to_json() for r in ahead], ensure_ascii=False), rotation.evening],
    )


def planned(db: Database, evening_id: str) -> list[Round]:
    """The rounds still to seat, as last drawn."""
    row = db.execute("SELECT plan FROM rotations WHERE evening = ?", [evening_id]).fetchone()
    if row is None:
        return []
    return [
        Round(tuple(tuple(t) for t in r["tables"]), tuple(r["out"])) for r in json.loads(row[0])
    ]


def _make_room(db: Database, evening_id: str, round_number: int, table: int) -> None:
    """A game a table started beyond the planned rounds, where a round now seated
    plays, moves on to that table's next free round (it was an extra round's)."""
    row = db.execute(
        "SELECT id FROM games WHERE evening = ? AND round_number = ? AND table_number = ?",
        [evening_id, round_number, table],
    ).fetchone()
    if row is None:
        return
    (last,) = db.execute(
        "SELECT MAX(round_number) FROM games WHERE evening = ? AND table_number = ?",
        [evening_id, table],
    ).fetchone()
    db.execute("UPDATE games SET round_number = ? WHERE id = ?", [int(last) + 1, row[0]])


def _enough_tables(db: Database, evening_id: str, count: int) -> None:
    """Number the evening's tables up to `count` (a round plays at tables 1 to count),
    inside the caller's transaction."""
    (last,) = db.execute(
        "SELECT COALESCE(MAX(number), 0) FROM evening_tables WHERE evening = ?", [evening_id]
    ).fetchone()
    for _ in range(int(last), count):
        new_table(db, evening_id, "", _now())
