"""The `scorekeeper` command: score and explain games, print rules, run the app.

Each subcommand imports only what it needs, so `score` and `rules` start fast: no Flask
or WeasyPrint on their path.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import itertools
import json
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from .engine.errors import ScoreError
from .engine.text import N_, Nn_, Text, ntext, text

UNKNOWN_RULESET = N_("unknown ruleset {id} (see `scorekeeper rules`)")

if TYPE_CHECKING:  # names for the checker only: `score` and `rules` never import SQLite
    from pathlib import Path

    from sqlite_utils import Database

    from .engine.describe import RuleSheet
    from .engine.house import Resolver
    from .engine.ruleset import Ruleset
    from .store.house import HouseRules


def _translations(language: str) -> Any:
    """The message catalog for --lang (None for English)."""
    if language == "en":
        return None
    import gettext

    from .paths import TRANSLATIONS

    return gettext.translation("messages", TRANSLATIONS, languages=[language], fallback=True)


class Refused(Exception):
    """A command cannot go on; the message says what is wrong (printed in the --lang
    language, exit status 2)."""

    def __init__(self, message: Text) -> None:
        self.message = message
        super().__init__(message.render())


def _game_problem(message: str, **params: Any) -> Refused:
    """A refusal about the file or the command as a whole ("game: ...")."""
    return Refused(text(N_("game: {why}"), why=text(message, **params)))


def _file_bytes(path: str) -> bytes:
    """A file's bytes, or standard input's for "-" (OSError as open gives it)."""
    if path == "-":
        return sys.stdin.buffer.read()
    with open(path, "rb") as file:
        return file.read()


def _read_game_file(path: str, *, stored: bool = False) -> object:
    """The JSON document in a game file ("-" is standard input), or Refused saying why
    not (a GameError when it is not JSON, or nested deeper than any game file; when it
    is to be `stored`, also when it is larger than a game file imported may be)."""
    from .limits import check_file_size, read_game_json

    try:
        raw = _file_bytes(path)
    except OSError as error:
        raise _game_problem(
            N_("cannot read {path}: {why}"), path=path, why=error.strerror
        ) from error
    if stored:
        check_file_size(len(raw))
    return read_game_json(raw)


def cmd_score(args: argparse.Namespace) -> int:
    """Score a game file and print the result as JSON."""
    from .engine import ScoreError, load_game, result_to_json, score_game

    doc = _read_game_file(args.file)
    try:
        result = score_game(load_game(doc, _stored_rulesets()))
    except ScoreError as error:
        return _fail(error.render(args.translations))
    scored = result_to_json(result, args.translations)
    # json.dumps, not json.dump: dump to a stream runs the pure-Python encoder, which
    # took a third of the time of scoring 1,000 hands.
    sys.stdout.write(
        json.dumps(scored, ensure_ascii=False, indent=2 if args.pretty else None) + "\n"
    )
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    """List the presets and house rules, print one ruleset in words (or as JSON), or
    import, export or delete house rules."""
    from .engine import UnknownRuleset, all_rulesets
    from .engine.describe import describe, rules_json

    out: TextIO = sys.stdout
    if args.id in RULES_ACTIONS:
        return RULES_ACTIONS[args.id](args)
    if args.more:
        raise _rules_problem(N_("unexpected {arg!r} after the id"), arg=args.more)
    if args.compare:
        ids = [*([args.id] if args.id else []), *args.compare]
        return _compare_rules(ids, args.translations)
    if not args.id:
        house = [h.ruleset() for h in _house_list()]
        if args.json:
            listing = [
                {
                    "id": r.id,
                    "game": r.game,
                    "name": r.text("name", args.lang),
                    **({"house": True, "base": r.base.id} if r.base else {}),
                }
                for r in [*all_rulesets(), *house]
            ]
            json.dump(listing, out, ensure_ascii=False, indent=2)
            out.write("\n")
            return 0
        for ruleset in all_rulesets():
            out.write(f"{ruleset.id:<22} {ruleset.game:<7} {ruleset.text('name', args.lang)}\n")
        for ruleset in house:
            mark = text(
                N_("house rules from {base}"), base=ruleset.base.id if ruleset.base else ""
            )
            out.write(
                f"{ruleset.id:<22} {ruleset.game:<7} {ruleset.name}  [{mark.render(args.translations)}]\n"
            )
        return 0
    try:
        ruleset = _stored_rulesets()(args.id)
    except UnknownRuleset:
        raise _game_problem(N_("unknown ruleset {id}"), id=_unknown_id(args.id)) from None
    if args.json:
        json.dump(
            rules_json(ruleset, args.translations, args.lang), out, ensure_ascii=False, indent=2
        )
        out.write("\n")
        return 0
    out.write(describe_text(describe(ruleset, args.lang), args.translations))
    return 0


def _unknown_id(ruleset_id: str) -> str:
    """An id no ruleset has, as a refusal shows it (cut short if longer than any id)."""
    from .engine.ruleset import short_id

    return repr(short_id(ruleset_id))


def _rules_problem(message: str, **params: Any) -> Refused:
    """A refusal about house rules ("rules: ...")."""
    return Refused(text(N_("rules: {why}"), why=text(message, **params)))


def _database_if_any(*, writes: bool = False) -> Database | None:
    """The instance's database when it has one (None otherwise: nothing is created)."""
    from .paths import database_path

    return _database(writes=writes) if database_path().exists() else None


def _stored_rulesets() -> Resolver:
    """Find a ruleset id: a preset's, else house rules stored in the instance's database
    (opened only then: `score` of a preset's game never loads SQLite)."""
    from .engine import UnknownRuleset, find_ruleset

    def find(ruleset_id: str) -> Ruleset:
        try:
            return find_ruleset(ruleset_id)
        except UnknownRuleset:
            db = _database_if_any()
            if db is None:
                raise
            from .store.house import house_resolver

            return house_resolver(db, everyone=True)(ruleset_id)

    return find


def _house_list() -> list[HouseRules]:
    """Every stored house ruleset (the CLI runs on the server and sees all)."""
    db = _database_if_any()
    if db is None:
        return []
    from .store.house import list_house_rules

    return list_house_rules(db, everyone=True)


