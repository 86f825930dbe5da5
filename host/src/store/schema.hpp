// The database's tables, created on first use; user_version marks the layout.
#pragma once

#include "store/sqlite.hpp"

#include <string>

namespace ratekit::store {

inline constexpr int schema_version = 5;

// Brings a file of an older layout to the current one in its own transaction
// (before any other: foreign keys are switched off for it). A no-op for other files.
void upgrade_schema(database& db);
// Creates the tables when the file is new; refuses a file of another layout.
void ensure_schema(database& db);
// Refuses a file that is not a ratekit database (read-only use; older layouts read too).
void check_schema(database& db);
// A bulk import into an empty table goes faster when its indexes are built once
// at the end than kept up row by row: drops them when table `name` holds no row
// and returns the SQL that builds them again ("" when it held rows or has none).
std::string defer_indexes(database& db, const char* name);
// True when the file holds table `name` (a file of an older layout may not).
bool has_table(database& db, const char* name);
// True when table `table` has column `column` (ratings.state came with layout 5).
bool has_column(database& db, const char* table, const char* column);

}  // namespace ratekit::store
