"""What the pages that span games read from the summaries: a browser's games (`Scope`),
the players' figures added up (kept in `span_totals` for the games that have settled),
one player's, the all-games CSV and the tables' results for standings.

Each read first brings the summaries it needs up to date (summaries.refresh) and
makes again any that does not read back (summaries.read_again)."""

from __future__ import annotations

import contextlib
import io
import json
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlite_utils import Database

from ..limits import player_key
from ..stats import PlayerStats, csv_rows, merge, write_csv
from .db import writing
from .summaries import MISREAD, read_again, refresh, stamp


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
    where, params = scope.sql()  # brought up to date by _player_totals, once
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
                with contextlib.suppress(*MISREAD):  # a kept copy that does not read: again
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
    chosen, params = _chosen(where, params, since, upto)
    tally: Tally = {}
    for key, name, kind, games, finished, won, hands, first in db.execute(
        f"{chosen} SELECT p.player, p.name, chosen.kind, COUNT(*), SUM(p.finished), SUM(p.won),"
        " SUM(p.hands), MIN(chosen.first) FROM chosen JOIN player_summaries p ON p.game = chosen.id"
        " GROUP BY p.player, p.name, chosen.kind",
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
        f"{chosen} SELECT p.player, c.key, SUM(c.value) FROM chosen"
        " JOIN player_summaries p ON p.game = chosen.id, json_each(p.counts) c"
        " GROUP BY p.player, c.key",
        params,
    ):
        tally[key]["counts"][count] = value
    return tally


def _chosen(
    where: str, params: list[Any], since: int | None, upto: int | None
) -> tuple[str, list[Any]]:
    """The scope's games (those whose summary changed after `since`, or up to `upto`),
    each with its kind and its place in the order played, as `chosen` (a WITH clause)
    and its parameters: read once a game, not once a player's part (the summary's row
    read four times over, its CSV before `changed`: more than half the players page's
    adding up, 0.76 → 0.31 s of processor at 10,000 games)."""
    joined = "games JOIN game_summaries s ON s.game = games.id"
    if since is not None:  # a few games: found by when they changed, then checked
        where, params = f"s.changed > ? AND ({where})", [since, *params]
        joined = "game_summaries s CROSS JOIN games ON games.id = s.game"
    if upto is not None:
        where, params = f"({where}) AND s.changed <= ?", [*params, upto]
    return (
        "WITH chosen AS MATERIALIZED (SELECT games.id, games.kind,"
        " games.created_at || printf('%020d', games.rowid) AS first"
        f" FROM {joined} WHERE {where})",
        params,
    )


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
                with contextlib.suppress(*MISREAD):  # a kept copy that does not read: again
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
