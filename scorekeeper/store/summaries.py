"""Each game's summary, kept beside its hand log: what the pages that span games read.

A summary is what the engine and the statistics make of one game: each player's part of
the statistics (stats.game_stats), the game's rows of the all-games CSV, and, once it is
over, its sides in their places (for ratings). It is written in the same transaction as
the write that changes the game, so it is never behind its game; and it says what made
it, so it is never behind the code either:

- `version`: the game's version it was made from (every write bumps the version; a
  write that leaves the hands and names alone carries the summary on to the new one);
- `stamp`: the installed version of scorekeeper with a fingerprint of the code that
  scores and counts (the engine, the presets, the statistics, this module), computed
  once a process, so that an upgrade or a scoring fix changes it without anyone
  remembering to.

A summary whose version or stamp differs from its game's and this code's is made again
from the hand log before it is read (`refresh`); a server does it for every game when
it starts. Any summary may be deleted: it is made again.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import hashlib
import io
import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any, TypeVar

from sqlite_utils import Database

from ..engine import GameResult
from ..limits import player_key
from ..standings import TableResult, table_result
from ..stats import PlayerStats, csv_rows, game_stats, merge, write_csv
from .db import writing

T = TypeVar("T")

PACKAGE = Path(__file__).resolve().parent.parent
# The code whose change can change a summary; every file under these, in name order.
STAMPED_CODE = (
    "engine",
    "presets",
    "stats.py",
    "standings.py",
    "store/summaries.py",
    "ratings.py",
)


@functools.cache
def stamp() -> str:
    """What made this process's summaries: the installed version and a fingerprint of
    the code that scores and counts (read once a process: ~40 small files)."""
    digest = hashlib.sha256()
    for part in STAMPED_CODE:
        root = PACKAGE / part
        files = sorted(root.rglob("*")) if root.is_dir() else [root]
        for path in files:
            if path.is_file() and path.suffix != ".pyc":
                digest.update(str(path.relative_to(PACKAGE)).encode())
                digest.update(path.read_bytes())
    try:
        version = metadata.version("scorekeeper")
    except metadata.PackageNotFoundError:  # run from a source tree
        version = "source"
    return f"{version}+{digest.hexdigest()[:16]}"


@dataclass(frozen=True)
class Made:
    """One game's summary, before it is written."""

    parts: dict[str, PlayerStats]  # by player key
    csv: str  # the game's rows of the all-games CSV, as CSV text without its header
    sides: list[list[str]]  # each side's player keys
    places: list[int] | None  # each side's place (0 the winner) once the game is over
    standing: dict[str, Any] | None  # the table's result for standings (after a hand)


def make(
    game_id: str,
    started: str,
    players: Sequence[str],
    bodies: Sequence[Any],
    result: GameResult,
    *,
    over: bool = False,
) -> Made:
    """What the engine and the statistics make of one game (no database here); `over`:
    its evening's round ended it (cut, or its round's hands played), so it has a result
    as its totals stand."""
    out = io.StringIO()
    rows = csv_rows([(game_id, started[:10], players, bodies, result)])
    next(rows)  # the header: written once, before every game's rows
    write_csv(rows, out)
    sides = [[player_key(players[seat]) for seat in side.seats] for side in result.sides]
    table = table_result(players, result)
    standing = None if table is None else dataclasses.asdict(table)
    return Made(
        game_stats(players, result), out.getvalue(), sides, places(result, over=over), standing
    )


def places(result: GameResult, *, over: bool = False) -> list[int] | None:
    """Each side's place in a finished game (or one its evening's round ended: `over`),
    0 first: the winners first (a shared win shares the place), then the others by their
    totals as the kind ranks them; sides level on points share a place. None while the
    game goes on."""
    if not (result.outcome.finished or (over and result.hands)):
        return None
    won = set(result.outcome.won_by)
    lowest = result.game.ruleset.kind.lowest_wins(result.game.current_ruleset.options)
    totals = result.totals

    def order(side: int) -> tuple[int, int]:
        return (0 if side in won else 1, totals[side] if lowest else -totals[side])

    keys = [order(side) for side in range(len(result.sides))]
    return [sorted(set(keys)).index(key) for key in keys]


