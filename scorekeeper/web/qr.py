"""QR codes for the share links, drawn on the server as SVG (no script, no service)."""

from __future__ import annotations

import io

import segno
from flask import Response


def qr_svg(url: str) -> Response:
    """An SVG image of `url`'s QR code, dark on white so it scans in the dark theme too.

    Served as its own image: the page never waits for the encoding (~10 ms), and a
    phone asks for it only when the share box is opened.
    """
    out = io.BytesIO()
    segno.make(url, error="m").save(
        out, kind="svg", scale=1, border=4, dark="#000", light="#fff", xmldecl=False
    )
    return Response(out.getvalue(), mimetype="image/svg+xml")
