"""Rule pages: every preset in words with its source, and comparisons between rulesets."""

from __future__ import annotations

import json
import re
import secrets
from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import get_translations
from flask_babel import gettext as _
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response as BaseResponse

from ..engine import (
    Ruleset,
    ScoreError,
    UnknownRuleset,
    kind_names,
)
from ..engine.describe import ORIGIN_WORDS, describe
from ..engine.errors import GameError, RulesError
from ..engine.house import ID_MAX, RULES_FORMAT
from ..engine.options import option_values
from ..engine.referee import compare as compare_rulesets
from ..engine.ruleset import short_id
from ..engine.text import sentence
from ..limits import check_file_size, read_game_json
from ..store.house import (
    HouseRules,
    Imported,
    delete_house_rules,
    forget_house_rules,
    free_id,
    house_rules_by_token,
    import_house_rules,
    keep_house_rules,
    save_house_rules,
    visible,
)
from .access import check_room, device, game_for
from .costly import pdf_in_turn
from .db import get_db
from .download import file_response
from .errors import too_large
from .forms import Form, RulesImportForm, house_rules_form, options_summary, read_options
from .house import choices, find, house_for
from .house import rulesets as house_rulesets
from .i18n import language, render_text
from .qr import qr_svg
from .rulebook import rule_page, ruleset_or_404
from .urls import share_url

bp = Blueprint("rules", __name__, url_prefix="/rules")


@bp.route("/")
def index() -> str:
    """List every ruleset, with a form to compare some of them."""
    kinds = {kind: choices(kind) for kind in kind_names()}
    return render_template("rules_index.html", kinds=kinds)


@bp.route("/<ruleset_id>")
def page(ruleset_id: str) -> str:
    """Show one preset in plain words, with its source and our default marks."""
    return rule_page(ruleset_or_404(ruleset_id))


@bp.route("/compare")
def compare() -> str | tuple[str, int]:
    """One table of every option of the chosen rulesets (and a game's), differences marked.

    Opened from a game (?game=ID), the game's rules are ticked and only its kind's
    rulesets are offered: nothing is wrong until the form is sent."""
    ids = [i for i in request.args.getlist("ids") if i]
    rulesets: list[Ruleset] = []
    labels: list[str] = []
    error = None
    found = house_rulesets()
    try:
        for ruleset_id in ids:
            rulesets.append(found(ruleset_id))
            labels.append(rulesets[-1].text("name", language()))
    except UnknownRuleset as unknown:
        error = _("There is no ruleset called %(id)s.", id=short_id(unknown.args[0]))
    game_id = request.args.get("game")
    game_ruleset = None
    if game_id:
        game_ruleset = game_for(game_id, "watch").ruleset  # a private game's rules are private
        rulesets.insert(0, game_ruleset)
        labels.insert(0, _("This game"))
    table = None
    if error is None and len(rulesets) >= 2:
        try:
            table = compare_rulesets(rulesets)
        except ScoreError as problem:
            error = str(problem.message)
    elif error is None and (ids or "go" in request.args):
        error = _("Choose at least two rulesets of the same game.")
    shown = [game_ruleset.game] if game_ruleset else kind_names()
    kinds = {kind: choices(kind) for kind in shown}
    page = render_template(
        "compare.html",
        table=table,
        labels=labels,
        error=error,
        kinds=kinds,
        chosen=ids,
        game_id=game_id,
        game_ruleset=game_ruleset,
        only_diff=request.args.get("only") == "diff",
    )
    return (page, 400) if error else page


