"""Seasons: a name, the evenings they hold (a date range or chosen evenings), and how
their table ranks players (seasons.py works the table out)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from sqlite_utils import Database

from ..engine.text import N_
from ..limits import EVENING_NAME_MAX, clean_name
from ..seasons import MEASURES
from .db import writing
from .evenings import Evening
from .ids import new_id
from .stored import _now


@dataclass(frozen=True)
class Season:
    id: str
    name: str
    created_by: str
    created_at: str
    since: str | None  # a date range (ISO days, both included), or
    until: str | None
    evenings: tuple[str, ...] | None  # chosen evenings
    measure: str
    best_of: int | None


# The most nights a season's "best of" counts: as many evenings as one phone may start
# (limits.MAX_EVENINGS_PER_PHONE), and far inside SQLite's integers.
MOST_COUNTED = 1_000
BEST_OF_WORDS = N_("the nights that count must be a whole number from 1 to 1,000")


class SeasonNotFound(LookupError):
    pass


class BadSeason(ValueError):
    """A season that cannot be: `field` names the form's field, `message` says why."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.message = message
        super().__init__(message)


def _season(row: dict[str, object]) -> Season:
    chosen = row["evenings"]
    return Season(
        id=str(row["id"]),
        name=str(row["name"]),
        created_by=str(row["created_by"]),
        created_at=str(row["created_at"]),
        since=row["since"] if isinstance(row["since"], str) else None,
        until=row["until"] if isinstance(row["until"], str) else None,
        evenings=tuple(json.loads(chosen)) if isinstance(chosen, str) else None,
        measure=str(row["measure"]),
        best_of=row["best_of"] if isinstance(row["best_of"], int) else None,
    )


def check_season(
    since: str | None,
    until: str | None,
    evenings: Sequence[str] | None,
    measure: str,
    best_of: int | None,
) -> None:
    """Raise BadSeason for what a season cannot be."""
    if evenings is None and not (since and until):
        raise BadSeason("since", N_("choose the evenings, or the first and last day"))
    if since and until and since > until:
        raise BadSeason("until", N_("the last day comes before the first"))
    if evenings is not None and not evenings:
        raise BadSeason("evenings", N_("choose at least one evening"))
    if measure not in MEASURES:
        raise BadSeason("measure", N_("choose how the season ranks from the list"))
    if best_of is not None and not 1 <= best_of <= MOST_COUNTED:
        raise BadSeason("best_of", BEST_OF_WORDS)


def create_season(
    db: Database,
    name: str,
    device: str,
    *,
    since: str | None = None,
    until: str | None = None,
    evenings: Sequence[str] | None = None,
    measure: str = "match_points",
    best_of: int | None = None,
) -> str:
    """Store a season; return its id (BadName for the name, BadSeason for the rest)."""
    name = clean_name(name, EVENING_NAME_MAX)
    check_season(since, until, evenings, measure, best_of)
    season_id = new_id()
    with writing(db):
        db.execute(
            "INSERT INTO seasons (id, name, created_by, created_at, since, until, evenings,"
            " measure, best_of) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                season_id,
                name,
                device,
                _now(),
                None if evenings is not None else since,
                None if evenings is not None else until,
                None if evenings is None else json.dumps(list(evenings)),
                measure,
                best_of,
            ],
        )
    return season_id


def set_ranking(db: Database, season_id: str, measure: str, best_of: int | None) -> None:
    """Change how a season's table ranks (its evenings stay)."""
    check_season("-", "-", None, measure, best_of)
    with writing(db):
        db.execute(
            "UPDATE seasons SET measure = ?, best_of = ? WHERE id = ?",
            [measure, best_of, season_id],
        )


def set_nights(
    db: Database,
    season_id: str,
    *,
    since: str | None = None,
    until: str | None = None,
    evenings: Sequence[str] | None = None,
) -> None:
    """Change which nights a season holds: a date range, or chosen evenings (BadSeason)."""
    season = get_season(db, season_id)
    check_season(since, until, evenings, season.measure, season.best_of)
    with writing(db):
        db.execute(
            "UPDATE seasons SET since = ?, until = ?, evenings = ? WHERE id = ?",
            [
                None if evenings is not None else since,
                None if evenings is not None else until,
                None if evenings is None else json.dumps(list(evenings)),
                season_id,
            ],
        )


def get_season(db: Database, season_id: str) -> Season:
    rows = list(db.query("SELECT * FROM seasons WHERE id = ?", [season_id]))
    if not rows:
        raise SeasonNotFound(season_id)
    return _season(rows[0])


