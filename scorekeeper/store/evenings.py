"""Evenings: a club night's games at numbered tables and rounds, its rules and
format, its directors, and the book of what they did.

The evening keeps its shape where it is written: a game's place (table and round) is
given by places.py and held by a unique index; a game moves between evenings only by
the director (`move_game`); a round seated by the rotation is ended only by the
director (`end_round`), its unfinished games cut as they stand; points are adjusted
only with a reason (`adjust`), never inside a hand. Every such act is a line in the
evening's book (`book`), beside the game's own history.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from ..engine import find_ruleset
from ..engine.errors import GameError, ScoreError
from ..engine.house import house_ruleset
from ..engine.text import N_, text
from ..limits import EVENING_NAME_MAX, clean_name
from ..night import EXTRA, FREE, PLANNED, SEATED, Night, NightGame, NightRound, Place, rank
from ..standings import AUTO, PROGRESSIVE, RANKINGS
from . import places, rounds, summaries
from .db import writing
from .games import _claim, _log
from .ids import new_id, new_pin, new_token
from .stored import StoredGame, _now
from .tables import check_table, evening_tables, new_table

FORMATS = RANKINGS
MAX_HANDS_PER_ROUND = 40
MAX_ROUND_MINUTES = 240


@dataclass(frozen=True)
class Format:
    """How an evening is played and ranked, chosen at its start."""

    ranking: str = AUTO
    hands_per_round: int | None = None  # progressive only
    round_minutes: int | None = None  # the round clock; None: no clock
    sit_out: str = "average"

    def check(self) -> None:
        """GameError saying what is wrong, where the format cannot be played."""
        if self.ranking not in FORMATS:
            raise GameError(
                text(N_("an evening is ranked by one of {formats}"), formats=", ".join(FORMATS))
            )
        if self.ranking == PROGRESSIVE and not (
            self.hands_per_round and 1 <= self.hands_per_round <= MAX_HANDS_PER_ROUND
        ):
            raise GameError(
                text(
                    N_("a progressive evening plays from 1 to {most} hands a round"),
                    most=MAX_HANDS_PER_ROUND,
                )
            )
        if self.round_minutes is not None and not 1 <= self.round_minutes <= MAX_ROUND_MINUTES:
            raise GameError(
                text(N_("a round lasts from 1 to {most} minutes"), most=MAX_ROUND_MINUTES)
            )
        if self.sit_out not in ("average", "nothing"):
            raise GameError(text(N_("a round not played counts the player's average or nothing")))


@dataclass(frozen=True)
class Evening:
    """A named group of games played on one occasion."""

    id: str
    name: str
    created_by: str
    created_at: str
    watch_token: str | None = None
    sit_out: str = "average"  # what a round sat out earns in the standings (standings.py)
    ruleset: str | None = None  # the rules the evening is played by (chosen at its start)
    house_rules: str | None = None  # those rules' document, when they are house rules
    format: str = AUTO  # what ranks the evening (FORMATS)
    hands_per_round: int | None = None  # a progressive evening's hands in every round
    round_minutes: int | None = None  # the round clock, if the director set one
    director_token: str | None = None  # the co-director link's token, once made

    @property
    def rules_document(self) -> dict[str, Any] | None:
        """The evening's house rules as they were chosen (None for a preset)."""
        return json.loads(self.house_rules) if self.house_rules else None


class EveningNotFound(LookupError):
    pass


def create_evening(db: Database, name: str, device: str, format: Format | None = None) -> str:
    """Start an evening; return its unguessable id (BadName if the name cannot be one;
    GameError for a format that cannot be)."""
    name = clean_name(name, EVENING_NAME_MAX)
    chosen = format or Format()
    chosen.check()
    evening_id = new_id()
    with writing(db):
        db.execute(
            "INSERT INTO evenings (id, name, created_by, created_at, watch_token, format,"
            " hands_per_round, round_minutes, sit_out) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                evening_id,
                name,
                device,
                _now(),
                new_token(),
                chosen.ranking,
                chosen.hands_per_round,
                chosen.round_minutes,
                chosen.sit_out,
            ],
        )
    return evening_id


def get_evening(db: Database, evening_id: str) -> Evening:
    rows = list(db.query("SELECT * FROM evenings WHERE id = ?", [evening_id]))
    if not rows:
        raise EveningNotFound(evening_id)
    return Evening(**rows[0])


