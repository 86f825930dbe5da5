// The database's tables, created on first use; user_version marks the layout.
#pragma once

#include "store/sqlite.hpp"

namespace ratekit::store {

inline constexpr int schema_version = 1;

// Creates the tables when the file is new; refuses a file of another layout.
void ensure_schema(database& db);
// Refuses a file that is not a ratekit database (read-only use).
void check_schema(database& db);

}  // namespace ratekit::store
