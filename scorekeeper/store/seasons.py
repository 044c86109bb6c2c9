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
from .db import new_id, writing
from .evenings import Evening, evening_role
from .games import _now


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


def season_evenings(db: Database, season: Season, device: str | None) -> list[Evening]:
    """The season's evenings this browser may see, oldest first."""
    if season.evenings is not None:
        marks = ", ".join("?" for _ in season.evenings)
        rows = db.query(
            f"SELECT * FROM evenings WHERE id IN ({marks}) ORDER BY created_at, rowid",
            list(season.evenings),
        )
    else:
        rows = db.query(
            "SELECT * FROM evenings WHERE substr(created_at, 1, 10) BETWEEN ? AND ?"
            " ORDER BY created_at, rowid",
            [season.since, season.until],
        )
    found = [Evening(**row) for row in rows]
    return [e for e in found if evening_role(db, device, e) is not None]


def seasons_of(db: Database, device: str | None) -> list[Season]:
    """The seasons this browser started, or that hold an evening it may see; newest first."""
    every = [_season(row) for row in db.query("SELECT * FROM seasons ORDER BY created_at DESC")]
    return [
        season
        for season in every
        if season.created_by == device or season_evenings(db, season, device)
    ]
