#include "serve/reader.hpp"

#include <ratekit/host/store/location.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <utility>

namespace ratekit::serve {

reader::reader(std::string where, bool snapshot)
    : where_(database_location(where)), shown_(where_), server_(is_database_uri(where)), snapshot_(snapshot) {
  if (snapshot_ && server_)
    throw user_error(shown_, 0, 0, "--snapshot reads a SQLite file as it is; a PostgreSQL database needs no such option");
  give_back(open());
}

std::unique_ptr<store::database> reader::open() const {
  auto db = store::open_database(where_, snapshot_ ? store::database::mode::snapshot : store::database::mode::read_only);
  db->check_schema();
  // Read-only twice over: the file is opened so, and the connection refuses any write.
  if (!server_) db->exec("PRAGMA query_only = ON");
  return db;
}

void reader::give_back(std::unique_ptr<store::database> db) {
  const std::lock_guard lock(mutex_);
  idle_.push_back(std::move(db));
}

reader::snapshot reader::read() {
  std::unique_ptr<store::database> db;
  {
    const std::lock_guard lock(mutex_);
    if (!idle_.empty()) {
      db = std::move(idle_.back());
      idle_.pop_back();
    }
  }
  return snapshot(*this, db ? std::move(db) : open());
}

reader::snapshot::snapshot(reader& owner, std::unique_ptr<store::database> db) : owner_(owner), db_(std::move(db)) {
  // SQLite's deferred transaction holds its shared lock from the first read to the end;
  // PostgreSQL's repeatable read sees the database as the first statement found it.
  db_->exec(owner_.server_ ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN");
}

reader::snapshot::~snapshot() {
  try {
    db_->exec("COMMIT");
    owner_.give_back(std::move(db_));
  } catch (...) {  // a connection that cannot end its transaction is not reused
  }
}

}  // namespace ratekit::serve
