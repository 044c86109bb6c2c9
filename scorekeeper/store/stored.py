"""A stored game read back: its row and its log of hand bodies (game-file form), and the
lists of games a phone sees, read without their hands. Reading only: every write is in
store/games.py."""

from __future__ import annotations

import contextlib
import dataclasses
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlite_utils import Database

from ..engine import FORMAT, Game, GameResult, Ruleset, find_ruleset, load_game, score_game
from ..engine.errors import GameError, HandError, ScoreError
from ..engine.house import house_ruleset
from ..engine.seats import dealer_of, named_dealers
from ..engine.text import N_, Text, text

Body = dict[str, Any]


class GameNotFound(LookupError):
    """No game has this id."""


class Conflict(RuntimeError):
    """The game changed since the writer last saw it (another phone wrote first)."""

    def __init__(self, current_version: int) -> None:
        self.current_version = current_version
        super().__init__(f"the game changed (now at version {current_version})")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class StoredGame:
    """A game as stored: its log of hand bodies (game-file form) and its metadata."""

    id: str
    kind: str
    ruleset_id: str
    options: Mapping[str, Any]
    players: tuple[str, ...]
    first_dealer: int
    hands: tuple[Body, ...]
    pending_bids: list[Any] | None
    version: int
    created_at: str
    updated_at: str
    finished: bool
    winner: int | None
    totals: tuple[int, ...] = field(default=())
    hand_count: int = 0
    option_changes: tuple[Mapping[str, Any], ...] = ()
    confirm_hands: bool = False
    confirmations: tuple[str | None, ...] = ()  # who confirmed each hand, if anyone
    watch_token: str = ""
    scorer_token: str = ""
    pin: str = ""
    evening: str | None = None  # the evening this game belongs to, if any
    table: int | None = None  # the evening's table it is played at (its number)
    listed: bool = False  # read by list_games, without its hands: it cannot be scored
    # Started from house rules: their scorekeeper-rules/1 document as it was then.
    house_rules: Mapping[str, Any] | None = None
    # The seat the table said deals the next hand, out of turn (None: the rotation).
    next_dealer: int | None = None
    round_number: int | None = None  # the evening's round it is played in
    created_by: str | None = None  # the phone that started it (None: not known)
    cut_at: str | None = None  # when the director ended its round, as it stood then
    hands_limit: int | None = None  # a progressive round's hands: over after this many
    stopped: bool = False  # the table stopped it before its end (see `games.stop_game`)

    @property
    def over(self) -> bool:
        """No hand may be added: the director cut it, or its round's hands are played.
        (Finished by its own rules is the engine's to say.)"""
        return self.cut_at is not None or (
            self.hands_limit is not None and len(self.hands) >= self.hands_limit
        )

    # Hands whose stored body is not a JSON object (the file changed outside the app, or
    # damaged): kept as {} so the game still reads; score() names the first of them.
    unreadable: tuple[int, ...] = ()

    def document(self) -> dict[str, Any]:
        """Return the game in the game file format (plus the first dealer)."""
        return {
            "format": FORMAT,
            "game": self.kind,
            "ruleset": self.ruleset_id,
            **({"house_rules": dict(self.house_rules)} if self.house_rules else {}),
            "options": dict(self.options),
            "players": list(self.players),
            "first_dealer": self.first_dealer,
            "hands": [dict(hand) for hand in self.hands],
            **(
                {"option_changes": [dict(c) for c in self.option_changes]}
                if self.option_changes
                else {}
            ),
            **({"stopped": True} if self.stopped else {}),
        }

    def started_from(self) -> Ruleset:
        """The ruleset the game started from, before the table's changes: a preset, or
        the house rules as they were when it started; UnknownRuleset for a preset this
        version no longer ships."""
        if self.house_rules:
            return house_ruleset(dict(self.house_rules))
        return find_ruleset(self.ruleset_id)

    def game(self) -> Game:
        """Parse the stored log into the engine's Game; DamagedGame when it does not
        read (a hand changed outside the app)."""
        if self.unreadable:
            raise DamagedGame(self.id, self.unreadable[0], text(N_("it is not valid JSON")))
        with self._damaged_when_refused():
            return load_game(self.document())

    def score(self) -> GameResult:
        """The scored game: every hand replayed through the engine (1 ms for 20 hands);
        DamagedGame when its stored log does not replay."""
        if self.listed:
            raise ValueError(f"game {self.id} was listed without its hands: get_game it")
        game = self.game()
        with self._damaged_when_refused():
            return score_game(game)

    @contextlib.contextmanager
    def _damaged_when_refused(self) -> Iterator[None]:
        """The engine's refusal of the stored log, as DamagedGame naming its hand."""
        try:
            yield
        except HandError as error:
            raise DamagedGame(self.id, error.hand, error.message) from None
        except GameError as error:
            raise DamagedGame(self.id, None, error.message) from None

    @property
    def ruleset(self) -> Ruleset:
        """The rules in force for the next hand."""
        return self.rules_for(len(self.hands) + 1)

    def rules_for(self, number: int) -> Ruleset:
        """The rules in force for hand `number`, with every rule change made by then
        (read from the rules and their changes: no hand is read or scored)."""
        return load_game({**self.document(), "hands": []}).ruleset_for(number)

    def confirmed(self, number: int) -> bool:
        return self.confirm_hands and bool(self.confirmations[number - 1])

    def dealer(self, hand_number: int) -> int:
        """The seat that deals hand `hand_number` (1-based): the deal passes to the left,
        from the last hand before it that names its real dealer, if one does."""
        named = [*named_dealers(self.hands), self.next_dealer]
        return dealer_of(self.first_dealer, len(self.players), hand_number, named)


