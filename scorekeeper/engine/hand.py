"""A kind's hand, declared once: its fields, what each holds, which the rules offer, how
a table enters it and how it is said.

From a kind's `HandForm` come the reading of a game file's hand and its errors
(`parse`), the hand written back (`to_json`), the hand in words (`words`), a side's
part of it on the scoresheet (`shorthand`) and a seat's CSV cells (`csv_cells`). The
web renders the one-page entry's pickers from the same fields and reads them back. A
kind writes code only for what its rules make of the fields together (`check`) and for
a hand that is more than its fields (a bid with its kinds).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from typing import Any, Generic, Protocol, TypeGuard, TypeVar

from .errors import InvalidHand
from .text import Part, Text, ntext, shown, text


class Seated(Protocol):
    """What every kind's options say alike: how many players fill the seats."""

    @property
    def players(self) -> int: ...


Opts = TypeVar("Opts", bound=Seated)  # the kind's options
Hand = TypeVar("Hand")  # the kind's parsed hand
Gettext = Callable[[str], str]
Body = Mapping[str, Any]  # a hand as a game file holds it: JSON, the edge of the engine


MISSING = object()  # a field the game file leaves out


class Entered(StrEnum):
    """How a field is entered at the table: each is one kind of picker on the phone."""

    SEAT = "seat"  # one player, by name (or nobody, where the field is optional)
    SEATS = "seats"  # several players
    NUMBER = "number"  # number chips from `low` to `high`
    KEYPAD = "keypad"  # a number typed in, `low` to `high`: too many for chips
    WORDS = "words"  # one of a few `choices`, each in words
    TOGGLE = "toggle"  # yes or no (the file holds true, or leaves it out)
    EACH_SEAT = "each_seat"  # a number chip row per player, `low` to `high`
    # The kind's own part of the page, read by its entry, and from a game file by the
    # field's `read` (numbers picked from a table, or the cards laid down).
    OWN = "own"


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Field(Generic[Opts]):
    """One thing a table enters for a hand: its game-file name, what it holds, how it is
    entered and said, and whether the rules in force offer it."""

    # What it holds.
    name: str  # as the game file names it, and the form
    entered: Entered
    low: int = 0
    high: int | Callable[[Opts], int] = 0  # the most, fixed or by the rules
    choices: tuple[tuple[str, str], ...] = ()  # WORDS: each value and its words (N_)
    total: int | None = None  # EACH_SEAT: what the seats' numbers add up to ("the rest")
    required: bool = True  # else the file may leave it out (a seat: nobody; a toggle: no)
    offered: Callable[[Opts], bool] | None = None  # whether these rules have it at all
    only_offered: bool = False  # where the rules do not offer it, the file's value is unread

    # How the table is asked for it, and how it is said (N_ templates).
    label: str = ""  # the picker's question ("Who dealt")
    hint: str = ""  # a line under the question
    nobody: str = ""  # an optional seat's choice of nobody
    no_yes: tuple[str, str] = ("", "")  # TOGGLE: both answers
    said: str = ""  # how a hand's words name it ("Tricks"); "" for a part not said alone
    says: str = "{value}"  # the value in a hand's words ({value}; a seat's {name})
    each_said: tuple[str, str] = ("{n}", "{n}")  # EACH_SEAT: a seat's number (Nn_)

    # What is wrong (N_ templates). `invalid`: the game file's value is of the wrong form,
    # with {value} (as the file writes it; also under the field's own name), {low},
    # {high}, {last} (the last seat's number), {seats} and {allowed} (the choices).
    invalid: str = ""
    missing: str | Text = ""  # the form's error when nothing was chosen ({player})
    over: str = ""  # EACH_SEAT: the form's error when the others have more than all ({n})

    # Where it goes on the sheet and in the CSV.
    # The seat field (or seats field) whose side this field's part belongs to; "" for a
    # field that names its own seat(s).
    of: str = ""
    short: str = ""  # its part of a side's cell, {value} or {player}; "" for none
    short_choices: Mapping[str, str] | None = None  # WORDS: each value on the sheet (N_)
    # The CSV column it fills on its side's seats ("bid", "tricks", or one of the kind's
    # own, which the CSV then adds); "" for none.
    csv: str = ""

    # What the kind's own code does.
    # Checked as soon as the field is read, given the values read so far (raises
    # InvalidHand): a count that depends on a field before it.
    then: Callable[[Mapping[str, object]], None] | None = None
    # The file's value read by the kind itself, with its own errors, given the values
    # read so far and the rules (None for a value left out), instead of by its form.
    read: Callable[[object, Mapping[str, object], Opts], object] | None = None

    def most(self, options: Opts) -> int:
        return self.high(options) if callable(self.high) else self.high

    def is_offered(self, options: Opts) -> bool:
        return self.offered is None or self.offered(options)


