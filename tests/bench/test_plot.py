#!/usr/bin/env python3
"""bench/plot.py draws a small fixed TSV (outputs.tsv beside this file) as the
SVG docs/performance.md shows: one line per output set plus the dashed bare
loop, and axes whose ticks run from the 1-2-5 step below the smallest value to
the one above the largest; and the same figures as a Markdown table.

  test_plot.py PLOT_PY
"""
import os, subprocess, sys, tempfile
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"


def main():
    fixture = os.path.join(os.path.dirname(os.path.abspath(__file__)), "outputs.tsv")
    with tempfile.TemporaryDirectory() as tmp:
        svg = os.path.join(tmp, "plot.svg")
        printed = subprocess.run([sys.executable, sys.argv[1], fixture, svg], check=True, capture_output=True, text=True).stdout
        root = ET.parse(svg).getroot()

    series = [p for p in root.iter(NS + "path") if p.get("class") == "series"]
    # Two panels, each one path per set: lean, database by month, the bare loop.
    assert len(list(root.iter(NS + "path"))) == 6, "expected 3 lines in each of 2 panels"
    paths = {p.get("data-name"): p for p in series[:3]}  # the wall-time panel
    assert set(paths) == {"lean", "database, month", "bare loop"}, paths.keys()
    assert paths["bare loop"].get("stroke-dasharray"), "the bare loop is dashed"
    assert not paths["lean"].get("stroke-dasharray"), "output sets are solid"

    x_ticks = [t.text for t in root.iter(NS + "text") if t.get("class") == "x-tick"]
    y_ticks = [t.text for t in root.iter(NS + "text") if t.get("class") == "y-tick"]
    # Games 1M to 5M on both panels.
    assert x_ticks == ["1M", "2M", "5M"] * 2, x_ticks
    # Wall time 0.3 (bare loop) to 100 s (database by month, a step itself); memory 45 to 310 MB.
    time_ticks = ["0.2", "0.5", "1", "2", "5", "10", "20", "50", "100"]
    memory_ticks = ["20", "50", "100", "200", "500"]
    assert y_ticks == time_ticks + memory_ticks, y_ticks

    # lean's wall-time line runs from the left edge (1M games, x 70) to the right (5M, x 410).
    d = paths["lean"].get("d").split()
    assert d[0].startswith("M70.0,") and d[1].startswith("L410.0,"), d
    # The Markdown table: games/s, peak MB and wall time over the bare loop's, per size;
    # the bare loop's speed is games over its wall time (1e6 / 0.3 s, 5e6 / 1.4 s).
    table = printed.splitlines()
    assert table[0] == "| output set | period | 1M: games/s | peak MB | / bare | 5M: games/s | peak MB | / bare |", table[0]
    assert table[2:] == ["| lean | game | 667 k | 81 | 5.0 | 694 k | 180 | 5.1 |",
                         "| database | month | 10 k | 310 | 333.3 | – | – | – |",
                         "| bare loop | game | 3.33 M | 45 | 1 | 3.57 M | 230 | 1 |"], table[2:]
    print("plot ok")


if __name__ == "__main__":
    main()
