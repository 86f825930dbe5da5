// The history database's tables, as every engine stores them: SQLite writes
// these definitions as they are (sqlite_schema.cpp), PostgreSQL in its own
// types (postgres_schema.cpp). The layout's version marks them.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace ratekit::store {

inline constexpr int schema_version = 7;

// STRICT tables refuse a text or blob where a number belongs; the checks refuse
// infinities (NaN is stored as NULL). Periods are unique per competition: that
// is what tells a second import of a period. Layout 2 added STRICT, the checks
// and runs.fingerprint to layout 1; layout 3 the period_states table; layout 4
// keys ratings and period_states period first, so a run's rows go in at the end
// of the key as its periods complete, with an index by player for his history;
// layout 5 folds period_states, one row per field, into ratings.state, one JSON
// object per row (state_object.hpp); layout 6 adds entries.team, the team a
// player played for in a team match; layout 7 the player_records table, what a
// plugin keeps of a player between runs (ratekit/ext/player_records.h). The games' and entries' indexes by
// player (for `ratekit serve`'s pages of a player's games and events) change no
// layout: a run that records into a file without them adds them (player_indexes).
// A new layout is for a change an older ratekit must not meet: a changed column or key, or a table whose
// rows every run and --replace must keep in step (player_records: a run that did not write or remove them
// would hand the next run wrong records). An older ratekit refuses a newer layout; tables it could safely
// ignore go in a schema step instead (schema_steps.hpp; docs/history-database.md, "Adding a table").
struct table {
  const char* name;
  const char* columns;
  const char* options;
  int since = 1;     // the layout that added it
  int changed = 2;   // the last layout that changed its columns or keys
  const char* indexes = "";  // created with the table
};

#define RK_FINITE(c) "CHECK (abs(" c ") < 1e308)"
inline constexpr std::array<table, 9> schema_tables{{
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
     "WITHOUT ROWID, STRICT", 1, 2,
     "CREATE INDEX IF NOT EXISTS games_by_player_a ON games (player_a);"
     "CREATE INDEX IF NOT EXISTS games_by_player_b ON games (player_b);"},
    {"entries",
     "run_id INTEGER NOT NULL REFERENCES runs(id), seq INTEGER NOT NULL, "
     "period_id INTEGER NOT NULL REFERENCES periods(id), player_id INTEGER NOT NULL REFERENCES players(id), "
     "rank REAL NOT NULL " RK_FINITE("rank") ", expected REAL " RK_FINITE("expected") ", "
     "weight REAL " RK_FINITE("weight") ", change REAL " RK_FINITE("change") ", rating REAL " RK_FINITE("rating") ", "
     "skipped INTEGER NOT NULL, team TEXT, PRIMARY KEY (run_id, seq)",
     "WITHOUT ROWID, STRICT", 1, 6, "CREATE INDEX IF NOT EXISTS entries_by_player ON entries (player_id);"},
    {"player_records",  // store/player_records.cpp: an item a row, its numbers a JSON array
     "run_id INTEGER NOT NULL REFERENCES runs(id), seq INTEGER NOT NULL, "
     "player_id INTEGER NOT NULL REFERENCES players(id), kind TEXT NOT NULL, "
     "other_id INTEGER REFERENCES players(id), numbers TEXT NOT NULL, PRIMARY KEY (run_id, seq)",
     "WITHOUT ROWID, STRICT", 7, 7},
}};
#undef RK_FINITE

// The games' and entries' indexes by player, each made only when missing.
inline std::string player_indexes() {
  std::string sql;
  for (const table& t : schema_tables)
    if (std::string_view(t.name) == "games" || std::string_view(t.name) == "entries") sql += t.indexes;
  return sql;
}

// The columns table `t`'s definition names, in order (not its keys' clauses).
std::vector<std::string> column_names(const table& t);

}  // namespace ratekit::store
