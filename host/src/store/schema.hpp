// The database's tables, created on first use; user_version marks the layout.
#pragma once

#include "store/sqlite.hpp"

namespace ratekit::store {

inline constexpr int schema_version = 2;

// Brings a layout-1 file to the current layout in its own transaction (before
// any other: foreign keys are switched off for it). A no-op for other files.
void upgrade_schema(database& db);
// Creates the tables when the file is new; refuses a file of another layout.
void ensure_schema(database& db);
// Refuses a file that is not a ratekit database (read-only use; layout 1 reads too).
void check_schema(database& db);

}  // namespace ratekit::store
