"""House rules: a table's own rules, a preset plus the options it plays differently.

A `scorekeeper-rules/1` document (GAME-FORMAT.md) names the preset the rules start from
(`base`), the options changed and the table's note for each. The engine turns one into
a Ruleset whose changed options have origin "house" with the note as their reason, the
others keeping the preset's origin and quote. Storing them is the store's business: the
engine only reads and writes the document, and resolves ids through what it is given.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping

from .errors import RulesError
from .kinds import kind_names
from .options import OptionError, apply_options, option_types, option_values
from .ruleset import Origin, Provenance, Ruleset, UnknownRuleset, find_ruleset, preset_ids
from .text import N_, shown, text

RULES_FORMAT = "scorekeeper-rules/1"
ID_MAX = 40
HOUSE_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")  # the whole id: fullmatch
KEYS = frozenset({"format", "id", "name", "game", "base", "options", "notes", "description"})

# How an id is found: a preset's, or a house ruleset's from wherever the caller keeps them.
Resolver = Callable[[str], Ruleset]


def check_id(ruleset_id: object) -> str:
    """A house-rules id as the format allows it; RulesError saying why not."""
    if not isinstance(ruleset_id, str) or not ruleset_id:
        raise RulesError(N_("'id' must name the rules, e.g. \"friday-club\""), "id")
    if len(ruleset_id) > ID_MAX or not HOUSE_ID.fullmatch(ruleset_id):
        raise RulesError(
            text(
                N_(
                    "id {id} must be lowercase letters, digits and single hyphens"
                    " (at most {n} characters)"
                ),
                id=shown(ruleset_id),
                n=ID_MAX,
            ),
            "id",
        )
    if ruleset_id in preset_ids():
        raise RulesError(text(N_("{id!r} is a preset id"), id=ruleset_id), "id")
    return ruleset_id


def house_ruleset(doc: object) -> Ruleset:
    """Read a `scorekeeper-rules/1` document into a Ruleset; RulesError on the first
    thing wrong with it (the options checked as a game file's are)."""
    if not isinstance(doc, dict):
        raise RulesError(N_("the file must hold one JSON object"))
    if doc.get("format") != RULES_FORMAT:
        raise RulesError(
            text(
                N_("unknown format {fmt}, expected {expected}"),
                fmt=shown(doc.get("format")),
                expected=shown(RULES_FORMAT),
            )
        )
    ruleset_id = check_id(doc.get("id"))
    name = doc.get("name")
    if not isinstance(name, str) or not name.strip():
        raise RulesError(N_("'name' must be the rules' name, e.g. \"Friday club\""), "name")
    base = _base(doc)
    options = doc.get("options", {})
    if not isinstance(options, dict):
        raise RulesError(N_("'options' must be an object of option names and values"), "options")
    notes = doc.get("notes") or {}
    if not isinstance(notes, dict) or not all(isinstance(n, str) for n in notes.values()):
        raise RulesError(N_("'notes' must be an object of option names and texts"), "notes")
    description = doc.get("description", "")
    if not isinstance(description, str):
        raise RulesError(N_("'description' must be a text"), "description")
    try:
        played = apply_options(base.options, options)
    except OptionError as error:
        fields = error.problems[0][0]
        raise RulesError(error.located, fields[0] if fields else _option_named(error)) from None
    stray = sorted(set(notes) - set(options))
    if stray:
        raise RulesError(
            text(N_("a note for {name!r}, which the rules do not change"), name=stray[0]),
            stray[0],
        )
    order = list(option_types(type(base.options)))
    house = {
        option: Provenance(Origin.HOUSE, why=notes.get(option, "").strip() or None)
        for option in sorted(options, key=order.index)
    }
    return dataclasses.replace(
        base,
        id=ruleset_id,
        name=name.strip(),
        description=description.strip(),
        options=played,
        preset_options=played,
        provenance={**base.provenance, **house},
        translations=_translations(base, house),
        base=base,
    )


def _base(doc: Mapping[str, object]) -> Ruleset:
    game, base_id = doc.get("game"), doc.get("base")
    if not isinstance(game, str) or game not in kind_names():
        raise RulesError(
            text(
                N_("unknown game {game} (one of {games})"),
                game=shown(game),
                games=", ".join(kind_names()),
            ),
            "game",
        )
    if not isinstance(base_id, str):
        raise RulesError(N_("'base' must name the preset the rules start from"), "base")
    try:
        base = find_ruleset(base_id)
    except UnknownRuleset:
        raise RulesError(text(N_("unknown preset {id!r} as base"), id=base_id), "base") from None
    if base.game != game:
        raise RulesError(
            text(
                N_("the base {id!r} is a {kind} preset, not {game}"),
                id=base_id,
                kind=base.game,
                game=game,
            ),
            "base",
        )
    return base


def _option_named(error: OptionError) -> str | None:
    """The unknown option an error is about ("unknown option 'x'"), for a form."""
    name = error.message.params.get("name") if hasattr(error.message, "params") else None
    return name if isinstance(name, str) else None


def _translations(base: Ruleset, house: Mapping[str, Provenance]) -> dict[str, dict[str, object]]:
    """The base's other languages, less its name and description (the rules have their
    own, in the table's words) and its reasons for the options the table changed."""
    local: dict[str, dict[str, object]] = {}
    for lang, words in base.translations.items():
        kept = {k: v for k, v in words.items() if k not in ("name", "description", "why")}
        kept["why"] = {k: v for k, v in words.get("why", {}).items() if k not in house}
        local[lang] = kept
    return local


def rules_document(ruleset: Ruleset) -> dict[str, object]:
    """Write house rules as a `scorekeeper-rules/1` document."""
    if ruleset.base is None:
        raise ValueError(f"{ruleset.id} is a preset, not house rules")
    values = option_values(ruleset.options)
    house = ruleset.house_options()
    notes = {name: ruleset.provenance[name].why for name in house if ruleset.provenance[name].why}
    return {
        "format": RULES_FORMAT,
        "id": ruleset.id,
        "name": ruleset.name,
        "game": ruleset.game,
        "base": ruleset.base.id,
        "options": {name: values[name] for name in house},
        "notes": notes,
        **({"description": ruleset.description} if ruleset.description else {}),
    }


def resolver(*found: Resolver) -> Resolver:
    """Find an id among the presets first, then through each of `found` in turn."""

    def find(ruleset_id: str) -> Ruleset:
        try:
            return find_ruleset(ruleset_id)
        except UnknownRuleset:
            pass
        for look in found:
            try:
                return look(ruleset_id)
            except UnknownRuleset:
                continue
        raise UnknownRuleset(ruleset_id)

    return find
