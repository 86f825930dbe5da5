// A club rated by DWZ in three monthly tournaments, where N, who holds no DWZ,
// plays 3 games in January and 1 in February (too few opponents for a first
// DWZ: he keeps them, 3.4.2) and 2 in March, when his 6 opponents give him one.
// Rated in one run, or month by month into a history database (a file or a
// PostgreSQL URI), each month starting from the last: the kept games must
// cross from run to run (ratekit.player_records.v1) for both to agree.
#pragma once

#include "store/database.hpp"
#include "test_support.hpp"

#include <string>
#include <vector>

namespace ratekit::testing {

struct kept_games_club {
  temp_dir dir;
  static constexpr const char* header = "date,player_a,player_b,score_a\n";
  static constexpr const char* january = "2024-01-10,N,A,1\n2024-01-10,N,B,0.5\n2024-01-10,N,C,0\n2024-01-10,D,E,0.5\n";
  static constexpr const char* february = "2024-02-14,N,D,0.5\n2024-02-14,B,C,1\n";
  static constexpr const char* march = "2024-03-20,N,E,1\n2024-03-20,N,F,0\n2024-03-20,A,F,0.5\n";

  kept_games_club() {
    write_text(dir / "list.csv", "player,rating,rated,index\nA,1350,1,10\nB,1400,1,10\nC,1450,1,10\nD,1550,1,10\n"
                                 "E,1600,1,10\nF,1650,1,10\n");
    write_text(dir / "jan.csv", std::string(header) + january);
    write_text(dir / "feb.csv", std::string(header) + february);
    write_text(dir / "mar.csv", std::string(header) + march);
    write_text(dir / "all.csv", std::string(header) + january + february + march);
  }
  // A config of the club recording into `database`, starting from the list or from the database.
  void config(const std::string& name, const std::string& games, const std::string& database, bool from_list) const {
    const std::string initial =
        from_list ? "initial: { ratings: list.csv }\n" : "initial: { database: \"" + database + "\" }\n";
    write_text(dir / (name + ".yaml"), "competition: club\nmodel: dwz\nk_schedule: [ { k: 15 } ]\nperiod: month\n" +
                                           initial + "input: { format: games-csv, path: " + games +
                                           " }\noutput: { database: \"" + database + "\" }\n");
  }
  command_result run(const std::string& name) const {
    return run_cli("-q run '" + (dir / (name + ".yaml")).string() + "' --out '" + (dir / ("out-" + name)).string() + "'");
  }
  // The three months in one run into `one`, then month by month into `monthly`; each run's status.
  bool rate_both(const std::string& one, const std::string& monthly) const {
    config("all", "all.csv", one, true);
    config("jan", "jan.csv", monthly, true);
    config("feb", "feb.csv", monthly, false);
    config("mar", "mar.csv", monthly, false);
    return run("all").status == 0 && run("jan").status == 0 && run("feb").status == 0 && run("mar").status == 0;
  }
};

// Each period's ratings as "period|player|rating|change|games", in period and name order.
inline constexpr const char* ratings_by_period =
    "SELECT pe.label || '|' || p.name || '|' || r.rating || '|' || r.change || '|' || r.games FROM ratings r "
    "JOIN periods pe ON pe.id = r.period_id JOIN players p ON p.id = r.player_id ORDER BY pe.label, p.name";

// The one text column of `sql`'s rows in a file or on a server.
inline std::vector<std::string> texts_of(const std::string& where, const char* sql) {
  const auto db = store::open_database(where, store::database::mode::read_only);
  store::statement s = db->prepare(sql);
  std::vector<std::string> rows;
  while (s.step()) rows.emplace_back(s.text(0));
  return rows;
}

}  // namespace ratekit::testing
