// The database's tables, created on first use; user_version marks the layout.
#pragma once

#include "store/sqlite.hpp"

namespace ratekit::store {

inline constexpr int schema_version = 4;

// Brings a file of an older layout to the current one in its own transaction
// (before any other: foreign keys are switched off for it). A no-op for other files.
void upgrade_schema(database& db);
// Creates the tables when the file is new; refuses a file of another layout.
void ensure_schema(database& db);
// Refuses a file that is not a ratekit database (read-only use; older layouts read too).
void check_schema(database& db);
// True when the file holds table `name` (a file of an older layout may not).
bool has_table(database& db, const char* name);

}  // namespace ratekit::store
