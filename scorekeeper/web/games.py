"""Games: home, starting a game, the scoresheet, export and import, history."""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from datetime import UTC, date, datetime
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    g,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import get_translations, ngettext
from flask_babel import gettext as _
from werkzeug.exceptions import RequestEntityTooLarge, TooManyRequests
from werkzeug.wrappers import Response as BaseResponse

from .. import store
from ..engine import (
    GameError,
    HandError,
    Ruleset,
    ScoreError,
    UnknownRuleset,
    all_rulesets,
    find_kind,
    find_ruleset,
    kind_names,
)
from ..engine.describe import ORIGIN_WORDS, describe
from ..engine.house import Resolver, house_ruleset
from ..engine.kinds import TARGET_OPTION
from ..engine.options import OptionError, option_values
from ..engine.referee import other_outcome_words, other_ruleset, outcome_words, verdict
from ..engine.referee import what_if as referee_what_if
from ..engine.ruleset import RULESET_ID_MAX, short_id
from ..engine.text import N_, sentence
from ..limits import (
    MAX_GAME_FILE_BYTES,
    NAME_MAX,
    BadName,
    check_file_size,
    clean_name,
    lookalike_of,
    parse_count,
    player_key,
    read_game_json,
)
from ..scoresheet import hand_notes
from ..standings import AUTO, PROGRESSIVE
from ..store import rounds
from .access import (
    check_pin,
    check_room,
    device,
    evening_for,
    game_for,
    grant,
    grant_own,
    role,
)
from .costly import WHAT_IF, pdf_once
from .db import get_db
from .download import file_response
from .errors import handle_http_error, too_large
from .forms import (
    Form,
    ImportForm,
    PinForm,
    TargetForm,
    change_rules_form,
    new_game_form,
    option_problems,
    whatif_form,
)
from .forms import (
    options_summary as _options_summary,
)
from .forms import (
    read_options as _read_options,
)
from .house import choices, house_list, rulesets
from .i18n import language as current_language
from .i18n import render_text, translations
from .qr import qr_svg
from .rulebook import rule_page, ruleset_or_404
from .sheet import adjustment_words, game_card, place_words, render_game, table_label
from .tables import csv_response, known_names
from .urls import share_url
from .words import ends_words, hand_changes, hand_parts, option_changes, option_values_words

bp = Blueprint("games", __name__)

CONFLICT = N_("Someone else changed this game first (another phone?). Here it is as it is now.")


# Games of each list shown before "show all": a club's years are thousands, and club
# games cut by time stay in progress.
HOME_FINISHED = 30


@bp.route("/")
def home() -> str:
    """This phone's games: in progress first (last played on top), then the last finished
    ones, then the ones it put away; each card tells games apart at a glance."""
    db = get_db()
    every = request.args.get("all") == "1"
    limit = None if every else HOME_FINISHED
    more = None if limit is None else limit + 1  # one more says there are more
    playing = store.listed_games(db, device(), archived=False, finished=False, limit=more)
    finished = store.listed_games(db, device(), archived=False, finished=True, limit=more)
    archived = store.listed_games(db, device(), archived=True, limit=limit)
    loose, nights = _by_evening(playing[:limit])
    return render_template(
        "home.html",
        tonight=_tonights_evenings(),
        nights=nights,
        playing=[game_card(g) for g in loose],
        more_playing=len(playing) > len(playing[:limit]),
        finished=[game_card(g) for g in finished[:limit]],
        more_finished=len(finished) > len(finished[:limit]),
        archived=[game_card(g) for g in archived],
        archived_count=store.archived_count(db, device()),
        archive_form=Form(),
    )


def _tonights_evenings() -> list[dict[str, Any]]:
    """Tonight's evenings of this phone, for the top of its home: each with the tables
    this phone keeps score at, and the game each plays now."""
    db = get_db()
    found = []
    for night in store.tonight(db, device(), datetime.now(UTC).isoformat(timespec="seconds")):
        names = {t.number: t.name for t in store.evening_tables(db, night.evening.id)}
        tables = []
        for number in night.tables:
            row = db.execute(
                "SELECT id FROM games WHERE evening = ? AND table_number = ?"
                " ORDER BY round_number DESC LIMIT 1",
                [night.evening.id, number],
            ).fetchone()
            label = table_label(number, names.get(number, ""))
            tables.append({"label": label, "game": None if row is None else row[0]})
        found.append(
            {
                "evening": night.evening,
                "directs": night.directs,
                "tables": tables,
                "count": len(names),
            }
        )
    return found


