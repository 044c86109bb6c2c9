"""A ruleset's page, for a preset, a table's house rules, or the rules a game is played
under: what the rules and games pages both show."""

from __future__ import annotations

from flask import render_template
from flask_babel import gettext as _

from ..engine import Ruleset
from ..engine.describe import ORIGIN_WORDS, describe
from .access import device
from .forms import Form
from .house import find, house_for
from .i18n import language


def ruleset_or_404(ruleset_id: str) -> Ruleset:
    """The preset or house rules with this id; a 404 page saying so when there is none
    (or they are another phone's)."""
    return find(ruleset_id)


def rule_page(ruleset: Ruleset, game: object = None, shared_token: str | None = None) -> str:
    """A ruleset's page: quick answers, each value with its origin, the rest folded away;
    for stored house rules, what this phone may do with them (a share link's visitor:
    save them to its list)."""
    house = None
    if ruleset.house and game is None and shared_token is None:
        house = house_for(ruleset.id)
    return render_template(
        "rules_page.html",
        ruleset=ruleset,
        sheet=describe(ruleset, language()),
        game=game,
        house=house,
        own=house is not None and house.owned_by(device()),
        shared_token=shared_token,
        form=Form() if house is not None or shared_token else None,
        origin_words={origin: _(words) for origin, words in ORIGIN_WORDS.items()},
    )
