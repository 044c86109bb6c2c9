"""Each game's summary, kept beside its hand log: what the pages that span games read.

A summary is what the engine and the statistics make of one game: each player's part of
the statistics (stats.game_stats), the game's rows of the all-games CSV, and, once it is
over, its sides in their places (for ratings). It is written in the same transaction as
the write that changes the game, so it is never behind its game; and it says what made
it, so it is never behind the code either:

- `version`: the game's version it was made from (every write bumps the version; a
  write that leaves the hands and names alone carries the summary on to the new one);
- `stamp`: a fingerprint of the code that scores and counts (the engine, the presets,
  the statistics, this module and what they import: `stamped_files`), computed once a
  process, so that an upgrade or a scoring fix changes it without anyone remembering
  to, and an upgrade of the pages alone changes nothing.

A summary whose version or stamp differs from its game's and this code's is made again
from the hand log before it is read (`refresh`); a server does it for every game when
it starts. Any summary may be deleted: it is made again.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import json
import sqlite3
import sys
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future
from contextvars import ContextVar
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any, Protocol, TypeVar

from sqlite_utils import Database

from ..standings import TableResult
from ..stats import PlayerStats
from ..summary import Summary, summary, summary_of
from .db import WAIT_FOR_LOCK_MS, writing
from .stored import GameNotFound, StoredGame, get_game

T = TypeVar("T")

PACKAGE = Path(__file__).resolve().parent.parent
# Where the summaries start: what makes them (the pure summary, and this module, which
# reads games through store/stored.py) and what is kept from them (the ratings, the
# pages' totals: kept with this stamp too).
STAMPED_FROM = ("summary.py", "store/summaries.py", "store/ratings.py", "store/totals.py")
# The schema's history (store/db.py imports it to migrate): a summary says the same
# whichever migrations made its tables, and a new migration remakes none.
NOT_STAMPED = ("store/migrations.py",)
# Read whole: the engine imports each game kind by its name when first asked for one,
# and reads the presets as data.
STAMPED_WHOLE = ("engine", "presets")


def stamped_files() -> tuple[list[Path], list[str]]:
    """What a summary depends on: the engine and the presets whole, every module of
    scorekeeper the summaries' own modules import, followed through their imports
    (inside functions too), and the libraries those import. Computed, not listed by
    hand, so that a new import (of limits.py, say) counts without anyone remembering
    to; narrower than the whole package, so that an upgrade of the pages leaves the
    summaries alone."""
    found: set[Path] = set()
    parsed: set[Path] = set()
    libraries: set[str] = set()
    waiting = [PACKAGE / name for name in STAMPED_FROM]
    for name in STAMPED_WHOLE:  # the engine imports nothing outside it but the stdlib
        found.update(p for p in (PACKAGE / name).rglob("*") if p.is_file())
    while waiting:
        path = waiting.pop()
        if path in found or path in parsed or not path.is_file():
            continue
        if str(path.relative_to(PACKAGE)) in NOT_STAMPED:
            continue
        parsed.add(path)
        for module in _imports(path):
            if module[0] != PACKAGE.name:
                libraries.add(module[0])
                continue
            waiting.append(_module_file(module[1:]))
    files = sorted(
        p
        for p in found | parsed
        if p.suffix != ".pyc"
        and "__pycache__" not in p.parts
        and str(p.relative_to(PACKAGE)) not in NOT_STAMPED
    )
    return files, sorted(libraries - set(sys.stdlib_module_names) - {"__future__"})


def _imports(path: Path) -> Iterator[tuple[str, ...]]:
    """Every module `path` imports, as absolute dotted parts (`from a import b`: a.b,
    which is a module or a name in a)."""
    package = (PACKAGE.name, *path.parent.relative_to(PACKAGE).parts)
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.Import):
            yield from (tuple(alias.name.split(".")) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else ()
            module = (*base, *(node.module.split(".") if node.module else ()))
            yield from ((*module, alias.name) for alias in node.names)


def _module_file(parts: tuple[str, ...]) -> Path:
    """The file of the package's module `parts`, or of the nearest module holding it."""
    while parts:
        where = PACKAGE.joinpath(*parts)
        for path in (where.with_suffix(".py"), where / "__init__.py"):
            if path.is_file():
                return path
        parts = parts[:-1]
    return PACKAGE / "__init__.py"


def _version(library: str) -> str:
    try:
        return f"{library}={metadata.version(library)}"
    except metadata.PackageNotFoundError:  # a module of a library of another name
        return library