def _by_evening(
    games: list[store.StoredGame],
) -> tuple[list[store.StoredGame], list[dict[str, Any]]]:
    """The games in progress in no evening, and those of evenings by their evening (a
    club's rounds are many and rarely finished: a line a night, not a card a game)."""
    loose = [g for g in games if g.evening is None]
    counts: dict[str, int] = {}
    for stored in games:
        if stored.evening is not None:
            counts[stored.evening] = counts.get(stored.evening, 0) + 1
    db = get_db()
    nights = [
        {"evening": store.get_evening(db, evening_id), "playing": count}
        for evening_id, count in counts.items()
    ]
    return loose, nights


@bp.route("/new")
def new() -> BaseResponse | str:
    """Choose the game kind and the preset."""
    chosen = request.args.get("ruleset")
    evening, table = _evening_to_join(request.args.get("evening"), request.args.get("table"))
    if chosen:
        if len(chosen) > RULESET_ID_MAX:  # no ruleset: never echoed into a huge Location
            abort(404, _("There is no ruleset called %(id)s.", id=short_id(chosen)))
        return redirect(url_for("games.setup", ruleset_id=chosen, evening=evening, table=table))
    all_kinds = {
        # The rules most tables mean by the game's bare name come first, chosen at first.
        # This table's own house rules before them all.
        kind: [
            *house_list(kind),
            *sorted(all_rulesets(kind), key=lambda r: r.id != find_kind(kind).facts.featured),
        ]
        for kind in kind_names()
    }
    tonight = _evening_rules(evening)
    if tonight is not None:  # the evening's own rules first, and chosen
        own = [r for r in all_kinds.get(tonight.game, []) if r.id != tonight.id]
        all_kinds = {tonight.game: [tonight, *own], **all_kinds}
        all_kinds[tonight.game] = [tonight, *own]
    kind = request.args.get("game")
    kinds = {kind: all_kinds[kind]} if kind in all_kinds else all_kinds
    first = tonight.id if tonight is not None else next(iter(kinds.values()))[0].id
    return render_template(
        "new.html",
        kinds=kinds,
        all_kinds=all_kinds,
        chosen_kind=kind,
        first=first,
        evening=evening,
        table=table,
        place=_place(evening, table),
        tonight=tonight,
        other_rules=_other_rules_words(evening) if tonight is not None else "",
    )


def _evening_rules(evening_id: str | None) -> Ruleset | None:
    """The rules an evening is played by (its house rules as they were chosen, which a
    table's phone does not keep), or None."""
    if evening_id is None:
        return None
    found = store.get_evening(get_db(), evening_id)
    if not found.ruleset:
        return None
    try:
        document = found.rules_document
        return house_ruleset(document) if document else find_ruleset(found.ruleset)
    except ScoreError:  # rules this version no longer ships
        return None


def _other_rules_words(evening_id: str | None) -> str:
    """What choosing other rules than the evening's does to its ranking."""
    if evening_id is None:
        return ""
    ranking = store.get_evening(get_db(), evening_id).format
    if ranking in (AUTO, PROGRESSIVE):
        return str(
            _(
                "The evening is ranked by points while every table plays its rules: a game"
                " under other rules makes it rank every table by match points instead."
            )
        )
    return str(_("The evening ranks every table by its result: other rules change no ranking."))


def _resolver(evening_id: str | None) -> Resolver:
    """Find rules as this phone may, and the evening's own house rules too."""
    own = rulesets()
    tonight = _evening_rules(evening_id)
    if tonight is None or not tonight.house:
        return own

    def find(ruleset_id: str) -> Ruleset:
        return tonight if ruleset_id == tonight.id else own(ruleset_id)

    return find


