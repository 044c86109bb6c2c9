"""Games and their hand logs: every write validated by the engine, one transaction each.

A write first claims the game row by bumping its version (`UPDATE … WHERE version = ?`),
which takes SQLite's write lock before anything is read, so two phones writing the same
game are serialised and the later one, holding a stale version, gets a Conflict instead
of silently overwriting.
"""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlite_utils import Database

from ..engine import (
    FORMAT,
    Game,
    GameResult,
    Ruleset,
    find_ruleset,
    load_game,
    score_game,
)
from ..engine.errors import GameError, HandError, ScoreError
from ..engine.house import Resolver, house_ruleset, rules_document
from ..engine.options import differences, option_values
from ..engine.seats import dealer_of, named_dealers
from ..engine.text import N_, Text, text
from ..limits import (
    MAX_HANDS,
    check_hand_count,
    check_rule_changes,
    clean_name,
    clean_players,
    lookalike_of,
    player_key,
)
from . import places, ratings, summaries
from .db import new_id, new_pin, new_token, writing
from .tables import check_table, new_table

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
    stopped: bool = False  # the table stopped it before its end (see `stop_game`)

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
        """Parse the stored log into the engine's Game."""
        return load_game(self.document())

    def score(self) -> GameResult:
        """The scored game: every hand replayed through the engine (1 ms for 20 hands);
        DamagedGame when its stored log does not replay."""
        if self.listed:
            raise ValueError(f"game {self.id} was listed without its hands: get_game it")
        if self.unreadable:
            raise DamagedGame(self.id, self.unreadable[0], text(N_("it is not valid JSON")))
        try:
            return score_game(self.game())
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


def _log(
    db: Database, game_id: str, action: str, hand: int | None, detail: Mapping[str, Any]
) -> None:
    db.execute(
        "INSERT INTO history (game_id, at, action, hand, detail) VALUES (?, ?, ?, ?, ?)",
        [game_id, _now(), action, hand, json.dumps(detail, ensure_ascii=False)],
    )


def _claim(db: Database, game_id: str, version: int | None) -> StoredGame:
    """Take the write lock on a game (bumping its version) and return it as it was."""
    if version is None:
        cursor = db.execute("UPDATE games SET version = version + 1 WHERE id = ?", [game_id])
    else:
        cursor = db.execute(
            "UPDATE games SET version = version + 1 WHERE id = ? AND version = ?",
            [game_id, version],
        )
    if cursor.rowcount == 0:
        current = list(db.query("SELECT version FROM games WHERE id = ?", [game_id]))
        if not current:
            raise GameNotFound(game_id)
        raise Conflict(current[0]["version"])
    # Read as it was before this write (the bump is only visible inside this transaction):
    # same content, the version the caller saw.
    loaded = _load(db, game_id)
    return dataclasses.replace(loaded, version=loaded.version - 1)


def _save_summary(
    db: Database,
    game_id: str,
    result: GameResult,
    bodies: Sequence[Body],
    started: str,
    *,
    bids_cleared: bool,
) -> None:
    """Write the game's summary columns (for lists that load no hands) and its summary
    for the pages that span games (summaries.py), in the caller's transaction."""
    now = _now()
    sql = (
        "UPDATE games SET hand_count = ?, finished = ?, winner = ?, totals = ?, updated_at = ?"
        + (", pending_bids = NULL" if bids_cleared else "")
        + " WHERE id = ?"
    )
    db.execute(
        sql,
        [
            len(result.hands),
            int(result.outcome.finished),
            result.outcome.winner,
            json.dumps(list(result.totals)),
            now,
            game_id,
        ],
    )
    cut, limit = db.execute(
        "SELECT cut_at, hands_limit FROM games WHERE id = ?", [game_id]
    ).fetchone()
    over = cut is not None or (limit is not None and len(bodies) >= limit)
    summaries.write(
        db,
        game_id,
        summaries.make(game_id, started, result.game.players, bodies, result, over=over),
    )


