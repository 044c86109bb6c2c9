"""Rulesets: a game kind's options plus where each value comes from, and the preset registry.

A preset is one TOML file under `scorekeeper/presets/<game>/<id>.toml`:

    id, game, name, description
    source        the seed file's name (e.g. "002_2c4efcea9dfb6ab4.txt"), or a title
    source_url    for a source outside the seeds
    source_part   the section of the source this ruleset is
    base_part     for inherited values: the section this one is described against
    notes         how we read the source where it leaves room
    [options]     one entry per option the preset sets:
                  name = { value = …, origin = "stated", quote = "…" }

`origin` says where the value comes from (see Origin). Stated, inherited and chosen
values carry `quote`, the source's own words copied exactly (for a source outside the
seeds, with `source_url`: its URL and section instead, "https://…#Scoring (Basic scoring)"); chosen ones also
`alternatives`, the other values the source allows; interpreted ones carry `why`. Options
the file does not name take the engine's default and count as `default`. A `[ja]` table
holds the Japanese name, description, notes and `why` texts.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic

from .hand import Seated
from .kinds import GameKind, find_kind
from .options import OptionError, apply_options, differences, option_values

PRESET_DIR = Path(__file__).resolve().parent.parent / "presets"
_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
SEED_FILE = re.compile(r"^\d{3}_[0-9a-f]{16}\.txt$")
# Outside the seeds a quote is replaced by a citation: the source's URL and the section.
CITATION = re.compile(r"^https?://\S+ \(\S.*\)$")
LANGUAGES = ("ja",)  # tables a preset file may hold with its name, description and notes


# What each seed is, for people; the file name stays the citation.
SEED_TITLES = {
    "000_c8606a6002be44e6.txt": (
        "A card-game site's Spades page",
        "カードゲームサイトの「スペード」のページ",
    ),
    "001_49a9ae39a8965b8f.txt": (
        "Yahoo! Games (Japan): Spades rules",
        "Yahoo!ゲームのルール（スペード）",
    ),
    "002_2c4efcea9dfb6ab4.txt": (
        "Y. Akagiri, Rule introduction 29–31: Spades (1996)",
        "赤桐裕二「ルール紹介29〜31：スペード」（1996）",
    ),
    "003_a58955c3664a05e5.txt": ("Y. Akagiri, Spitzer (2011)", "赤桐裕二「スピッツァー」（2011）"),
    "004_f4957de8961efdc3.txt": (
        "An illustrated guide to Hearts",
        "【図解】トランプゲーム「ハーツ」の遊び方",
    ),
}


class Origin(StrEnum):
    """Where an option's value comes from."""

    STATED = "stated"  # the ruleset's own part of the source says so
    INHERITED = "inherited"  # the base rules the source describes this ruleset against
    CHOSEN = "chosen"  # the source allows several values; the preset picks one
    INTERPRETED = "interpreted"  # the source leaves room; our reading, with the reason
    DEFAULT = "default"  # the source is silent; our default
    CHANGED = "changed"  # the table changed it for this game
    HOUSE = "house"  # the table's own house rules say so, with the table's reason


QUOTED = frozenset({Origin.STATED, Origin.INHERITED, Origin.CHOSEN})


@dataclass(frozen=True)
class Provenance:
    """Where one option's value comes from, in the source's own words where it has them."""

    origin: Origin
    quote: str | None = None  # the source's words, verbatim
    why: str | None = None  # our reason, for an interpreted (or defaulted) value
    alternatives: tuple[object, ...] = ()  # the other values the source allows

    def to_json(self) -> dict[str, object]:
        doc: dict[str, object] = {"origin": self.origin.value, "quote": self.quote}
        if self.why is not None:
            doc["why"] = self.why
        if self.alternatives:
            doc["alternatives"] = list(self.alternatives)
        return doc


SILENT = Provenance(Origin.DEFAULT)

