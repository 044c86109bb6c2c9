"""Error pages that say what went wrong, in the page's language."""

from __future__ import annotations

import os
import sqlite3

from flask import Flask, current_app, g, render_template, request
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException

from .. import limits
from ..engine.text import Text
from ..limits import MAX_GAME_FILE_BYTES, kilobytes
from ..store.catch_up import CatchingUp
from ..store.db import StoreError, damaged, is_damage, is_disk_full, mark_damaged
from ..store.stored import DamagedGame
from ..store.tables import FullEvening
from .forms import PinForm
from .i18n import render_text


def handle_http_error(error: HTTPException) -> tuple[str, int]:
    titles = {
        400: _("That request could not be used"),
        403: _("Not allowed on this phone"),
        404: _("Not found"),
        409: _("Someone else was first"),
        429: _("Too many tries"),
        405: _("Not allowed"),
        413: _("That file is too large"),
    }
    code = error.code or 500
    custom = error.description and error.description != type(error).description
    message = error.description if custom else ""
    if code == 413 and not custom:
        message = too_large(rules=request.endpoint == "rules.import_house")
    locked = g.get("locked_game") if code == 403 else None
    page = render_template(
        "error.html",
        code=code,
        title=titles.get(code, _("Something went wrong")),
        message=message,
        locked=locked,
        pin_form=PinForm() if locked else None,
    )
    return page, code


def handle_store_error(error: StoreError) -> tuple[str, int]:
    """The database became unusable while serving (damaged, replaced): say so, not 500."""
    page = render_template(
        "error.html",
        code=503,
        title=_("The database cannot be used"),
        lead=_(
            "The scores are kept in a file on the computer that runs the app, and that file"
            " is damaged: no game can be shown or saved until a backup is put back."
            " Nothing more is written into it. For whoever runs the app:"
        )
        if error.damaged
        else None,
        message=render_text(_file_names_only(error.message)),
        locked=None,
    )
    return page, 503


def _file_names_only(message: Text) -> Text:
    """`message` with each file named by its name, not its folders: a visitor learns
    no path on the computer that runs the app (its console says the whole path)."""
    params = {
        name: _file_names_only(value)
        if isinstance(value, Text)
        else os.path.basename(value)
        if isinstance(value, str) and os.path.isabs(value)
        else value
        for name, value in message.params.items()
    }
    return Text(message.template, params, message.plural)


def too_large(*, rules: bool = False) -> str:
    """Why a request was too large, naming the limit (and, with `rules`, what is sent
    on the house rules import page)."""
    if rules:
        return str(
            _(
                "A house rules file can be at most %(most)s, and nothing larger can be sent"
                " to the app.",
                most=kilobytes(MAX_GAME_FILE_BYTES),
            )
        )
    return str(
        _(
            "A game file can be at most %(most)s, and nothing larger can be sent to the app.",
            most=kilobytes(MAX_GAME_FILE_BYTES),
        )
    )


def handle_busy_database(error: sqlite3.OperationalError) -> tuple[str, int]:
    """Another process held the database past the wait (a long backup), or the disk is
    full: a page that says which, not 500. Nothing was saved (the write rolled back)."""
    if is_disk_full(error):
        title = _("The disk is full")
        message = _(
            "The computer running the app has no room left on its disk, so nothing was"
            " saved. Make room on it, then send this again."
        )
    else:
        title = _("The database is busy")
        message = _("Another program is using the database. Wait a moment and try again.")
    page = render_template("error.html", code=503, title=title, message=message, locked=None)
    return page, 503


def handle_database_error(error: sqlite3.DatabaseError) -> tuple[str, int]:
    """The database file is damaged ("database disk image is malformed"): every page says
    so from now on, and nothing more is written into it. Other errors stay errors."""
    if not is_damage(error):
        raise error
    path = current_app.config["DATABASE"]
    mark_damaged(path, error)
    return handle_store_error(damaged(path, error))


def handle_damaged_game(error: DamagedGame) -> tuple[str, int]:
    """A game whose stored hands do not replay (changed outside the app, or damaged):
    its pages name the hand and what is wrong with it, and every other page works."""
    why = render_text(error.why)
    if error.hand is not None:
        lead = _(
            "Hand %(n)s of this game, as stored, cannot be read: %(why)s.", n=error.hand, why=why
        )
    else:
        lead = _("This game, as stored, cannot be read: %(why)s.", why=why)
    page = render_template(
        "error.html",
        code=200,
        title=_("This game cannot be shown"),
        lead=lead,
        message=_(
            "The database file was changed outside the app, or part of it was damaged;"
            " every other game is as it was. Whoever runs the app can list every such game"
            " with “scorekeeper check --deep”, and put a backup back."
        ),
        locked=None,
    )
    return page, 200 if request.method in ("GET", "HEAD") else 409


def handle_full_evening(_error: FullEvening) -> tuple[str, int]:
    """A table (or a game at a new table) refused: the evening has as many as it may."""
    message = _(
        "This evening has %(n)s tables, the most an evening may have. Start the next game at"
        " a table it has (a later round plays at the same tables), or start another evening.",
        n=limits.MAX_TABLES_PER_EVENING,
    )
    title = _("This evening is full")
    page = render_template("error.html", code=403, title=title, message=message, locked=None)
    return page, 403


def handle_catching_up(error: CatchingUp) -> tuple[str, int, dict[str, str]]:
    """The games this page counts are still being made again (after an upgrade or a
    restore), past the page's wait: say how far, and look again in a few seconds. No
    figure is shown until every game it counts is."""
    g.spans_games = False  # the page says it in full: no line at the top besides
    page = render_template("catching_up.html", done=error.done, total=error.total)
    return page, 503, {"Retry-After": "5"}


def init_app(app: Flask) -> None:
    app.register_error_handler(CatchingUp, handle_catching_up)
    app.register_error_handler(HTTPException, handle_http_error)
    app.register_error_handler(sqlite3.OperationalError, handle_busy_database)
    app.register_error_handler(sqlite3.DatabaseError, handle_database_error)
    app.register_error_handler(StoreError, handle_store_error)
    app.register_error_handler(DamagedGame, handle_damaged_game)
    app.register_error_handler(FullEvening, handle_full_evening)
