"""Hands and option values in words, for the history, the footer and rule-change notices.

Game files keep hands and option values as data; a table reads "Ann: bid 3,
took 1" and "Overtricks: +1 each → −10 each" instead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import gettext as _

from ..engine import Outcome, Side, find_kind
from ..engine.options import OptionError, OptionValue, option_types
from ..engine.outcome import outcome_change
from ..engine.text import number, sentence, signed
from .i18n import language, render_text
from .scoresheet import rule_labels


def hand_parts(kind: str, body: Mapping[str, Any], players: Sequence[str]) -> list[str]:
    """A hand, part by part: "Ann: bid 3, took 4"."""
    return [
        _("%(who)s: %(what)s", who=render_text(who), what=render_text(what))
        for who, what in find_kind(kind).hand.words(body, players)
    ]


def hand_changes(
    kind: str, before: Mapping[str, Any], after: Mapping[str, Any], players: Sequence[str]
) -> list[str]:
    """The parts of a hand that an edit changed: "Ann: bid 3, took 4 → bid 4, took 4".

    Parts are matched by what they are about (a player, a card): a part that only one
    side of the edit has (a choice added) reads "X: — → what was chosen"."""
    words = find_kind(kind).hand.words
    old = {render_text(who): render_text(was) for who, was in words(before, players)}
    new = {render_text(who): render_text(now) for who, now in words(after, players)}
    return [
        _(
            "%(who)s: %(before)s → %(after)s",
            who=who,
            before=old.get(who, "—"),
            after=new.get(who, "—"),
        )
        for who in dict.fromkeys([*old, *new])
        if old.get(who) != new.get(who)
    ]


def ends_words(sides: Sequence[Side], detail: Mapping[str, Any]) -> list[str]:
    """What a change to the hands did to the totals and the winner, as the history
    keeps it: "Totals (Ann & Cho : Ben & Dee): 501 : 392 → 301 : 392", "Ann & Cho no
    longer win; the game goes on". Nothing for entries older than these records."""
    words: list[str] = []
    totals = detail.get("totals")
    if totals and all(len(t) == len(sides) for t in totals):
        before, after = (" : ".join(number(t) for t in side) for side in totals)
        words.append(
            _(
                "Totals (%(sides)s): %(before)s → %(after)s",
                sides=" : ".join(side.name for side in sides),
                before=before,
                after=after,
            )
        )
    winner = detail.get("winner")
    if winner:
        was, now = (Outcome(w is not None, w) for w in winner)
        change = outcome_change(was, now, sides)
        if change is not None:
            words.append(render_text(sentence(change)))
    return words


def value_words(kind: str, name: str, value: Any) -> str:
    """An option's value as the rule page says it: "yes", "+1 each", "−10"."""
    written = option_types(find_kind(kind).facts.options).get(name)
    if isinstance(written, type) and issubclass(written, OptionValue):
        try:  # a value the kind writes itself: as its form field holds it
            return written.from_option(name, getattr(value, "value", value)).line or "—"
        except OptionError:
            pass
    value = getattr(value, "value", value)
    if isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    if isinstance(value, int):
        return signed(value) if value < 0 else str(value)
    known: dict[str, str] = _choice_words(kind, language()).get(name, {})
    return str(known.get(str(value), value))


def _choice_words(kind: str, _language: str) -> dict[str, dict[str, str]]:
    return {
        name: {value: render_text(words) for value, words in values.items()}
        for name, values in find_kind(kind).words().choice_words().items()
    }


def option_changes(ruleset: Any, before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    """Changed options in words: "Overtricks: +1 each → −10 each"."""
    labels = rule_labels(ruleset)
    return [
        _(
            "%(who)s: %(before)s → %(after)s",
            who=labels.get(name, name),
            before=value_words(ruleset.game, name, before.get(name)),
            after=value_words(ruleset.game, name, value),
        )
        for name, value in after.items()
    ]


def option_values_words(ruleset: Any, values: Mapping[str, Any]) -> list[str]:
    """Options and their values in words: "Overtricks: −10 each"."""
    labels = rule_labels(ruleset)
    return [
        _(
            "%(who)s: %(what)s",
            who=labels.get(name, name),
            what=value_words(ruleset.game, name, value),
        )
        for name, value in values.items()
    ]
