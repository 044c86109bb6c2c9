"""The `scorekeeper` command: GAME-FORMAT.md's example, `rules`, and a light import path."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from scorekeeper.engine import find_ruleset, preset_ids
from scorekeeper.engine.options import option_values

from .conftest import run_cli

FORMAT_EXAMPLE = {
    "format": "scorekeeper-game/1",
    "game": "spades",
    "ruleset": "yahoo-normal",
    "options": {},
    "players": ["Ann", "Ben", "Cho", "Dee"],
    "hands": [
        {"bids": [3, "nil", 4, 2], "tricks": [4, 1, 5, 3]},
        {"bids": ["blind_nil", 5, 2, 3], "tricks": [0, 6, 3, 4]},
    ],
}


def test_game_format_example_scores_as_documented():
    done = run_cli("score", "-", stdin=json.dumps(FORMAT_EXAMPLE))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["game"] == "spades"
    assert out["ruleset"] == "yahoo-normal"
    assert out["sides"] == [
        {"name": "Ann & Cho", "seats": [0, 2]},
        {"name": "Ben & Dee", "seats": [1, 3]},
    ]
    assert [(h["points"], h["totals"], h["bags"]) for h in out["hands"]] == [
        ([72, -78], [72, -78], [2, 2]),
        ([221, 82], [293, 4], [3, 4]),
    ]
    assert (out["totals"], out["bags"], out["finished"], out["winner"]) == (
        [293, 4],
        [3, 4],
        False,
        None,
    )
    assert (
        out["hands"][0]["explanation"][0][0] == "Contract 7, took 9: 7 × 10 + 2 overtricks = +72"
    )


def test_file_with_only_the_documented_fields_and_no_hands():
    doc = {"ruleset": "pagat-standard", "players": ["A", "B", "C", "D"], "hands": []}
    done = run_cli("score", "-", stdin=json.dumps(doc))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert (out["totals"], out["bags"], out["finished"], out["winner"], out["hands"]) == (
        [0, 0],
        [0, 0],
        False,
        None,
        [],
    )


def test_rules_lists_every_preset():
    done = run_cli("rules")
    assert done.returncode == 0
    listed = [line.split()[0] for line in done.stdout.splitlines()]
    assert listed == preset_ids()


def test_rules_id_reads_like_a_rule_sheet():
    done = run_cli("rules", "pagat-standard")
    assert done.returncode == 0
    out = done.stdout
    assert out.startswith("Pagat standard Spades\n")
    assert "Source: pagat.com" in out
    assert (
        "- A failed nil's tricks: are bags only: no points, no help to the partner's contract\n"
        in out
    )
    assert "- Blind nil may be bid: only when 100 or more behind\n" in out
    assert "[not stated by the source — our default]" in out


def test_rules_in_words_name_the_source_not_its_file():
    """People read the seed's title and part; only `--json` keeps the file name (data)."""
    out = run_cli("rules", "yahoo-normal").stdout
    assert "Source: Yahoo! Games (Japan): Spades rules" in out
    assert "001_49a9ae39a8965b8f" not in out
    doc = json.loads(run_cli("rules", "yahoo-normal", "--json").stdout)
    assert doc["source"]["file"] == "001_49a9ae39a8965b8f.txt"


def test_rules_says_where_each_value_comes_from():
    lines = run_cli("rules", "joker-barmore").stdout.splitlines()

    def under(start: str) -> list[str]:
        at = next(i for i, line in enumerate(lines) if line.startswith(start))
        return lines[at : at + 4]

    jokers = under("- Jokers")
    assert "2♣ and 2♥ removed" in jokers[0]
    assert (
        jokers[1]
        == "    the source says: 「ジョーカーを2枚使用。クラブとハートの2は使用しない。」"
    )
    assert under("- Sandbag penalty")[1] == (
        "    from the rules it is described against: 「サンドバッグルールは採用しない」"
    )
    behind = under("- Blind bids may be made")
    assert behind[1].startswith("    our reading: 「このようなビッドは普通")
    assert "part 2 says such bids are usually allowed only" in behind[2]
    moon = next(line for line in lines if line.startswith("- Moon (bid every trick)"))
    assert "[not stated by the source — our default]  moon = false" in moon