def evenings_of(db: Database, device: str | None) -> list[Evening]:
    """The evenings a browser started, directs, or that hold one of its games, newest
    first (its games joined from its grants: no statement grows with the games it
    holds)."""
    return [
        Evening(**row)
        for row in db.query(
            "SELECT * FROM evenings WHERE created_by = :d"
            " OR id IN (SELECT games.evening FROM grants JOIN games ON games.id = grants.game_id"
            " WHERE grants.device = :d)"
            " OR id IN (SELECT evening FROM evening_grants WHERE device = :d)"
            " OR id IN (SELECT evening FROM table_grants WHERE device = :d)"
            " OR id IN (SELECT evening FROM evening_directors WHERE device = :d)"
            " ORDER BY created_at DESC",
            {"d": device or ""},
        )
    ]


def evening_by_token(db: Database, token: str) -> Evening | None:
    """The evening a watch link opens."""
    rows = list(db.query("SELECT * FROM evenings WHERE watch_token = ?", [token]))
    return Evening(**rows[0]) if rows else None


def grant_evening(db: Database, device: str, evening_id: str) -> None:
    """Let a browser watch every table of an evening (a TV, a guest's phone)."""
    with writing(db):
        db.execute(
            "INSERT OR IGNORE INTO evening_grants (device, evening, created_at) VALUES (?, ?, ?)",
            [device, evening_id, _now()],
        )


def evening_games(db: Database, evening_id: str) -> list[str]:
    """The games of an evening, in the order they were started."""
    return [
        row["id"]
        for row in db.query(
            "SELECT id FROM games WHERE evening = ? ORDER BY created_at, rowid", [evening_id]
        )
    ]


def set_sit_out(db: Database, evening_id: str, sit_out: str) -> None:
    """What a round sat out earns in the evening's standings ("average" or "nothing")."""
    if sit_out not in ("average", "nothing"):
        raise GameError("a round sat out earns the player's average or nothing")
    with writing(db):
        db.execute("UPDATE evenings SET sit_out = ? WHERE id = ?", [sit_out, evening_id])


def evening_version(db: Database, evening_id: str) -> str:
    """A word that changes whenever anything the evening's page shows does: a hand
    stored at any of its tables, a game started, a table added or renamed, its
    settings, its rounds and plan, a line in its book. Read from the evening's own rows
    only; EveningNotFound for none. It is worked out with the evening's watch token, so
    nobody who was never shown the evening can work it out (an empty evening's rows are
    few): a TV's poll of an unchanged evening is answered by it alone (web/polls.py)."""
    # A game's time of change beside its version: a backup restored under a running
    # server, then played on, reaches the same versions with other hands. One statement:
    # every screen of a big night asks for it, and it reads one moment of the evening.
    row = db.execute(
        "SELECT (SELECT group_concat(id || ':' || version || ':' || updated_at || ':'"
        "  || IFNULL(table_number, ''), ',') FROM (SELECT id, version, updated_at,"
        "  table_number FROM games WHERE evening = evenings.id ORDER BY id)),"
        " (SELECT group_concat(number || ':' || name, ',') FROM (SELECT number, name"
        "  FROM evening_tables WHERE evening = evenings.id ORDER BY number)),"
        " sit_out, format, hands_per_round, round_minutes, ruleset,"
        " (SELECT group_concat(number || ':' || IFNULL(ended_at, ''), ',') FROM rotation_rounds"
        "  WHERE evening = evenings.id),"
        " (SELECT rounds || ':' || players FROM rotations WHERE evening = evenings.id),"
        " (SELECT MAX(id) FROM evening_book WHERE evening = evenings.id), watch_token"
        " FROM evenings WHERE id = ?",
        [evening_id],
    ).fetchone()
    if row is None:
        raise EveningNotFound(evening_id)
    games, tables, settings = row[0], row[1], tuple(row[2:])
    digest = hashlib.sha256(f"{games}|{tables}|{settings}".encode()).hexdigest()
    return digest[:16]


def game_versions(db: Database, evening_id: str) -> dict[str, tuple[int, str]]:
    """The version of each of the evening's games and when it was written, by id (what
    a table's card was made from), without reading a hand."""
    return {
        game_id: (version, updated_at)
        for game_id, version, updated_at in db.execute(
            "SELECT id, version, updated_at FROM games WHERE evening = ?", [evening_id]
        )
    }


