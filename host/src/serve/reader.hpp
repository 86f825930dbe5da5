// The server's read side of the history database: a pool of read-only
// connections (SQLite opened read-only and query_only; PostgreSQL in read-only
// transactions), each request reading through one snapshot: a run committed
// while it reads is seen whole by the next request, never half by this one.
#pragma once

#include "store/database.hpp"

#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace ratekit::serve {

class reader {
 public:
  // `where`: a file or a postgresql:// URI. Opens one connection at once, so a
  // database that cannot be read is refused before the server listens.
  // `snapshot`: a SQLite file no run records into, read immutable (no -shm beside it).
  reader(std::string where, bool snapshot);
  const std::string& shown() const noexcept { return shown_; }

  // A connection with a read transaction open: one snapshot of the database.
  class snapshot {
   public:
    snapshot(reader& owner, std::unique_ptr<store::database> db);
    ~snapshot();
    snapshot(const snapshot&) = delete;
    snapshot& operator=(const snapshot&) = delete;
    store::database& db() { return *db_; }

   private:
    reader& owner_;
    std::unique_ptr<store::database> db_;
  };
  snapshot read();

 private:
  std::unique_ptr<store::database> open() const;
  void give_back(std::unique_ptr<store::database> db);

  std::string where_, shown_;
  bool server_ = false;  // PostgreSQL, not a file
  bool snapshot_ = false;
  std::mutex mutex_;
  std::vector<std::unique_ptr<store::database>> idle_;
};

}  // namespace ratekit::serve