def write(db: Database, game_id: str, made: Made) -> None:
    """Store a game's summary, made from its version as it stands in this transaction
    (call inside the write that changed the game)."""
    from . import ratings

    version, kind, ended = db.execute(
        "SELECT version, kind, (SELECT created_at FROM hands WHERE game_id = games.id"
        " ORDER BY number DESC LIMIT 1) FROM games WHERE id = ?",
        [game_id],
    ).fetchone()
    before = db.execute(
        "SELECT sides, places FROM game_summaries WHERE game = ?", [game_id]
    ).fetchone()
    sides = json.dumps(made.sides, ensure_ascii=False)
    places = json.dumps(made.places) if made.places is not None else None
    db.execute("DELETE FROM player_summaries WHERE game = ?", [game_id])
    db.execute(
        "INSERT OR REPLACE INTO game_summaries"
        " (game, version, stamp, ended, sides, places, standing, csv)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            game_id,
            version,
            stamp(),
            ended if made.places is not None else None,
            sides,
            places,
            None if made.standing is None else json.dumps(made.standing, ensure_ascii=False),
            made.csv,
        ],
    )
    ratings.changed(db, game_id, kind, before, (sides, places))
    db.conn.executemany(
        "INSERT INTO player_summaries (game, player, name, finished, won, hands, counts, part)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            [
                game_id,
                key,
                part.name,
                part.finished,
                part.won,
                part.hands,
                json.dumps(dict(part.counts), ensure_ascii=False),
                json.dumps(part.to_part(), ensure_ascii=False),
            ]
            for key, part in made.parts.items()
        ],
    )


def carry(db: Database, game_id: str, version: int) -> None:
    """A write that left the hands and the names alone: the summary of `version` stays
    right for the next one (call inside that write)."""
    db.execute(
        "UPDATE game_summaries SET version = version + 1 WHERE game = ? AND version = ?",
        [game_id, version],
    )


def stale(db: Database, where: str = "1", params: Sequence[Any] = ()) -> list[str]:
    """The games (of those `where` picks from `games`) whose summary is missing, or was
    made from another version of the game or by other code."""
    return [
        row[0]
        for row in db.execute(
            "SELECT games.id FROM games LEFT JOIN game_summaries s ON s.game = games.id"
            f" WHERE ({where}) AND (s.game IS NULL OR s.version != games.version"
            " OR s.stamp != ?)",
            [*params, stamp()],
        )
    ]


def refresh(db: Database, where: str = "1", params: Sequence[Any] = ()) -> int:
    """Make again, from their hand logs, the summaries `stale` finds; return how many.
    Each game is read and written in one transaction: a game written meanwhile is left
    to the write (which summarised it) or to the next refresh."""
    ids = stale(db, where, params)
    for game_id in ids:
        remake(db, game_id)
    return len(ids)


def remake(db: Database, game_id: str) -> None:
    """One game's summary made again from its hand log."""
    from .games import GameNotFound, get_game

    with writing(db):
        try:
            stored = get_game(db, game_id)
        except GameNotFound:
            return  # deleted meanwhile
        result = score_stored(stored)
        if result is None:
            db.execute("DELETE FROM game_summaries WHERE game = ?", [game_id])
            db.execute("DELETE FROM player_summaries WHERE game = ?", [game_id])
            return
        made = make(
            game_id, stored.created_at, stored.players, stored.hands, result, over=stored.over
        )
        write(db, game_id, made)


# What reading a summary row raises when it is not what this code writes (not JSON, or
# JSON of another shape; SQLite's json_each says "malformed JSON").
_MISREAD = (ValueError, KeyError, TypeError, AttributeError, sqlite3.OperationalError)


def _misread(error: BaseException) -> bool:
    return not isinstance(error, sqlite3.OperationalError) or "malformed JSON" in str(error)


def unreadable(db: Database, where: str = "1", params: Sequence[Any] = ()) -> list[str]:
    """The games (of those `where` picks from `games`) whose summary does not read back
    as this code wrote it: a field that is not JSON, or not of its shape."""
    bad: set[str] = set()
    for game_id, sides, places, standing in db.execute(
        "SELECT s.game, s.sides, s.places, s.standing FROM game_summaries s"
        f" JOIN games ON games.id = s.game WHERE ({where})",
        params,
    ):
        try:
            [list(side) for side in json.loads(sides)]
            _ = places is None or list(json.loads(places))
            _ = standing is None or _standing(json.loads(standing))
        except _MISREAD:
            bad.add(game_id)
    for game_id, counts, part in db.execute(
        "SELECT p.game, p.counts, p.part FROM player_summaries p"
        f" JOIN games ON games.id = p.game WHERE ({where})",
        params,
    ):
        try:
            dict(json.loads(counts))
            PlayerStats.from_part(json.loads(part))
        except _MISREAD:
            bad.add(game_id)
    return sorted(bad)


