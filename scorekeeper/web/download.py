"""A file the browser saves (a game file, a CSV) or shows (a PDF), with its name."""

from __future__ import annotations

from flask import Response


def file_response(
    body: str | bytes, mimetype: str, filename: str, *, inline: bool = False
) -> Response:
    """`body` as a file called `filename`: shown in the browser when `inline` (PDFs),
    else saved."""
    disposition = "inline" if inline else "attachment"
    return Response(
        body,
        mimetype=mimetype,
        headers={"Content-Disposition": f'{disposition}; filename="{filename}"'},
    )
