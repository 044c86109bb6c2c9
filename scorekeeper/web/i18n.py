"""Languages: Flask-Babel wiring, and rendering the engine's translatable text."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

from flask import Blueprint, Flask, abort, current_app, g, redirect, request
from flask_babel import Babel, get_locale, get_translations
from markupsafe import Markup
from werkzeug.wrappers import Response

from ..engine import find_kind
from ..engine.kinds import module_name
from ..engine.text import Text, number, signed
from ..scoresheet import carried_text, winner_words

babel = Babel()


def select_locale() -> str | None:
    """The language chosen on this browser, else the browser's preference."""
    languages = current_app.config["LANGUAGES"]
    chosen = request.cookies.get("lang")
    if chosen in languages:
        return chosen
    return request.accept_languages.best_match(languages) or "en"


def translations() -> Any:
    """The request's translations, looked up once per request.

    Flask-Babel finds them through several context lookups on every call; a page with
    a few hundred strings spent more time there than rendering.
    """
    found = g.get("_translations")
    if found is None:
        found = g._translations = get_translations()
    return found


def language() -> str:
    """The request's language code ("en", "ja"), worked out once per request."""
    found = g.get("_language")
    if found is None:
        found = g._language = str(get_locale() or "en")
    return found  # type: ignore[no-any-return]


def when(stamp: str) -> str:
    """A stored UTC time as the table's clock shows it: "2026-11-22 19:05"."""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return stamp[:16].replace("T", " ")


def render_text(value: Any) -> str:
    """Render engine Text (or plain strings) in the request's language."""
    if isinstance(value, Text):
        return value.render(translations())
    if isinstance(value, Markup):
        return value
    return str(value)


bp = Blueprint("lang", __name__)
LANGUAGE_NAMES = {"en": "English", "ja": "日本語"}
# The longest page address a language switch goes back to (the app's are far shorter).
NEXT_MAX = 2000
# What a browser drops from an address before reading it: tabs and line breaks anywhere.
_DROPPED_IN_URLS = re.compile("[\t\n\r]")
_CONTROLS = "".join(map(chr, range(32))) + "\x7f"


def same_site_path(raw: str) -> str:
    """`raw` if it is a page of this app, as a browser would read it; else "/".

    Read as the browser reads it (WHATWG URL parsing): tabs and line breaks anywhere are
    dropped, spaces and control characters at the ends are trimmed, and a backslash is a
    slash. So "/<TAB>/evil.example/" is "//evil.example/", another site, and refused.
    """
    path = _DROPPED_IN_URLS.sub("", raw).strip(_CONTROLS + " ").replace("\\", "/")
    if len(path) > NEXT_MAX or not path.startswith("/") or path.startswith("//"):
        return "/"
    parts = urlsplit(path)
    if parts.scheme or parts.netloc or any(c in _CONTROLS for c in path):
        return "/"
    return path


@bp.route("/lang/<code>")
def switch(code: str) -> Response:
    """Choose the language on this browser; it sticks, and the same page comes back."""
    if code not in current_app.config["LANGUAGES"]:
        abort(404)
    response = redirect(same_site_path(request.args.get("next", "/")), 303)
    response.set_cookie("lang", code, max_age=400 * 24 * 3600, httponly=True, samesite="Lax")
    return response


def this_page() -> str:
    """Where a language switch on this page goes back to (never a huge address)."""
    for here in (request.full_path.rstrip("?"), request.path):
        if len(here) <= NEXT_MAX:
            return here
    return "/"


def other_languages() -> list[tuple[str, str]]:
    current = language()
    return [
        (code, LANGUAGE_NAMES[code]) for code in current_app.config["LANGUAGES"] if code != current
    ]


def localized(ruleset: Any, name: str) -> Any:
    """A ruleset's name, description or notes in the request's language."""
    return ruleset.text(name, language())


def _gettext(message: str, **variables: Any) -> Markup:
    return Markup(translations().gettext(message)) % variables


def _ngettext(singular: str, plural: str, num: int, **variables: Any) -> Markup:
    variables.setdefault("num", num)
    return Markup(translations().ngettext(singular, plural, num)) % variables


def init_app(app: Flask) -> None:
    babel.init_app(app, locale_selector=select_locale)
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        lambda message: translations().gettext(message),
        lambda singular, plural, n: translations().ngettext(singular, plural, n),
        newstyle=True,
    )
    # The same newstyle behaviour (autoescaped, always %-formatted) without the two
    # context lookups per string of Jinja's wrappers: a page calls them dozens of times.
    app.jinja_env.globals.update(_=_gettext, gettext=_gettext, ngettext=_ngettext)
    app.register_blueprint(bp)
    app.jinja_env.globals["other_languages"] = other_languages
    app.jinja_env.globals["this_page"] = this_page
    app.jinja_env.filters["loc"] = localized
    app.jinja_env.filters["source"] = lambda ruleset: ruleset.source_title(language())
    app.jinja_env.filters["t"] = render_text
    app.jinja_env.filters["number"] = number
    app.jinja_env.filters["when"] = when
    app.jinja_env.globals["kind_title"] = lambda kind: translations().gettext(
        find_kind(kind).facts.title
    )
    app.jinja_env.filters["signed"] = signed
    # A kind's own partials live under templates/kinds/<its package's name>/.
    app.jinja_env.globals["kind_templates"] = lambda kind: f"kinds/{module_name(kind)}"
    app.jinja_env.globals["language"] = language
    app.jinja_env.globals["winner_words"] = winner_words
    # What a side carries on, in its game kind's words.
    app.jinja_env.globals["carried_text"] = lambda kind, n: carried_text(kind, n, translations())
