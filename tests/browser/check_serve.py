#!/usr/bin/env python3
"""Checks `ratekit serve`'s pages in headless Chromium as a reader meets them, at
1280 and 400 px: the rating list fits the window, its headings sort, a name typed
into the search box and submitted finds the player, the player's page shows his
chart with its RD band, and none of a player's tables scrolls sideways, even
beside an opponent's long name; and takes screenshots of both pages at both widths.

  check_serve.py RATEKIT SOURCE_DIR CHROMIUM [--png-dir DIR]

The pages are served by `ratekit serve` under --base-path /ratings; a small proxy
of this script serves them and the checking page from one origin, so the
checking page may look into them (a page may not look into another site's).
"""
import http.server, os, socket, subprocess, sys, tempfile, threading, time, urllib.error, urllib.request

from browser_check import arguments, result_of, run

CHECK = r"""<!DOCTYPE html><html><body style="margin:0">
<iframe id="f" src="/ratings/competitions/cup" style="border:0;width:100vw;height:1200px"></iframe>
<pre id="result">the check did not finish</pre>
<script>
const f = document.getElementById('f'), out = [];
let step = 0;
const names = d => [...d.querySelectorAll('table.ratings tbody tr')].map(r => r.children[1].textContent);
const fits = (d, what) => {
  if (d.documentElement.scrollWidth > f.contentWindow.innerWidth) out.push(what + ' is wider than the window');
  if (!/system-ui/.test(getComputedStyle(d.body).fontFamily)) out.push(what + ' lacks the report typography');
};
// A table wider than the window scrolls sideways inside its box, which the page's width does not show.
const no_sideways_scroll = (d, what) => {
  for (const box of d.querySelectorAll('.scroll'))
    if (box.scrollWidth > box.clientWidth + 1)
      out.push(what + ': the ' + (box.querySelector('table.games') ? 'games' : 'periods') + ' table scrolls sideways (' +
               box.scrollWidth + ' px in ' + box.clientWidth + ')');
};
f.onload = () => {
  const d = f.contentDocument;
  try {
    if (step == 0) {           // the list: a page of 50, headings that sort, a search box
      fits(d, 'the list');
      if (names(d).length != 50) out.push('the first page has ' + names(d).length + ' rows');
      if (d.querySelectorAll('thead th a').length < 5) out.push('the headings are no links');
      d.getElementById('q').value = 'BRA';
      d.querySelector('form.search button').click();
    } else if (step == 1) {    // the search typed in
      fits(d, 'the search');
      if (names(d).join() != 'Brazil') out.push('searching BRA found ' + names(d).join());
      [...d.querySelectorAll('thead th a')].find(a => a.textContent.startsWith('player')).click();
    } else if (step == 2) {    // sorted by name
      const n = names(d);
      if (n.length != 1 || !/sort=player/.test(f.contentWindow.location.search)) out.push('sorting by player: ' + f.contentWindow.location.search);
      f.contentWindow.location = '/ratings/competitions/cup?per_page=100&sort=player';
    } else if (step == 3) {
      const n = names(d);
      if (n.length != 82 || n.some((x, i) => i && n[i - 1] > x)) out.push('the list by name is not in order');
      d.querySelector('table.ratings tbody a[href$="/Brazil"]').click();
    } else if (step == 4) {    // the player's page
      fits(d, "the player's page");
      const svg = d.querySelector('svg');
      if (!svg) out.push('no chart');
      else {
        const box = svg.getBoundingClientRect();
        if (box.right > f.contentWindow.innerWidth + 0.5 || box.width < 200) out.push('the chart is ' + box.width + ' px wide');
        if (!svg.querySelector('polygon.band')) out.push('the chart has no RD band');
      }
      if (d.querySelectorAll('table').length != 2) out.push('the periods and games tables are missing');
      no_sideways_scroll(d, "Brazil's page");
      if (!/Rank 5 of 82/.test(d.querySelector('p.facts').textContent)) out.push('facts: ' + d.querySelector('p.facts').textContent);
      f.contentWindow.location = '/ratings/competitions/club/players/Anna%20Berg';
    } else if (step == 5) {    // a player whose opponent has a long name
      fits(d, "Anna Berg's page");
      if (!d.querySelector('table.games a[href$="Wolfeschlegelsteinhausenbergerdorff"]')) out.push('no game against Hubert');
      no_sideways_scroll(d, "Anna Berg's page");
      document.getElementById('result').textContent = out.length ? out.join('; ') : 'ok';
    }
  } catch (e) {
    out.push('step ' + step + ': ' + e);
    document.getElementById('result').textContent = out.join('; ');
  }
  ++step;
};
</script></body></html>"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]



def proxy(upstream):
    """The checking page at /check, everything else from ratekit serve."""
    class handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            if self.path == "/check":
                body, status, kind = CHECK.encode(), 200, "text/html; charset=utf-8"
            else:
                try:
                    with urllib.request.urlopen(upstream + self.path) as r:
                        body, status, kind = r.read(), r.status, r.headers["Content-Type"]
                except urllib.error.HTTPError as e:
                    body, status, kind = e.read(), e.code, e.headers["Content-Type"]
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main():
    a = arguments()
    with tempfile.TemporaryDirectory(prefix="ratekit-serve-browser-") as tmp:
        with open(os.path.join(tmp, "cup.yaml"), "w") as f:
            f.write("competition: cup\nmodel: glicko\nparams: { c: 50 }\ninput: { format: games-csv, path: " +
                    os.path.join(a.source, "data/football/world_cup_1930_2022.csv") +
                    " }\nperiod: year\noutput: { dir: out, database: ratings.db }\n")
        run(a.ratekit, "run", "cup.yaml", cwd=tmp)
        # A federation's long names: a word wider than a narrow screen's column.
        with open(os.path.join(tmp, "club.csv"), "w") as f:
            f.write("date,player_a,player_b,score_a\n2024-01-06,Anna Berg,Hubert Wolfeschlegelsteinhausenbergerdorff,1\n"
                    "2024-01-07,Hubert Wolfeschlegelsteinhausenbergerdorff,Anna Berg,0.5\n")
        with open(os.path.join(tmp, "club.yaml"), "w") as f:
            f.write("competition: club\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\ninitial: 1500\nperiod: month\n"
                    "input: { format: games-csv, path: club.csv }\noutput: { dir: club-out, database: ratings.db }\n")
        run(a.ratekit, "run", "club.yaml", cwd=tmp)
        port = free_port()
        upstream = f"http://127.0.0.1:{port}"
        server = subprocess.Popen([a.ratekit, "serve", os.path.join(tmp, "ratings.db"), "--listen", f"127.0.0.1:{port}",
                                   "--base-path", "/ratings"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            for _ in range(100):
                try:
                    urllib.request.urlopen(upstream + "/ratings/api/competitions").read()
                    break
                except OSError:
                    time.sleep(0.1)
            front = proxy(upstream)
            chrome = [a.chromium, "--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars",
                      "--user-data-dir=" + os.path.join(tmp, "profile")]
            failed = []
            for width in ("1280", "400"):
                dom = run(*chrome, "--virtual-time-budget=20000", f"--window-size={width},1200", "--dump-dom",
                          f"http://127.0.0.1:{front.server_address[1]}/check")
                result = result_of(dom)
                print(f"pages at {width} px: {result}")
                if result != "ok":
                    failed.append(f"{width} px: {result}")
            pngs = a.png_dir or tmp
            os.makedirs(pngs, exist_ok=True)
            for name, path in [("serve-list", "/ratings/competitions/cup"), ("serve-player", "/ratings/competitions/cup/players/Brazil")]:
                for width in ("1280", "400"):
                    png = os.path.join(pngs, f"{name}-{width}.png")
                    run(*chrome, f"--window-size={width},1400", f"--screenshot={png}", upstream + path)
                    if os.path.getsize(png) < 10000:
                        failed.append(f"{png}: a blank rendering ({os.path.getsize(png)} bytes)")
            print("screenshots in", pngs if a.png_dir else "a temporary folder")
            if failed:
                sys.exit("\n".join(failed))
        finally:
            server.terminate()
            if server.wait(timeout=10) != 0:
                sys.exit("ratekit serve did not stop cleanly on SIGTERM:\n" + server.stderr.read())


if __name__ == "__main__":
    main()