def create_game(
    db: Database,
    ruleset_id: str,
    players: Sequence[str],
    *,
    options: Mapping[str, Any] | None = None,
    first_dealer: int = 0,
    hands: Sequence[Body] = (),
    option_changes: Sequence[Mapping[str, Any]] = (),
    confirm_hands: bool = False,
    action: str = "created",
    evening: str | None = None,
    table: int | None = None,
    find: Resolver | None = None,
    house_rules: Mapping[str, Any] | None = None,
    round_number: int | None = None,
    created_by: str | None = None,
) -> str:
    """Store a new game (validated by the engine) and return its unguessable id; a game
    longer than the limits allow (limits.py) is refused (GameError). The names are
    stored as the rule for names makes them, and refused as it refuses them (two alike
    but for case, an empty one, a text-direction override: GameError naming the seat).

    `ruleset_id` may name house rules: those `house_rules` holds (a rematch, an import),
    else those `find` knows; the game keeps their document as it is now.

    In an evening, the game is played at its table `table` (GameError if the evening
    has none of that number), or without one at a new table numbered after the last;
    in the round `round_number`, or the one its table plays now (places.py: PlaceTaken
    when it has none). In a progressive evening it is over after the round's hands."""
    check_hand_count(len(hands))
    check_rule_changes(len(option_changes))
    players = clean_players(players)
    bodies = [dict(hand) for hand in hands]
    doc = {
        "format": FORMAT,
        "ruleset": ruleset_id,
        **({"house_rules": dict(house_rules)} if house_rules else {}),
        "options": dict(options or {}),
        "players": players,
        "hands": bodies,
        "option_changes": [dict(c) for c in option_changes],
    }
    game = load_game(doc, find)
    house = rules_document(game.ruleset) if game.ruleset.house else None
    if not 0 <= first_dealer < len(players):
        raise GameError(f"first dealer must be a seat from 0 to {len(players) - 1}")
    result = score_game(game)
    game_id = new_id()
    with writing(db):
        if evening is not None and table is None:
            table = new_table(db, evening, "", _now())
        elif evening is not None and table is not None:
            check_table(db, evening, table)
        if evening is not None and table is not None and round_number is None:
            round_number = places.round_for_new_game(db, evening, table)
        _insert_game(db, game_id, game, doc, first_dealer, confirm_hands, evening, house)
        db.execute(
            "UPDATE games SET table_number = ?, round_number = ?, created_by = ?,"
            " hands_limit = (SELECT hands_per_round FROM evenings WHERE id = ?"
            " AND format = 'progressive') WHERE id = ?",
            [table, round_number, created_by, evening, game_id],
        )
        for number, body in enumerate(bodies, start=1):
            _insert_hand(db, game_id, number, body)
        started = db.execute("SELECT created_at FROM games WHERE id = ?", [game_id]).fetchone()[0]
        _save_summary(db, game_id, result, bodies, started, bids_cleared=True)
        began: dict[str, Any] = {"ruleset": ruleset_id, "hands": len(bodies)}
        if house:  # which house rules the game began from, as they were
            began["house_rules"] = {key: house[key] for key in ("id", "name", "base")}
        _log(db, game_id, action, None, began)
    return game_id


def _insert_game(
    db: Database,
    game_id: str,
    game: Game,
    doc: Mapping[str, Any],
    first_dealer: int,
    confirm_hands: bool,
    evening: str | None,
    house: Mapping[str, Any] | None,
) -> None:
    """The game's row: who plays under which rules, its share links and PIN."""
    now = _now()
    db.execute(
        "INSERT INTO games (id, kind, ruleset, options, players, first_dealer, option_changes,"
        " confirm_hands, watch_token, scorer_token, pin, created_at, updated_at, evening,"
        " house_rules) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            game_id,
            game.ruleset.game,
            doc["ruleset"],
            json.dumps(doc["options"], ensure_ascii=False),
            json.dumps(doc["players"], ensure_ascii=False),
            first_dealer,
            json.dumps(doc["option_changes"], ensure_ascii=False),
            int(confirm_hands),
            new_token(),
            new_token(),
            new_pin(),
            now,
            now,
            evening,
            json.dumps(house, ensure_ascii=False) if house else None,
        ],
    )


def _insert_hand(db: Database, game_id: str, number: int, body: Body) -> None:
    now = _now()
    db.execute(
        "INSERT INTO hands (game_id, number, body, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
        [game_id, number, json.dumps(body, ensure_ascii=False), now, now],
    )