def read_again(
    db: Database, read: Callable[[], T], where: str = "1", params: Sequence[Any] = ()
) -> T:
    """`read()`; when a summary it reads does not parse (the file was changed outside the
    app, or damaged), those of the games `where` picks are made again from their hand
    logs and it reads once more: such a summary is remade, never a 500."""
    try:
        return read()
    except _MISREAD as error:
        if not _misread(error):
            raise
    for game_id in unreadable(db, where, params):
        remake(db, game_id)
    return read()


def replay_differs(db: Database, game_id: str) -> str | None:
    """What a game's kept summary says that a replay of its hand log does not (the
    first field found, as "player ann: won"), or None when they agree. DamagedGame when
    the hand log itself does not replay. For `scorekeeper check --deep`."""
    from .games import get_game

    stored = get_game(db, game_id)
    made = make(game_id, stored.created_at, stored.players, stored.hands, stored.score())
    kept = db.execute(
        "SELECT sides, places, standing, csv, version, stamp FROM game_summaries WHERE game = ?",
        [game_id],
    ).fetchone()
    if kept is None or kept[4] != stored.version or kept[5] != stamp():
        return None  # none yet, or stale: made again from the hands before it is read
    sides, places, standing, csv = kept[:4]
    replayed = {
        "sides": json.dumps(made.sides, ensure_ascii=False),
        "places": None if made.places is None else json.dumps(made.places),
        "standing": None
        if made.standing is None
        else json.dumps(made.standing, ensure_ascii=False),
        "csv": made.csv,
    }
    for name, value in zip(replayed, (sides, places, standing, csv), strict=True):
        if replayed[name] != value:
            return name
    rows = {
        key: (name, finished, won, hands, counts, part)
        for key, name, finished, won, hands, counts, part in db.execute(
            "SELECT player, name, finished, won, hands, counts, part FROM player_summaries"
            " WHERE game = ?",
            [game_id],
        )
    }
    fields = ("name", "finished", "won", "hands", "counts", "part")
    for key, part in made.parts.items():
        again = (
            part.name,
            part.finished,
            part.won,
            part.hands,
            json.dumps(dict(part.counts), ensure_ascii=False),
            json.dumps(part.to_part(), ensure_ascii=False),
        )
        if key not in rows:
            return f"player {key}: missing"
        for field, one, other in zip(fields, rows[key], again, strict=True):
            if one != other:
                return f"player {key}: {field}"
    extra = sorted(set(rows) - set(made.parts))
    return f"player {extra[0]}: not in the game" if extra else None


def score_stored(stored: Any) -> GameResult | None:
    """The stored game scored, or None for a game this version cannot score (a game
    kind or preset it no longer ships): such a game has no summary and counts nowhere,
    as before."""
    from ..engine.errors import GameError, HandError

    try:
        return stored.score()  # type: ignore[no-any-return]
    except (GameError, HandError, LookupError, ValueError):
        return None


def names_in(games: Iterable[str]) -> str:
    """SQL placeholders for a list of values."""
    return ", ".join("?" for _ in games) or "NULL"


@dataclass(frozen=True)
class Scope:
    """Which games a page spans: those a browser may see (`device`; None for every
    stored game, as the command line on the server sees them), narrowed by the page's
    choices: a game kind, a ruleset, started from and to a date (both days included),
    a set of evenings."""

    device: str | None
    kind: str = ""
    ruleset: str = ""
    since: str = ""
    until: str = ""
    evenings: tuple[str, ...] | None = None

    def sql(self) -> tuple[str, list[Any]]:
        """A condition on `games`, and its parameters."""
        where: list[str] = []
        params: list[Any] = []
        if self.device is not None:
            where.append("games.id IN (SELECT game_id FROM grants WHERE device = ?)")
            params.append(self.device)
        for column, value, test in (
            ("games.kind", self.kind, "="),
            ("games.ruleset", self.ruleset, "="),
            ("substr(games.created_at, 1, 10)", self.since, ">="),
            ("substr(games.created_at, 1, 10)", self.until, "<="),
        ):
            if value:
                where.append(f"{column} {test} ?")
                params.append(value)
        if self.evenings is not None:
            where.append(f"games.evening IN ({names_in(self.evenings)})")
            params.extend(self.evenings)
        return " AND ".join(where) or "1", params


