"""House rules as a file (GAME-FORMAT.md, `scorekeeper-rules/1`): stored with `rules
import`, named wherever a preset id is, exported, and refused when not valid."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.engine import find_ruleset, load_game, score_game
from scorekeeper.engine.errors import RulesError
from scorekeeper.engine.house import house_ruleset, rules_document

from .conftest import game_file, hand, run_cli

FRIDAY = {
    "format": "scorekeeper-rules/1",
    "id": "friday-club",
    "name": "Friday club",
    "game": "spades",
    "base": "yahoo-normal",
    "options": {"nil_points": 50, "failed_nil_tricks": "bags_only"},
    "notes": {"nil_points": "we halve nil since 2019"},
}

# Seat 1 bids nil and takes a trick: failed, −50 here (−100 under the preset), and
# under bags_only that trick never helps the partner's contract of 2.
NIL_HAND = hand([3, "nil", 4, 2], [4, 1, 5, 3])


def instance(tmp_path: Path, name: str = "a") -> dict[str, str]:
    return {"SCOREKEEPER_INSTANCE": str(tmp_path / name)}


def write(tmp_path: Path, doc: object, name: str = "rules.json") -> str:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return str(path)


def stored_count(tmp_path: Path, name: str = "a") -> int:
    path = tmp_path / name / "scorekeeper.db"
    if not path.exists():
        return 0
    with sqlite3.connect(path) as conn:
        return int(conn.execute("SELECT count(*) FROM house_rules").fetchone()[0])


def test_the_engine_reads_the_format_example_with_house_origins_and_the_preset_kept():
    ruleset = house_ruleset(FRIDAY)
    preset = find_ruleset("yahoo-normal")
    assert (ruleset.id, ruleset.name, ruleset.base) == ("friday-club", "Friday club", preset)
    assert ruleset.options.nil_points == 50
    assert ruleset.origin("nil_points") == "house"
    assert ruleset.why("nil_points") == "we halve nil since 2019"
    assert ruleset.origin("target") == preset.origin("target")
    assert ruleset.provenance["target"].quote == preset.provenance["target"].quote
    assert rules_document(ruleset) == FRIDAY


def test_a_game_file_carrying_its_house_rules_scores_anywhere():
    doc = {**game_file("friday-club", [NIL_HAND]), "house_rules": FRIDAY}
    result = score_game(load_game(doc))
    # Ann & Cho 7 bid, 9 taken: +72; Ben's failed nil −50, Dee's 2 made alone: +20 + 1 bag.
    assert result.hands[0].points == (72, -29)


def test_import_list_show_score_export_and_import_on_another_instance(tmp_path):
    env = instance(tmp_path)
    done = run_cli("rules", "import", write(tmp_path, FRIDAY), env=env)
    assert done.returncode == 0, done.stderr
    assert "friday-club" in done.stdout

    listing = json.loads(run_cli("rules", "--json", env=env).stdout)
    assert {"id": "friday-club", "game": "spades", "name": "Friday club", "house": True,
            "base": "yahoo-normal"} in listing  # fmt: skip
    assert "friday-club" in run_cli("rules", env=env).stdout

    rules = json.loads(run_cli("rules", "friday-club", "--json", env=env).stdout)
    by_name = {option["name"]: option for option in rules["options"]}
    assert by_name["nil_points"]["origin"] == "house"
    assert by_name["nil_points"]["why"] == "we halve nil since 2019"
    assert by_name["nil_points"]["preset"]["value"] == 100
    assert by_name["failed_nil_tricks"]["origin"] == "house"
    preset = json.loads(run_cli("rules", "yahoo-normal", "--json", env=env).stdout)
    kept = {option["name"]: option for option in preset["options"]}["target"]
    assert (by_name["target"]["origin"], by_name["target"]["quote"]) == (
        kept["origin"],
        kept["quote"],
    )
    words = run_cli("rules", "friday-club", env=env).stdout
    assert "we halve nil since 2019" in words and "house rule" in words

    game = write(tmp_path, game_file("friday-club", [NIL_HAND]), "game.json")
    scored = json.loads(run_cli("score", game, env=env).stdout)
    assert (scored["ruleset"], scored["totals"]) == ("friday-club", [72, -29])

    exported = run_cli("rules", "export", "friday-club", env=env)
    assert json.loads(exported.stdout) == FRIDAY

    other = instance(tmp_path, "b")
    unknown = run_cli("score", game, env=other)
    assert (unknown.returncode, unknown.stderr) == (2, "game: unknown ruleset 'friday-club'\n")
    again = run_cli("rules", "import", "-", stdin=exported.stdout, env=other)
    assert again.returncode == 0, again.stderr
    assert json.loads(run_cli("score", game, env=other).stdout)["totals"] == [72, -29]


def test_compare_and_import_find_stored_house_rules(tmp_path):
    env = instance(tmp_path)
    run_cli("rules", "import", write(tmp_path, FRIDAY), env=env)
    table = run_cli("rules", "friday-club", "--compare", "yahoo-normal", env=env)
    assert table.returncode == 0, table.stderr
    assert "nil_points" in table.stdout and "2 options differ." in table.stdout

    game = write(tmp_path, game_file("yahoo-normal", [NIL_HAND]), "game.json")
    what_if = run_cli("compare", game, "--ruleset", "friday-club", env=env)
    assert what_if.returncode == 0, what_if.stderr
    assert "friday-club" in what_if.stdout

    house_game = write(tmp_path, game_file("friday-club", [NIL_HAND]), "house.json")
    imported = run_cli("import", house_game, env=env)
    assert imported.returncode == 0, imported.stderr
    with sqlite3.connect(tmp_path / "a" / "scorekeeper.db") as conn:
        (game_id,) = conn.execute("SELECT id FROM games").fetchone()
    exported = json.loads(run_cli("export", game_id, env=env).stdout)
    assert exported["ruleset"] == "friday-club"
    assert exported["house_rules"] == FRIDAY  # the game carries the rules it began from


def test_a_game_keeps_the_rules_it_began_with_after_they_change(tmp_path):
    env = instance(tmp_path)
    run_cli("rules", "import", write(tmp_path, FRIDAY), env=env)
    run_cli("import", write(tmp_path, game_file("friday-club", [NIL_HAND]), "g.json"), env=env)
    changed = {**FRIDAY, "options": {"nil_points": 200}, "notes": {}}
    done = run_cli("rules", "import", write(tmp_path, changed, "new.json"), "--replace", env=env)
    assert done.returncode == 0, done.stderr
    assert run_cli("rules", "delete", "friday-club", env=env).returncode == 0
    with sqlite3.connect(tmp_path / "a" / "scorekeeper.db") as conn:
        (game_id,) = conn.execute("SELECT id FROM games").fetchone()
        (began,) = conn.execute("SELECT detail FROM history WHERE action = 'imported'").fetchone()
    assert json.loads(began)["house_rules"] == {
        "id": "friday-club",
        "name": "Friday club",
        "base": "yahoo-normal",
    }
    exported = json.loads(run_cli("export", game_id, env=env).stdout)
    assert exported["house_rules"]["options"]["nil_points"] == 50
    scored = json.loads(run_cli("score", "-", stdin=json.dumps(exported), env=env).stdout)
    assert scored["totals"] == [72, -29]


BAD = [
    pytest.param(
        {"options": {"nil_pointz": 50}}, "rules: unknown option 'nil_pointz'", id="unknown option"
    ),
    pytest.param(
        {"options": {"nil_points": "lots"}},
        "rules: option 'nil_points' must be a whole number, got \"lots\"",
        id="a value of the wrong type",
    ),
    pytest.param(
        {"options": {"failed_nil_tricks": "sometimes"}},
        "rules: option failed_nil_tricks must be one of",
        id="an unknown value",
    ),
    pytest.param(
        {"options": {"players": 3}},
        "rules: options partnership, players: A partnership game needs 4 players",
        id="a combination no table could play",
    ),
    pytest.param(
        {"id": "yahoo-normal"}, "rules: 'yahoo-normal' is a preset id", id="a preset's id"
    ),
    pytest.param({"id": "Friday Club!"}, 'rules: id "Friday Club!" must be', id="not an id"),
    pytest.param(
        {"base": "hearts-standard"},
        "rules: the base 'hearts-standard' is a hearts preset, not spades",
        id="a base preset of another game",
    ),
    pytest.param(
        {"base": "yahoo-normle"}, "rules: unknown preset 'yahoo-normle'", id="no such base"
    ),
    pytest.param({"format": "scorekeeper-game/1"}, "rules: unknown format", id="another format"),
    pytest.param(
        {"notes": {"target": "why not"}},
        "rules: a note for 'target', which the rules do not change",
        id="a note for an option not changed",
    ),
    pytest.param({"id": "import"}, "rules: the id 'import' is a word", id="a command word"),
    pytest.param({"name": "  "}, "rules: 'name' must be", id="no name"),
    pytest.param(
        {"notes": {"nil_points": "halved \u202eevil"}},
        "rules: the note for 'nil_points' must be one line",
        id="a note that reorders its words",
    ),
    pytest.param(
        {"description": "We play \u2066this\u2069 way"},
        "rules: the description cannot hold control characters or text-direction overrides",
        id="a description that reorders its words",
    ),
    pytest.param(
        {"description": "x" * 2001},
        "rules: the description can be at most 2000 characters; this one has 2001",
        id="a description of a book",
    ),
]


@pytest.mark.parametrize(("change", "message"), BAD)
def test_a_file_that_is_not_valid_is_refused_in_one_line_storing_nothing(
    tmp_path, change, message
):
    env = instance(tmp_path)
    done = run_cli("rules", "import", write(tmp_path, {**FRIDAY, **change}), env=env)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith(message), done.stderr
    assert done.stderr.count("\n") == 1
    assert stored_count(tmp_path) == 0


@pytest.mark.parametrize(
    ("content", "message"),
    [
        pytest.param(
            '{"format": "scorekeeper-rules/1", "id": ', "rules: not valid JSON", id="cut short"
        ),
        pytest.param("[1, 2]", "rules: the file must hold one JSON object", id="a list"),
    ],
)
def test_a_malformed_file_is_refused(tmp_path, content, message):
    done = run_cli("rules", "import", write(tmp_path, content), env=instance(tmp_path))
    assert done.returncode == 2 and done.stderr.startswith(message), done.stderr
    assert stored_count(tmp_path) == 0


def test_an_id_or_a_name_already_taken_is_refused(tmp_path):
    env = instance(tmp_path)
    assert run_cli("rules", "import", write(tmp_path, FRIDAY), env=env).returncode == 0
    same_id = run_cli("rules", "import", write(tmp_path, {**FRIDAY, "name": "Other"}), env=env)
    assert (same_id.returncode, same_id.stderr) == (
        2,
        "rules: the id 'friday-club' is already taken\n",
    )
    same_name = {**FRIDAY, "id": "friday-two", "name": "FRIDAY  club"}
    done = run_cli("rules", "import", write(tmp_path, same_name), env=env)
    assert (done.returncode, done.stderr) == (
        2,
        "rules: the name 'FRIDAY club' is already taken\n",
    )
    assert stored_count(tmp_path) == 1


def test_export_of_unknown_rules_says_so(tmp_path):
    done = run_cli("rules", "export", "nope", env=instance(tmp_path))
    assert (done.returncode, done.stderr) == (2, "rules: no house rules with id 'nope'\n")


def test_scoring_with_stored_house_rules_loads_no_web_framework(tmp_path):
    env = instance(tmp_path)
    run_cli("rules", "import", write(tmp_path, FRIDAY), env=env)
    game = write(tmp_path, game_file("friday-club", [NIL_HAND]), "game.json")
    probe = (
        "import sys, io, contextlib\n"
        "from scorekeeper.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    assert main(['score', {game!r}]) == 0\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('flask', 'weasyprint', 'werkzeug')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        check=True,
        env={**__import__("os").environ, **env},
    )
    assert done.stdout.strip() == "[]"


def test_rules_error_names_the_field_for_a_form():
    with pytest.raises(RulesError) as refused:
        house_ruleset({**FRIDAY, "options": {"nil_pointz": 1}})
    assert refused.value.field == "nil_pointz"


def test_an_id_with_a_line_break_after_it_is_refused(tmp_path):
    doc = {**FRIDAY, "id": "t-club\n"}
    done = run_cli("rules", "import", write(tmp_path, doc), env=instance(tmp_path))
    assert done.returncode == 2 and done.stderr.startswith("rules: ")
    assert done.stderr.count("\n") == 1 and stored_count(tmp_path) == 0


def test_replacing_rules_that_are_not_stored_is_one_line(tmp_path):
    done = run_cli("rules", "import", write(tmp_path, FRIDAY), "--replace", env=instance(tmp_path))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr == "rules: no house rules with id 'friday-club'\n"


def test_a_file_nested_too_deeply_says_so_once(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 50 + "]" * 50)
    done = run_cli("rules", "import", str(path), env=instance(tmp_path))
    assert done.returncode == 2 and "not valid JSON" not in done.stderr
    assert "nested too deeply" in done.stderr


def test_the_command_line_finds_rules_a_phone_saved_and_says_when_phones_differ(tmp_path):
    from scorekeeper.store.db import open_database
    from scorekeeper.store.house import import_house_rules

    env = instance(tmp_path)
    assert run_cli("rules", "import", write(tmp_path, FRIDAY), env=env).returncode == 0
    assert run_cli("rules", "delete", "friday-club", env=env).returncode == 0
    db = open_database(Path(env["SCOREKEEPER_INSTANCE"]) / "scorekeeper.db")
    import_house_rules(db, FRIDAY, device="phone-1")
    exported = run_cli("rules", "export", "friday-club", env=env)
    assert exported.returncode == 0 and json.loads(exported.stdout)["id"] == "friday-club"
    # Taken on that phone, so refused to everyone's rules (which every phone sees).
    taken = run_cli("rules", "import", write(tmp_path, FRIDAY), env=env)
    assert (taken.returncode, taken.stderr) == (
        2,
        "rules: the id 'friday-club' is already taken\n",
    )
    import_house_rules(
        db, {**FRIDAY, "options": {"nil_points": 75}, "notes": {}}, device="phone-2"
    )
    db.close()
    done = run_cli("rules", "delete", "friday-club", env=env)
    assert (done.returncode, done.stderr) == (
        2,
        "rules: several phones keep different house rules with id 'friday-club'\n",
    )
