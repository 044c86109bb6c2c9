"""Installable on a phone: the web app manifest, the service worker, the offline page."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from flask import Blueprint, Response, current_app, render_template, url_for
from flask_babel import gettext as _

bp = Blueprint("pwa", __name__)


@bp.route("/manifest.webmanifest")
def manifest() -> Response:
    """What a phone needs to add the app to its home screen."""
    doc = {
        "name": _("Scorekeeper"),
        "short_name": _("Scorekeeper"),
        "description": _("Score-keeping and referee companion for card games at a real table."),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#f7f6f2",
        "theme_color": "#0b6e4f",
        "icons": [
            {
                "src": url_for("static", filename="icons/icon-192.png"),
                "sizes": "192x192",
                "type": "image/png",
            },
            {
                "src": url_for("static", filename="icons/icon-512.png"),
                "sizes": "512x512",
                "type": "image/png",
            },
            {
                "src": url_for("static", filename="icons/icon.svg"),
                "sizes": "any",
                "type": "image/svg+xml",
            },
        ],
    }
    return Response(json.dumps(doc, ensure_ascii=False), mimetype="application/manifest+json")


SHELL_FILES = ("app.css", "app.js", "icons/icon-192.png")  # as sw.js keeps them


@bp.route("/sw.js")
def service_worker() -> Response:
    """The service worker, served from the root so its scope is the whole app. Its
    version is the shell files' digest: after an upgrade that changes them the phone
    installs it again and drops the old copies (with a fixed one it kept the old script)."""
    folder = Path(current_app.static_folder or "static")
    body = (folder / "sw.js").read_text(encoding="utf-8")
    digest = hashlib.sha256()
    for name in SHELL_FILES:
        digest.update((folder / name).read_bytes())
    body = body.replace('const VERSION = "v1"', f'const VERSION = "{digest.hexdigest()[:12]}"')
    return Response(body, mimetype="text/javascript", headers={"Cache-Control": "no-cache"})


@bp.route("/offline")
def offline() -> str:
    """What the phone shows when it has no connection (cached by the service worker)."""
    return render_template("offline.html")


@bp.route("/healthz")
def healthz() -> Response:
    """A bare route: for readiness checks, and the floor of the serving benchmark."""
    return Response("ok\n", mimetype="text/plain")