class Repeated(RuntimeError):
    """A submission token already answered: the first answer, for the phone to get again."""

    def __init__(self, answer: str) -> None:
        self.answer = answer
        super().__init__(f"already answered: {answer}")


class ForeignToken(ValueError):
    """A submission token already answered for another game or another step: refused,
    never answered as stored (the hand it came with would be dropped unseen)."""


@dataclass(frozen=True)
class Submission:
    """A phone's token for one submission, the step it answers (a page and a hand of
    one game) and what the app answers it (a page to open)."""

    token: str
    answer: str
    step: str = ""


def answered(db: Database, token: str, game_id: str, step: str = "") -> str | None:
    """The first answer to a submission token for this game and step, or None when it
    was never stored; ForeignToken when it answered another game or step (a token stored
    before steps were kept matches any step of its game)."""
    row = db.execute(
        "SELECT game_id, step, answer FROM submissions WHERE token = ?", [token]
    ).fetchone()
    if row is None:
        return None
    if row[0] != game_id or (row[1] and row[1] != step):
        raise ForeignToken(token)
    return str(row[2])


def _answer_once(db: Database, game_id: str, submission: Submission | None) -> None:
    """Inside a write, before the game is claimed: a token seen before raises Repeated
    (nothing is written again), or ForeignToken when it answered another game or step;
    a new one is stored with the write it answers."""
    if submission is None:
        return
    first = answered(db, submission.token, game_id, submission.step)
    if first is not None:
        raise Repeated(first)
    db.execute(
        "INSERT INTO submissions (token, game_id, step, answer, created_at)"
        " VALUES (?, ?, ?, ?, ?)",
        [submission.token, game_id, submission.step, submission.answer, _now()],
    )


def set_bids(
    db: Database,
    game_id: str,
    bids: list[Any],
    *,
    version: int | None,
    submission: Submission | None = None,
) -> None:
    """Keep the bids of the hand being played until its tricks are entered."""
    with writing(db):
        _answer_once(db, game_id, submission)
        stored = _claim(db, game_id, version)
        now = _now()
        db.execute(
            "UPDATE games SET pending_bids = ?, updated_at = ? WHERE id = ?",
            [json.dumps(bids, ensure_ascii=False), now, game_id],
        )
        summaries.carry(db, game_id, stored.version)


def clear_bids(db: Database, game_id: str, *, version: int | None) -> None:
    """Forget the bids of the hand being played (to enter them again)."""
    with writing(db):
        stored = _claim(db, game_id, version)
        db.execute(
            "UPDATE games SET pending_bids = NULL, updated_at = ? WHERE id = ?", [_now(), game_id]
        )
        summaries.carry(db, game_id, stored.version)


def add_hand(
    db: Database,
    game_id: str,
    body: Body,
    *,
    version: int | None,
    submission: Submission | None = None,
) -> GameResult:
    """Append a hand after checking the whole log with it; return the new result (a
    HandError when the game holds as many hands as a game may). A dealer the table
    named for this hand beforehand is written into it."""
    with writing(db):
        _answer_once(db, game_id, submission)
        stored = _claim(db, game_id, version)
        _check_not_over(stored)
        if stored.next_dealer is not None and "dealer" not in body:
            body = {**body, "dealer": stored.next_dealer}
        if len(stored.hands) >= MAX_HANDS:
            raise HandError(
                len(stored.hands) + 1,
                text(
                    N_("a game holds at most {most} hands: start a new game to play on"),
                    most=MAX_HANDS,
                ),
            )
        doc = stored.document()
        doc["hands"].append(body)
        result = score_game(load_game(doc))
        number = len(stored.hands) + 1
        _insert_hand(db, game_id, number, body)
        bodies = (*stored.hands, body)
        _save_summary(db, game_id, result, bodies, stored.created_at, bids_cleared=True)
        db.execute("UPDATE games SET next_dealer = NULL WHERE id = ?", [game_id])
        _log(db, game_id, "hand_added", number, {"after": body})
    return result


