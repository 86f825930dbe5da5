// Whole-history runs recorded into the history database: a seeded history of duels split into two files
// (January and February, then March), and runs of one config over them, full or month by month.
#pragma once

#include "test_support.hpp"

#include "store/database.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <algorithm>
#include <array>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace ratekit::testing {

// `games` duels among `players` players on the days of `month` (2024), seeded, a third at A's home and a third at
// B's; no draws (ttt's default rates none).
inline std::string month_of_games(int month, int games, int players, unsigned seed) {
  std::mt19937 rng(seed);
  std::string out = "date,player_a,player_b,score_a,home\n";
  for (int g = 0; g < games; ++g) {
    const int a = int(rng() % unsigned(players)), b = (a + 1 + int(rng() % unsigned(players - 1))) % players;
    char line[64];
    std::snprintf(line, sizeof line, "2024-%02d-%02d,P%d,P%d,%d,%s\n", month, 1 + int(rng() % 28u), a, b,
                  int(rng() % 3u == 0 ? 0 : 1) ^ (a < b ? 1 : 0), g % 3 == 0 ? "a" : g % 3 == 1 ? "b" : "");
    out += line;
  }
  return out;
}

// `matches` 2 v 2 team matches among 10 players on the days of `month` (2024), seeded, one player in five playing
// half the match, a tie one match in six.
inline std::string month_of_team_matches(int month, int matches, unsigned seed) {
  std::mt19937 rng(seed);
  std::string out = "match,date,team,player,rank,weight\n";
  for (int m = 0; m < matches; ++m) {
    std::vector<int> players{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    std::shuffle(players.begin(), players.end(), rng);
    const int day = 1 + int(rng() % 28u), winner = int(rng() % 2u);
    const bool tie = rng() % 6u == 0;
    for (int seat = 0; seat < 4; ++seat) {
      const int team = seat / 2;
      const int rank = tie ? 1 : team == winner ? 1 : 2;
      char line[96];
      std::snprintf(line, sizeof line, "m%d-%d,2024-%02d-%02d,%s,T%d,%d,%s\n", month, m, month, day,
                    team == 0 ? "red" : "blue", players[size_t(seat)], rank, rng() % 5u == 0 ? "0.5" : "");
      out += line;
    }
  }
  return out;
}

struct whole_history_competition {
  temp_dir dir;
  // `model` with `params` (a YAML map's inside) and a home advantage of `home` (its units), recording into
  // `database` (a file in dir when not a URI).
  whole_history_competition(const std::string& model, const std::string& params, const std::string& database,
                            double home = 0) {
    for (int m = 1; m <= 3; ++m) write_text(dir / ("m" + std::to_string(m) + ".csv"), month_of_games(m, 150, 12, 7u + unsigned(m)));
    const std::string head = "competition: club\nmodel: " + model + "\nparams: { " + params +
                             " }\ninput: { format: games-csv }\nperiod: day\n" +
                             (home ? "home_advantage: " + std::to_string(home) + "\n" : "");
    write_text(dir / "full.yaml", head + "output: { history: true }\n");
    write_text(dir / "db.yaml", head + "output: { history: true, database: \"" + database + "\" }\n");
  }
  std::string inputs(std::initializer_list<const char*> files) const {
    std::string out;
    for (const char* f : files) out += " --input " + (dir / f).string();
    return out;
  }
  command_result full(std::initializer_list<const char*> files, const std::string& out = "full") const {
    return run_cli("run " + (dir / "full.yaml").string() + inputs(files) + " --out " + (dir / out).string());
  }
  command_result recorded(std::initializer_list<const char*> files, const std::string& flags = "") const {
    return run_cli("run " + (dir / "db.yaml").string() + inputs(files) + " --out " + (dir / "out").string() + flags);
  }
};

// Two CSV texts of estimates, row by row: the `keys` columns before the mean and the deviation equal as text
// (history.csv: date, player; ratings.csv: player), the two numbers within `tolerance`, and history.csv's games
// after them equal (`with_games`).
inline void same_estimates(const std::string& a, const std::string& b, double tolerance, size_t keys,
                           bool with_games) {
  const auto fields = [](const std::string& line) {
    std::vector<std::string> out;
    std::istringstream in(line);
    for (std::string field; std::getline(in, field, ',');) out.push_back(field);
    return out;
  };
  const size_t used = keys + 2 + (with_games ? 1 : 0);
  std::istringstream in_a(a), in_b(b);
  std::string la, lb;
  size_t rows = 0;
  double largest = 0;
  while (std::getline(in_a, la)) {
    REQUIRE(std::getline(in_b, lb));
    if (rows++ == 0) continue;
    INFO(la << " against " << lb);
    const auto fa = fields(la), fb = fields(lb);
    REQUIRE(fa.size() >= used);
    REQUIRE(fb.size() >= used);
    for (size_t k = 0; k < keys; ++k) REQUIRE(fa[k] == fb[k]);
    if (with_games) REQUIRE(std::stoi(fa[keys + 2]) == std::stoi(fb[keys + 2]));
    for (size_t k = keys; k < keys + 2; ++k) largest = std::max(largest, std::abs(std::stod(fa[k]) - std::stod(fb[k])));
  }
  CHECK_FALSE(std::getline(in_b, lb));
  INFO(rows << " rows, the largest difference " << largest);
  CHECK(rows > 100);
  CHECK(largest <= tolerance);
}

// history.csv's rows as (date, player, games) and the two numbers, compared within `tolerance`.
inline void same_history(const std::string& a, const std::string& b, double tolerance) {
  same_estimates(a, b, tolerance, 2, true);
}

// The three months recorded one run each (into c's database) equal one run over all of them, within
// `tolerance`: the last run's outputs in out/, the full run's in full/.
inline void incremental_equals_full(const whole_history_competition& c, double tolerance) {
  REQUIRE(c.full({"m1.csv", "m2.csv", "m3.csv"}).status == 0);
  for (const char* month : {"m1.csv", "m2.csv", "m3.csv"}) {
    const auto r = c.recorded({month});
    INFO(r.out);
    REQUIRE(r.status == 0);
  }
  same_history(read_text(c.dir / "full/history.csv"), read_text(c.dir / "out/history.csv"), tolerance);
}

// The three months' games as whole_history_games holds them after one run each (run 1 January, 2 February, 3
// March): "run seq date player_a player_b score_a home", each game once, in its file's order.
inline std::vector<std::string> expected_game_rows(const whole_history_competition& c) {
  std::vector<std::string> out;
  for (int run = 1; run <= 3; ++run) {
    std::istringstream in(read_text(c.dir / ("m" + std::to_string(run) + ".csv")));
    std::string line;
    std::getline(in, line);
    for (int seq = 1; std::getline(in, line); ++seq) {
      char date[16], a[16], b[16], home[4] = "";
      int score = 0;
      REQUIRE(std::sscanf(line.c_str(), "%15[^,],%15[^,],%15[^,],%d,%3s", date, a, b, &score, home) >= 4);
      std::string day(date);
      day.erase(std::remove(day.begin(), day.end(), '-'), day.end());
      const int side = home[0] == 'a' ? 1 : home[0] == 'b' ? -1 : 0;
      out.push_back(std::to_string(run) + " " + std::to_string(seq) + " " + day + " " + a + " " + b + " " +
                    std::to_string(score) + " " + std::to_string(side));
    }
  }
  return out;
}

// What the database holds after the three months recorded one run each, against one run over all of them
// (its history.csv, `full_history`): every game's row once, under the run that read it; the periods in time
// order (ratekit history lists them by id), each owned by its month's run; one ratings row per history.csv row,
// its mean and deviation within `tolerance` (no estimate left from an earlier fit).
inline void recorded_as_full_run(const whole_history_competition& c, const std::string& database,
                                 const std::string& full_history, double tolerance) {
  const auto db = store::open_database(database, store::database::mode::read_only);
  std::vector<std::string> games;
  store::statement g = db->prepare(
      "SELECT g.run_id, g.seq, g.date, pa.name, pb.name, g.score_a, g.home FROM whole_history_games g "
      "JOIN players pa ON pa.id = g.player_a JOIN players pb ON pb.id = g.player_b ORDER BY g.run_id, g.seq");
  while (g.step())
    games.push_back(std::to_string(g.integer(0)) + " " + std::to_string(g.integer(1)) + " " + std::to_string(g.integer(2)) +
                    " " + std::string(g.text(3)) + " " + std::string(g.text(4)) + " " +
                    std::to_string(int(g.number(5))) + " " + std::to_string(g.integer(6)));
  CHECK(games == expected_game_rows(c));
  std::vector<std::string> labels;
  store::statement p = db->prepare("SELECT label, run_id FROM periods ORDER BY id");
  while (p.step()) {
    labels.emplace_back(p.text(0));
    CHECK(p.integer(1) == std::stoi(labels.back().substr(5, 2)));  // 2024-MM-DD: month MM's run
  }
  CHECK(std::is_sorted(labels.begin(), labels.end()));
  CHECK(std::adjacent_find(labels.begin(), labels.end()) == labels.end());
  std::map<std::string, std::array<double, 3>> expected;  // "period player": mean, deviation, games
  std::istringstream in(full_history);
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    char period[32], player[32];
    double mean = 0, sd = 0;
    int played = 0;
    REQUIRE(std::sscanf(line.c_str(), "%31[^,],%31[^,],%lf,%lf,%d", period, player, &mean, &sd, &played) == 5);
    expected[std::string(period) + " " + player] = {mean, sd, double(played)};
  }
  store::statement r = db->prepare(
      "SELECT pe.label, p.name, r.rating, r.state, r.games FROM ratings r JOIN periods pe ON pe.id = r.period_id "
      "JOIN players p ON p.id = r.player_id");
  size_t rows = 0;
  double largest = 0;
  while (r.step()) {
    ++rows;
    const std::string key = std::string(r.text(0)) + " " + std::string(r.text(1));
    INFO(key << ": " << r.text(3));
    const auto found = expected.find(key);
    REQUIRE(found != expected.end());
    double sd = 0;
    REQUIRE(std::sscanf(std::string(r.text(3)).c_str(), "{\"deviation\":%lf}", &sd) == 1);
    CHECK(r.integer(4) == int64_t(found->second[2]));
    largest = std::max({largest, std::abs(r.number(2) - found->second[0]), std::abs(sd - found->second[1])});
  }
  INFO(rows << " ratings rows, the largest difference " << largest);
  CHECK(rows == expected.size());
  CHECK(rows > 100);
  CHECK(largest <= tolerance);
}

