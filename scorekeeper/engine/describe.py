"""Rule sheets: a ruleset in plain words, grouped, each value with where it comes from.

A sheet is what a table reads to settle an argument: every option in words, the
source's own words for each value it states (or our reason where it leaves room), the
options that cannot matter under these rules set apart, and quick answers on top.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from .options import OptionError, coerce_option, option_values
from .ruleset import Origin, Ruleset
from .rulesheet import Answer, Table
from .text import N_, Text, Translations, text


@dataclass(frozen=True)
class RuleLine:
    """One option in words: what it is, its value, and where the value comes from."""

    option: str
    label: Text
    value: Text
    origin: str  # an Origin value
    raw: object  # the value as a game file's "options" writes it
    quote: str | None = None  # the source's words, verbatim
    why: str | None = None  # our reason, in the sheet's language
    alternatives: tuple[Text, ...] = ()  # the other values the source allows, in words
    relevant: bool = True  # False: cannot matter under these rules
    shown: bool = True  # on the one-screen page; the rest sit under "all options"
    instead: RuleLine | None = None  # a house rule: what its base preset says instead


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
    answers: tuple[Answer, ...] = ()
    source_file: str | None = None
    source_url: str | None = None
    base_part: str = ""
    source_title: str = ""
    tables: tuple[Table, ...] = ()  # score tables the game is played by, if any
    base: str | None = None  # house rules: the preset they start from
    base_title: str = ""  # …and its name

    @property
    def lines(self) -> list[RuleLine]:
        return [rule for group in self.groups for rule in group.rules]


def _alternatives(ruleset: Ruleset, name: str) -> tuple[Text, ...]:
    """The other values the source allows for an option, in words."""
    kind, found = ruleset.kind, []
    for raw in ruleset.provenance[name].alternatives:
        try:
            value = coerce_option(type(ruleset.options), name, raw)
        except OptionError:  # words, not a value ("any amount the table agrees")
            found.append(text(N_("{value}"), value=raw))
            continue
        if isinstance(value, int) and not isinstance(
            value, bool
        ):  # a number says itself: "300", not the target's sentence
            found.append(text(N_("{value}"), value=value))
            continue
        other = dataclasses.replace(ruleset.options, **{name: value})
        found += [
            words
            for _, rules in kind.words().describe(other)
            for n, _, words in rules
            if n == name
        ]
    return tuple(found)


def describe(ruleset: Ruleset, language: str | None = None) -> RuleSheet:
    """Describe every option of a ruleset in words, grouped as players think of them."""
    kind = ruleset.kind
    raw = option_values(ruleset.options)
    origins = ruleset.origins()
    relevant = kind.words().relevant(ruleset.options)
    key = kind.words().KEY
    preset = (
        {rule.option: rule for rule in describe(ruleset.base, language).lines}
        if ruleset.base
        else {}
    )
    groups = []
    for title, rules in kind.words().describe(ruleset.options):
        lines = []
        for name, label, value in rules:
            provenance = ruleset.provenance[name]
            origin = origins[name]
            lines.append(
                RuleLine(
                    name,
                    label,
                    value,
                    origin.value,
                    raw[name],
                    provenance.quote,
                    ruleset.why(name, language),
                    _alternatives(ruleset, name),
                    relevant=name in relevant,
                    shown=origin is Origin.HOUSE
                    or (name in relevant and (origin is not Origin.DEFAULT or name in key)),
                    instead=preset.get(name) if provenance.origin is Origin.HOUSE else None,
                )
            )
        groups.append(RuleGroup(title, tuple(lines)))
    return RuleSheet(
        ruleset.id,
        ruleset.text("name", language),
        ruleset.text("description", language),
        ruleset.source,
        ruleset.text("source_part", language),
        tuple(groups),
        ruleset.text("notes", language),
        tuple(kind.words().answers(ruleset.options)),
        ruleset.source_file,
        ruleset.source_url,
        ruleset.text("base_part", language),
        ruleset.source_title(language),
        tuple(kind.tables(ruleset.options)),
        ruleset.base.id if ruleset.base else None,
        ruleset.base.text("name", language) if ruleset.base else "",
    )


ORIGIN_WORDS = {
    "stated": N_("the source says"),
    "inherited": N_("from the rules it is described against"),
    "chosen": N_("the source allows several; this preset picks one"),
    "interpreted": N_("our reading"),
    "default": N_("not stated by the source — our default"),
    "changed": N_("changed for this game"),
    "house": N_("house rule"),
}


def rules_json(
    ruleset: Ruleset, translations: Translations | None = None, language: str | None = None
) -> dict[str, object]:
    """A ruleset as data (`scorekeeper rules ID --json`): every option with its origin."""
    sheet = describe(ruleset, language)
    options = []
    for rule in sheet.lines:
        entry: dict[str, object] = {
            "name": rule.option,
            "value": rule.raw,
            "origin": rule.origin,
            "quote": rule.quote,
            "text": f"{rule.label.render(translations)}: {rule.value.render(translations)}",
        }
        if rule.why:
            entry["why"] = rule.why
        if rule.alternatives:
            entry["alternatives"] = list(ruleset.provenance[rule.option].alternatives)
        entry["relevant"] = rule.relevant
        if rule.instead is not None:  # a house rule: what its base preset says instead
            entry["preset"] = {
                "value": rule.instead.raw,
                "origin": rule.instead.origin,
                "quote": rule.instead.quote,
                "text": rule.instead.value.render(translations),
            }
        options.append(entry)
    return {
        "id": ruleset.id,
        "game": ruleset.game,
        "name": sheet.title,
        "description": sheet.description,
        "source": {
            "file": ruleset.source_file,
            "part": sheet.source_part,
            "url": ruleset.source_url,
            "title": sheet.source_title,
            **({"base": sheet.base_part} if sheet.base_part else {}),
        },
        **({"base": ruleset.base.id} if ruleset.base else {}),
        "options": options,
        "answers": [
            {
                "question": answer.question.render(translations),
                "lines": [line.render(translations) for line in answer.lines],
                "options": list(answer.options),
            }
            for answer in sheet.answers
        ],
        "notes": list(sheet.notes),
    }