def _check_not_over(stored: StoredGame) -> None:
    """HandError when the evening's director ended the game's round, or its round's
    hands are all played: the game stands as it is."""
    number = len(stored.hands) + 1
    if stored.cut_at is not None:
        raise HandError(
            number,
            text(
                N_("the director ended this game's round at {time}: it stands as it was then"),
                time=stored.cut_at[11:16],
            ),
        )
    if stored.hands_limit is not None and len(stored.hands) >= stored.hands_limit:
        raise HandError(
            number,
            text(N_("a round is {n} hands and this game has played them"), n=stored.hands_limit),
        )


def _ends(stored: StoredGame, result: GameResult) -> dict[str, Any]:
    """For the history of a change to the hands: the totals and the winner (None while
    the game goes on) before and after it, as [before, after]."""
    return {
        "totals": [list(stored.totals), list(result.totals)],
        "winner": [
            stored.winner if stored.finished else None,
            result.outcome.winner if result.outcome.finished else None,
        ],
    }


class NeedsCorrection(RuntimeError):
    """The hand was confirmed: changing it must be an explicit correction with a reason."""


def replace_hand(
    db: Database,
    game_id: str,
    number: int,
    body: Body,
    *,
    version: int | None,
    correction: str | None = None,
    submission: Submission | None = None,
) -> GameResult:
    """Change a past hand; every later hand is re-scored (and must still be valid).

    A confirmed hand changes only as a correction, with its reason logged; it then waits
    for confirmation again. The dealer a hand names stays unless the change names another.
    """
    with writing(db):
        _answer_once(db, game_id, submission)
        stored = _claim(db, game_id, version)
        if not 1 <= number <= len(stored.hands):
            raise GameNotFound(f"{game_id} hand {number}")
        confirmed = stored.confirmed(number)
        if confirmed and not (correction and correction.strip()):
            raise NeedsCorrection(
                f"hand {number} was confirmed by {stored.confirmations[number - 1]}"
            )
        before = dict(stored.hands[number - 1])
        if "dealer" in before and "dealer" not in body:
            body = {**body, "dealer": before["dealer"]}
        doc = stored.document()
        doc["hands"][number - 1] = body
        result = score_game(load_game(doc))
        db.execute(
            "UPDATE hands SET body = ?, updated_at = ?, confirmed_by = NULL, confirmed_at = NULL"
            " WHERE game_id = ? AND number = ?",
            [json.dumps(body, ensure_ascii=False), _now(), game_id, number],
        )
        bodies = (*stored.hands[: number - 1], body, *stored.hands[number:])
        _save_summary(db, game_id, result, bodies, stored.created_at, bids_cleared=False)
        detail: dict[str, Any] = {"before": before, "after": body, **_ends(stored, result)}
        if confirmed:
            detail |= {"reason": correction, "confirmed_by": stored.confirmations[number - 1]}
        _log(db, game_id, "hand_corrected" if confirmed else "hand_edited", number, detail)
    return result


def delete_last_hand(
    db: Database, game_id: str, *, version: int | None, correction: str | None = None
) -> GameResult:
    """Remove the last hand of the log (a confirmed one only as a logged correction)."""
    with writing(db):
        stored = _claim(db, game_id, version)
        if not stored.hands:
            raise GameNotFound(f"{game_id} has no hand to delete")
        number = len(stored.hands)
        if stored.confirmed(number) and not (correction and correction.strip()):
            raise NeedsCorrection(
                f"hand {number} was confirmed by {stored.confirmations[number - 1]}"
            )
        doc = stored.document()
        before = doc["hands"].pop()
        result = score_game(load_game(doc))
        db.execute("DELETE FROM hands WHERE game_id = ? AND number = ?", [game_id, number])
        if before.get("dealer") is not None:  # entered again, it keeps its real dealer
            db.execute(
                "UPDATE games SET next_dealer = ? WHERE id = ?", [before["dealer"], game_id]
            )
        bodies = stored.hands[:-1]
        _save_summary(db, game_id, result, bodies, stored.created_at, bids_cleared=False)
        _log(
            db,
            game_id,
            "hand_deleted",
            number,
            {
                "before": before,
                **_ends(stored, result),
                **({"reason": correction} if correction else {}),
            },
        )
    return result