class DamagedGame(ScoreError):
    """A stored game whose hand log does not replay: a hand that is not JSON, or one
    the engine refuses (the file was changed outside the app, or damaged). `hand` is
    the hand's number (None: the game as a whole), `why` says what is wrong with it."""

    def __init__(self, game_id: str, hand: int | None, why: Text | str) -> None:
        self.game_id, self.hand, self.why = game_id, hand, why
        reason = why if isinstance(why, Text) else text(str(why))
        super().__init__(
            text(
                N_("game {id}: hand {hand} as stored cannot be read: {why}"),
                id=game_id,
                hand=hand,
                why=reason,
            )
            if hand is not None
            else text(N_("game {id} as stored cannot be read: {why}"), id=game_id, why=reason)
        )


def _body(raw: object) -> dict[str, Any] | None:
    """A stored hand's body, or None when it is not a JSON object."""
    try:
        body = json.loads(raw) if isinstance(raw, str) else None
    except ValueError:
        return None
    return body if isinstance(body, dict) else None


def _row_to_game(
    row: Mapping[str, Any],
    hands: Sequence[Body],
    confirmations: Sequence[str | None] = (),
) -> StoredGame:
    return StoredGame(
        id=row["id"],
        kind=row["kind"],
        ruleset_id=row["ruleset"],
        options=json.loads(row["options"]),
        players=tuple(json.loads(row["players"])),
        first_dealer=row["first_dealer"],
        hands=tuple(hands),
        pending_bids=json.loads(row["pending_bids"]) if row["pending_bids"] else None,
        version=row["version"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        finished=bool(row["finished"]),
        winner=row["winner"],
        totals=tuple(json.loads(row["totals"])),
        hand_count=row["hand_count"],
        option_changes=tuple(json.loads(row["option_changes"])),
        confirm_hands=bool(row["confirm_hands"]),
        confirmations=tuple(confirmations),
        watch_token=row["watch_token"] or "",
        scorer_token=row["scorer_token"] or "",
        pin=row["pin"] or "",
        evening=row.get("evening"),
        table=row.get("table_number"),
        house_rules=json.loads(row["house_rules"]) if row.get("house_rules") else None,
        next_dealer=row.get("next_dealer"),
        round_number=row.get("round_number"),
        created_by=row.get("created_by"),
        cut_at=row.get("cut_at"),
        hands_limit=row.get("hands_limit"),
        stopped=bool(row.get("stopped")),
    )


def get_game(db: Database, game_id: str) -> StoredGame:
    """The game with its whole hand log, read in one snapshot."""
    if db.conn.in_transaction:
        return _load(db, game_id)
    with db.atomic():  # one snapshot: the row and the hands of the same version
        return _load(db, game_id)


def _load(db: Database, game_id: str) -> StoredGame:
    rows = list(db.query("SELECT * FROM games WHERE id = ?", [game_id]))
    if not rows:
        raise GameNotFound(game_id)
    stored = list(
        db.query(
            "SELECT body, confirmed_by FROM hands WHERE game_id = ? ORDER BY number", [game_id]
        )
    )
    bodies = [_body(r["body"]) for r in stored]
    return dataclasses.replace(
        _row_to_game(
            rows[0],
            [body or {} for body in bodies],
            [r["confirmed_by"] for r in stored],
        ),
        unreadable=tuple(n for n, body in enumerate(bodies, 1) if body is None),
    )


def list_games(db: Database, ids: Sequence[str] | None = None) -> list[StoredGame]:
    """List games, newest first, without their hands (optionally only these ids)."""
    sql = "SELECT * FROM games"
    params: list[Any] = []
    if ids is not None:
        sql += f" WHERE id IN ({', '.join('?' for _ in ids)})"
        params = list(ids)
    sql += " ORDER BY created_at DESC, rowid DESC"
    return [
        dataclasses.replace(_row_to_game(row, ()), listed=True) for row in db.query(sql, params)
    ]


def recent_games(db: Database, device: str | None, *, limit: int = 20) -> list[StoredGame]:
    """The games this browser started that are in no evening (what a director may add
    to one), the last played first, at most `limit` of them (tonight's,
    not a year's worth)."""
    rows = db.query(
        "SELECT * FROM games WHERE created_by = ? AND evening IS NULL"
        " ORDER BY updated_at DESC LIMIT ?",
        [device or "", limit],
    )
    return [dataclasses.replace(_row_to_game(row, ()), listed=True) for row in rows]


def listed_games(
    db: Database,
    device: str | None,
    *,
    archived: bool,
    finished: bool | None = None,
    limit: int | None = None,
) -> list[StoredGame]:
    """A browser's games on its list, finished or not, or those it archived, the last
    played first, at most `limit` of them. Its list is read along the games by when
    they were last played, each looked up in the phone's grants; what it archived (a
    few) from its grants: the page costs its cards, not the phone's years of games."""
    params: list[Any] = [device or "", int(archived)]
    if archived:
        source = "grants JOIN games ON games.id = grants.game_id"
        where = "grants.device = ? AND grants.archived = ?"
    else:
        source = (
            "games CROSS JOIN grants ON grants.game_id = games.id"
            " AND grants.device = ? AND grants.archived = ?"
        )
        where = "1"
    if finished is not None:
        where += " AND games.finished = ?"
        params.append(int(finished))
    rows = db.query(
        f"SELECT games.* FROM {source} WHERE {where}"
        " ORDER BY games.updated_at DESC, games.rowid DESC LIMIT ?",
        [*params, -1 if limit is None else limit],
    )
    return [dataclasses.replace(_row_to_game(r, ()), listed=True) for r in rows]


def archived_count(db: Database, device: str | None) -> int:
    """How many games a browser archived."""
    return int(
        db.execute(
            "SELECT COUNT(*) FROM grants WHERE device = ? AND archived = 1", [device or ""]
        ).fetchone()[0]
    )


def game_history(db: Database, game_id: str) -> list[dict[str, Any]]:
    """The game's history, oldest first: what changed and when."""
    return [
        {**row, "detail": json.loads(row["detail"])}
        for row in db.query(
            "SELECT at, action, hand, detail FROM history WHERE game_id = ? ORDER BY id", [game_id]
        )
    ]
