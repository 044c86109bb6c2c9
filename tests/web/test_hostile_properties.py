"""Every form and every file field of the app fed hostile values: huge numbers, digits
that are not ASCII, nothing, very long ids, control characters, odd JSON. Whatever comes
in, the answer is never a 5xx and never a traceback (the app runs with exceptions
propagating here, so one would fail the test with its traceback)."""

from __future__ import annotations

import io
import json
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import store
from scorekeeper.store.db import open_database
from scorekeeper.web import create_app

from .conftest import setup_form

EXAMPLES = 25  # per form; each run draws new ones

HOSTILE_TEXT = st.one_of(
    st.just(""),
    st.just(" "),
    st.integers().map(str),
    st.integers(min_value=10**300, max_value=10**400).map(str),
    st.integers(min_value=10**300, max_value=10**400).map(lambda n: f"-{n}"),
    st.just("9" * 5000),
    st.text(alphabet="０１２３４５６７８９٠١٢٣۴²³¹½Ⅻ", min_size=1, max_size=6),
    st.text(
        alphabet=st.characters(codec="utf-8", categories=["Cc", "Cf", "Zl", "Zp"]), max_size=8
    ),
    st.just("a" * 300),
    st.just("a" * 70_000),
    st.sampled_from(
        ["nil", "blind_nil", "rest", "team", "-1", "1e9", "NaN", "inf", "0x10", "3.5"]
    ),
    st.sampled_from(["\u202eevil", "\x00", "\r\n", "/\t/evil.example/", "../../etc/passwd"]),
    st.text(max_size=40),
)
HOSTILE_JSON = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.integers(min_value=10**300, max_value=10**400),
        st.floats(allow_nan=False, allow_infinity=False),
        HOSTILE_TEXT,
    ),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)


