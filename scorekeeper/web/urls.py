"""Addresses in templates, built once per app and site root.

A scoresheet links to its own game some twenty times; werkzeug builds every address
afresh, and that was a tenth of the page's time. An address depends only on the
endpoint, its values and where the app is served (scheme, host, root path).
"""

from __future__ import annotations

import functools
from typing import Any
from urllib.parse import urlsplit

import flask
from flask import Flask, current_app, request

from ..serve import is_loopback, lan_addresses


def share_url(endpoint: str, **values: Any) -> str:
    """An address another phone can open: a scorer who opened the app as `localhost`
    shares the machine's network address instead (SHARE_HOST, or the first one found)."""
    path = flask.url_for(endpoint, **values)
    parts = urlsplit(request.host_url)
    host = parts.hostname or ""
    if is_loopback(host):
        lan = current_app.config.get("SHARE_HOST") or _first_lan_address()
        if lan:
            port = f":{parts.port}" if parts.port else ""
            return f"{parts.scheme}://{lan}{port}{path}"
    return f"{request.host_url.rstrip('/')}{path}"


@functools.cache
def _first_lan_address() -> str | None:
    found = lan_addresses()
    return found[0] if found else None


def init_app(app: Flask) -> None:
    @functools.lru_cache(maxsize=4096)
    def build(root: str, blueprint: str | None, endpoint: str, values: Any) -> str:
        return flask.url_for(endpoint, **dict(values))

    def url_for(endpoint: str, **values: Any) -> str:
        blueprint = request.blueprint if endpoint.startswith(".") else None
        try:
            return build(request.root_url, blueprint, endpoint, tuple(sorted(values.items())))
        except TypeError:  # a value that cannot be a key: build it as Flask would
            return flask.url_for(endpoint, **values)

    app.jinja_env.globals["url_for"] = url_for
    app.jinja_env.globals["share_url"] = share_url