def move_game(db: Database, game_id: str, evening_id: str | None, *, by: str | None) -> None:
    """Put a game in an evening, at a new table, or (None) take it out; the scores do
    not change, and the game's history and both evenings' books say where it went.

    A game keeps its evening: only that evening's director moves it out (NotTheDirector);
    a game in no evening goes into one only by the phone that started it, and only into
    an evening that phone directs. `by` None: the command line, which may do anything."""
    target = get_evening(db, evening_id) if evening_id is not None else None
    with writing(db):
        stored = _claim(db, game_id, None)
        if by is not None:
            _may_move(db, stored, target, by)
        table = None if target is None else new_table(db, target.id, "", _now())
        number = None if target is None else places.round_for_new_game(db, target.id, table or 0)
        db.execute(
            "UPDATE games SET evening = ?, table_number = ?, round_number = ? WHERE id = ?",
            [evening_id, table, number, game_id],
        )
        summaries.carry(db, game_id, stored.version)
        names = {
            row["id"]: row["name"]
            for row in db.query(
                "SELECT id, name FROM evenings WHERE id IN (?, ?)",
                [stored.evening or "", evening_id or ""],
            )
        }
        before, after = names.get(stored.evening or ""), names.get(evening_id or "")
        _log(db, game_id, "evening_changed", None, {"before": before, "after": after})
        detail = {"players": list(stored.players), "before": before, "after": after}
        for evening in {stored.evening, evening_id} - {None}:
            places.note(db, str(evening), "game_moved", game_id, detail)


def _may_move(db: Database, stored: StoredGame, target: Evening | None, by: str) -> None:
    """NotTheDirector unless the phone `by` may move this game to `target`."""
    if stored.evening is not None and not places.is_director(db, by, stored.evening):
        raise places.NotTheDirector(
            text(
                N_(
                    "This game is a table of another evening: only that evening's director"
                    " can take it out."
                )
            )
        )
    if target is not None and not places.is_director(db, by, target.id):
        raise places.NotTheDirector(text(N_("Only the evening's director can add a game to it.")))
    if stored.evening is None and stored.created_by not in (by, None):
        raise places.NotTheDirector(
            text(N_("Only the phone that started this game can put it into an evening."))
        )
    if (
        stored.evening is None
        and stored.created_by is None
        and not db.execute(
            "SELECT 1 FROM grants WHERE device = ? AND game_id = ? AND role = 'edit'",
            [by, stored.id],
        ).fetchone()
    ):
        raise places.NotTheDirector(
            text(N_("Only the phone that started this game can put it into an evening."))
        )


# "organize" (started it), "watch" (its watch link) or "table" (plays in it: a game of
# it, or one of its tables through the table's link)
EveningRole = str


def evening_role(db: Database, device: str | None, evening: Evening) -> EveningRole | None:
    """What this browser may do with an evening: only its organizer adds tables; its
    watch link and a table's phones may look; anybody else learns nothing of it."""
    if not device:
        return None
    if places.is_director(db, device, evening.id):
        return "organize"
    if db.execute(
        "SELECT 1 FROM evening_grants WHERE device = ? AND evening = ?", [device, evening.id]
    ).fetchone():
        return "watch"
    if (
        db.execute(
            "SELECT 1 FROM grants JOIN games ON games.id = grants.game_id"
            " WHERE grants.device = ? AND games.evening = ?",
            [device, evening.id],
        ).fetchone()
        or db.execute(
            "SELECT 1 FROM table_grants WHERE device = ? AND evening = ?", [device, evening.id]
        ).fetchone()
    ):
        return "table"
    return None


def set_rules(
    db: Database, evening_id: str, ruleset: str, house_rules: Mapping[str, Any] | None
) -> None:
    """The rules the evening is played by: a preset id, or house rules with their
    document as they are now (so a table's phone, which does not keep them, finds them)."""
    with writing(db):
        db.execute(
            "UPDATE evenings SET ruleset = ?, house_rules = ? WHERE id = ?",
            [
                ruleset,
                json.dumps(dict(house_rules), ensure_ascii=False) if house_rules else None,
                evening_id,
            ],
        )


