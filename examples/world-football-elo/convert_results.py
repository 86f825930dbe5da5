#!/usr/bin/env python3
"""Converts martj42/international_results' results.csv to ratekit's games CSV.

usage: convert_results.py results.csv out.csv [--until YYYY-MM-DD]

The home team is player A, at home unless the venue is neutral; the goals are
the points; the tournament becomes the tag the config's K schedule matches.
"""
import argparse
import csv
import sys


def score(home_goals, away_goals):
    return "1" if home_goals > away_goals else "0" if home_goals < away_goals else "0.5"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("source")
    ap.add_argument("out")
    ap.add_argument("--until", default="2025-12-31", help="last date kept (a whole-year cut-off)")
    args = ap.parse_args()
    with open(args.source, newline="", encoding="utf-8") as f, \
         open(args.out, "w", newline="", encoding="utf-8") as out:
        w = csv.writer(out, lineterminator="\n")
        w.writerow(["date", "player_a", "player_b", "score_a", "points_a", "points_b", "home", "neutral", "tag"])
        rows = 0
        for line, r in enumerate(csv.DictReader(f), start=2):
            if r["date"] > args.until:
                continue
            try:
                ga, gb = int(r["home_score"]), int(r["away_score"])
            except ValueError:
                sys.exit(f"{args.source}:{line}: expected whole-number scores, got "
                         f"'{r['home_score']}' and '{r['away_score']}'")
            if r["neutral"] not in ("TRUE", "FALSE"):
                sys.exit(f"{args.source}:{line}: expected neutral TRUE or FALSE, got '{r['neutral']}'")
            neutral = r["neutral"] == "TRUE"
            w.writerow([r["date"], r["home_team"], r["away_team"], score(ga, gb), ga, gb,
                        "" if neutral else "a", int(neutral), r["tournament"]])
            rows += 1
    print(f"{rows} games written to {args.out}")


if __name__ == "__main__":
    main()
