"""English and Japanese: the catalog is complete, every page speaks Japanese, nothing is unmarked."""

from __future__ import annotations

import re

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from scorekeeper.engine import all_rulesets, find_ruleset, load_game
from scorekeeper.paths import PROJECT_ROOT, TRANSLATIONS

from .conftest import run_cli

PO = TRANSLATIONS / "ja" / "LC_MESSAGES" / "messages.po"
KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "_l": None,
    "N_": None,
    "Nn_": (1, 2),
    "lazy_gettext": None,
}
METHODS = [("scorekeeper/**.py", "python"), ("templates/**.html", "jinja2")]


def catalog():
    with PO.open("rb") as file:
        return read_po(file, locale="ja")


def extracted() -> set[str]:
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(PROJECT_ROOT), METHODS, keywords=KEYWORDS
    ):
        found.add(message if isinstance(message, str) else message[0])
    return {m for m in found if m}


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"%\([a-z_]+\)s|\{[a-z_]+(?:![rs])?\}", text))


def test_every_marked_string_is_in_the_japanese_catalog_and_translated():
    cat = catalog()
    known = {m.id if isinstance(m.id, str) else m.id[0]: m for m in cat if m.id}
    missing = sorted(extracted() - known.keys())
    assert not missing, f"run `make translations` and translate: {missing[:10]}"
    for message in known.values():
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        assert all(strings), f"untranslated: {message.id!r}"
        assert not message.fuzzy, f"fuzzy: {message.id!r}"
        source = message.id if isinstance(message.id, str) else message.id[1]
        for string in strings:
            assert placeholders(string) == placeholders(source), message.id


def test_every_preset_has_its_name_description_and_notes_in_japanese():
    for ruleset in all_rulesets():
        assert set(ruleset.translations["ja"]) - {"why", "base_part"} == {
            "name",
            "description",
            "notes",
            "source_part",
        }  # names may stay as they are
        assert bool(ruleset.text("base_part", "ja")) == bool(ruleset.base_part)
        assert ruleset.text("description", "ja") != ruleset.description
        assert len(ruleset.text("notes", "ja")) == len(ruleset.notes)
        for option, provenance in ruleset.provenance.items():
            if provenance.why:  # every reason of ours is written in Japanese too
                assert ruleset.why(option, "ja") != provenance.why, (ruleset.id, option)


def test_command_line_in_japanese(tmp_path):
    doc = '{"ruleset": "pagat-standard", "players": ["山田", "B", "C", "D"], "hands": [{"bids": ["nil", 5, 3, 5], "tricks": [1, 5, 2, 5]}]}'
    done = run_cli("--lang", "ja", "score", "-", stdin=doc)
    assert "山田：ニル失敗（1トリック）、−100" in done.stdout
    bad = '{"ruleset": "pagat-standard", "players": ["A", "B", "C", "D"], "hands": [{"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 3]}]}'
    done = run_cli("score", "-", stdin=bad, env={"SCOREKEEPER_LANG": "ja"})
    assert done.stderr.strip() == "第1ハンド：トリックの合計が12です（13のはず）"
    done = run_cli("score", "-", stdin=bad)
    assert done.stderr.strip() == "hand 1: tricks add up to 12, expected 13"
    sheet = run_cli("--lang", "ja", "rules", "yahoo-dnp").stdout
    assert (
        sheet.startswith("Yahoo! ダブルニルパス\n")
        and "- ダブルニルができるとき: 200点以上負けているときだけ" in sheet
    )


@pytest.mark.parametrize(
    ("command", "japanese", "english"),
    [
        (
            ["score", "nope.json"],
            "ゲーム：nope.json を読めません：",
            "game: cannot read nope.json: ",
        ),
        (["score", "-"], "ゲーム：JSONとして正しくありません：", "game: not valid JSON: "),
        (["rules", "nope"], "ゲーム：不明なルール 'nope'", "game: unknown ruleset 'nope'"),
        (
            ["export", "nope"],
            "ゲーム：ID 'nope' のゲームはありません",
            "game: no game with id 'nope'",
        ),
    ],
)
def test_command_line_refusals_in_japanese(tmp_path, command, japanese, english):
    env = {"SCOREKEEPER_INSTANCE": str(tmp_path)}
    done = run_cli("--lang", "ja", *command, stdin="{not json", env=env, cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith(japanese), done.stderr
    done = run_cli(*command, stdin="{not json", env=env, cwd=tmp_path)
    assert done.stderr.startswith(english), done.stderr


def test_pdf_in_japanese():
    import gettext
    import io

    from pypdf import PdfReader

    from scorekeeper.pdf import scorecard_pdf, scoresheet_pdf

    tr = gettext.translation("messages", TRANSLATIONS, languages=["ja"])
    game = load_game(
        {
            "ruleset": "yahoo-normal",
            "players": ["山田", "B", "C", "D"],
            "hands": [{"bids": ["nil", 3, 4, 3], "tricks": [0, 4, 5, 4]}],
        }
    )
    text = "".join(
        p.extract_text()
        for p in PdfReader(io.BytesIO(scoresheet_pdf(game, translations=tr, language="ja"))).pages
    )
    assert "ディーラー" in text and "得点の推移" in text and "目標 500" in text
    assert "ページ 1 / 1" in text  # the footer's words come from the stylesheet
    assert "山田：ニル成功、+100" in text.replace("\n", "")
    card = (
        PdfReader(
            io.BytesIO(scorecard_pdf(find_ruleset("yahoo-normal"), translations=tr, language="ja"))
        )
        .pages[0]
        .extract_text()
    )
    assert "Yahoo! 標準（ノーマル）" in card and "サンドバッグの減点" in card


def test_explanation_lines_render_in_each_language_asked():
    """The same line, rendered again, follows the language asked for, in either order."""
    import gettext

    from scorekeeper.engine import score_game

    ja = gettext.translation("messages", TRANSLATIONS, languages=["ja"])
    hand = {"bids": ["nil", 3, 4, 3], "tricks": [0, 4, 5, 4]}
    game = load_game(
        {"ruleset": "yahoo-normal", "players": ["山田", "B", "C", "D"], "hands": [hand, hand]}
    )
    first, second = score_game(game).hands
    assert first.explanation[0][0] == second.explanation[0][0]
    line = first.explanation[0][0]
    assert line.render(ja) == "山田：ニル成功、+100"
    assert line.render() == "山田: nil made, +100"
    assert line.render(ja) == "山田：ニル成功、+100"