if TYPE_CHECKING:  # a bare `Ruleset` is one of any kind (the default exists for the checker)
    from typing_extensions import TypeVar

    Opts = TypeVar("Opts", bound=Seated, default=Any)
else:
    from typing import TypeVar

    Opts = TypeVar("Opts", bound=Seated)


@dataclass(frozen=True)
class Ruleset(Generic[Opts]):
    """One game kind's complete rules for a game: a preset, maybe with the table's changes.
    It carries its kind: what the rules are of is asked of `ruleset.kind`."""

    id: str
    kind: GameKind[Opts, Any, Any]
    name: str
    description: str
    source: str  # the seed file's name, or a source outside the seeds
    source_part: str
    options: Opts
    preset_options: Opts
    provenance: Mapping[str, Provenance]  # every option of the preset
    source_url: str | None = None
    base_part: str = ""
    notes: tuple[str, ...] = ()
    # Other languages' name, description, notes and why texts, e.g. {"ja": {"name": …}}.
    translations: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    # House rules: the preset they start from (their own options have origin HOUSE).
    base: Ruleset[Opts] | None = None

    @property
    def game(self) -> str:
        """The name of the game kind, as game files and presets name it."""
        return self.kind.facts.name

    @property
    def house(self) -> bool:
        """Whether these are a table's own house rules rather than a shipped preset."""
        return self.base is not None

    def house_options(self) -> list[str]:
        """The options the house rules set themselves (origin HOUSE), in sheet order."""
        return [name for name, p in self.provenance.items() if p.origin is Origin.HOUSE]

    @property
    def source_file(self) -> str | None:
        """The seed file this ruleset comes from, or None for a source outside the seeds."""
        return self.source if SEED_FILE.match(self.source) else None

    @property
    def player_counts(self) -> tuple[int, ...]:
        """How many players the source allows: the preset's number and its alternatives."""
        players = self.provenance["players"]
        others = tuple(n for n in players.alternatives if isinstance(n, int))
        return (self.preset_options.players, *others)

    def source_title(self, language: str | None = None) -> str:
        """The source for people: a seed's title (its file name is the citation), or the source."""
        titles = SEED_TITLES.get(self.source)
        if titles is None:
            return self.source
        return titles[1] if language == "ja" else titles[0]

    def seated(self, count: int) -> Ruleset:
        """This ruleset for `count` players where the source allows that many, else itself."""
        if count == self.options.players or count not in self.player_counts:
            return self
        try:
            return self.with_options({"players": count})
        except OptionError:
            return self

    def text(self, name: str, language: str | None = None) -> Any:
        """The ruleset's name, description or notes in a language (English if not given)."""
        local = self.translations.get(language or "en", {})
        if name in local:
            return tuple(local[name]) if name == "notes" else local[name]
        return getattr(self, name)

    def why(self, option: str, language: str | None = None) -> str | None:
        """Our reason for an option's value, in a language (English if not given)."""
        local = self.translations.get(language or "en", {}).get("why", {})
        return local.get(option) or self.provenance[option].why

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
        return {
            name: Origin.CHANGED if name in changed else self.provenance[name].origin
            for name in option_values(self.options)
        }

    def origin(self, option: str) -> Origin:
        """Say where the value of `option` comes from."""
        return self.origins()[option]


class UnknownRuleset(KeyError):
    """No preset has this id."""


# The longest ruleset id looked up: ids are short words ("yahoo-normal"); a longer one
# is no ruleset, and as a file name it would be too long for the file system.
RULESET_ID_MAX = 64


def short_id(ruleset_id: str) -> str:
    """An unknown id as a message shows it: cut short when longer than any id can be."""
    if len(ruleset_id) <= RULESET_ID_MAX:
        return ruleset_id
    return ruleset_id[:RULESET_ID_MAX] + "…"


def preset_path(ruleset_id: str) -> Path:
    """Return the file of a preset, or raise UnknownRuleset."""
    if len(ruleset_id) <= RULESET_ID_MAX and _ID.match(ruleset_id):
        for path in PRESET_DIR.glob(f"*/{ruleset_id}.toml"):
            return path
    raise UnknownRuleset(ruleset_id)


