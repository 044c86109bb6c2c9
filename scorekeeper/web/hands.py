"""Hands: bids, then tricks, then the result; editing any past hand; deleting the last."""

from __future__ import annotations

import dataclasses
import re
from typing import Any, cast

from flask import (
    Blueprint,
    abort,
    flash,
    g,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import get_translations, ngettext
from flask_babel import gettext as _
from werkzeug.exceptions import BadRequest
from werkzeug.wrappers import Response as BaseResponse

from .. import store
from ..engine import (
    GameError,
    GameResult,
    HandError,
    Ruleset,
    Text,
    find_kind,
    load_game,
    score_game,
)
from ..engine.outcome import outcome_change
from ..engine.text import N_, sentence, text
from ..limits import MAX_HANDS, parse_count
from ..scoresheet import winner_words
from .access import game_for
from .db import get_db
from .entry import BiddingEntry, OnePageEntry, entry_for
from .errors import handle_http_error
from .forms import VersionForm
from .i18n import render_text
from .scoresheet import dealer_of, first_shown, needs, next_hand, rows, rule_labels
from .sheet import render_game

bp = Blueprint("hands", __name__)

CONFLICT = N_("Someone else changed this game first (another phone?). Here it is as it is now.")


# A form the page sends itself (static/app.js) asks for this header: a stored hand is then
# answered with where to go instead of a redirect, so the page that follows (and the
# message it flashes) is fetched once, by the browser, not by the script.
SENT_BY_SCRIPT = "X-Scorekeeper-Send"


@bp.after_request
def _where_to(response: BaseResponse) -> BaseResponse:
    if request.headers.get(SENT_BY_SCRIPT) and response.status_code in (302, 303):
        return jsonify({"stored": response.headers["Location"]})
    return response


# A submission token as a phone makes it (static/app.js: crypto.getRandomValues, hex).
TOKEN = re.compile(r"[0-9a-f]{16,64}")


def _step() -> str:
    """The step a submission answers within its game: the page (bids, tricks, a hand's
    edit...) and the hand the form was shown for."""
    number = (request.view_args or {}).get("number", "")
    return f"{request.endpoint} {number} {request.form.get('hand', '')[:12]}"


def _submission(answer: str) -> store.Submission | None:
    """The phone's token of this submission, with its step and the page that answers it."""
    token = request.form.get("submission", "")
    return store.Submission(token, answer, _step()) if TOKEN.fullmatch(token) else None


def _first_answer(game_id: str) -> BaseResponse | None:
    """A submission already stored (a double tap, an outbox sending again after a lost
    answer): the first answer again, and nothing stored twice. A token that answered
    another game or step is refused (ForeignToken, a 400)."""
    token = request.form.get("submission", "") if request.method == "POST" else ""
    if not TOKEN.fullmatch(token):
        return None
    first = store.answered(get_db(), token, game_id, _step())
    return redirect(first, 303) if first is not None else None


@bp.errorhandler(store.ForeignToken)
def _foreign_token(_error: store.ForeignToken) -> tuple[str, int, dict[str, str]]:
    page, status = handle_http_error(
        BadRequest(
            _(
                "This entry came with the sending code of another game's or another"
                " hand's entry, so nothing was stored. Go back to the game and enter it again."
            )
        )
    )
    return page, status, {"X-Scorekeeper-Token": "refused"}  # the page makes a new one


def _submitted_hand() -> int | None:
    """The hand number the form was shown for (None when it is not a number)."""
    return parse_count(request.form.get("hand", ""))


def _conflict(
    game_id: str, number: int | None = None, mine: Any = None, step: str = "hand"
) -> BaseResponse | tuple[str, int]:
    """Another phone wrote first: say so plainly and show the game as it is now (409);
    with what this phone sent for hand `number` beside what is stored, to keep one."""
    again = _first_answer(game_id)  # the same phone's double tap, racing its first one
    if again is not None:
        return again
    stored = store.get_game(get_db(), game_id)
    compare = _compare(stored, number, mine, step) if number and mine is not None else None
    return render_game(stored, status=409, message=_(CONFLICT), compare=compare)


def _hand_words(stored: store.StoredGame, body: dict[str, Any]) -> list[tuple[str, str]]:
    """A hand side by side, as the scoresheet writes each side's part."""
    kind, gettext = find_kind(stored.kind), get_translations().gettext
    said = kind.on_sheet(stored.ruleset.options, body)
    return [
        (side.name, kind.hand.shorthand(said, side.seats, stored.players, gettext))
        for side in kind.shape(stored.ruleset.options).sides(stored.players)
    ]


def _compare(stored: store.StoredGame, number: int, mine: Any, step: str) -> dict[str, Any]:
    """What this phone sent for hand `number` and what is stored for it, side by side,
    the sides whose entries differ, and where "keep mine" sends this phone's entry."""
    entry = entry_for(stored.kind)
    theirs: list[tuple[str, str]] = []
    keep = None
    if step == "bids":
        bidding = cast(BiddingEntry[Any, Any], entry)
        words = bidding.pending(dataclasses.replace(stored, pending_bids=list(mine)))
        if number <= len(stored.hands):
            theirs = bidding.pending(
                dataclasses.replace(stored, pending_bids=stored.hands[number - 1]["bids"])
            )
        elif stored.pending_bids and number == len(stored.hands) + 1:
            theirs = bidding.pending(stored)
            keep = url_for("hands.bids", game_id=stored.id)
    else:
        words = _hand_words(stored, mine)
        if number <= len(stored.hands):
            theirs = _hand_words(stored, dict(stored.hands[number - 1]))
            keep = url_for("hands.edit", game_id=stored.id, number=number)
    differs = [name for (name, a), (_n, b) in zip(words, theirs, strict=False) if a != b]
    skip = {"csrf_token", "version", "submission", "hand"}
    return {
        "number": number,
        "step": step,
        "mine": words,
        "theirs": theirs,
        "differs": differs,
        "keep": keep if differs else None,
        "fields": [(k, v) for k, v in request.form.items(multi=True) if k not in skip],
        "version": stored.version,
    }


def _over(stored: store.StoredGame) -> tuple[str, int]:
    return render_game(
        stored, status=409, message=_("The game is over: no more hands can be entered.")
    )


def _full(stored: store.StoredGame) -> tuple[str, int]:
    return render_game(
        stored,
        status=409,
        message=_(
            "This game holds %(most)s hands, the most one game can: start a new game to play on.",
            most=MAX_HANDS,
        ),
    )


def _bidding(stored: store.StoredGame) -> BiddingEntry[Any, Any]:
    """The entry of a game whose hands are bid before they are played (else 404)."""
    entry = entry_for(stored.kind)
    if "bids" not in entry.steps:
        abort(404)
    return cast(BiddingEntry[Any, Any], entry)


def _hand_rules(entry: BiddingEntry[Any, Any], rules: Ruleset, number: int) -> Any:
    """The rules hand `number` is entered under (the rules in force, with the table's
    changes, and what the entry says of that hand: its size, where hands differ)."""
    return entry.hand_rules(rules.options, number)


def _flash_outcome(before: GameResult, after: GameResult) -> None:
    """Say when a change to the hands took a win away, gave one, or moved it."""
    change = outcome_change(before.outcome, after.outcome, after.sides)
    if change is not None:
        flash(sentence(change).render(get_translations()), "outcome")


def _hand_error(error: HandError, number: int) -> Text:
    """Say which hand an engine error is about when it is not the one being entered."""
    if error.hand == number:
        return sentence(error.message)
    return text(
        N_("This change would make hand {hand} invalid: {why}"), hand=error.hand, why=error.message
    )


@bp.route("/g/<game_id>/bids", methods=["GET", "POST"])
def bids(game_id: str) -> BaseResponse | str | tuple[str | bytes, int]:
    """Enter the bids of the next hand, in bidding order."""
    stored = game_for(game_id, "edit")
    entry = _bidding(stored)
    again = _first_answer(game_id)
    if again is not None:
        return again
    result = stored.score()
    if result.outcome.finished:
        return _over(stored)
    if len(stored.hands) >= MAX_HANDS:
        return _full(stored)
    upcoming = next_hand(stored, result)
    options = _hand_rules(entry, stored.ruleset, upcoming.number)
    dealer = dealer_of(stored, result, upcoming.number)
    form = VersionForm()
    values: dict[str, str] = {}
    if stored.pending_bids:
        values = entry.hand_values(
            {"bids": stored.pending_bids, "tricks": []}, options, result.sides, dealer
        )
    errors: dict[str, Text] = {}
    form_errors: list[Any] = []
    version: int | None = stored.version
    if request.method == "POST":
        values = request.form.to_dict()
        version = form.carried_version(stored.version)
        if not form.validate_on_submit():
            form_errors.append(form.refusal())
        else:
            chosen, errors, form_errors = entry.read_bids(
                options, result.sides, stored.players, result.totals, dealer, values
            )
            if chosen is not None:
                answer = url_for("hands.tricks", game_id=game_id)
                try:
                    store.set_bids(
                        get_db(),
                        game_id,
                        chosen,
                        version=form.seen_version(),
                        submission=_submission(answer),
                    )
                except store.Repeated as repeated:
                    return redirect(repeated.answer, 303)
                except store.Conflict:
                    number = _submitted_hand() or upcoming.number
                    return _conflict(game_id, number, chosen, "bids")
                return redirect(answer, 303)
    pickers = entry.bid_pickers(
        options, result.sides, stored.players, result.totals, dealer, values, errors
    )
    guide = entry.guidance(stored, result)
    page = render_template(
        entry.templates["bids"],
        guide=guide,
        needs=needs(stored, result),
        form=form,
        stored=stored,
        result=result,
        upcoming=upcoming,
        pickers=pickers,
        form_errors=form_errors,
        version=version,
        options=options,
    )
    return (page, 400) if errors or form_errors else page


def _posted_hand(stored: store.StoredGame, number: int) -> dict[str, Any] | None:
    """The hand a tricks form sent (with the bids it was shown with), read as the hand
    `number` it was entered for; None when it cannot be read."""
    entry = _bidding(stored)
    result = stored.score()
    options = _hand_rules(entry, stored.rules_for(number), number)
    dealer = dealer_of(stored, result, number)
    before = result.hands[number - 2].totals if number > 1 else tuple(0 for _ in result.sides)
    values = request.form.to_dict()
    bids, _e, _f = entry.read_bids(options, result.sides, stored.players, before, dealer, values)
    if bids is None:
        return None
    by_team = values.get("by") == "team"
    body, _e, _f = entry.read_tricks(options, result.sides, bids, dealer, values, by_team)
    return body


def _no_bids(stored: store.StoredGame) -> BaseResponse | tuple[str, int]:
    """Tricks without bids: a replayed post, or a second phone, after the hand these
    tricks belong to was scored (409); or a page asked for too early (to the bids)."""
    if request.method == "POST":
        number = _submitted_hand()
        if number is not None and number <= len(stored.hands):  # another phone stored it
            return _conflict(stored.id, number, _posted_hand(stored, number), "hand")
        return render_game(
            stored,
            status=409,
            message=_(
                "These tricks were already entered, or the bids were never entered: nothing was changed."
            ),
        )
    return redirect(url_for("hands.bids", game_id=stored.id), 303)


@bp.route("/g/<game_id>/tricks", methods=["GET", "POST"])
def tricks(game_id: str) -> BaseResponse | str | tuple[str | bytes, int]:
    """Enter the tricks of the hand being played, then score it."""
    stored = game_for(game_id, "edit")
    entry = _bidding(stored)
    again = _first_answer(game_id)
    if again is not None:
        return again
    if not stored.pending_bids:
        return _no_bids(stored)
    result = stored.score()
    upcoming = next_hand(stored, result)
    rules = stored.ruleset
    options, shape = _hand_rules(entry, rules, upcoming.number), rules.kind.shape(rules.options)
    dealer = dealer_of(stored, result, upcoming.number)
    # The way the last hand's tricks were entered (one total per partnership) stays.
    last = stored.hands[-1] if stored.hands else {}
    by_team = request.values.get("by", "team" if last.get("team_tricks") else "") == "team"
    form = VersionForm()
    values: dict[str, str] = {}
    errors: dict[str, Text] = {}
    form_errors: list[Any] = []
    version: int | None = stored.version
    if request.method == "POST":
        values = request.form.to_dict()
        version = form.carried_version(stored.version)
        if not form.validate_on_submit():
            form_errors.append(form.refusal())
        else:
            body, errors, form_errors = entry.read_tricks(
                options, result.sides, stored.pending_bids, dealer, values, by_team
            )
            if body is not None:
                answer = url_for("hands.hand", game_id=game_id, number=upcoming.number)
                try:
                    store.add_hand(
                        get_db(),
                        game_id,
                        body,
                        version=form.seen_version(),
                        submission=_submission(answer),
                    )
                except store.Repeated as repeated:
                    return redirect(repeated.answer, 303)
                except store.Conflict:
                    return _conflict(game_id, upcoming.number, body)
                except HandError as error:
                    form_errors.append(_hand_error(error, upcoming.number))
                else:
                    return redirect(answer, 303)
    pickers = entry.trick_pickers(
        options, result.sides, stored.players, stored.pending_bids, dealer, values, errors, by_team
    )
    # The bids go along with the tricks: a hand sent late (the outbox) can still be
    # shown beside one another phone stored, and kept instead of it.
    shown_bids = entry.hand_values(
        {"bids": stored.pending_bids, "tricks": []}, options, result.sides, dealer
    )
    page = render_template(
        entry.templates["tricks"],
        carried_bids=[
            (k, v) for k, v in shown_bids.items() if not k.startswith(("tricks_", "team_tricks_"))
        ],
        guide=entry.guidance(stored, result, stored.pending_bids),
        pending=entry.pending(stored),
        form=form,
        stored=stored,
        result=result,
        upcoming=upcoming,
        pickers=pickers,
        form_errors=form_errors,
        version=version,
        by_team=by_team,
        can_team=shape.partnerships,
        tricks_per_hand=shape.tricks_in(upcoming.number),
    )
    return (page, 400) if errors or form_errors else page


@bp.route("/g/<game_id>/hands/<int:number>")
def hand(game_id: str, number: int) -> str:
    """Show one hand's result: every side's lines, totals and markers."""
    stored = game_for(game_id, "watch")
    if not 1 <= number <= len(stored.hands):
        abort(404, _("This game has no hand %(n)s.", n=number))
    result = stored.score()
    return render_template(
        "hand.html",
        entry=entry_for(stored.kind),
        role=g.get("role"),
        rule_labels=rule_labels(stored.rules_for(number)),
        confirm_form=VersionForm(version=stored.version),
        stored=stored,
        result=result,
        row=rows(stored, result, [number])[0],
        number=number,
        is_last=number == len(stored.hands),
        first_shown=first_shown(len(stored.hands), every=False),
        upcoming=next_hand(stored, result),
    )


@bp.route("/g/<game_id>/hands/<int:number>/edit", methods=["GET", "POST"])
def edit(game_id: str, number: int) -> BaseResponse | str | tuple[str | bytes, int]:
    """Change a past hand; every later hand is re-scored."""
    stored = game_for(game_id, "edit")
    if not 1 <= number <= len(stored.hands):
        abort(404, _("This game has no hand %(n)s.", n=number))
    again = _first_answer(game_id)
    if again is not None:
        return again
    if "play" in entry_for(stored.kind).steps:
        return _kind_page(stored, number, editing=True)
    entry = _bidding(stored)
    result = stored.score()
    rules = stored.rules_for(number)
    options, shape = _hand_rules(entry, rules, number), rules.kind.shape(rules.options)
    sides = result.sides
    body = stored.hands[number - 1]
    dealer = dealer_of(stored, result, number)
    totals_before = result.hands[number - 2].totals if number > 1 else tuple(0 for _ in sides)
    by_team = request.values.get("by", "team" if body.get("team_tricks") else "") == "team"
    form = VersionForm()
    values = entry.hand_values(body, options, sides, dealer)
    errors: dict[str, Text] = {}
    form_errors: list[Any] = []
    version: int | None = stored.version
    bids_for_tricks = body["bids"]
    if request.method == "POST":
        values = request.form.to_dict()
        version = form.carried_version(stored.version)
        if not form.validate_on_submit():
            form_errors.append(form.refusal())
        else:
            chosen, errors, form_errors = entry.read_bids(
                options, sides, stored.players, totals_before, dealer, values
            )
            if chosen is not None:
                bids_for_tricks = chosen
                new_body, trick_errors, trick_form_errors = entry.read_tricks(
                    options, sides, chosen, dealer, values, by_team
                )
                errors.update(trick_errors)
                form_errors += trick_form_errors
                if new_body is not None:
                    saved = _save_edit(game_id, number, new_body, form, form_errors, result)
                    if saved is not None:
                        return saved
    page = render_template(
        entry.templates["edit"],
        form=form,
        stored=stored,
        number=number,
        bid_pickers=entry.bid_pickers(
            options, sides, stored.players, totals_before, dealer, values, errors
        ),
        trick_pickers=entry.trick_pickers(
            options, sides, stored.players, bids_for_tricks, dealer, values, errors, by_team
        ),
        form_errors=form_errors,
        version=version,
        by_team=by_team,
        can_team=shape.partnerships,
    )
    return (page, 400) if errors or form_errors else page


@bp.route("/g/<game_id>/hands/<int:number>/confirm", methods=["POST"])
def confirm(game_id: str, number: int) -> BaseResponse | tuple[str, int]:
    """Another player confirms a hand's result (games that ask for confirmation), on the
    scorer's phone handed across the table: a watch link only looks."""
    stored = game_for(game_id, "edit")
    if not stored.confirm_hands or not 1 <= number <= len(stored.hands):
        abort(404)
    form = VersionForm()
    by = request.form.get("by", "")
    if not form.validate_on_submit():
        abort(400, str(form.refusal()))
    elif by not in stored.players:
        abort(400, _("Choose who confirms the hand."))
    elif stored.confirmed(number):
        abort(
            409,
            _(
                "%(name)s has already confirmed hand %(n)s.",
                name=stored.confirmations[number - 1],
                n=number,
            ),
        )
    else:
        try:
            store.confirm_hand(get_db(), game_id, number, by, version=form.seen_version())
        except store.Conflict:
            return _conflict(game_id)
        flash(_("Hand %(n)s confirmed by %(name)s.", n=number, name=by))
    return redirect(url_for("hands.hand", game_id=game_id, number=number), 303)


def _needs_correction(stored: store.StoredGame, number: int) -> Text:
    return text(
        N_("{name} confirmed this hand: changing it is a correction, so say why"),
        name=stored.confirmations[number - 1],
    )


def _save_edit(
    game_id: str,
    number: int,
    body: dict[str, Any],
    form: VersionForm,
    form_errors: list[Any],
    before: GameResult,
) -> BaseResponse | tuple[str, int] | None:
    """Store the edited hand and redirect to it; on an engine error add it and return None."""
    answer = url_for("hands.hand", game_id=game_id, number=number)
    try:
        after = store.replace_hand(
            get_db(),
            game_id,
            number,
            body,
            version=form.seen_version(),
            correction=request.form.get("correction"),
            submission=_submission(answer),
        )
    except store.Repeated as repeated:
        return redirect(repeated.answer, 303)
    except store.Conflict:
        return _conflict(game_id, number, body)
    except store.NeedsCorrection:
        form_errors.append(_needs_correction(store.get_game(get_db(), game_id), number))
        return None
    except HandError as error:
        form_errors.append(_hand_error(error, number))
        return None
    later = len(store.get_game(get_db(), game_id).hands) - number
    if later:
        flash(
            ngettext(
                "Hand %(n)s changed; the %(num)s hand after it was scored again.",
                "Hand %(n)s changed; the %(num)s hands after it were scored again.",
                later,
                n=number,
            )
        )
    else:
        flash(_("Hand %(n)s changed.", n=number))
    _flash_outcome(before, after)
    return redirect(url_for("hands.hand", game_id=game_id, number=number), 303)


@bp.route("/g/<game_id>/hands/<int:number>/delete", methods=["GET", "POST"])
def delete(game_id: str, number: int) -> BaseResponse | str | tuple[str | bytes, int]:
    """Delete the last hand, after a confirmation."""
    stored = game_for(game_id, "edit")
    if number != len(stored.hands):
        abort(404, _("Only the last hand can be deleted."))
    form = VersionForm(version=stored.version)
    if request.method == "POST":
        if not form.validate_on_submit():
            abort(400, str(form.refusal()))
        before = stored.score()
        try:
            after = store.delete_last_hand(
                get_db(),
                game_id,
                version=form.seen_version(),
                correction=request.form.get("correction"),
            )
        except store.Conflict:
            return _conflict(game_id)
        except store.NeedsCorrection:
            flash(_needs_correction(stored, number).render(get_translations()), "error")
            return redirect(url_for("hands.delete", game_id=game_id, number=number), 303)
        flash(_("Hand %(n)s deleted.", n=number))
        _flash_outcome(before, after)
        return redirect(url_for("games.game", game_id=game_id), 303)
    result = stored.score()
    return render_template(
        "delete.html",
        stored=stored,
        number=number,
        row=rows(stored, result, [number])[0],
        form=form,
    )


@bp.route("/g/<game_id>/play", methods=["GET", "POST"])
def play(game_id: str) -> BaseResponse | str | tuple[str | bytes, int]:
    """Enter the next hand on one page (kinds that bid first start at their first step)."""
    stored = game_for(game_id, "edit")
    steps = entry_for(stored.kind).steps
    if "play" not in steps:
        return redirect(url_for(f"hands.{steps[0]}", game_id=game_id), 303)
    again = _first_answer(game_id)
    if again is not None:
        return again
    number = _submitted_hand()
    if request.method == "POST" and number is not None and number <= len(stored.hands):
        return _conflict(game_id, number, _posted_one_page(stored, number))  # stored meanwhile
    result = stored.score()
    if result.outcome.finished:
        return _over(stored)
    if len(stored.hands) >= MAX_HANDS:
        return _full(stored)
    return _kind_page(stored, len(stored.hands) + 1, editing=False, result=result)


@bp.route("/g/<game_id>/hands/<int:number>/live")
def live(game_id: str, number: int) -> BaseResponse:
    """What a one-page form says of its hand as it is filled in (its fields in the query
    string): the kind entry's `live`, each text in the page's language, as JSON."""
    stored = game_for(game_id, "edit")
    entry = entry_for(stored.kind)
    if "play" not in entry.steps or not 1 <= number <= len(stored.hands) + 1:
        abort(404)
    options = stored.rules_for(number).options
    said = cast(OnePageEntry[Any], entry).live(options, stored.players, request.args.to_dict())
    return jsonify({name: render_text(words) for name, words in said.items()})


def _store_kind_hand(
    stored: store.StoredGame,
    number: int,
    body: dict[str, Any],
    editing: bool,
    form: VersionForm,
    form_errors: list[Any],
) -> tuple[BaseResponse | tuple[str, int] | None, dict[str, Text]]:
    """Add or replace a hand entered on one page and open it; or say what was refused
    (beside its field when the page shows one)."""
    answer = url_for("hands.hand", game_id=stored.id, number=number)
    try:
        if editing:
            after = store.replace_hand(
                get_db(),
                stored.id,
                number,
                body,
                version=form.seen_version(),
                correction=request.form.get("correction"),
                submission=_submission(answer),
            )
        else:
            store.add_hand(
                get_db(),
                stored.id,
                body,
                version=form.seen_version(),
                submission=_submission(answer),
            )
    except store.Repeated as repeated:
        return redirect(repeated.answer, 303), {}
    except store.Conflict:
        return _conflict(stored.id, number, body), {}
    except store.NeedsCorrection:
        form_errors.append(_needs_correction(stored, number))
        return None, {}
    except HandError as error:
        if error.field and error.hand == number:  # a field the page shows
            return None, {error.field: sentence(error.message)}
        form_errors.append(_hand_error(error, number))
        return None, {}
    if editing:
        flash(_("Hand %(n)s changed.", n=number))
        _flash_outcome(stored.score(), after)  # the game as it was before the change
    return redirect(answer, 303), {}


def _posted_one_page(stored: store.StoredGame, number: int) -> dict[str, Any] | None:
    """The hand a one-page form sent, read as hand `number`; None when it cannot be."""
    entry = cast(OnePageEntry[Any], entry_for(stored.kind))
    chosen = request.form.getlist(entry.several) if entry.several else []
    options = stored.rules_for(number).options
    body, _e, _f = entry.read(options, stored.players, request.form.to_dict(), chosen)
    return body


def _kind_page(
    stored: store.StoredGame, number: int, *, editing: bool, result: GameResult | None = None
) -> BaseResponse | str | tuple[str | bytes, int]:
    """The one-page form of hand `number`: a new hand (with `result`, the game so far,
    to say what the table must still do) or one being edited."""
    entry = cast(OnePageEntry[Any], entry_for(stored.kind))  # its steps are ("play",)
    options = stored.rules_for(number).options
    dealt = dealer_of(stored, result or stored.score(), number)
    form = VersionForm()
    values: dict[str, Any] = {}
    chosen: list[str] = []
    if editing:
        values, chosen = entry.values_from_hand(stored.hands[number - 1])
    errors: dict[str, Text] = {}
    form_errors: list[Any] = []
    version: int | None = stored.version
    if request.method == "POST":
        values = request.form.to_dict()
        chosen = request.form.getlist(entry.several) if entry.several else []
        version = form.carried_version(stored.version)
        if not form.validate_on_submit():
            form_errors.append(form.refusal())
        else:
            new_body, errors, form_errors = entry.read(options, stored.players, values, chosen)
            if new_body is not None:
                stored_now, errors = _store_kind_hand(
                    stored, number, new_body, editing, form, form_errors
                )
                if stored_now is not None:
                    return stored_now
    page = render_template(
        "play.html",
        stored=stored,
        number=number,
        editing=editing,
        dealer=stored.players[dealt],
        pickers=entry.pickers(options, stored.players, dealt, values, chosen, errors),
        live=entry.live(options, stored.players, values),
        values=values,
        errors=errors,
        notes=entry.notes(options, number),
        needs=needs(stored, result) if result is not None else [],
        form=form,
        form_errors=form_errors,
        version=version,
    )
    return (page, 400) if errors or form_errors else page


@bp.route("/g/<game_id>/dealer", methods=["GET", "POST"])
def dealer(game_id: str) -> BaseResponse | str | tuple[str | bytes, int]:
    """Correct who dealt, from a given hand on ("Ben dealt hand 5"): the deal passes on
    from them, and every rule tied to the dealer follows."""
    stored = game_for(game_id, "edit")
    form = VersionForm()
    last = len(stored.hands) + 1
    number = parse_count(request.values.get("hand", "")) or last
    seat = parse_count(request.form.get("seat", ""))
    errors: list[Any] = []
    version: int | None = stored.version
    if request.method == "POST":
        version = form.carried_version(stored.version)
        if not form.validate_on_submit():
            errors.append(form.refusal())
        elif not 1 <= number <= last:
            errors.append(_("Choose a hand from 1 to %(last)s.", last=last))
        elif seat is None or seat >= len(stored.players):
            errors.append(_("Choose who dealt hand %(n)s.", n=number))
        else:
            try:
                store.correct_dealer(get_db(), game_id, number, seat, version=form.seen_version())
            except store.Conflict:
                return _conflict(game_id)
            except HandError as error:
                errors.append(_hand_error(error, number))
            except GameError as error:
                errors.append(sentence(error.message))
            else:
                flash(
                    _(
                        "%(name)s dealt hand %(n)s: the deal goes on from %(name)s.",
                        name=stored.players[seat],
                        n=number,
                    )
                )
                return redirect(url_for("games.game", game_id=game_id), 303)
    page = render_template(
        "dealer.html",
        stored=stored,
        form=form,
        version=version,
        number=min(max(number, 1), last),
        last=last,
        seat=dealer_of(stored, stored.score(), min(max(number, 1), last))
        if seat is None
        else seat,
        form_errors=errors,
    )
    return (page, 400) if errors else page


@bp.route("/g/<game_id>/stop", methods=["GET", "POST"])
def stop(game_id: str) -> BaseResponse | str | tuple[str, int]:
    """Stop the game before its end where its rules score that (premiums for what was
    won so far), asking first with what stopping scores; with `stopped=0`, take the stop
    back: the game goes on. Only the phone that keeps score."""
    stored = game_for(game_id, "edit")
    going_on = request.values.get("stopped") == "0"
    back = url_for("games.game", game_id=game_id)
    if going_on != stored.stopped:
        return redirect(back, 303)  # already as asked (a second tap, another phone)
    try:
        after = score_game(load_game({**stored.document(), "stopped": not going_on}))
    except (GameError, HandError) as error:
        abort(400, render_text(sentence(error.message)))
    if not going_on and (stored.score().outcome.finished or not after.outcome.finished):
        abort(400, _("This game cannot be stopped: it is over, or its rules score no stop."))
    form = VersionForm()
    if request.method == "POST" and request.form.get("confirm") == "1":
        if not form.validate_on_submit():
            abort(400, render_text(form.refusal()))
        try:
            store.stop_game(get_db(), game_id, not going_on, version=form.seen_version())
        except store.Conflict:
            return _conflict(game_id)
        flash(_("The game goes on.") if going_on else _("Stopped here: the game is over."))
        return redirect(back, 303)
    if going_on:
        words = [
            _("The stop is taken back: the game goes on from hand %(n)s.", n=len(stored.hands) + 1)
        ]
    else:
        totals = " · ".join(
            f"{side.name} {total}" for side, total in zip(after.sides, after.totals, strict=True)
        )
        words = [
            _("The game ends here, scored as its rules score a game stopped before its end."),
            _("Totals then: %(totals)s.", totals=totals),
            f"{render_text(winner_words(after))} — {render_text(after.outcome.reason)}",
        ]
    return render_template(
        "confirm.html",
        title=_("Go on with this game?") if going_on else _("Stop this game here?"),
        words=words,
        button=_("Go on") if going_on else _("Stop here"),
        action=request.path,
        back=back,
        hidden={"version": str(stored.version), "stopped": "0" if going_on else ""},
        form=form,
    )
