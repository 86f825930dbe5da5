#!/usr/bin/env python3
"""Renders ratekit's charts and HTML report in headless Chromium and checks
what a reader sees: a date axis with readable, non-overlapping labels, a y axis
fitted to the ratings (not from 0), a legend inside the picture, and in the
report every chart on one scale and nothing wider than the window.

  check_rendering.py RATEKIT SOURCE_DIR CHROMIUM [--png-dir DIR]

With --png-dir the screenshots are kept (docs/images holds the references).
"""
import os, sys, tempfile

from browser_check import arguments, chromium, result_of, run

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
// (TrueSkill's starting band, 25 +- 2 x 8.3, does reach down to 8: its axis may start at 0.)
if (Math.min(...values) <= 0 && !START) out.push('y axis starts at ' + Math.min(...values));
// The whole chart in the window, however wide: nothing cut, nothing to scroll to.
if (box.left < 0 || box.right > window.innerWidth + 0.5 || box.bottom > window.innerHeight + 0.5)
  out.push('the chart runs out of the ' + window.innerWidth + ' px window: ' + JSON.stringify(box));
if (document.documentElement.scrollWidth > window.innerWidth) out.push('the page is wider than the window');
for (const e of svg.querySelectorAll('g.legend *, text'))
  if (rect(e).left < box.left - 0.5 || rect(e).right > box.right + 0.5 || rect(e).top < box.top - 0.5 ||
      rect(e).bottom > box.bottom + 0.5) out.push('outside the chart: ' + e.textContent);
const ylabel = svg.querySelector('text.y-label');
if (!ylabel || ylabel.textContent != 'rating') out.push('the y axis has no title');
const apart = (a, b) => a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
if (ylabel && !ys.every(t => apart(rect(t), rect(ylabel)))) out.push('the y title runs into the y labels');
const idle = svg.querySelectorAll('path.idle').length;
if (idle != IDLE) out.push(idle + ' dashed stretches without games, expected IDLE');
if (IDLE && ![...svg.querySelectorAll('g.legend text')].some(t => t.textContent == 'no games')) out.push('the legend does not say what is dashed');
const legend = [...svg.querySelectorAll('g.legend text')], names = svg.querySelectorAll('g.legend text.name'), plot = rect(svg.querySelector('polyline.axes'));
const bands = [...svg.querySelectorAll('polygon.band')];
if (bands.length != BANDS) out.push(bands.length + ' RD bands, expected BANDS');
for (const b of bands) if (rect(b).height < 20 || rect(b).left < plot.left - 1) out.push('an RD band is flat or left of the plot');
if (names.length != EXPECTED) out.push('legend has ' + names.length + ' entries');
if (BANDS && !legend.some(t => t.textContent.startsWith('shaded:'))) out.push('the legend does not say what is shaded');
// A band is drawn as its line is: every x where the band bends, the line bends too (steps, not a straight
// run between period ends), and the band starts where the line starts when the history has the first deviation.
const xs_of = pts => pts.trim().split(/\s+/).map(p => p.split(',')[0]);
const lines = [...svg.querySelectorAll('path.line')], paths = [...svg.querySelectorAll('path.idle')];
bands.forEach((b, k) => {
  const line = new Set((lines[k].getAttribute('d') + ' ' + (paths[k] ? paths[k].getAttribute('d') : ''))
    .match(/-?[0-9.]+(?=,)/g));
  const bends = xs_of(b.getAttribute('points')), lo = Math.min(...bends), hi = Math.max(...bends);
  if (!bends.every(x => line.has(x))) out.push('band ' + k + ' bends where its line does not');
  if (![...line].every(x => +x < lo || +x > hi || bends.includes(x))) out.push('band ' + k + ' runs straight where its line bends');
  if (START && bends[0] !== lines[k].getAttribute('d').match(/^M(-?[0-9.]+)/)[1]) out.push('band ' + k + ' starts after its line');
});
if (bands.length > 1 && bands.some(b => +b.getAttribute('fill-opacity') > 0.06)) out.push('overlapping bands shaded dark');
const shown = [...svg.querySelectorAll('g.legend text.rating')].map(t => t.textContent);
if (new Set(shown).size != shown.length) out.push('legend ratings alike: ' + shown);
const dotted = [...svg.querySelectorAll('g.series')].map(g => g.querySelectorAll('circle').length > 0);
if (new Set(dotted).size > 1) out.push('markers on some lines and not others');
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
for (const c of charts) {
  const r = c.getBoundingClientRect();
  if (r.left < 0 || r.right > window.innerWidth + 0.5) out.push('a chart runs out of the window');
  const title = c.querySelector('text.y-label'), t = title && title.getBoundingClientRect();
  if (!title) out.push('a chart without a y axis title');
  else if ([...c.querySelectorAll('g.y-ticks text')].some(y => { const b = y.getBoundingClientRect();
    return !(b.right <= t.left || t.right <= b.left || b.bottom <= t.top || t.bottom <= b.top); }))
    out.push('a y axis title over the y labels');
}
if (!/dashed: no games/.test(document.getElementById('charts').textContent)) out.push('the charts do not say what is dashed');
if (charts.some(c => c.querySelector('polygon.band')) && !/Shaded: the rating ± 2/.test(document.getElementById('charts').textContent))
  out.push('the charts do not say what is shaded');
