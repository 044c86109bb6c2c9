"""QR codes for the share links, drawn on the server as inline SVG (no script, no service)."""

from __future__ import annotations

import functools

import segno
from markupsafe import Markup


@functools.lru_cache(maxsize=512)
def qr_svg(url: str) -> Markup:
    """An SVG QR code of `url`, dark on white so it scans in the dark theme too.

    Encoding searches eight masks (about 10 ms); a game's links never change, so each
    code is made once.
    """
    code = segno.make(url, error="m")
    return Markup(code.svg_inline(scale=1, border=4, dark="#000", light="#fff", omitsize=True))
