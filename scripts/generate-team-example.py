#!/usr/bin/env python3
"""Generated team-csv examples: matches among players whose skills are known.

Writes a `team-csv` file (docs/input-formats.md) to stdout. The players have
hidden skills, and every result is drawn from them, so a rating run can be
judged by how well its ratings recover the skills (`--skills` prints them).

  python3 scripts/generate-team-example.py > data/teams/5v5-generated.csv
  python3 scripts/generate-team-example.py --skills > data/teams/5v5-skills.csv
  python3 scripts/generate-team-example.py --ffa > data/teams/ffa-generated.csv
  python3 scripts/generate-team-example.py --ffa --skills > data/teams/ffa-skills.csv
  python3 scripts/generate-team-example.py --matches 200000 --players 10000 --whole > big.csv

--matches and --players change the 5v5 file's size (bench/openskill.sh), --whole
leaves out the substitutes (every weight empty); the defaults give the files of
data/teams/.

5v5 (the default): 1500 matches among 200 players `P001`..`P200`. Each match
draws 10 distinct players uniformly and splits them at random into teams `red`
and `blue`. In about 8% of the matches one player leaves at half time: he
plays with weight 0.5 and a substitute, an 11th player drawn from the rest,
joins his team with weight 0.5 (empty weight = 1). A team's performance is the
sum over its players of weight * (skill + N(0, 25/6)); the better performance
ranks 1, and when the two are within 1.0 of each other the match is a draw
(both rank 1, about 5% of the matches). Five to six matches a day from
2025-01-01.

--ffa: 300 free-for-all races of 4 to 8 racers among 60 players `R01`..`R60`,
each racer a team of his own (team = player name, no weight column). Each
racer's performance is skill + N(0, 25/6); places go by performance, and two
a racer within 0.1 of the one ahead of him shares his place (ranks 1, 2, 2, 4, ...). One or
two races a day from 2025-03-01.

Skills are N(25, 5^2), rounded to 0.01, on TrueSkill's and OpenSkill's scale
(a new player is 25 +- 25/3, beta 25/6). Python's random module with a fixed
seed (2025 for 5v5, 2026 for --ffa): the same command gives the same bytes.
"""
import argparse
import datetime
import random
import sys

BETA = 25 / 6


def skills(rng, names):
    return {name: round(rng.gauss(25.0, 5.0), 2) for name in names}


def five_a_side(out, show_skills, matches=1500, players=200, whole=False):
    rng = random.Random(2025)
    width = max(3, len(str(players)))
    names = [f"P{i:0{width}d}" for i in range(1, players + 1)]
    skill = skills(rng, names)
    if show_skills:
        return skill
    out.write("match,date,team,player,rank,weight\n")
    mwidth = max(4, len(str(matches)))
    day = datetime.date(2025, 1, 1)
    today = 0
    for m in range(1, matches + 1):
        today += 1
        if today > rng.choice((5, 6)):
            day += datetime.timedelta(days=1)
            today = 1
        picked = rng.sample(names, 11)
        lineup, spare = picked[:10], picked[10]
        teams = {"red": [[p, 1.0] for p in lineup[:5]], "blue": [[p, 1.0] for p in lineup[5:]]}
        if rng.random() < 0.08 and not whole:  # one player leaves at half time, a substitute plays the rest
            side = rng.choice(("red", "blue"))
            teams[side][rng.randrange(5)][1] = 0.5
            teams[side].append([spare, 0.5])
        perf = {t: sum(w * (skill[p] + rng.gauss(0.0, BETA)) for p, w in members) for t, members in teams.items()}
        if abs(perf["red"] - perf["blue"]) < 1.0:
            rank = {"red": 1, "blue": 1}
        else:
            rank = {"red": 1 if perf["red"] > perf["blue"] else 2, "blue": 1 if perf["blue"] > perf["red"] else 2}
        for t in ("red", "blue"):
            for p, w in teams[t]:
                out.write(f"M{m:0{mwidth}d},{day.isoformat()},{t},{p},{rank[t]},{'' if w == 1.0 else w}\n")
    return skill


def free_for_all(out, show_skills):
    rng = random.Random(2026)
    names = [f"R{i:02d}" for i in range(1, 61)]
    skill = skills(rng, names)
    if show_skills:
        return skill
    out.write("match,date,team,player,rank\n")
    day = datetime.date(2025, 3, 1)
    today = 0
    for r in range(1, 301):
        today += 1
        if today > rng.choice((1, 2)):
            day += datetime.timedelta(days=1)
            today = 1
        racers = rng.sample(names, rng.randint(4, 8))
        perf = sorted(((skill[p] + rng.gauss(0.0, BETA), p) for p in racers), reverse=True)
        place = 1
        for i, (x, p) in enumerate(perf):
            if i > 0 and perf[i - 1][0] - x >= 0.1:
                place = i + 1
            out.write(f"race-{r:03d},{day.isoformat()},{p},{p},{place}\n")
    return skill


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ffa", action="store_true", help="free-for-all races instead of 5v5 matches")
    ap.add_argument("--skills", action="store_true", help="print the hidden skills (player,skill) instead")
    ap.add_argument("--matches", type=int, default=1500, help="5v5 matches (default 1500)")
    ap.add_argument("--players", type=int, default=200, help="5v5 players, at least 11 (default 200)")
    ap.add_argument("--whole", action="store_true", help="5v5 without substitutes: every player plays the whole match")
    args = ap.parse_args()
    if args.players < 11 or args.matches < 1:
        sys.exit("--players must be at least 11 and --matches at least 1")
    if args.ffa:
        skill = free_for_all(sys.stdout, args.skills)
    else:
        skill = five_a_side(sys.stdout, args.skills, args.matches, args.players, args.whole)
    if args.skills:
        sys.stdout.write("player,skill\n")
        for name, s in sorted(skill.items(), key=lambda x: (-x[1], x[0])):
            sys.stdout.write(f"{name},{s:.2f}\n")


if __name__ == "__main__":
    main()