def test_rules_unknown_id():
    done = run_cli("rules", "nope")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("game: unknown ruleset 'nope'")


def test_score_and_rules_import_neither_flask_nor_weasyprint(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(FORMAT_EXAMPLE), encoding="utf-8")
    probe = (
        "import sys, io, contextlib\n"
        "from scorekeeper.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    main(['score', {str(path)!r}]); main(['rules']); main(['rules', 'yahoo-normal'])\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('flask', 'weasyprint', 'sqlite_utils', 'werkzeug'))\n"
        # argparse asks shutil (which imports bz2, lzma and zlib) for the terminal's
        # width unless told it.
        "heavy += sorted(m for m in ('shutil', 'bz2', 'lzma') if m in sys.modules)\n"
        "print(heavy)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        check=True,
        # No database here: a preset's game is scored without opening one.
        env={**os.environ, "SCOREKEEPER_INSTANCE": str(tmp_path / "instance")},
    )
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("columns", ["40", "100"])
def test_help_is_laid_out_as_argparse_would_for_the_terminal(monkeypatch, columns):
    import argparse

    from scorekeeper import cli

    monkeypatch.setenv("COLUMNS", columns)
    ours = cli.build_parser().format_help()
    monkeypatch.setattr(cli._HelpFormatter, "__init__", argparse.HelpFormatter.__init__)
    assert ours == cli.build_parser().format_help()


def test_rules_compare_marks_the_failed_nil_difference():
    done = run_cli("rules", "--compare", "yahoo-normal", "pagat-standard")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "* A failed nil's tricks  [failed_nil_tricks]" in out
    assert "    yahoo-normal    count toward the partner's contract, and as bags" in out
    assert "    pagat-standard  are bags only: no points, no help to the partner's contract" in out
    assert "  Nil made / failed: +100 / −100  (all)" in out
    assert out.rstrip().endswith("3 options differ.")


def test_rules_compare_refuses_mixed_games():
    done = run_cli("rules", "--compare", "yahoo-normal", "spitzer")
    assert done.returncode == 2
    assert done.stderr.startswith("game: only rulesets of the same game can be compared")


WHAT_IF_GAME = {
    "ruleset": "yahoo-normal",
    "players": ["Ann", "Ben", "Cho", "Dee"],
    "hands": [
        {"bids": ["nil", 5, 3, 5], "tricks": [1, 5, 2, 5]},
        {"bids": [5, 4, 4, 0], "tricks": [6, 4, 3, 0]},
    ],
}


def test_compare_a_game_under_another_preset(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(WHAT_IF_GAME), encoding="utf-8")
    done = run_cli("compare", str(path), "--ruleset", "pagat-standard")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "yahoo-normal → what if pagat-standard"
    assert lines[3].split() == ["hand", "actual", "pagat-standard", "difference"]
    assert lines[4].split() == ["1", "-70", ":", "100", "-130", ":", "100", "-60", ":", "+0"]
    # Under each hand, what each side carries on and its markers, under both rules.
    assert lines[5].split() == [
        "0",
        "bags,",
        "nil",
        "failed",
        ":",
        "0",
        "bags",
        "1",
        "bag,",
        "nil",
        "failed,",
        "set",
        ":",
        "0",
        "bags",
    ]
    assert lines[6].split() == ["2", "20", ":", "140", "-40", ":", "140", "-60", ":", "+0"]
    assert lines[-1] == "Under both rules the game is not over yet."


