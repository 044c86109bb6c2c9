"""A score-progression line chart as inline SVG: one line per side, the target drawn.

Readable in black and white: each side has its own dash pattern and marker shape.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from xml.sax.saxutils import escape

from ..engine.text import number

WIDTH, HEIGHT = 680, 260
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 30, 28
DASHES = ["", "7 4", "2 3", "10 3 2 3", "4 2", "1 2"]
GRAYS = ["#000", "#444", "#000", "#666", "#222", "#555"]
FONT = "Sheet Sans"  # the page's own font: no fallback font to embed for the chart


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
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    first = math.floor(low / step) * step
    return [int(first + i * step) for i in range(int((high - first) / step) + 2)]


def _marker(shape: int, x: float, y: float) -> str:
    """One marker as path data, so that each side's markers are drawn as a single path."""
    r = 3.2
    kind = shape % 4
    if kind == 0:  # a circle, as two arcs
        return f"M{x - r:.1f},{y:.1f}a{r},{r} 0 1,0 {2 * r},0a{r},{r} 0 1,0 {-2 * r},0z"
    if kind == 1:
        return f"M{x - r:.1f},{y - r:.1f}h{2 * r}v{2 * r}h{-2 * r}z"
    if kind == 2:
        return f"M{x:.1f},{y - r - 0.6:.1f}L{x + r:.1f},{y + r:.1f}L{x - r:.1f},{y + r:.1f}z"
    return f"M{x:.1f},{y - r:.1f}L{x + r:.1f},{y:.1f}L{x:.1f},{y + r:.1f}L{x - r:.1f},{y:.1f}z"


def _markers(shape: int, points: Iterable[tuple[float, float]]) -> str:
    """A side's markers: open shapes for even sides, filled for odd, in black and white."""
    fill = "#000" if shape % 2 else '#fff" stroke="#000'
    return f'<path d="{"".join(_marker(shape, x, y) for x, y in points)}" fill="{fill}"/>'


def progression_svg(
    names: Sequence[str], totals: Sequence[Sequence[int]], target: int | None, target_label: str
) -> str:
    """SVG of each side's running total after every hand (hand 0 is the start, all at 0)."""
    hands = len(totals)
    series = [[0, *(row[side] for row in totals)] for side in range(len(names))]
    values = [v for line in series for v in line]
    reach = max(abs(v) for v in values)
    # A target far beyond the scores would flatten every line: label it instead of scaling to it.
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

    # Every tick's grid line is one path and every label one text element: WeasyPrint
    # draws each SVG element on its own, and each text costs a layout of its own.
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" class="chart" role="img">',
        f'<g font-size="10" font-family="{FONT}" fill="#000">',
        '<path stroke="#ccc" stroke-width="0.6" d="'
        + "".join(f"M{LEFT},{y(tick):.1f}H{WIDTH - RIGHT}" for tick in ticks)
        + '"/>',
    ]
    out.extend(
        f'<text x="{LEFT - 6}" y="{y(tick) + 3:.1f}" text-anchor="end">{number(tick)}</text>'
        for tick in ticks
    )
    step = _label_step(hands)
    out.extend(
        f'<text x="{x(i):.1f}" y="{HEIGHT - BOTTOM + 14}" text-anchor="middle">{i}</text>'
        for i in range(0, hands + 1, step)
    )
    if far:
        out.append(
            f'<text x="{WIDTH - RIGHT}" y="{TOP - 4}" text-anchor="end">{escape(target_label)} ↑</text>'
        )
    elif target is not None and low <= target <= high:
        out.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(target):.1f}" y2="{y(target):.1f}" '
            'stroke="#000" stroke-width="1" stroke-dasharray="1 3"/>'
        )
        out.append(
            f'<text x="{WIDTH - RIGHT}" y="{y(target) - 4:.1f}" text-anchor="end">{escape(target_label)}</text>'
        )
    marks = hands <= 40
    for side, line in enumerate(series):
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(line))
        dash = DASHES[side % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(
            f'<polyline points="{points}" fill="none" stroke="{GRAYS[side % len(GRAYS)]}" stroke-width="1.8"{dash_attr}/>'
        )
        if marks:
            out.append(_markers(side, ((x(i), y(v)) for i, v in enumerate(line) if i)))
    legend_x = LEFT
    for side, name in enumerate(names):
        dash = DASHES[side % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(
            f'<line x1="{legend_x}" x2="{legend_x + 26}" y1="12" y2="12" stroke="#000" stroke-width="1.8"{dash_attr}/>'
        )
        out.append(_markers(side, [(legend_x + 13, 12)]))
        label = escape(name if len(name) <= 24 else name[:23] + "…")
        out.append(f'<text x="{legend_x + 31}" y="15">{label}</text>')
        legend_x += 40 + 6 * min(len(name), 24)
    out.append("</g></svg>")
    return "".join(out)