def change_options(
    db: Database,
    game_id: str,
    changes: Mapping[str, Any],
    *,
    version: int | None,
    from_hand: int | None = None,
) -> GameResult:
    """Change rules during a game, from hand `from_hand` on (default: the next hand).

    From hand 1 the whole game is scored again under the new rules; from a later hand
    the hands before it keep the rules they were played under.
    """
    with writing(db):
        stored = _claim(db, game_id, version)
        start = len(stored.hands) + 1 if from_hand is None else from_hand
        if not 1 <= start <= len(stored.hands) + 1:
            raise GameError(f"a rule change applies from hand 1 to {len(stored.hands) + 1}")
        ruleset = stored.game().ruleset_for(start)
        before = {
            name: getattr(
                getattr(ruleset.options, name, None), "value", getattr(ruleset.options, name, None)
            )
            for name in changes
        }
        entry = {"from_hand": start, "options": dict(changes)}
        doc = stored.document()
        doc["option_changes"] = [*doc.get("option_changes", []), entry]
        check_rule_changes(len(doc["option_changes"]))
        result = score_game(load_game(doc))
        db.execute(
            "UPDATE games SET option_changes = ? WHERE id = ?",
            [json.dumps(doc["option_changes"], ensure_ascii=False), game_id],
        )
        _save_summary(db, game_id, result, stored.hands, stored.created_at, bids_cleared=False)
        _log(db, game_id, "options_changed", start, {"before": before, "after": dict(changes)})
    return result


def stop_game(db: Database, game_id: str, stopped: bool, *, version: int | None) -> GameResult:
    """The table stops the game before its end (`stopped`), as its kind scores that (its
    premiums for what was won so far), or takes the stop back: the game goes on.
    Checked by the engine first (GameError for a game its kind does not stop)."""
    with writing(db):
        stored = _claim(db, game_id, version)
        doc = {key: value for key, value in stored.document().items() if key != "stopped"}
        result = score_game(load_game({**doc, **({"stopped": True} if stopped else {})}))
        db.execute("UPDATE games SET stopped = ? WHERE id = ?", [int(stopped), game_id])
        _save_summary(db, game_id, result, doc["hands"], stored.created_at, bids_cleared=True)
        _log(db, game_id, "stopped" if stopped else "resumed", None, {})
    return result


def correct_dealer(
    db: Database, game_id: str, from_hand: int, seat: int, *, version: int | None
) -> GameResult:
    """Say who really dealt hand `from_hand` (the deal passes on from them): a stored
    hand names its dealer (and every hand is scored again, the rules that follow the
    dealer with it); the next hand keeps it until it is stored. Bids already entered
    for the next hand were given in the wrong order: they are forgotten."""
    with writing(db):
        stored = _claim(db, game_id, version)
        if not 1 <= from_hand <= len(stored.hands) + 1:
            raise GameError(
                text(
                    N_("the dealer can be corrected for hands 1 to {last}"),
                    last=len(stored.hands) + 1,
                )
            )
        if not 0 <= seat < len(stored.players):
            raise GameError(text(N_("there is no seat {seat}"), seat=seat))
        before = stored.dealer(from_hand)
        if from_hand > len(stored.hands):
            result = stored.score()
            db.execute(
                "UPDATE games SET next_dealer = ?, pending_bids = NULL WHERE id = ?",
                [seat, game_id],
            )
            summaries.carry(db, game_id, stored.version)  # no hand changed
        else:
            doc = stored.document()
            doc["hands"][from_hand - 1]["dealer"] = seat
            result = score_game(load_game(doc))
            db.execute(
                "UPDATE hands SET body = ?, updated_at = ? WHERE game_id = ? AND number = ?",
                [
                    json.dumps(doc["hands"][from_hand - 1], ensure_ascii=False),
                    _now(),
                    game_id,
                    from_hand,
                ],
            )
            bodies = doc["hands"]
            _save_summary(db, game_id, result, bodies, stored.created_at, bids_cleared=False)
        detail = {"before": stored.players[before], "after": stored.players[seat]}
        _log(db, game_id, "dealer_corrected", from_hand, detail)
    return result


def confirm_hand(db: Database, game_id: str, number: int, by: str, *, version: int | None) -> None:
    """Record that another player confirmed a hand's result."""
    with writing(db):
        stored = _claim(db, game_id, version)
        if not 1 <= number <= len(stored.hands):
            raise GameNotFound(f"{game_id} hand {number}")
        db.execute(
            "UPDATE hands SET confirmed_by = ?, confirmed_at = ? WHERE game_id = ? AND number = ?",
            [by, _now(), game_id, number],
        )
        _log(db, game_id, "hand_confirmed", number, {"by": by})
        summaries.carry(db, game_id, stored.version)


