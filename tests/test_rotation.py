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
    plan,
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


def meetings(seating: list[Round]) -> tuple[Counter[frozenset[str]], Counter[frozenset[str]]]:
    """How often each two players partnered, and how often they faced each other."""
    partners: Counter[frozenset[str]] = Counter()
    faced: Counter[frozenset[str]] = Counter()
    for round_ in seating:
        partners.update(partner_pairs(round_))
        for t in round_.tables:
            faced.update(frozenset((a, b)) for a in t[0::2] for b in t[1::2])
    return partners, faced


def full_night(n: int) -> int:
    """N-1 rounds when nobody sits out, else N (each sits out as often as the others)."""
    return n - 1 if n % 4 == 0 else n


WHIST = [n for n in range(4, 41) if n % 4 in (0, 1)]


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


@pytest.mark.parametrize("n", WHIST)
def test_a_full_night_partners_every_two_once_and_faces_them_twice(n: int) -> None:
    players = names(n)
    for request in (Request(), Request(method=Method.RANDOM, seed=n)):
        seating = rotation(players, full_night(n), request)
        partners, faced = meetings(seating)
        for pair in map(frozenset, itertools.combinations(players, 2)):
            assert (partners[pair], faced[pair]) == (1, 2)
        outs = Counter(p for r in seating for p in r.out)
        assert sorted(outs.values()) == ([1] * n if n % 4 else [])


# Numbers of players with no night worked out ahead that does better than seating round
# by round, and in N rounds then: the most times two partner, the fewest and the most
# times two face each other.
SEATED_ROUND_BY_ROUND = {
    6: (1, 1, 4),
    7: (1, 0, 2),
    14: (1, 0, 4),
    22: (1, 0, 3),
    30: (2, 0, 4),  # a partner repeats in the 30th round
    38: (1, 0, 4),
}


@pytest.mark.parametrize("n", [n for n in range(6, 40) if n % 4 in (2, 3)])
def test_a_full_night_of_other_sizes_faces_every_two_once_or_twice(n: int) -> None:
    """With two or three sitting out each round, in N rounds: nobody partners twice,
    everybody sits out as often, and two players face each other once or twice (but for
    the numbers seated round by round, as they are)."""
    players = names(n)
    seating = rotation(players, n, Request())
    partners, faced = meetings(seating)
    times = [faced[frozenset(pair)] for pair in itertools.combinations(players, 2)]
    most = max(partners.values())
    assert (most, min(times), max(times)) == SEATED_ROUND_BY_ROUND.get(n, (1, 1, 2))
    outs = Counter(p for r in seating for p in r.out)
    assert set(outs.values()) == {n % 4} and len(outs) == n


@SETTINGS
@given(st.sampled_from(WHIST[2:]), st.data())
def test_one_pinned_player_keeps_the_night(n: int, data: st.DataObject) -> None:
    """The pinned player is at their table all night; with 4k players the night is as
    without the pin, with 4k+1 its first N-1 rounds are (the last would seat them out)."""
    players = names(n)
    pinned = data.draw(st.sampled_from(players))
    table = data.draw(st.integers(1, n // 4))
    seating = rotation(players, full_night(n), Request(pins={pinned: table}))
    assert all(pinned in r.tables[table - 1] for r in seating)
    partners, faced = meetings(seating[: n - 1])
    if n % 4 == 0:
        assert set(partners.values()) == {1} and set(faced.values()) == {2}
    assert max(partners.values()) == 1 and max(faced.values()) <= 2


def test_a_late_arrival_is_seated_round_by_round_without_repeating_a_partner() -> None:
    players = names(12)
    history = rotation(players, 4, Request())
    fifth = seat_round([*players, "Zoe"], history, Request())
    check_seats_everyone([*players, "Zoe"], fifth, 4)
    partners, _ = meetings([*history, fifth])
    assert max(partners.values()) == 1


@SETTINGS
@given(
    st.integers(4, 40),
    st.integers(0, 8),
    st.integers(0, 3),
    st.sampled_from([Method.BALANCED, Method.RANDOM]),
)
def test_the_plan_is_the_rounds_seated_one_by_one(
    n: int, played: int, arrived: int, method: Method
) -> None:
    players = names(min(40, n + arrived))
    request = Request(method=method, seed=n)
    history = rotation(names(n), played, request) if played else []
    ahead = plan(players, history, played + 3, request)
    assert len(ahead) == 3
    assert ahead[0] == seat_round(players, history, request)
    assert ahead[1] == seat_round(players, [*history, ahead[0]], request)
    assert plan(players, [*history, *ahead], played + 3, request) == ()


def test_winners_move_up_cannot_be_planned() -> None:
    with pytest.raises(RotationError) as raised:
        plan(names(8), [], 3, Request(method=Method.WINNERS))
    assert "one round at a time" in raised.value.render()


def test_thirteen_players_three_rounds_one_sit_out_each() -> None:
    seating = rotation(names(13), 3, Request())
    outs = [p for r in seating for p in r.out]
    assert len(outs) == len(set(outs)) == 3
    pairs = [pair for r in seating for pair in partner_pairs(r)]
    assert len(pairs) == len(set(pairs))


def test_round_one_seats_the_list_as_named() -> None:
    """The 1st and 2nd partner against the 3rd and 4th, partners opposite, and so on."""
    first = rotation(names(8), 1, Request())[0]
    assert first.tables == (("P01", "P03", "P02", "P04"), ("P05", "P07", "P06", "P08"))
    assert {*rotation(names(10), 1, Request())[0].out} == {"P09", "P10"}
    assert {*rotation(names(11), 1, Request())[0].out} == {"P09", "P10", "P11"}


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
