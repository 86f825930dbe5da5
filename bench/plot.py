#!/usr/bin/env python3
"""Draws the TSV of bench/outputs.sh as an SVG: wall time and peak memory
against the number of games, one line per output set, the bare loop dashed.
Both axes are logarithmic, with ticks at 1, 2 and 5 times a power of ten.
Prints the same figures as the Markdown table of docs/performance.md.

  bench/plot.py OUTPUTS.tsv OUT.svg      e.g. build-perf/bench-data/outputs.tsv docs/images/performance-scaling.svg
"""
import csv, math, sys
from xml.sax.saxutils import escape

COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"]
PANEL_W, PANEL_H, LEFT, TOP, GAP, LEGEND_W = 340, 300, 70, 50, 90, 190
FONT = 'font-family="DejaVu Sans, Arial, sans-serif"'


def ticks(lo, hi):
    """The 1-2-5 steps from the largest one at or below lo to the smallest at or above hi."""
    steps = [m * 10.0 ** e for e in range(math.floor(math.log10(lo)) - 1, math.ceil(math.log10(hi)) + 1) for m in (1, 2, 5)]
    first = max(s for s in steps if s <= lo * (1 + 1e-9))
    last = min(s for s in steps if s >= hi * (1 - 1e-9))
    return [s for s in steps if first <= s <= last]


def label(value, unit=""):
    if unit == "games":
        return f"{value / 1e6:g}M" if value >= 1e6 else f"{value / 1e3:g}k"
    return f"{value:,.0f}" if value >= 1 else f"{value:g}"


def series(rows):
    """{name: [(games, wall_s, peak_MB)]} in the order met, the bare loop last."""
    lines, bare = {}, {}
    for r in rows:
        name = r["set"] if r["period"] == "game" else f'{r["set"]}, {r["period"]}'
        lines.setdefault(name, []).append((int(r["games"]), float(r["wall_s"]), float(r["peak_MB"])))
        bare[int(r["games"])] = (float(r["bare_wall_s"]), float(r["bare_peak_MB"]))
    lines["bare loop"] = [(n, w, m) for n, (w, m) in sorted(bare.items())]
    return {name: sorted(points) for name, points in lines.items()}


def panel(x0, title, unit, lines, column):
    xs = ticks(min(p[0] for ps in lines.values() for p in ps), max(p[0] for ps in lines.values() for p in ps))
    ys = ticks(min(p[column] for ps in lines.values() for p in ps), max(p[column] for ps in lines.values() for p in ps))
    def sx(v): return x0 + PANEL_W * (math.log(v / xs[0]) / math.log(xs[-1] / xs[0]) if xs[-1] > xs[0] else 0.5)
    def sy(v): return TOP + PANEL_H * (1 - math.log(v / ys[0]) / math.log(ys[-1] / ys[0]))
    out = [f'<text x="{x0 + PANEL_W / 2}" y="{TOP - 18}" text-anchor="middle" font-size="17" font-weight="bold">{escape(title)}</text>',
           f'<rect x="{x0}" y="{TOP}" width="{PANEL_W}" height="{PANEL_H}" fill="none" stroke="#444"/>']
    for v in xs:
        out.append(f'<line x1="{sx(v):.1f}" y1="{TOP}" x2="{sx(v):.1f}" y2="{TOP + PANEL_H}" stroke="#ddd"/>')
        out.append(f'<text class="x-tick" x="{sx(v):.1f}" y="{TOP + PANEL_H + 20}" text-anchor="middle" font-size="14">{label(v, "games")}</text>')
    for v in ys:
        out.append(f'<line x1="{x0}" y1="{sy(v):.1f}" x2="{x0 + PANEL_W}" y2="{sy(v):.1f}" stroke="#ddd"/>')
        out.append(f'<text class="y-tick" x="{x0 - 8}" y="{sy(v) + 5:.1f}" text-anchor="end" font-size="14">{label(v)}</text>')
    out.append(f'<text x="{x0 + PANEL_W / 2}" y="{TOP + PANEL_H + 44}" text-anchor="middle" font-size="15">games</text>')
    out.append(f'<text transform="translate({x0 - 55},{TOP + PANEL_H / 2}) rotate(-90)" text-anchor="middle" font-size="15">{escape(unit)}</text>')
    for i, (name, points) in enumerate(lines.items()):
        colour, dash = ("#000", ' stroke-dasharray="7 5"') if name == "bare loop" else (COLOURS[i % len(COLOURS)], "")
        d = " ".join(f"{'M' if j == 0 else 'L'}{sx(p[0]):.1f},{sy(p[column]):.1f}" for j, p in enumerate(points))
        out.append(f'<path class="series" data-name="{escape(name)}" d="{d}" fill="none" stroke="{colour}" stroke-width="2.5"{dash}/>')
        out += [f'<circle cx="{sx(p[0]):.1f}" cy="{sy(p[column]):.1f}" r="3.5" fill="{colour}"/>' for p in points]
    return out


def legend(x0, lines):
    out = []
    for i, name in enumerate(lines):
        y = TOP + 10 + 26 * i
        colour, dash = ("#000", ' stroke-dasharray="7 5"') if name == "bare loop" else (COLOURS[i % len(COLOURS)], "")
        out.append(f'<line x1="{x0}" y1="{y}" x2="{x0 + 32}" y2="{y}" stroke="{colour}" stroke-width="2.5"{dash}/>')
        out.append(f'<text x="{x0 + 40}" y="{y + 5}" font-size="15">{escape(name)}</text>')
    return out


def table(rows):
    """Games per second, peak MB and the ratio to the bare loop's wall time, a column group per size."""
    def speed(games_per_s):
        return f"{games_per_s / 1e6:.2f} M" if games_per_s >= 1e6 else f"{games_per_s / 1e3:.0f} k"
    sizes = sorted({int(r["games"]) for r in rows})
    cells = {}
    for r in rows:
        n = int(r["games"])
        cells.setdefault((r["set"], r["period"]), {})[n] = \
            f'{speed(float(r["games_per_s"]))} | {float(r["peak_MB"]):,.0f} | {float(r["ratio"]):.1f}'
        cells.setdefault(("bare loop", "game"), {})[n] = \
            f'{speed(n / float(r["bare_wall_s"]))} | {float(r["bare_peak_MB"]):,.0f} | 1'
    cells[("bare loop", "game")] = cells.pop(("bare loop", "game"))  # last
    head = "| output set | period | " + " | ".join(f"{label(n, 'games')}: games/s | peak MB | / bare" for n in sizes) + " |"
    lines = [head, "| --- | --- |" + " ---: |" * 3 * len(sizes)]
    for (name, period), by_size in cells.items():
        lines.append(f"| {name} | {period} | " + " | ".join(by_size.get(n, "– | – | –") for n in sizes) + " |")
    return "\n".join(lines)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1], newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    if not rows:
        sys.exit(f"{sys.argv[1]}: no measurements")
    lines = series(rows)
    width = LEFT + 2 * PANEL_W + GAP + 30 + LEGEND_W
    height = TOP + PANEL_H + 60
    body = panel(LEFT, "Wall time (s)", "seconds", lines, 1) + panel(LEFT + PANEL_W + GAP, "Peak memory (MB)", "MB", lines, 2) + \
        legend(LEFT + 2 * PANEL_W + GAP + 30, lines)
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" {FONT}>',
           f'<rect width="{width}" height="{height}" fill="white"/>'] + body + ["</svg>"]
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        f.write("\n".join(svg) + "\n")
    print(table(rows))


if __name__ == "__main__":
    main()
