// Tables a feature adds after layout 6, in a step of its own: made when missing, by the runs that write them
// (inside their transaction), with no layout number of their own, so a database without them is read as
// before and an older ratekit reads the tables it knows. Each step is one line of the list below.
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
