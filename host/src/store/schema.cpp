#include "store/schema.hpp"

#include <ratekit/host/text/diagnostics.hpp>

namespace ratekit::store {
namespace {

// Periods are unique per competition: that is what refuses a second import.
constexpr const char* tables = R"sql(
CREATE TABLE competitions (
  id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE runs (
  id INTEGER PRIMARY KEY, competition_id INTEGER NOT NULL REFERENCES competitions(id),
  recorded_at TEXT NOT NULL, model TEXT NOT NULL, plugin_version TEXT NOT NULL,
  params TEXT NOT NULL, inputs TEXT NOT NULL, config_file TEXT NOT NULL, config_text TEXT NOT NULL);
CREATE TABLE periods (
  id INTEGER PRIMARY KEY, competition_id INTEGER NOT NULL REFERENCES competitions(id),
  run_id INTEGER NOT NULL REFERENCES runs(id), label TEXT NOT NULL, UNIQUE (competition_id, label));
CREATE TABLE players (
  id INTEGER PRIMARY KEY, competition_id INTEGER NOT NULL REFERENCES competitions(id),
  name TEXT NOT NULL, external_id TEXT, federation TEXT, birth_year REAL, UNIQUE (competition_id, name));
CREATE INDEX players_by_name ON players (name);
CREATE INDEX players_by_external_id ON players (external_id);
CREATE TABLE ratings (
  period_id INTEGER NOT NULL REFERENCES periods(id), player_id INTEGER NOT NULL REFERENCES players(id),
  rating REAL NOT NULL, change REAL NOT NULL, games INTEGER NOT NULL, PRIMARY KEY (player_id, period_id))
  WITHOUT ROWID;
CREATE TABLE states (
  run_id INTEGER NOT NULL REFERENCES runs(id), player_id INTEGER NOT NULL REFERENCES players(id),
  field TEXT NOT NULL, value REAL, PRIMARY KEY (player_id, run_id, field)) WITHOUT ROWID;
CREATE TABLE games (
  run_id INTEGER NOT NULL REFERENCES runs(id), seq INTEGER NOT NULL,
  period_id INTEGER NOT NULL REFERENCES periods(id),
  player_a INTEGER NOT NULL REFERENCES players(id), player_b INTEGER NOT NULL REFERENCES players(id),
  score_a REAL NOT NULL, expected_a REAL, expected_b REAL, k_a REAL, k_b REAL,
  change_a REAL, change_b REAL, rating_a REAL, rating_b REAL, PRIMARY KEY (run_id, seq)) WITHOUT ROWID;
CREATE TABLE entries (
  run_id INTEGER NOT NULL REFERENCES runs(id), seq INTEGER NOT NULL,
  period_id INTEGER NOT NULL REFERENCES periods(id), player_id INTEGER NOT NULL REFERENCES players(id),
  rank REAL NOT NULL, expected REAL, weight REAL, change REAL, rating REAL, skipped INTEGER NOT NULL,
  PRIMARY KEY (run_id, seq)) WITHOUT ROWID;
)sql";

int version_of(database& db) {
  statement s = db.prepare("PRAGMA user_version");
  return s.step() ? int(s.integer(0)) : 0;
}

bool is_empty(database& db) {
  statement s = db.prepare("SELECT count(*) FROM sqlite_master");
  return s.step() && s.integer(0) == 0;
}

}  // namespace

void check_schema(database& db) {
  const int version = version_of(db);
  if (version != schema_version)
    throw user_error(db.file(), 0, 0,
                     version == 0 ? "not a ratekit rating database"
                                  : "rating database of layout " + std::to_string(version) + "; this ratekit reads layout " +
                                        std::to_string(schema_version));
}

void ensure_schema(database& db) {
  if (version_of(db) == 0 && is_empty(db)) {
    db.exec(tables);
    db.exec(("PRAGMA user_version = " + std::to_string(schema_version)).c_str());
  }
  check_schema(db);
}

}  // namespace ratekit::store
