"""Error pages that say what went wrong, in the page's language."""

from __future__ import annotations

from flask import Flask, render_template
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException


def handle_http_error(error: HTTPException) -> tuple[str, int]:
    titles = {
        400: _("That request could not be used"),
        404: _("Not found"),
        405: _("Not allowed"),
        413: _("That file is too large"),
    }
    code = error.code or 500
    custom = error.description and error.description != type(error).description
    message = error.description if custom else ""
    page = render_template(
        "error.html", code=code, title=titles.get(code, _("Something went wrong")), message=message
    )
    return page, code


def init_app(app: Flask) -> None:
    app.register_error_handler(HTTPException, handle_http_error)
