"""The club's members, for its organisers: every name of their games, renamed, merged
or hidden when gone (store/members.py says whose games a rename touches)."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from werkzeug.wrappers import Response as BaseResponse

from ..limits import NAME_MAX, BadName, clean_name, player_key
from ..store import members
from .access import device
from .db import get_db
from .forms import Form
from .i18n import render_text

bp = Blueprint("members", __name__, url_prefix="/members")


def _organiser() -> str:
    """This phone's device id, if it directs an evening; 403 saying why otherwise."""
    mine = device()
    if not mine or not members.organises(get_db(), mine):
        abort(
            403,
            _(
                "The club's members are kept by the phones that direct its evenings. This"
                " phone's own players are under Players."
            ),
        )
    return mine


def _member(key: str) -> members.Member:
    """The member of this key in the organiser's games, or 404 naming it."""
    wanted = player_key(key)
    found = next((m for m in members.members(get_db(), _organiser()) if m.key == wanted), None)
    if found is None:
        abort(404, _("No game of this phone's club has a player called %(name)s.", name=key))
    return found


def _page(problem: tuple[str, str, str] | None = None) -> str:
    return render_template(
        "members.html",
        members=members.members(get_db(), _organiser()),
        form=Form(),
        name_max=NAME_MAX,
        problem=problem,
    )


@bp.route("/")
def index() -> str:
    """The club's names: games, last played, and what an organiser may do with each."""
    return _page()


def _checked_form() -> None:
    if not Form().validate_on_submit():
        abort(400, _("This form had expired. Go back to the members and try again."))


@bp.route("/<path:key>/rename", methods=["POST"])
def rename(key: str) -> BaseResponse | str | tuple[str, int]:
    """Rename a member, or merge it into another (asked to confirm first)."""
    _checked_form()
    member = _member(key)
    answer = rename_or_confirm(
        member.name,
        request.form.get("name") or "",
        url_for("members.rename", key=member.name),
        url_for("members.index"),
    )
    if isinstance(answer, tuple) and answer[1] == 400:
        return _page((member.key, request.form.get("name") or "", answer[0])), 400
    return answer


def rename_or_confirm(
    old: str, typed: str, action: str, back: str
) -> BaseResponse | str | tuple[str, int]:
    """Rename `old` as typed in the games this phone may rename (store.members.renamable),
    and go `back`; a merge into another member is asked to be confirmed first. A name
    the rule refuses: (its problem, 400), for the caller's page."""
    db, mine = get_db(), device() or ""
    try:
        new = clean_name(typed)
    except BadName as problem:
        return _("The new name: %(why)s", why=render_text(problem.message)), 400
    mine_to_rename = members.renamable(db, mine)
    spelled = members.spellings(db, mine_to_rename, player_key(old))
    if not spelled:
        abort(
            403,
            _(
                "No game this phone may rename has %(name)s: a rename changes the games it"
                " keeps score of and the evenings it directs.",
                name=old,
            ),
        )
    if spelled <= {new}:
        return _("%(name)s is already spelled that way.", name=new), 400
    into = next(
        (
            m
            for m in members.members(db, mine)
            if m.key == player_key(new) and m.key != player_key(old)
        ),
        None,
    )
    if into is not None and not request.form.get("confirm"):
        return render_template(
            "confirm.html",
            title=_("Merge %(old)s into %(new)s?", old=old, new=into.name),
            words=[
                _(
                    "%(old)s becomes %(new)s in this phone's games and every game of the"
                    " evenings it directs: one player on their pages and seasons. Each"
                    " game's history says so.",
                    old=old,
                    new=into.name,
                ),
                _("A game where both play is left as it is."),
            ],
            form=Form(),
            action=action,
            hidden={"name": into.name},
            button=_("Merge"),
            back=back,
        )
    try:
        done = members.rename(db, mine_to_rename, members.directed(db, mine), old, new)
    except BadName as problem:  # it looks like another player of a game or evening
        return _("The new name: %(why)s", why=render_text(problem.message)), 400
    if player_key(new) == player_key(old):  # one spelling for every game
        said = ngettext(
            "%(new)s is spelled so in every game now (%(num)s changed).",
            "%(new)s is spelled so in every game now (%(num)s changed).",
            len(done.games),
            new=new,
        )
    else:
        said = ngettext(
            "%(old)s is now %(new)s in %(num)s game.",
            "%(old)s is now %(new)s in %(num)s games.",
            len(done.games),
            old=old,
            new=new,
        )
    flash(said)
    if done.left:
        flash(
            ngettext(
                "%(num)s game left as it was: %(new)s, or a name like it, plays in it too.",
                "%(num)s games left as they were: %(new)s, or a name like it, plays in them too.",
                len(done.left),
                new=new,
            )
        )
    return redirect(back, 303)


@bp.route("/<path:key>/hide", methods=["POST"])
def hide(key: str) -> BaseResponse:
    """A member who is gone: no longer offered to tap nor suggested."""
    _checked_form()
    member = _member(key)
    members.hide(get_db(), _organiser(), member.name)
    flash(_("%(name)s is hidden: not offered for new nights or games.", name=member.name))
    return redirect(url_for("members.index"), 303)


@bp.route("/<path:key>/show", methods=["POST"])
def show(key: str) -> BaseResponse:
    """A hidden member offered again."""
    _checked_form()
    member = _member(key)
    members.show(get_db(), _organiser(), member.name)
    flash(_("%(name)s is offered again.", name=member.name))
    return redirect(url_for("members.index"), 303)
