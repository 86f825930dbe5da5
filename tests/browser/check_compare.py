#!/usr/bin/env python3
"""Renders compare.html (of games, and of ranked events' pairs) in headless Chromium at 1280 and 400 px and checks what
a reader sees: the table with a row per model, a reliability diagram per model
captioned with its name and its dots inside the plot, the cumulative log-loss with
a line per model, and nothing wider than the window (a wide table scrolls in its box).

  check_compare.py RATEKIT SOURCE_DIR CHROMIUM [--png-dir DIR]
"""
import os, sys, tempfile

from browser_check import arguments, chromium, result_of, run

CHECK = r"""
<script>
const out = [], rect = e => e.getBoundingClientRect(), names = NAMES;
const rows = [...document.querySelectorAll('table tr')].slice(1);
if (rows.length !== names.length) out.push(rows.length + ' table rows for ' + names.length + ' models');
rows.forEach((r, i) => { if (!r.cells[0].textContent.startsWith(names[i])) out.push('row ' + i + ' is ' + r.cells[0].textContent); });
if (document.querySelectorAll('tr.best').length !== 1) out.push('not one best row');
const figures = [...document.querySelectorAll('figure')];
if (figures.length !== names.length) out.push(figures.length + ' reliability diagrams');
figures.forEach((f, i) => {
  if (f.querySelector('figcaption').textContent !== names[i]) out.push('diagram ' + i + ' captioned ' + f.querySelector('figcaption').textContent);
  const plot = rect(f.querySelector('rect')), dots = [...f.querySelectorAll('circle')];
  if (!dots.length) out.push('diagram ' + i + ' has no dot');
  for (const d of dots) { const b = rect(d), cx = (b.left + b.right) / 2, cy = (b.top + b.bottom) / 2;
    if (cx < plot.left - 0.5 || cx > plot.right + 0.5 || cy < plot.top - 0.5 || cy > plot.bottom + 0.5) out.push('a dot outside diagram ' + i); }
});
const lines = document.querySelectorAll('h2 ~ svg polyline');
if (lines.length !== names.length) out.push(lines.length + ' cumulative lines');
for (const svg of document.querySelectorAll('svg')) if (rect(svg).right > window.innerWidth + 0.5) out.push('a chart runs out of the window');
for (const t of document.querySelectorAll('svg text')) { const s = rect(t.closest('svg')), b = rect(t);
  if (b.left < s.left - 0.5 || b.right > s.right + 0.5) out.push('text outside its chart: ' + t.textContent); }
if (document.documentElement.scrollWidth > window.innerWidth) out.push('the page is wider than the window');
document.getElementById('result').textContent = out.length ? out.join('; ') : 'ok';
</script>
"""



# Games, and the pairs of ranked events (no home side: one baseline).
CASES = [
    ("nfl", ["configs/nfl-1999-2023.yaml", "configs/compare/nfl-1999-2023-k20-home65.yaml"],
     ["nfl-1999-2023", "nfl-1999-2023-k20-home65", "always 0.5", "home side's rate"]),
    ("riichi", ["configs/riichi-elo-multiplayer.yaml", "configs/compare/riichi-trueskill.yaml"],
     ["riichi-elo-multiplayer", "riichi-trueskill", "always 0.5"]),
]


def main():
    a = arguments()
    for case, configs, names in CASES:
        with tempfile.TemporaryDirectory(prefix="ratekit-compare-browser-") as tmp:
            out = os.path.join(tmp, "compare")
            run(a.ratekit, "-q", "compare", *[os.path.join(a.source, c) for c in configs], "--out", out)
            page = os.path.join(out, "compare.html")
            checked = os.path.join(tmp, "checked.html")
            script = CHECK.replace("NAMES", "[" + ", ".join('"' + n.replace("'", "\\'") + '"' for n in names) + "]")
            with open(checked, "w") as f:
                f.write(open(page).read().replace("</body>", '<pre id="result"></pre>' + script + "</body>"))
            for width in (1280, 400):
                result = result_of(chromium(a.chromium, "--virtual-time-budget=2000", f"--window-size={width},900",
                                            "--dump-dom", "file://" + checked))
                if result != "ok":
                    sys.exit(f"{case}: compare.html at {width} px: {result}")
                print(f"{case}: compare.html at {width} px: ok")
                if a.png_dir:
                    png = os.path.join(a.png_dir, f"compare-{case}-{width}.png")
                    chromium(a.chromium, f"--window-size={width},1400", f"--screenshot={png}", "file://" + page)


if __name__ == "__main__":
    main()
