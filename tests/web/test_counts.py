"""Every number a form holds is read one way (limits.parse_count): ASCII digits, within
what the field allows. A season's "best of" and the rotation form's rounds, table size
and pins answer anything else with the app's own words and a 400, never a 500 and never
Python's message; what they keep is the number that was typed."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import store
from scorekeeper.store import rounds

from ..test_cli_rotation import THIRTEEN
from .conftest import text
from .test_evenings import start_evening

# What Python says about a number it cannot read: never on a page.
PYTHON_WORDS = ("invalid literal", "int()", "set_int_max_str_digits", "Traceback", "base 10")

NUMBERS = st.one_of(
    st.integers(min_value=-5, max_value=2_000).map(str),
    st.integers(min_value=10**18, max_value=10**40).map(str),
    st.just("9" * 5000),
    st.text(alphabet="0123456789０１２３٣١۴²³¹½Ⅻ -+.e", min_size=1, max_size=8),
    st.text(max_size=6),
)


def _assert_said_plainly(response) -> str:
    body = response.get_data(as_text=True)
    assert response.status_code < 500, body[:2000]
    for words in PYTHON_WORDS:
        assert words not in body
    return body


def _ascii_count(typed: str) -> int | None:
    typed = typed.strip()
    return int(typed) if typed.isascii() and typed.isdigit() and len(typed) <= 100 else None


@pytest.fixture
def season(client):
    evening = start_evening(client)
    response = client.post("/seasons/", data={"name": "Spring", "evening": [evening]})
    assert response.status_code == 303
    return evening, response.headers["Location"]


@pytest.mark.parametrize("typed", ["1" + "0" * 18, "9" * 25, "9" * 5000, "٣", "²", "0"])
def test_a_seasons_best_of_that_is_no_count_is_refused_in_words(client, season, typed):
    evening, url = season
    made = client.post(
        "/seasons/", data={"name": "Autumn", "evening": [evening], "best_of": typed}
    )
    assert made.status_code == 400
    assert "the nights that count must be a whole number from 1 to 1,000" in text(made)
    changed = client.post(url + "/ranking", data={"measure": "wins", "best_of": typed})
    assert changed.status_code == 400
    assert "the nights that count must be a whole number from 1 to 1,000" in text(changed)
    _assert_said_plainly(made), _assert_said_plainly(changed)


def _seat(client, evening, **fields):
    data = {
        "round": "1",
        "players": "\n".join(THIRTEEN[:8]),
        "ruleset": "yahoo-normal",
        "rounds": "3",
        "method": "balanced",
        "pins": "",
        **fields,
    }
    return client.post(f"/e/{evening}/rounds", data=data)


def test_the_rotation_form_reads_only_ascii_digits_and_says_so_itself(client, db):
    evening = start_evening(client)
    for fields in ({"rounds": "٣"}, {"rounds": "²"}, {"rounds": "9" * 5000}):
        page = _seat(client, evening, **fields)
        assert page.status_code == 400
        assert "The number of rounds: a whole number from 1 to" in text(page)
        _assert_said_plainly(page)
    for pin in ("Ann = ²", "Ann = ٣", "Ann = " + "9" * 5000):
        page = _seat(client, evening, pins=pin)
        assert page.status_code == 400 and "is not a name, “=” and a table number" in text(page)
        _assert_said_plainly(page)
    page = _seat(client, evening, size="٤")
    assert page.status_code == 400 and "Players a table" in text(page)
    assert rounds.rounds_of(db, evening) == [] and store.evening_games(db, evening) == []


SETTINGS = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@SETTINGS
@given(typed=NUMBERS)
def test_any_best_of_is_kept_as_typed_or_refused_in_words(client, db, season, typed):
    evening, url = season
    made = client.post("/seasons/", data={"name": "Any", "evening": [evening], "best_of": typed})
    _assert_said_plainly(made)
    changed = client.post(url + "/ranking", data={"measure": "wins", "best_of": typed})
    _assert_said_plainly(changed)
    count = _ascii_count(typed)
    if typed.strip() == "":
        expected: int | None = None
    elif count is not None and 1 <= count <= 1_000:
        expected = count
    else:
        assert made.status_code == 400 and changed.status_code == 400
        return
    assert made.status_code == 303 and changed.status_code == 303
    for where in (made.headers["Location"], url):
        season_id = where.rsplit("/", 1)[1]
        assert store.get_season(db, season_id).best_of == expected


@SETTINGS
@given(field=st.sampled_from(["rounds", "size", "pins"]), typed=NUMBERS)
def test_any_number_on_the_rotation_form_is_read_as_typed_or_refused(client, db, field, typed):
    evening = start_evening(client)
    value = f"Ann = {typed}" if field == "pins" else typed
    page = _seat(client, evening, **{field: value})
    _assert_said_plainly(page)
    if page.status_code != 303:
        assert page.status_code == 400
        assert rounds.rounds_of(db, evening) == []
        return
    rotation = rounds.get_rotation(db, evening)
    assert rotation is not None
    count = _ascii_count(typed)
    if field == "rounds":
        assert rotation.rounds == count
    elif field == "size":
        assert rotation.table_size == (count if typed.strip() else 4)
    else:
        assert rotation.pins == {"Ann": count}