def _rules_argument(args: argparse.Namespace) -> str:
    if not args.more:
        raise _rules_problem(N_("{action} needs an argument"), action=args.id)
    return str(args.more)


def cmd_rules_import(args: argparse.Namespace) -> int:
    """Store a `scorekeeper-rules/1` file as house rules (or, with --replace, update them)."""
    from .engine.errors import GameError, RulesError
    from .limits import check_file_size, read_game_json
    from .store.house import save_house_rules

    path = _rules_argument(args)
    try:
        raw = _file_bytes(path)
    except OSError as error:
        raise _rules_problem(
            N_("cannot read {path}: {why}"), path=path, why=error.strerror
        ) from error
    try:
        check_file_size(len(raw), rules=True)
        doc = read_game_json(raw)
    except GameError as error:
        raise RulesError(error.message) from None
    replacing = None
    if args.replace and isinstance(doc, dict) and isinstance(doc.get("id"), str):
        replacing = _stored_house_rules(doc["id"]).key  # one line when none has the id
    saved = save_house_rules(_database(writes=True), doc, replacing=replacing)
    said = (
        N_("Updated house rules {id} ({name}), from {base}")
        if args.replace
        else N_("Stored house rules {id} ({name}), from {base}")
    )
    print(
        text(said, id=saved.id, name=saved.name, base=saved.document["base"]).render(
            args.translations
        )
    )
    return 0


def _stored_house_rules(rules_id: str, *, writes: bool = False) -> HouseRules:
    """The stored house rules with this id (everyone's first, else the one phone's that
    uses it), or one line saying there are none or which to mean is unclear."""
    from .store.house import HouseRulesAmbiguous, HouseRulesNotFound, find_house_rules

    db = _database_if_any(writes=writes)
    try:
        if db is None:
            raise HouseRulesNotFound(rules_id)
        return find_house_rules(db, rules_id, everyone=True)
    except HouseRulesNotFound:
        raise _rules_problem(N_("no house rules with id {id!r}"), id=rules_id) from None
    except HouseRulesAmbiguous:
        raise _rules_problem(
            N_("several phones keep different house rules with id {id!r}"), id=rules_id
        ) from None


