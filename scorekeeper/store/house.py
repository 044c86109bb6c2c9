"""House rules as stored: the `scorekeeper-rules/1` document, who saved it, its share link.

The engine reads and checks the document (engine/house.py); here it is kept, found by id
for a game file or a page, and listed per phone. A phone sees the house rules it saved
and those it saved from a share link; rules stored from the command line (the server's
operator) belong to the whole table, every phone sees them. A game started from house
rules keeps their document as it was then (games.house_rules), so editing or deleting
them later changes no game.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from ..engine import Ruleset, UnknownRuleset
from ..engine.errors import RulesError
from ..engine.house import Resolver, house_ruleset, resolver, rules_document
from ..engine.text import N_, text
from ..limits import EVENING_NAME_MAX, BadName, clean_name, reorders
from .db import new_token, writing
from .games import _now

NOTE_MAX = 300  # a note is a line of the table's reason, not an essay
DESCRIPTION_MAX = 2000  # a few paragraphs about the table's rules; a club never writes more
# Words the command line and the pages use beside ids (`rules import FILE`, /rules/compare).
RESERVED = frozenset({"import", "export", "delete", "compare", "house", "new", "shared"})


class HouseRulesNotFound(LookupError):
    """No stored house rules have this id (or this phone may not see them)."""


@dataclass(frozen=True)
class HouseRules:
    """House rules as stored."""

    id: str
    game: str
    name: str
    document: Mapping[str, Any]
    created_by: str | None  # the phone that saved them; None: the command line's
    share_token: str
    created_at: str
    updated_at: str

    def ruleset(self) -> Ruleset:
        """The rules as the engine plays them."""
        return house_ruleset(dict(self.document))

    def owned_by(self, device: str | None) -> bool:
        """Whether this phone saved them (and so may edit or delete them)."""
        return device is not None and device == self.created_by


def _row(row: Mapping[str, Any]) -> HouseRules:
    return HouseRules(
        id=row["id"],
        game=row["game"],
        name=row["name"],
        document=json.loads(row["document"]),
        created_by=row["created_by"],
        share_token=row["share_token"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
    )


def name_key(name: str) -> str:
    """Two names alike but for case and spaces are the same name."""
    return " ".join(name.casefold().split())


def check_house_rules(db: Database, doc: object, *, replacing: str | None = None) -> Ruleset:
    """The rules a document makes, if they may be stored: valid (engine), a name the
    rule for names allows, notes of a line, an id and a name no other house rules have
    (`replacing`: the id of the rules being edited, whose own id and name are free)."""
    ruleset = house_ruleset(doc)
    try:
        name = clean_name(ruleset.name, EVENING_NAME_MAX)
    except BadName as problem:
        raise RulesError(text(N_("the name: {why}"), why=problem.message), "name") from None
    for option in ruleset.house_options():
        why = ruleset.provenance[option].why or ""
        if len(why) > NOTE_MAX or any(ord(c) < 32 for c in why) or reorders(why):
            raise RulesError(
                text(
                    N_(
                        "the note for {name!r} must be one line of at most {n} characters,"
                        " without text-direction overrides"
                    ),
                    name=option,
                    n=NOTE_MAX,
                ),
                option,
            )
    _check_description(ruleset.description)
    if ruleset.id in RESERVED:
        raise RulesError(
            text(N_("the id {id!r} is a word the app keeps for itself"), id=ruleset.id), "id"
        )
    if replacing is not None and ruleset.id != replacing:
        raise RulesError(N_("house rules keep their id: game files name them by it"), "id")
    if (
        replacing is None
        and db.execute("SELECT 1 FROM house_rules WHERE id = ?", [ruleset.id]).fetchone()
    ):
        raise RulesError(text(N_("the id {id!r} is already taken"), id=ruleset.id), "id")
    if db.execute(
        "SELECT 1 FROM house_rules WHERE name_key = ? AND id != ?",
        [name_key(name), replacing or ""],
    ).fetchone():
        raise RulesError(text(N_("the name {name!r} is already taken"), name=name), "name")
    return _named(ruleset, name)


def _check_description(description: str) -> None:
    """RulesError unless the description is a few paragraphs of plain lines."""
    if len(description) > DESCRIPTION_MAX:
        raise RulesError(
            text(
                N_("the description can be at most {most} characters; this one has {n}"),
                most=DESCRIPTION_MAX,
                n=len(description),
            ),
            "description",
        )
    if reorders(description) or any(ord(c) < 32 and c not in "\n\t" for c in description):
        raise RulesError(
            N_(
                "the description cannot hold control characters or text-direction overrides"
                " (such as U+202E)"
            ),
            "description",
        )


def _named(ruleset: Ruleset, name: str) -> Ruleset:
    return dataclasses.replace(ruleset, name=name)


def save_house_rules(
    db: Database, doc: object, *, device: str | None = None, replacing: str | None = None
) -> HouseRules:
    """Store house rules (new, or `replacing` the ones with that id); RulesError saying
    what is wrong, with nothing stored. Saved from a phone, they are on its list."""
    with writing(db):
        ruleset = check_house_rules(db, doc, replacing=replacing)  # under the write lock
        document = json.dumps(rules_document(ruleset), ensure_ascii=False)
        now = _now()
        if replacing is None:
            db.execute(
                "INSERT INTO house_rules (id, game, name, name_key, document, created_by,"
                " share_token, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    ruleset.id,
                    ruleset.game,
                    ruleset.name,
                    name_key(ruleset.name),
                    document,
                    device,
                    new_token(),
                    now,
                    now,
                ],
            )
            if device:
                _grant(db, device, ruleset.id)
        elif (
            db.execute(
                "UPDATE house_rules SET name = ?, name_key = ?, document = ?, updated_at = ?"
                " WHERE id = ?",
                [ruleset.name, name_key(ruleset.name), document, now, replacing],
            ).rowcount
            == 0
        ):
            raise HouseRulesNotFound(replacing)
    return get_house_rules(db, ruleset.id)


def get_house_rules(db: Database, rules_id: str) -> HouseRules:
    """The stored house rules with this id; HouseRulesNotFound."""
    rows = list(db.query("SELECT * FROM house_rules WHERE id = ?", [rules_id]))
    if not rows:
        raise HouseRulesNotFound(rules_id)
    return _row(rows[0])


def house_rules_by_token(db: Database, token: str) -> HouseRules | None:
    """The house rules a share link opens."""
    rows = list(db.query("SELECT * FROM house_rules WHERE share_token = ?", [token]))
    return _row(rows[0]) if rows else None


def list_house_rules(
    db: Database, device: str | None = None, *, everyone: bool = False
) -> list[HouseRules]:
    """House rules by name: all of them (`everyone`: the command line), or those a phone
    sees (its own, those it saved from a share link, the command line's)."""
    if everyone:
        sql, params = "SELECT * FROM house_rules", []
    else:
        sql = (
            "SELECT * FROM house_rules WHERE created_by IS NULL OR id IN"
            " (SELECT rules FROM house_rule_grants WHERE device = ?)"
        )
        params = [device or ""]
    return sorted((_row(r) for r in db.query(sql, params)), key=lambda h: name_key(h.name))


def visible(db: Database, device: str | None, rules: HouseRules) -> bool:
    """Whether a phone sees these house rules (see list_house_rules)."""
    if rules.created_by is None:
        return True
    return device is not None and bool(
        db.execute(
            "SELECT 1 FROM house_rule_grants WHERE device = ? AND rules = ?", [device, rules.id]
        ).fetchone()
    )


def _grant(db: Database, device: str, rules_id: str) -> None:
    db.execute(
        "INSERT OR IGNORE INTO house_rule_grants (device, rules, created_at) VALUES (?, ?, ?)",
        [device, rules_id, _now()],
    )


def keep_house_rules(db: Database, device: str, rules_id: str) -> None:
    """Put house rules on a phone's list (it opened their share link and saved them)."""
    with writing(db):
        _grant(db, device, rules_id)


def forget_house_rules(db: Database, device: str, rules_id: str) -> None:
    """Take house rules off a phone's list (the rules stay for whoever else has them)."""
    with writing(db):
        db.execute(
            "DELETE FROM house_rule_grants WHERE device = ? AND rules = ?", [device, rules_id]
        )


def delete_house_rules(db: Database, rules_id: str) -> None:
    """Delete house rules for everyone; games started from them keep their rules."""
    with writing(db):
        if db.execute("DELETE FROM house_rules WHERE id = ?", [rules_id]).rowcount == 0:
            raise HouseRulesNotFound(rules_id)


def house_resolver(db: Database, device: str | None = None, *, everyone: bool = False) -> Resolver:
    """Find an id among the presets, then the house rules stored here (all of them with
    `everyone`, else those the phone sees): for game files, compare and the pages."""

    def stored(rules_id: str) -> Ruleset:
        try:
            found = get_house_rules(db, rules_id)
        except HouseRulesNotFound:
            raise UnknownRuleset(rules_id) from None
        if not everyone and not visible(db, device, found):
            raise UnknownRuleset(rules_id)
        return found.ruleset()

    return resolver(stored)