@bp.route("/new/<ruleset_id>", methods=["GET", "POST"])
def setup(ruleset_id: str) -> BaseResponse | str | tuple[str, int]:
    """Enter the players in seat order, the first dealer, and review every option."""
    evening, table = _evening_to_join(request.values.get("evening"), request.values.get("table"))
    try:
        preset = _resolver(evening)(ruleset_id)
    except UnknownRuleset:
        preset = ruleset_or_404(ruleset_id)
    sheet = describe(preset)
    labels = {
        rule.option: render_text(rule.label) for group in sheet.groups for rule in group.rules
    }
    seats = preset.options.players
    most = max(5, *preset.player_counts)  # the seats a table of this game may fill
    form = _setup_form(preset, labels, most)
    errors: list[Any] = []
    problems: dict[str, list[Any]] = {}
    name_problems: dict[int, Any] = {}
    if request.method == "POST":
        changes, problems, checked = _read_options(form, preset)
        if problems:
            errors.append(_options_summary(problems, labels))
        ruleset, changes, unseated = _seated_by_names(
            form, preset, checked or preset, changes, most
        )
        if unseated and not problems:
            problems = unseated
            errors.append(_options_summary(problems, labels))
        seats = ruleset.options.players
        typed = [getattr(form, f"player_{seat}").data or "" for seat in range(seats)]
        form_ok = form.validate()
        if getattr(form, "csrf_token", None) is not None and form.csrf_token.errors:
            errors.append(
                _(
                    "This form had expired. Everything you typed is still here: check it and start again."
                )
            )
        names, name_problems = _read_names(typed, _tonight(evening))
        if name_problems:
            errors.append(_("Enter a different name for each of the %(n)s players.", n=seats))
        if form_ok and not errors:
            started = _start(form, ruleset, names, changes, (evening, table), errors)
            if started is not None:
                return started
    page = render_template(
        "setup.html",
        place=_place(evening, table),
        form=form,
        counts=sorted(preset.player_counts),
        preset=preset,
        sheet=sheet,
        seats=seats,
        partnerships=preset.kind.shape(preset.options).partnerships,
        errors=errors,
        problems=problems,
        name_problems=name_problems,
        known=known_names(evening),
        name_max=NAME_MAX,
        origin_words={origin: _(words) for origin, words in ORIGIN_WORDS.items()},
    )
    return (page, 400) if errors or form.errors else page


def _start(
    form: Any,
    ruleset: Ruleset,
    names: list[str],
    changes: dict[str, Any],
    place: tuple[str | None, int | None],
    errors: list[Any],
) -> BaseResponse | None:
    """Store the new game (at its evening's table, if any) and open it; or add what the
    engine refused to `errors`."""
    seats = ruleset.options.players
    evening, table = place
    check_room("games")
    try:
        game_id = store.create_game(
            get_db(),
            ruleset.id,
            names,
            options=changes,
            first_dealer=min(int(form.first_dealer.data or 0), seats - 1),
            confirm_hands=bool(form.confirm_hands.data),
            evening=evening,
            table=table,
            find=_resolver(evening),
            created_by=device(create=True),
        )
    except store.PlaceTaken as taken:
        if taken.game is not None:
            flash(render_text(taken.message))
            return redirect(url_for("games.game", game_id=taken.game), 303)
        errors.append(render_text(taken.message))
        return None
    except ScoreError as error:
        errors.append(error.render(get_translations()))
        return None
    grant_own(game_id)
    return redirect(url_for("games.game", game_id=game_id), 303)


def _setup_form(preset: Ruleset, labels: dict[str, str], most: int) -> Any:
    """The new-game form for a preset: its options, `most` seats, the first dealer."""
    kind = preset.kind
    words = {
        name: {value: render_text(text) for value, text in values.items()}
        for name, values in kind.words().choice_words().items()
    }
    form = new_game_form(kind.facts.options, labels, words, most)
    if request.method == "GET":
        for name, value in option_values(preset.options).items():
            getattr(form, f"opt_{name}").data = value
        # Back from saving house rules on the way: the names and dealer typed before; at
        # an evening's table, who the round seated there (or who played there last).
        seated = _seated_at(request.args.get("evening"), request.args.get("table"))
        for seat in range(most):
            typed = request.args.get(f"player_{seat}", "")
            if not typed and seat < len(seated):
                typed = seated[seat]
            getattr(form, f"player_{seat}").data = typed
        form.first_dealer.data = request.args.get("first_dealer", "0")
    return form


def _seated_at(evening_id: str | None, table: str | None) -> list[str]:
    """The names seated at an evening's table in the round being played, else of its
    last game: a table's phone starting its game types none of them again."""
    number = parse_count(table or "")
    if not evening_id or number is None:
        return []
    db = get_db()
    for seated in reversed(rounds.rounds_of(db, evening_id)):
        if number <= len(seated.seating.tables):
            return list(seated.seating.tables[number - 1])
        break
    last = db.execute(
        "SELECT players FROM games WHERE evening = ? AND table_number = ?"
        " ORDER BY round_number DESC LIMIT 1",
        [evening_id, number],
    ).fetchone()
    return list(json.loads(last[0])) if last else []


