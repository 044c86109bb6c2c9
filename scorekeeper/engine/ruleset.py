"""Rulesets: a game kind's options plus where they come from, and the preset registry.

A preset is one TOML file under `scorekeeper/presets/<game>/<id>.toml`:

    id, game, name, description, source, source_part
    [options]   values the source states
    [defaults]  values we chose because the source is silent
    notes       how we read the source where it leaves room

Options named in neither table take the engine's default and count as "not stated".
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from .kinds import find_kind
from .options import OptionError, apply_options, differences, option_values

PRESET_DIR = Path(__file__).resolve().parent.parent / "presets"
_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
LANGUAGES = ("ja",)  # tables a preset file may hold with its name, description and notes


class Origin(StrEnum):
    """Where an option's value comes from."""

    STATED = "stated"  # the source says so
    CHOSEN = "chosen"  # the source is silent; the preset file picks a value
    DEFAULT = "default"  # the source is silent; the engine default applies
    CHANGED = "changed"  # the table changed it for this game


@dataclass(frozen=True)
class Ruleset:
    """One game kind's complete rules for a game: a preset, maybe with the table's changes."""

    id: str
    game: str
    name: str
    description: str
    source: str
    source_part: str
    options: Any
    preset_options: Any
    stated: frozenset[str]
    chosen: frozenset[str]
    notes: tuple[str, ...] = ()
    # Other languages' name, description and notes, e.g. {"ja": {"name": …}} from [ja].
    translations: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def text(self, name: str, language: str | None = None) -> Any:
        """The ruleset's name, description or notes in a language (English if not given)."""
        local = self.translations.get(language or "en", {})
        if name in local:
            return tuple(local[name]) if name == "notes" else local[name]
        return getattr(self, name)

    def with_options(self, overrides: Mapping[str, object]) -> Ruleset:
        """Return this ruleset with the table's option changes applied and validated."""
        if not overrides:
            return self
        return dataclasses.replace(self, options=apply_options(self.options, overrides))

    def changed(self) -> list[str]:
        """Return the options that differ from the preset."""
        return differences(self.options, self.preset_options)

    def origins(self) -> dict[str, Origin]:
        """Where every option's value comes from, in one pass."""
        changed = set(self.changed())
        return {name: self._origin(name, changed) for name in option_values(self.options)}

    def origin(self, option: str) -> Origin:
        """Say where the value of `option` comes from."""
        return self._origin(option, set(self.changed()))

    def _origin(self, option: str, changed: set[str]) -> Origin:
        if option in changed:
            return Origin.CHANGED
        if option in self.stated:
            return Origin.STATED
        if option in self.chosen:
            return Origin.CHOSEN
        return Origin.DEFAULT


class UnknownRuleset(KeyError):
    """No preset has this id."""


def preset_path(ruleset_id: str) -> Path:
    """Return the file of a preset, or raise UnknownRuleset."""
    if _ID.match(ruleset_id):
        for path in PRESET_DIR.glob(f"*/{ruleset_id}.toml"):
            return path
    raise UnknownRuleset(ruleset_id)


def preset_ids(game: str | None = None) -> list[str]:
    """List the ids of every shipped preset, optionally of one game kind."""
    pattern = f"{game}/*.toml" if game else "*/*.toml"
    return sorted(path.stem for path in PRESET_DIR.glob(pattern))


def find_ruleset(ruleset_id: str) -> Ruleset:
    """Load the preset with this id."""
    return load_preset(preset_path(ruleset_id))


def all_rulesets(game: str | None = None) -> list[Ruleset]:
    """Load every shipped preset, optionally of one game kind."""
    return [find_ruleset(ruleset_id) for ruleset_id in preset_ids(game)]


def load_preset(path: Path) -> Ruleset:
    """Read and validate one preset file."""
    with path.open("rb") as file:
        doc = tomllib.load(file)
    try:
        kind = find_kind(doc["game"])
        stated: dict[str, object] = doc.get("options", {})
        chosen: dict[str, object] = doc.get("defaults", {})
        overlap = stated.keys() & chosen.keys()
        if overlap:
            raise ValueError(f"options both stated and chosen: {sorted(overlap)}")
        options = apply_options(kind.options_type(), {**stated, **chosen})
        ruleset = Ruleset(
            id=doc["id"],
            game=doc["game"],
            name=doc["name"],
            description=doc["description"],
            source=doc["source"],
            source_part=doc.get("source_part", ""),
            options=options,
            preset_options=options,
            stated=frozenset(stated),
            chosen=frozenset(chosen),
            notes=tuple(doc.get("notes", ())),
            translations={lang: doc[lang] for lang in LANGUAGES if lang in doc},
        )
    except (KeyError, ValueError, OptionError) as error:
        raise ValueError(f"preset file {path.name} is not valid: {error}") from error
    if ruleset.id != path.stem:
        raise ValueError(f"preset file {path.name} holds id {ruleset.id!r}")
    return ruleset
