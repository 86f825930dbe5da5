"""What the browser checks share: their arguments, running a command, and Chromium headless."""
import argparse, re, subprocess, sys


def arguments():
    """ratekit's binary, the source folder, Chromium, and a folder to keep screenshots in."""
    ap = argparse.ArgumentParser()
    ap.add_argument("ratekit")
    ap.add_argument("source")
    ap.add_argument("chromium")
    ap.add_argument("--png-dir")
    return ap.parse_args()


def run(*cmd, cwd=None):
    r = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed:\n{r.stdout}")
    return r.stdout


def chromium(browser, *args):
    return run(browser, "--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars", *args)


def result_of(dom):
    """What a page's check script wrote into <pre id="result">: "ok" or the problems found."""
    m = re.search(r'<pre id="result">(.*?)</pre>', dom, re.S)
    return m.group(1) if m else "the check did not run"
