// Where a history database lives: a file path, or a PostgreSQL connection URI
// (postgresql://user@host:port/db, the PG* environment variables and
// ~/.pgpass filling in what it leaves out).
//
// A password written into a URI must reach no message, log, summary or
// recorded row: the URI is handed round without it (database_location), and
// the password is kept aside, in this process only, for the connection.
#pragma once

#include <filesystem>

#include <string>
#include <string_view>

namespace ratekit {

// True for postgresql:// and postgres:// URIs.
bool is_database_uri(std::string_view where);
// One history database: one existing file under two paths, or one URI (a server's database is named one way here).
bool same_database(const std::filesystem::path& a, const std::filesystem::path& b);

// `where` to hand round: a path as it is; a URI without the password its user
// part or its parameters name, which is kept aside for connection_uri().
std::string database_location(const std::string& where);

// The URI to connect with: `location`'s password put back, when it had one.
std::string connection_uri(const std::string& location);

// `text` with every password of `uri` replaced by "********" (a config's
// text, recorded in the database, names its database URIs as written).
std::string without_password(std::string text, const std::string& uri);

}  // namespace ratekit
