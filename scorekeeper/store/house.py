"""House rules as stored: the `scorekeeper-rules/1` document, who saved it, its share link.

The engine reads and checks the document (engine/house.py); here it is kept, found by id
for a game file or a page, and listed per phone. A phone sees the house rules it saved
and those it saved from a share link; rules stored from the command line (the server's
operator) belong to the whole table, every phone sees them. A game started from house
rules keeps their document as it was then (games.house_rules), so editing or deleting
them later changes no game.

Ids and names are per phone: what a phone sees has one ruleset per id and per name,
and nothing it does depends on rules it cannot see. Two phones may each keep their own
"friday-club"; importing a file whose rules this phone already has changes nothing,
and one whose id or name this phone already uses for other rules is stored under a free
one (said so). Rules stored from the command line are everyone's, so their ids and
names are taken on every phone; the command line, which sees all, refuses a taken one.
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
from ..engine.house import ID_MAX, Resolver, house_ruleset, resolver, rules_document
from ..engine.text import N_, text
from ..limits import EVENING_NAME_MAX, BadName, clean_name, reorders
from .db import writing
from .ids import new_token
from .stored import _now

NOTE_MAX = 300  # a note is a line of the table's reason, not an essay
DESCRIPTION_MAX = 2000  # a few paragraphs about the table's rules; a club never writes more
# Words the command line and the pages use beside ids (`rules import FILE`, /rules/compare).
RESERVED = frozenset({"import", "export", "delete", "compare", "house", "new", "shared"})


class HouseRulesNotFound(LookupError):
    """No stored house rules have this id (or this phone may not see them)."""


class HouseRulesAmbiguous(LookupError):
    """The command line named an id that several phones use for different rules."""


@dataclass(frozen=True)
class HouseRules:
    """House rules as stored."""

    key: str  # the stored rules' own key: an id is only unique on one phone
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
        key=row["key"],
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


# The house rules a phone sees: its own, those it kept from a share link, everyone's.
_SEEN = (
    "(created_by IS NULL OR created_by = :device"
    " OR key IN (SELECT rules FROM house_rule_grants WHERE device = :device))"
)


def _seen(
    db: Database, device: str | None, everyone: bool, where: str = "1", **params: str
) -> list[HouseRules]:
    """The house rules in a phone's sight (or, `everyone`, all) that match `where`."""
    sql = f"SELECT * FROM house_rules WHERE {where}"
    if not everyone:
        sql += f" AND {_SEEN}"
    return [_row(r) for r in db.query(sql, {**params, "device": device or ""})]


def _taken(db: Database, device: str | None, ruleset: Ruleset, but: str = "") -> str | None:
    """ "id" or "name" when the rules in sight of the phone saving (the command line's:
    all of them) already use this id or name for others (`but`: the key being edited)."""
    everyone = device is None
    for field, where, value in (
        ("id", "id = :value", ruleset.id),
        ("name", "name_key = :value", name_key(ruleset.name)),
    ):
        if any(h.key != but for h in _seen(db, device, everyone, where, value=value)):
            return field
    return None


def check_house_rules(doc: object) -> Ruleset:
    """The rules a document makes, if they may be stored: valid (engine), a name the
    rule for names allows, notes of a line and a description of a few paragraphs."""
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


def _refuse_taken(db: Database, device: str | None, ruleset: Ruleset, but: str = "") -> None:
    taken = _taken(db, device, ruleset, but)
    if taken == "id":
        raise RulesError(text(N_("the id {id!r} is already taken"), id=ruleset.id), "id")
    if taken == "name":
        raise RulesError(text(N_("the name {name!r} is already taken"), name=ruleset.name), "name")


def save_house_rules(
    db: Database, doc: object, *, device: str | None = None, replacing: str | None = None
) -> HouseRules:
    """Store new house rules for a phone (or, without one, for everyone: the command
    line), or change those with the key `replacing`; RulesError saying what is wrong
    (an id or a name the phone already uses for other rules), with nothing stored."""
    with writing(db):
        ruleset = check_house_rules(doc)
        if replacing is None:
            _refuse_taken(db, device, ruleset)
            return _insert(db, ruleset, device)
        before = _by_key(db, replacing)
        if ruleset.id != before.id:
            raise RulesError(N_("house rules keep their id: game files name them by it"), "id")
        _refuse_taken(db, before.created_by, ruleset, but=replacing)
        db.execute(
            "UPDATE house_rules SET name = ?, name_key = ?, document = ?, updated_at = ?"
            " WHERE key = ?",
            [ruleset.name, name_key(ruleset.name), _document(ruleset), _now(), replacing],
        )
    return _by_key(db, replacing)


def _document(ruleset: Ruleset) -> str:
    return json.dumps(rules_document(ruleset), ensure_ascii=False)


def _insert(db: Database, ruleset: Ruleset, device: str | None) -> HouseRules:
    key, now = new_token(), _now()
    db.execute(
        "INSERT INTO house_rules (key, id, game, name, name_key, document, created_by,"
        " share_token, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            key,
            ruleset.id,
            ruleset.game,
            ruleset.name,
            name_key(ruleset.name),
            _document(ruleset),
            device,
            new_token(),
            now,
            now,
        ],
    )
    return _by_key(db, key)


@dataclass(frozen=True)
class Imported:
    """What importing house rules on a phone did: `rules` are on its list now; `already`
    when it had these very rules; `renamed` when its own other rules used the id or name."""

    rules: HouseRules
    already: bool = False
    renamed: bool = False