class Forms(HTMLParser):
    """The forms of a page: each one's method, action and fields with their values."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if tag == "form":
            method = found.get("method", "get").lower()
            self.forms.append({"method": method, "action": found.get("action", ""), "fields": {}})
        elif not self.forms or "name" not in found:
            return
        elif tag == "input":
            kind = found.get("type", "text")
            if kind in ("radio", "checkbox") and "checked" not in found:
                self.forms[-1]["fields"].setdefault(found["name"], None)
                return
            if kind not in ("submit", "button", "file"):
                self.forms[-1]["fields"][found["name"]] = found.get("value", "")
        elif tag == "textarea":
            self.forms[-1]["fields"][found["name"]] = ""
        elif tag == "select":
            self._select = found["name"]
            self.forms[-1]["fields"].setdefault(found["name"], None)
        elif tag == "option" and self._select:
            fields = self.forms[-1]["fields"]
            if fields.get(self._select) is None or "selected" in found:
                fields[self._select] = found.get("value", "")


class Site:
    """An app with games of every kind in play, house rules, an evening."""

    def __init__(self, tmp_path) -> None:
        self.app = create_app(
            {"TESTING": True, "WTF_CSRF_ENABLED": False, "INSTANCE_PATH": str(tmp_path)}
        )
        self.client = self.app.test_client()
        self.db = open_database(self.app.config["DATABASE"])
        self.games = {
            ruleset: self._start(ruleset)
            for ruleset in [
                "yahoo-normal",
                "akagiri-standard",
                "hearts-standard",
                "spitzer",
                "oh-hell",
                "euchre",
            ]
        }
        spades = self.games["yahoo-normal"]
        store.add_hand(
            self.db, spades, {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}, version=None
        )
        self.games["bidding"] = self._start("yahoo-normal")
        store.set_bids(self.db, self.games["bidding"], [3, 3, 3, 3], version=None)
        self.games["over"] = self._start("yahoo-normal", changes={"target": 50})
        store.add_hand(
            self.db,
            self.games["over"],
            {"bids": [6, 3, 0, 3], "tricks": [7, 3, 0, 3]},
            version=None,
        )
        evening = self.client.post("/evenings/", data={"name": "Friday"})
        self.games["evening"] = evening.headers["Location"].rsplit("/", 1)[1]
        # A phone that has none of these games: it sees the PIN form.
        self.stranger = self.app.test_client()

    def _start(self, ruleset: str, **kwargs: Any) -> str:
        response = self.client.post(f"/new/{ruleset}", data=setup_form(ruleset, **kwargs))
        assert response.status_code == 303, response.get_data(as_text=True)
        return response.headers["Location"].rsplit("/", 1)[1]

    def forms(self, url: str, client: Any) -> list[dict[str, Any]]:
        response = client.get(url)
        assert response.status_code in (200, 403), (url, response.status_code)
        parser = Forms()
        parser.feed(response.get_data(as_text=True))
        path = urlsplit(url).path
        found = []
        for form in parser.forms:
            action = form["action"] or path
            if "/delete" in action or "/lang/" in action:  # would end the game under test
                continue
            found.append({**form, "action": action})
        return found


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Site:
    return Site(tmp_path_factory.mktemp("site"))


PAGES = [
    "/new/yahoo-normal",
    "/new/akagiri-standard",
    "/new/hearts-standard",
    "/new/spitzer",
    "/new/oh-hell",
    "/g/{oh-hell}/bids",
    "/new/euchre",
    "/g/{euchre}/play",
    "/",
    "/new",
    "/g/{over}",
    "stranger /g/{yahoo-normal}",
    "/players/Ann",
    "/g/{yahoo-normal}/bids",
    "/g/{akagiri-standard}/bids",
    "/g/{bidding}/tricks",
    "/g/{hearts-standard}/play",
    "/g/{spitzer}/play",
    "/g/{yahoo-normal}/hands/1/edit",
    "/g/{yahoo-normal}/rules/change",
    "/g/{hearts-standard}/rules/change",
    "/g/{yahoo-normal}/whatif?ruleset=yahoo-normal",
    "/rules/house/save?base=yahoo-normal",
    "/rules/house/save?base=hearts-standard",
    "/rules/compare",
    "/evenings/",
    "/e/{evening}",
    "/players/",
    "/import",
    "/rules/house/import",
]


def _url(site: Site, page: str) -> str:
    return page.format(**site.games)


def _send(client: Any, form: dict[str, Any], fields: dict[str, Any]):
    data = {name: value for name, value in fields.items() if value is not None}
    if form["method"] == "post":
        return client.post(form["action"], data=data)
    return client.get(form["action"], query_string=data)


def _assert_answered(response) -> None:
    body = response.get_data(as_text=True)
    assert response.status_code < 500, body[:3000]
    assert "Traceback" not in body


@pytest.mark.parametrize("page", PAGES)
def test_no_hostile_value_in_any_field_gives_a_server_error(site, page):
    who, _, path = page.rpartition(" ")
    client = site.stranger if who == "stranger" else site.client
    forms = site.forms(_url(site, path), client)
    assert forms, f"{page} has a form"

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(data=st.data())
    def spoil(data: st.DataObject) -> None:
        form = data.draw(st.sampled_from(forms))
        fields = dict(form["fields"])
        names = sorted(fields) or ["x"]
        for name in data.draw(st.lists(st.sampled_from(names), min_size=1, max_size=4)):
            fields[name] = data.draw(HOSTILE_TEXT)
        _assert_answered(_send(client, form, fields))

    spoil()


GAME_FILE = {
    "format": "scorekeeper-game/1",
    "ruleset": "yahoo-normal",
    "options": {"target": 500},
    "players": ["Ann", "Ben", "Cho", "Dee"],
    "first_dealer": 0,
    "hands": [{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}],
}
RULES_FILE = {
    "format": "scorekeeper-rules/1",
    "id": "friday-club",
    "name": "Friday club",
    "game": "spades",
    "base": "yahoo-normal",
    "options": {"target": 300},
    "notes": {"target": "shorter evenings"},
    "description": "Ours",
}


def _spoiled(doc: dict[str, Any], data: st.DataObject) -> bytes:
    """`doc` with one value (at the top, in a list or in a dict below) made hostile, or
    the whole file replaced by hostile bytes."""
    if data.draw(st.integers(0, 9)) == 0:
        return data.draw(st.binary(max_size=200))
    spoiled = json.loads(json.dumps(doc))
    key = data.draw(st.sampled_from(sorted(spoiled)))
    inner = spoiled[key]
    if isinstance(inner, dict) and inner and data.draw(st.booleans()):
        inner[data.draw(st.sampled_from(sorted(inner)))] = data.draw(HOSTILE_JSON)
    elif isinstance(inner, list) and inner and data.draw(st.booleans()):
        inner[data.draw(st.integers(0, len(inner) - 1))] = data.draw(HOSTILE_JSON)
    else:
        spoiled[key] = data.draw(HOSTILE_JSON)
    return json.dumps(spoiled, ensure_ascii=data.draw(st.booleans())).encode()


@pytest.mark.parametrize(
    ("url", "doc"), [("/import", GAME_FILE), ("/rules/house/import", RULES_FILE)]
)
def test_no_hostile_file_gives_a_server_error(site, url, doc):
    @settings(
        max_examples=EXAMPLES * 2, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )
    @given(data=st.data())
    def spoil(data: st.DataObject) -> None:
        content = _spoiled(doc, data)
        name = data.draw(st.sampled_from(["game.json", "", "\x00.json", "a" * 300 + ".json"]))
        as_text = data.draw(st.booleans())
        if as_text:
            body = {"text": content.decode("utf-8", "replace")}
        else:
            body = {"file": (io.BytesIO(content), name)}
        _assert_answered(site.client.post(url, data=body))

    spoil()
