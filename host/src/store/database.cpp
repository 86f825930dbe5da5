#include "store/database.hpp"

#include "store/row_numbers.hpp"
#include "store/sqlite.hpp"
#ifdef RATEKIT_WITH_POSTGRES
#include "store/postgres.hpp"
#endif

#include <ratekit/host/store/location.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <cstdio>

namespace ratekit::store {

std::unique_ptr<database> open_database(const std::string& where, database::mode m) {
  if (!is_database_uri(where)) return std::make_unique<sqlite_database>(where, m);
#ifdef RATEKIT_WITH_POSTGRES
  return std::make_unique<postgres_database>(where, m);
#else
  throw user_error("this ratekit was built without PostgreSQL (libpq was not found when it was built): a history "
                   "database it can use is a file");
#endif
}

statement database::prepare(const char* sql) { return statement(*this, make_statement(sql)); }

void database::refuse_number(double v, const std::string& where) const {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  throw user_error(file(), 0, 0,
                   "rating database: cannot store " + std::string(text) + " as " + where +
                       ": it holds finite numbers under 1e308 in size");
}

statement& statement::bind(int i, int64_t v) {
  impl_->bind(i, v);
  return *this;
}

statement& statement::bind(int i, double v) {
  if (std::isnan(v)) return bind_null(i);
  if (!db_->accepts(v)) db_->refuse_number(v, "parameter " + std::to_string(i) + " of " + impl_->sql());
  impl_->bind(i, v);
  return *this;
}

statement& statement::bind(int i, std::string_view v) {
  impl_->bind(i, v);
  return *this;
}

statement& statement::bind_null(int i) {
  impl_->bind_null(i);
  return *this;
}

void statement::run() {
  while (step()) {
  }
  impl_->rewind();  // the next run binds every parameter again
}

double statement::checked_number(int col, const std::string& where) const {
  const value_kind kind = impl_->kind(col);
  const double v = number(col);
  if (kind == value_kind::null || ((kind == value_kind::real || kind == value_kind::integer) && std::isfinite(v)))
    return v;
  const std::string found = kind == value_kind::text ? "text '" + std::string(text(col)) + "'"
                            : kind == value_kind::blob ? "a blob"
                                                       : std::to_string(v);
  throw damaged_row(*db_, where + ": expected a finite number, found " + found);
}

}  // namespace ratekit::store
