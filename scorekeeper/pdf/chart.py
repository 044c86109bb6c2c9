"""A score-progression line chart as inline SVG: one line per side, the target drawn.

Readable in black and white: each side has its own dash pattern and marker shape.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from xml.sax.saxutils import escape

WIDTH, HEIGHT = 680, 260
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 30, 28
DASHES = ["", "7 4", "2 3", "10 3 2 3", "4 2", "1 2"]
GRAYS = ["#000", "#444", "#000", "#666", "#222", "#555"]


def _ticks(low: float, high: float, count: int = 5) -> list[int]:
    """Round tick values covering low..high."""
    span = max(high - low, 1)
    raw = span / count
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    first = math.floor(low / step) * step
    return [int(first + i * step) for i in range(int((high - first) / step) + 2)]


def _marker(shape: int, x: float, y: float) -> str:
    r = 3.2
    kind = shape % 4
    if kind == 0:
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="#fff" stroke="#000"/>'
    if kind == 1:
        return (
            f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r}" height="{2 * r}" fill="#000"/>'
        )
    if kind == 2:
        points = f"{x:.1f},{y - r - 0.6:.1f} {x + r:.1f},{y + r:.1f} {x - r:.1f},{y + r:.1f}"
        return f'<polygon points="{points}" fill="#fff" stroke="#000"/>'
    points = f"{x:.1f},{y - r:.1f} {x + r:.1f},{y:.1f} {x:.1f},{y + r:.1f} {x - r:.1f},{y:.1f}"
    return f'<polygon points="{points}" fill="#000"/>'


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

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" class="chart" role="img">',
        '<g font-size="10" fill="#000">',
    ]
    for tick in ticks:
        out.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" stroke="#ccc" stroke-width="0.6"/>'
        )
        out.append(f'<text x="{LEFT - 6}" y="{y(tick) + 3:.1f}" text-anchor="end">{tick}</text>')
    step = max(1, math.ceil(hands / 15))
    for i in range(0, hands + 1, step):
        out.append(
            f'<text x="{x(i):.1f}" y="{HEIGHT - BOTTOM + 14}" text-anchor="middle">{i}</text>'
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
            out.extend(_marker(side, x(i), y(v)) for i, v in enumerate(line) if i)
    legend_x = LEFT
    for side, name in enumerate(names):
        dash = DASHES[side % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(
            f'<line x1="{legend_x}" x2="{legend_x + 26}" y1="12" y2="12" stroke="#000" stroke-width="1.8"{dash_attr}/>'
        )
        out.append(_marker(side, legend_x + 13, 12))
        label = escape(name if len(name) <= 24 else name[:23] + "…")
        out.append(f'<text x="{legend_x + 31}" y="15">{label}</text>')
        legend_x += 40 + 6 * min(len(name), 24)
    out.append("</g></svg>")
    return "".join(out)
