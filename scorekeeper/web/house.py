"""House rules on the pages: which ones this phone sees, and finding a ruleset id.

A phone sees the house rules it saved, those it saved from a share link, and those the
server's operator stored from the command line (store/house.py), each by the id it has
on this phone; only the phone that saved them edits or deletes them.
"""

from __future__ import annotations

from flask import abort
from flask_babel import gettext as _

from ..engine import Ruleset, UnknownRuleset, all_rulesets
from ..engine.house import Resolver
from ..engine.ruleset import short_id
from ..store.house import (
    HouseRules,
    HouseRulesNotFound,
    find_house_rules,
    house_resolver,
    list_house_rules,
)
from .access import device
from .db import get_db


def rulesets() -> Resolver:
    """Find a ruleset id as this phone may: a preset, or house rules it sees."""
    return house_resolver(get_db(), device())


def house_list(kind: str | None = None) -> list[Ruleset]:
    """The house rules this phone sees (of one game kind), by name."""
    return [h.ruleset() for h in list_house_rules(get_db(), device()) if kind in (None, h.game)]


def choices(kind: str) -> list[Ruleset]:
    """Every ruleset of a kind this phone may pick: its house rules first, then the presets."""
    return [*house_list(kind), *all_rulesets(kind)]


def find(ruleset_id: str) -> Ruleset:
    """A ruleset this phone may see, or a 404 page saying there is none."""
    try:
        return rulesets()(ruleset_id)
    except UnknownRuleset:
        abort(404, _("There is no ruleset called %(id)s.", id=short_id(ruleset_id)))


def house_for(rules_id: str, *, own: bool = False) -> HouseRules:
    """Stored house rules this phone sees (with `own`: saved itself); else 404 or 403."""
    try:
        found = find_house_rules(get_db(), rules_id, device())
    except HouseRulesNotFound:
        abort(404, _("There is no ruleset called %(id)s.", id=short_id(rules_id)))
    if own and not found.owned_by(device()):
        abort(403, _("Only the phone that saved these house rules can change them."))
    return found
