"""Rule sheets: a ruleset in plain words, grouped, each option marked with its origin."""

from __future__ import annotations

from dataclasses import dataclass

from .kinds import find_kind
from .options import option_values
from .ruleset import Ruleset
from .text import Text


@dataclass(frozen=True)
class RuleLine:
    """One option in words: what it is, its value, and where the value comes from."""

    option: str
    label: Text
    value: Text
    origin: str  # an Origin value
    raw: object  # the value as a game file's "options" writes it


@dataclass(frozen=True)
class RuleGroup:
    title: Text
    rules: tuple[RuleLine, ...]


@dataclass(frozen=True)
class RuleSheet:
    """A whole ruleset in words, as a table could agree on it."""

    id: str
    title: str
    description: str
    source: str
    source_part: str
    groups: tuple[RuleGroup, ...]
    notes: tuple[str, ...]


def describe(ruleset: Ruleset) -> RuleSheet:
    """Describe every option of a ruleset in words, grouped as players think of them."""
    raw = option_values(ruleset.options)
    origins = ruleset.origins()
    groups = []
    for title, rules in find_kind(ruleset.game).describe(ruleset.options):
        groups.append(
            RuleGroup(
                title,
                tuple(
                    RuleLine(name, label, value, origins[name].value, raw[name])
                    for name, label, value in rules
                ),
            )
        )
    return RuleSheet(
        ruleset.id,
        ruleset.name,
        ruleset.description,
        ruleset.source,
        ruleset.source_part,
        tuple(groups),
        ruleset.notes,
    )