@bp.route("/<ruleset_id>/scorecard.pdf")
def scorecard(ruleset_id: str) -> Response:
    """A blank scorecard for this ruleset, to fill in by pencil (A4, or ?size=Letter)."""
    from ..pdf import scorecard_pdf

    ruleset = ruleset_or_404(ruleset_id)
    size = "Letter" if request.args.get("size") == "Letter" else "A4"
    pdf = pdf_in_turn(
        ("rules", ruleset_id),
        lambda: scorecard_pdf(
            ruleset, page_size=size, translations=get_translations(), language=language()
        ),
    )
    if isinstance(pdf, Response):
        return pdf
    return file_response(pdf, "application/pdf", f"scorecard-{ruleset_id}.pdf", inline=True)


# House rules: saved from a setup page or a rule page, edited, deleted, shared.


def _words(ruleset: Ruleset) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """Each option's label, and each choice's words, for a form of this ruleset's kind."""
    sheet = describe(ruleset)
    labels = {rule.option: render_text(rule.label) for rule in sheet.lines}
    words = {
        name: {value: render_text(text) for value, text in values.items()}
        for name, values in ruleset.kind.words().choice_words().items()
    }
    return labels, words


def _slug(name: str) -> str:
    """An id from a name: "Friday club" → "friday-club" (random for a name in other letters)."""
    slug = "-".join(re.findall(r"[a-z0-9]+", name.lower()))[:ID_MAX].strip("-")
    return slug or f"house-{secrets.token_hex(3)}"


def _base_preset(ruleset: Ruleset) -> Ruleset:
    return ruleset.base or ruleset


@bp.route("/house/save", methods=["GET", "POST"])
def save_house() -> BaseResponse | str | tuple[str, int]:
    """Save rules as this table's house rules: from a preset's or house rules' page
    (?base=ID), a game's rules (?game=ID), or a setup page's options (posted)."""
    start: Ruleset | None = None
    if request.method == "GET":
        if request.args.get("game"):
            stored = game_for(request.args["game"], "watch")
            start = stored.ruleset
        else:
            start = find(request.args.get("base", ""))
        base = _base_preset(start)
    else:
        base = _base_preset(find(request.form.get("base", "")))
    return _house_form(base, start=start)


@bp.route("/house/<rules_id>/edit", methods=["GET", "POST"])
def edit_house(rules_id: str) -> BaseResponse | str | tuple[str, int]:
    """Change saved house rules (only the phone that saved them)."""
    house = house_for(rules_id, own=True)
    ruleset = house.ruleset()
    return _house_form(_base_preset(ruleset), start=ruleset, editing=house)


def _house_form(
    base: Ruleset, *, start: Ruleset | None = None, editing: HouseRules | None = None
) -> BaseResponse | str | tuple[str, int]:
    labels, words = _words(base)
    form: Any = house_rules_form(base.kind.facts.options, labels, words)
    problems: dict[str, list[Any]] = {}
    field_errors: dict[str, Any] = {}
    errors: list[Any] = []
    checked: Ruleset | None = base
    changes: dict[str, Any] = {}
    form.base.data = base.id
    if request.method == "GET":
        checked = start or base
        changes = _fill_house_form(form, base, checked, editing)
    else:
        changes, problems, checked = read_options(form, base)
        if problems:
            errors.append(options_summary(problems, labels))
    if request.method == "POST" and request.form.get("step") == "save":
        form.validate()  # the options were read above; here, the CSRF token
        if getattr(form, "csrf_token", None) is not None and form.csrf_token.errors:
            errors.append(
                _("This form had expired. Everything you typed is still here: send it again.")
            )
        if not form.name.data:
            field_errors["name"] = _("Give the house rules a name.")
        if not errors and not field_errors:
            saved = _save_house(
                form, base, editing, changes, labels, problems, field_errors, errors
            )
            if saved is not None:
                return saved
    sheet = describe(checked or base, language())
    preset_lines = {rule.option: rule for rule in describe(base, language()).lines}
    changed = [rule for rule in sheet.lines if rule.option in changes]
    page = render_template(
        "house_form.html",
        form=form,
        base=base,
        editing=editing,
        sheet=describe(base, language()),
        changed=changed,
        preset_lines=preset_lines,
        problems=problems,
        field_errors=field_errors,
        errors=errors,
        origin_words={origin: _(words) for origin, words in ORIGIN_WORDS.items()},
        setup=_setup_kept(),
    )
    # Sent with an option the rules refuse (saved, reviewed, or the Enter key's first
    # button): a 400 with the form, whatever the step.
    failed = request.method == "POST" and bool(errors or field_errors or problems)
    return (page, 400) if failed else page


