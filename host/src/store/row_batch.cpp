#include "store/row_batch.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>

namespace ratekit::store {
namespace {

// ratekit_rows(?1): the rows of the row_batch bound to ?1 as a pointer of type
// "ratekit_rows" (sqlite3_bind_pointer), which SQL text cannot forge; columns
// c0..c15, NULL past the batch's own.
constexpr const char* pointer_type = "ratekit_rows";
constexpr int batch_column = row_batch::max_columns;  // the hidden argument

struct cursor {
  sqlite3_vtab_cursor base;
  const row_batch* batch;
  size_t row, rows;
};

int connect(sqlite3* db, void*, int, const char* const*, sqlite3_vtab** table, char**) {
  std::string columns;
  for (int c = 0; c < row_batch::max_columns; ++c) columns.append("c").append(std::to_string(c)).append(", ");
  const int rc = sqlite3_declare_vtab(db, ("CREATE TABLE x (" + columns + "batch HIDDEN)").c_str());
  if (rc != SQLITE_OK) return rc;
  *table = static_cast<sqlite3_vtab*>(sqlite3_malloc(sizeof(sqlite3_vtab)));
  if (!*table) return SQLITE_NOMEM;
  std::memset(*table, 0, sizeof(sqlite3_vtab));
  return SQLITE_OK;
}

int disconnect(sqlite3_vtab* table) {
  sqlite3_free(table);
  return SQLITE_OK;
}

// Only a scan with the batch given is possible.
int best_index(sqlite3_vtab*, sqlite3_index_info* info) {
  for (int i = 0; i < info->nConstraint; ++i) {
    const auto& c = info->aConstraint[i];
    if (c.iColumn != batch_column || c.op != SQLITE_INDEX_CONSTRAINT_EQ || !c.usable) continue;
    info->aConstraintUsage[i].argvIndex = 1;
    info->aConstraintUsage[i].omit = 1;
    info->estimatedCost = 1;
    return SQLITE_OK;
  }
  return SQLITE_CONSTRAINT;
}

int open(sqlite3_vtab*, sqlite3_vtab_cursor** out) {
  auto* c = static_cast<cursor*>(sqlite3_malloc(sizeof(cursor)));
  if (!c) return SQLITE_NOMEM;
  std::memset(c, 0, sizeof(cursor));
  *out = &c->base;
  return SQLITE_OK;
}

int close(sqlite3_vtab_cursor* c) {
  sqlite3_free(c);
  return SQLITE_OK;
}

// argv[0] is the batch: best_index accepts no plan without it.
int filter(sqlite3_vtab_cursor* base, int, const char*, int, sqlite3_value** argv) {
  auto* c = reinterpret_cast<cursor*>(base);
  c->batch = static_cast<const row_batch*>(sqlite3_value_pointer(argv[0], pointer_type));
  c->row = 0;
  c->rows = c->batch ? c->batch->held() : 0;
  return SQLITE_OK;
}

int next(sqlite3_vtab_cursor* base) {
  ++reinterpret_cast<cursor*>(base)->row;
  return SQLITE_OK;
}

int eof(sqlite3_vtab_cursor* base) {
  const auto* c = reinterpret_cast<cursor*>(base);
  return c->row >= c->rows;
}

int column(sqlite3_vtab_cursor* base, sqlite3_context* ctx, int col) {
  const auto* c = reinterpret_cast<cursor*>(base);
  if (col >= c->batch->columns()) return SQLITE_OK;  // NULL
  const row_batch::value& v = c->batch->row(c->row)[col];
  switch (v.kind) {
    case row_batch::value::integer: sqlite3_result_int64(ctx, v.i); break;
    case row_batch::value::real: sqlite3_result_double(ctx, v.r); break;
    case row_batch::value::text: sqlite3_result_text(ctx, c->batch->text_at(v.offset), int(v.size), SQLITE_STATIC); break;
    case row_batch::value::null: break;
  }
  return SQLITE_OK;
}

int rowid(sqlite3_vtab_cursor* base, sqlite3_int64* id) {
  *id = sqlite3_int64(reinterpret_cast<cursor*>(base)->row);
  return SQLITE_OK;
}

sqlite3_module make_module() {
  sqlite3_module m{};
  m.xConnect = connect;  // no xCreate: a table-valued function, never created in a schema
  m.xBestIndex = best_index;
  m.xDisconnect = disconnect;
  m.xOpen = open;
  m.xClose = close;
  m.xFilter = filter;
  m.xNext = next;
  m.xEof = eof;
  m.xColumn = column;
  m.xRowid = rowid;
  return m;
}

const sqlite3_module module = make_module();

int checked_width(int columns) {
  if (columns < 1 || columns > row_batch::max_columns) throw std::invalid_argument("row_batch: 1 to 16 columns");
  return columns;
}

std::string select_all(std::string_view insert, int columns) {
  std::string sql(insert);
  sql += " SELECT ";
  for (int c = 0; c < columns; ++c) sql += (c ? ", c" : "c") + std::to_string(c);
  return sql + " FROM ratekit_rows(?1)";
}

// "table.column" of value i (1-based) of "INSERT INTO table (a, b, c)": what a refused number is named by.
std::string column_of(std::string_view insert, int i) {
  const size_t into = insert.find("INTO "), open = insert.find('('), close = insert.rfind(')');
  if (into == std::string_view::npos || open == std::string_view::npos || close < open)
    return "value " + std::to_string(i) + " of " + std::string(insert);
  std::string_view table = insert.substr(into + 5, open - into - 5), columns = insert.substr(open + 1, close - open - 1);
  auto trim = [](std::string_view s) {
    const size_t b = s.find_first_not_of(' '), e = s.find_last_not_of(' ');
    return b == std::string_view::npos ? std::string_view() : s.substr(b, e - b + 1);
  };
  for (int c = 1; c < i; ++c) columns.remove_prefix(std::min(columns.size(), columns.find(',') + 1));
  return std::string(trim(table)) + "." + std::string(trim(columns.substr(0, columns.find(','))));
}

}  // namespace

void add_row_source(sqlite3* db) { sqlite3_create_module(db, "ratekit_rows", &module, nullptr); }

row_batch::row_batch(database& db, std::string_view insert, int columns, size_t capacity)
    : db_(db),
      into_(insert),
      columns_(checked_width(columns)),
      capacity_(capacity),
      values_(capacity * size_t(columns)),
      insert_(db.prepare(select_all(insert, columns).c_str())) {
  if (sqlite3_bind_pointer(insert_.handle(), 1, this, pointer_type, nullptr) != SQLITE_OK) db.fail("rating database");
}

row_batch::value& row_batch::at(int i) { return values_[rows_ * size_t(columns_) + size_t(i - 1)]; }

row_batch& row_batch::bind(int i, int64_t v) {
  value& x = at(i);
  x.kind = value::integer;
  x.i = v;
  return *this;
}

row_batch& row_batch::bind(int i, double v) {
  if (std::isnan(v)) return bind_null(i);
  if (!db_.accepts(v)) db_.refuse_number(v, column_of(into_, i));
  value& x = at(i);
  x.kind = value::real;
  x.r = v;
  return *this;
}

row_batch& row_batch::bind(int i, std::string_view v) {
  value& x = at(i);
  x.kind = value::text;
  x.size = uint32_t(v.size());
  x.offset = text_.size();
  text_.append(v);
  return *this;
}

row_batch& row_batch::bind_null(int i) {
  at(i).kind = value::null;
  return *this;
}

void row_batch::run() {
  if (++rows_ == capacity_) flush();
}

void row_batch::flush() {
  if (rows_ == 0) return;
  insert_.run();
  // The next rows start unbound: NULL.
  std::for_each(values_.begin(), values_.begin() + long(rows_ * size_t(columns_)), [](value& v) { v.kind = value::null; });
  rows_ = 0;
  text_.clear();
}

}  // namespace ratekit::store