def export_game(db: Database, game_id: str) -> dict[str, Any]:
    """The game as a game file."""
    return get_game(db, game_id).document()


def import_game(db: Database, doc: object, find: Resolver | None = None) -> str:
    """Store a game file as a new game (validated by the engine first); return its id.
    A game longer than the limits allow (limits.py) is refused (GameError). Its
    "ruleset" may name house rules the file carries, or those `find` knows."""
    if isinstance(doc, dict):  # before reading thousands of hands only to refuse them
        for name, check in (("hands", check_hand_count), ("option_changes", check_rule_changes)):
            if isinstance(doc.get(name), list):
                check(len(doc[name]))
    game = load_game(doc, find)  # raises GameError / HandError with the file's own wording
    assert isinstance(doc, dict)
    first_dealer = doc.get("first_dealer", 0)
    if not isinstance(first_dealer, int) or isinstance(first_dealer, bool):
        raise GameError("'first_dealer' must be a seat number")
    return create_game(
        db,
        game.ruleset.id,
        game.players,
        options=doc.get("options") or {},
        first_dealer=first_dealer,
        hands=doc.get("hands", []),
        option_changes=[change.to_json() for change in game.changes],
        action="imported",
        house_rules=rules_document(game.ruleset) if game.ruleset.house else None,
    )


Role = str  # "watch" or "edit"


def set_archived(db: Database, device: str, game_id: str, archived: bool) -> None:
    """Put a game away from this browser's home list, or back on it (only this browser's
    list changes: the game, its hands and the other phones' lists stay as they are)."""
    with writing(db):
        db.execute(
            "UPDATE grants SET archived = ? WHERE device = ? AND game_id = ?",
            [int(archived), device, game_id],
        )


def delete_game(db: Database, game_id: str, *, by: str | None = None) -> None:
    """Delete a game with its hands, history and share grants; raise GameNotFound. A
    game a round seated is the evening's: only its director (`by`, a phone; None: the
    command line) removes it, and the evening's book says so (NotTheDirector)."""
    with writing(db):
        evening = places.in_seated_round(db, game_id)
        if evening is not None:
            if by is not None and not places.is_director(db, by, evening):
                raise places.NotTheDirector(
                    text(
                        N_(
                            "This game was seated by the evening's rotation: only the"
                            " evening's director can remove it."
                        )
                    )
                )
            row = db.execute(
                "SELECT round_number, table_number, players FROM games WHERE id = ?", [game_id]
            ).fetchone()
            places.note(
                db,
                evening,
                "game_removed",
                None,
                {"round": row[0], "table": row[1], "players": json.loads(row[2])},
            )
        ratings.deleting(db, game_id)
        if db.execute("DELETE FROM games WHERE id = ?", [game_id]).rowcount == 0:
            raise GameNotFound(game_id)


def rename_player(db: Database, game_ids: Sequence[str], old: str, new: str) -> list[str]:
    """Rename a player in these games (the same name ignoring case and spaces); merging
    two spellings is renaming one into the other. A game where the new name already sits
    at another seat, or looks like a name there (limits.lookalike_of), is left alone.
    Returns the games changed; each change is logged.
    The new name must pass the rule for names (BadName)."""
    key, new = player_key(old), clean_name(new)
    changed = []
    for game_id in game_ids:
        stored = get_game(db, game_id)
        seats = {s for s, name in enumerate(stored.players) if player_key(name) == key}
        beside = [n for s, n in enumerate(stored.players) if s not in seats]
        others = {player_key(n) for n in beside}
        if not seats or player_key(new) in others or all(stored.players[s] == new for s in seats):
            continue
        if lookalike_of(new, beside) is not None:
            continue
        players = [new if s in seats else n for s, n in enumerate(stored.players)]
        try:
            _rename(db, game_id, stored.version, players, old, new)
        except Conflict:  # a hand was entered meanwhile: that game keeps the name
            continue
        changed.append(game_id)
    return changed


