"""Gzip text responses: waitress sends bytes as they are, and phones pay for every one."""

from __future__ import annotations

import gzip

from flask import Flask, request
from werkzeug.wrappers import Response

COMPRESSIBLE = {
    "text/html",
    "text/css",
    "text/javascript",
    "application/json",
    "application/manifest+json",
    "image/svg+xml",
}
SMALLEST = 600  # below this, gzip's own overhead is not worth it
LEVEL = 6


def accepts_gzip() -> bool:
    """Whether the client of this request reads gzip."""
    return "gzip" in request.headers.get("Accept-Encoding", "")


def gzipped(body: bytes) -> bytes:
    return gzip.compress(body, compresslevel=LEVEL)


def compress(response: Response) -> Response:
    if (
        response.status_code < 200
        or response.status_code in (204, 206, 304)
        or response.mimetype not in COMPRESSIBLE
        or "Content-Encoding" in response.headers
        or not accepts_gzip()
    ):
        return response
    response.direct_passthrough = False  # static files: read them to compress them
    body = response.get_data()
    if len(body) < SMALLEST:
        return response
    response.set_data(gzipped(body))  # sets Content-Length too
    response.headers["Content-Encoding"] = "gzip"
    response.vary.add("Accept-Encoding")
    etag, weak = response.get_etag()
    if etag and not weak:
        # The bytes differ from the file's, so the tag can only be weak; revalidation
        # still answers 304 because If-None-Match compares weakly.
        response.set_etag(etag, weak=True)
    return response


def init_app(app: Flask) -> None:
    app.after_request(compress)
