// Where a history database lives: a file path, or a PostgreSQL connection
// string: a URI (postgresql://user@host:port/db, the scheme in any case) or
// libpq's keyword/value pairs (host=... dbname=...), the PG* environment
// variables and ~/.pgpass filling in what it leaves out. libpq's own parser
// reads it, so ratekit and the server agree on what its password is.
//
// A password written into it must reach no message, log, summary or recorded
// row: the database is handed round as its location, a URI without a secret
// (database_location), and the string itself is kept aside, in this process
// only, for the connection.
#pragma once

#include <filesystem>

#include <string>
#include <string_view>

namespace ratekit {

// True for a PostgreSQL connection string: "postgresql:" or "postgres:" in any
// case, or libpq's keyword/value pairs (a keyword of libpq, then '=').
bool is_database_uri(std::string_view where);
// One history database: one existing file under two paths, or one URI (a server's database is named one way here).
bool same_database(const std::filesystem::path& a, const std::filesystem::path& b);

// `where` to hand round: a path as it is; a connection string as its location,
// the URI as written when it holds no secret, else the URI libpq reads from it
// without its secrets. The string is kept aside for connection_uri(), the last
// met for each location. Throws user_error, repeating nothing of `where`, when
// libpq cannot read it or part of a password would be read as another part.
std::string database_location(const std::string& where);

// `where` as a store opens it: a location database_location returned, as it
// is; anything else (a string from a command line) read by database_location.
std::string opened_location(const std::string& where);

// The string to connect with: the one last met for `location`, else `location`.
std::string connection_uri(const std::string& location);

// Whether `where` is a connection string that writes a secret ("********", a
// masked one, is none), or one libpq cannot read, which may.
bool writes_password(const std::string& where);

// `text` with every secret of `location`'s string replaced by "********" (a
// config's text, recorded in the database, names its databases as written).
std::string without_password(std::string text, const std::string& location);

}  // namespace ratekit