def test_compare_with_changed_options_and_a_refused_hand(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(WHAT_IF_GAME), encoding="utf-8")
    done = run_cli("compare", str(path), "--option", "nil_points=50")
    assert done.returncode == 0, done.stderr
    hand_1 = next(line for line in done.stdout.splitlines() if line.startswith("1 "))
    assert hand_1.split() == ["1", "-70", ":", "100", "-20", ":", "100", "+50", ":", "+0"]
    done = run_cli("compare", str(path), "--ruleset", "joker-barmore")
    assert (
        "hand 1: Ann (seat 1) bid nil: not allowed by these rules (under joker-barmore); compared up to hand 0"
        in done.stdout
    )
    bad = run_cli("compare", str(path), "--ruleset", "three-wong")
    assert bad.returncode == 2 and "needs 3 players; this game has 4" in bad.stderr


def test_compare_gives_no_verdict_past_a_refused_hand(tmp_path):
    """joker-barmore has no nil: hand 1 cannot be scored, so nothing is said of the end."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(WHAT_IF_GAME), encoding="utf-8")
    done = run_cli("compare", str(path), "--ruleset", "joker-barmore")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "under joker-barmore: cannot score hand 1; compared up to hand 0" in lines
    assert lines[-1] == "No verdict: these rules cannot score hand 1, so nothing can be compared."
    assert "not over" not in done.stdout


def test_compare_a_sum_game_under_team_totals(tmp_path):
    """Each side's two bids become its team bid, so a team-total ruleset scores them."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(WHAT_IF_GAME), encoding="utf-8")
    done = run_cli("compare", str(path), "--ruleset", "akagiri-standard")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    hand_2 = next(line for line in lines if line.startswith("2 "))
    assert hand_2.split() == ["2", "20", ":", "140", "20", ":", "140", "+0", ":", "+0"]
    assert (
        "Partners' two bids are added into one team bid, as these rules take one number a side"
        " (hands 1, 2)" in lines
    )
    assert lines[-1] == "Under both rules the game is not over yet."