@functools.cache
def stamp() -> str:
    """What made this process's summaries: a fingerprint of the code they depend on
    (`stamped_files`: ~60 small files, read once a process) and of the versions of
    the libraries it uses. Not scorekeeper's own version: an upgrade that leaves scoring
    and counting alone leaves every summary as it was."""
    files, libraries = stamped_files()
    digest = hashlib.sha256()
    for path in files:
        digest.update(str(path.relative_to(PACKAGE)).encode())
        digest.update(path.read_bytes())
    digest.update(";".join(_version(library) for library in libraries).encode())
    return digest.hexdigest()[:16]


@dataclass(frozen=True)
class Change:
    """A summary written anew: what the ratings read of it (its sides and places, as
    JSON) before (None: there was none) and after. The writer tells the ratings
    (store/ratings.py `changed`): the summaries never write a rating."""

    game: str
    kind: str
    before: tuple[str | None, str | None] | None
    after: tuple[str, str | None]


def write(db: Database, game_id: str, made: Summary) -> Change | None:
    """Store a game's summary, made from its version as it stands in this transaction
    (call inside the write that changed the game); return what changed for the ratings
    (None: the kept one said the same, and only its version and stamp are new)."""
    version, kind, ended = db.execute(
        "SELECT version, kind, (SELECT created_at FROM hands WHERE game_id = games.id"
        " ORDER BY number DESC LIMIT 1) FROM games WHERE id = ?",
        [game_id],
    ).fetchone()
    before = db.execute(
        "SELECT sides, places, ended, standing, csv FROM game_summaries WHERE game = ?",
        [game_id],
    ).fetchone()
    sides, places, standing, parts = made.sides, made.places, made.standing, list(made.parts)
    ended = ended if places is not None else None
    if before is not None and tuple(before) == (sides, places, ended, standing, made.csv):
        kept = db.execute(
            "SELECT player, name, finished, won, hands, counts, part FROM player_summaries"
            " WHERE game = ? ORDER BY rowid",
            [game_id],
        ).fetchall()
        if kept == parts:  # made again by other code, the same: only its stamp is new
            db.execute(
                "UPDATE game_summaries SET version = ?, stamp = ? WHERE game = ?",
                [version, stamp(), game_id],
            )
            return None
    db.execute("DELETE FROM player_summaries WHERE game = ?", [game_id])
    db.execute(
        "INSERT OR REPLACE INTO game_summaries"
        " (game, version, stamp, ended, sides, places, standing, csv, changed)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?,"
        " (SELECT IFNULL(MAX(changed), 0) + 1 FROM game_summaries))",
        [game_id, version, stamp(), ended, sides, places, standing, made.csv],
    )
    db.conn.executemany(
        "INSERT INTO player_summaries (game, player, name, finished, won, hands, counts, part)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [(game_id, *part) for part in parts],
    )
    return Change(game_id, kind, None if before is None else before[:2], (sides, places))


def carry(db: Database, game_id: str, version: int) -> None:
    """A write that left the hands and the names alone: the summary of `version` stays
    right for the next one (call inside that write)."""
    db.execute(
        "UPDATE game_summaries SET version = version + 1 WHERE game = ? AND version = ?",
        [game_id, version],
    )


def stale(db: Database, where: str = "1", params: Sequence[Any] = ()) -> list[str]:
    """The games (of those `where` picks from `games`) whose summary is missing, or was
    made from another version of the game or by other code; the last played first."""
    return [
        row[0]
        for row in db.execute(
            "SELECT games.id FROM games LEFT JOIN game_summaries s ON s.game = games.id"
            f" WHERE ({where}) AND (s.game IS NULL OR s.version != games.version"
            " OR s.stamp != ?) ORDER BY games.updated_at DESC",
            [*params, stamp()],
        )
    ]


# How a server's page waits for the summaries it needs: the server's one catch-up
# worker (store/catch_up.py) makes them, once, however many pages wait for them. Set
# for each request by the app; unset (the command line) they are made where asked.
class Waiting(Protocol):
    def current(self, db: Database) -> bool:
        """No summary can be stale (the worker found none, in this database)."""

    def wait(self, db: Database, games: list[str]) -> None:
        """Wait for these games' summaries (none: the page spans games all the same)."""


waiting: ContextVar[Waiting | None] = ContextVar("waiting", default=None)


def refresh(db: Database, where: str = "1", params: Sequence[Any] = ()) -> int:
    """Bring the summaries `stale` finds up to date before they are read: wait for the
    server's worker to make them (a page), or make them here (the command line); return
    how many were stale."""
    pages = waiting.get()
    if pages is not None and pages.current(db):
        pages.wait(db, [])  # the page spans games: it says so while catching up
        return 0
    ids = stale(db, where, params)
    if pages is not None:
        pages.wait(db, ids)
    elif ids:
        remake_many(db, ids)
    return len(ids)


# A batch of summaries made again holds the write lock this long at most: a hand
# entered meanwhile waits no longer than that.
BATCH_SECONDS = 0.1