const marked = charts.map(c => c.querySelectorAll('circle').length > 0);
if (new Set(marked).size > 1) out.push('markers on some panels and not others');
// The ratings table whole in the window: nothing cut off, nothing to scroll sideways to.
const box = document.querySelector('table.ratings').parentElement;
if (box.scrollWidth > box.clientWidth + 1 || box.getBoundingClientRect().right > window.innerWidth + 0.5)
  out.push('the ratings table is cut off: ' + box.scrollWidth + ' px in ' + box.clientWidth);
for (const td of document.querySelectorAll('table.ratings tbody tr:first-child td'))
  if (td.getBoundingClientRect().right > window.innerWidth + 0.5 || td.getBoundingClientRect().width < 1)
    out.push('a cell out of sight: ' + td.dataset.label);
const scale = c => [...c.querySelectorAll('g.y-ticks text')].map(t => t.textContent).join(',');
if (new Set(charts.map(scale)).size != 1) out.push('charts on different scales');
if (charts.some(c => c.querySelectorAll('g.x-ticks text').length < DATES)) out.push('a chart with fewer than DATES dates');
if (document.documentElement.scrollWidth > window.innerWidth) out.push('page wider than the window');
if (/pool_/.test(document.querySelector('table.ratings thead').textContent)) out.push('internal columns shown');
const trs = () => [...document.querySelectorAll('table.ratings tbody tr')];
const status = () => document.getElementById('ratings-status').textContent;
if (trs().length !== Math.min(100, PLAYERS)) out.push('first page shows ' + trs().length + ' rows');
if (trs()[0].cells[0].textContent !== '1') out.push('the first row is not rank 1');
const decimals = r => (r.cells[2].textContent.split('.')[1] || '').length;
if (new Set(trs().map(decimals)).size != 1) out.push('ratings shown to different decimals');
if (!status().startsWith(PLAYERS + ' of ' + PLAYERS + ' players, page 1 of ' + Math.ceil(PLAYERS / 100)))
  out.push('status says ' + status());
