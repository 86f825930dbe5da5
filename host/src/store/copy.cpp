// copy_history: a whole history from one database into another (a file into
// a server, a server into a file), in one transaction on the target that
// commits only when every table reads back the same as the source's.
#include <ratekit/host/store/location.hpp>
#include <ratekit/host/store/store.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include "store/database.hpp"
#include "store/row_batch.hpp"
#include "store/schema_steps.hpp"

#include <cstring>
#include <functional>

namespace ratekit {
namespace {

// A table's rows as an order-free sum: a row count and two sums of the rows'
// hashes, each row's values hashed as the target stores them.
struct table_digest {
  int64_t rows = 0;
  uint64_t sum = 0, mixed = 0;
  bool operator==(const table_digest&) const = default;
};

uint64_t value_hash(const store::statement& s, int col, store::value_kind kind) {
  switch (kind) {
    case store::value_kind::null: return 0x9e3779b97f4a7c15ull;
    case store::value_kind::integer: return std::hash<int64_t>()(s.integer(col)) * 3 + 1;
    case store::value_kind::real: {
      const double v = s.number(col);
      uint64_t bits;
      std::memcpy(&bits, &v, sizeof bits);
      return std::hash<uint64_t>()(bits) * 5 + 2;
    }
    default: return std::hash<std::string_view>()(s.text(col)) * 7 + 3;
  }
}

std::string select_all(const store::table& t) {
  std::string columns;
  for (const std::string& c : store::column_names(t)) columns += (columns.empty() ? "" : ", ") + c;
  return "SELECT " + columns + " FROM " + t.name;
}

table_digest digest(store::database& db, const store::table& t) {
  store::statement s = db.prepare(select_all(t).c_str());
  table_digest d;
  while (s.step()) {
    uint64_t row = 0;
    for (int c = 0; c < s.columns(); ++c) row = row * 1000003 ^ value_hash(s, c, s.impl().kind(c));
    ++d.rows;
    d.sum += row;
    d.mixed += row * row + (row >> 17);
  }
  return d;
}

// Every row of `t` into the target, a batch at a time; the number copied.
int64_t copy_table(store::database& from, store::database& to, const store::table& t) {
  const std::vector<std::string> columns = store::column_names(t);
  std::string insert = "INSERT INTO " + std::string(t.name) + " (";
  for (size_t c = 0; c < columns.size(); ++c) insert += (c ? ", " : "") + columns[c];
  store::row_batch rows(to, insert + ")", int(columns.size()));
  store::statement s = from.prepare(select_all(t).c_str());
  int64_t n = 0;
  while (s.step()) {
    for (int c = 0; c < s.columns(); ++c) {
      switch (s.impl().kind(c)) {
        case store::value_kind::null: rows.bind_null(c + 1); break;
        case store::value_kind::integer: rows.bind(c + 1, s.integer(c)); break;
        case store::value_kind::real: rows.bind(c + 1, s.number(c)); break;
        default: rows.bind(c + 1, s.text(c)); break;
      }
    }
    rows.run();
    ++n;
  }
  rows.flush();
  return n;
}

}  // namespace

std::vector<std::pair<std::string, int64_t>> copy_history(const std::string& from_where, const std::string& to_where) {
  const auto from = store::open_database(from_where, store::database::mode::read_only);
  from->check_schema();
  if (!from->has_column("ratings", "state"))
    throw user_error(from->file(), 0, 0,
                     "a history of an older layout: a ratekit run that records into it upgrades it; copy it then");
  const bool new_file = !is_database_uri(to_where) && !std::filesystem::exists(to_where);
  try {
    const auto to = store::open_database(to_where, store::database::mode::read_write);
    to->open_for_recording("", false);  // the tables of a new database, the numbers' checks
    store::transaction tx(*to);
    to->ensure_schema();
    if (store::statement runs = to->prepare("SELECT count(*) FROM runs"); runs.step() && runs.integer(0) > 0)
      throw user_error(to->file(), 0, 0, "this database already holds a history; ratekit db copy copies into a new or empty one");
    // The layout's tables, and the tables of each schema step the source holds.
    std::vector<const store::table*> tables;
    for (const store::table& t : store::schema_tables) tables.push_back(&t);
    for (const store::schema_step* step : store::schema_steps)
      if (from->has_table(step->tables.front().name)) {
        store::ensure_step(*to, *step);
        for (const store::table& t : step->tables) tables.push_back(&t);
      }
    std::vector<std::pair<std::string, int64_t>> copied;
    for (const store::table* t : tables) copied.emplace_back(t->name, copy_table(*from, *to, *t));
    to->continue_numbering();
    for (const store::table* t : tables)
      if (!(digest(*from, *t) == digest(*to, *t)))
        throw user_error(to->file(), 0, 0,
                         "table " + std::string(t->name) + " does not read back as the source holds it; nothing was copied");
    tx.commit();
    return copied;
  } catch (...) {
    if (new_file) std::filesystem::remove(to_where);  // no empty database is left behind
    throw;
  }
}

}  // namespace ratekit
