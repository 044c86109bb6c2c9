"""Seating a club night: properties over every size of night, and a club's cases."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.rotation import (
    Method,
    Request,
    RotationError,
    Round,
    rotation,
    seat_round,
)

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def names(n: int) -> list[str]:
    return [f"P{i:02}" for i in range(1, n + 1)]


def partner_pairs(round_: Round) -> list[frozenset[str]]:
    return [frozenset((t[0], t[2])) for t in round_.tables] + [
        frozenset((t[1], t[3])) for t in round_.tables
    ]


def has_fresh_seating(seated: list[str], used: set[frozenset[str]]) -> bool:
    """Whether the seated players can all be paired with someone they never partnered
    (by brute force: the first player tries each fresh partner in turn)."""
    if not seated:
        return True
    first, rest = seated[0], seated[1:]
    return any(
        has_fresh_seating([p for p in rest if p != other], used)
        for other in rest
        if frozenset((first, other)) not in used
    )


def check_seats_everyone(players: list[str], round_: Round, size: int) -> None:
    seated = [p for t in round_.tables for p in t]
    assert sorted(seated + list(round_.out)) == sorted(players)
    assert len(round_.tables) == len(players) // size
    assert all(len(t) == size for t in round_.tables)


night = st.integers(4, 40).flatmap(lambda n: st.tuples(st.just(n), st.integers(1, min(10, n))))


@SETTINGS
@given(night, st.sampled_from([Method.BALANCED, Method.RANDOM]), st.integers(0, 99))
def test_a_night_in_partnerships(night: tuple[int, int], method: Method, seed: int) -> None:
    n, rounds = night
    players = names(n)
    seating = rotation(players, rounds, Request(method=method, seed=seed))
    used: set[frozenset[str]] = set()
    for number, round_ in enumerate(seating, start=1):
        check_seats_everyone(players, round_, 4)
        pairs = partner_pairs(round_)
        seated = sorted(p for t in round_.tables for p in t)
        if any(pair in used for pair in pairs):
            # A partner repeats only when no pairing of the seated avoids it: never in
            # the first half as many rounds as seats (each player still has more fresh
            # partners than half the room), and, where it can be checked, never at all.
            assert number > len(seated) // 2
            if len(seated) <= 12:
                assert not has_fresh_seating(seated, used)
        used.update(pairs)
    played = Counter(p for r in seating for t in r.tables for p in t)
    byes = [rounds - played[p] for p in players]
    assert max(byes) - min(byes) <= 1


@SETTINGS
@given(
    st.integers(4, 40),
    st.integers(1, 6),
    st.sampled_from([3, 4, 5, 6]),
    st.data(),
)
def test_pins_are_honoured(n: int, rounds: int, size: int, data: st.DataObject) -> None:
    if n < size:
        n = size
    partners = size == 4 and data.draw(st.booleans())
    players = names(n)
    tables = n // size
    pinned = data.draw(st.lists(st.sampled_from(players), unique=True, max_size=n // 2))
    pins: dict[str, int] = {}
    for name in pinned:
        table = data.draw(st.integers(1, tables))
        if Counter(pins.values())[table] < size:
            pins[name] = table
    seating = rotation(players, rounds, Request(table_size=size, partners=partners, pins=pins))
    for round_ in seating:
        check_seats_everyone(players, round_, size)
        for name, table in pins.items():
            assert name in round_.tables[table - 1]


@SETTINGS
@given(st.integers(10, 40), st.data())
def test_players_come_and_go_between_rounds(n: int, data: st.DataObject) -> None:
    everyone = names(n + 6)
    tonight = everyone[:n]
    history: list[Round] = []
    for _ in range(data.draw(st.integers(2, 6))):
        most = min(3, len(tonight) - 8)
        leaving = data.draw(st.lists(st.sampled_from(tonight), unique=True, max_size=most))
        room = min(2, 40 - len(tonight) + len(leaving))
        arriving = [p for p in everyone if p not in tonight][: data.draw(st.integers(0, room))]
        tonight = [p for p in tonight if p not in leaving] + arriving
        round_ = seat_round(tonight, history, Request())
        check_seats_everyone(tonight, round_, 4)
        history.append(round_)


def test_thirteen_players_three_rounds_one_sit_out_each() -> None:
    seating = rotation(names(13), 3, Request())
    outs = [p for r in seating for p in r.out]
    assert len(outs) == len(set(outs)) == 3
    pairs = [pair for r in seating for pair in partner_pairs(r)]
    assert len(pairs) == len(set(pairs))


def test_partners_sit_opposite_and_meet_new_opponents() -> None:
    first, second = rotation(names(8), 2, Request())
    assert first.tables == (("P01", "P03", "P02", "P04"), ("P05", "P07", "P06", "P08"))
    # Round two: new partners, and each player faces someone new.
    assert not set(partner_pairs(first)) & set(partner_pairs(second))
    for table in second.tables:
        assert not {table[0], table[2]} <= set(first.tables[0])


def test_balanced_is_the_same_every_time_and_random_follows_its_seed() -> None:
    players = names(17)
    assert rotation(players, 5, Request()) == rotation(players, 5, Request())
    a = rotation(players, 5, Request(method=Method.RANDOM, seed=7))
    assert a == rotation(players, 5, Request(method=Method.RANDOM, seed=7))
    assert a != rotation(players, 5, Request(method=Method.RANDOM, seed=8))


def test_individual_tables_spread_who_meets_whom() -> None:
    """Sixteen players at tables of four, four rounds: nobody meets anyone twice."""
    seating = rotation(names(16), 4, Request(partners=False))
    met = Counter(
        frozenset(pair) for r in seating for t in r.tables for pair in itertools.combinations(t, 2)
    )
    assert max(met.values()) == 1


def test_a_late_arrival_plays_and_a_leaver_is_not_seated() -> None:
    players = names(12)
    history = rotation(players, 2, Request())
    tonight = [p for p in players if p != "P05"] + ["Zoe"]
    third = seat_round(tonight, history, Request())
    seated = {p for t in third.tables for p in t}
    assert "Zoe" in seated and "P05" not in seated and "P05" not in third.out


def test_sit_outs_go_to_who_has_played_most() -> None:
    players = names(9)  # two tables, one out each round
    seating = rotation(players, 9, Request())
    assert sorted(p for r in seating for p in r.out) == sorted(players)


def test_winners_move_up_and_partners_split() -> None:
    players = names(12)
    first = seat_round(players, [], Request(method=Method.WINNERS))
    # Table 1: the pair opposite each other first lose; table 2 and 3: they win.
    placings = {}
    for number, table in enumerate(first.tables, start=1):
        winners = (table[1], table[3]) if number == 1 else (table[0], table[2])
        for name in table:
            placings[name] = 1 if name in winners else 2
    second = seat_round(players, [first], Request(method=Method.WINNERS), placings)
    top, middle, bottom = (set(t) for t in second.tables)
    t1, t2, t3 = first.tables
    assert top == {t1[1], t1[3], t2[0], t2[2]}  # table 1's winners stay, table 2's come up
    assert middle == {t1[0], t1[2], t3[0], t3[2]}  # table 1's losers down, table 3's up
    assert bottom == {t2[1], t2[3], t3[1], t3[3]}
    assert not set(partner_pairs(first)) & set(partner_pairs(second))


@pytest.mark.parametrize(
    ("players", "rounds", "request_", "says"),
    [
        (names(3), 1, Request(), "3 players cannot fill a table of 4"),
        (["Ann", "Ben", "Ann", "Cho"], 1, Request(), "Ann is named twice"),
        (names(8), 1, Request(pins={"P01": 3}), "P01 is pinned to table 3"),
        (names(8), 1, Request(pins={"Zed": 1}), "Zed is pinned but not playing"),
        (names(8), 0, Request(), "the number of rounds must be at least 1"),
        (names(41), 1, Request(), "at most 40 players"),
        (names(9), 1, Request(table_size=5), "partnerships are played at tables of four"),
    ],
)
def test_impossible_requests_say_why(
    players: list[str], rounds: int, request_: Request, says: str
) -> None:
    with pytest.raises(RotationError) as raised:
        rotation(players, rounds, request_)
    assert says in raised.value.render()
