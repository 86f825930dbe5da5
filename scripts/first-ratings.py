#!/usr/bin/env python3
"""Starting ratings list from a games file that publishes pre-game ratings.

Writes `player,rating` (a ratekit ratings list, for `initial: { ratings: }`):
each player who plays in the file's first season, with the pre-game rating the
file gives him at his first game, in order of first appearance. Players who
first appear in a later season are left out: they enter at the config's
`initial.rating`.

  scripts/first-ratings.py data/nfl/nfl_elo_538_1999_2017.csv \\
      --season season --players team1,team2 --ratings elo1_pre,elo2_pre > data/nfl/nfl_elo_538_start_1999.csv
"""
import argparse
import csv
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--season", required=True, help="the season column")
    ap.add_argument("--players", required=True, help="the two player columns, comma-separated")
    ap.add_argument("--ratings", required=True, help="their pre-game rating columns, comma-separated")
    args = ap.parse_args()
    players = args.players.split(",")
    ratings = args.ratings.split(",")
    if len(players) != 2 or len(ratings) != 2:
        sys.exit("--players and --ratings each name two columns")
    first = {}
    with open(args.file, newline="", encoding="utf-8") as f:
        rows = csv.DictReader(f)
        first_season = None
        for row in rows:
            if first_season is None:
                first_season = row[args.season]
            if row[args.season] != first_season:
                break
            for p, r in zip(players, ratings):
                first.setdefault(row[p], row[r])
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["player", "rating"])
    for name, rating in first.items():
        out.writerow([name, rating])


if __name__ == "__main__":
    main()
