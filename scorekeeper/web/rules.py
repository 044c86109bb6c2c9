"""Rule pages: every preset in words with its source, and comparisons between rulesets."""

from __future__ import annotations

from flask import Blueprint, Response, abort, render_template, request
from flask_babel import get_translations
from flask_babel import gettext as _

from ..engine import (
    Ruleset,
    ScoreError,
    UnknownRuleset,
    all_rulesets,
    find_ruleset,
    kind_names,
)
from ..engine.describe import ORIGIN_WORDS, describe
from ..engine.referee import compare as compare_rulesets
from .access import game_for
from .download import file_response
from .i18n import language

bp = Blueprint("rules", __name__, url_prefix="/rules")


@bp.route("/")
def index() -> str:
    """List every ruleset, with a form to compare some of them."""
    kinds = {kind: all_rulesets(kind) for kind in kind_names()}
    return render_template("rules_index.html", kinds=kinds)


def ruleset_or_404(ruleset_id: str) -> Ruleset:
    """The preset with this id; a 404 page saying so when there is none."""
    try:
        return find_ruleset(ruleset_id)
    except UnknownRuleset:
        abort(404, _("There is no ruleset called %(id)s.", id=ruleset_id))


@bp.route("/<ruleset_id>")
def page(ruleset_id: str) -> str:
    """Show one preset in plain words, with its source and our default marks."""
    return rule_page(ruleset_or_404(ruleset_id))


def rule_page(ruleset: Ruleset, game: object = None) -> str:
    """A ruleset's page: quick answers, each value with its origin, the rest folded away."""
    return render_template(
        "rules_page.html",
        ruleset=ruleset,
        sheet=describe(ruleset, language()),
        game=game,
        origin_words={origin: _(words) for origin, words in ORIGIN_WORDS.items()},
    )


@bp.route("/compare")
def compare() -> str | tuple[str, int]:
    """One table of every option of the chosen rulesets (and a game's), differences marked."""
    ids = [i for i in request.args.getlist("ids") if i]
    rulesets: list[Ruleset] = []
    labels: list[str] = []
    error = None
    try:
        for ruleset_id in ids:
            rulesets.append(find_ruleset(ruleset_id))
            labels.append(rulesets[-1].text("name", language()))
    except UnknownRuleset as unknown:
        error = _("There is no ruleset called %(id)s.", id=unknown.args[0])
    game_id = request.args.get("game")
    if game_id:
        stored = game_for(game_id, "watch")  # a private game's rules are private too
        rulesets.insert(0, stored.ruleset)
        labels.insert(0, _("This game"))
    table = None
    if error is None and len(rulesets) >= 2:
        try:
            table = compare_rulesets(rulesets)
        except ScoreError as problem:
            error = str(problem.message)
    elif error is None and request.args:
        error = _("Choose at least two rulesets of the same game.")
    kinds = {kind: all_rulesets(kind) for kind in kind_names()}
    page = render_template(
        "compare.html",
        table=table,
        labels=labels,
        error=error,
        kinds=kinds,
        chosen=ids,
        game_id=game_id,
        only_diff=request.args.get("only") == "diff",
    )
    return (page, 400) if error else page


@bp.route("/<ruleset_id>/scorecard.pdf")
def scorecard(ruleset_id: str) -> Response:
    """A blank scorecard for this ruleset, to fill in by pencil (A4, or ?size=Letter)."""
    from ..pdf import scorecard_pdf

    ruleset = ruleset_or_404(ruleset_id)
    size = "Letter" if request.args.get("size") == "Letter" else "A4"
    pdf = scorecard_pdf(ruleset, page_size=size, translations=get_translations())
    return file_response(pdf, "application/pdf", f"scorecard-{ruleset_id}.pdf", inline=True)
