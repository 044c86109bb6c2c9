"""Addresses in templates, built once per app and site root.

A scoresheet links to its own game some twenty times; werkzeug builds every address
afresh, and that was a tenth of the page's time. An address depends only on the
endpoint, its values and where the app is served (scheme, host, root path).
"""

from __future__ import annotations

import functools
from typing import Any

import flask
from flask import Flask, request


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