def _save_house(
    form: Any,
    base: Ruleset,
    editing: HouseRules | None,
    changes: dict[str, Any],
    labels: dict[str, Any],
    problems: dict[str, list[Any]],
    field_errors: dict[str, Any],
    errors: list[Any],
) -> BaseResponse | None:
    """Store the house rules the form describes and open their page; or say, beside its
    field, what the store refused."""
    phone = device(create=True)
    rules_id = (
        editing.id
        if editing
        else form.rules_id.data or free_id(get_db(), phone, _slug(form.name.data))
    )
    doc = {
        "format": RULES_FORMAT,
        "id": rules_id,
        "name": form.name.data,
        "game": base.game,
        "base": base.id,
        "options": changes,
        "notes": {
            name: getattr(form, f"note_{name}").data
            for name in changes
            if getattr(form, f"note_{name}").data
        },
    }
    if editing is None:
        check_room("house_rules")
    try:
        saved = save_house_rules(
            get_db(), doc, device=phone, replacing=editing.key if editing else None
        )
    except RulesError as refused:
        _place_refusal(refused, changes, labels, problems, field_errors, errors)
    else:
        flash(_("House rules saved: %(name)s.", name=saved.name))
        setup = _setup_kept()
        if setup:  # saved on the way to a game: back to its setup, with the new rules
            back = url_for("games.setup", ruleset_id=saved.id) + "?" + urlencode(setup)
            return redirect(back, 303)
        return redirect(url_for("rules.page", ruleset_id=saved.id), 303)
    return None


def _setup_kept() -> dict[str, str]:
    """What a new game's setup page sent along when its rules were saved as house rules
    (the evening, the names, the first dealer), to go back to it with them."""
    if request.method != "POST" or not request.form.get("from_setup"):
        return {}
    return {
        name: value
        for name, value in request.form.items()
        if value and (name in ("evening", "first_dealer") or re.fullmatch(r"player_\d+", name))
    }


def _fill_house_form(
    form: Any, base: Ruleset, shown: Ruleset, editing: HouseRules | None
) -> dict[str, Any]:
    """Show `shown`'s values, notes and name in the form; return what differs from base."""
    values, preset = option_values(shown.options), option_values(base.options)
    for name, value in values.items():
        getattr(form, f"opt_{name}").data = value
    for name in shown.house_options():
        getattr(form, f"note_{name}").data = shown.provenance[name].why or ""
    if editing is not None:
        form.name.data, form.rules_id.data = editing.name, editing.id
    return {name: value for name, value in values.items() if value != preset[name]}


def _place_refusal(
    refused: RulesError,
    changes: dict[str, Any],
    labels: dict[str, Any],
    problems: dict[str, list[Any]],
    field_errors: dict[str, Any],
    errors: list[Any],
) -> None:
    """Put what the store refused beside its field: the name, the id, an option."""
    message = render_text(refused.message)
    if refused.field in ("name", "id"):
        field_errors[refused.field or ""] = message
    elif refused.field in changes:
        problems.setdefault(refused.field or "", []).append(message)
        errors.append(options_summary(problems, labels))
    else:
        errors.append(message)