@dataclass(frozen=True)
class HandForm(Generic[Opts, Hand]):
    """A kind's hand: its fields in the order a table enters them, the error of a hand
    that lacks one the game needs, how the kind's hand value is made from the fields'
    values, and the kind's checks of the fields together under the rules."""

    fields: tuple[Field[Opts], ...]
    needs: str  # N_: the error of a file's hand without a required field
    make: Callable[..., Hand]  # the kind's hand, from the fields' values by name
    # The rules' checks of the fields together, raising InvalidHand: the kind's `play`
    # runs them (a game file's hands are all read before any is played), and the web
    # before it sends a form.
    check: Callable[[Opts, Hand], None] | None = None

    def field(self, name: str) -> Field[Opts]:
        return self._by_name[name]

    # Worked out once a kind (each hand of every game replayed asked them again).
    @cached_property
    def _by_name(self) -> dict[str, Field[Opts]]:
        return {field.name: field for field in self.fields}

    @cached_property
    def _required(self) -> tuple[str, ...]:
        return tuple(field.name for field in self.fields if field.required)

    @cached_property
    def _read_order(self) -> tuple[Field[Opts], ...]:
        """The fields a hand always has, then the others."""
        return tuple(sorted(self.fields, key=lambda f: not f.required))

    def parse(self, raw: object, options: Opts) -> Hand:
        """Read a game file's hand: the fields a hand always has, then the others, each
        checked for its form (and by its `then`); raise InvalidHand naming the field at
        fault. The rules' checks (`check`) wait for the hand's play."""
        if not isinstance(raw, dict) or any(name not in raw for name in self._required):
            raise InvalidHand(text(self.needs))
        values: dict[str, object] = {}
        for field in self._read_order:
            value = raw.get(field.name, MISSING)
            if field.only_offered and not field.is_offered(options):
                values[field.name] = None
            elif field.read is not None:
                values[field.name] = field.read(
                    None if value is MISSING else value, values, options
                )
            else:
                values[field.name] = self._value(field, value, options)
            if field.then is not None:
                field.then(values)
        return self.make(**values)

    def checked(self, raw: object, options: Opts) -> Hand:
        """A hand read and checked under the rules, as a form is before it is sent."""
        hand = self.parse(raw, options)
        if self.check is not None:
            self.check(options, hand)
        return hand

    def _value(self, field: Field[Opts], value: object, options: Opts) -> object:
        """One field's value, checked for its form; a field left out is its empty value."""
        seats = options.players
        left_out = value is MISSING or (value is None and field.entered is not Entered.TOGGLE)
        if left_out and not field.required:  # a toggle's null is no answer: wrong
            return False if field.entered is Entered.TOGGLE else None
        high = seats - 1 if field.entered in (Entered.SEAT, Entered.SEATS) else field.most(options)
        low = field.low

        def wrong() -> InvalidHand:
            said = text(
                field.invalid,
                value=shown(value),
                low=low,
                high=high,
                last=seats - 1,
                seats=seats,
                allowed=", ".join(choice for choice, _words in field.choices),
                **{field.name: shown(value)},  # the field by its own name ("{points}")
            )
            return InvalidHand(said, field=field.name)

        if field.entered is Entered.TOGGLE:
            if not isinstance(value, bool):
                raise wrong()
        elif field.entered is Entered.WORDS:
            if not any(value == choice for choice, _words in field.choices):
                raise wrong()
        elif field.entered is Entered.SEATS:
            if not isinstance(value, list) or not all(
                _whole(seat) and low <= seat <= high for seat in value
            ):
                raise wrong()
            return list(value)
        elif not _whole(value) or not low <= value <= high:
            raise wrong()
        return value

    def to_json(self, hand: Hand) -> dict[str, object]:
        """The hand as a game file writes it: the fields a hand always has, in order, then
        those it has this time (a toggle that is yes, a seat that is somebody)."""
        values = {f.name: getattr(hand, f.name) for f in self.fields}
        body = {f.name: values[f.name] for f in self.fields if f.required}
        body |= {
            f.name: values[f.name]
            for f in self.fields
            if not f.required and values[f.name] is not None and values[f.name] is not False
        }
        for name, value in body.items():
            if isinstance(value, tuple | list):
                body[name] = list(value)
            elif isinstance(value, StrEnum):
                body[name] = value.value
        return body

    def words(self, body: Body, players: Sequence[str]) -> list[Part]:
        """A game-file hand in words, field by field (a field left out is not said,
        a toggle always is)."""
        parts: list[Part] = []
        for field in self.fields:
            value = body.get(field.name)
            if field.entered is Entered.EACH_SEAT and isinstance(value, list):
                parts += [
                    (name, ntext(field.each_said, value[seat]))
                    for seat, name in enumerate(players)
                    if seat < len(value) and _whole(value[seat])
                ]
                continue
            if not field.said:
                continue
            if value is None and field.entered is not Entered.TOGGLE:
                if field.required:
                    parts.append((Text(field.said), text("{value}", value=shown(value))))
                continue
            parts.append((Text(field.said), self._said(field, value, players)))
        return parts

    def _said(self, field: Field[Opts], value: object, players: Sequence[str]) -> Text:
        if field.entered is Entered.TOGGLE:
            return Text(field.no_yes[1] if value else field.no_yes[0])
        if field.entered is Entered.SEAT:
            return text(field.says, value=_name(value, players), name=_name(value, players))
        if field.entered is Entered.SEATS and isinstance(value, list):
            names = [players[s] for s in value if _whole(s) and 0 <= s < len(players)]
            return text("{value}", value=" & ".join(names))
        if field.entered is Entered.WORDS:
            words = dict(field.choices)
            if isinstance(value, str) and value in words:
                return Text(words[value])
        return text("{value}", value=shown(value))

    def _seats_of(self, body: Body, field: Field[Opts]) -> list[int]:
        """The seats a field's part belongs to: its own seat(s), or its `of` field's."""
        owner = self.field(field.of) if field.of else field
        value = body.get(owner.name)
        if owner.entered is Entered.EACH_SEAT:
            return list(range(len(value))) if isinstance(value, list) else []
        if owner.entered is Entered.SEATS and isinstance(value, list):
            return [seat for seat in value if _whole(seat)]
        return [value] if _whole(value) else []  # a seat, or nobody

    def shorthand(
        self, body: Body, seats: Sequence[int], players: Sequence[str], gettext: Gettext
    ) -> str:
        """One side's part of a hand as a scoresheet cell says it: each field's short form,
        on the side of the seat it belongs to ("Ann alone 3/5")."""
        parts = []
        for field in self.fields:
            value = body.get(field.name)
            owners = [seat for seat in self._seats_of(body, field) if seat in seats]
            if not field.short or not owners or value is None or value is False:
                continue
            if field.entered is Entered.WORDS and field.short_choices is not None:
                value = gettext(field.short_choices[str(value)])
            if field.entered is Entered.EACH_SEAT and isinstance(value, list):
                parts += [field.short.format(value=value[seat]) for seat in owners]
                continue
            said = gettext(field.short).format(
                value=value, player=", ".join(players[seat] for seat in owners)
            )
            parts.append(said)
        return " ".join(parts)

    @cached_property
    def csv_columns(self) -> tuple[str, ...]:
        """The CSV columns the hand fills, in the order of its fields."""
        return tuple(dict.fromkeys(field.csv for field in self.fields if field.csv))

    def csv_cells(self, body: Body, seat: int) -> dict[str, str]:
        """A seat's cells of the CSV export: the fields that fill them, on the seats they
        belong to ("" elsewhere)."""
        cells = dict.fromkeys(self.csv_columns, "")
        for field in self.fields:
            if field.csv and seat in self._seats_of(body, field):
                value = body.get(field.name)
                if field.entered is Entered.TOGGLE:
                    cells[field.csv] = field.name if value else ""
                elif field.entered is Entered.EACH_SEAT and isinstance(value, list):
                    cells[field.csv] = str(value[seat])
                elif value is not None:
                    cells[field.csv] = str(value)
        return cells


def _name(value: object, players: Sequence[str]) -> str:
    if _whole(value) and 0 <= value < len(players):
        return players[value]
    return shown(value)


@dataclass(frozen=True)
class HandCode(Generic[Opts, Hand]):
    """A hand that is more than its fields (a bid with its kinds, tricks entered by
    partners as one number): the kind's own functions say what a `HandForm` derives."""

    parse: Callable[[object, Opts], Hand]
    to_json: Callable[[Hand], dict[str, object]]
    words: Callable[[Body, Sequence[str]], list[Part]]
    shorthand: Callable[[Body, Sequence[int], Sequence[str], Gettext], str]
    csv_columns: tuple[str, ...] = ()  # the CSV columns the hand fills
    csv_cells: Callable[[Body, int], dict[str, str]] = lambda body, seat: {}
