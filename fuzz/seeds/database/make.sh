#!/bin/sh
# Makes fuzz_database's seeds: small history databases of the kinds the readers meet, each a few runs
# like the tests' own (tests/test_dwz_kept_games.cpp, test_team_database.cpp, test_whole_history_*),
# written by RATEKIT and rewritten with 512-byte pages (journal mode DELETE) so each stays under
# run.sh's 64 KiB.   fuzz/seeds/database/make.sh build/host/ratekit
set -eu
ratekit=$(realpath "$1")
seeds=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

# $1: seed name; the rest: the runs' configs, rated in order into one database.
record() {
  name=$1
  shift
  for config in "$@"; do "$ratekit" -q run "$config" --out "out-$config" >/dev/null; done
  sqlite3 r.db "PRAGMA journal_mode = DELETE; PRAGMA page_size = 512; VACUUM;" >/dev/null
  mv r.db "$seeds/$name.db"
}

# Glicko over two months, the second run starting from the first's state (states, ratings, games).
printf 'date,player_a,player_b,score_a\n2024-01-10,Ann,Bob,1\n2024-01-12,Cid,Ann,0.5\n' >jan.csv
printf 'date,player_a,player_b,score_a\n2024-02-14,Bob,Cid,0\n2024-02-15,Dan,Ann,1\n' >feb.csv
printf 'competition: club\nmodel: glicko\nperiod: month\ninput: { format: games-csv, path: jan.csv }\noutput: { database: r.db }\n' >glicko-jan.yaml
printf 'competition: club\nmodel: glicko\nperiod: month\ninitial: { database: r.db }\ninput: { format: games-csv, path: feb.csv }\noutput: { database: r.db }\n' >glicko-feb.yaml
record glicko glicko-jan.yaml glicko-feb.yaml

# DWZ's kept games (player_records), January then February from the database.
printf 'player,rating,rated,index\nA,1350,1,10\nB,1400,1,10\nC,1450,1,10\nD,1550,1,10\n' >list.csv
printf 'date,player_a,player_b,score_a\n2024-01-10,N,A,1\n2024-01-10,N,B,0.5\n2024-01-10,N,C,0\n' >dwz-jan.csv
printf 'date,player_a,player_b,score_a\n2024-02-14,N,D,0.5\n2024-02-14,B,C,1\n' >dwz-feb.csv
printf 'competition: club\nmodel: dwz\nk_schedule: [ { k: 15 } ]\nperiod: month\ninitial: { ratings: list.csv }\ninput: { format: games-csv, path: dwz-jan.csv }\noutput: { database: r.db }\n' >dwz-jan.yaml
printf 'competition: club\nmodel: dwz\nk_schedule: [ { k: 15 } ]\nperiod: month\ninitial: { database: r.db }\ninput: { format: games-csv, path: dwz-feb.csv }\noutput: { database: r.db }\n' >dwz-feb.yaml
record dwz dwz-jan.yaml dwz-feb.yaml

# Team matches (entries with their teams) by trueskill.
printf 'match,date,team,player,rank\nm1,2024-01-01,red,A,1\nm1,2024-01-01,red,B,1\nm1,2024-01-01,blue,C,2\nm1,2024-01-01,blue,D,2\nm2,2024-01-08,green,A,2\nm2,2024-01-08,green,C,2\nm2,2024-01-08,gold,B,1\nm2,2024-01-08,gold,D,1\n' >m.csv
printf 'competition: league\nmodel: trueskill\ninput: { format: team-csv, path: m.csv }\noutput: { database: r.db }\n' >teams.yaml
record teams teams.yaml

# Ranked events (standings) by weng-lin.
printf 'event,date,player,rank\ne1,2024-01-01,A,1\ne1,2024-01-01,B,2\ne1,2024-01-01,C,3\ne2,2024-01-08,C,1\ne2,2024-01-08,A,2\ne2,2024-01-08,B,2\n' >s.csv
printf 'competition: solo\nmodel: weng-lin\nperiod: event\ninput: { format: standings-csv, path: s.csv }\noutput: { database: r.db }\n' >ranked.yaml
record ranked ranked.yaml

# Whole-history fits: ttt over duels in two runs (whole_history_games, estimates), and over team matches.
printf 'competition: club\nmodel: ttt\nparams: { p_draw: 0.2 }\ninput: { format: games-csv, path: jan.csv }\noutput: { database: r.db }\n' >ttt-jan.yaml
printf 'competition: club\nmodel: ttt\nparams: { p_draw: 0.2 }\ninput: { format: games-csv, path: feb.csv }\noutput: { database: r.db }\n' >ttt-feb.yaml
record ttt ttt-jan.yaml ttt-feb.yaml
printf 'competition: league\nmodel: ttt\nparams: { p_draw: 0.2 }\ninput: { format: team-csv, path: m.csv }\noutput: { database: r.db }\n' >ttt-teams.yaml
record ttt-teams ttt-teams.yaml
ls -l "$seeds"/*.db