def _fresh(db: Database, scope: Scope) -> tuple[str, list[Any]]:
    """The scope's condition, once every summary in it is up to date."""
    where, params = scope.sql()
    refresh(db, where, params)
    return where, params


def _fresh_digest(db: Database, scope: Scope) -> str:
    """Bring every summary in the scope up to date; return a digest of which games, at
    which versions, summarised by which code, the scope holds now."""
    where, params = scope.sql()
    rows = db.execute(
        "SELECT games.id, games.version, s.version, s.stamp FROM games"
        f" LEFT JOIN game_summaries s ON s.game = games.id WHERE {where} ORDER BY games.id",
        params,
    ).fetchall()
    for game_id, version, made_from, made_by in rows:
        if made_from != version or made_by != stamp():
            remake(db, game_id)
    digest = hashlib.sha256(stamp().encode())
    digest.update(";".join(f"{row[0]}:{row[1]}" for row in rows).encode())
    return digest.hexdigest()


def kinds_played(db: Database, scope: Scope) -> list[str]:
    where, params = scope.sql()
    return [row[0] for row in db.execute(f"SELECT DISTINCT kind FROM games WHERE {where}", params)]


def player_totals(db: Database, scope: Scope) -> list[PlayerStats]:
    """Every player's games, wins, hands and the kinds' counts over the scope, most
    games first (the players page): added up by SQLite from the summaries.

    Adding up a club's 40,000 player-games takes ~0.5 s; a browser's whole list (no
    filter) is kept in the database with a digest of the games and versions it was
    added up from, so a page after a restart, or after nothing changed, reads 60 rows."""
    if scope.kind or scope.ruleset or scope.since or scope.until or scope.evenings is not None:
        where, params = _fresh(db, scope)
        return read_again(db, lambda: _add_up(db, scope), where, params)
    digest = _fresh_digest(db, scope)
    key = f"device:{scope.device}"
    row = db.execute("SELECT digest, players FROM span_totals WHERE scope = ?", [key]).fetchone()
    if row is not None and row[0] == digest:
        with contextlib.suppress(*_MISREAD):  # a copy that does not read is added up again
            return [PlayerStats.from_part(part) for part in json.loads(row[1])]
    where, params = scope.sql()
    players = read_again(db, lambda: _add_up(db, scope), where, params)
    # Kept when it can be: a page that reads must work on a read-only or full disk, or
    # while a backup holds the lock (the totals are added up again next time).
    with contextlib.suppress(sqlite3.OperationalError), writing(db):
        db.execute(
            "INSERT OR REPLACE INTO span_totals (scope, digest, players) VALUES (?, ?, ?)",
            [key, digest, json.dumps([p.to_part() for p in players], ensure_ascii=False)],
        )
    return players


def names_played(db: Database, scope: Scope) -> list[str]:
    """The players' names over the scope, most games first (each as spelled most often),
    read from the summaries without keeping anything."""
    where, params = _fresh(db, scope)
    games: dict[str, int] = {}
    spelled: dict[str, str] = {}
    for key, name, count, _first in db.execute(
        "SELECT p.player, p.name, COUNT(*), MIN(games.created_at || printf('%020d', games.rowid))"
        f" FROM player_summaries p JOIN games ON games.id = p.game WHERE {where}"
        " GROUP BY p.player, p.name ORDER BY 3, 4 DESC",
        params,
    ):
        games[key] = games.get(key, 0) + count
        spelled[key] = name
    return [spelled[key] for key in sorted(games, key=lambda key: (-games[key], key))]


