"""Hands and option values in words, for the history, the footer and rule-change notices.

Game files keep hands and option values as data; a table reads "Ann: bid nil,
took 1" and "Overtricks: +1 each → −10 each" instead.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import gettext as _

from ..engine import find_kind
from ..engine.text import signed
from .i18n import language, render_text
from .scoresheet import rule_labels


def hand_parts(kind: str, body: Mapping[str, Any], players: Sequence[str]) -> list[str]:
    """A hand, part by part: "Ann: bid nil, took 1"."""
    return [
        _("%(who)s: %(what)s", who=render_text(who), what=render_text(what))
        for who, what in find_kind(kind).hand_words(body, players)
    ]


def hand_changes(
    kind: str, before: Mapping[str, Any], after: Mapping[str, Any], players: Sequence[str]
) -> list[str]:
    """The parts of a hand that an edit changed: "Ann: bid 3, took 4 → bid 4, took 4".

    Parts are matched by what they are about (a player, "Q♠", "moon"): a part that only
    one side of the edit has (a moon choice added) reads "moon: — → shooter adds 26"."""
    words = find_kind(kind).hand_words
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


def value_words(kind: str, name: str, value: Any) -> str:
    """An option's value as the rule page says it: "yes", "+1 each", "−10"."""
    value = getattr(value, "value", value)
    if isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    if isinstance(value, int):
        return signed(value) if value < 0 else str(value)
    known: dict[str, str] = _choice_words(kind, language()).get(name, {})
    return str(known.get(str(value), value))


@functools.lru_cache(maxsize=8)
def _choice_words(kind: str, _language: str) -> dict[str, dict[str, str]]:
    return {
        name: {value: render_text(words) for value, words in values.items()}
        for name, values in find_kind(kind).choice_words().items()
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
