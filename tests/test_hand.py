"""A hand declared once (engine/hand.py): what a game's fields alone give, shown on a
small game of the test's own (a caller, a call in words, the caller's tricks, a partner
called or nobody)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from scorekeeper.engine.errors import InvalidHand
from scorekeeper.engine.hand import Entered, Field, HandForm


@dataclass(frozen=True)
class Options:
    players: int = 4
    most: int = 8


@dataclass(frozen=True)
class Hand:
    caller: int
    call: str
    taken: int
    partner: int | None = None
    doubled: bool = False


def at_most_two_called(values):
    if values["call"] == "small" and values["taken"] > 2:
        raise InvalidHand("a small call takes at most 2")


FORM = HandForm[Options, Hand](
    fields=(
        Field(
            "caller",
            Entered.SEAT,
            label="Who called",
            said="Caller",
            invalid="'caller' must be a seat, got {value}",
            short="{player}",
        ),
        Field(
            "call",
            Entered.WORDS,
            label="Call",
            said="Call",
            invalid="'call' is {call}, not one of {allowed}",
            choices=(("small", "a small call"), ("big", "a big call")),
            short_choices={"small": "S", "big": "B"},
            of="caller",
            short="{value}",
            csv="contract",
        ),
        Field(
            "taken",
            Entered.NUMBER,
            label="Taken",
            said="Taken",
            invalid="'taken' must be {low} to {high}, got {value}",
            high=lambda options: options.most,
            of="caller",
            short="{value}/8",
            csv="tricks",
            then=at_most_two_called,
        ),
        Field(
            "partner",
            Entered.SEAT,
            label="Partner",
            said="Partner",
            required=False,
            invalid="'partner' must be a seat or null, got {value}",
            nobody="nobody",
            short="{player} called",
        ),
        Field(
            "doubled",
            Entered.TOGGLE,
            label="Doubled?",
            said="Doubled",
            required=False,
            invalid="'doubled' must be true or false",
            no_yes=("no", "doubled"),
            of="caller",
            short="x2",
            csv="bid",
        ),
    ),
    needs="a hand needs 'caller', 'call' and 'taken'",
    make=Hand,
)
PLAYERS = ["Ann", "Ben", "Cho", "Dee"]


def refused(raw, options=Options()):
    with pytest.raises(InvalidHand) as caught:
        FORM.parse(raw, options)
    return str(caught.value.message), caught.value.field


def test_each_field_is_read_for_its_form_and_says_what_is_wrong():
    assert refused({"caller": 1}) == ("a hand needs 'caller', 'call' and 'taken'", None)
    assert refused([1]) == ("a hand needs 'caller', 'call' and 'taken'", None)
    good = {"caller": 1, "call": "big", "taken": 5}
    assert refused({**good, "caller": 4}) == ("'caller' must be a seat, got 4", "caller")
    assert refused({**good, "caller": True})[0] == "'caller' must be a seat, got true"
    assert refused({**good, "call": ["x"]}) == ("'call' is [\"x\"], not one of small, big", "call")
    assert refused({**good, "taken": 9}) == ("'taken' must be 0 to 8, got 9", "taken")
    assert FORM.parse({**good, "taken": 9}, Options(most=9)).taken == 9  # by the rules
    assert refused({**good, "call": "small"})[0] == "a small call takes at most 2"
    assert refused({**good, "doubled": None})[0] == "'doubled' must be true or false"
    assert refused({**good, "partner": "x"})[0] == "'partner' must be a seat or null, got \"x\""
    assert FORM.parse({**good, "partner": None}, Options()) == Hand(1, "big", 5)


def test_the_fields_a_hand_always_has_are_read_first():
    assert refused({"caller": 9, "call": "big", "taken": 99, "partner": "x"})[1] == "caller"
    assert (
        refused({"partner": "x", "doubled": 1, "caller": 0, "call": "big", "taken": 99})[1]
        == "taken"
    )


def test_a_hand_is_written_back_as_read_and_said_field_by_field():
    raw = {"caller": 2, "call": "small", "taken": 0, "partner": 0, "doubled": True}
    assert list(FORM.to_json(FORM.parse(raw, Options())).items()) == list(raw.items())
    plain = {"caller": 2, "call": "small", "taken": 1}
    assert FORM.to_json(FORM.parse(plain, Options())) == plain  # nobody, not doubled: left out
    words = [(str(who), str(what)) for who, what in FORM.words(raw, PLAYERS)]
    assert words == [
        ("Caller", "Cho"),
        ("Call", "a small call"),
        ("Taken", "0"),
        ("Partner", "Ann"),
        ("Doubled", "doubled"),
    ]
    assert ("Doubled", "no") in [(str(a), str(b)) for a, b in FORM.words(plain, PLAYERS)]


def test_each_part_is_on_the_side_of_the_seat_it_belongs_to():
    raw = {"caller": 2, "call": "big", "taken": 6, "partner": 1, "doubled": True}
    assert FORM.shorthand(raw, (0, 2), PLAYERS, str) == "Cho B 6/8 x2"
    assert FORM.shorthand(raw, (1, 3), PLAYERS, str) == "Ben called"
    assert FORM.csv_columns == ("contract", "tricks", "bid")
    assert FORM.csv_cells(raw, 2) == {"contract": "big", "tricks": "6", "bid": "doubled"}
    assert FORM.csv_cells(raw, 0) == {"contract": "", "tricks": "", "bid": ""}
