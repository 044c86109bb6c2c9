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

import ast
import contextlib
import functools
import hashlib
import io
import json
import sqlite3
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from importlib import metadata
from pathlib import Path
from typing import Any, Protocol, TypeVar

from sqlite_utils import Database

from ..limits import player_key
from ..standings import TableResult
from ..stats import PlayerStats, csv_rows, merge, write_csv
from ..summary import Summary, summary, summary_of
from .db import WAIT_FOR_LOCK_MS, writing

T = TypeVar("T")

PACKAGE = Path(__file__).resolve().parent.parent
# Where the summaries start: what makes them (this module, which reads games through
# store/games.py) and what is made from them (the ratings).
STAMPED_FROM = ("store/summaries.py", "store/ratings.py")
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
        parsed.add(path)
        for module in _imports(path):
            if module[0] != PACKAGE.name:
                libraries.add(module[0])
                continue
            waiting.append(_module_file(module[1:]))
    files = sorted(
        p for p in found | parsed if p.suffix != ".pyc" and "__pycache__" not in p.parts
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


def write(db: Database, game_id: str, made: Summary) -> None:
    """Store a game's summary, made from its version as it stands in this transaction
    (call inside the write that changed the game)."""
    from . import ratings

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
            return
    db.execute("DELETE FROM player_summaries WHERE game = ?", [game_id])
    db.execute(
        "INSERT OR REPLACE INTO game_summaries"
        " (game, version, stamp, ended, sides, places, standing, csv, changed)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?,"
        " (SELECT IFNULL(MAX(changed), 0) + 1 FROM game_summaries))",
        [game_id, version, stamp(), ended, sides, places, standing, made.csv],
    )
    ratings.changed(db, game_id, kind, None if before is None else before[:2], (sides, places))
    db.conn.executemany(
        "INSERT INTO player_summaries (game, player, name, finished, won, hands, counts, part)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [(game_id, *part) for part in parts],
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
    slices = [ids[at : at + SLICE] for at in range(0, len(ids), SLICE)]
    working: deque[Future[list[Remade]]] = deque()
    while slices or working:
        while slices and len(working) < AHEAD:
            working.append(helpers.submit(remade, path, slices.pop(0)))
        made = working.popleft().result()  # not holding the write lock meanwhile
        with writing(db):
            for game_id, version, one, same in made:
                now = db.execute("SELECT version FROM games WHERE id = ?", [game_id]).fetchone()
                if now is None or now[0] != version:
                    continue  # deleted or written meanwhile
                if same:
                    db.execute(
                        "UPDATE game_summaries SET version = ?, stamp = ? WHERE game = ?",
                        [version, stamp(), game_id],
                    )
                elif one is None:
                    db.execute("DELETE FROM game_summaries WHERE game = ?", [game_id])
                    db.execute("DELETE FROM player_summaries WHERE game = ?", [game_id])
                    unscorable.add(game_id)
                else:
                    write(db, game_id, one)
    return unscorable


# A game made again in a helper: its id, the version read, its summary (None: it
# cannot be scored) and whether the kept summary already says the same.
Remade = tuple[str, int, Summary | None, bool]
_reading: dict[str, Database] = {}  # a helper's connection to each database, read only


def remade(path: str, ids: Sequence[str]) -> list[Remade]:
    """In a helper process: these games' summaries made again from their hand logs, as
    the database holds them now (a game deleted meanwhile is left out)."""
    from .games import GameNotFound, get_game

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
            out.append((game_id, stored.version, made, _says(db, game_id, made)))
    return out


def _says(db: Database, game_id: str, made: Summary | None) -> bool:
    """Whether the kept summary of a game says all that `made` says (by any code)."""
    if made is None:
        return False
    kept = db.execute(
        "SELECT sides, places, standing, csv, stamp FROM game_summaries WHERE game = ?",
        [game_id],
    ).fetchone()
    if kept is None or kept[:4] != (made.sides, made.places, made.standing, made.csv):
        return False
    ended = db.execute(
        "SELECT s.ended IS (CASE WHEN s.places IS NULL THEN NULL ELSE (SELECT created_at"
        " FROM hands WHERE game_id = s.game ORDER BY number DESC LIMIT 1) END)"
        " FROM game_summaries s WHERE s.game = ?",
        [game_id],
    ).fetchone()[0]
    parts = db.execute(
        "SELECT player, name, finished, won, hands, counts, part FROM player_summaries"
        " WHERE game = ? ORDER BY rowid",
        [game_id],
    ).fetchall()
    return bool(ended) and parts == list(made.parts)


def summary_of_stored(stored: Any) -> Summary | None:
    """A stored game's summary (a StoredGame's: its hands that are not JSON make it
    one this version cannot score, None)."""
    if stored.unreadable:
        return None
    return summary_of(stored.id, stored.created_at, stored.document(), over=stored.over)


def remake(db: Database, game_id: str, *, only_stale: bool = False) -> bool:
    """One game's summary made again from its hand log (with `only_stale`, only if it is
    stale still); False for a game this version cannot score (it has no summary)."""
    from .games import GameNotFound, get_game

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


def names_in(games: Iterable[str]) -> str:
    """SQL placeholders for a list of values."""
    return ", ".join("?" for _ in games) or "NULL"


@dataclass(frozen=True)
class Scope:
    """Which games a page spans: those a browser may see (`device`; None for every
    stored game, as the command line on the server sees them), narrowed by the page's
    choices: a game kind, a ruleset, started from and to a date (both days included),
    a set of evenings.

    A browser's games are those it was given (started, joined, imported, opened by a
    link), every game of the evenings it organises or directs (the tables' phones
    started most of them), and every game played at a table it holds through the
    table's link."""

    device: str | None
    kind: str = ""
    ruleset: str = ""
    since: str = ""
    until: str = ""
    evenings: tuple[str, ...] | None = None

    def sql(self) -> tuple[str, list[Any]]:
        """A condition on `games`, and its parameters (as many whatever the games)."""
        where: list[str] = []
        params: list[Any] = []
        if self.device is not None:
            where.append(
                "(games.id IN (SELECT game_id FROM grants WHERE device = ?)"
                " OR games.evening IN (SELECT id FROM evenings WHERE created_by = ?)"
                " OR games.evening IN (SELECT evening FROM evening_directors WHERE device = ?)"
                " OR EXISTS (SELECT 1 FROM table_grants t WHERE t.device = ?"
                " AND t.evening = games.evening AND t.number = games.table_number))"
            )
            params += [self.device] * 4
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
            where.append("games.evening IN (SELECT value FROM json_each(?))")
            params.append(json.dumps(list(self.evenings)))
        return " AND ".join(where) or "1", params

    @property
    def filtered(self) -> bool:
        return bool(self.kind or self.ruleset or self.since or self.until) or (
            self.evenings is not None
        )


def _fresh(db: Database, scope: Scope) -> tuple[str, list[Any]]:
    """The scope's condition, once every summary in it is up to date."""
    where, params = scope.sql()
    refresh(db, where, params)
    return where, params


def kinds_played(db: Database, scope: Scope) -> list[str]:
    where, params = scope.sql()
    return [row[0] for row in db.execute(f"SELECT DISTINCT kind FROM games WHERE {where}", params)]


# Kept totals add the games changed since their mark on top of them; past this many,
# they are added up again from every game.
RECENT_MOST = 500
# Games played this recently are never counted in kept totals: tonight's games change
# with every hand, and are added up on each view.
SETTLED_AFTER = timedelta(hours=12)


def _kept(db: Database, key: str) -> tuple[int, str] | None:
    """A page's kept figures (their mark, as JSON), if nothing they count changed since
    they were kept (the database's epoch stands: see store/db.py m020)."""
    row = db.execute("SELECT digest, players FROM span_totals WHERE scope = ?", [key]).fetchone()
    if row is None:
        return None
    made_by, epoch, mark = [*row[0].split("|"), "", "", ""][:3]
    if made_by != stamp() or epoch != _meta(db, "span_epoch"):
        return None  # added up by other code, or something they count changed
    return int(mark), row[1]


def _meta(db: Database, key: str) -> str:
    row = db.execute("SELECT value FROM meta WHERE key = ?", [key]).fetchone()
    return "" if row is None else str(row[0])


def _settle(db: Database) -> int:
    """Move the database's mark on to the last change of a summary before the first
    change of a game played in the last 12 hours (never back); return it."""
    since = (datetime.now(UTC) - SETTLED_AFTER).isoformat(timespec="seconds")
    first_recent = db.execute(
        "SELECT MIN(s.changed) FROM games JOIN game_summaries s ON s.game = games.id"
        " WHERE games.updated_at >= ?",
        [since],
    ).fetchone()[0]
    if first_recent is None:
        first_recent = (
            1 + db.execute("SELECT IFNULL(MAX(changed), 0) FROM game_summaries").fetchone()[0]
        )
    mark = max(int(first_recent) - 1, int(_meta(db, "span_mark") or 0))
    # Kept when it can be: a page that reads must work on a read-only or full disk, or
    # while a backup holds the lock (the mark moves on next time).
    with contextlib.suppress(sqlite3.OperationalError), writing(db):
        db.execute(
            "UPDATE meta SET value = ? WHERE key = 'span_mark' AND CAST(value AS INTEGER) < ?",
            [mark, mark],
        )
    return mark


def _keep(db: Database, key: str, mark: int, epoch: str, figures: str) -> None:
    """Keep a page's figures for next time, when the disk lets it (see `_settle`)."""
    with contextlib.suppress(sqlite3.OperationalError), writing(db):
        db.execute(
            "INSERT OR REPLACE INTO span_totals (scope, digest, players) VALUES (?, ?, ?)",
            [key, f"{stamp()}|{epoch}|{mark}", figures],
        )


def player_totals(db: Database, scope: Scope) -> list[PlayerStats]:
    """The players page's figures (see `_player_totals`); a summary that does not read
    back is made again and the page reads once more, never a 500."""
    where, params = _fresh(db, scope)
    return read_again(db, lambda: _player_totals(db, scope), where, params)


def _player_totals(db: Database, scope: Scope) -> list[PlayerStats]:
    """Every player's games, wins, hands, game kinds and the kinds' counts over the
    scope, most games first (the players page): added up by SQLite from the summaries.

    Adding up a club's 120,000 player-games takes about a second, so a browser's whole
    list (no filter) is kept in the database: the games whose summaries had settled
    (changed no later than the database's mark) added up, kept while none of them
    changes; a page adds up the games changed since the mark on top: tonight's, not
    the years."""
    where, params = _fresh(db, scope)
    if scope.filtered:
        return _players(_add_up(db, where, params))
    key = f"device:{scope.device}"
    with db.atomic():  # one snapshot: the epoch and the games added up agree
        kept = _kept(db, key)
        if kept is not None:
            latest = _add_up(db, where, params, since=kept[0])
            if sum(n for t in latest.values() for n, _ in t["names"].values()) <= RECENT_MOST * 4:
                with contextlib.suppress(*_MISREAD):  # a kept copy that does not read: again
                    return _players(_merge(json.loads(kept[1]), latest))
    mark = _settle(db)
    with db.atomic():
        epoch = _meta(db, "span_epoch")
        settled = _add_up(db, where, params, upto=mark)
        latest = _add_up(db, where, params, since=mark)
    _keep(db, key, mark, epoch, json.dumps(settled, ensure_ascii=False))
    return _players(_merge(settled, latest))


Tally = dict[str, dict[str, Any]]  # by player key: their games added up, JSON-ready


def _changed_window(
    where: str, params: list[Any], since: int | None, upto: int | None
) -> tuple[str, str, list[Any]]:
    """The players' parts joined to their games and summaries, and the condition and
    parameters narrowed to the games whose summary changed after `since` (a few games:
    found by when they changed, then checked) or up to `upto`."""
    joined = (
        "player_summaries p JOIN games ON games.id = p.game"
        " JOIN game_summaries s ON s.game = games.id"
    )
    if since is not None:
        where, params = f"s.changed > ? AND ({where})", [since, *params]
        joined = (
            "game_summaries s CROSS JOIN games ON games.id = s.game"
            " CROSS JOIN player_summaries p ON p.game = s.game"
        )
    if upto is not None:
        where, params = f"({where}) AND s.changed <= ?", [*params, upto]
    return joined, where, params


def _add_up(
    db: Database,
    where: str,
    params: list[Any],
    *,
    since: int | None = None,
    upto: int | None = None,
) -> Tally:
    """Each player's games, wins and hands, per spelling (with its first game), game
    kinds and counts, over the scope's games (those whose summary changed after `since`,
    or up to `upto`)."""
    joined, where, params = _changed_window(where, params, since, upto)
    tally: Tally = {}
    for key, name, kind, games, finished, won, hands, first in db.execute(
        "SELECT p.player, p.name, games.kind, COUNT(*), SUM(p.finished), SUM(p.won),"
        f" SUM(p.hands), MIN(games.created_at || printf('%020d', games.rowid)) FROM {joined}"
        f" WHERE {where} GROUP BY p.player, p.name, games.kind",
        params,
    ):
        total = tally.setdefault(key, _nothing())
        seen = total["names"].setdefault(name, [0, first])
        seen[0] += games
        seen[1] = min(seen[1], first)
        for field, value in zip(_BY_KIND, (games, finished, won, hands), strict=True):
            total[field][kind] = total[field].get(kind, 0) + value
        total["finished"] += finished
        total["won"] += won
        total["hands"] += hands
    for key, count, value in db.execute(
        f"SELECT p.player, c.key, SUM(c.value) FROM {joined}, json_each(p.counts) c"
        f" WHERE {where} GROUP BY p.player, c.key",
        params,
    ):
        tally[key]["counts"][count] = value
    return tally


# A tally's figures per game kind, as PlayerStats names them.
_BY_KIND = ("kinds", "finished_by_kind", "won_by_kind", "hands_by_kind")


def _nothing() -> dict[str, Any]:
    """A player's tally before any game."""
    return {
        "names": {},
        **{field: {} for field in _BY_KIND},
        "finished": 0,
        "won": 0,
        "hands": 0,
        "counts": {},
    }


def _merge(kept: Tally, more: Tally) -> Tally:
    """Two tallies over different games, added together."""
    for key, adding in more.items():
        total = kept.setdefault(key, _nothing())
        for name, (games, first) in adding["names"].items():
            seen = total["names"].setdefault(name, [0, first])
            seen[0] += games
            seen[1] = min(seen[1], first)
        for field in (*_BY_KIND, "counts"):
            for what, value in adding[field].items():
                total[field][what] = total[field].get(what, 0) + value
        for field in ("finished", "won", "hands"):
            total[field] += adding[field]
    return kept


def _players(tally: Tally) -> list[PlayerStats]:
    """The tally as the players page shows it: each player under the spelling used
    most (the earliest on a tie), most games first."""
    players = []
    for total in tally.values():
        names = total["names"]
        name = min(names, key=lambda n: (-names[n][0], names[n][1]))
        player = PlayerStats(
            name,
            games=sum(games for games, _first in names.values()),
            finished=total["finished"],
            won=total["won"],
            hands=total["hands"],
        )
        player.counts.update(total["counts"])
        for field in _BY_KIND:
            getattr(player, field).update(total[field])
        players.append(player)
    return sorted(players, key=lambda p: (-p.games, player_key(p.name)))


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


def player_of(db: Database, scope: Scope, key: str) -> PlayerStats | None:
    """One player's figures (see `_player_of`); a summary that does not read back is
    made again and the page reads once more, never a 500."""
    where, params = scope.sql()
    theirs = f"({where}) AND games.id IN (SELECT game FROM player_summaries WHERE player = ?)"
    return read_again(db, lambda: _player_of(db, scope, key), theirs, [*params, key])


def _player_of(db: Database, scope: Scope, key: str) -> PlayerStats | None:
    """One player's whole statistics over the scope, from their games' parts only; a
    browser's whole view (no filter) kept as the players page keeps its totals."""
    where, params = scope.sql()
    theirs = f"({where}) AND games.id IN (SELECT game FROM player_summaries WHERE player = ?)"
    refresh(db, theirs, [*params, key])
    if scope.filtered:
        return _one(_parts(db, key, where, params))
    kept_key = f"player:{scope.device}:{key}"
    with db.atomic():  # one snapshot: the epoch and the parts read agree
        kept = _kept(db, kept_key)
        if kept is not None:
            latest = _parts(db, key, where, params, since=kept[0])
            if len(latest) <= RECENT_MOST:
                with contextlib.suppress(*_MISREAD):  # a kept copy that does not read: again
                    before = json.loads(kept[1])
                    return _one([*([PlayerStats.from_part(before)] if before else []), *latest])
    mark = _settle(db)
    with db.atomic():
        epoch = _meta(db, "span_epoch")
        settled = _one(_parts(db, key, where, params, upto=mark))
        latest = _parts(db, key, where, params, since=mark)
    figures = json.dumps(settled.to_part() if settled else None, ensure_ascii=False)
    _keep(db, kept_key, mark, epoch, figures)
    return _one([*([settled] if settled else []), *latest])


def _parts(
    db: Database,
    key: str,
    where: str,
    params: list[Any],
    *,
    since: int | None = None,
    upto: int | None = None,
) -> list[PlayerStats]:
    """The player's part of each of the scope's games, oldest first (those whose summary
    changed after `since`, or up to `upto`)."""
    joined, where, params = _changed_window(where, params, since, upto)
    return [
        PlayerStats.from_part(json.loads(part))
        for (part,) in db.execute(
            f"SELECT p.part FROM {joined} WHERE p.player = ? AND {where}"
            " ORDER BY games.created_at, games.rowid",
            [key, *params],
        )
    ]


def _one(parts: list[PlayerStats]) -> PlayerStats | None:
    found = merge({"one": part} for part in parts)
    return found[0] if found else None


def every_player(db: Database, scope: Scope) -> list[PlayerStats]:
    """Every player's whole statistics over the scope (`scorekeeper stats`)."""
    where, params = _fresh(db, scope)
    rows = db.execute(
        "SELECT p.player, p.part FROM player_summaries p JOIN games ON games.id = p.game"
        f" WHERE {where} ORDER BY games.created_at, games.rowid",
        params,
    )
    return merge({key: PlayerStats.from_part(json.loads(part))} for key, part in rows)


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
    """These games' results as standings read them, by game (none before a hand); the
    ids go to SQLite as one JSON parameter, however many."""
    if not game_ids:
        return {}
    chosen = "games.id IN (SELECT value FROM json_each(?))"
    listed = [json.dumps(list(game_ids))]
    refresh(db, chosen, listed)

    def read() -> dict[str, TableResult]:
        return {
            game_id: _standing(json.loads(standing))
            for game_id, standing in db.execute(
                "SELECT s.game, s.standing FROM game_summaries s JOIN games ON games.id = s.game"
                f" WHERE {chosen} AND s.standing IS NOT NULL",
                listed,
            )
        }

    return read_again(db, read, chosen, listed)


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