def _may_see(device: str) -> str:
    """The ids of the evenings a browser (the named parameter `device`) may see, as
    `evening_role` gives them: started, watched, a table held, a game of it held. Read
    from that browser's own rows, so its cost follows its own evenings and games."""
    d = f":{device}"
    return (
        f"SELECT id FROM evenings WHERE created_by = {d}"
        f" UNION SELECT evening FROM evening_grants WHERE device = {d}"
        f" UNION SELECT evening FROM table_grants WHERE device = {d}"
        " UNION SELECT games.evening FROM grants JOIN games ON games.id = grants.game_id"
        f" WHERE grants.device = {d} AND games.evening IS NOT NULL"
    )


def _sees(device: str) -> str:
    """Whether a browser (the named parameter `device`) may see the evening `e`, as
    `evening_role` says: asked of each of a few evenings, this costs what those evenings
    hold; `_may_see` costs what the browser holds."""
    d = f":{device}"
    return (
        f"(e.created_by = {d}"
        f" OR EXISTS (SELECT 1 FROM evening_grants WHERE device = {d} AND evening = e.id)"
        f" OR EXISTS (SELECT 1 FROM table_grants WHERE device = {d} AND evening = e.id)"
        " OR EXISTS (SELECT 1 FROM games JOIN grants ON grants.game_id = games.id"
        f" AND grants.device = {d} WHERE games.evening = e.id))"
    )


# A season holds an evening `e` (of `seasons`) that falls in its range, or was chosen.
_HOLDS = (
    "(seasons.evenings IS NULL AND substr(e.created_at, 1, 10)"
    " BETWEEN seasons.since AND seasons.until)"
    " OR (seasons.evenings IS NOT NULL AND e.id IN (SELECT value FROM json_each(seasons.evenings)))"
)


def season_evenings(db: Database, season: Season, device: str | None) -> list[Evening]:
    """The season's evenings this browser may see, oldest first. A season holds only
    nights its starter may see: a stranger's season of every day of the year holds none
    of a club's evenings."""
    rows = db.query(
        "SELECT e.* FROM evenings AS e JOIN seasons ON seasons.id = :season"
        f" WHERE ({_HOLDS}) AND {_sees('starter')} AND {_sees('viewer')}"
        " ORDER BY e.created_at, e.rowid",
        {"season": season.id, "starter": season.created_by, "viewer": device or ""},
    )
    return [Evening(**row) for row in rows]


def seasons_of(db: Database, device: str | None) -> list[Season]:
    """The seasons this browser started, and those the organizer of an evening it may
    see started that hold that evening; newest first. Read from the browser's own
    evenings and their organizers' seasons: others' seasons cost it nothing."""
    if not device:
        return []
    rows = db.query(
        "SELECT * FROM seasons WHERE created_by = :viewer"
        " UNION SELECT seasons.* FROM evenings AS e JOIN seasons"
        " ON seasons.created_by = e.created_by AND e.created_by != :viewer"
        f" WHERE e.id IN ({_may_see('viewer')}) AND ({_HOLDS})"
        " ORDER BY created_at DESC",
        {"viewer": device},
    )
    return [_season(row) for row in rows]


def evenings_to_choose(
    db: Database, device: str | None, find: str = "", most: int = 20
) -> list[Evening]:
    """At most `most` of the evenings this browser may see, newest first: those whose
    name or day (2026-04, 2026-04-17) holds `find`, or the latest."""
    if not device:
        return []
    pattern = (
        "%" + find.strip().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    )
    rows = db.query(
        f"SELECT * FROM evenings WHERE id IN ({_may_see('viewer')})"
        " AND (name LIKE :find ESCAPE '\\' OR substr(created_at, 1, 10) LIKE :find ESCAPE '\\')"
        " ORDER BY created_at DESC, rowid DESC LIMIT :most",
        {"viewer": device, "find": pattern, "most": most},
    )
    return [Evening(**row) for row in rows]


def evenings_seen(db: Database, device: str | None, evening_ids: Sequence[str]) -> list[Evening]:
    """Those of these evenings this browser may see, oldest first (the ids go to SQLite
    as one JSON parameter, however many)."""
    if not evening_ids:
        return []
    rows = db.query(
        "SELECT * FROM evenings AS e WHERE e.id IN (SELECT value FROM json_each(:ids))"
        f" AND {_sees('viewer')} ORDER BY e.created_at, e.rowid",
        {"viewer": device or "", "ids": json.dumps(list(evening_ids))},
    )
    return [Evening(**row) for row in rows]


def delete_season(db: Database, season_id: str) -> None:
    """Delete a season (its evenings and their games stay as they are)."""
    with writing(db):
        db.execute("DELETE FROM seasons WHERE id = ?", [season_id])
