"""The table app: a Flask app factory and its blueprints."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask

from ..limits import MAX_GAME_FILE_BYTES
from ..paths import STATIC, TEMPLATES, TRANSLATIONS, database_path, instance_path
from . import security

REQUEST_SLACK = 64 * 1024  # a form's other fields and a multipart body's boundaries


def _secret_key(instance: Path) -> str:
    """Read the instance's secret key, generating it on first start (never committed)."""
    path = instance / "secret_key"
    if not path.exists():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as file:
            file.write(secrets.token_hex(32))
    return path.read_text().strip()


def _settings(instance: Path) -> dict[str, Any]:
    """The app's settings, before a test's own."""
    return dict(
        SECRET_KEY=None,
        DATABASE=str(database_path(instance)),
        # A phone may sit on the bids screen through a long hand; a token that expired
        # anyway is answered by showing the form again with everything kept.
        WTF_CSRF_TIME_LIMIT=12 * 3600,
        # A game file of the largest size imported, with room for the form around it
        # (a pasted file is a form field: Werkzeug's own limit for those is 500 KB).
        MAX_CONTENT_LENGTH=MAX_GAME_FILE_BYTES + REQUEST_SLACK,
        MAX_FORM_MEMORY_SIZE=MAX_GAME_FILE_BYTES + REQUEST_SLACK,
        BABEL_DEFAULT_LOCALE="en",
        # Phones keep the stylesheet, script and fonts for a day (the service worker longer).
        SEND_FILE_MAX_AGE_DEFAULT=24 * 3600,
        BABEL_TRANSLATION_DIRECTORIES=str(TRANSLATIONS),
        LANGUAGES=("en", "ja"),
        # The address share links name when the scorer opened the app as localhost
        # (default: the machine's first network address).
        SHARE_HOST=os.environ.get("SCOREKEEPER_SHARE_HOST") or None,
        **security.cookie_settings(),
    )


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Create and configure the app."""
    instance = instance_path()
    if test_config and "INSTANCE_PATH" in test_config:
        instance = Path(test_config["INSTANCE_PATH"])
    instance.mkdir(parents=True, exist_ok=True)
    app = Flask(
        __name__,
        instance_path=str(instance),
        instance_relative_config=True,
        template_folder=str(TEMPLATES),
        static_folder=str(STATIC),
    )
    app.config.from_mapping(_settings(instance))
    if test_config:
        app.config.from_mapping(test_config)

    from . import (
        access,
        compress,
        db,
        director,
        errors,
        evenings,
        games,
        hands,
        i18n,
        members,
        players,
        polls,
        pwa,
        rounds,
        rules,
        seasons,
        urls,
    )

    db.init_app(app)  # first: a damaged or foreign database is refused before anything is written
    if not app.config["SECRET_KEY"]:
        app.config["SECRET_KEY"] = _secret_key(instance)
    security.init_app(app)
    app.before_request(access.keep_device)
    app.jinja_env.globals["start_mark"] = access.start_mark
    compress.init_app(app)
    i18n.init_app(app)
    urls.init_app(app)
    polls.init_app(app)
    blueprints = (games, hands, rules, players, members, evenings, rounds, director, seasons, pwa)
    for blueprint in blueprints:
        app.register_blueprint(blueprint.bp)
    errors.init_app(app)
    return app


def warm_up(app: Flask) -> None:
    """Do before the first phone asks what its first page would do: compile every
    template, import each game's entry and read every preset. Left to the first
    scoresheet after a start, that took ~125 ms against ~10 ms for every later one
    (`make bench`, first view in a fresh server)."""
    from ..engine import all_rulesets, find_kind, kind_names
    from ..limits import looks_like
    from .entry import entry_for

    for name in app.jinja_env.list_templates(extensions=["html"]):
        if not name.startswith("pdf/"):  # the PDF's own templates have their environment
            app.jinja_env.get_template(name)
    for kind in kind_names():
        entry_for(kind)
        find_kind(kind).words().describe(find_kind(kind).facts.options())
        all_rulesets(kind)
    looks_like("")  # Unicode's look-alike letters: ~150 ms, else the first new game's