def _seated_by_names(
    form: Any, preset: Ruleset, ruleset: Ruleset, changes: dict[str, Any], most: int
) -> tuple[Ruleset, dict[str, Any], dict[str, list[Any]]]:
    """Where the source allows several table sizes (the widow game: 4 or 5) and the
    table did not choose one, the names typed decide; the options that table cannot play
    with (a largest hand too large for 7) are marked, never a seat dropped."""
    if "players" in changes or len(preset.player_counts) < 2:
        return ruleset, changes, {}
    typed = [getattr(form, f"player_{seat}").data for seat in range(most)]
    count = next((n for n in range(most, 0, -1) if typed[n - 1]), 0)
    if count != ruleset.options.players and count in preset.player_counts:
        try:
            ruleset.with_options({"players": count})
        except OptionError as error:
            return ruleset, changes, option_problems(error, option_values(preset.options))
    ruleset = ruleset.seated(count)
    if ruleset.options.players != preset.options.players:
        changes = {**changes, "players": ruleset.options.players}
    return ruleset, changes, {}


def _evening_to_join(evening_id: str | None, table: str | None) -> tuple[str | None, int | None]:
    """The evening and table a new game starts at: the organizer may start one at any
    table (or, naming none, at a new one); a phone holding a table's link only at that
    table. Anybody else gets the 403 that names nothing."""
    if not evening_id:
        return None, None
    found, has = evening_for(evening_id)
    number = parse_count(table or "") if table else None
    if has == "organize":
        if table and number is None:
            abort(400, _("The table must be a number."))
        return found.id, number
    if number is not None and number in store.tables_held(get_db(), device(), found.id):
        return found.id, number
    abort(
        403,
        _(
            "Only the phone that started this evening, or a phone given a table's link, can start a game in it."
        ),
    )


def _tonight(evening_id: str | None) -> list[str]:
    """The names of the players of the evening's games so far (none outside one)."""
    return store.evening_players(get_db(), evening_id) if evening_id else []


def _place(evening_id: str | None, table: int | None) -> str:
    """Where a new game in an evening is played, in words: "Club night · Table 2 —
    window" (a table's phone sees which table it starts); "" outside an evening."""
    if evening_id is None:
        return ""
    db = get_db()
    name = store.get_evening(db, evening_id).name
    if table is None:
        return name
    names = {t.number: t.name for t in store.evening_tables(db, evening_id)}
    return f"{name} · {table_label(table, names.get(table, ''))}"


def _read_names(typed: list[str], tonight: Sequence[str] = ()) -> tuple[list[str], dict[int, Any]]:
    """The seats' names as the rule for names makes them, and what is wrong with each:
    missing, refused by the rule (too long, a control character…), the same as an
    earlier seat's, or looking like an earlier seat's or like a name `tonight` (the
    evening's other players) without being it."""
    names: list[str] = []
    problems: dict[int, Any] = {}
    seen: dict[str, int] = {}
    for seat, raw in enumerate(typed):
        try:
            name = clean_name(raw)
        except BadName as problem:
            names.append(raw)
            problems[seat] = (
                _("Enter a name.") if not raw.strip() else render_text(sentence(problem.message))
            )
            continue
        names.append(name)
        if player_key(name) in seen:
            problems[seat] = _(
                "Seat %(n)s is already %(name)s: give each player a different name (%(name)s K., %(name)s L.).",
                n=seen[player_key(name)] + 1,
                name=names[seen[player_key(name)]],
            )
        else:
            seen[player_key(name)] = seat
            _lookalike(name, seat, names, tonight, problems)
    return names, problems


def _lookalike(
    name: str, seat: int, names: list[str], tonight: Sequence[str], problems: dict[int, Any]
) -> None:
    """Say so at `seat` when its name looks like an earlier seat's or one of tonight's
    players' but is another player (Cyrillic "Аnn" beside "Ann")."""
    earlier = lookalike_of(name, names[:seat])
    if earlier is not None:
        problems[seat] = _(
            "Seat %(n)s is %(name)s, which looks the same but is written with other letters:"
            " give each player a name the table can tell apart.",
            n=names.index(earlier) + 1,
            name=earlier,
        )
    elif (other := lookalike_of(name, tonight)) is not None:
        problems[seat] = _(
            "%(name)s plays at another table tonight and looks the same, but is written with"
            " other letters: type the name as it is written there, or choose another.",
            name=other,
        )


@bp.route("/g/<game_id>")
def game(game_id: str) -> str:
    """Show the scoresheet: totals, every hand, what comes next."""
    return render_game(game_for(game_id, "watch"))[0]