def _rename(
    db: Database, game_id: str, version: int, players: list[str], old: str, new: str
) -> None:
    with writing(db):
        _claim(db, game_id, version)
        db.execute(
            "UPDATE games SET players = ? WHERE id = ?",
            [json.dumps(players, ensure_ascii=False), game_id],
        )
        summaries.remake(db, game_id)  # the names are in the statistics and the CSV rows
        _log(db, game_id, "player_renamed", None, {"before": old, "after": new})


SEATINGS = ("same", "new_partners", "move_left")


def rematch(db: Database, game_id: str, seating: str = "same", *, by: str | None = None) -> str:
    """A new game with the same players and the rules in force at the end of this one.

    The deal moves on: whoever would have dealt the next hand deals first. `seating`
    is "same", "new_partners" (a partnership game: seat 1 keeps their place, the
    others move round, so everyone gets a new partner) or "move_left" (everyone one
    seat to the left).

    In an evening the table's next round decides: a later round's game seated at this
    table is opened instead (PlaceTaken names it), or there is no place for a new game
    yet (PlaceTaken says why).
    """
    stored = get_game(db, game_id)
    if stored.evening is not None and stored.table is not None:
        later = places.later_game(db, stored.evening, stored.table, stored.round_number or 0)
        if later is not None:
            raise places.PlaceTaken(
                text(N_("A later round is seated at this table: here is its game.")), later
            )
    ruleset = stored.ruleset
    seats = list(range(len(stored.players)))  # the old seat of each new seat
    if seating == "new_partners" and len(seats) == 4:
        seats = [0, 2, 3, 1]
    elif seating == "move_left":
        seats = seats[1:] + seats[:1]
    elif seating != "same":
        raise GameError(f"seating must be one of {', '.join(SEATINGS)}")
    players = [stored.players[old] for old in seats]
    next_dealer = stored.dealer(len(stored.hands) + 1)
    changes = {
        name: option_values(ruleset.options)[name]
        for name in differences(ruleset.options, ruleset.preset_options)
    }
    return create_game(
        db,
        stored.ruleset_id,
        players,
        options=changes,
        first_dealer=seats.index(next_dealer),
        confirm_hands=stored.confirm_hands,
        action="rematch",
        evening=stored.evening,
        table=stored.table,
        house_rules=stored.house_rules,
        created_by=by,
    )


def started_by(db: Database, game_id: str, device: str) -> None:
    """Remember which phone started a game (an import, a game whose start did not say):
    only that phone may put it into an evening."""
    with writing(db):
        db.execute(
            "UPDATE games SET created_by = ? WHERE id = ? AND created_by IS NULL",
            [device, game_id],
        )


def grant(db: Database, device: str, game_id: str, role: Role) -> None:
    """Let a browser watch or edit a game (an edit right is never downgraded to watch)."""
    with writing(db):
        db.execute(
            "INSERT INTO grants (device, game_id, role, created_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (device, game_id) DO UPDATE SET role = excluded.role"
            " WHERE excluded.role = 'edit'",
            [device, game_id, role, _now()],
        )


# Everywhere a browser's device id is kept: a new id takes over every row.
_DEVICE_COLUMNS = (
    ("grants", "device"),
    ("evening_grants", "device"),
    ("table_grants", "device"),
    ("evenings", "created_by"),
    ("house_rule_grants", "device"),
    ("house_rules", "created_by"),
    ("seasons", "created_by"),
    ("games", "created_by"),
    ("evening_directors", "device"),
    ("table_lockouts", "device"),
    ("pin_misses", "device"),  # a phone's wrong PINs follow it: a new id forgives none
    ("hidden_members", "device"),  # the club's members it hid (store/members.py)
)

# How long a second request with the same old id and credential follows the first's move:
# long enough for a double tap or a link opened twice, too short to watch for.
MOVE_FOLLOWED_FOR = 30.0


def kept_by(db: Database, device: str) -> dict[str, int]:
    """How many games (with the right to score), evenings, seasons and house rules a
    phone keeps."""
    counts = {
        "games": "SELECT count(*) FROM grants WHERE device = :d AND role = 'edit'",
        "evenings": "SELECT count(*) FROM evenings WHERE created_by = :d",
        "seasons": "SELECT count(*) FROM seasons WHERE created_by = :d",
        "house_rules": "SELECT count(*) FROM house_rules WHERE created_by = :d"
        " OR key IN (SELECT rules FROM house_rule_grants WHERE device = :d)",
    }
    return {
        what: int(db.execute(sql, {"d": device}).fetchone()[0]) for what, sql in counts.items()
    }


