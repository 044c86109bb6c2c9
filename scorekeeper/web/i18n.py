"""Languages: Flask-Babel wiring, and rendering the engine's translatable text."""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app, request
from flask_babel import Babel, get_locale, get_translations
from markupsafe import Markup

from ..engine.text import Text

babel = Babel()


def select_locale() -> str | None:
    """The language chosen on this browser, else the browser's preference."""
    languages = current_app.config["LANGUAGES"]
    chosen = request.cookies.get("lang")
    if chosen in languages:
        return chosen
    return request.accept_languages.best_match(languages) or "en"


def render_text(value: Any) -> str:
    """Render engine Text (or plain strings) in the request's language."""
    if isinstance(value, Text):
        return value.render(get_translations())
    if isinstance(value, Markup):
        return value
    return str(value)


def init_app(app: Flask) -> None:
    babel.init_app(app, locale_selector=select_locale)
    app.jinja_env.filters["t"] = render_text
    app.jinja_env.globals["get_locale"] = get_locale
