"""What the app accepts: the limits on what is stored, and the one rule for names.

Every way a game, a hand or a name enters (the new-game form, a game file imported on
the web or with `scorekeeper import`, entering hands, renaming a player, naming an
evening) goes through here, so none can store what another refuses. The limits are
well above what a table plays (a long game is 20 to 40 hands; one to 500 points with
negative scores rarely passes 100) and low enough that the largest game allowed still
renders its pages at once and its PDF in about two seconds (4 to 9 ms a hand, by the
game). `scorekeeper score`, which stores nothing, reads a file of any length.

No Flask here: the store, the command line and the web app all use it.
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from collections.abc import Sequence

from .engine.errors import GameError, ScoreError
from .engine.text import N_, Text, text

# The most hands one game keeps (a longer game: start a new one to play on).
MAX_HANDS = 200
# The most rule changes during one game (each applies from a hand on).
MAX_RULE_CHANGES = 100
# The largest game file imported: a 200-hand file written with indents is about 30 KB,
# so this leaves room for any tool's way of writing one.
MAX_GAME_FILE_BYTES = 1024 * 1024
# How deeply a game file's JSON may nest (a game file needs 4 levels: the file, its
# hands, a hand, a hand's bids).
MAX_NESTING = 16
# The longest player name, and the longest evening name, in characters.
NAME_MAX = 40
EVENING_NAME_MAX = 60
# What one phone may keep: far above any club's seasons (ten tables every week is 520
# games and 52 evenings a year), low enough that no phone can fill the server's disk.
MAX_GAMES_PER_PHONE = 10_000
MAX_EVENINGS_PER_PHONE = 1_000
MAX_HOUSE_RULES_PER_PHONE = 200
MAX_SEASONS_PER_PHONE = 100  # a season a month for eight years
# The most tables one evening may number: a big club night seats 30 (a later round plays
# at the same tables). 5,000 made its page take 4 s and weigh 7 MB.
MAX_TABLES_PER_EVENING = 50
# The most digits a count typed in a form may have (more is no count any table needs).
COUNT_DIGITS = 100


def player_key(name: str) -> str:
    """A name as the table hears it: "Bob", "bob" and " Bob " are one player."""
    return " ".join(name.split()).casefold()


def parse_count(value: str) -> int | None:
    """A whole number of 0 or more typed in a form field, or None when it is not one.

    Only the ASCII digits 0-9: `str.isdigit` also passes "²" and "³" (which `int`
    refuses) and "١" (which `int` reads as 1), and `int` refuses more than 4,300 digits.
    """
    if value.isascii() and value.isdigit() and len(value) <= COUNT_DIGITS:
        return int(value)
    return None


def looks_like(name: str) -> str:
    """A name as the eye reads it (Unicode's TR39 skeleton, ignoring case): Latin "Ann",
    Cyrillic "Аnn" and Greek "Αnn" read the same, as do "Bob" and "B0b", or "m" and
    "rn". Two names of one game or evening with the same look but other letters would be
    two players no one at the table could tell apart."""
    # Read with its case first ("Il" is "ll"), then again once folded ("ſ" is "s").
    return _skeleton(_skeleton(" ".join(name.split())).casefold())


def _skeleton(text: str) -> str:
    prototypes = _prototypes()
    mapped = "".join(prototypes.get(c, c) for c in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


@functools.cache  # 9,619 entries: ~150 ms to parse, once a process rather than at every name
def _prototypes() -> dict[str, str]:
    """Each character Unicode's confusables.txt maps to its prototype, from the copy the
    confusable-homoglyphs package ships (kept up to date with Unicode): there a source
    lists its one prototype and a prototype lists its sources. Where a source and its
    prototype list only each other, both map to the smaller: still one look."""
    from importlib import resources  # here: it loads shutil, which `score` never needs

    data = resources.files("confusable_homoglyphs").joinpath("confusables.json")
    listed = {
        key.replace("\u200e", ""): [entry["c"].replace("\u200e", "") for entry in entries]
        for key, entries in json.loads(data.read_text(encoding="utf-8")).items()
    }
    prototypes: dict[str, str] = {}
    for source, targets in listed.items():
        if len(source) != 1 or len(targets) != 1:
            continue  # a prototype of several sources, or a sequence no name is read by
        (target,) = targets
        if len(target) == 1 and listed.get(target) == [source]:
            prototypes[source] = min(source, target)
        else:
            prototypes[source] = target
    return prototypes


def alike(names: Sequence[str]) -> tuple[int, int] | None:
    """The first two of `names` (their indexes) that look alike but are other players
    (player_key tells them apart, looks_like does not), or None."""
    seen: dict[str, int] = {}
    for index, name in enumerate(names):
        look = looks_like(name)
        first = seen.setdefault(look, index)
        if first != index and player_key(names[first]) != player_key(name):
            return first, index
    return None


def lookalike_of(name: str, others: Sequence[str]) -> str | None:
    """The first of `others` that looks like `name` but is another player, or None."""
    look, key = looks_like(name), player_key(name)
    return next((o for o in others if looks_like(o) == look and player_key(o) != key), None)


def lookalike_words(one: str, other: str) -> Text:
    """Why two names that look alike cannot both be players of one game or evening."""
    return text(
        N_("“{one}” and “{other}” look alike: give one of them another name"),
        one=one,
        other=other,
    )


class BadName(ScoreError):
    """A name the rule for names refuses; `message` says why, to be shown beside it."""


# Text-direction embeddings, overrides and isolates: they reorder the text after them
# (U+202E shows "evil" as "live"), so a name could pass for another in every list.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Characters Unicode calls default-ignorable (DerivedCoreProperties.txt): they show
# nothing, so "Ann" with a zero-width joiner, a right-to-left mark, a variation selector
# or a tag character would be a second "Ann" at the table. Dropped from every name; the
# text-direction controls among them are refused above, before this.
_DROPPED = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f"
    "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0000-\U000e0fff]"
)
# Where a zero-width joiner or non-joiner shows, it stays: between two pictographs (man,
# joiner, woman, joiner, girl: one family emoji), and between two letters of a script
# whose letters it shapes (Persian "نیک‌نام" stays apart; Sinhala "ශ්‍රී" joins): Arabic
# and its neighbours, the Indic scripts and Sinhala, Myanmar, Khmer.
_PICTOGRAPH = "\u2600-\u27bf\U0001f000-\U0001faff"
_SHAPED = "\u0600-\u08ff\ufb50-\ufdff\ufe70-\ufefe\u0900-\u0dff\u1000-\u109f\u1780-\u17ff"
_SHOWN_JOINER = re.compile(
    f"(?<=[{_PICTOGRAPH}])\u200d(?=[{_PICTOGRAPH}])|(?<=[{_SHAPED}])[\u200c\u200d](?=[{_SHAPED}])"
)
# Stand-ins for the kept joiners while the others are dropped (controls: never in a name).
_KEPT_JOINERS = {"\u200d": "\x00", "\u200c": "\x01"}
# Letters that show as blank space (Hangul fillers, the braille blank).
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
_INVISIBLE = frozenset({"Cc", "Cf", "Cs", "Zs", "Zl", "Zp", "Mn", "Me"})
_SPACES = re.compile(r"\s+")


def _one_space(run: re.Match[str]) -> str:
    # A lone ideographic space is how a Japanese name is written (山田　太郎): it stays.
    return "\u3000" if run.group() == "\u3000" else " "


def clean_name(raw: object, most: int = NAME_MAX) -> str:
    """A name as it is stored, or BadName saying why it cannot be one.

    Runs of spaces, tabs and line breaks become one space, and the ends are trimmed;
    characters that show nothing are dropped and the rest put in one Unicode form
    (NFC), so two names that look alike are one name. Refused: a name with nothing
    visible left, longer than `most` characters, or holding a control character or a
    text-direction override (U+202A-U+202E, U+2066-U+2069). Any script and any accent
    is a name.
    """
    if not isinstance(raw, str):
        raise BadName(N_("a name must be text"))
    spaced = _SPACES.sub(_one_space, raw)  # a tab or a line break is a space, not a control
    if any(c in _BIDI_CONTROLS or unicodedata.category(c) in ("Cc", "Cs") for c in spaced):
        raise BadName(
            N_(
                "a name cannot hold control characters or text-direction overrides"
                " (such as U+202E)"
            )
        )
    name = _SPACES.sub(_one_space, _visible(spaced)).strip()
    if all(c in _BLANK_LETTERS or unicodedata.category(c) in _INVISIBLE for c in name):
        raise BadName(N_("a name needs at least one visible letter, digit or sign"))
    if any(c in _BLANK_LETTERS for c in name):  # "Ann" and a braille blank: a second "Ann"
        raise BadName(
            N_("a name cannot hold a character that shows as blank space (such as U+2800)")
        )
    if len(name) > most:
        raise BadName(
            text(
                N_("a name can be at most {most} characters; this one has {n}"),
                most=most,
                n=len(name),
            )
        )
    return name


def reorders(words: str) -> bool:
    """Whether a text holds a text-direction override, embedding or isolate: a note or
    a description with one could show other words than it holds."""
    return any(c in _BIDI_CONTROLS for c in words)


def _visible(raw: str) -> str:
    """`raw` without its default-ignorable characters, in one Unicode form (NFC): "é"
    typed as one character or as "e" and an accent is one name."""
    kept = _SHOWN_JOINER.sub(lambda joiner: _KEPT_JOINERS[joiner.group()], raw)
    visible = _DROPPED.sub("", kept)
    for joiner, stand_in in _KEPT_JOINERS.items():
        visible = visible.replace(stand_in, joiner)
    return unicodedata.normalize("NFC", visible)


def clean_players(raw: Sequence[object]) -> list[str]:
    """The players' names of one game, each by the rule for names, no two the same
    ignoring case; GameError naming the seat (counted from 0, as a game file does)."""
    names: list[str] = []
    seen: dict[str, int] = {}
    for seat, name in enumerate(raw):
        try:
            cleaned = clean_name(name)
        except BadName as problem:
            raise GameError(
                text(N_("the player in seat {seat}: {why}"), seat=seat, why=problem.message)
            ) from None
        key = player_key(cleaned)  # "Bob" and "bob" are one player
        if key in seen:
            raise GameError(
                text(
                    N_(
                        "the players in seats {first} and {seat} have the same name"
                        " {name!r} (names are compared ignoring case)"
                    ),
                    first=seen[key],
                    seat=seat,
                    name=cleaned,
                )
            )
        seen[key] = seat
        names.append(cleaned)
    pair = alike(names)
    if pair is not None:
        raise GameError(
            text(
                N_(
                    "the players in seats {first} and {seat} have names that look alike"
                    " ({one!r} and {other!r}): give one of them another name"
                ),
                first=pair[0],
                seat=pair[1],
                one=names[pair[0]],
                other=names[pair[1]],
            )
        )
    return names


def check_hand_count(count: int) -> None:
    """GameError if a game of `count` hands is longer than a game may be."""
    if count > MAX_HANDS:
        raise GameError(
            text(
                N_("a game can hold at most {most} hands; this one has {n}"),
                most=MAX_HANDS,
                n=count,
            )
        )


def check_rule_changes(count: int) -> None:
    """GameError if a game has more rule changes than a game may have."""
    if count > MAX_RULE_CHANGES:
        raise GameError(
            text(
                N_("a game can have at most {most} rule changes; this one has {n}"),
                most=MAX_RULE_CHANGES,
                n=count,
            )
        )


def kilobytes(size: int) -> str:
    """A size as people read it: "1,024 KB"."""
    return f"{-(-size // 1024):,} KB"


def check_file_size(size: int, *, rules: bool = False) -> None:
    """GameError if a game file (or, with `rules`, a house rules file) of `size` bytes
    is larger than one is imported."""
    if size > MAX_GAME_FILE_BYTES:
        raise GameError(
            text(
                N_("a house rules file can be at most {most}; this one is {size}")
                if rules
                else N_("a game file can be at most {most}; this one is {size}"),
                most=kilobytes(MAX_GAME_FILE_BYTES),
                size=kilobytes(size),
            )
        )


def read_game_json(raw: str | bytes) -> object:
    """The JSON document of a game file, or GameError saying why it is not one: not
    UTF-8, not JSON, or nested deeper than any game file (which would otherwise exhaust
    Python's recursion limit, here or in whatever reads the document next)."""
    try:
        doc = json.loads(raw.decode("utf-8") if isinstance(raw, bytes) else raw)
    except RecursionError:
        raise _too_deep() from None
    except ValueError as error:  # JSONDecodeError, UnicodeDecodeError, a 5,000-digit number
        raise GameError(text(N_("not valid JSON: {why}"), why=str(error))) from None
    return _shallow(doc)


def _too_deep() -> GameError:
    return GameError(
        text(N_("not a game file: nested too deeply (at most {most} levels)"), most=MAX_NESTING)
    )


def _shallow(doc: object) -> object:
    """`doc`, checked without recursion to nest at most MAX_NESTING levels."""
    level: list[object] = [doc]
    for _depth in range(MAX_NESTING + 1):
        below: list[object] = []
        for value in level:
            if isinstance(value, dict):
                below.extend(value.values())
            elif isinstance(value, list):
                below.extend(value)
        if not below:
            return doc
        level = below
    raise _too_deep()
