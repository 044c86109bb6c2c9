"""A score-progression line chart as SVG: one line per side, the target drawn.

Readable in black and white: each side has its own dash pattern and marker shape.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from ..engine.text import number

WIDTH, HEIGHT = 680, 240
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 10, 28
DASHES = ["", "7 4", "2 3", "10 3 2 3", "4 2", "1 2"]
GRAYS = ["#000", "#444", "#000", "#666", "#222", "#555"]
FONT = "Sheet Sans"  # the page's own font: no fallback font to embed for the chart
# The chart is printed this wide (A4's text width; Letter's is 6 mm wider), so that the
# y axis's numbers, page text beside it, can be placed in millimetres.
WIDTH_MM = 186.0
MM = WIDTH_MM / WIDTH  # millimetres per SVG unit


def _label_step(hands: int) -> int:
    """Hands between labels on the x axis: 1, 2 or 5 times a power of ten, for ≤ 8 labels."""
    magnitude = 1
    while True:
        for m in (1, 2, 5):
            if hands <= 8 * m * magnitude:
                return m * magnitude
        magnitude *= 10


def _ticks(low: float, high: float, count: int = 5) -> list[int]:
    """Round tick values covering low..high."""
    span = max(high - low, 1)
    raw = span / count
    magnitude = 10 ** max(0, math.floor(math.log10(raw)))  # whole numbers, equally spaced
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    first = math.floor(low / step) * step
    return [int(first + i * step) for i in range(int((high - first) / step) + 2)]


def _marker(shape: int, x: float, y: float) -> str:
    """One square, triangle or diamond as path data, so that a side's markers are one path."""
    r = 3.2
    kind = shape % 4
    if kind == 1:
        return f"M{x - r:.1f},{y - r:.1f}h{2 * r}v{2 * r}h{-2 * r}z"
    if kind == 2:
        return f"M{x:.1f},{y - r - 0.6:.1f}L{x + r:.1f},{y + r:.1f}L{x - r:.1f},{y + r:.1f}z"
    return f"M{x:.1f},{y - r:.1f}L{x + r:.1f},{y:.1f}L{x:.1f},{y + r:.1f}L{x - r:.1f},{y:.1f}z"


def _markers(shape: int, points: Iterable[tuple[float, float]]) -> str:
    """A side's markers: open shapes for even sides, filled for odd, in black and white.

    Circles are dots: a round cap on a segment of no length, one black and a smaller
    white one inside. Drawn as arcs, WeasyPrint turned each into curves at the cost of
    a table row.
    """
    if shape % 4 == 0:
        dots = "".join(f"M{x:.1f},{y:.1f}h0" for x, y in points)
        return "".join(
            f'<path d="{dots}" stroke="{color}" stroke-width="{width}" stroke-linecap="round"/>'
            for color, width in (("#000", 7.4), ("#fff", 5.4))
        )
    fill = "#000" if shape % 2 else '#fff" stroke="#000'
    return f'<path d="{"".join(_marker(shape, x, y) for x, y in points)}" fill="{fill}"/>'


_TARGET_LINE = 'stroke="#000" stroke-width="1" stroke-dasharray="1 3"'


def _line(side: int) -> str:
    """A side's line as SVG attributes: its grey, width and dash pattern."""
    dash = DASHES[side % len(DASHES)]
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    return f'stroke="{GRAYS[side % len(GRAYS)]}" stroke-width="1.8"{dash_attr}'


def swatch(side: int | None) -> str:
    """SVG of a legend entry's sample: a side's line and marker, or (None) the target's."""
    if side is None:
        line = f'<path d="M1,6H29" {_TARGET_LINE}/>'
        return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 12">{line}</svg>'
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 12">'
        f'<path d="M2,6H28" {_line(side)}/>{_markers(side, [(15, 6)])}</svg>'
    )


class Chart(NamedTuple):
    svg: str
    target: str  # where the target is: "line" drawn across, "above" the chart, or ""
    y_labels: str  # the y axis's numbers, top down, a line each
    y_top: float  # mm from the chart's top to the top of the first label's line
    y_step: float  # mm between grid lines: each label's line is that tall


def progression_svg(sides: int, totals: Sequence[Sequence[int]], target: int | None) -> Chart:
    """SVG of each side's running total after every hand (hand 0 is the start, all at 0).

    WeasyPrint lays out and draws SVG text a letter at a time, so the SVG writes only the
    hands' numbers. The y axis's numbers are one block of the page's text, a line per
    grid line (equally spaced), each line centred on its grid line; the key and the
    target's label are the page's text too (see `swatch`).
    """
    hands = len(totals)
    series = [[0, *(row[side] for row in totals)] for side in range(sides)]
    values = [v for line in series for v in line]
    reach = max(abs(v) for v in values)
    # A target far beyond the scores would flatten every line: say so instead of scaling to it.
    far = target is not None and abs(target) > 2 * reach + 100
    if target is not None and not far:
        values.append(target)
    low, high = min(values), max(values)  # series start at 0
    ticks = _ticks(low, high)
    low, high = ticks[0], ticks[-1]
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + plot_w * i / max(hands, 1)

    def y(v: float) -> float:
        return TOP + plot_h * (high - v) / max(high - low, 1)

    # The grid lines are one path and every hand's label one text element: WeasyPrint
    # draws each SVG element on its own.
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" class="chart" role="img">',
        f'<g font-size="10" font-family="{FONT}" fill="#000">',
        '<path stroke="#ccc" stroke-width="0.6" d="'
        + "".join(f"M{LEFT},{y(tick):.1f}H{WIDTH - RIGHT}" for tick in ticks)
        + '"/>',
    ]
    step = _label_step(hands)
    out.extend(
        f'<text x="{x(i):.1f}" y="{HEIGHT - BOTTOM + 14}" text-anchor="middle">{i}</text>'
        for i in range(0, hands + 1, step)
    )
    where = "above" if far else ""
    if target is not None and not far:
        where = "line"
        out.append(f'<path d="M{LEFT},{y(target):.1f}H{WIDTH - RIGHT}" {_TARGET_LINE}/>')
    marks = hands <= 40
    for side, line in enumerate(series):
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(line))
        out.append(f'<polyline points="{points}" fill="none" {_line(side)}/>')
        if marks:
            out.append(_markers(side, ((x(i), y(v)) for i, v in enumerate(line) if i)))
    out.append("</g></svg>")
    spacing = (y(ticks[0]) - y(ticks[-1])) / (len(ticks) - 1) * MM
    return Chart(
        "".join(out),
        where,
        "\n".join(number(tick) for tick in reversed(ticks)),
        y(ticks[-1]) * MM - spacing / 2,
        spacing,
    )