@bp.route("/house/<rules_id>/delete", methods=["POST"])
def delete_house(rules_id: str) -> BaseResponse:
    """Delete house rules (the phone that saved them), or take them off this phone's list."""
    house = house_for(rules_id)
    if not Form().validate_on_submit():
        abort(400, _("This form had expired. Go back to the rules and try again."))
    if house.owned_by(device()):
        delete_house_rules(get_db(), house)
        flash(
            _(
                "House rules deleted: %(name)s. Games started from them keep their rules.",
                name=house.name,
            )
        )
    else:
        forget_house_rules(get_db(), device() or "", house)
        flash(_("Taken off this phone's list: %(name)s.", name=house.name))
    return redirect(url_for("rules.index"), 303)


@bp.route("/house/<rules_id>.json")
def download_house(rules_id: str) -> Response:
    """Download house rules as a `scorekeeper-rules/1` file."""
    house = house_for(rules_id)
    body = json.dumps(dict(house.document), ensure_ascii=False, indent=2) + "\n"
    return file_response(body, "application/json", f"house-rules-{house.id}.json")


@bp.route("/house/<rules_id>/qr.svg")
def house_qr(rules_id: str) -> Response:
    """The QR code of the house rules' share link."""
    house = house_for(rules_id)
    return qr_svg(share_url("rules.shared", token=house.share_token))


@bp.route("/shared/<token>", methods=["GET", "POST"])
def shared(token: str) -> BaseResponse | str:
    """A share link: see the house rules, and save them to this phone's list."""
    house = house_rules_by_token(get_db(), token)
    if house is None:
        abort(404, _("This link does not open any house rules. Ask for the link again."))
    if request.method == "POST":
        if not Form().validate_on_submit():
            abort(400, _("This form had expired. Open the link again."))
        if not visible(get_db(), device(), house):
            check_room("house_rules")
        kept = keep_house_rules(get_db(), device(create=True) or "", house)
        _say_imported(kept, _("Saved to this phone's house rules: %(name)s.", name=house.name))
        return redirect(url_for("rules.page", ruleset_id=kept.rules.id), 303)
    if visible(get_db(), device(), house):
        return redirect(url_for("rules.page", ruleset_id=house.id), 303)
    return rule_page(house.ruleset(), shared_token=token)


@bp.route("/house/import", methods=["GET", "POST"])
def import_house() -> BaseResponse | str | tuple[str, int]:
    """Store a house rules file (`scorekeeper-rules/1`) on this phone's list."""
    try:
        form = RulesImportForm()
    except RequestEntityTooLarge:
        page = render_template(
            "house_import.html", form=RulesImportForm(formdata=None), error=too_large(rules=True)
        )
        return page, 413
    error = None
    status = 400
    if request.method == "POST":
        if not form.validate_on_submit():
            error = _("This form had expired. Paste or choose the file again.")
        else:
            upload = form.file.data
            raw = upload.read() if upload else (form.text.data or "").encode()
            check_room("house_rules")
            try:
                check_file_size(len(raw), rules=True)
                try:
                    doc = read_game_json(raw)
                except GameError as problem:
                    raise RulesError(problem.message) from None
                imported = import_house_rules(get_db(), doc, device=device(create=True) or "")
            except RulesError as problem:  # a sentence, without the command line's "rules:"
                error = render_text(sentence(problem.message))
            except GameError as problem:  # too large
                error = render_text(problem.message)
                status = 413
            else:
                done = _("House rules imported: %(name)s.", name=imported.rules.name)
                _say_imported(imported, done)
                return redirect(url_for("rules.page", ruleset_id=imported.rules.id), 303)
    page = render_template("house_import.html", form=form, error=error)
    return (page, status) if error else page


def _say_imported(imported: Imported, done: str) -> None:
    """Say what putting house rules on this phone's list did."""
    rules = imported.rules
    if imported.already:
        flash(_("These house rules are already on this phone: %(name)s.", name=rules.name))
    elif imported.renamed:
        flash(
            _(
                "This phone already uses that id or name for other house rules, so these"
                " are on it as %(name)s (id %(id)s).",
                name=rules.name,
                id=rules.id,
            )
        )
    else:
        flash(done)