def import_house_rules(db: Database, doc: object, *, device: str) -> Imported:
    """Put the rules of a `scorekeeper-rules/1` document on a phone's list, never
    refusing them for an id or a name: the same rules it already sees (under any id
    and name) are simply there; other rules under an id or a name it already uses are
    stored under a free one. Only what this phone sees decides (RulesError for a
    document not valid)."""
    with writing(db):
        ruleset = check_house_rules(doc)
        return _give(db, device, ruleset)


def _give(db: Database, device: str, ruleset: Ruleset) -> Imported:
    rules = _rules_only(rules_document(ruleset))
    for seen in _seen(db, device, False, "game = :game", game=ruleset.game):
        if _rules_only(seen.document) == rules:
            return Imported(seen, already=True)
    free = _free(db, device, ruleset)
    return Imported(_insert(db, free, device), renamed=free is not ruleset)


def _rules_only(document: Mapping[str, Any]) -> dict[str, Any]:
    """A document less what names it: the same rules kept under another id or name
    (a copy made when the id was taken) are the same rules."""
    return {key: value for key, value in document.items() if key not in ("id", "name")}


def _free(db: Database, device: str, ruleset: Ruleset) -> Ruleset:
    """The rules under the first id and name ("-2", " (2)"…) this phone does not use."""
    if _taken(db, device, ruleset) is None:
        return ruleset
    for n in range(2, 10_000):
        suffix = f"-{n}"
        candidate = dataclasses.replace(
            ruleset,
            id=ruleset.id[: ID_MAX - len(suffix)].rstrip("-") + suffix,
            name=f"{ruleset.name[: EVENING_NAME_MAX - 8]} ({n})",
        )
        if _taken(db, device, candidate) is None:
            return candidate
    raise RulesError(N_("the id {id!r} is already taken"), "id")  # 10,000 of one name


def free_id(db: Database, device: str | None, wanted: str) -> str:
    """`wanted`, or the first of "wanted-2", "wanted-3"… that this phone does not use."""
    for n in range(1, 10_000):
        suffix = f"-{n}" if n > 1 else ""
        candidate = wanted[: ID_MAX - len(suffix)].rstrip("-") + suffix
        if not _seen(db, device, device is None, "id = :id", id=candidate):
            return candidate
    return wanted


def keep_house_rules(db: Database, device: str, rules: HouseRules) -> Imported:
    """Put house rules whose share link a phone opened on its list: the rules
    themselves (it sees their changes), or, when it already uses their id or name for
    other rules, a copy of them under a free one."""
    with writing(db):
        if visible(db, device, rules):
            return Imported(rules, already=True)
        ruleset = rules.ruleset()
        if _taken(db, device, ruleset) is None:
            db.execute(
                "INSERT OR IGNORE INTO house_rule_grants (device, rules, created_at)"
                " VALUES (?, ?, ?)",
                [device, rules.key, _now()],
            )
            return Imported(rules)
        return _give(db, device, ruleset)


def _by_key(db: Database, key: str) -> HouseRules:
    rows = list(db.query("SELECT * FROM house_rules WHERE key = ?", [key]))
    if not rows:
        raise HouseRulesNotFound(key)
    return _row(rows[0])


def find_house_rules(
    db: Database, rules_id: str, device: str | None = None, *, everyone: bool = False
) -> HouseRules:
    """The house rules with this id that a phone sees; HouseRulesNotFound. The command
    line (`everyone`) finds everyone's first, then a phone's (HouseRulesAmbiguous when
    several phones use the id for rules that differ)."""
    found = _seen(db, device, everyone, "id = :id", id=rules_id)
    if not everyone or len(found) <= 1:
        if not found:
            raise HouseRulesNotFound(rules_id)
        return found[0]
    common = [h for h in found if h.created_by is None]
    if common:
        return common[0]
    if len({json.dumps(dict(h.document), sort_keys=True) for h in found}) > 1:
        raise HouseRulesAmbiguous(rules_id)
    return found[0]


def house_rules_by_token(db: Database, token: str) -> HouseRules | None:
    """The house rules a share link opens."""
    rows = list(db.query("SELECT * FROM house_rules WHERE share_token = ?", [token]))
    return _row(rows[0]) if rows else None


def list_house_rules(
    db: Database, device: str | None = None, *, everyone: bool = False
) -> list[HouseRules]:
    """House rules by name: all of them (`everyone`: the command line), or those a phone
    sees (its own, those it saved from a share link, the command line's)."""
    return sorted(_seen(db, device, everyone), key=lambda h: (name_key(h.name), h.id))


def visible(db: Database, device: str | None, rules: HouseRules) -> bool:
    """Whether a phone sees these house rules (see list_house_rules)."""
    return bool(_seen(db, device, False, "key = :key", key=rules.key))


def forget_house_rules(db: Database, device: str, rules: HouseRules) -> None:
    """Take house rules off a phone's list (the rules stay for whoever else has them)."""
    with writing(db):
        db.execute(
            "DELETE FROM house_rule_grants WHERE device = ? AND rules = ?", [device, rules.key]
        )


def delete_house_rules(db: Database, rules: HouseRules) -> None:
    """Delete house rules for everyone; games started from them keep their rules."""
    with writing(db):
        if db.execute("DELETE FROM house_rules WHERE key = ?", [rules.key]).rowcount == 0:
            raise HouseRulesNotFound(rules.id)


def house_resolver(db: Database, device: str | None = None, *, everyone: bool = False) -> Resolver:
    """Find an id among the presets, then the house rules stored here (all of them with
    `everyone`, else those the phone sees): for game files, compare and the pages."""

    def stored(rules_id: str) -> Ruleset:
        try:
            return find_house_rules(db, rules_id, device, everyone=everyone).ruleset()
        except (HouseRulesNotFound, HouseRulesAmbiguous):
            raise UnknownRuleset(rules_id) from None

    return resolver(stored)
