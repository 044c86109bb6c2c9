"""Exports a spreadsheet reads: numbers are numbers, and no cell runs as a formula
whether the spreadsheet splits at "," or at ";" (many European spreadsheets)."""

from __future__ import annotations

import csv
import io

from scorekeeper import store
from scorekeeper.stats import write_csv

from .conftest import play, setup_form, text
from .test_evenings import start_evening
from .test_rounds import seat

EIGHT = ["Ann", "Ben", "Cho", "Dee", "Eve", "Fay", "Gus", "A;=1+1;"]


def rows(body: str, delimiter: str = ",") -> list[list[str]]:
    return list(csv.reader(io.StringIO(body.lstrip("\ufeff")), delimiter=delimiter))


def runs_as_formula(cell: str) -> bool:
    return cell.startswith(("=", "+", "-", "@"))


def test_a_cell_never_runs_as_a_formula_under_either_separator():
    out = io.StringIO()
    write_csv([["A;=1+1;", "=SUM(A1)", "-2+3", "plain", -10, 1.67, 'say "hi"']], out)
    for delimiter in (",", ";"):
        (row,) = rows(out.getvalue(), delimiter)
        assert not any(
            runs_as_formula(cell)
            for cell in row
            if not cell.lstrip("-").replace(".", "").isdigit()
        )
    (row,) = rows(out.getvalue())
    assert row == ["A;'=1+1;", "'=SUM(A1)", "'-2+3", "plain", "-10", "1.67", 'say "hi"']


def test_the_standings_csv_holds_numbers(client, db):
    evening = start_evening(client)
    seat(client, evening, 1, EIGHT)
    (first,) = store.read_night(db, store.get_evening(db, evening)).rounds
    for place in first.places:
        assert place.game is not None
        play(client, db, place.game, {0: 4, 1: 3, 2: 3, 3: 3}, {0: 5, 1: 3, 2: 3, 3: 2})
    body = client.get(f"/e/{evening}/standings.csv").get_data(as_text=True)
    lines = rows(body)
    for line in lines[2:]:
        int(line[0]), int(line[2]), int(line[3])
        float(line[4])
        assert line[5] == "" or float(line[5]) == float(line[5])  # a number, signed as "-"
        assert "−" not in line[5] and not line[5].startswith(("'", "+"))
    for line in rows(body, ";")[2:]:
        assert not any(runs_as_formula(cell) for cell in line if not _number(cell))


def _number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


def test_the_evening_csv_says_each_hands_round_and_table(client, db):
    evening = start_evening(client)
    seat(client, evening, 1, [*EIGHT[:7], "Hal"])
    game = store.read_night(db, store.get_evening(db, evening)).rounds[0].places[1].game
    assert game is not None
    play(client, db, game, {0: 4, 1: 3, 2: 3, 3: 3}, {0: 5, 1: 3, 2: 3, 3: 2})
    lines = rows(client.get(f"/e/{evening}/export.csv").get_data(as_text=True))
    assert lines[0][:3] == ["game", "round", "table"]
    assert {tuple(line[1:3]) for line in lines[1:]} == {("1", "2")}


def test_the_season_csv_holds_numbers(client, db):
    evening = start_evening(client, "Friday")
    response = client.post(
        f"/new/yahoo-normal?evening={evening}",
        data={
            **setup_form("yahoo-normal", names=["Ann", "Ben", "Cho", "Dee"]),
            "evening": evening,
        },
    )
    game = response.headers["Location"].rsplit("/", 1)[1]
    play(client, db, game, {0: 4, 1: 3, 2: 3, 3: 3}, {0: 5, 1: 3, 2: 3, 3: 2})
    made = client.post("/seasons/", data={"name": "Autumn", "evening": evening})
    season = made.headers.get("Location", "").rsplit("/", 1)[-1]
    if not season:
        season = next(db.query("SELECT id FROM seasons"))["id"]
    body = client.get(f"/seasons/{season}/table.csv")
    assert body.status_code == 200, text(body)
    for line in rows(body.get_data(as_text=True))[2:]:
        float(line[3])
        assert line[5] == "" or _number(line[5])
        assert all(cell == "" or _number(cell) for cell in line[6:])