// ttt over three months of team matches (t1.csv, t2.csv, t3.csv), full (full.yaml) or recorded into `database`
// (db.yaml; a file in dir when not a URI).
struct team_competition {
  temp_dir dir;
  explicit team_competition(const std::string& database) {
    for (int m = 1; m <= 3; ++m)
      write_text(dir / ("t" + std::to_string(m) + ".csv"), month_of_team_matches(m, 40, 30u + unsigned(m)));
    const std::string head = "competition: league\nmodel: ttt\nparams: { p_draw: 0.2, epsilon: 1e-7, iterations: 100000 }\n"
                             "input: { format: team-csv }\n";
    write_text(dir / "full.yaml", head + "output: { history: true }\n");
    write_text(dir / "db.yaml", head + "output: { history: true, database: \"" + database + "\" }\n");
  }
  command_result run(const char* config, const std::string& inputs, const char* out) const {
    return run_cli("run " + (dir / config).string() + inputs + " --out " + (dir / out).string());
  }
  std::string input(const char* file) const { return " --input " + (dir / file).string(); }
  // The three months recorded one run each equal one run over all of them (ttt's 1e-5, as the duels').
  void incremental_equals_full() const {
    REQUIRE(run("full.yaml", input("t1.csv") + input("t2.csv") + input("t3.csv"), "full").status == 0);
    for (const char* month : {"t1.csv", "t2.csv", "t3.csv"}) {
      const auto r = run("db.yaml", input(month), "out");
      INFO(r.out);
      REQUIRE(r.status == 0);
    }
    same_history(read_text(dir / "full/history.csv"), read_text(dir / "out/history.csv"), 1e-5);
  }
};

}  // namespace ratekit::testing
