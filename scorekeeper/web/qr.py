"""QR codes for the share links, drawn on the server as inline SVG (no script, no service)."""

from __future__ import annotations

import segno
from markupsafe import Markup


def qr_svg(url: str) -> Markup:
    """An SVG QR code of `url`, dark on white so it scans in the dark theme too."""
    code = segno.make(url, error="m")
    return Markup(code.svg_inline(scale=1, border=4, dark="#000", light="#fff", omitsize=True))