def _add_up(db: Database, scope: Scope) -> list[PlayerStats]:
    where, params = scope.sql()
    joined = f"player_summaries p JOIN games ON games.id = p.game WHERE {where}"
    players: dict[str, PlayerStats] = {}
    for key, name, games, finished, won, hands, _first in db.execute(
        "SELECT p.player, p.name, COUNT(*), SUM(p.finished), SUM(p.won), SUM(p.hands),"
        f" MIN(games.created_at || printf('%020d', games.rowid)) FROM {joined}"
        " GROUP BY p.player, p.name ORDER BY 3, 7 DESC",
        params,
    ):
        # The spelling used most names the player, the earliest on a tie (the last row).
        total = players.setdefault(key, PlayerStats(name))
        total.name = name
        total.games += games
        total.finished += finished
        total.won += won
        total.hands += hands
    for key, count, value in db.execute(
        "SELECT p.player, c.key, SUM(c.value) FROM player_summaries p"
        f" JOIN games ON games.id = p.game, json_each(p.counts) c WHERE {where}"
        " GROUP BY p.player, c.key",
        params,
    ):
        players[key].counts[count] = value
    return sorted(players.values(), key=lambda p: (-p.games, player_key(p.name)))


def player_of(db: Database, scope: Scope, key: str) -> PlayerStats | None:
    """One player's whole statistics over the scope, from their games' parts only."""
    where, params = scope.sql()
    where = f"({where}) AND games.id IN (SELECT game FROM player_summaries WHERE player = ?)"
    refresh(db, where, [*params, key])

    def read() -> list[PlayerStats]:
        rows = db.execute(
            "SELECT p.part FROM player_summaries p JOIN games ON games.id = p.game"
            f" WHERE p.player = ? AND {scope.sql()[0]} ORDER BY games.created_at, games.rowid",
            [key, *params],
        ).fetchall()
        return merge({key: PlayerStats.from_part(json.loads(part))} for (part,) in rows)

    found = read_again(db, read, where, [*params, key])
    return found[0] if found else None


def every_player(db: Database, scope: Scope) -> list[PlayerStats]:
    """Every player's whole statistics over the scope (`scorekeeper stats`)."""
    where, params = _fresh(db, scope)

    def read() -> list[PlayerStats]:
        rows = db.execute(
            "SELECT p.player, p.part FROM player_summaries p JOIN games ON games.id = p.game"
            f" WHERE {where} ORDER BY games.created_at, games.rowid",
            params,
        )
        return merge({key: PlayerStats.from_part(json.loads(part))} for key, part in rows)

    return read_again(db, read, where, params)


def csv_chunks(db: Database, scope: Scope) -> Iterator[str]:
    """Every hand of the scope's games, oldest game first, as CSV (without a BOM): the
    header, then each game's rows as its summary keeps them, read as they are sent (a
    club's 10,000 games are ~90 MB of CSV: never all in memory at once)."""
    where, params = _fresh(db, scope)
    head = io.StringIO()
    write_csv([next(csv_rows([]))], head)
    yield head.getvalue()
    for (chunk,) in db.execute(
        "SELECT s.csv FROM game_summaries s JOIN games ON games.id = s.game"
        f" WHERE {where} ORDER BY games.created_at, games.rowid",
        params,
    ):
        yield chunk


def csv_text(db: Database, scope: Scope) -> str:
    """The same, as one text."""
    return "".join(csv_chunks(db, scope))


def table_results(db: Database, game_ids: Sequence[str]) -> dict[str, TableResult]:
    """These games' results as standings read them, by game (none before a hand)."""
    if not game_ids:
        return {}
    marks = names_in(game_ids)
    where = f"games.id IN ({marks})"
    refresh(db, where, list(game_ids))

    def read() -> dict[str, TableResult]:
        return {
            game_id: _standing(json.loads(standing))
            for game_id, standing in db.execute(
                f"SELECT game, standing FROM game_summaries WHERE game IN ({marks})"
                " AND standing IS NOT NULL",
                list(game_ids),
            )
        }

    return read_again(db, read, where, list(game_ids))


def _standing(raw: Any) -> TableResult:
    """A game's result for standings, as its summary keeps it."""
    return TableResult(
        kind=str(raw["kind"]),
        lowest_wins=bool(raw["lowest_wins"]),
        sides=tuple(tuple(str(name) for name in side) for side in raw["sides"]),
        totals=tuple(raw["totals"]),
        won_by=tuple(int(side) for side in raw["won_by"]),
        rules=str(raw.get("rules", "")),
    )
