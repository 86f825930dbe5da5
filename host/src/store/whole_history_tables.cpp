// The whole-history step of the schema (schema_steps.hpp): each run's games as a whole-history fit reads them
// again (the next run refits the competition's whole history), with the last fit's exact warm start of each
// of the game's two entries for a model that has one (warm_a, warm_b: its numbers, comma-separated, in the
// shortest form that reads back exactly), each run's team matches likewise, an entry a row (the match's name
// and date, the player, his team's name, rank and share, his warm state), and each fit's summary. The estimates themselves
// are `ratings` rows (one per player per batch he played in) and the final states `states` rows, as for every
// model, so `ratekit history`, `initial: { database: }` and `predict --database` read them unchanged.
// A step, not a layout: only whole-history runs write and read these tables (docs/history-database.md, "Adding a table").
#include "store/schema_steps.hpp"

#include <array>

namespace ratekit::store {
namespace {

#define RK_FINITE(c) "CHECK (abs(" c ") < 1e308)"
constexpr std::array<table, 3> tables{{
    {"whole_history_games",
     "run_id INTEGER NOT NULL REFERENCES runs(id), seq INTEGER NOT NULL, date INTEGER NOT NULL, "
     "player_a INTEGER NOT NULL REFERENCES players(id), player_b INTEGER NOT NULL REFERENCES players(id), "
     "score_a REAL NOT NULL " RK_FINITE("score_a") ", home INTEGER NOT NULL, warm_a TEXT, warm_b TEXT, "
     "PRIMARY KEY (run_id, seq)",
     "WITHOUT ROWID, STRICT", 7, 7},
    {"whole_history_entries",
     "run_id INTEGER NOT NULL REFERENCES runs(id), seq INTEGER NOT NULL, entry INTEGER NOT NULL, "
     "match_name TEXT NOT NULL, date INTEGER NOT NULL, player_id INTEGER NOT NULL REFERENCES players(id), "
     "team TEXT NOT NULL, rank REAL NOT NULL " RK_FINITE("rank") ", weight REAL NOT NULL " RK_FINITE("weight") ", "
     "warm TEXT, PRIMARY KEY (run_id, seq, entry)",
     "WITHOUT ROWID, STRICT", 7, 7},
    {"whole_history_fits",
     "run_id INTEGER NOT NULL REFERENCES runs(id), sweeps INTEGER NOT NULL, "
     "last_change REAL " RK_FINITE("last_change") ", converged INTEGER NOT NULL, "
     "epsilon REAL NOT NULL " RK_FINITE("epsilon") ", log_evidence REAL " RK_FINITE("log_evidence") ", "
     "warm_start INTEGER NOT NULL, games INTEGER NOT NULL, PRIMARY KEY (run_id)",
     "STRICT", 7, 7},
}};
#undef RK_FINITE

}  // namespace

const schema_step whole_history_step{"whole-history runs", tables};

}  // namespace ratekit::store