def set_format(db: Database, evening_id: str, format: Format) -> None:
    """Change how the evening is played and ranked (GameError for one that cannot be);
    the games already started keep the hands they were started with."""
    format.check()
    with writing(db):
        db.execute(
            "UPDATE evenings SET format = ?, hands_per_round = ?, round_minutes = ?,"
            " sit_out = ? WHERE id = ?",
            [
                format.ranking,
                format.hands_per_round,
                format.round_minutes,
                format.sit_out,
                evening_id,
            ],
        )
        places.note(db, evening_id, "format_changed", None, dataclasses.asdict(format))


def director_token(db: Database, evening_id: str) -> str:
    """The token of the evening's co-director link (made on first need)."""
    with writing(db):
        row = db.execute(
            "SELECT director_token FROM evenings WHERE id = ?", [evening_id]
        ).fetchone()
        if row is None:
            raise EveningNotFound(evening_id)
        if row[0]:
            return str(row[0])
        token = new_token()
        db.execute("UPDATE evenings SET director_token = ? WHERE id = ?", [token, evening_id])
        return token


def evening_by_director_token(db: Database, token: str) -> Evening | None:
    """The evening a co-director link opens."""
    rows = list(db.query("SELECT * FROM evenings WHERE director_token = ?", [token]))
    return Evening(**rows[0]) if rows else None


def add_director(db: Database, device: str, evening_id: str) -> None:
    """Name this phone a co-director of the evening (it opened the director link)."""
    with writing(db):
        db.execute(
            "INSERT OR IGNORE INTO evening_directors (evening, device, created_at)"
            " VALUES (?, ?, ?)",
            [evening_id, device, _now()],
        )
        places.note(db, evening_id, "director_added", None, {})


def revoke_directors(db: Database, evening_id: str) -> int:
    """Replace the co-director link and take the evening from every co-director;
    return how many there were."""
    with writing(db):
        removed = db.execute(
            "DELETE FROM evening_directors WHERE evening = ?", [evening_id]
        ).rowcount
        db.execute(
            "UPDATE evenings SET director_token = ? WHERE id = ?", [new_token(), evening_id]
        )
        places.note(db, evening_id, "directors_revoked", None, {"count": removed})
    return int(removed)


@dataclass(frozen=True)
class BookLine:
    """A line of the evening's book: what its director did, and when."""

    at: str
    action: str
    game: str | None
    detail: Mapping[str, Any]


def book(db: Database, evening_id: str) -> list[BookLine]:
    """The evening's book, oldest first."""
    return [
        BookLine(row["at"], row["action"], row["game_id"], json.loads(row["detail"]))
        for row in db.query(
            "SELECT at, action, game_id, detail FROM evening_book WHERE evening = ? ORDER BY id",
            [evening_id],
        )
    ]


def end_round(db: Database, evening_id: str, number: int) -> list[str]:
    """End a seated round now: each of its games not over yet is cut as it stands (no
    hand may be added; it counts as its totals were), the time kept in the round, the
    games' histories and the book. Return the games cut (GameError: no such round)."""
    now = _now()
    with writing(db):
        row = db.execute(
            "SELECT ended_at FROM rotation_rounds WHERE evening = ? AND number = ?",
            [evening_id, number],
        ).fetchone()
        if row is None:
            raise GameError(text(N_("the evening has no round {n}"), n=number))
        if row[0]:
            return []
        cut = [
            str(game_id)
            for (game_id,) in db.execute(
                "SELECT id FROM games WHERE evening = ? AND round_number = ? AND finished = 0"
                " AND cut_at IS NULL AND (hands_limit IS NULL OR hand_count < hands_limit)",
                [evening_id, number],
            ).fetchall()
        ]
        for game_id in cut:
            stored = _claim(db, game_id, None)
            db.execute("UPDATE games SET cut_at = ? WHERE id = ?", [now, game_id])
            summaries.remake(db, game_id)  # it has a result now: its places, its ratings
            _log(
                db, game_id, "round_ended", None, {"round": number, "totals": list(stored.totals)}
            )
        db.execute(
            "UPDATE rotation_rounds SET ended_at = ? WHERE evening = ? AND number = ?",
            [now, evening_id, number],
        )
        places.note(db, evening_id, "round_ended", None, {"round": number, "cut": len(cut)})
    return cut


@dataclass(frozen=True)
class Adjustment:
    """Points the director gave a side (or took from it), with the reason."""

    game: str
    side: int
    points: int
    reason: str
    at: str