def remake_many(db: Database, ids: Sequence[str], helpers: Executor | None = None) -> set[str]:
    """Make again, from their hand logs, the summaries of these games that are still
    stale, a batch of games a transaction; return the games that cannot be scored.
    With `helpers` (processes of the server's), the games are scored there, several at
    once, and written here."""
    if helpers is not None:
        return _remake_beside(db, ids, helpers)
    unscorable: set[str] = set()
    left = list(reversed(ids))
    while left:
        until = time.monotonic() + BATCH_SECONDS
        with writing(db):
            while left and time.monotonic() < until:
                game_id = left.pop()
                if not remake(db, game_id, only_stale=True):
                    unscorable.add(game_id)
    return unscorable


# Games a helper scores at a time: few enough that every helper has some, many enough
# that sending them costs little beside scoring them.
SLICE = 10
AHEAD = 6  # slices sent ahead: every helper has the next while this thread writes


def _remake_beside(db: Database, ids: Sequence[str], helpers: Executor) -> set[str]:
    """`remake_many`, the games read and scored by `helpers` (each with a connection of
    its own that only reads) while this thread writes those made: a summary that says
    what the kept one says only gets the new stamp. A game written meanwhile is left as
    it is (its write made its summary, or it is stale still and found again)."""
    path = db.execute("PRAGMA database_list").fetchone()[2]
    unscorable: set[str] = set()
    # Only those still stale: a page's games made already as the last played (or the
    # last played made already for a page) are not made twice.
    still = set(stale(db, "games.id IN (SELECT value FROM json_each(?))", [json.dumps(list(ids))]))
    ids = [game_id for game_id in ids if game_id in still]
    slices = [ids[at : at + SLICE] for at in range(0, len(ids), SLICE)]
    working: deque[Future[list[Remade]]] = deque()
    while slices or working:
        while slices and len(working) < AHEAD:
            working.append(helpers.submit(remade, path, slices.pop(0)))
        made = working.popleft().result()  # not holding the write lock meanwhile
        with writing(db):
            db.conn.executemany(  # those that say the same: restamped, unless written meanwhile
                "UPDATE game_summaries SET version = ?, stamp = ? WHERE game = ?"
                " AND ? = (SELECT version FROM games WHERE id = ?)",
                [
                    (version, stamp(), game_id, version, game_id)
                    for game_id, version, _, same in made
                    if same
                ],
            )
            for game_id, version, one, same in made:
                if same:
                    continue
                now = db.execute("SELECT version FROM games WHERE id = ?", [game_id]).fetchone()
                if now is None or now[0] != version:
                    continue  # deleted or written meanwhile
                if one is None:
                    db.execute("DELETE FROM game_summaries WHERE game = ?", [game_id])
                    db.execute("DELETE FROM player_summaries WHERE game = ?", [game_id])
                    unscorable.add(game_id)
                else:
                    write(db, game_id, one)
    return unscorable


# A game made again in a helper: its id, the version read, its summary (None: it
# cannot be scored, or the kept summary already says the same) and whether it does.
Remade = tuple[str, int, Summary | None, bool]
_reading: dict[str, Database] = {}  # a helper's connection to each database, read only


def remade(path: str, ids: Sequence[str]) -> list[Remade]:
    """In a helper process: these games' summaries made again from their hand logs, as
    the database holds them now (a game deleted meanwhile is left out)."""
    if path not in _reading:
        _reading[path] = Database(sqlite3.connect(f"file:{path}?mode=ro", uri=True))
        _reading[path].execute(f"PRAGMA busy_timeout = {WAIT_FOR_LOCK_MS}")
    db = _reading[path]
    out: list[Remade] = []
    with db.atomic():  # one snapshot: each game as it stood with its summary
        for game_id in ids:
            try:
                stored = get_game(db, game_id)
            except GameNotFound:
                continue
            made = summary_of_stored(stored)
            if _says(db, game_id, made):  # the writer only restamps it: nothing to send
                out.append((game_id, stored.version, None, True))
            else:
                out.append((game_id, stored.version, made, False))
    return out


def _says(db: Database, game_id: str, made: Summary | None) -> bool:
    """Whether the kept summary of a game says all that `made` says (by any code)."""
    if made is None:
        return False
    kept = db.execute(
        "SELECT sides, places, standing, csv, s.ended IS (CASE WHEN s.places IS NULL THEN"
        " NULL ELSE (SELECT created_at FROM hands WHERE game_id = s.game ORDER BY number"
        " DESC LIMIT 1) END) FROM game_summaries s WHERE s.game = ?",
        [game_id],
    ).fetchone()
    if kept is None or kept != (made.sides, made.places, made.standing, made.csv, 1):
        return False
    parts = db.execute(
        "SELECT player, name, finished, won, hands, counts, part FROM player_summaries"
        " WHERE game = ? ORDER BY rowid",
        [game_id],
    ).fetchall()
    return parts == list(made.parts)


