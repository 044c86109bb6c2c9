"""The `scorekeeper` command: score and explain games, print rules, run the app.

Each subcommand imports only what it needs, so `score` and `rules` start fast: no Flask
or WeasyPrint on their path.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from .engine.describe import RuleSheet


def _read_json(path: str) -> object:
    if path == "-":
        raw = sys.stdin.read()
    else:
        with open(path, encoding="utf-8") as file:
            raw = file.read()
    return json.loads(raw)


def cmd_score(args: argparse.Namespace) -> int:
    """Score a game file and print the result as JSON."""
    from .engine import ScoreError, load_game, result_to_json, score_game

    try:
        doc = _read_json(args.file)
    except OSError as error:
        return _fail(f"game: cannot read {args.file}: {error.strerror}")
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        return _fail(f"game: not valid JSON: {error}")
    try:
        result = score_game(load_game(doc))
    except ScoreError as error:
        return _fail(str(error))
    json.dump(
        result_to_json(result), sys.stdout, ensure_ascii=False, indent=2 if args.pretty else None
    )
    sys.stdout.write("\n")
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    """List the presets, or print one ruleset in words."""
    from .engine import UnknownRuleset, all_rulesets, find_ruleset
    from .engine.describe import describe

    out: TextIO = sys.stdout
    if not args.id:
        for ruleset in all_rulesets():
            out.write(f"{ruleset.id:<22} {ruleset.game:<7} {ruleset.name}\n")
        return 0
    try:
        ruleset = find_ruleset(args.id)
    except UnknownRuleset:
        return _fail(f"game: unknown ruleset {args.id!r} (see `scorekeeper rules`)")
    out.write(describe_text(describe(ruleset)))
    return 0


def describe_text(sheet: RuleSheet) -> str:
    """Lay a rule sheet out as plain text for a terminal."""
    lines = [sheet.title, "=" * len(sheet.title), sheet.description, ""]
    lines.append(
        f'Preset id: {sheet.id}  (a game file\'s "options" may change any name = value below)'
    )
    lines.append(f"Source: {sheet.source}")
    if sheet.source_part:
        lines.append(f"        {sheet.source_part}")
    for group in sheet.groups:
        title = group.title.render()
        lines += ["", title, "-" * len(title)]
        for rule in group.rules:
            mark = {"stated": "", "changed": "  [changed for this game]"}.get(
                rule.origin, "  [not stated by the source — our default]"
            )
            raw = json.dumps(rule.raw, ensure_ascii=False)
            lines.append(f"- {rule.label.render()}: {rule.value.render()}{mark}")
            lines.append(f"    {rule.option} = {raw}")
    if sheet.notes:
        lines += ["", "How we read the source", "----------------------"]
        lines += [f"- {note}" for note in sheet.notes]
    return "\n".join(lines) + "\n"


def cmd_serve(args: argparse.Namespace) -> int:
    """Run the app with the production server."""
    from .serve import serve

    serve(args.host, args.port, args.threads)
    return 0


def _database() -> object:
    from .paths import database_path
    from .store.db import migrate, open_database

    path = database_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    db = open_database(path)
    migrate(db)
    return db


def cmd_export(args: argparse.Namespace) -> int:
    """Print a stored game as a game file."""
    from .store import GameNotFound, export_game

    try:
        doc = export_game(_database(), args.game_id)  # type: ignore[arg-type]
    except GameNotFound:
        return _fail(f"game: no game with id {args.game_id!r}")
    json.dump(doc, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    """Store a game file as a new game and print the URL that opens it."""
    from .engine import ScoreError
    from .serve import DEFAULT_PORT, urls
    from .store import import_game

    try:
        doc = _read_json(args.file)
    except OSError as error:
        return _fail(f"game: cannot read {args.file}: {error.strerror}")
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        return _fail(f"game: not valid JSON: {error}")
    try:
        game_id = import_game(_database(), doc)  # type: ignore[arg-type]
    except ScoreError as error:
        return _fail(str(error))
    base = args.base_url or urls("0.0.0.0", DEFAULT_PORT)[0]
    print(f"{base.rstrip('/')}/g/{game_id}")
    return 0


def _fail(message: str) -> int:
    sys.stderr.write(message.replace("\n", " ") + "\n")
    return 2


def build_parser() -> argparse.ArgumentParser:
    """Describe the subcommands."""
    parser = argparse.ArgumentParser(
        prog="scorekeeper", description="Score-keeping and referee companion for card games."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    score = commands.add_parser("score", help="score a game file and print the result as JSON")
    score.add_argument("file", metavar="FILE", help="a game file, or - for standard input")
    score.add_argument("--pretty", action="store_true", help="indent the JSON")
    score.set_defaults(run=cmd_score)

    rules = commands.add_parser("rules", help="list the presets, or print one ruleset in words")
    rules.add_argument("id", nargs="?", metavar="ID", help="a preset id, e.g. yahoo-normal")
    rules.set_defaults(run=cmd_rules)

    serve = commands.add_parser("serve", help="run the table app for phones on this network")
    serve.add_argument("--host", default="0.0.0.0", help="address to listen on (default: all)")
    serve.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    serve.add_argument("--threads", type=int, default=8, help=argparse.SUPPRESS)
    serve.set_defaults(run=cmd_serve)

    export = commands.add_parser("export", help="print a stored game as a game file")
    export.add_argument("game_id", metavar="GAME_ID")
    export.set_defaults(run=cmd_export)

    imp = commands.add_parser("import", help="store a game file and print the URL that opens it")
    imp.add_argument("file", metavar="FILE", help="a game file, or - for standard input")
    imp.add_argument("--base-url", help="the app's address, e.g. http://192.168.1.20:8000")
    imp.set_defaults(run=cmd_import)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line."""
    args = build_parser().parse_args(argv)
    return int(args.run(args))


if __name__ == "__main__":
    sys.exit(main())
