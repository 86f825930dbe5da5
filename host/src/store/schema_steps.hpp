// Tables a feature adds after layout 6, in a step of its own: made when missing, by the runs that write them
// (inside their transaction), with no layout number of their own, so a database without them is read as
// before and an older ratekit reads the tables it knows. Each step is one line of the list below.
// A step is for new tables only, and only for tables an older ratekit may ignore while it reads, records,
// replaces and copies: nothing it does may leave their rows wrong (rows only a kind of run it cannot make
// writes and reads, or derived rows a newer run can tell are stale). Otherwise bump the layout (schema_tables.hpp):
// an older ratekit then refuses the database. The rule: docs/history-database.md, "Adding a table".
#pragma once

#include "store/schema_tables.hpp"

#include <span>

namespace ratekit::store {

class database;

struct schema_step {
  const char* feature;
  std::span<const table> tables;
};

// Whole-history runs (docs/history-database.md, "Whole-history models").
extern const schema_step whole_history_step;
// Event dates and the list each run keeps, made by every run that records (docs/serve.md).
extern const schema_step serve_step;

inline constexpr const schema_step* schema_steps[] = {
    &whole_history_step,
    &serve_step,
};

// Makes the tables of `step` that `db` lacks, in its dialect, inside the transaction that is open.
void ensure_step(database& db, const schema_step& step);

}  // namespace ratekit::store