def summary_of_stored(stored: StoredGame) -> Summary | None:
    """A stored game's summary (a StoredGame's: its hands that are not JSON make it
    one this version cannot score, None)."""
    if stored.unreadable:
        return None
    return summary_of(stored.id, stored.created_at, stored.document(), over=stored.over)


def remake(db: Database, game_id: str, *, only_stale: bool = False) -> bool:
    """One game's summary made again from its hand log (with `only_stale`, only if it is
    stale still); False for a game this version cannot score (it has no summary)."""
    with writing(db):
        if only_stale and not stale(db, "games.id = ?", [game_id]):
            return True  # made meanwhile, by a write or by another worker's batch
        try:
            stored = get_game(db, game_id)
        except GameNotFound:
            return True  # deleted meanwhile
        made = summary_of_stored(stored)
        if made is None:
            db.execute("DELETE FROM game_summaries WHERE game = ?", [game_id])
            db.execute("DELETE FROM player_summaries WHERE game = ?", [game_id])
            return False
        write(db, game_id, made)
        return True


# What reading a summary row raises when it is not what this code writes (not JSON, or
# JSON of another shape; SQLite's json_each says "malformed JSON").
MISREAD = (ValueError, KeyError, TypeError, AttributeError, sqlite3.OperationalError)


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
            _ = standing is None or standing_of(json.loads(standing))
        except MISREAD:
            bad.add(game_id)
    for game_id, counts, part in db.execute(
        "SELECT p.game, p.counts, p.part FROM player_summaries p"
        f" JOIN games ON games.id = p.game WHERE ({where})",
        params,
    ):
        try:
            dict(json.loads(counts))
            PlayerStats.from_part(json.loads(part))
        except MISREAD:
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
    except MISREAD as error:
        if not _misread(error):
            raise
    for game_id in unreadable(db, where, params):
        remake(db, game_id)
    return read()


def replay_differs(db: Database, game_id: str) -> str | None:
    """What a game's kept summary says that a replay of its hand log does not (the
    first field found, as "player ann: won"), or None when they agree. DamagedGame when
    the hand log itself does not replay. For `scorekeeper check --deep`."""
    stored = get_game(db, game_id)
    result = stored.score()  # DamagedGame when the log does not replay
    made = summary(
        game_id, stored.created_at, stored.players, stored.hands, result, over=stored.over
    )
    kept = db.execute(
        "SELECT sides, places, standing, csv, version, stamp FROM game_summaries WHERE game = ?",
        [game_id],
    ).fetchone()
    if kept is None or kept[4] != stored.version or kept[5] != stamp():
        return None  # none yet, or stale: made again from the hands before it is read
    replayed = {"sides": made.sides, "places": made.places, "standing": made.standing}
    replayed["csv"] = made.csv
    for name, value in zip(replayed, kept[:4], strict=True):
        if replayed[name] != value:
            return name
    rows = {
        row[0]: row[1:]
        for row in db.execute(
            "SELECT player, name, finished, won, hands, counts, part FROM player_summaries"
            " WHERE game = ?",
            [game_id],
        )
    }
    fields = ("name", "finished", "won", "hands", "counts", "part")
    for key, *again in made.parts:
        if key not in rows:
            return f"player {key}: missing"
        for field, one, other in zip(fields, rows[key], again, strict=True):
            if one != other:
                return f"player {key}: {field}"
    extra = sorted(set(rows) - {part[0] for part in made.parts})
    return f"player {extra[0]}: not in the game" if extra else None


def standing_of(raw: Any) -> TableResult:
    """A game's result for standings, as its summary keeps it."""
    return TableResult(
        kind=str(raw["kind"]),
        lowest_wins=bool(raw["lowest_wins"]),
        sides=tuple(tuple(str(name) for name in side) for side in raw["sides"]),
        totals=tuple(raw["totals"]),
        won_by=tuple(int(side) for side in raw["won_by"]),
        rules=str(raw.get("rules", "")),
    )


def table_results(db: Database, game_ids: Sequence[str]) -> dict[str, TableResult]:
    """These games' results as standings read them, by game (none before a hand); the
    ids go to SQLite as one JSON parameter, however many."""
    if not game_ids:
        return {}
    chosen = "games.id IN (SELECT value FROM json_each(?))"
    listed = [json.dumps(list(game_ids))]
    refresh(db, chosen, listed)

    def read() -> dict[str, TableResult]:
        return {
            game_id: standing_of(json.loads(standing))
            for game_id, standing in db.execute(
                "SELECT s.game, s.standing FROM game_summaries s JOIN games ON games.id = s.game"
                f" WHERE {chosen} AND s.standing IS NOT NULL",
                listed,
            )
        }

    return read_again(db, read, chosen, listed)