@bp.route("/g/<game_id>/qr/<any(watch, scorer):link>.svg")
def share_qr(game_id: str, link: str) -> Response:
    """The QR code of a share link, for the scorer's phone to show across the table."""
    stored = game_for(game_id, "edit")
    if link == "scorer":
        return qr_svg(share_url("games.scorer_link", token=stored.scorer_token))
    return qr_svg(share_url("games.watch_link", token=stored.watch_token))


@bp.route("/g/<game_id>/target", methods=["POST"])
def raise_target(game_id: str) -> BaseResponse | tuple[str, int]:
    """Raise the target of a finished game so play can go on (logged in the history)."""
    stored = game_for(game_id, "edit")
    form = TargetForm()
    current = stored.ruleset.kind.target(stored.ruleset.options)
    if current is None:
        abort(404, _("This game ends after its hands, not at a target: there is none to raise."))
    if not form.validate_on_submit():
        return render_game(
            stored, status=400, message=_("The target was not changed: enter a whole number.")
        )
    if form.target.data is None or form.target.data <= current:
        return render_game(
            stored, status=400, message=_("The new target must be above %(n)s.", n=current)
        )
    try:
        store.change_options(
            get_db(), game_id, {TARGET_OPTION: form.target.data}, version=form.seen_version()
        )
    except store.Conflict:
        return render_game(store.get_game(get_db(), game_id), status=409, message=_(CONFLICT))
    except ScoreError as error:
        return render_game(stored, status=400, message=str(error))
    flash(_("Target raised from %(old)s to %(new)s.", old=current, new=form.target.data))
    return redirect(url_for("games.game", game_id=game_id), 303)


@bp.route("/g/<game_id>/history")
def history(game_id: str) -> str:
    """Show what changed in the game and when."""
    stored = game_for(game_id, "watch")
    language = current_language()
    names = {r.id: r.text("name", language) for r in choices(stored.kind)}
    if stored.house_rules:  # the rules it began from, as they were named then
        names[stored.ruleset_id] = stored.house_rules["name"]
    events = [
        {**event, "changes": _event_words(stored, event)}
        for event in store.game_history(get_db(), game_id)
    ]
    sides = [
        side.name
        for side in stored.ruleset.kind.shape(stored.ruleset.options).sides(stored.players)
    ]
    return render_template(
        "history.html", stored=stored, events=events, names=names, stored_sides=sides
    )


def _event_words(stored: store.StoredGame, event: dict[str, Any]) -> list[str]:
    """What an event changed, in words (hands part by part, options by their labels)."""
    detail, players = event["detail"] or {}, stored.players
    try:
        if event["action"] in ("hand_edited", "hand_corrected"):
            return [
                *hand_changes(stored.kind, detail["before"], detail["after"], players),
                *ends_words(stored.score().sides, detail),
            ]
        if event["action"] == "hand_added":
            return hand_parts(stored.kind, detail["after"], players)
        if event["action"] == "hand_deleted":
            return [
                *hand_parts(stored.kind, detail["before"], players),
                *ends_words(stored.score().sides, detail),
            ]
        if event["action"] == "options_changed":
            return option_changes(stored.ruleset, detail["before"], detail["after"])
    except (KeyError, IndexError, TypeError, ValueError):
        return [json.dumps(detail, ensure_ascii=False)]  # an entry older than these words
    return []


@bp.route("/g/<game_id>/export")
def export(game_id: str) -> Response:
    """Download the game as a game file."""
    stored = game_for(game_id, "watch")
    body = json.dumps(stored.document(), ensure_ascii=False, indent=2) + "\n"
    filename = f"scorekeeper-{stored.ruleset_id}-{stored.created_at[:10]}.json"
    return file_response(body, "application/json", filename)


@bp.route("/g/<game_id>/export.csv")
def export_csv(game_id: str) -> Response:
    """Download the game's hands as CSV, one row per player per hand."""
    stored = game_for(game_id, "watch")
    return csv_response([stored], f"scorekeeper-{stored.ruleset_id}-{stored.created_at[:10]}.csv")


@bp.route("/import", methods=["GET", "POST"])
def import_file() -> BaseResponse | str | tuple[str, int]:
    """Store a game file as a new game."""
    try:
        form = ImportForm()
    except RequestEntityTooLarge:  # the body was not read: say so on the import page
        page = render_template("import.html", form=ImportForm(formdata=None), error=too_large())
        return page, 413
    error = None
    status = 400
    if request.method == "POST":
        if not form.validate_on_submit():
            error = _("This form had expired. Paste or choose the file again.")
        else:
            upload = form.file.data
            raw = upload.read() if upload else (form.text.data or "").encode()
            check_room("games")
            try:
                check_file_size(len(raw))
                game_id = store.import_game(get_db(), read_game_json(raw), rulesets())
            except (GameError, HandError) as problem:
                error = problem.render(get_translations())
                status = 413 if len(raw) > MAX_GAME_FILE_BYTES else 400
            else:
                grant_own(game_id)
                flash(_("Game imported."))
                return redirect(url_for("games.game", game_id=game_id), 303)
    page = render_template("import.html", form=form, error=error)
    return (page, status) if error else page