def move_device(db: Database, old: str, new: str, credential: str) -> str:
    """Give everything a browser's device id `old` has (its games, evenings, house
    rules, seasons) to `new`, in one transaction; `old` is left with nothing. Return the
    id the browser now has: `new`, or, where the same `old` id presented the same
    credential moments ago (the same PIN or link, sent twice), the id that request got."""
    now = time.time()
    with writing(db):
        row = db.execute(
            "SELECT new FROM device_moves WHERE old = ? AND credential = ? AND at > ?",
            [old, credential, now - MOVE_FOLLOWED_FOR],
        ).fetchone()
        if row is not None:
            return str(row[0])
        for table, column in _DEVICE_COLUMNS:
            db.execute(f"UPDATE {table} SET {column} = ? WHERE {column} = ?", [new, old])
        db.execute("DELETE FROM device_moves WHERE at < ?", [now - MOVE_FOLLOWED_FOR])
        db.execute(
            "INSERT OR REPLACE INTO device_moves (old, credential, new, at) VALUES (?, ?, ?, ?)",
            [old, credential, new, now],
        )
    return new


def role_of(db: Database, device: str | None, game_id: str) -> Role | None:
    """What this browser may do with a game: "edit", "watch" or nothing."""
    if not device:
        return None
    row = db.execute(  # asked by every page of a game: see get_game
        "SELECT role FROM grants WHERE device = ? AND game_id = ?", [device, game_id]
    ).fetchone()
    if row is not None and row[0] == "edit":
        return "edit"
    # The evening's directors act on every game of it.
    if db.execute(
        "SELECT 1 FROM games JOIN evenings ON evenings.id = games.evening"
        " WHERE games.id = ? AND (evenings.created_by = ? OR EXISTS (SELECT 1 FROM"
        " evening_directors AS d WHERE d.evening = evenings.id AND d.device = ?))",
        [game_id, device, device],
    ).fetchone():
        return "edit"
    # A phone holding the table (through its link) scores every game played at it.
    if db.execute(
        "SELECT 1 FROM games JOIN table_grants AS t"
        " ON t.evening = games.evening AND t.number = games.table_number"
        " WHERE games.id = ? AND t.device = ?",
        [game_id, device],
    ).fetchone():
        return "edit"
    if row is not None:
        return str(row[0])
    # The evening's organizer, a browser given its watch link (a TV) and a phone holding
    # one of its tables watch every table of that evening: all see the same tables.
    shared = db.execute(
        "SELECT 1 FROM games JOIN evenings ON evenings.id = games.evening"
        " WHERE games.id = ? AND (evenings.created_by = ? OR EXISTS"
        " (SELECT 1 FROM evening_grants WHERE evening = evenings.id AND device = ?) OR EXISTS"
        " (SELECT 1 FROM table_grants WHERE evening = evenings.id AND device = ?))",
        [game_id, device, device, device],
    ).fetchone()
    return "watch" if shared else None


def games_of(
    db: Database,
    device: str | None,
    *,
    archived: bool | None = False,
    role: Role | None = None,
) -> list[str]:
    """The games this browser created or joined: those on its list (the default), those
    it archived (`archived=True`) or both (`archived=None`); with `role`, only those it
    may do that with ("edit")."""
    if not device:
        return []
    where: list[str] = ["device = ?"]
    params: list[Any] = [device]
    if archived is not None:
        where.append("archived = ?")
        params.append(int(archived))
    if role is not None:
        where.append("role = ?")
        params.append(role)
    sql = "SELECT game_id FROM grants WHERE " + " AND ".join(where)
    return [row["game_id"] for row in db.query(sql, params)]


def find_by_token(db: Database, token: str) -> tuple[str, Role] | None:
    """The game and role a share link gives."""
    for column, role in (("watch_token", "watch"), ("scorer_token", "edit")):
        rows = list(db.query(f"SELECT id FROM games WHERE {column} = ?", [token]))
        if rows:
            return str(rows[0]["id"]), role
    return None