ADJUSTMENT_MAX = 10_000
REASON_MAX = 200


def adjust(db: Database, game_id: str, side: int, points: int, reason: str) -> None:
    """Give a side of a game points (negative: take them), with a reason, outside its
    hands: the sheet, the standings, the PDF and the history show it (GameError for a
    side the game has not, no points, or no reason)."""
    reason = " ".join(reason.split())
    if not reason:
        raise GameError(text(N_("say why the points are adjusted")))
    if len(reason) > REASON_MAX:
        raise GameError(text(N_("the reason is at most {n} characters"), n=REASON_MAX))
    if points == 0 or abs(points) > ADJUSTMENT_MAX:
        raise GameError(
            text(N_("an adjustment is from 1 to {most} points, up or down"), most=ADJUSTMENT_MAX)
        )
    with writing(db):
        stored = _claim(db, game_id, None)
        ruleset = stored.ruleset
        sides = ruleset.kind.shape(ruleset.options).sides(stored.players)
        if not 0 <= side < len(sides):
            raise GameError(text(N_("there is no side {n}"), n=side + 1))
        db.execute(
            "INSERT INTO adjustments (game_id, side, points, reason, at) VALUES (?, ?, ?, ?, ?)",
            [game_id, side, points, reason, _now()],
        )
        summaries.carry(db, game_id, stored.version)
        detail = {"side": side, "points": points, "reason": reason}
        _log(db, game_id, "adjusted", None, detail)
        if stored.evening:
            places.note(db, stored.evening, "adjusted", game_id, detail)


def adjustments_of(db: Database, game_ids: Sequence[str]) -> dict[str, list[Adjustment]]:
    """The adjustments of these games, by game, oldest first."""
    found: dict[str, list[Adjustment]] = {}
    if not game_ids:
        return found
    marks = ", ".join("?" for _ in game_ids)
    for row in db.query(
        f"SELECT game_id, side, points, reason, at FROM adjustments WHERE game_id IN ({marks})"
        " ORDER BY id",
        list(game_ids),
    ):
        found.setdefault(row["game_id"], []).append(
            Adjustment(row["game_id"], row["side"], row["points"], row["reason"], row["at"])
        )
    return found


def lock_table(db: Database, evening_id: str, number: int, *, taken_over_by: str | None) -> None:
    """Take the table from the phones that kept its score: its link replaced, every
    scorer link and PIN of its games replaced, and every right to score them given by
    the old ones taken back (the directors keep theirs). Each phone that lost it is told
    why when it next opens the table. With `taken_over_by`, that director's phone now
    holds the table."""
    now = _now()
    with writing(db):
        check_table(db, evening_id, number)
        games = "SELECT id FROM games WHERE evening = :e AND table_number = :n"
        directors = (
            "SELECT created_by FROM evenings WHERE id = :e"
            " UNION SELECT device FROM evening_directors WHERE evening = :e"
        )
        params = {"e": evening_id, "n": number, "at": now, "over": int(bool(taken_over_by))}
        db.execute(
            "INSERT OR REPLACE INTO table_lockouts (device, evening, number, at, taken_over)"
            " SELECT device, :e, :n, :at, :over FROM table_grants WHERE evening = :e"
            f" AND number = :n AND device NOT IN ({directors})"
            " UNION SELECT device, :e, :n, :at, :over FROM grants WHERE role = 'edit'"
            f" AND game_id IN ({games}) AND device NOT IN ({directors})",
            params,
        )
        db.execute(
            f"DELETE FROM grants WHERE game_id IN ({games}) AND device NOT IN ({directors})",
            params,
        )
        db.execute("DELETE FROM table_grants WHERE evening = :e AND number = :n", params)
        for (game_id,) in db.execute(games, params).fetchall():
            stored = _claim(db, game_id, None)  # its pages see the change
            db.execute(
                "UPDATE games SET scorer_token = ?, pin = ? WHERE id = ?",
                [new_token(), new_pin(), game_id],
            )
            summaries.carry(db, game_id, stored.version)
        db.execute(
            "UPDATE evening_tables SET token = ? WHERE evening = ? AND number = ?",
            [new_token(), evening_id, number],
        )
        if taken_over_by:
            db.execute(
                "INSERT OR IGNORE INTO table_grants (device, evening, number, created_at)"
                " VALUES (?, ?, ?, ?)",
                [taken_over_by, evening_id, number, now],
            )
        action = "table_taken_over" if taken_over_by else "table_link_revoked"
        places.note(db, evening_id, action, None, {"table": number})