def cmd_rules_export(args: argparse.Namespace) -> int:
    """Print stored house rules as a `scorekeeper-rules/1` file."""
    found = _stored_house_rules(_rules_argument(args))
    json.dump(dict(found.document), sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return 0


def cmd_rules_delete(args: argparse.Namespace) -> int:
    """Delete stored house rules (games started from them keep their rules)."""
    from .store.house import delete_house_rules

    rules_id = _rules_argument(args)
    found = _stored_house_rules(rules_id, writes=True)
    delete_house_rules(_database(writes=True), found)
    print(text(N_("Deleted house rules {id}"), id=rules_id).render(args.translations))
    return 0


# `scorekeeper rules import FILE` and the like: these words are never house rules' ids.
RULES_ACTIONS = {
    "import": cmd_rules_import,
    "export": cmd_rules_export,
    "delete": cmd_rules_delete,
}


def describe_text(sheet: RuleSheet, tr: Any = None) -> str:
    """Lay a rule sheet out as plain text for a terminal (translated with `tr`)."""
    lines = _sheet_head(sheet, tr)
    lines += _heading(text(N_("Quick answers")).render(tr))
    for answer in sheet.answers:
        lines.append(f"* {answer.question.render(tr)}")
        lines += [f"    {line.render(tr)}" for line in answer.lines]
    for table in sheet.tables:
        lines += _table_lines(table, tr)
    for group in sheet.groups:
        shown = [rule for rule in group.rules if rule.shown]
        if not shown:
            continue
        lines += _heading(group.title.render(tr))
        for rule in shown:
            lines.append(f"- {rule.label.render(tr)}: {rule.value.render(tr)}")
            lines += [f"    {line}" for line in _provenance_lines(rule, tr)]
            lines.append(f"    {rule.option} = {json.dumps(rule.raw, ensure_ascii=False)}")
    lines += _other_options(sheet, tr)
    if sheet.notes:
        lines += _heading(text(N_("How we read the source")).render(tr))
        lines += [f"- {note}" for note in sheet.notes]
    return "\n".join(lines) + "\n"


def _heading(title: str) -> list[str]:
    return ["", title, "-" * len(title)]


def _sheet_head(sheet: RuleSheet, tr: Any) -> list[str]:
    """The title, the id (a preset's, or house rules and their base) and the source."""

    def say(message: str, **params: Any) -> str:
        return text(message, **params).render(tr)

    lines = [
        sheet.title,
        "=" * len(sheet.title),
        *([sheet.description] if sheet.description else []),
        "",
    ]
    if sheet.base:
        said = N_("House rules id: {id}, this table's own, from the preset {base} ({name})")
        lines.append(say(said, id=sheet.id, base=sheet.base, name=sheet.base_title))
    else:
        said = N_('Preset id: {id}  (a game file\'s "options" may change any name = value below)')
        lines.append(say(said, id=sheet.id))
    lines.append(say(N_("Source: {source}"), source=sheet.source_title))
    # The seed's file name is for `--json` (data); people read its title and part.
    lines += [f"        {line}" for line in (sheet.source_url, sheet.source_part) if line]
    if sheet.base_part:
        lines.append(say(N_("Described against: {part}"), part=sheet.base_part))
    return lines


def _other_options(sheet: RuleSheet, tr: Any) -> list[str]:
    """The options that cannot matter, or of which the source says nothing, one a line."""
    from .engine.describe import ORIGIN_WORDS

    others = [rule for rule in sheet.lines if not rule.shown]
    if not others:
        return []
    lines = _heading(text(N_("All other options")).render(tr))
    lines.append(
        text(
            N_("They cannot matter under these rules, or the source says nothing of them.")
        ).render(tr)
    )
    for rule in others:
        mark = text(ORIGIN_WORDS[rule.origin]).render(tr)
        raw = json.dumps(rule.raw, ensure_ascii=False)
        lines.append(
            f"- {rule.label.render(tr)}: {rule.value.render(tr)}  [{mark}]  {rule.option} = {raw}"
        )
    return lines


def _provenance_lines(rule: Any, tr: Any) -> list[str]:
    """Where a value comes from, under its line: the source's words, or our reason."""
    from .engine.describe import ORIGIN_WORDS

    mark = text(ORIGIN_WORDS[rule.origin]).render(tr)
    lines = [f"{mark}: 「{rule.quote}」" if rule.quote else f"[{mark}]"]
    if rule.alternatives:
        others = " / ".join(value.render(tr) for value in rule.alternatives)
        lines.append(text(N_("the source also allows: {values}"), values=others).render(tr))
    if rule.why:
        lines.append(rule.why)
    if rule.instead is not None:  # a house rule: what the preset says instead
        instead = rule.instead
        said = text(N_("the preset says: {value}"), value=instead.value).render(tr)
        lines.append(f"{said}  「{instead.quote}」" if instead.quote else said)
    return lines


def _table_lines(table: Any, tr: Any) -> list[str]:
    """A kind's score table as text columns."""
    title = table.title.render(tr)
    rows = [["", *(column.render(tr) for column in table.columns)]]
    for name, values in table.rows:
        rows.append([name.render(tr), *(f"{value:+d}" for value in values)])
    widths = [max(_width(row[i]) for row in rows) for i in range(len(rows[0]))]
    out = ["", title, "-" * len(title)]
    for row in rows:
        out.append("  ".join(_pad(cell, widths[i], i > 0) for i, cell in enumerate(row)).rstrip())
    if table.note:
        out.append(table.note.render(tr))
    return out


def _width(cell: str) -> int:
    """Terminal columns a cell takes (CJK characters take two)."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in cell)


def _pad(cell: str, width: int, right: bool) -> str:
    gap = " " * (width - _width(cell))
    return gap + cell if right else cell + gap


def cmd_serve(args: argparse.Namespace) -> int:
    """Run the app with the production server."""
    from .serve import PortUnavailable, serve

    try:
        serve(args.host, args.port, args.threads)
    except PortUnavailable as error:
        why = (
            N_("port {port} is already in use (is scorekeeper already running?)")
            if error.in_use
            else N_("port {port} cannot be opened by this user")
        )
        other = args.port + 1 if 1024 <= args.port < 65535 else 8080
        raise Refused(
            text(
                N_("{why}: choose another with --port {other} (make run PORT={other})"),
                why=text(why, port=args.port),
                other=other,
            )
        ) from None
    except KeyboardInterrupt:  # Ctrl+C is how a table stops it
        print(text(N_("Stopped.")).render(args.translations))
    return 0


def _database(*, writes: bool = False) -> Database:
    """The instance's database; for a command that `writes`, after SQLite's quick check
    (a few milliseconds): nothing is written into a damaged file."""
    from .paths import database_path
    from .store.db import damage, damaged, open_instance

    path = database_path()
    # A reading command holds a read-only connection from before its own opens until
    # it exits: the last connection to close writes the write-ahead log into the file,
    # and a read-only one cannot, so a file found damaged on the way (opening it, or
    # reading it) is left, with its log, exactly as it was.
    guard = _read_only_guard(path) if not writes and path.exists() else None
    db = open_instance(path)
    if writes:
        found = damage(path)
        if found is not None:
            db.close()
            raise damaged(path, found)
    elif guard is not None:
        guard.append(db)
    return db


def _read_only_guard(path: Path) -> list[Database]:
    """A read-only connection to `path`, closed at exit after the connections put in the
    list it returns."""
    import atexit
    import sqlite3

    from .store.db import read_only

    guard = read_only(path)
    with contextlib.suppress(sqlite3.Error):  # a file that does not read: nothing to keep
        guard.execute("SELECT count(*) FROM sqlite_master").fetchone()
    opened: list[Database] = []

    def close() -> None:
        try:
            for db in opened:
                db.close()
        finally:
            guard.close()

    atexit.register(close)
    return opened


def cmd_check(args: argparse.Namespace) -> int:
    """Say whether the database file is sound (SQLite's integrity check, read-only)."""
    from .paths import database_path
    from .store.db import StoreError, damage, damaged, read_only

    path = database_path()
    if not path.exists():
        raise StoreError(text(N_("there is no database at {path}"), path=str(path)))
    read_only(path).close()  # refuses somebody else's file; writes nothing into this one
    found = damage(path, thorough=True)
    if found is not None:
        raise damaged(path, found)
    if args.deep or args.repair:
        return _check_games(args)
    print(text(N_("the database {path} is sound"), path=str(path)).render(args.translations))
    return 0


def _check_games(args: argparse.Namespace) -> int:
    """`check --deep`: replay every game's hand log and compare what it makes with the
    summary kept for it; with --repair, make again every summary that differs (and the
    ratings from them). A hand that does not replay is named: only a backup brings it back."""
    from .paths import database_path
    from .store import summaries
    from .store.ratings import rework
    from .store.stored import DamagedGame

    db = _database(writes=args.repair)
    say = functools.partial(_say, args.translations)
    ids = [row[0] for row in db.execute("SELECT id FROM games ORDER BY created_at, rowid")]
    damaged_games, differing = 0, []
    for game_id in ids:
        try:
            what = summaries.replay_differs(db, game_id)
        except DamagedGame as error:
            damaged_games += 1
            print(error.render(args.translations))
            if args.repair:  # its summary goes: no page counts what its hands no longer say
                summaries.remake(db, game_id)
            continue
        if what is not None:
            differing.append(game_id)
            print(
                say(
                    N_("game {id}: its summary differs from its hands replayed ({what})"),
                    id=game_id,
                    what=what,
                )
            )
    if args.repair and (differing or damaged_games):
        for game_id in differing:
            summaries.remake(db, game_id)
        for (kind,) in db.execute("SELECT DISTINCT kind FROM games").fetchall():
            rework(db, kind)
        print(
            ntext(
                Nn_(
                    "{n} summary made again from its game's hands",
                    "{n} summaries made again from their games' hands",
                ),
                len(differing),
            ).render(args.translations)
        )
    path = str(database_path())
    if damaged_games or (differing and not args.repair):
        sys.stderr.write(
            say(
                N_(
                    "the database {path}: {games} games replayed, {damaged} with a hand that cannot be read, {differ} with a summary that differs"
                ),
                path=path,
                games=len(ids),
                damaged=damaged_games,
                differ=len(differing),
            )
            + "\n"
        )
        return 2
    print(
        say(
            N_("the database {path} is sound: {games} games replayed, each as its summary says"),
            path=path,
            games=len(ids),
        )
    )
    return 0


def _say(translations: Any, message: str, **params: Any) -> str:
    return text(message, **params).render(translations)


def cmd_export(args: argparse.Namespace) -> int:
    """Print a stored game as a game file."""
    from .store import GameNotFound, export_game

    try:
        doc = export_game(_database(), args.game_id)
    except GameNotFound:
        raise _game_problem(N_("no game with id {id}"), id=repr(args.game_id)) from None
    json.dump(doc, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    """Print every player's statistics across the stored games (all of them: the CLI
    runs on the server)."""
    from .engine import find_kind
    from .stats import stat_columns, stats_json
    from .store import Scope, every_player, kinds_played, ratings_of

    db = _database()
    scope = Scope(None, kind=args.game or "", ruleset=args.ruleset or "")
    stats = every_player(db, scope)
    if args.json:
        rated = {kind: ratings_of(db, kind) for kind in kinds_played(db, scope)}
        json.dump(stats_json(stats, rated), sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    tr = args.translations
    # Each game's columns under its name ("Game: Column"): its own counts only.
    columns = [
        (kind, column) for kind, some in stat_columns(kinds_played(db, scope)) for column in some
    ]
    head = [text(N_(word)).render(tr) for word in STATS_COLUMNS]
    head += [
        text(
            N_("{game}: {column}"),
            game=text(find_kind(kind).facts.title),
            column=text(column.label),
        ).render(tr)
        for kind, column in columns
    ]
    rows = [head] + [
        [p.name, str(p.games), str(p.won), str(p.hands)]
        + [column.cell(p.counts_of(kind)) for kind, column in columns]
        for p in stats
    ]
    widths = [max(_width(row[i]) for row in rows) for i in range(len(head))]
    for row in rows:
        print("  ".join(_pad(cell, widths[i], i > 0) for i, cell in enumerate(row)).rstrip())
    return 0


def cmd_rename(args: argparse.Namespace) -> int:
    """Rename a player in every stored game and every evening's rotation (the CLI runs
    on the server and sees all); renaming one spelling into another merges the two."""
    from .limits import BadName, clean_name
    from .store import list_games, members

    try:
        new = clean_name(args.new)
    except BadName as problem:
        raise Refused(text(N_("the new name: {why}"), why=problem.message)) from None
    db = _database(writes=True)
    evenings = [row[0] for row in db.execute("SELECT id FROM evenings")]
    try:
        renamed = members.rename(db, [g.id for g in list_games(db)], evenings, args.old, new)
    except BadName as problem:  # it looks like another player of a game or evening
        raise Refused(text(N_("the new name: {why}"), why=problem.message)) from None
    changed = renamed.games
    message = ntext(
        Nn_("{old} is now {new} in {n} game", "{old} is now {new} in {n} games"),
        len(changed),
        old=args.old,
        new=new,
    )
    sys.stdout.write(message.render(args.translations) + "\n")
    return 0


def cmd_csv(args: argparse.Namespace) -> int:
    """Print stored games' hands as CSV, one row per player per hand (all games, or these)."""
    from .stats import csv_rows, write_csv
    from .store import GameNotFound, Scope, csv_text, get_game

    db = _database()
    if not args.game_id:  # every game, from the games' summaries
        sys.stdout.write(csv_text(db, Scope(None)))
        return 0
    try:
        games = [get_game(db, game_id) for game_id in args.game_id]
    except GameNotFound as missing:
        raise _game_problem(N_("no game with id {id}"), id=repr(missing.args[0])) from None
    write_csv(
        csv_rows((g.id, g.created_at[:10], g.players, g.hands, g.score()) for g in games),
        sys.stdout,
    )
    return 0


STATS_COLUMNS = (N_("player"), N_("games"), N_("won"), N_("hands"))  # then each kind's


def cmd_import(args: argparse.Namespace) -> int:
    """Store game files as new games and print the URL that opens each (its scorer
    link): several files, or standard input holding one game file or one a line (JSON
    lines). Each game is stored in its own transaction; a file refused says why on one
    line and the others are stored all the same (exit status 2 if any was refused)."""
    from .engine import ScoreError
    from .serve import DEFAULT_PORT, urls
    from .store import import_game
    from .store.house import house_resolver

    db = _database(writes=True)
    find = house_resolver(db, everyone=True)
    base = (args.base_url or urls("0.0.0.0", DEFAULT_PORT)[0]).rstrip("/")
    several = len(args.file) > 1
    refused = stored = 0
    said: list[tuple[TextIO, str]] = []  # told once what it tells of is on the disk
    # A game a transaction, each whole or absent; the disk is made to keep them about
    # once a second rather than after each (a club's 10,000 games in seconds, not
    # minutes), and a line says a game is stored only once the disk keeps it.
    db.execute("PRAGMA synchronous = NORMAL")
    kept = time.monotonic()
    for where, raw in _game_files(args.file):
        try:
            if isinstance(raw, ScoreError):
                raise raw
            game_id = import_game(db, _game_json(raw), find)
        except ScoreError as error:
            refused += 1
            why = error.render(args.translations).replace("\n", " ")
            said.append((sys.stderr, f"{where}: {why}" if several or ":" in where else why))
        else:
            stored += 1
            (token,) = db.execute(
                "SELECT scorer_token FROM games WHERE id = ?", [game_id]
            ).fetchone()
            said.append((sys.stdout, f"{base}/s/{token}"))
        if time.monotonic() - kept > 1:
            _kept_on_disk(db, said)
            kept = time.monotonic()
    _kept_on_disk(db, said)
    if refused and stored + refused > 1:
        _fail(
            text(
                N_("game files: {stored} stored, {refused} refused"),
                stored=stored,
                refused=refused,
            ).render(args.translations)
        )
    return 2 if refused else 0


def _kept_on_disk(db: Database, said: list[tuple[TextIO, str]]) -> None:
    """Make the disk keep every game stored so far, then say what was said of them."""
    from .paths import database_path

    wal = database_path().with_name(database_path().name + "-wal")
    if wal.exists():
        with open(wal, "rb+") as file:
            os.fsync(file.fileno())
    for stream, line in said:
        stream.write(line + "\n")
    said.clear()
    sys.stdout.flush()
    sys.stderr.flush()


def _game_json(raw: bytes) -> object:
    from .limits import check_file_size, read_game_json

    check_file_size(len(raw))
    return read_game_json(raw)


def _game_files(paths: list[str]) -> Iterator[tuple[str, bytes | ScoreError]]:
    """(where, the file's bytes) for each game file named ("-" is standard input, which
    holds one game file, or one a line: then each is "-:LINE"); a file that cannot be
    read comes as the error that says why."""
    from .engine.errors import GameError

    for path in paths:
        if path == "-":
            yield from _stdin_games()
            continue
        try:
            yield path, _file_bytes(path)
        except OSError as error:
            yield (
                path,
                GameError(text(N_("cannot read {path}: {why}"), path=path, why=error.strerror)),
            )


MAX_LINE = 1024 * 1024 + 1  # a game file's limit, and one byte more to tell it was passed


def _stdin_games() -> Iterator[tuple[str, bytes]]:
    """Standard input's game files: the whole of it when its first line is not a JSON
    document on its own (a file written over several lines), else one a line."""
    stream = sys.stdin.buffer
    first = stream.readline(MAX_LINE)
    try:
        json.loads(first)
    except ValueError:
        yield "-", first + stream.read()
        return
    second = stream.readline(MAX_LINE)
    if not second:
        yield "-", first  # one game file, on one line
        return
    lines = itertools.chain([first, second], iter(lambda: stream.readline(MAX_LINE), b""))
    for number, line in enumerate(lines, 1):
        if len(line) == MAX_LINE and not line.endswith(b"\n"):
            for rest in iter(lambda: stream.readline(MAX_LINE), b""):
                if rest.endswith(b"\n"):
                    break  # the rest of a line too long to be a game file, skipped
        if line.strip():
            yield f"-:{number}", line


def _compare_rules(ids: list[str], tr: Any = None) -> int:
    """Print every option of two or more presets, differences marked."""
    from .engine import UnknownRuleset
    from .engine.referee import compare

    def say(message: str, **params: Any) -> str:
        return text(message, **params).render(tr)

    find = _stored_rulesets()
    try:
        table = compare([find(ruleset_id) for ruleset_id in ids])
    except UnknownRuleset as error:
        raise _game_problem(UNKNOWN_RULESET, id=_unknown_id(error.args[0])) from None
    width = max(len(ruleset_id) for ruleset_id in ids) + 2
    lines = [
        say(N_("Comparing {ids}"), ids=", ".join(ids)),
        say(N_("(* marks an option on which they differ)")),
    ]
    for title, rows in table.groups:
        heading = title.render(tr)
        lines += ["", heading, "-" * len(heading)]
        for row in rows:
            if row.differs:
                lines.append(f"* {row.label.render(tr)}  [{row.option}]")
                for ruleset_id, value in zip(ids, row.values, strict=True):
                    lines.append(f"    {ruleset_id:<{width}}{value.render(tr)}")
            else:
                all_ = say(N_("(all)"))
                lines.append(f"  {row.label.render(tr)}: {row.values[0].render(tr)}  {all_}")
    count = len(table.differences)
    lines += ["", ntext(Nn_("{n} option differs.", "{n} options differ."), count).render(tr)]
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


def _option_value(raw: str) -> object:
    try:
        return json.loads(raw)
    except json.JSONDecodeError:
        return raw


def cmd_compare(args: argparse.Namespace) -> int:
    """Re-score a game file under another ruleset and show the difference hand by hand."""
    from .engine import ScoreError, UnknownRuleset, load_game
    from .engine.options import OptionError
    from .engine.referee import what_if

    doc = _read_game_file(args.file)
    changes = {}
    for item in args.option or []:
        name, _, value = item.partition("=")
        changes[name.strip()] = _option_value(value.strip())
    find = _stored_rulesets()
    try:
        game = load_game(doc, find)
        # Without --ruleset: the game's own rules, the file's options included.
        other = find(args.ruleset) if args.ruleset else game.ruleset
        other = other.with_options(changes) if changes else other
        result = what_if(game, other)
    except UnknownRuleset as error:
        raise _game_problem(UNKNOWN_RULESET, id=_unknown_id(error.args[0])) from None
    except OptionError as error:
        raise Refused(text(N_("game: {why}"), why=error.located)) from None
    except ScoreError as error:
        return _fail(error.render(args.translations))
    sys.stdout.write("\n".join(_comparison_lines(game, other, changes, result, args.translations)))
    sys.stdout.write("\n")
    return 0


def _comparison_lines(
    game: Any, other: Any, changes: dict[str, Any], result: Any, tr: Any
) -> list[str]:
    """`compare`'s report: hand by hand, what stopped it, what it carried over, the ends."""
    from .engine.referee import other_outcome_words, outcome_words, verdict

    def say(message: str, **params: Any) -> str:
        return text(message, **params).render(tr)

    names = [side.name for side in result.actual.sides]
    label = f"{other.id}*" if changes else other.id  # "*": options changed, said below
    out = [
        say(N_("{id} → what if {label}"), id=game.ruleset.id, label=label),
        *(
            [
                say(
                    N_("* with changed options: {changes}"),
                    changes=", ".join(f"{k}={v}" for k, v in changes.items()),
                )
            ]
            if changes
            else []
        ),
        say(N_("sides: {names}"), names=" : ".join(names)),
        "",
        *_hand_by_hand(result, label, tr),
    ]
    if result.stopped is not None:
        out += [
            "",
            say(
                N_("{why} (under {id}); compared up to hand {last}"),
                why=result.stopped.render(tr),
                id=other.id,
                last=result.stopped.hand - 1,
            ),
        ]
    for carried in result.carried:
        out += [
            "",
            say(
                N_("{note} (hands {hands})"),
                note=carried.note,
                hands=", ".join(map(str, carried.hands)),
            ),
        ]
    actual, theirs = (
        outcome_words(result.actual.outcome, result.actual.sides).render(tr),
        other_outcome_words(result).render(tr),
    )
    out += ["", say(N_("actual: {outcome}"), outcome=actual)]
    out.append(say(N_("under {label}: {outcome}"), label=label, outcome=theirs))
    out.append(verdict(result).render(tr))
    return out


def _hand_by_hand(result: Any, label: str, tr: Any) -> list[str]:
    """The comparison's columns: each hand's totals under both rules and the difference;
    under them, what each side carries on and its markers, where there are any."""
    from .scoresheet import hand_notes

    kind = result.actual.game.ruleset.game

    def notes(hand: Any) -> str:
        said = [", ".join(hand_notes(kind, hand, side, tr)) for side in range(len(hand.totals))]
        return " : ".join(note or "—" for note in said) if any(said) else ""

    head = [text(N_(word)).render(tr) for word in (N_("hand"), N_("actual"))]
    rows = [(*head, label, text(N_("difference")).render(tr))]
    for row in result.rows:
        rows.append(
            (
                str(row.number),
                " : ".join(map(str, row.actual)),
                " : ".join(map(str, row.other)) if row.other else "—",
                " : ".join(f"{d:+d}" for d in row.difference) if row.difference else "—",
            )
        )
        actual = notes(result.actual.hands[row.number - 1])
        theirs = notes(result.other.hands[row.number - 1]) if row.other else ""
        if actual or theirs:
            rows.append(("", actual, theirs, ""))
    widths = [max(_width(r[i]) for r in rows) for i in range(4)]
    return [
        "  ".join(_pad(cell, widths[i], False) for i, cell in enumerate(r)).rstrip() for r in rows
    ]


def cmd_pdf(args: argparse.Namespace) -> int:
    """Write a game file's scoresheet as PDF."""
    from .engine import ScoreError, load_game, score_game

    doc = _read_game_file(args.file)
    try:
        game = load_game(doc, _stored_rulesets())
        result = score_game(game)
    except ScoreError as error:
        return _fail(error.render(args.translations))
    from .pdf import scoresheet_pdf

    pdf = scoresheet_pdf(
        game,
        result=result,
        bodies=doc.get("hands", []) if isinstance(doc, dict) else None,
        page_size=args.page_size,
        translations=args.translations,
        language=args.lang,
    )
    return _write(args.output, pdf)


def cmd_scorecard(args: argparse.Namespace) -> int:
    """Write a blank scorecard for a preset as PDF."""
    from .engine import UnknownRuleset

    try:
        ruleset = _stored_rulesets()(args.id)
    except UnknownRuleset:
        raise _game_problem(UNKNOWN_RULESET, id=_unknown_id(args.id)) from None
    from .pdf import scorecard_pdf

    card = scorecard_pdf(
        ruleset,
        page_size=args.page_size,
        hands=args.hands,
        translations=args.translations,
        language=args.lang,
    )
    return _write(args.output, card)


def _write(path: str, data: bytes) -> int:
    try:
        with open(path, "wb") as file:
            file.write(data)
    except OSError as error:
        raise _game_problem(
            N_("cannot write {path}: {why}"), path=path, why=error.strerror
        ) from None
    return 0


def cmd_backup(args: argparse.Namespace) -> int:
    """Copy the database consistently, even while the app runs (SQLite's online backup)."""
    from .paths import database_path
    from .store.backup import backup
    from .store.db import StoreError

    try:
        games = backup(database_path(), args.output)
    except StoreError as error:  # a BackupError, or a database that cannot be opened
        raise Refused(text(N_("backup: {why}"), why=error.message)) from None
    print(
        ntext(
            Nn_("{n} game backed up to {path}", "{n} games backed up to {path}"),
            games,
            path=args.output,
        ).render(args.translations)
    )
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    """Replace the database's contents with a backup, after checking the backup."""
    from .paths import database_path
    from .store.backup import restore
    from .store.db import StoreError

    target = database_path()
    try:
        games, aside = restore(args.backup, target)
    except StoreError as error:  # a BackupError, or a database that cannot be opened
        raise Refused(text(N_("restore: {why}"), why=error.message)) from None
    if aside is not None:
        said = N_("the damaged database was kept as {aside}")
        print(text(said, aside=str(aside)).render(args.translations))
    print(
        ntext(
            Nn_(
                "{n} game restored from {path} into {target}",
                "{n} games restored from {path} into {target}",
            ),
            games,
            path=args.backup,
            target=str(target),
        ).render(args.translations)
    )
    return 0


def cmd_rotation(args: argparse.Namespace) -> int:
    """Seat a club night's rounds and print them (as JSON with --json)."""
    from .engine.rotation import Method, Request, RotationError, rotation

    players = list(args.names)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(2), "big")
    try:
        request = Request(
            table_size=args.table_size,
            partners=args.table_size == 4 and not args.individual,
            pins=_pins(args.pin or [], players),
            method=Method(args.method),
            seed=seed,
        )
        seating = rotation(players, args.rounds, request)
    except RotationError as error:
        raise _rotation_problem(error.message) from None
    if args.json:
        sys.stdout.write(
            json.dumps({"rounds": [r.to_json() for r in seating]}, ensure_ascii=False) + "\n"
        )
        return 0
    sys.stdout.write(rotation_text(seating, request, args.translations))
    return 0


def _count(value: str) -> int:
    """A whole number given on the command line, read as every count is
    (limits.parse_count): `int` would take "٣" as 3 and answer 5,000 digits with Python's
    own words."""
    from .limits import parse_count

    count = parse_count(value.strip())
    if count is None:
        raise argparse.ArgumentTypeError(f"{value[:20]!r} is not a whole number (digits 0-9)")
    return count


def _rotation_problem(message: Text | str, **params: Any) -> Refused:
    """A refusal of a seating ("rotation: ...")."""
    why = message if isinstance(message, Text) else text(message, **params)
    return Refused(text(N_("rotation: {why}"), why=why))


def _pins(pins: list[str], players: list[str]) -> dict[str, int]:
    """--pin NAME=TABLE, the name as spelled in the list of players (any case)."""
    from .limits import parse_count

    spelled = {name.casefold(): name for name in players}
    found: dict[str, int] = {}
    for pin in pins:
        name, equals, table = pin.rpartition("=")
        number = parse_count(table.strip())
        if not equals or not name or number is None:
            raise _rotation_problem(N_("--pin {pin!r} is not NAME=TABLE"), pin=pin)
        found[spelled.get(name.casefold(), name)] = number
    return found


def rotation_text(seating: Sequence[Any], request: Any, tr: Any = None) -> str:
    """A night's rounds for printing: each table's players (partners as "A & C vs B &
    D") and who sits out."""

    def say(message: str, **params: Any) -> str:
        return text(message, **params).render(tr)

    lines: list[str] = []
    if request.method.value == "random":
        lines += [
            say(
                N_("Random seating, seed {seed} (--seed {seed} seats it again)"), seed=request.seed
            ),
            "",
        ]
    for number, round_ in enumerate(seating, start=1):
        lines.append(say(N_("Round {n}"), n=number))
        for table, names in enumerate(round_.tables, start=1):
            if request.partners:
                who = say(
                    N_("{a} & {c} vs {b} & {d}"), a=names[0], b=names[1], c=names[2], d=names[3]
                )
            else:
                who = ", ".join(names)
            lines.append("  " + say(N_("Table {n}: {players}"), n=table, players=who))
        if round_.out:
            lines.append("  " + say(N_("Sits out: {players}"), players=", ".join(round_.out)))
        lines.append("")
    return "\n".join(lines)


def _fail(message: str, status: int = 2) -> int:
    sys.stderr.write(message.replace("\n", " ") + "\n")
    return status


class _Version(argparse.Action):
    """--version, looked up only when asked (importlib.metadata costs every other run)."""

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> None:
        from importlib.metadata import PackageNotFoundError, version

        try:
            found = version("scorekeeper")
        except PackageNotFoundError:  # run from a checkout that was never installed
            found = "unknown"
        print(f"scorekeeper {found}")
        parser.exit()


# Ids made before 2026-11-22 may start with "-", which argparse reads as an option.
DASH_ID = 'an older id that starts with "-" goes after "--", e.g. export -- -Ab3'


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's help, told the terminal's width: left to find it, argparse imports
    shutil (and with it bz2, lzma and zlib) for every command, help or not, a tenth of
    `scorekeeper score`'s start."""

    def __init__(self, prog: str, **kwargs: Any) -> None:
        if kwargs.get("width") is None:
            kwargs["width"] = _terminal_columns() - 2  # as argparse does
        super().__init__(prog, **kwargs)


def _terminal_columns() -> int:
    """$COLUMNS, else the terminal's width, else 80 (shutil.get_terminal_size's way)."""
    try:
        return int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        pass
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return 80


def build_parser() -> argparse.ArgumentParser:
    """Describe the subcommands."""
    parser = argparse.ArgumentParser(
        prog="scorekeeper",
        description="Score-keeping and referee companion for card games.",
        formatter_class=_HelpFormatter,
    )
    parser.add_argument("--version", action=_Version, nargs=0, help="print the version and exit")
    # --lang before or after the subcommand
    lang = argparse.ArgumentParser(add_help=False, formatter_class=_HelpFormatter)
    lang.add_argument(
        "--lang",
        choices=["en", "ja"],
        default=argparse.SUPPRESS,
        help="language of messages and explanations (default: $SCOREKEEPER_LANG or en)",
    )
    parser.add_argument(
        "--lang",
        choices=["en", "ja"],
        default=os.environ.get("SCOREKEEPER_LANG", "en")
        if os.environ.get("SCOREKEEPER_LANG") in ("en", "ja")
        else "en",
        help="language of messages and explanations (default: $SCOREKEEPER_LANG or en)",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    add = functools.partial(commands.add_parser, parents=[lang], formatter_class=_HelpFormatter)
    _game_file_commands(add)
    _database_commands(add)
    return parser


Add = Callable[..., argparse.ArgumentParser]  # adds a subcommand


def _game_file_commands(add: Add) -> None:
    """The commands that read game files and rulesets: no database needed."""
    score = add("score", help="score a game file and print the result as JSON")
    score.add_argument("file", metavar="FILE", help="a game file, or - for standard input")
    score.add_argument("--pretty", action="store_true", help="indent the JSON")
    # Its output is always JSON; `--json` is accepted as `rules` and `stats` take it.
    score.add_argument("--json", action="store_true", help="print JSON (always so)")
    score.set_defaults(run=cmd_score)

    rules = add(
        "rules",
        help="list the presets and house rules, print one in words; import, export or"
        " delete house rules",
        description="`rules ID` prints a ruleset; `rules import FILE` stores house rules"
        " (a scorekeeper-rules/1 file, - for standard input); `rules export ID` prints them"
        " as one; `rules delete ID` deletes them.",
    )
    rules.add_argument(
        "id",
        nargs="?",
        metavar="ID",
        help="a preset or house rules id (e.g. yahoo-normal), or import, export, delete",
    )
    rules.add_argument("more", nargs="?", metavar="FILE|ID", help=argparse.SUPPRESS)
    rules.add_argument(
        "--replace", action="store_true", help="with import: update the house rules of that id"
    )
    rules.add_argument(
        "--json", action="store_true", help="the ruleset as data, every option with its origin"
    )
    rules.add_argument(
        "--compare",
        nargs="+",
        metavar="ID",
        help="compare ID with these presets, option by option",
    )
    rules.set_defaults(run=cmd_rules)

    what = add("compare", help="re-score a game file under another ruleset")
    what.add_argument("file", metavar="FILE", help="a game file, or - for standard input")
    what.add_argument("--ruleset", metavar="ID", help="the preset to re-score under")
    what.add_argument(
        "--option", action="append", metavar="NAME=VALUE", help="change an option (repeatable)"
    )
    what.set_defaults(run=cmd_compare)

    pdf = add("pdf", help="write a game file's scoresheet as PDF")
    pdf.add_argument("file", metavar="FILE", help="a game file, or - for standard input")
    pdf.add_argument("-o", "--output", required=True, metavar="OUT.pdf")
    pdf.add_argument("--page-size", choices=["A4", "Letter"], default="A4")
    pdf.set_defaults(run=cmd_pdf)

    card = add("scorecard", help="write a blank scorecard for a ruleset as PDF")
    card.add_argument("id", metavar="ID", help="a preset id, e.g. yahoo-normal")
    card.add_argument("-o", "--output", required=True, metavar="OUT.pdf")
    card.add_argument("--page-size", choices=["A4", "Letter"], default="A4")
    card.add_argument("--hands", type=_count, default=22, help="rows to print (default 22)")
    card.set_defaults(run=cmd_scorecard)

    seat = add(
        "rotation",
        help="seat a club night: who plays at which table each round, who sits out",
        description="Partners (seated opposite: the 1st and 3rd, the 2nd and 4th) are not"
        " repeated while a fresh partner is left, opponents are spread and sit-outs shared"
        " as evenly as the numbers allow.",
    )
    seat.add_argument("names", nargs="+", metavar="NAME", help="tonight's players (4 to 40)")
    seat.add_argument("--rounds", type=_count, required=True, metavar="R", help="rounds to seat")
    seat.add_argument(
        "--table-size",
        type=_count,
        default=4,
        metavar="T",
        help="players a table (default 4, in partnerships; another size: each for themselves)",
    )
    seat.add_argument(
        "--individual",
        action="store_true",
        help="a game without partners: tables mix who meets whom",
    )
    seat.add_argument(
        "--method",
        choices=["balanced", "random"],
        default="balanced",
        help="balanced (the same names give the same night) or random balanced",
    )
    seat.add_argument(
        "--seed", type=_count, help="with --method random: seat the same night again"
    )
    seat.add_argument(
        "--pin",
        action="append",
        metavar="NAME=TABLE",
        help="keep a player at one table all night (repeatable)",
    )
    seat.add_argument("--json", action="store_true", help='print {"rounds": [...]} as JSON')
    seat.set_defaults(run=cmd_rotation)


def _database_commands(add: Add) -> None:
    """The commands of the server: its database, and the app itself."""
    backup = add("backup", help="copy the database, even while the app runs")
    backup.add_argument("output", metavar="OUT", help="the backup file to write")
    backup.set_defaults(run=cmd_backup)

    restore = add("restore", help="replace the database with a backup")
    restore.add_argument("backup", metavar="BACKUP", help="a file made by `scorekeeper backup`")
    restore.set_defaults(run=cmd_restore)

    check = add("check", help="say whether the database file is sound (exit 2 if damaged)")
    check.add_argument(
        "--deep",
        action="store_true",
        help="also replay every game and compare it with the summary kept for it",
    )
    check.add_argument(
        "--repair",
        action="store_true",
        help="with --deep: make again every summary that differs from its game",
    )
    check.set_defaults(run=cmd_check)

    serve = add("serve", help="run the table app for phones on this network")
    serve.add_argument("--host", default="0.0.0.0", help="address to listen on (default: all)")
    serve.add_argument("--port", type=_count, default=8000, help="port (default: 8000)")
    serve.add_argument("--threads", type=_count, default=8, help=argparse.SUPPRESS)
    serve.set_defaults(run=cmd_serve)

    export = add("export", help="print a stored game as a game file")
    export.add_argument("game_id", metavar="GAME_ID", help=DASH_ID)
    export.set_defaults(run=cmd_export)

    stats = add("stats", help="every player's statistics across the stored games")
    stats.add_argument("--json", action="store_true", help="print JSON (see docs/game-format.md)")
    stats.add_argument(
        "--game", help="only games of this kind (the second column of `scorekeeper rules`)"
    )
    stats.add_argument("--ruleset", help="only games under this preset id")
    stats.set_defaults(run=cmd_stats)

    rename = add("rename", help="rename a player in every stored game (or merge two spellings)")
    rename.add_argument("old", metavar="OLD", help="the name as stored (any case)")
    rename.add_argument("new", metavar="NEW", help="the new name, or the spelling to merge into")
    rename.set_defaults(run=cmd_rename)

    csv = add("csv", help="print stored games' hands as CSV, one row per player per hand")
    csv.add_argument(
        "game_id", metavar="GAME_ID", nargs="*", help=f"these games (default: all); {DASH_ID}"
    )
    csv.set_defaults(run=cmd_csv)

    imp = add("import", help="store game files and print the URL that opens each")
    imp.add_argument(
        "file",
        metavar="FILE",
        nargs="+",
        help="game files, or - for standard input: one game file, or one a line (JSON lines)",
    )
    imp.add_argument("--base-url", help="the app's address, e.g. http://192.168.1.20:8000")
    imp.set_defaults(run=cmd_import)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line."""
    args = build_parser().parse_args(argv)
    args.translations = _translations(args.lang)
    try:
        return int(args.run(args))
    except Refused as refusal:
        return _fail(refusal.message.render(args.translations))
    except ScoreError as error:  # a ruleset or game file the engine refused
        return _fail(error.render(args.translations))
    except KeyboardInterrupt:
        return _fail(text(N_("interrupted")).render(args.translations), status=130)
    except BrokenPipeError:
        return _reader_gone()
    except Exception as error:
        problem = _database_problem(error)
        if problem is None:
            raise
        return _fail(problem.render(args.translations))


def _reader_gone() -> int:
    """The command's reader stopped reading (`scorekeeper stats | head`): stop quietly,
    as a Unix tool killed by SIGPIPE does (status 141), and send what is still buffered
    for standard output nowhere, so Python's flush at exit finds no closed pipe."""
    with contextlib.suppress(OSError, ValueError):  # no file: nothing left to flush
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 141


def _database_problem(error: Exception) -> Text | None:
    """One line for a database that cannot be used (damaged, somebody else's, a full
    disk, a folder it cannot write), else None. Imported here, on the way out: `score`
    and `rules` never load sqlite3."""
    import sqlite3

    from .paths import database_path
    from .store.db import StoreError, damaged, is_damage, is_disk_full

    if isinstance(error, StoreError):
        return error.message
    if is_damage(error):
        return damaged(database_path(), error).message
    if is_disk_full(error):
        return text(
            N_("the disk is full: nothing was saved in {path}; make room, then try again"),
            path=str(database_path()),
        )
    if isinstance(error, sqlite3.Error):
        return text(
            N_("cannot use the database {path}: {why}"), path=str(database_path()), why=str(error)
        )
    return None


if __name__ == "__main__":
    sys.exit(main())
