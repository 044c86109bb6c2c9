"""The scoresheet page of a game, and a game's card on the lists: what the game,
hands and evenings pages all show."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flask import render_template, request, url_for
from flask_babel import get_translations
from flask_babel import gettext as _

from .. import store
from ..engine import GameResult, Ruleset, ScoreError, UnknownRuleset, find_kind
from ..engine.options import OptionError, differences, option_values
from ..engine.text import number
from ..scoresheet import fixed_columns
from .access import device, role
from .clock import game_clock
from .db import get_db
from .entry import entry_for
from .forms import Form, PinForm, TargetForm, VersionForm
from .i18n import language as current_language
from .i18n import when
from .scoresheet import first_shown, leading, needs, next_hand, rows, rule_labels
from .words import option_values_words


@dataclass
class GameCard:
    """A game on the home list: enough to tell two games of one evening apart."""

    id: str
    game: str  # the game kind's title, translated
    players: str
    rules: str
    started: str
    hands: int
    standing: str  # "Ann & Cho lead, 230 : 120", "Winner: Ben", "No hand yet"


def table_label(number: int, name: str) -> str:
    """How a table is called on every card: "Table 3", or "Table 3 — window"."""
    if name:
        return str(_("Table %(n)s — %(name)s", n=number, name=name))
    return str(_("Table %(n)s", n=number))


def place_words(stored: store.StoredGame) -> str:
    """Where a game of an evening is played, in one line: "Club night · Table 2 —
    Window · Round 3"; "" for a game in no evening."""
    if stored.evening is None:
        return ""
    db = get_db()
    evening = store.get_evening(db, stored.evening)
    parts = [evening.name]
    if stored.table is not None:
        names = {t.number: t.name for t in store.evening_tables(db, evening.id)}
        parts.append(table_label(stored.table, names.get(stored.table, "")))
    if stored.round_number is not None:
        planned = store.planned_rounds(db, evening.id)
        if planned is not None and stored.round_number > planned:
            parts.append(str(_("Extra round %(n)s", n=stored.round_number - planned)))
        else:
            parts.append(str(_("Round %(n)s", n=stored.round_number)))
    return " · ".join(parts)


def game_card(stored: store.StoredGame) -> GameCard:
    """A game's card for the home list and the evening page."""
    language = current_language()
    try:
        ruleset = stored.started_from().with_options(stored.options)
        names = [side.name for side in ruleset.kind.shape(ruleset.options).sides(stored.players)]
        rules, lowest = (
            ruleset.text("name", language),
            ruleset.kind.lowest_wins(ruleset.options),
        )
    except (UnknownRuleset, OptionError, ScoreError):  # a preset this version no longer ships
        names, rules, lowest = list(stored.players), stored.ruleset_id, False
    try:
        game = get_translations().gettext(find_kind(stored.kind).facts.title)
    except KeyError:  # a game kind this version no longer ships
        game = stored.kind
    totals = stored.totals
    scores = " : ".join(number(t) for t in totals)
    if stored.finished and stored.winner is not None and stored.winner < len(names):
        standing = _("Winner: %(side)s · %(scores)s", side=names[stored.winner], scores=scores)
    elif not stored.hand_count or len(totals) != len(names):
        standing = _("No hand yet")
    else:
        best = min(totals) if lowest else max(totals)
        leaders = [name for name, total in zip(names, totals, strict=True) if total == best]
        standing = (
            _("Leading: %(side)s · %(scores)s", side=leaders[0], scores=scores)
            if len(leaders) == 1
            else _("Level at the top · %(scores)s", scores=scores)
        )
    return GameCard(
        id=stored.id,
        game=game,
        players=" · ".join(stored.players),
        rules=rules,
        started=when(stored.created_at),
        hands=stored.hand_count,
        standing=standing,
    )


