"""Games and their hand logs: every write validated by the engine, one transaction each.

A write first claims the game row by bumping its version (`UPDATE … WHERE version = ?`),
which takes SQLite's write lock before anything is read, so two phones writing the same
game are serialised and the later one, holding a stale version, gets a Conflict instead
of silently overwriting.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from typing import Any

from sqlite_utils import Database

from ..engine import (
    FORMAT,
    Game,
    GameResult,
    load_game,
    score_game,
)
from ..engine.errors import GameError, HandError
from ..engine.house import Resolver, rules_document
from ..engine.options import differences, option_values
from ..engine.text import N_, text
from ..limits import (
    MAX_HANDS,
    check_hand_count,
    check_rule_changes,
    clean_name,
    clean_players,
    lookalike_of,
    player_key,
)
from ..summary import summary
from . import places, ratings, summaries
from .db import writing
from .ids import new_id, new_pin, new_token
from .stored import Body, Conflict, GameNotFound, StoredGame, _load, _now, get_game
from .submissions import Submission, _answer_once
from .tables import check_table, new_table


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
    made = summary(game_id, started, result.game.players, bodies, result, over=over)
    _rated(db, summaries.write(db, game_id, made))


def _rated(db: Database, change: summaries.Change | None) -> None:
    """Tell the ratings what a summary written in this write changed (store/ratings.py
    reads the summaries; they never write a rating themselves)."""
    if change is not None:
        ratings.changed(db, change.game, change.kind, change.before, change.after)


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
        # The names are in the statistics, the CSV rows and the sides the ratings read.
        made = summaries.summary_of_stored(get_game(db, game_id))
        if made is not None:
            _rated(db, summaries.write(db, game_id, made))
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
