// The serve step of the schema (schema_steps.hpp), made by every run that records: each period's dates as its
// input gave them, and each player's list row as it stands after the last run, so a server shows the list
// without reading every rating. A step, yet derived rows an older run would leave stale: it came with
// layout 7, so every ratekit that opens a layout-7 database keeps them (docs/history-database.md, "Adding a table").
#include "store/schema_steps.hpp"

#include <array>

namespace ratekit::store {
namespace {

constexpr std::array<table, 2> serve_step_tables{{
    // Each period's first and last date as its input gave them (yyyy-mm-dd, NULL unknown): an event's date.
    {"period_dates",
     "period_id INTEGER NOT NULL REFERENCES periods(id), first_date TEXT, last_date TEXT, PRIMARY KEY (period_id)",
     "WITHOUT ROWID, STRICT", 7, 7},
    // Each player's list row now (standings.hpp): the list a server shows without reading every rating.
    {"standings",
     "competition_id INTEGER NOT NULL REFERENCES competitions(id), player_id INTEGER NOT NULL REFERENCES players(id), "
     "last_active INTEGER NOT NULL, state TEXT NOT NULL, PRIMARY KEY (competition_id, player_id)",
     "WITHOUT ROWID, STRICT", 7, 7},
}};

}  // namespace

const schema_step serve_step{"served lists and event dates", serve_step_tables};

}  // namespace ratekit::store