def test_a_pair_wins_and_a_player_alone_wins(tmp_path):
    """The winner's sentence agrees with the side: "Ben & Dee win", "Ben wins"."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(WHAT_IF_GAME), encoding="utf-8")
    done = run_cli("compare", str(path), "--option", "target=100")
    assert done.returncode == 0, done.stderr
    assert "under yahoo-normal*: Ben & Dee win" in done.stdout.splitlines()
    assert "* with changed options: target=100" in done.stdout.splitlines()
    hands = [{"bids": [2, 5, 3, 4], "tricks": [1, 5, 3, 4]}]  # Ben alone on top
    alone = {**WHAT_IF_GAME, "ruleset": "windswept", "hands": hands}
    path.write_text(json.dumps(alone), encoding="utf-8")
    done = run_cli("compare", str(path), "--option", "target=10")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-2].endswith(": Ben wins"), done.stdout


def test_serve_prints_the_address_as_a_qr_code(capsys):
    from scorekeeper.serve import print_qr, urls

    assert urls("127.0.0.1", 8123) == ["http://127.0.0.1:8123/"]
    print_qr("http://192.168.1.20:8000/")
    out = capsys.readouterr().out
    assert "point the phone's camera" in out
    assert "█" in out and "▄" in out


def test_rules_json_is_the_ruleset_as_data():
    """GAME-FORMAT.md: `rules ID --json`, every option with name, value, origin, quote, text."""
    done = run_cli("rules", "network-spades", "--json")
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert (doc["id"], doc["game"]) == ("network-spades", "spades")
    assert doc["source"]["file"] == "002_2c4efcea9dfb6ab4.txt" and doc["source"]["url"] is None
    options = {entry["name"]: entry for entry in doc["options"]}
    assert set(options) == set(option_values(find_ruleset("network-spades").options))
    assert options["all_tricks"] == {
        **options["all_tricks"],
        "value": "bonus_200",
        "origin": "stated",
        "quote": "13トリック取ると200点のボーナス(なし)",
        "text": "One side takes every trick: +200",
    }
    assert options["moon"]["origin"] == "default" and options["moon"]["quote"] is None
    pagat = json.loads(run_cli("rules", "pagat-standard", "--json").stdout)
    assert pagat["source"]["file"] is None and pagat["source"]["url"].startswith("https://")


def test_lang_before_or_after_the_subcommand():
    after = run_cli("rules", "yahoo-normal", "--lang", "ja")
    before = run_cli("--lang", "ja", "rules", "yahoo-normal")
    assert after.returncode == before.returncode == 0
    assert after.stdout == before.stdout and "よくある疑問への答え" in after.stdout
    doc = json.loads(run_cli("rules", "yahoo-normal", "--json", "--lang", "ja").stdout)
    nil = next(entry for entry in doc["options"] if entry["name"] == "nil")
    assert nil["text"].startswith("ニル")


def test_rules_json_unknown_id():
    done = run_cli("rules", "yahoo-norml", "--json")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "game: unknown ruleset 'yahoo-norml'\n"


def test_spitzer_rules_print_the_score_table_and_the_play():
    out = run_cli("rules", "spitzer").stdout
    assert "Score table" in out and "Zola Schneider Schwarz" in out
    row = next(line for line in out.splitlines() if line.startswith("Zola Schneider Schwarz "))
    assert row.split()[-6:] == ["-42", "-42", "-39", "-33", "-27", "+42"]
    assert "anyone may declare it, even a player holding no black queen" in out
    assert "its holder must play the called ace" in out
    assert "Follow suit if you can; if not, play a trump" in out


def test_serve_names_every_network_and_warns_on_loopback(monkeypatch):
    from scorekeeper import serve

    monkeypatch.setattr(serve, "named_addresses", lambda: {"192.168.1.20": "wlan0"})
    assert serve.announcement("0.0.0.0", 8000)[1:] == ["  http://192.168.1.20:8000/"]
    monkeypatch.setattr(
        serve, "named_addresses", lambda: {"192.168.1.20": "wlan0", "10.8.0.2": "tun0"}
    )
    several = serve.announcement("0.0.0.0", 8000)
    assert "  http://192.168.1.20:8000/  (wlan0)" in several
    assert "  http://10.8.0.2:8000/  (tun0)" in several
    loopback = " ".join(serve.announcement("127.0.0.1", 8000))
    assert "phones cannot reach it" in loopback
    monkeypatch.setattr(serve, "named_addresses", dict)
    assert "no network" in " ".join(serve.announcement("0.0.0.0", 8000))


def test_version_and_python_dash_m(tmp_path):
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--version"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 0 and done.stdout.startswith("scorekeeper 0.")


@pytest.mark.parametrize("command", ["score", "import", "pdf"])
def test_a_file_nested_too_deeply_is_one_line_and_status_2(tmp_path, command):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    extra = ["-o", str(tmp_path / "x.pdf")] if command == "pdf" else []
    env = {"SCOREKEEPER_INSTANCE": str(tmp_path / "instance")}
    done = run_cli(command, str(deep), *extra, env=env)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("game: not a game file: nested too deeply")
    assert done.stderr.count("\n") == 1


def test_compare_without_a_ruleset_keeps_the_files_own_options(tmp_path):
    """The game's own rules are its preset with the file's options: a game to 100 that is
    over stays over under them."""
    doc = {
        **FORMAT_EXAMPLE,
        "options": {"target": 100},
        "hands": [{"bids": [5, 3, 5, 3], "tricks": [6, 1, 6, 0]}],
    }
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc))
    done = run_cli("compare", str(path), "--option", "nil_points=50")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    actual = next(line for line in lines if line.startswith("actual: "))
    under = next(line for line in lines if line.startswith("under "))
    assert "win" in actual and "win" in under, done.stdout


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_serve_on_a_busy_port_says_so_in_one_line_and_starts_nothing(tmp_path, lang):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = {"SCOREKEEPER_INSTANCE": str(tmp_path)}
        done = run_cli(
            "--lang", lang, "serve", "--host", "127.0.0.1", "--port", str(port), env=env
        )
    assert done.returncode == 2
    assert done.stdout == ""  # no "Scorekeeper is running", no QR code
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert str(port) in lines[0] and f"--port {port + 1}" in lines[0]
    assert f"PORT={port + 1}" in lines[0]
    if lang == "ja":
        assert "使用中" in lines[0]


def test_a_reader_that_stops_reading_ends_the_command_quietly():
    """`scorekeeper stats | head`: the reader goes before the output is written; no
    traceback, and the status of a command stopped by SIGPIPE."""
    script = (
        "import sys\n"
        "from scorekeeper.cli import main\n"
        "sys.stdin.readline()  # the reader has gone by now\n"
        "sys.exit(main(['rules', 'yahoo-normal', '--json']))\n"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", script],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdout.close()
    _, errors = process.communicate(b"go\n", timeout=30)
    assert process.returncode == 141
    assert errors == b""


def test_import_takes_several_files_and_a_stream_of_one_a_line(tmp_path):
    """A club brings its history: several game files, or game files one a line on
    standard input; each is stored on its own, and each refused one says why on a line
    of its own while the others are stored."""
    from scorekeeper import store
    from scorekeeper.store.db import open_database

    env = {"SCOREKEEPER_INSTANCE": str(tmp_path / "instance")}
    hand = {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}
    good = {"ruleset": "yahoo-normal", "players": ["Ann", "Ben", "Cho", "Dee"], "hands": [hand]}
    bad_hand = {**good, "hands": [{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 2]}]}
    files = []
    for n, doc in enumerate([good, bad_hand, {**good, "players": ["Eve", "Fay", "Gus", "Hal"]}]):
        files.append(tmp_path / f"game{n}.json")
        files[-1].write_text(json.dumps(doc, indent=2))
    done = run_cli("import", *map(str, files), str(tmp_path / "missing.json"), env=env)
    assert done.returncode == 2
    assert len(done.stdout.splitlines()) == 2 and all(
        "/s/" in line for line in done.stdout.split()
    )
    refusals = done.stderr.splitlines()
    assert refusals[0] == f"{files[1]}: hand 1: tricks add up to 12, expected 13"
    assert refusals[1].startswith(f"{tmp_path / 'missing.json'}: game: cannot read")
    assert refusals[2] == "game files: 2 stored, 2 refused"

    lines = [json.dumps(good), "", "{not json", json.dumps(bad_hand), json.dumps(good)]
    streamed = run_cli("import", "-", stdin="\n".join(lines) + "\n", env=env)
    assert streamed.returncode == 2 and len(streamed.stdout.splitlines()) == 2
    assert streamed.stderr.splitlines()[:2] == [
        "-:3: game: not valid JSON: Expecting property name enclosed in double quotes:"
        " line 1 column 2 (char 1)",
        "-:4: hand 1: tricks add up to 12, expected 13",
    ]
    # One game file on standard input, over several lines or one, as before.
    for text_ in (json.dumps(good, indent=2), json.dumps(good)):
        one = run_cli("import", "-", stdin=text_, env=env)
        assert one.returncode == 0 and one.stderr == "" and len(one.stdout.splitlines()) == 1
    db = open_database(tmp_path / "instance" / "scorekeeper.db")
    assert len(store.list_games(db)) == 2 + 2 + 2
    db.close()


def test_rename_refuses_a_name_that_looks_like_another_player_of_a_game(tmp_path):
    env = {"SCOREKEEPER_INSTANCE": str(tmp_path)}
    game = tmp_path / "g.json"
    game.write_text(
        json.dumps(
            {
                "format": "scorekeeper-game/1",
                "ruleset": "yahoo-normal",
                "players": ["Kim", "Lou", "Max", "Ned"],
                "hands": [],
            }
        )
    )
    assert run_cli("import", str(game), env=env).returncode == 0
    refused = run_cli("rename", "Lou", "K\u0456m", env=env)  # a Cyrillic і
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.strip().endswith("look alike: give one of them another name")
    assert "Lou" in run_cli("stats", env=env).stdout
