// The officer's month against a history database (a SQLite file or a
// PostgreSQL URI): three months by one config with --input, January corrected
// with --replace, and the same months rated fresh into another database.
#pragma once

#include "store/database.hpp"
#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace ratekit::testing {

// Every table's rows without the ids a run's number changes (runs by rank, periods by label, players by name).
inline std::vector<std::string> officer_rows(const std::string& where, const char* table) {
  static const std::vector<std::pair<std::string, std::string>> queries = {
      {"runs", "SELECT (SELECT count(*) FROM runs o WHERE o.id <= r.id), model, params, inputs FROM runs r ORDER BY r.id"},
      {"periods", "SELECT pe.label, (SELECT count(*) FROM runs o WHERE o.id <= pe.run_id) FROM periods pe ORDER BY pe.label"},
      {"ratings", "SELECT pe.label, p.name, r.rating, r.change, r.games, r.state FROM ratings r JOIN periods pe ON "
                  "pe.id = r.period_id JOIN players p ON p.id = r.player_id ORDER BY pe.label, p.name"},
      {"states", "SELECT (SELECT count(*) FROM runs o WHERE o.id <= s.run_id), p.name, s.field, s.value FROM states s "
                 "JOIN players p ON p.id = s.player_id ORDER BY 1, p.name, s.field"},
      {"games", "SELECT pe.label, g.seq, a.name, b.name, g.score_a, g.expected_a, g.expected_b, g.k_a, g.k_b, "
                "g.change_a, g.change_b, g.rating_a, g.rating_b FROM games g JOIN periods pe ON pe.id = g.period_id "
                "JOIN players a ON a.id = g.player_a JOIN players b ON b.id = g.player_b ORDER BY pe.label, g.seq"},
  };
  std::string sql;
  for (const auto& [name, q] : queries)
    if (name == table) sql = q;
  const auto db = store::open_database(where, store::database::mode::read_only);
  store::statement s = db->prepare(sql.c_str());
  std::vector<std::string> rows;
  while (s.step()) {
    std::string row;
    for (int c = 0; c < s.columns(); ++c)
      row += (c ? "|" : "") + (s.is_null(c) ? std::string("NULL") : std::string(s.text(c)));
    rows.push_back(row);
  }
  return rows;
}

inline const char* const officer_tables[] = {"runs", "periods", "ratings", "states", "games"};

// A club rated month by month from one config starting from the database it records into.
struct officer_club {
  temp_dir dir;
  std::string database;
  explicit officer_club(std::string into = "") : database(into.empty() ? (dir / "club.db").string() : std::move(into)) {
    config("month", database);
    write_text(dir / "01.csv", "date,player_a,player_b,score_a\n2024-01-06,A,B,1\n2024-01-20,A,C,0.5\n");
    write_text(dir / "01-fixed.csv", "date,player_a,player_b,score_a\n2024-01-06,A,B,0\n2024-01-20,A,C,0.5\n");
    write_text(dir / "02.csv", "date,player_a,player_b,score_a\n2024-02-03,B,A,1\n2024-02-10,C,D,1\n");
    write_text(dir / "03.csv", "date,player_a,player_b,score_a\n2024-03-10,A,C,1\n2024-03-12,B,D,0\n");
  }
  // NAME.yaml, starting from and recording into `db`.
  void config(const std::string& name, const std::string& db) const {
    write_text(dir / (name + ".yaml"),
               "competition: club\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\ninitial: { rating: 1500, "
               "database: \"" + db + "\" }\ninput: { format: games-csv, path: 01.csv }\nperiod: month\n"
               "output: { dir: out-" + name + ", database: \"" + db + "\" }\n");
  }
  command_result month(const std::string& file, const std::string& flags = "", const std::string& name = "month") const {
    return run_cli("run '" + (dir / (name + ".yaml")).string() + "' --input '" + (dir / file).string() + "'" + flags);
  }
  void three_months() const {
    for (const char* m : {"01.csv", "02.csv", "03.csv"}) {
      const auto r = month(m);
      INFO(r.out);
      REQUIRE(r.status == 0);
    }
  }
};

}  // namespace ratekit::testing