const search = document.getElementById('ratings-search');
search.value = 'SEARCHED'; search.dispatchEvent(new Event('input'));
if (!trs().every(r => r.cells[1].textContent.includes('SEARCHED')) || trs().length < 1) out.push('search shows other rows');
search.value = ''; search.dispatchEvent(new Event('input'));
const rating = [...document.querySelectorAll('table.ratings thead th')].find(th => th.textContent === 'rating');
rating.click(); rating.click();  // highest first, then lowest first
const shown = trs().map(r => +r.cells[2].textContent);
if (!shown.every((v, i) => i === 0 || shown[i - 1] <= v)) out.push('sorting by rating does not order the rows');
if (PLAYERS > 100) { document.getElementById('ratings-next').click(); if (trs()[0].cells[0].textContent === '1') out.push('next page shows page 1'); }
document.getElementById('result').textContent = out.length ? out.join('; ') : 'ok';
</script>
"""

CHECK_SMOOTHED = r"""
<script>
const out = [], charts = [...document.querySelectorAll('svg.rating-chart')], text = document.body.textContent;
if (charts.length < 2) out.push('fewer than 2 charts');
for (const c of charts) {
  const r = c.getBoundingClientRect();
  if (r.left < 0 || r.right > window.innerWidth + 0.5) out.push('a chart runs out of the window');
  if (c.querySelectorAll('path.idle').length) out.push('a smoothed curve drawn dashed, as a rating run\'s');
}
if (!/a smoothed estimate of the player's skill/.test(text)) out.push('the page does not say its ratings are smoothed');
if (!/a Wiener bridge between them/.test(document.getElementById('charts').textContent)) out.push('the charts do not say what is shaded');
if (!/^In-sample: /m.test(document.getElementById('accuracy').textContent)) out.push('the metrics are not called in-sample');
// Between two estimates the band follows the drift: its edge bends where the line runs straight, and in a long
// gap it is wider than at either end.
let bridged = 0;
for (const c of charts) {
  const band = c.querySelector('polygon.band'), line = c.querySelector('path.line');
  if (!band) { out.push('a chart without its band'); continue; }
  const at = new Set(line.getAttribute('d').match(/-?[0-9.]+(?=,)/g));
  const pts = band.getAttribute('points').trim().split(/\s+/).map(p => p.split(',').map(Number)), n = pts.length / 2;
  const width = i => pts[pts.length - 1 - i][1] - pts[i][1];
  for (let i = 1; i + 1 < n; ++i)
    if (!at.has(pts[i][0].toFixed(1)) && width(i) > width(i - 1) && width(i) >= width(i + 1)) { ++bridged; break; }
}
if (bridged < charts.length / 2) out.push('only ' + bridged + ' of ' + charts.length + ' bands widen between estimates');
if (document.documentElement.scrollWidth > window.innerWidth) out.push('page wider than the window');
document.getElementById('result').textContent = out.length ? out.join('; ') : 'ok';
</script>
"""


def check_smoothed_report(a, html, what, window):
    """`ratekit report` on a whole-history run's folder: its smoothed curves and their bridged bands."""
    checked_page = html + ".checked.html"
    with open(checked_page, "w") as f:
        f.write(open(html).read().replace("</main>", '</main><pre id="result"></pre>' + CHECK_SMOOTHED))
    checked(a.chromium, checked_page, what, window)


def checked(browser, page, what, window):
    dom = chromium(browser, "--virtual-time-budget=2000", f"--window-size={window}", "--dump-dom", "file://" + page)
    result = result_of(dom)
    if result != "ok":
        sys.exit(f"{what}: {result}")
    print(f"{what}: ok")


def check_chart(browser, svg, lines, bands, idle, what, start=False):
    """The chart as `ratekit chart` writes it, in a page of its own, on a desktop and on a phone;
    with start, each band from its line's start (the history has the deviation before the first period)."""
    page = svg + ".html"
    script = (CHECK_CHART.replace("EXPECTED", str(lines)).replace("BANDS", str(bands)).replace("IDLE", str(idle))
              .replace("START", "true" if start else "false"))
    with open(page, "w") as f:
        f.write("<!DOCTYPE html><html><head><meta name='viewport' content='width=device-width'></head>"
                "<body style='margin:0'>" + open(svg).read() + '<pre id="result"></pre>' + script + "</body></html>")
    for window in ["1280,900", "400,900"]:
        checked(browser, page, f"{what} at {window.split(',')[0]} px", window)


def check_report(a, html, players, searched, what, window="1280,900", dates=3):
    checked_page = html + ".checked.html"
    script = CHECK_REPORT.replace("PLAYERS", str(players)).replace("SEARCHED", searched).replace("DATES", str(dates))
    with open(checked_page, "w") as f:
        f.write(open(html).read().replace("</main>", '</main><pre id="result"></pre>' + script))
    checked(a.chromium, checked_page, what, window)


def make_big_run(ratekit, tmp):
    folder = os.path.join(tmp, "big")
    os.makedirs(folder)
    rows = ["date,player_a,player_b,score_a"] + [
        f"2024-01-{1 + i * 28 // 100000:02d},Player {i},Player {(i + 1) % 100000},{'1' if i % 3 else '0.5'}"
        for i in range(100000)]
    with open(os.path.join(folder, "games.csv"), "w") as f:
        f.write("\n".join(rows) + "\n")
    with open(os.path.join(folder, "c.yaml"), "w") as f:
        f.write("competition: big\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\ninitial: 1500\n"
                "input: { format: games-csv, path: games.csv }\nperiod: month\n")
    run(ratekit, "-q", "run", os.path.join(folder, "c.yaml"), "--out", os.path.join(folder, "out"))
    run(ratekit, "report", os.path.join(folder, "out"))
    return os.path.join(folder, "out", "report.html")


def main():
    a = arguments()
    with tempfile.TemporaryDirectory(prefix="ratekit-browser-") as tmp:
        pngs = a.png_dir or tmp
        out = os.path.join(tmp, "nfl")
        run(a.ratekit, "-q", "run", os.path.join(a.source, "configs/nfl-538.yaml"), "--out", out)
        teams = ["NE", "PIT", "CLE"]
        chart = os.path.join(tmp, "chart.svg")
        run(a.ratekit, "chart", out, "--players", ",".join(teams), "-o", chart)
        run(a.ratekit, "report", out, "-o", os.path.join(tmp, "report.html"))

        # A game per period: each team's seasons apart, the off-seasons dashed.
        check_chart(a.chromium, chart, len(teams), 0, len(teams), "chart (date axis, fitted y axis, legend)")
        # Glicko keeps an RD: its chart draws a band of +-2 RD around each line, from the start of each team's
        # first period at the RD it started with (summary.json's starting_deviation: history.csv has RD after only).
        glicko = os.path.join(tmp, "glicko")
        run(a.ratekit, "-q", "run", os.path.join(a.source, "configs/glicko-world-cup.yaml"), "--out", glicko)
        glicko_chart = os.path.join(tmp, "glicko.svg")
        run(a.ratekit, "chart", glicko, "--player", "Brazil", "--player", "Germany", "--player", "Argentina",
            "-o", glicko_chart)
        check_chart(a.chromium, glicko_chart, 3, 3, 3, "glicko chart (RD bands from the start)", start=True)
        # TrueSkill's five best players: five overlapping bands, each from the sigma its player started with.
        trueskill = os.path.join(tmp, "trueskill")
        run(a.ratekit, "-q", "run", os.path.join(a.source, "configs/teams-5v5-trueskill.yaml"), "--out", trueskill)
        best = [line.split(",")[0] for line in open(os.path.join(trueskill, "ratings.csv")).readlines()[1:6]]
        team_chart = os.path.join(tmp, "teams.svg")
        run(a.ratekit, "chart", trueskill, "--players", ",".join(best), "-o", team_chart)
        check_chart(a.chromium, team_chart, 5, 5, 5, "team chart (five sigma bands from the start)", start=True)
        run(a.ratekit, "report", trueskill, "-o", os.path.join(tmp, "teams.html"))
        check_report(a, os.path.join(tmp, "teams.html"), 200, "P005", "team report on a 400 px phone", "400,1600")
        world_cup = os.path.join(tmp, "world-cup")
        run(a.ratekit, "-q", "run", os.path.join(a.source, "configs/world-cup-elo.yaml"), "--out", world_cup)
        run(a.ratekit, "report", world_cup, "-o", os.path.join(tmp, "world-cup.html"))
        for window in ["1280,1600", "400,1600"]:
            check_report(a, os.path.join(tmp, "world-cup.html"), 82, "Brazil",
                         f"World Cup report at {window.split(',')[0]} px (markers, table)", window)
        teams_rated = sum(1 for _ in open(os.path.join(out, "ratings.csv"))) - 1
        check_report(a, os.path.join(tmp, "report.html"), teams_rated, "CLE", "report (one scale, dated charts, table)")
        check_report(a, os.path.join(tmp, "report.html"), teams_rated, "CLE", "report on a 400 px phone", "400,1600")
        # A whole-history model (whr): smoothed estimates, bands that widen between a team's finals.
        whr = os.path.join(tmp, "whr")
        run(a.ratekit, "-q", "run", os.path.join(a.source, "configs/whr-world-cup.yaml"), "--out", whr)
        run(a.ratekit, "report", whr, "-o", os.path.join(tmp, "whr.html"))
        for window in ["1280,1600", "400,1600"]:
            check_smoothed_report(a, os.path.join(tmp, "whr.html"), f"whr report at {window.split(',')[0]} px", window)
        big = make_big_run(a.ratekit, tmp)
        # One monthly period: each chart runs from its first day of games to the end of its last, four weeks.
        check_report(a, big, 100000, "Player 4242", "report of 100,000 players (paging, search, sort)", dates=2)

        for name, source, size in [("chart-nfl-538.png", chart, "960,600"),
                                   ("chart-glicko-world-cup.png", glicko_chart, "960,600"),
                                   ("chart-teams-5v5-trueskill.png", team_chart, "960,600"),
                                   ("report-nfl-538.png", os.path.join(tmp, "report.html"), "1100,1600"),
                                   ("chart-whr-world-cup.png", os.path.join(whr, "chart.svg"), "960,600")]:
            png = os.path.join(pngs, name)
            chromium(a.chromium, f"--window-size={size}", f"--screenshot={png}", "file://" + source)
            if os.path.getsize(png) < 10000:
                sys.exit(f"{name}: a blank rendering ({os.path.getsize(png)} bytes)")
        print("screenshots in", pngs if a.png_dir else "a temporary folder")


if __name__ == "__main__":
    main()
