"""`scorekeeper rotation`: a night's seating printed before the night."""

from __future__ import annotations

import json

import pytest

from .conftest import run_cli

THIRTEEN = [
    "Ann",
    "Ben",
    "Cho",
    "Dee",
    "Eve",
    "Fay",
    "Gus",
    "Hal",
    "Ivy",
    "Jo",
    "Kim",
    "Lea",
    "Max",
]


def test_json_seats_thirteen_for_three_rounds_one_sit_out_each():
    done = run_cli("rotation", "--rounds", "3", *THIRTEEN, "--json")
    assert done.returncode == 0, done.stderr
    rounds = json.loads(done.stdout)["rounds"]
    assert len(rounds) == 3
    partners = []
    for round_ in rounds:
        assert set(round_) == {"tables", "out"}
        seated = [name for table in round_["tables"] for name in table]
        assert sorted(seated + round_["out"]) == sorted(THIRTEEN)
        assert [len(t) for t in round_["tables"]] == [4, 4, 4]
        partners += [frozenset((t[0], t[2])) for t in round_["tables"]]
        partners += [frozenset((t[1], t[3])) for t in round_["tables"]]
    assert len(partners) == len(set(partners))
    outs = [name for round_ in rounds for name in round_["out"]]
    assert len(outs) == len(set(outs)) == 3


def test_text_names_partners_and_who_sits_out():
    done = run_cli("rotation", "--rounds", "2", "--pin", "ann=2", *THIRTEEN[:9])
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Round 1"
    tables = [line for line in lines if line.strip().startswith("Table 2:")]
    assert len(tables) == 2 and all("Ann" in line and " vs " in line for line in tables)
    assert sum(line.strip().startswith("Sits out: ") for line in lines) == 2


def test_japanese_text():
    done = run_cli("--lang", "ja", "rotation", "--rounds", "1", *THIRTEEN[:5])
    assert done.returncode == 0, done.stderr
    assert "Round 1" not in done.stdout and "Ann" in done.stdout


def test_random_is_seeded_and_individual_tables_take_the_size():
    args = ["rotation", "--rounds", "3", "--method", "random", "--seed", "5", "--json"]
    first = run_cli(*args, "--table-size", "5", *THIRTEEN)
    again = run_cli(*args, "--table-size", "5", *THIRTEEN)
    assert first.stdout == again.stdout
    for round_ in json.loads(first.stdout)["rounds"]:
        assert [len(t) for t in round_["tables"]] == [5, 5] and len(round_["out"]) == 3


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--rounds", "2", "Ann", "Ben", "Cho"], "3 players cannot fill a table of 4"),
        (["--rounds", "2", "--pin", "Ann=3", *THIRTEEN[:8]], "Ann is pinned to table 3"),
        (["--rounds", "2", "--pin", "Ann", *THIRTEEN[:8]], "--pin 'Ann' is not NAME=TABLE"),
        (["--rounds", "2", "Ann", "Ben", "Cho", "Dee", "ann"], "ann is named twice"),
        (["--rounds", "0", *THIRTEEN[:8]], "the number of rounds must be at least 1"),
    ],
)
def test_an_impossible_night_is_one_line_and_exit_2(args, says):
    done = run_cli("rotation", *args)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"rotation: {says}" + done.stderr[len(says) + 10 :]
    assert done.stderr.count("\n") == 1