def locked_out(db: Database, device: str | None, evening_id: str) -> dict[int, tuple[str, bool]]:
    """The tables of the evening this phone lost, by number: when, and whether the
    director took the table over (else its link was replaced)."""
    if not device:
        return {}
    return {
        int(row["number"]): (str(row["at"]), bool(row["taken_over"]))
        for row in db.query(
            "SELECT number, at, taken_over FROM table_lockouts WHERE device = ? AND evening = ?",
            [device, evening_id],
        )
    }


def read_night(
    db: Database, evening: Evening, may_see: Callable[[str], bool] | None = None
) -> Night:
    """The evening as one value (night.py): its tables, rounds and plan, the games
    `may_see` lets this phone see (every game: None) with their results from their
    summaries and the director's adjustments, and the standings."""
    rows = [
        row
        for row in db.query(
            "SELECT id, table_number, round_number, players, hand_count, finished, cut_at,"
            " hands_limit FROM games WHERE evening = ? ORDER BY created_at, rowid",
            [evening.id],
        )
        if may_see is None or may_see(row["id"])
    ]
    ids = [row["id"] for row in rows]
    results = summaries.table_results(db, ids)
    given = adjustments_of(db, ids)
    games = {
        row["id"]: NightGame(
            id=row["id"],
            table=row["table_number"],
            round=row["round_number"],
            players=tuple(json.loads(row["players"])),
            hands=row["hand_count"],
            finished=bool(row["finished"]),
            cut_at=row["cut_at"],
            hands_limit=row["hands_limit"],
            result=results.get(row["id"]),
            adjustments=tuple((a.side, a.points) for a in given.get(row["id"], ())),
        )
        for row in rows
    }
    rotation = rounds.get_rotation(db, evening.id)
    seated = rounds.rounds_of(db, evening.id)
    night_rounds = [
        NightRound(
            r.number,
            SEATED,
            tuple(
                Place(n, tuple(seats), game if game in games else None)
                for n, (seats, game) in enumerate(zip(r.seating.tables, r.games, strict=True), 1)
            ),
            tuple(r.seating.out),
            r.started_at,
            r.ended_at,
        )
        for r in seated
    ]
    numbers = {r.number for r in seated}
    others: dict[int, list[Place]] = {}
    for game in games.values():
        if game.round is not None and game.round not in numbers and game.table is not None:
            others.setdefault(game.round, []).append(Place(game.table, game.players, game.id))
    kind = EXTRA if rotation is not None else FREE
    for number in sorted(others):
        places_ = tuple(sorted(others[number], key=lambda p: p.table))
        night_rounds.append(NightRound(number, kind, places_))
    night_rounds.sort(key=lambda r: r.number)
    ahead = rounds.planned(db, evening.id) if rotation is not None else []
    plan = tuple(
        NightRound(
            len(seated) + offset,
            PLANNED,
            tuple(Place(n, tuple(t)) for n, t in enumerate(r.tables, 1)),
            tuple(r.out),
        )
        for offset, r in enumerate(ahead, 1)
    )
    return Night(
        name=evening.name,
        day=evening.created_at[:10],
        ranking=evening.format,
        sit_out=evening.sit_out,
        planned=None if rotation is None else rotation.rounds,
        hands_per_round=evening.hands_per_round,
        round_minutes=evening.round_minutes,
        tables={t.number: t.name for t in evening_tables(db, evening.id)},
        rounds=tuple(night_rounds),
        plan=plan,
        games=games,
        standings=rank(games, night_rounds, ranking=evening.format, sit_out=evening.sit_out),
        partnerships=_seats_partners(evening, rotation),
    )


def _seats_partners(evening: Evening, rotation: rounds.Rotation | None) -> bool:
    """Whether the evening's rotation seats partners opposite (as its game's kind says)."""
    if rotation is None:
        return False
    try:
        document = evening.rules_document
        ruleset = (
            house_ruleset(document)
            if document and document.get("id") == rotation.ruleset
            else find_ruleset(rotation.ruleset)
        )
    except ScoreError:  # rules this version no longer ships: say the seats as they are
        return False
    return rounds.seating_of(ruleset.seated(rotation.table_size))[1]
