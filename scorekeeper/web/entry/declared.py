"""A hand entered on one page, from its kind's declaration (engine/hand.py): a picker
per field the rules offer, the form read back into a game-file hand, a stored hand
shown again to edit it. A kind whose hand is declared needs no entry code of its own;
one that says more before the hand (a pass, a settlement) extends `Declared`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Generic, TypeVar

from flask_babel import lazy_gettext as _l

from ...engine import GameResult
from ...engine.errors import InvalidHand
from ...engine.hand import Body, Entered, Field, HandForm, Seated
from ...engine.seats import bidding_order
from ...engine.text import N_, Text, sentence, text
from ...limits import parse_count
from ...store import StoredGame
from .base import REST, Choice, Form, OnePage, Picker, Read, numbers

NOBODY = "none"  # an optional seat's choice of nobody
NO, YES = "no", "yes"  # a toggle's answers

Opts = TypeVar("Opts", bound=Seated)
Hand = TypeVar("Hand")


def _said(missing: str | Text, **params: object) -> Text:
    """A field's error in the form's words."""
    return missing if isinstance(missing, Text) else text(missing, **params)


class Declared(OnePage[Opts], Generic[Opts, Hand]):
    """One page per hand, its pickers and their reading made from the kind's fields."""

    def __init__(self, form: HandForm[Opts, Hand]) -> None:
        self.form = form
        seats = [f.name for f in form.fields if f.entered is Entered.SEATS]
        self.several = seats[0] if seats else ""  # the field where several may be chosen

    def context(
        self, stored: StoredGame, result: GameResult, role: str | None
    ) -> dict[str, object]:
        return {"notes": []}

    def pickers(
        self,
        options: Opts,
        players: Sequence[str],
        dealer: int,
        values: Form,
        chosen: list[str],
        errors: Mapping[str, Text],
    ) -> list[Picker]:
        """A picker per field these rules offer, the players in order from the dealer's
        left."""
        order = bidding_order(dealer, len(players))
        rows: list[Picker] = []
        for field in self.form.fields:
            if not field.is_offered(options) or field.entered is Entered.OWN:
                continue  # not in these rules; or the kind's own part of the page
            if field.entered is Entered.EACH_SEAT:
                rows += self.each_seat(field, options, players, order, values, errors)
            else:
                error = errors.get(field.name)
                rows.append(self.picker(field, options, players, order, values, chosen, error))
        return rows

    def each_seat(
        self,
        field: Field[Opts],
        options: Opts,
        players: Sequence[str],
        order: Sequence[int],
        values: Form,
        errors: Mapping[str, Text],
    ) -> list[Picker]:
        """A row of numbers per player, from the dealer's left; where the numbers add up
        to a total, the last player may take "the rest"."""
        rows = [
            Picker(
                name=f"{field.name}_{seat}",
                label=players[seat],
                hint=_l(field.hint) if field.hint else "",
                choices=numbers(field.low, field.most(options)),
                selected=values.get(f"{field.name}_{seat}"),
                error=errors.get(f"{field.name}_{seat}"),
            )
            for seat in order
        ]
        if field.total is not None:
            rows[-1].choices.append(Choice(REST, _l("the rest"), wide=True))
            rows[-1].selected = rows[-1].selected or REST
        return rows

    def picker(
        self,
        field: Field[Opts],
        options: Opts,
        players: Sequence[str],
        order: Sequence[int],
        values: Form,
        chosen: list[str],
        error: Text | None,
    ) -> Picker:
        """The tap targets of one field, as it is entered."""
        picker = Picker(
            name=field.name,
            label=str(_l(field.label)),
            hint=_l(field.hint) if field.hint else "",
            selected=values.get(field.name),
            error=error,
            words=field.entered is not Entered.NUMBER,
        )
        seats = [Choice(str(seat), players[seat], wide=True) for seat in order]
        if field.entered is Entered.SEAT:
            picker.choices = seats
            if field.nobody:
                picker.choices.insert(0, Choice(NOBODY, _l(field.nobody), wide=True))
                picker.selected = picker.selected or NOBODY
        elif field.entered is Entered.SEATS:
            picker.choices, picker.multiple, picker.chosen = seats, True, list(chosen)
            picker.words = False
        elif field.entered is Entered.NUMBER:
            picker.choices = numbers(field.low, field.most(options))
        elif field.entered is Entered.KEYPAD:
            picker.keypad = (field.low, field.most(options))
        elif field.entered is Entered.WORDS:
            picker.choices = [
                Choice(value, _l(words), wide=True) for value, words in field.choices
            ]
            if field.required:
                picker.selected = picker.selected or field.choices[0][0]
        elif field.entered is Entered.TOGGLE:
            no, yes = field.no_yes
            picker.choices = [Choice(NO, _l(no), wide=True), Choice(YES, _l(yes), wide=True)]
            picker.selected = picker.selected or NO
        return picker

    def read(
        self,
        options: Opts,
        players: Sequence[str],
        values: Form,
        chosen: list[str],
    ) -> Read:
        """Turn the form into a hand: each field's tap read, then the engine's checks;
        return (body, field errors, form errors)."""
        errors: dict[str, Text] = {}
        body: dict[str, object] = {}
        form_errors: list[Text] = []
        for field in self.form.fields:
            if not field.is_offered(options) or field.entered is Entered.OWN:
                continue  # not in these rules; or read below, by the kind's entry
            value = (values.get(field.name) or "").strip()
            if field.entered is Entered.EACH_SEAT:
                body[field.name] = self.read_each_seat(
                    field, options, players, values, errors, form_errors
                )
            elif field.entered is Entered.TOGGLE:
                if value == YES:
                    body[field.name] = True
            elif field.entered is Entered.WORDS:
                if value or field.required:
                    body[field.name] = value
            elif field.entered is Entered.SEATS:
                seats = [seat for seat in map(parse_count, chosen) if seat is not None]
                if not seats or len(seats) != len(chosen):
                    errors[field.name] = _said(field.missing)
                body[field.name] = sorted(seats)
            elif field.nobody and value in ("", NOBODY):
                continue
            else:
                most = len(players) - 1 if field.entered is Entered.SEAT else field.most(options)
                count = parse_count(value)
                if count is None or count > most:
                    errors[field.name] = _said(field.missing)
                else:
                    body[field.name] = count
        body |= self.read_own(options, players, values, errors)
        if errors or form_errors:
            return None, errors, form_errors
        try:
            hand = self.form.checked(body, options)
        except InvalidHand as error:
            if error.field and any(f.name == error.field for f in self.form.fields):
                field = self.form.field(error.field)
                if field.missing and not values.get(field.name):
                    return None, {field.name: _said(field.missing)}, []
                return None, {field.name: sentence(error.message)}, []
            return None, {}, [sentence(error.message)]
        return self.form.to_json(hand), {}, []

    def read_each_seat(
        self,
        field: Field[Opts],
        options: Opts,
        players: Sequence[str],
        values: Form,
        errors: dict[str, Text],
        form_errors: list[Text],
    ) -> list[int]:
        """Each player's number, "the rest" given what the others left of the total."""
        numbers: list[int | None] = []
        for seat, player in enumerate(players):
            value = (values.get(f"{field.name}_{seat}") or "").strip()
            count = parse_count(value)
            if value == REST and field.total is not None:
                numbers.append(None)
            elif count is not None and count <= field.most(options):
                numbers.append(count)
            else:
                numbers.append(0)
                errors[f"{field.name}_{seat}"] = _said(field.missing, player=player)
        rest = [seat for seat, n in enumerate(numbers) if n is None]
        known = sum(n for n in numbers if n is not None)
        if any(f"{field.name}_{seat}" in errors for seat in range(len(players))):
            pass  # each wrong number is said beside it first
        elif len(rest) > 1:
            form_errors.append(text(N_("Only one player can take 'the rest'")))
        elif rest and field.total is not None:
            if known > field.total:
                form_errors.append(text(field.over, n=known))
            numbers[rest[0]] = field.total - known
        return [n or 0 for n in numbers]

    def values_from_hand(self, body: Body) -> tuple[dict[str, str], list[str]]:
        """A stored hand as the form's values (and the seats chosen), to edit it."""
        values: dict[str, str] = {}
        chosen: list[str] = []
        for field in self.form.fields:
            value = body.get(field.name)
            if field.entered is Entered.TOGGLE:
                values[field.name] = YES if value else NO
            elif field.entered is Entered.SEATS:
                chosen = [str(seat) for seat in value or ()]
            elif field.entered is Entered.EACH_SEAT:
                values |= {f"{field.name}_{seat}": str(n) for seat, n in enumerate(value or ())}
            elif field.entered is Entered.OWN:
                continue
            elif value is not None:
                values[field.name] = str(value)
        return values | self.own_values(body), chosen

    def read_own(
        self, options: Opts, players: Sequence[str], values: Form, errors: dict[str, Text]
    ) -> dict[str, object]:
        """The fields the kind enters on its own part of the page (`Entered.OWN`), as a
        game file holds them; a wrong one is said in `errors`."""
        return {}

    def own_values(self, body: Body) -> dict[str, str]:
        """A stored hand's own fields as the form's values, to edit it."""
        return {}

    def notes(self, options: Opts, number: int) -> list[Text]:
        return []
