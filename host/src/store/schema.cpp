#include "store/schema.hpp"

#include "store/state_object.hpp"

#include <ratekit/host/text/diagnostics.hpp>

#include <algorithm>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

namespace ratekit::store {
namespace {

// STRICT tables refuse a text or blob where a number belongs; the checks refuse
// infinities (NaN is stored as NULL). Periods are unique per competition: that
// is what tells a second import of a period. Layout 2 added STRICT, the checks
// and runs.fingerprint to layout 1; layout 3 the period_states table; layout 4
// keys ratings and period_states period first, so a run's rows go in at the end
// of the key as its periods complete, with an index by player for his history;
// layout 5 folds period_states, one row per field, into ratings.state, one JSON
// object per row (state_object.hpp).
struct table {
  const char* name;
  const char* columns;
  const char* options;
  int since = 1;     // the layout that added it
  int changed = 2;   // the last layout that changed its columns or keys
  const char* indexes = "";  // created with the table
};

#define RK_FINITE(c) "CHECK (abs(" c ") < 1e308)"
constexpr table tables[] = {
    {"competitions", "id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE", "STRICT"},
    {"runs",
     "id INTEGER PRIMARY KEY, competition_id INTEGER NOT NULL REFERENCES competitions(id), "
     "recorded_at TEXT NOT NULL, model TEXT NOT NULL, plugin_version TEXT NOT NULL, params TEXT NOT NULL, "
     "inputs TEXT NOT NULL, config_file TEXT NOT NULL, config_text TEXT NOT NULL, fingerprint TEXT",
     "STRICT"},
    {"periods",
     "id INTEGER PRIMARY KEY, competition_id INTEGER NOT NULL REFERENCES competitions(id), "
     "run_id INTEGER NOT NULL REFERENCES runs(id), label TEXT NOT NULL, UNIQUE (competition_id, label)",
     "STRICT"},
    {"players",
     "id INTEGER PRIMARY KEY, competition_id INTEGER NOT NULL REFERENCES competitions(id), "
     "name TEXT NOT NULL, external_id TEXT, federation TEXT, birth_year REAL " RK_FINITE("birth_year") ", "
     "UNIQUE (competition_id, name)",
     "STRICT", 1, 2,
     "CREATE INDEX players_by_name ON players (name);"
     "CREATE INDEX players_by_external_id ON players (external_id);"},
    {"ratings",
     "period_id INTEGER NOT NULL REFERENCES periods(id), player_id INTEGER NOT NULL REFERENCES players(id), "
     "rating REAL NOT NULL " RK_FINITE("rating") ", change REAL NOT NULL " RK_FINITE("change") ", "
     "games INTEGER NOT NULL, state TEXT, PRIMARY KEY (period_id, player_id)",
     "WITHOUT ROWID, STRICT", 1, 5, "CREATE INDEX ratings_by_player ON ratings (player_id, period_id);"},
    {"states",
     "run_id INTEGER NOT NULL REFERENCES runs(id), player_id INTEGER NOT NULL REFERENCES players(id), "
     "field TEXT NOT NULL, value REAL " RK_FINITE("value") ", PRIMARY KEY (player_id, run_id, field)",
     "WITHOUT ROWID, STRICT"},
    {"games",
     "run_id INTEGER NOT NULL REFERENCES runs(id), seq INTEGER NOT NULL, "
     "period_id INTEGER NOT NULL REFERENCES periods(id), "
     "player_a INTEGER NOT NULL REFERENCES players(id), player_b INTEGER NOT NULL REFERENCES players(id), "
     "score_a REAL NOT NULL " RK_FINITE("score_a") ", expected_a REAL " RK_FINITE("expected_a") ", "
     "expected_b REAL " RK_FINITE("expected_b") ", k_a REAL " RK_FINITE("k_a") ", k_b REAL " RK_FINITE("k_b") ", "
     "change_a REAL " RK_FINITE("change_a") ", change_b REAL " RK_FINITE("change_b") ", "
     "rating_a REAL " RK_FINITE("rating_a") ", rating_b REAL " RK_FINITE("rating_b") ", PRIMARY KEY (run_id, seq)",
     "WITHOUT ROWID, STRICT"},
    {"entries",
     "run_id INTEGER NOT NULL REFERENCES runs(id), seq INTEGER NOT NULL, "
     "period_id INTEGER NOT NULL REFERENCES periods(id), player_id INTEGER NOT NULL REFERENCES players(id), "
     "rank REAL NOT NULL " RK_FINITE("rank") ", expected REAL " RK_FINITE("expected") ", "
     "weight REAL " RK_FINITE("weight") ", change REAL " RK_FINITE("change") ", rating REAL " RK_FINITE("rating") ", "
     "skipped INTEGER NOT NULL, PRIMARY KEY (run_id, seq)",
     "WITHOUT ROWID, STRICT"},
};
#undef RK_FINITE

std::string create(const table& t, const std::string& name) {
  return "CREATE TABLE " + name + " (" + t.columns + ") " + t.options + ";";
}

int version_of(database& db) {
  statement s = db.prepare("PRAGMA user_version");
  return s.step() ? int(s.integer(0)) : 0;
}

bool is_empty(database& db) {
  statement s = db.prepare("SELECT count(*) FROM sqlite_master");
  return s.step() && s.integer(0) == 0;
}

// Layout 4's ratings with the state of each row, built from its period_states
// rows (layouts 3 and 4) the way state_object writes it; NULL where it has none.
std::string ratings_with_state(database& db) {
  if (!has_table(db, "period_states")) return "SELECT *, NULL FROM ratings";
  add_number_text_function(db);
  return "SELECT r.*, (SELECT CASE WHEN count(*) > 0 THEN json_group_object(s.field, json(number_text(s.value))) END "
         "FROM period_states s WHERE s.period_id = r.period_id AND s.player_id = r.player_id) FROM ratings r";
}

void set_version(database& db) { db.exec(("PRAGMA user_version = " + std::to_string(schema_version)).c_str()); }

}  // namespace

void check_schema(database& db) {
  const int version = version_of(db);
  if (version >= 1 && version <= schema_version) return;
  if (version == 0 && !db.prepare("SELECT 1 FROM sqlite_master").step())
    throw user_error(db.file(), 0, 0,
                     "the rating database is empty: no run has recorded into it (a first run that failed or was "
                     "killed leaves it so); a run with output.database naming it records the first");
  throw user_error(db.file(), 0, 0,
                   version == 0 ? "not a ratekit rating database"
                                : "rating database of layout " + std::to_string(version) + "; this ratekit reads layout " +
                                      std::to_string(schema_version) + " and older");
}

bool has_table(database& db, const char* name) {
  statement s = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1");
  s.bind(1, std::string_view(name));
  return s.step();
}

bool has_column(database& db, const char* table, const char* column) {
  statement s = db.prepare("SELECT 1 FROM pragma_table_info(?1) WHERE name = ?2");
  s.bind(1, std::string_view(table)).bind(2, std::string_view(column));
  return s.step();
}

std::string defer_indexes(database& db, const char* name) {
  const auto t = std::find_if(std::begin(tables), std::end(tables), [&](const table& t) { return t.name == std::string_view(name); });
  if (t == std::end(tables) || !*t->indexes || db.prepare(("SELECT 1 FROM " + std::string(name) + " LIMIT 1").c_str()).step())
    return "";
  statement s = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?1 AND sql IS NOT NULL");
  s.bind(1, std::string_view(name));
  std::vector<std::string> indexes;
  while (s.step()) indexes.emplace_back(s.text(0));
  for (const std::string& index : indexes) db.exec(("DROP INDEX \"" + index + "\"").c_str());
  return t->indexes;
}

void upgrade_schema(database& db) {
  const int version = version_of(db);
  if (version < 1 || version >= schema_version) return;
  // A table changed since the file's layout goes through SQLite's procedure for
  // changing a table: new table, copy, drop (its indexes with it), rename, then
  // its indexes, with foreign keys off (they cannot be switched inside a
  // transaction). Tables of later layouts are only created.
  db.exec("PRAGMA foreign_keys = OFF");
  try {
    transaction tx(db);
    for (const table& t : tables) {
      const std::string name = t.name, copy = std::string("new_") + t.name;
      if (t.since > version) {
        db.exec((create(t, name) + t.indexes).c_str());
        continue;
      }
      if (t.changed <= version) continue;
      const std::string fill = name == "runs" && version < 2      ? "SELECT *, NULL FROM runs"
                               : name == "ratings" && version < 5 ? ratings_with_state(db)
                                                                  : "SELECT * FROM " + name;
      db.exec((create(t, copy) + "INSERT INTO " + copy + " " + fill + ";DROP TABLE " + name + ";ALTER TABLE " + copy +
               " RENAME TO " + name + ";" + t.indexes)
                  .c_str());
    }
    db.exec("DROP TABLE IF EXISTS period_states");
    set_version(db);
    tx.commit();
  } catch (...) {
    db.exec("PRAGMA foreign_keys = ON");
    throw;
  }
  db.exec("PRAGMA foreign_keys = ON");
}

void ensure_schema(database& db) {
  if (version_of(db) == 0 && is_empty(db)) {
    for (const table& t : tables) db.exec((create(t, t.name) + t.indexes).c_str());
    set_version(db);
  }
  check_schema(db);  // refuses other files; older layouts were upgraded before the run's transaction
}

}  // namespace ratekit::store