def preset_ids(game: str | None = None) -> list[str]:
    """List the ids of every shipped preset, optionally of one game kind."""
    pattern = f"{game}/*.toml" if game else "*/*.toml"
    return sorted(path.stem for path in PRESET_DIR.glob(pattern))


@functools.cache  # presets are parsed once per process: a ruleset is frozen, its file too
def find_ruleset(ruleset_id: str) -> Ruleset:
    """Load the preset with this id (once per process: rulesets are frozen)."""
    return load_preset(preset_path(ruleset_id))


def all_rulesets(game: str | None = None) -> list[Ruleset]:
    """Load every shipped preset, optionally of one game kind."""
    return [find_ruleset(ruleset_id) for ruleset_id in preset_ids(game)]


def _provenance(name: str, entry: Mapping[str, Any]) -> Provenance:
    """Read one option's origin entry; raise ValueError when it lacks what its origin needs."""
    unknown = entry.keys() - {"value", "origin", "quote", "why", "alternatives"}
    if unknown:
        raise ValueError(f"{name}: unknown keys {sorted(unknown)}")
    origin = Origin(entry.get("origin", ""))
    if origin in (Origin.CHANGED, Origin.HOUSE):
        raise ValueError(f"{name}: a preset cannot be {origin.value!r}")
    quote, why = entry.get("quote"), entry.get("why")
    alternatives = tuple(entry.get("alternatives", ()))
    if origin in QUOTED and not quote:
        raise ValueError(f"{name}: a {origin} value needs the source's words (quote)")
    if origin is Origin.INTERPRETED and not why:
        raise ValueError(f"{name}: an interpreted value needs our reason (why)")
    if origin is Origin.CHOSEN and not alternatives:
        raise ValueError(f"{name}: a chosen value names the source's other values")
    return Provenance(origin, quote, why, alternatives)


def load_preset(path: Path) -> Ruleset:
    """Read and validate one preset file."""
    with path.open("rb") as file:
        doc = tomllib.load(file)
    try:
        kind = find_kind(doc["game"])
        entries: dict[str, Any] = doc.get("options", {})
        for name, entry in entries.items():
            if not isinstance(entry, dict) or "value" not in entry:
                raise ValueError(f"{name}: write {{ value = …, origin = … }}")
        options = apply_options(
            kind.facts.options(), {name: entry["value"] for name, entry in entries.items()}
        )
        provenance = {name: SILENT for name in option_values(options)}
        provenance.update({name: _provenance(name, entry) for name, entry in entries.items()})
        translations = {lang: doc[lang] for lang in LANGUAGES if lang in doc}
        for lang, local in translations.items():
            stray = set(local.get("why", {})) - set(provenance)
            if stray:
                raise ValueError(f"[{lang}.why] names unknown options {sorted(stray)}")
        ruleset = Ruleset(
            id=doc["id"],
            kind=kind,
            name=doc["name"],
            description=doc["description"],
            source=doc["source"],
            source_part=doc.get("source_part", ""),
            options=options,
            preset_options=options,
            provenance=provenance,
            source_url=doc.get("source_url"),
            base_part=doc.get("base_part", ""),
            notes=tuple(doc.get("notes", ())),
            translations=translations,
        )
    except (KeyError, ValueError, OptionError) as error:
        raise ValueError(f"preset file {path.name} is not valid: {error}") from error
    if ruleset.source_file is None:
        uncited = [
            n for n, p in ruleset.provenance.items() if p.quote and not CITATION.match(p.quote)
        ]
        if uncited or not ruleset.source_url:
            raise ValueError(
                f"preset file {path.name}: a source outside the seeds needs source_url, and"
                f' each quote is its URL and section, e.g. "https://…#Scoring (…)": {uncited}'
            )
    if ruleset.id != path.stem:
        raise ValueError(f"preset file {path.name} holds id {ruleset.id!r}")
    return ruleset
