"""One truth: a season's figure for a night is the night's own standings, for every
player, sit-outs, late arrivals and early leavers included (generated nights)."""

from __future__ import annotations

import random

import pytest

from scorekeeper import store
from scorekeeper.night import counted, missed
from scorekeeper.seasons import Night, night_scores
from scorekeeper.store import rounds

from ..test_cli_rotation import THIRTEEN
from .conftest import play, text
from .test_rounds import seat


def generated_night(client, db, seed: int, sit_out: str, format: str) -> str:
    """An evening of three rounds where players arrive late and leave early, and hands
    of random results are played at some tables."""
    chance = random.Random(seed)
    response = client.post(
        "/evenings/", data={"name": f"Night {seed}", "format": format, "sit_out": sit_out}
    )
    evening = response.headers["Location"].rsplit("/", 1)[1]
    players = THIRTEEN[:9]
    for number in (1, 2, 3):
        if number == 2:
            players = [*players[1:], "Zoe"]  # Ann leaves, Zoe arrives
        assert seat(client, evening, number, players).status_code == 303
        for game in rounds.rounds_of(db, evening)[-1].games:
            if game is None or chance.random() < 0.2:
                continue
            made = chance.choice([2, 3, 4, 5])
            play(client, db, game, {0: 3, 1: 3, 2: 3, 3: 3}, {0: made, 1: 3, 2: 7 - made, 3: 3})
    return evening


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("sit_out", ["average", "nothing"])
def test_a_seasons_nightly_figure_is_the_nights_standing(client, db, seed, sit_out):
    evening = generated_night(client, db, seed, sit_out, "match_points")
    found = store.get_evening(db, evening)
    night = store.read_night(db, found)
    published = {row.name: row for row in night.standings.rows}
    as_season = Night(
        found.name,
        found.created_at[:10],
        tuple(t for g in night.games.values() if (t := counted(g)) is not None),
        found.sit_out,
        missed(night.rounds, night.games),
        found.format,
    )
    scores = night_scores(as_season, "match_points")
    places = night_scores(as_season, "placing")
    for name, row in published.items():
        if not row.games:
            continue
        key = next(k for k, (spelled, _) in scores.items() if spelled == name)
        assert scores[key][1] == row.score, name
        assert places[key][1] == row.rank, name
    # …and the season's page, its CSV and the evening's standings CSV say the same.
    client.post("/seasons/", data={"name": "Autumn", "evening": evening})
    season = next(db.query("SELECT id FROM seasons"))["id"]
    lines = client.get(f"/seasons/{season}/table.csv").get_data(as_text=True).splitlines()
    nightly = {line.split(",")[1]: line.split(",")[-1] for line in lines[2:]}
    standings = client.get(f"/e/{evening}/standings.csv").get_data(as_text=True).splitlines()
    for line in standings[2:]:
        cells = line.split(",")
        if cells[2] != "0":
            assert float(nightly[cells[1]]) == float(cells[4]), cells


def test_the_season_page_has_a_column_a_night_and_says_wins_once(client, db):
    first = generated_night(client, db, 7, "average", "match_points")
    second = generated_night(client, db, 8, "average", "match_points")
    client.post(
        "/seasons/",
        data={"name": "Autumn", "evening": [first, second], "measure": "wins", "best_of": "1"},
    )
    season = next(db.query("SELECT id FROM seasons"))["id"]
    page = client.get(f"/seasons/{season}").get_data(as_text=True)
    head = page.split("<thead>")[1].split("</thead>")[0]
    assert head.count(">Wins<") == 1  # the measure's head, not a second Wins column
    assert head.count('class="num night"') == 2
    assert "Rating (Spades)" in head
    assert 'class="num night dropped"' in page  # the night that does not count, marked
    lines = client.get(f"/seasons/{season}/table.csv").get_data(as_text=True).splitlines()
    assert lines[1].count("Wins") == 1 and "Rating (Spades)" in lines[1]


def test_a_players_figures_agree_on_every_page_over_a_season_of_generated_nights(client, db):
    """Three generated nights (sit-outs, a late arrival and a leaver, rounds ended with
    games cut as they stood): each player's games, wins and hands agree on the players
    page, the player's page, the players CSV and the season's page and CSV."""
    import csv
    import io
    import re

    nights = [generated_night(client, db, seed, "average", "match_points") for seed in (4, 5, 6)]
    for evening in nights[:2]:  # the first two nights' rounds ended: their games cut
        for number in (1, 2, 3):
            client.post(f"/e/{evening}/rounds/{number}/end", data={"confirm": "1"})
    client.post("/seasons/", data={"name": "Autumn", "evening": nights})  # match points
    season = next(db.query("SELECT id FROM seasons"))["id"]

    listed = client.get("/players/").get_data(as_text=True)
    players = {
        name: tuple(int(n) for n in numbers)
        for name, *numbers in re.findall(
            r'<th scope="row"><a [^>]*>([^<]+)</a></th>\s*<td>(\d+)</td><td>(\d+)</td><td>(\d+)</td>',
            listed,
        )
    }
    assert len(players) == 10  # nine, less Ann who left, and Zoe who came
    rows = list(
        csv.DictReader(
            io.StringIO(client.get("/players/export.csv").get_data(as_text=True).lstrip("\ufeff"))
        )
    )
    season_page = client.get(f"/seasons/{season}").get_data(as_text=True)
    season_rows = dict(  # rank, name, nights, match points, wins
        re.findall(
            r'<th scope="row"><a [^>]*>([^<]+)</a></th><td>[^<]*</td><td>[^<]*</td><td>(\d+)</td>',
            season_page,
        )
    )
    season_csv = list(
        csv.reader(
            io.StringIO(
                client.get(f"/seasons/{season}/table.csv").get_data(as_text=True).lstrip("\ufeff")
            )
        )
    )
    wins_column = season_csv[1].index("Wins")
    season_wins = {line[1]: int(line[wins_column]) for line in season_csv[2:]}
    won_somewhere = 0
    for name, (games, won, hands) in players.items():
        page = text(client.get(f"/players/{name}"))
        mine = [r for r in rows if r["player"] == name]
        assert f"{games} game" in page and f"{hands} hand" in page, name
        assert re.search(rf"{won} won of \d+ finished", page), (name, won)
        assert len(mine) == hands, name
        if name in season_wins:
            assert season_wins[name] == won, (name, season_wins[name], won)
            assert int(season_rows[name]) == won, name
        won_somewhere += won
    assert won_somewhere > 0  # the cut games were won by the sides ahead