@bp.route("/g/<game_id>/rules")
def game_rules(game_id: str) -> str:
    """The rules in force in this game, marked where the table changed them."""
    stored = game_for(game_id, "watch")
    return rule_page(stored.ruleset, stored)


@bp.route("/g/<game_id>/scorecard.pdf")
def scorecard_pdf(game_id: str) -> Response:
    """A blank scorecard for this game: its players, and its rules as they are now."""
    from ..pdf import scorecard_pdf as render

    stored = game_for(game_id, "watch")
    size = "Letter" if request.args.get("size") == "Letter" else "A4"
    pdf = pdf_once(
        ("scorecard", stored.id),
        (stored.version, size, current_language()),
        lambda: render(
            stored.ruleset,
            players=stored.players,
            page_size=size,
            translations=get_translations(),
            language=current_language(),
        ),
    )
    if isinstance(pdf, Response):
        return pdf
    return file_response(pdf, "application/pdf", f"scorecard-{stored.ruleset_id}.pdf", inline=True)


@bp.route("/g/<game_id>/rules/change", methods=["GET", "POST"])
def change_rules(game_id: str) -> BaseResponse | str | tuple[str | bytes, int]:
    """Change a rule during the game: confirmed explicitly, logged, re-scored where it applies."""
    stored = game_for(game_id, "edit")
    ruleset = stored.ruleset
    kind = ruleset.kind
    sheet = describe(ruleset)
    labels = {
        rule.option: render_text(rule.label) for group in sheet.groups for rule in group.rules
    }
    words = {
        name: {value: render_text(text) for value, text in values.items()}
        for name, values in kind.words().choice_words().items()
    }
    form = change_rules_form(kind.facts.options, labels, words)
    current = option_values(ruleset.options)
    next_hand_number = len(stored.hands) + 1
    errors: list[Any] = []
    problems: dict[str, list[Any]] = {}
    if request.method == "GET":
        for name, value in current.items():
            getattr(form, f"opt_{name}").data = value
        form.version.data = stored.version
        form.from_hand.data = "next"
    else:
        changes, problems, _checked = _read_options(form, ruleset)
        if problems:
            errors.append(_options_summary(problems, labels))
        valid = form.validate()
        if not valid and getattr(form, "csrf_token", None) is not None and form.csrf_token.errors:
            errors.append(
                _(
                    "This form had expired. Everything you chose is still here: check it and send it again."
                )
            )
        if not changes and not errors:
            errors.append(_("Nothing was changed."))
        if not form.agreed.data:
            errors.append(_("Tick the box to confirm that the table agreed to this change."))
        if not errors:
            start = 1 if form.from_hand.data == "all" else next_hand_number
            changed = _change_rules(stored, form, changes, start, current, errors)
            if changed is not None:
                return changed
    page = render_template(
        "change_rules.html",
        stored=stored,
        form=form,
        sheet=sheet,
        errors=errors,
        problems=problems,
        next_hand=next_hand_number,
    )
    return (page, 400) if errors else page


def _change_rules(
    stored: store.StoredGame,
    form: Any,
    changes: dict[str, Any],
    start: int,
    current: dict[str, Any],
    errors: list[Any],
) -> BaseResponse | tuple[str, int] | None:
    """Store a rule change from hand `start` and say it; or add why it was refused."""
    try:
        store.change_options(
            get_db(), stored.id, changes, version=form.seen_version(), from_hand=start
        )
    except store.Conflict:
        return render_game(store.get_game(get_db(), stored.id), status=409, message=_(CONFLICT))
    except ScoreError as error:
        errors.append(str(error.message) if hasattr(error, "message") else str(error))
        return None
    described = "; ".join(option_changes(stored.ruleset, current, changes))
    flash(_("From hand %(n)s: %(changes)s", n=start, changes=described))
    return redirect(url_for("games.game", game_id=stored.id), 303)


@bp.route("/g/<game_id>/whatif")
def what_if(game_id: str) -> BaseResponse | str | tuple[str, int]:
    """Re-score this game under another preset (or changed options), side by side; a
    second phone asking at the same moment is told to wait a second (its page retries)."""
    stored = game_for(game_id, "watch")
    with WHAT_IF.turn(stored.id) as busy:
        return busy or _what_if(stored)


