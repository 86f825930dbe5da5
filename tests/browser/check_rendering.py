#!/usr/bin/env python3
"""Renders ratekit's charts and HTML report in headless Chromium and checks
what a reader sees: a date axis with readable, non-overlapping labels, a y axis
fitted to the ratings (not from 0), a legend inside the picture, and in the
report every chart on one scale and nothing wider than the window.

  check_rendering.py RATEKIT SOURCE_DIR CHROMIUM [--png-dir DIR]

With --png-dir the screenshots are kept (docs/images holds the references).
"""
import argparse, os, re, subprocess, sys, tempfile

CHECK_CHART = r"""
<script>
const out = [], svg = document.querySelector('svg'), box = svg.getBoundingClientRect();
const rect = e => e.getBoundingClientRect();
const xs = [...svg.querySelectorAll('g.x-ticks text')], ys = [...svg.querySelectorAll('g.y-ticks text')];
if (xs.length < 3) out.push('fewer than 3 x labels');
if (!xs.every(t => /^\d{4}(-\d{2}){0,2}$/.test(t.textContent))) out.push('x labels are not dates: ' + xs.map(t => t.textContent));
for (let i = 1; i < xs.length; ++i) if (rect(xs[i]).left < rect(xs[i - 1]).right) out.push('x labels overlap');
for (const t of xs.concat(ys)) if (rect(t).left < box.left || rect(t).right > box.right) out.push('label outside: ' + t.textContent);
const values = ys.map(t => +t.textContent);
if (values.length < 3) out.push('fewer than 3 y labels');
if (Math.min(...values) <= 0) out.push('y axis starts at ' + Math.min(...values));
const legend = [...svg.querySelectorAll('g.legend text')], plot = rect(svg.querySelector('polyline.axes'));
if (legend.length != EXPECTED) out.push('legend has ' + legend.length + ' entries');
for (const t of legend) {
  if (rect(t).right > box.right) out.push('legend runs out: ' + t.textContent);
  if (rect(t).left < plot.right) out.push('legend over the plot: ' + t.textContent);
}
document.getElementById('result').textContent = out.length ? out.join('; ') : 'ok';
</script>
"""

CHECK_REPORT = r"""
<script>
const out = [], charts = [...document.querySelectorAll('svg.rating-chart')];
if (charts.length < 2) out.push('fewer than 2 charts');
const scale = c => [...c.querySelectorAll('g.y-ticks text')].map(t => t.textContent).join(',');
if (new Set(charts.map(scale)).size != 1) out.push('charts on different scales');
if (charts.some(c => c.querySelectorAll('g.x-ticks text').length < 3)) out.push('a chart with fewer than 3 dates');
if (document.documentElement.scrollWidth > window.innerWidth) out.push('page wider than the window');
if (/pool_/.test(document.querySelector('table.ratings thead').textContent)) out.push('internal columns shown');
document.getElementById('result').textContent = out.length ? out.join('; ') : 'ok';
</script>
"""


def run(*cmd):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed:\n{r.stdout}")
    return r.stdout


def chromium(browser, *args):
    return run(browser, "--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars", *args)


def checked(browser, page, what):
    dom = chromium(browser, "--virtual-time-budget=2000", "--dump-dom", "file://" + page)
    m = re.search(r'<pre id="result">(.*?)</pre>', dom, re.S)
    if not m or m.group(1) != "ok":
        sys.exit(f"{what}: {m.group(1) if m else 'the check did not run'}")
    print(f"{what}: ok")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("ratekit")
    ap.add_argument("source")
    ap.add_argument("chromium")
    ap.add_argument("--png-dir")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="ratekit-browser-") as tmp:
        pngs = a.png_dir or tmp
        out = os.path.join(tmp, "nfl")
        run(a.ratekit, "-q", "run", os.path.join(a.source, "configs/nfl-538.yaml"), "--out", out)
        teams = ["NE", "PIT", "CLE"]
        chart = os.path.join(tmp, "chart.svg")
        run(a.ratekit, "chart", out, "--players", ",".join(teams), "-o", chart)
        run(a.ratekit, "report", out, "-o", os.path.join(tmp, "report.html"))

        page = os.path.join(tmp, "chart.html")
        with open(page, "w") as f:
            f.write("<!DOCTYPE html><html><body style='margin:0'>" + open(chart).read() +
                    '<pre id="result"></pre>' + CHECK_CHART.replace("EXPECTED", str(len(teams))) + "</body></html>")
        checked(a.chromium, page, "chart (date axis, fitted y axis, legend)")
        report = os.path.join(tmp, "report-checked.html")
        with open(report, "w") as f:
            f.write(open(os.path.join(tmp, "report.html")).read().replace(
                "</main>", '</main><pre id="result"></pre>' + CHECK_REPORT))
        checked(a.chromium, report, "report (one scale, dated charts, fits the window)")

        for name, source, size in [("chart-nfl-538.png", chart, "960,600"),
                                   ("report-nfl-538.png", os.path.join(tmp, "report.html"), "1100,1600")]:
            png = os.path.join(pngs, name)
            chromium(a.chromium, f"--window-size={size}", f"--screenshot={png}", "file://" + source)
            if os.path.getsize(png) < 10000:
                sys.exit(f"{name}: a blank rendering ({os.path.getsize(png)} bytes)")
        print("screenshots in", pngs if a.png_dir else "a temporary folder")


if __name__ == "__main__":
    main()
