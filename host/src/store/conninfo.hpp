// A PostgreSQL connection string as libpq itself reads it (PQconninfoParse),
// so that ratekit and the server agree on what its password is; and where in
// the written text each secret sits, to mask it there (location.cpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace ratekit::store {

// One of libpq's connection options; `secret` for those libpq never shows
// (password, sslpassword: its display flag "*").
struct conninfo_option {
  std::string keyword;
  std::optional<std::string> value;  // unset when the string does not give it
  bool secret = false;
};

// Where a secret is written in a connection string: its span, and the value
// libpq reads from that span (percent-decoded, or unquoted).
struct written_secret {
  size_t at = 0, size = 0;
  std::string value;
};

// A connection string as libpq reads it.
struct parsed_connection {
  std::string connect;                   // to hand libpq: as written, its scheme in lower case
  std::vector<conninfo_option> options;  // every option of libpq, with the value the string gives it
  std::vector<written_secret> secrets;   // user:password and ?password=... of a URI, password=... of keywords
};

// `written`: a URI whose scheme ("postgresql:", any case) is `scheme` long, or,
// when `scheme` is 0, keyword/value pairs. Throws user_error, repeating nothing
// of `written` (it may hold a password), when libpq cannot read it, when a URI's
// '@' or '/' would make part of a password its host or database, or when this
// ratekit was built without libpq.
parsed_connection parse_connection(const std::string& written, size_t scheme);

}  // namespace ratekit::store