def render_game(
    stored: store.StoredGame,
    *,
    status: int = 200,
    message: str | None = None,
    compare: dict[str, Any] | None = None,
) -> tuple[str, int]:
    """The scoresheet page; with a message and a 4xx status when a request was refused
    (and, after a conflict, what this phone sent beside what is stored: `compare`)."""
    result = stored.score()
    ruleset = stored.ruleset
    kind = ruleset.kind
    target = kind.target(ruleset.options)  # None where the game ends after a number of hands
    entry = entry_for(stored.kind)
    upcoming = next_hand(stored, result)
    current_role = role(stored.id)
    first = first_shown(len(result.hands), request.args.get("all") == "1")
    adjustments = store.adjustments_of(get_db(), [stored.id]).get(stored.id, [])
    adjusted = list(result.totals)
    for adjustment in adjustments:
        adjusted[adjustment.side] += adjustment.points
    director = stored.evening is not None and store.is_director(get_db(), device(), stored.evening)
    page = render_template(
        "game.html",
        refused=message,
        compare=compare,
        compare_form=VersionForm(version=stored.version) if compare else None,
        role=current_role,
        entry=entry,
        kind_context=entry.context(stored, result, current_role),
        needs=needs(stored, result),
        leading=leading(result),
        final=list(result.totals) if result.outcome.finished else None,
        fixed_columns=fixed_columns(ruleset),
        can_play_on=target is not None,
        target=target,
        facts=kind.footer(ruleset.options),
        stored=stored,
        result=result,
        ruleset=ruleset,
        rows=rows(stored, result, range(first, len(result.hands) + 1)),
        rules_url=url_for("games.game_rules", game_id=stored.id),
        rule_labels=rule_labels(ruleset),
        first_shown=first,
        upcoming=upcoming,
        changed=option_values_words(ruleset, dict(_changed_options(ruleset))),
        # Each form signs a CSRF token: built only when the page shows it.
        target_form=TargetForm(
            version=stored.version,
            target=_play_on_target(target, kind.target_step(ruleset.options), result.totals),
        )
        if current_role == "edit" and result.outcome.finished and target is not None
        else None,
        rematch_form=Form()
        if current_role == "edit" and (result.outcome.finished or stored.over)
        else None,
        upcoming_dealer=stored.dealer(len(stored.hands) + 1),
        new_partners=_new_partners(stored.players),
        pin_form=PinForm() if current_role != "edit" else None,
        place=place_words(stored),
        adjustments=adjustments,
        adjusted=adjusted,
        director=director,
        adjust_form=Form() if director else None,
        next_round=_next_round(stored),
        clock=game_clock(stored),
    )
    return page, status


def adjustment_words(stored: store.StoredGame, result: GameResult) -> list[str]:
    """The director's adjustments of a game, each in words: "Ann & Cho −20 (revoke)"."""
    said = []
    for adjustment in store.adjustments_of(get_db(), [stored.id]).get(stored.id, []):
        side = result.sides[adjustment.side].name
        points = f"{adjustment.points:+d}".replace("-", "−")
        said.append(f"{side} {points} ({adjustment.reason})")
    return said


def _next_round(stored: store.StoredGame) -> int | None:
    """The round the director seats next at this game's table, while the evening's
    rotation has planned rounds left (None: a table may play on by itself)."""
    if stored.evening is None or stored.round_number is None:
        return None
    planned = store.planned_rounds(get_db(), stored.evening)
    if planned is None or stored.round_number >= planned:
        return None
    return stored.round_number + 1


def _new_partners(players: tuple[str, ...]) -> str:
    """Who would partner whom after "new partners" (store.rematch: seats 0, 2, 3, 1)."""
    if len(players) != 4:
        return ""
    a, b, c, d = players[0], players[3], players[2], players[1]
    return str(_("%(a)s & %(b)s against %(c)s & %(d)s", a=a, b=b, c=c, d=d))


def _changed_options(ruleset: Ruleset) -> list[tuple[str, Any]]:
    """The options the table changed from the preset, with their values."""
    values = option_values(ruleset.options)
    return [(name, values[name]) for name in differences(ruleset.options, ruleset.preset_options)]


def _play_on_target(target: int, step: int, totals: Sequence[int]) -> int:
    """The target "play on" offers: a step of the game's scale up, and above every total
    (a target someone has already passed would end the game again at once)."""
    offer = target + step
    top = max(totals, default=target)
    if offer <= top:
        offer += step * ((top - offer) // step + 1)
    return offer