def _what_if(stored: store.StoredGame) -> str | tuple[str, int]:
    game = stored.game()
    kind = game.ruleset.kind
    # Opened bare, it offers another preset: the game's own would repeat the scoresheet.
    offered = other_ruleset(game)
    chosen = request.args.get("ruleset") or (offered.id if offered else stored.ruleset_id)
    error = None
    comparison = None
    other = ruleset_or_404(chosen)
    sheet = describe(other)
    labels = {
        rule.option: render_text(rule.label) for group in sheet.groups for rule in group.rules
    }
    words = (
        {
            name: {value: render_text(text) for value, text in values.items()}
            for name, values in kind.words().choice_words().items()
        }
        if other.game == stored.kind
        else {}
    )
    form = whatif_form(other.kind.facts.options, labels, words)
    preset_values = option_values(other.options)
    changes: dict[str, Any] = {}
    problems: dict[str, list[Any]] = {}
    checked: Ruleset | None = other
    if any(key.startswith("opt_") for key in request.args):
        changes, problems, checked = _read_options(form, other)
        if problems:
            error = _options_summary(problems, labels)
    else:
        for name, value in preset_values.items():
            getattr(form, f"opt_{name}").data = value
    if checked is not None:
        try:
            comparison = referee_what_if(game, checked)
        except ScoreError as problem:
            error = str(problem.message)
    presets = choices(stored.kind)
    if game.ruleset.house and all(r.id != game.ruleset.id for r in presets):
        presets.insert(0, stored.started_from())  # rules since deleted: still this game's
    page = render_template(
        "whatif.html",
        stored=stored,
        comparison=comparison,
        chosen=chosen,
        presets=presets,
        form=form,
        sheet=sheet,
        changes=changes,
        problems=problems,
        error=error,
        outcome_words=outcome_words,
        notes=functools.partial(hand_notes, stored.kind, tr=translations()),
        changed=option_values_words(checked or other, changes),
        other_words=other_outcome_words(comparison) if comparison else None,
        verdict=verdict(comparison) if comparison else None,
    )
    return (page, 400) if error else page


@bp.route("/g/<game_id>/scoresheet.pdf")
def scoresheet_pdf(game_id: str) -> Response:
    """Download the game's scoresheet as PDF (A4, or ?size=Letter)."""
    from ..pdf import scoresheet_pdf as render

    stored = game_for(game_id, "watch")
    size = "Letter" if request.args.get("size") == "Letter" else "A4"

    def make() -> bytes:
        result = stored.score()
        return render(
            result.game,
            result=result,
            bodies=stored.hands,
            day=date.fromisoformat(stored.created_at[:10]),
            page_size=size,
            translations=get_translations(),
            language=current_language(),
            place=place,
            adjustments=adjustment_words(stored, result),
        )

    place = place_words(stored)  # a table renamed changes the sheet, not the game's version
    pdf = pdf_once(
        ("scoresheet", stored.id), (stored.version, size, current_language(), place), make
    )
    if isinstance(pdf, Response):
        return pdf
    filename = f"scoresheet-{stored.ruleset_id}-{stored.created_at[:10]}.pdf"
    return file_response(pdf, "application/pdf", filename, inline=True)


@bp.route("/w/<token>")
def watch_link(token: str) -> BaseResponse:
    """The watch link: this phone may see the game (read-only, refreshing itself)."""
    return _join(token, "watch")


@bp.route("/s/<token>")
def scorer_link(token: str) -> BaseResponse:
    """The scorer link: this phone may keep score too."""
    return _join(token, "edit")


def _join(token: str, wanted: str) -> BaseResponse:
    found = store.find_by_token(get_db(), token)
    if found is None or found[1] != wanted:
        abort(404, _("This link does not open any game. Ask for the link again."))
    grant(found[0], wanted)
    return redirect(url_for("games.game", game_id=found[0]), 303)


