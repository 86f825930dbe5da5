#!/usr/bin/env python3
"""Splits an official Codeforces rating-changes file (data/codeforces-ratings/cf_N.csv:
contest_id, contest_name, rank, handle, old_rating, new_rating, rating_update_time_seconds)
into what `ratekit run` reads: the round's standings (standings-csv) and the ratings the
participants held before it (a ratings list).

    scripts/codeforces-round.py data/codeforces-ratings/cf_908.csv
      -> data/codeforces-ratings/cf_908_standings.csv, data/codeforces-ratings/cf_908_before.csv
"""
import csv
import datetime
import sys
from pathlib import Path


def main(path: str) -> None:
    source = Path(path)
    with source.open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    stem = source.with_suffix("")
    with open(f"{stem}_standings.csv", "w", newline="", encoding="utf-8") as f:
        out = csv.writer(f, lineterminator="\n")
        out.writerow(["event", "date", "player", "rank"])
        for r in rows:
            day = datetime.datetime.fromtimestamp(int(r["rating_update_time_seconds"]), datetime.timezone.utc).date()
            out.writerow([f"{r['contest_id']} {r['contest_name']}", day.isoformat(), r["handle"], r["rank"]])
    with open(f"{stem}_before.csv", "w", newline="", encoding="utf-8") as f:
        out = csv.writer(f, lineterminator="\n")
        out.writerow(["player", "rating"])
        for r in rows:
            out.writerow([r["handle"], r["old_rating"]])


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: codeforces-round.py data/codeforces-ratings/cf_N.csv")
    main(sys.argv[1])
