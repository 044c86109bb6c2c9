"""Share links: addresses another phone at the table can open."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import flask
from flask import Flask, current_app, request

from ..network import is_loopback, lan_addresses


def share_url(endpoint: str, **values: Any) -> str:
    """An address another phone can open: a scorer who opened the app as `localhost`
    shares the machine's network address instead (SHARE_HOST, or the first one found)."""
    path = flask.url_for(endpoint, **values)
    parts = urlsplit(request.host_url)
    host = parts.hostname or ""
    if is_loopback(host):
        lan = current_app.config.get("SHARE_HOST") or next(iter(lan_addresses()), None)
        if lan:
            port = f":{parts.port}" if parts.port else ""
            return f"{parts.scheme}://{lan}{port}{path}"
    return f"{request.host_url.rstrip('/')}{path}"


def init_app(app: Flask) -> None:
    app.jinja_env.globals["share_url"] = share_url