@bp.route("/g/<game_id>/pin", methods=["POST"])
def enter_pin(game_id: str) -> BaseResponse | tuple[str, int]:
    """The scorer PIN gives this phone the right to keep score."""
    try:
        stored = store.get_game(get_db(), game_id)
    except store.GameNotFound:
        abort(404, _("There is no game at this address."))
    form = PinForm()
    if not form.validate_on_submit():
        abort(400, _("This form had expired. Enter the PIN again."))
    outcome, wait = check_pin(stored, request.form.get("pin", ""))
    if outcome == "wait":
        return _wait_for_pin(stored, wait)
    if outcome == "wrong":
        message = _("That PIN is not right. Try again, or ask the scorer for this game's PIN.")
        if role(game_id) is None:  # a private game: the locked page, with the PIN field again
            g.locked_game = stored
            abort(403, message)
        return render_game(stored, status=403, message=message)
    grant(game_id, "edit")
    flash(_("This phone can now keep score."))
    return redirect(url_for("games.game", game_id=game_id), 303)


def _wait_for_pin(stored: store.StoredGame, wait: int) -> Response:
    """429 saying how long to wait, in words and in `Retry-After` (the same seconds)."""
    minutes = -(-wait // 60)
    message = (
        ngettext(
            "Too many wrong PINs for this game. Try again in %(num)s minute.",
            "Too many wrong PINs for this game. Try again in %(num)s minutes.",
            minutes,
        )
        if wait > 60
        else ngettext(
            "Too many wrong PINs for this game. Try again in %(num)s second.",
            "Too many wrong PINs for this game. Try again in %(num)s seconds.",
            wait,
        )
    )
    if role(stored.id) is None:
        response = make_response(handle_http_error(TooManyRequests(message)))
    else:
        response = make_response(render_game(stored, status=429, message=message))
    response.headers["Retry-After"] = str(wait)
    return response


@bp.route("/g/<game_id>/rematch", methods=["POST"])
def rematch(game_id: str) -> BaseResponse | tuple[str, int]:
    """Play again: the same players and rules, the deal moved on, seats as chosen."""
    stored = game_for(game_id, "edit")
    form = Form()
    if not form.validate_on_submit():
        abort(400, _("This form had expired. Go back to the game and tap Play again once more."))
    seating = request.form.get("seating", "same")
    if seating not in store.SEATINGS:
        seating = "same"
    check_room("games")
    try:
        new_id = store.rematch(get_db(), stored.id, seating, by=device(create=True))
    except store.PlaceTaken as taken:  # the evening's next round decides the table's game
        if taken.game is not None:
            flash(render_text(taken.message))
            return redirect(url_for("games.game", game_id=taken.game), 303)
        return render_game(stored, status=409, message=render_text(taken.message))
    except GameError as error:  # a name stored before the rule for names refused it
        return render_game(stored, status=400, message=error.render(get_translations()))
    grant_own(new_id)
    flash(_("A new game with the same players and rules. Good luck!"))
    return redirect(url_for("games.game", game_id=new_id), 303)


@bp.route("/g/<game_id>/delete", methods=["GET", "POST"])
def delete_game(game_id: str) -> BaseResponse | str:
    """Delete the whole game, after a page that says what will be lost."""
    stored = game_for(game_id, "edit")
    form = Form()
    if request.method == "POST":
        if not form.validate_on_submit():
            abort(400, _("This form had expired. Go back to the game and try again."))
        try:
            store.delete_game(get_db(), game_id, by=device() or "")
        except store.NotTheDirector as refused:
            abort(403, render_text(refused.message))
        flash(_("Game deleted: %(players)s.", players=" · ".join(stored.players)))
        if stored.evening is not None:
            return redirect(url_for("evenings.evening", evening_id=stored.evening), 303)
        return redirect(url_for("games.home"), 303)
    return render_template("delete_game.html", stored=stored, card=game_card(stored), form=form)


@bp.route("/g/<game_id>/archive", methods=["POST"])
def archive(game_id: str) -> BaseResponse:
    """Put a game away from this phone's home list, or (with put_back) on it again."""
    game_for(game_id, "watch")
    if not Form().validate_on_submit():
        abort(400, _("This form had expired. Go back to the list and try again."))
    back = request.form.get("put_back") == "1"
    store.set_archived(get_db(), device() or "", game_id, not back)
    flash(_("Back on the list.") if back else _("Archived: it is under “Archived” at the bottom."))
    return redirect(url_for("games.home"), 303)


@bp.route("/g/<game_id>/version")
def live_version(game_id: str) -> Response:
    """The game's version, for the scoresheet to refresh itself when a hand is entered."""
    stored = game_for(game_id, "watch")
    # Asked with the version last seen (If-None-Match), unchanged: a 304 without a body.
    response = Response(
        json.dumps({"version": stored.version, "hands": len(stored.hands)}),
        mimetype="application/json",
        headers={"Cache-Control": "no-cache, private"},
    )
    response.set_etag(str(stored.version))
    response.make_conditional(request)  # in place
    return response
