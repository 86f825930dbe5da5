// The connection strings one run meets, kept apart from other runs' in the
// same process. database_location keeps each string aside under its shown
// location, the last met for each location process-wide: two runs at once
// (Python threads) naming one database with different passwords would both
// connect with the later one. A run that holds its own connection_strings and
// enters them on each thread that reads its config or connects (a
// connection_scope) keeps and finds its own strings first.
#pragma once

#include <memory>

namespace ratekit {

struct connection_strings;  // defined in store/location.cpp

std::shared_ptr<connection_strings> new_connection_strings();

// While it lives, this thread's database_location keeps strings in `strings`
// (as well as process-wide), and its connections look there first.
class connection_scope {
 public:
  explicit connection_scope(std::shared_ptr<connection_strings> strings);
  ~connection_scope();
  connection_scope(const connection_scope&) = delete;
  connection_scope& operator=(const connection_scope&) = delete;

 private:
  std::shared_ptr<connection_strings> strings_;
  connection_strings* outer_;  // the scope this one is nested in, restored at its end
};

}  // namespace ratekit
